#include "batch/inputs.hpp"

#include <fnmatch.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <string_view>
#include <tuple>
#include <unordered_set>

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
// apart (then the extension, then a counter). Unique stems stay as they are. Collisions are
// found by sorting indices (4 bytes per input) rather than in a map of every stem.
void assign_stems(std::vector<BatchInput>& inputs, const DiscoveryOptions& options) {
  for (auto& in : inputs) in.stem = in.from_stdin ? options.stdin_stem : output_stem(in.path);
  std::vector<uint32_t> order(inputs.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<uint32_t>(i);
  auto by_stem = [&inputs](uint32_t a, uint32_t b) { return std::tie(inputs[a].stem, a) < std::tie(inputs[b].stem, b); };
  std::sort(order.begin(), order.end(), by_stem);
  for (size_t lo = 0; lo < order.size();) {
    size_t hi = lo + 1;
    while (hi < order.size() && inputs[order[hi]].stem == inputs[order[lo]].stem) ++hi;
    if (hi - lo > 1) {
      const std::vector<uint32_t> members(order.begin() + static_cast<long>(lo), order.begin() + static_cast<long>(hi));
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
          std::string ext = fs::path(inputs[i].path).extension().string();
          if (!ext.empty()) ext[0] = '-';
          inputs[i].stem = qualified_stem(inputs[i], 1) + ext;
        }
      }
    }
    lo = hi;
  }
  // A qualified stem may still meet another input's plain one ("a__x" next to a/x): counters,
  // in input order. Views into the inputs' own stems keep this set small.
  std::unordered_set<std::string_view> used;
  used.reserve(inputs.size());
  for (auto& in : inputs) {
    if (used.insert(in.stem).second) continue;
    std::string candidate;
    for (int n = 2; candidate.empty() || used.contains(candidate); ++n) candidate = fmt::format("{}-{}", in.stem, n);
    in.stem = std::move(candidate);
    used.insert(in.stem);
  }
}

// The same file named twice (a/x.txt and ./a/x.txt, or a folder and a file in it) runs once.
// Files are told apart by device and inode (16 bytes each, no path resolution per input); a
// name that does not exist falls back to its absolute normal form and fails as an input later.
class SeenFiles {
 public:
  bool insert(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0) return ids_.insert({static_cast<uint64_t>(st.st_dev), static_cast<uint64_t>(st.st_ino)}).second;
    std::error_code ec;
    return missing_.insert(fs::absolute(path, ec).lexically_normal().string()).second;
  }

 private:
  struct IdHash {
    size_t operator()(const std::pair<uint64_t, uint64_t>& id) const noexcept {
      return std::hash<uint64_t>{}(id.first * 0x9E3779B97F4A7C15ull ^ id.second);
    }
  };
  std::unordered_set<std::pair<uint64_t, uint64_t>, IdHash> ids_;
  std::set<std::string> missing_;
};

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
  SeenFiles seen;
  bool have_stdin = false;
  auto add_file = [&](std::string p) {
    if (!seen.insert(p)) return;
    out.push_back(BatchInput{std::move(p), false, ""});
  };

  for (const auto& arg : args) {
    if (arg == "-") {
      if (have_stdin) return Error::config("'-' (stdin) can be given only once");
      have_stdin = true;
      out.push_back(BatchInput{{}, true, ""});
      continue;
    }
    std::error_code ec;
    const fs::path p(arg);
    if (fs::is_directory(p, ec)) {
      for (auto& f : walk_folder(p, options)) add_file(std::move(f));
    } else if (fs::exists(p, ec) || !has_glob_chars(arg)) {
      add_file(arg);  // a missing file fails as that input, with its own message
    } else {
      const auto matches = expand_glob(arg);
      if (matches.empty()) return Error::config(fmt::format("{}: the pattern matches no files", arg));
      for (const auto& m : matches) {
        if (fs::is_directory(m, ec)) {
          for (auto& f : walk_folder(m, options)) add_file(std::move(f));
        } else if (!is_invox_output_name(m.filename().string())) {
          add_file(m.string());
        }
      }
    }
  }
  if (out.empty()) return Error::config("no inputs found: name transcript or audio files, folders or patterns");
  assign_stems(out, options);
  return out;
}

}  // namespace invox::batch
