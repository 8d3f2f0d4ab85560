#include "cli/suggest.hpp"

#include <filesystem>
#include <vector>

#include <fmt/format.h>

#include "util/edit_distance.hpp"

namespace invox::cli {

namespace {

std::vector<std::string> flag_names(const CLI::App* app) {
  std::vector<std::string> names;
  for (; app != nullptr; app = app->get_parent()) {
    for (const CLI::Option* o : app->get_options()) {
      for (const auto& l : o->get_lnames()) names.push_back("--" + l);
      for (const auto& s : o->get_snames()) names.push_back("-" + s);
    }
  }
  return names;
}

std::vector<std::string> subcommand_names(const CLI::App* app) {
  std::vector<std::string> names;
  for (const CLI::App* sub : app->get_subcommands([](const CLI::App*) { return true; })) names.push_back(sub->get_name());
  return names;
}

bool is_flag_of(const CLI::App* app, const std::string& name) {
  const auto names = flag_names(app);
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

std::string did_you_mean(const CLI::App& root, int argc, const char* const* argv) {
  const CLI::App* current = &root;
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    if (word == "--") break;
    if (word.size() > 1 && word[0] == '-') {
      const std::string name = word.substr(0, word.find('='));
      if (name.size() > 2 && name[1] != '-') continue;  // -abc: short flags run together
      if (is_flag_of(current, name)) continue;
      if (auto m = util::closest_match(name, flag_names(current))) return fmt::format("did you mean '{}'?", *m);
      continue;
    }
    const auto subs = subcommand_names(current);
    if (subs.empty()) continue;
    if (std::find(subs.begin(), subs.end(), word) != subs.end()) {
      current = current->get_subcommand(word);
      continue;
    }
    std::error_code ec;
    if (std::filesystem::exists(word, ec)) continue;  // a file argument, not a misspelled command
    if (auto m = util::closest_match(word, subs)) return fmt::format("did you mean '{}'?", *m);
  }
  return {};
}

std::string unknown_command(const CLI::App& app, int argc, const char* const* argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    if (word == "--") return {};
    if (word.size() > 1 && word[0] == '-') {  // -v, --log-format json before the command
      const CLI::Option* o = word.find('=') == std::string::npos ? app.get_option_no_throw(word) : nullptr;
      if (o && o->get_items_expected_min() > 0) ++i;
      continue;
    }
    const auto subs = subcommand_names(&app);
    if (std::find(subs.begin(), subs.end(), word) != subs.end()) return {};
    return word;
  }
  return {};
}

}  // namespace invox::cli
