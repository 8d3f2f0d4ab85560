#pragma once
// Batch input discovery (DESIGN.md "Batch runs"): files, folders searched recursively by
// extension, glob patterns and `-` (a transcript on stdin), each with a unique output stem.
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "invox/expected.hpp"

namespace invox::batch {

// One input of a run, as a view into the InputList that holds it (valid while the list lives).
struct BatchInput {
  std::string_view path;  // as named or found; empty for stdin
  bool from_stdin = false;
  std::string_view stem;  // output stem, unique within the run

  // How messages and summary.json name it: the path, or "-".
  [[nodiscard]] std::string display() const { return from_stdin ? std::string("-") : std::string(path); }
};

// The inputs of a run, in run order. Held for the whole run, so every path and stem lives back to
// back in one buffer with 24 bytes of bookkeeping per input: a batch of 100 000 inputs holds a few
// MB (a pair of std::string per input, plus their heap blocks, took about four times as much).
class InputList {
 public:
  void add(std::string_view path, bool from_stdin = false);  // the stem starts as ""
  void set_stem(size_t i, std::string_view stem);
  [[nodiscard]] BatchInput operator[](size_t i) const;
  [[nodiscard]] size_t size() const { return entries_.size(); }
  [[nodiscard]] bool empty() const { return entries_.empty(); }
  void reserve(size_t inputs, size_t bytes);
  void shrink_to_fit();
  // Sorts the inputs from position `from` on; names stay where they are, only entries move.
  void sort_range(size_t from, bool (*less)(const BatchInput&, const BatchInput&));

  class Iterator {
   public:
    Iterator(const InputList* list, size_t i) : list_(list), i_(i) {}
    BatchInput operator*() const { return (*list_)[i_]; }
    Iterator& operator++() {
      ++i_;
      return *this;
    }
    bool operator!=(const Iterator& o) const { return i_ != o.i_; }

   private:
    const InputList* list_;
    size_t i_;
  };
  [[nodiscard]] Iterator begin() const { return {this, 0}; }
  [[nodiscard]] Iterator end() const { return {this, size()}; }

 private:
  struct Entry {
    uint64_t path_offset = 0;
    uint64_t stem_offset = 0;
    uint32_t path_size = 0;
    uint32_t stem_size = 0;  // the top bit marks stdin
  };
  static constexpr uint32_t kStdinBit = 1u << 31;
  [[nodiscard]] BatchInput view(const Entry& e) const;
  std::string bytes_;
  std::vector<Entry> entries_;
};

struct DiscoveryOptions {
  // Transcript extensions picked up inside folders (audio extensions come from is_audio_path).
  std::vector<std::string> transcript_extensions = {".txt", ".json"};
  std::string stdin_stem = "stdin";
};

// Expands the command-line inputs in order. Folders are walked recursively in sorted order and
// contribute audio and transcript files, never invox's own outputs (*.filled.json,
// *.report.json, summary*.json) nor hidden files. An explicitly named file is taken whatever its
// extension (so an unsupported one fails visibly for that input). A name that does not exist but
// contains * ? or [ is a glob pattern (`**` spans folders). The same file named twice is kept
// once. Config errors: a pattern that matches nothing, `-` twice, no inputs at all.
[[nodiscard]] Expected<InputList> discover_inputs(const std::vector<std::string>& args,
                                                                const DiscoveryOptions& options = {});

// True for file names invox writes into an output folder.
[[nodiscard]] bool is_invox_output_name(const std::string& file_name);

// True when `path` matches the glob `pattern` segment by segment; `**` matches any number of
// folders, other segments follow fnmatch(3).
[[nodiscard]] bool glob_match(const std::string& pattern, const std::string& path);

}  // namespace invox::batch
