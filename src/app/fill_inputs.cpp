#include <algorithm>
#include <istream>
#include <iterator>

#include <fmt/format.h>

#include "app/fill_command.hpp"
#include "invox/stt.hpp"
#include "util/strings.hpp"

namespace invox::app {

namespace fs = std::filesystem;

namespace {

bool ends_with(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// In a folder, only transcript and audio files are inputs; invox's own outputs are not.
bool is_folder_input(const fs::path& p) {
  const std::string name = p.filename().string();
  if (name.empty() || name[0] == '.') return false;
  if (ends_with(name, ".filled.json") || ends_with(name, ".report.json") || name == "summary.json") return false;
  const std::string ext = util::to_lower_ascii(p.extension().string());
  return ext == ".txt" || ext == ".json" || is_audio_path(p);
}

}  // namespace

std::string input_stem(const FillInput& input) {
  if (input.name == "-") return "stdin";
  return output_stem(input.path);
}

Expected<std::vector<FillInput>> collect_inputs(const std::vector<std::string>& args, std::istream& stdin_stream) {
  std::vector<FillInput> out;
  bool stdin_used = false;
  for (const auto& arg : args) {
    if (arg == "-") {
      if (stdin_used) return Error::config("'-' (stdin) can be given only once");
      stdin_used = true;
      std::string text{std::istreambuf_iterator<char>(stdin_stream), std::istreambuf_iterator<char>()};
      out.push_back(FillInput{"-", {}, std::move(text), false});
      continue;
    }
    const fs::path path(arg);
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
      std::vector<fs::path> files;
      for (const auto& entry : fs::directory_iterator(path, ec)) {
        if (entry.is_regular_file(ec) && is_folder_input(entry.path())) files.push_back(entry.path());
      }
      if (ec) return Error::config(fmt::format("{}: cannot list folder ({})", arg, ec.message()));
      std::sort(files.begin(), files.end());
      for (const auto& f : files) out.push_back(FillInput{f.string(), f, std::nullopt, is_audio_path(f)});
      continue;
    }
    // Missing or unreadable files are per-input failures, reported in their own outputs.
    out.push_back(FillInput{arg, path, std::nullopt, is_audio_path(path)});
  }
  return out;
}

}  // namespace invox::app
