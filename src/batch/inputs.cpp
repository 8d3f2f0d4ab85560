#include "batch/inputs.hpp"

#include <fnmatch.h>

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "invox/output.hpp"
#include "invox/stt.hpp"
#include "util/strings.hpp"

namespace invox::batch {

namespace fs = std::filesystem;

namespace {

bool has_glob_chars(const std::string& s) { return s.find_first_of("*?[") != std::string::npos; }

bool is_candidate_in_folder(const fs::path& p, const DiscoveryOptions& options) {
  const std::string name = p.filename().string();
  if (name.empty() || name[0] == '.' || is_invox_output_name(name)) return false;
  if (is_audio_path(p)) return true;
  const std::string ext = util::to_lower_ascii(p.extension().string());
  return std::find(options.transcript_extensions.begin(), options.transcript_extensions.end(), ext) !=
         options.transcript_extensions.end();
}

// The order of fs::path comparison (component by component) on path strings: a separator sorts
// before every other byte, as the end of a component does.
bool path_less(const std::string& a, const std::string& b) {
  auto key = [](char c) { return c == '/' ? 0u : static_cast<unsigned>(static_cast<unsigned char>(c)) + 1u; };
  return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(),
                                      [&](char x, char y) { return key(x) < key(y); });
}

// Regular files under `dir` (recursively), sorted so every run and every shard sees one order.
// Held as strings: a folder of 100 000 inputs as fs::path objects (each with its parsed
// components) took ~40 MB more at the run's peak.
std::vector<std::string> walk_folder(const fs::path& dir, const DiscoveryOptions& options) {
  std::vector<std::string> out;
  std::error_code ec;
  fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (it->is_directory(ec) && !name.empty() && name[0] == '.') {
      it.disable_recursion_pending();  // hidden folders (.git, temp dirs) are not inputs
      continue;
    }
    if (it->is_regular_file(ec) && is_candidate_in_folder(it->path(), options)) out.push_back(it->path().string());
  }
  std::sort(out.begin(), out.end(), path_less);
  return out;
}

std::vector<std::string> path_segments(const std::string& s) {
  std::vector<std::string> parts;
  for (auto& p : util::split(s, '/')) {
    if (!p.empty() && p != ".") parts.push_back(std::move(p));
  }
  return parts;
}

bool match_segments(const std::vector<std::string>& pat, size_t pi, const std::vector<std::string>& txt, size_t ti) {
  if (pi == pat.size()) return ti == txt.size();
  if (pat[pi] == "**") {
    for (size_t k = ti; k <= txt.size(); ++k) {
      if (match_segments(pat, pi + 1, txt, k)) return true;
    }
    return false;
  }
  if (ti == txt.size()) return false;
  if (::fnmatch(pat[pi].c_str(), txt[ti].c_str(), FNM_PERIOD) != 0) return false;
  return match_segments(pat, pi + 1, txt, ti + 1);
}

