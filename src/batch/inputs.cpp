#include "batch/inputs.hpp"

#include <fnmatch.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <string_view>
#include <tuple>
#include <type_traits>
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
bool path_less(std::string_view a, std::string_view b) {
  auto key = [](char c) { return c == '/' ? 0u : static_cast<unsigned>(static_cast<unsigned char>(c)) + 1u; };
  return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(),
                                      [&](char x, char y) { return key(x) < key(y); });
}

// Regular files under `dir` (recursively), appended to `list` sorted, so every run and every
// shard sees one order. Only the list's small entries move while sorting; the names stay put.
void walk_folder(const fs::path& dir, const DiscoveryOptions& options, InputList& list) {
  const size_t from = list.size();
  std::error_code ec;
  fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (it->is_directory(ec) && !name.empty() && name[0] == '.') {
      it.disable_recursion_pending();  // hidden folders (.git, temp dirs) are not inputs
      continue;
    }
    if (it->is_regular_file(ec) && is_candidate_in_folder(it->path(), options)) list.add(it->path().native());
  }
  list.sort_range(from, [](const BatchInput& a, const BatchInput& b) { return path_less(a.path, b.path); });
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
std::string qualified_stem(std::string_view path, size_t depth) {
  const auto parents = parent_names(fs::path(path));
  std::string out;
  const size_t from = parents.size() > depth ? parents.size() - depth : 0;
  for (size_t i = from; i < parents.size(); ++i) out += parents[i] + "__";
  return out + output_stem(fs::path(path));
}

// Indices of the inputs sorted by stem, then by position (4 bytes per input, no copies).
std::vector<uint32_t> by_stem(const InputList& inputs) {
  std::vector<uint32_t> order(inputs.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<uint32_t>(i);
  std::sort(order.begin(), order.end(), [&inputs](uint32_t a, uint32_t b) {
    return std::pair(inputs[a].stem, a) < std::pair(inputs[b].stem, b);
  });
  return order;
}

// Calls `group(members)` for each run of two or more inputs sharing a stem, members in input order.
template <typename Group>
void for_each_collision(const InputList& inputs, const std::vector<uint32_t>& order, Group group) {
  for (size_t lo = 0; lo < order.size();) {
    size_t hi = lo + 1;
    while (hi < order.size() && inputs[order[hi]].stem == inputs[order[lo]].stem) ++hi;
    if (hi - lo > 1) group(std::vector<uint32_t>(order.begin() + static_cast<long>(lo), order.begin() + static_cast<long>(hi)));
    lo = hi;
  }
}

// Inputs from different folders can share a file stem; their outputs must not overwrite each
// other, so colliding stems are qualified with just enough parent folder names to tell them
// apart (then the extension). Unique stems stay as they are. Collisions are found by sorting
// indices rather than in a map of every stem.
void assign_stems(InputList& inputs, const DiscoveryOptions& options) {
  for (size_t i = 0; i < inputs.size(); ++i) {
    const BatchInput in = inputs[i];
    inputs.set_stem(i, in.from_stdin ? options.stdin_stem : output_stem(fs::path(in.path)));
  }
  for_each_collision(inputs, by_stem(inputs), [&inputs](const std::vector<uint32_t>& members) {
    size_t max_depth = 0;
    for (uint32_t i : members) max_depth = std::max(max_depth, parent_names(fs::path(inputs[i].path)).size());
    for (size_t depth = 1; depth <= max_depth; ++depth) {
      std::set<std::string> seen;
      for (uint32_t i : members) seen.insert(qualified_stem(inputs[i].path, depth));
      if (seen.size() != members.size()) continue;
      for (uint32_t i : members) inputs.set_stem(i, qualified_stem(inputs[i].path, depth));
      return;
    }
    for (uint32_t i : members) {
      std::string ext = fs::path(inputs[i].path).extension().string();
      if (!ext.empty()) ext[0] = '-';
      inputs.set_stem(i, qualified_stem(inputs[i].path, 1) + ext);
    }
  });
  // A qualified stem may still meet another input's plain one ("a__x" next to a/x): the first in
  // input order keeps it, the others get counters (-2, -3, ...) that no input uses.
  for (bool renamed = true; renamed;) {
    renamed = false;
    const auto order = by_stem(inputs);
    auto taken = [&](const std::string& name) {
      return std::binary_search(order.begin(), order.end(), name, [&inputs](const auto& x, const auto& y) {
        auto stem_of = [&inputs](const auto& v) -> std::string_view {
          if constexpr (std::is_same_v<std::decay_t<decltype(v)>, uint32_t>) return inputs[v].stem;
          else return v;
        };
        return stem_of(x) < stem_of(y);
      });
    };
    std::set<std::string> given;  // names handed out in this pass (only colliding inputs)
    for_each_collision(inputs, order, [&](std::vector<uint32_t> members) {
      std::sort(members.begin(), members.end());
      const std::string base(inputs[members[0]].stem);
      int n = 2;
      for (size_t k = 1; k < members.size(); ++k) {
        std::string candidate;
        do candidate = fmt::format("{}-{}", base, n++);
        while (taken(candidate) || given.contains(candidate));
        given.insert(candidate);
        inputs.set_stem(members[k], candidate);
        renamed = true;
      }
    });
  }
}

// The same file named twice (a/x.txt and ./a/x.txt, or a folder and a file in it) runs once.
// Files are told apart by device and inode (16 bytes each, no path resolution per input); a
// name that does not exist falls back to its absolute normal form and fails as an input later.
class SeenFiles {
 public:
  bool insert(std::string_view view) {
    const std::string path(view);
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

void InputList::add(std::string_view path, bool from_stdin) {
  Entry e;
  e.path_offset = bytes_.size();
  e.path_size = static_cast<uint32_t>(path.size());
  e.stem_offset = bytes_.size() + path.size();
  e.stem_size = from_stdin ? kStdinBit : 0;
  bytes_.append(path);
  entries_.push_back(e);
}

void InputList::set_stem(size_t i, std::string_view stem) {
  Entry& e = entries_[i];
  e.stem_offset = bytes_.size();
  e.stem_size = (e.stem_size & kStdinBit) | static_cast<uint32_t>(stem.size());
  bytes_.append(stem);
}

BatchInput InputList::operator[](size_t i) const { return view(entries_[i]); }

BatchInput InputList::view(const Entry& e) const {
  const std::string_view all(bytes_);
  return BatchInput{all.substr(e.path_offset, e.path_size), (e.stem_size & kStdinBit) != 0,
                    all.substr(e.stem_offset, e.stem_size & ~kStdinBit)};
}

void InputList::reserve(size_t inputs, size_t bytes) {
  entries_.reserve(inputs);
  bytes_.reserve(bytes);
}

void InputList::shrink_to_fit() {
  entries_.shrink_to_fit();
  bytes_.shrink_to_fit();
}

void InputList::sort_range(size_t from, bool (*less)(const BatchInput&, const BatchInput&)) {
  std::sort(entries_.begin() + static_cast<long>(from), entries_.end(), [this, less](const Entry& a, const Entry& b) {
    return less(view(a), view(b));
  });
}

bool is_invox_output_name(const std::string& name) {
  if (name.ends_with(".filled.json") || name.ends_with(".report.json")) return true;
  return name.starts_with("summary") && name.ends_with(".json");
}

bool glob_match(const std::string& pattern, const std::string& path) {
  return match_segments(path_segments(pattern), 0, path_segments(path), 0);
}

Expected<InputList> discover_inputs(const std::vector<std::string>& args, const DiscoveryOptions& options) {
  InputList out;
  // One folder cannot hold a file twice; several arguments or a pattern ("d/**" matches a folder
  // and the files in it) can, and then the same file is kept once. The check needs 16 bytes per
  // file, so a run over one folder does without it.
  std::error_code dir_ec;
  const bool check_twice = args.size() != 1 || !fs::is_directory(args[0], dir_ec);
  SeenFiles seen;
  bool have_stdin = false;
  auto add_file = [&](std::string_view p) {
    if (!check_twice || seen.insert(p)) out.add(p);
  };
  // A walk appends its files sorted; with several arguments they are then checked one by one.
  auto add_folder = [&](const fs::path& dir) {
    if (!check_twice) return walk_folder(dir, options, out);
    InputList found;
    walk_folder(dir, options, found);
    for (const BatchInput f : found) add_file(f.path);
  };

  for (const auto& arg : args) {
    if (arg == "-") {
      if (have_stdin) return Error::config("'-' (stdin) can be given only once");
      have_stdin = true;
      out.add("", true);
      continue;
    }
    std::error_code ec;
    const fs::path p(arg);
    if (fs::is_directory(p, ec)) {
      add_folder(p);
    } else if (fs::exists(p, ec) || !has_glob_chars(arg)) {
      add_file(arg);  // a missing file fails as that input, with its own message
    } else {
      const auto matches = expand_glob(arg);
      if (matches.empty()) return Error::config(fmt::format("{}: the pattern matches no files", arg));
      for (const auto& m : matches) {
        if (fs::is_directory(m, ec)) {
          add_folder(m);
        } else if (!is_invox_output_name(m.filename().string())) {
          add_file(m.native());
        }
      }
    }
  }
  if (out.empty()) return Error::config("no inputs found: name transcript or audio files, folders or patterns");
  assign_stems(out, options);
  out.shrink_to_fit();
  return out;
}

}  // namespace invox::batch