// Expands a glob: the literal leading folders are the root of the walk.
std::vector<fs::path> expand_glob(const std::string& pattern) {
  const bool absolute = !pattern.empty() && pattern[0] == '/';
  const auto segs = path_segments(pattern);
  fs::path root = absolute ? fs::path("/") : fs::path(".");
  size_t literal = 0;
  while (literal + 1 < segs.size() && !has_glob_chars(segs[literal])) root /= segs[literal++];
  const std::vector<std::string> rest(segs.begin() + static_cast<long>(literal), segs.end());
  const bool deep = std::find(rest.begin(), rest.end(), "**") != rest.end();

  std::vector<fs::path> out;
  std::error_code ec;
  if (!fs::is_directory(root, ec)) return out;
  fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    const auto rel = path_segments(it->path().lexically_relative(root).generic_string());
    if (!deep && rel.size() >= rest.size()) it.disable_recursion_pending();
    if (match_segments(rest, 0, rel, 0)) {
      fs::path p = it->path();
      if (!absolute) p = p.lexically_normal();
      out.push_back(p);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> parent_names(const fs::path& p) {
  std::error_code ec;
  fs::path abs = fs::weakly_canonical(fs::absolute(p, ec), ec);
  std::vector<std::string> names;
  for (const auto& part : abs.parent_path()) {
    const std::string s = part.string();
    if (!s.empty() && s != "/") names.push_back(s);
  }
  return names;
}

// "a/b/x.wav" at depth 2 -> "a__b__x".
std::string qualified_stem(const BatchInput& in, size_t depth) {
  const auto parents = parent_names(in.path);
  std::string out;
  const size_t from = parents.size() > depth ? parents.size() - depth : 0;
  for (size_t i = from; i < parents.size(); ++i) out += parents[i] + "__";
  return out + output_stem(in.path);
}

// Inputs from different folders can share a file stem; their outputs must not overwrite each
// other, so colliding stems are qualified with just enough parent folder names to tell them
// apart (then the extension, then a counter). Unique stems stay as they are.
void assign_stems(std::vector<BatchInput>& inputs, const DiscoveryOptions& options) {
  std::map<std::string, std::vector<size_t>> groups;
  for (size_t i = 0; i < inputs.size(); ++i) {
    inputs[i].stem = inputs[i].from_stdin ? options.stdin_stem : output_stem(inputs[i].path);
    groups[inputs[i].stem].push_back(i);
  }
  for (const auto& [stem, members] : groups) {
    if (members.size() < 2) continue;
    size_t max_depth = 0;
    for (size_t i : members) max_depth = std::max(max_depth, parent_names(inputs[i].path).size());
    bool done = false;
    for (size_t depth = 1; depth <= max_depth && !done; ++depth) {
      std::set<std::string> seen;
      for (size_t i : members) seen.insert(qualified_stem(inputs[i], depth));
      if (seen.size() == members.size()) {
        for (size_t i : members) inputs[i].stem = qualified_stem(inputs[i], depth);
        done = true;
      }
    }
    if (!done) {
      for (size_t i : members) {
        std::string ext = inputs[i].path.extension().string();
        if (!ext.empty()) ext[0] = '-';
        inputs[i].stem = qualified_stem(inputs[i], 1) + ext;
      }
    }
  }
  std::set<std::string> used;
  for (auto& in : inputs) {
    std::string candidate = in.stem;
    for (int n = 2; !used.insert(candidate).second; ++n) candidate = fmt::format("{}-{}", in.stem, n);
    in.stem = candidate;
  }
}

}  // namespace

bool is_invox_output_name(const std::string& name) {
  if (name.ends_with(".filled.json") || name.ends_with(".report.json")) return true;
  return name.starts_with("summary") && name.ends_with(".json");
}

bool glob_match(const std::string& pattern, const std::string& path) {
  return match_segments(path_segments(pattern), 0, path_segments(path), 0);
}

Expected<std::vector<BatchInput>> discover_inputs(const std::vector<std::string>& args, const DiscoveryOptions& options) {
  std::vector<BatchInput> out;
  std::set<std::string> seen;  // canonical paths, so one file named twice runs once
  bool have_stdin = false;
  auto add_file = [&](const fs::path& p) {
    std::error_code ec;
    const fs::path key = fs::weakly_canonical(fs::absolute(p, ec), ec);
    if (!seen.insert(key.string()).second) return;
    out.push_back(BatchInput{p, false, p.string(), ""});
  };

  for (const auto& arg : args) {
    if (arg == "-") {
      if (have_stdin) return Error::config("'-' (stdin) can be given only once");
      have_stdin = true;
      out.push_back(BatchInput{{}, true, "-", ""});
      continue;
    }
    std::error_code ec;
    const fs::path p(arg);
    if (fs::is_directory(p, ec)) {
      for (const auto& f : walk_folder(p, options)) add_file(f);
    } else if (fs::exists(p, ec) || !has_glob_chars(arg)) {
      add_file(p);  // a missing file fails as that input, with its own message
    } else {
      const auto matches = expand_glob(arg);
      if (matches.empty()) return Error::config(fmt::format("{}: the pattern matches no files", arg));
      for (const auto& m : matches) {
        if (fs::is_directory(m, ec)) {
          for (const auto& f : walk_folder(m, options)) add_file(f);
        } else if (!is_invox_output_name(m.filename().string())) {
          add_file(m);
        }
      }
    }
  }
  if (out.empty()) return Error::config("no inputs found: name transcript or audio files, folders or patterns");
  assign_stems(out, options);
  return out;
}

}  // namespace invox::batch
