#pragma once
// Batch input discovery (DESIGN.md "Batch runs"): files, folders searched recursively by
// extension, glob patterns and `-` (a transcript on stdin), each with a unique output stem.
#include <filesystem>
#include <string>
#include <vector>

#include "invox/expected.hpp"

namespace invox::batch {

// Held once per input for the whole run, so kept small: a batch of 100 000 inputs holds 100 000
// of these (plain strings; an fs::path would add its parsed components to each).
struct BatchInput {
  std::string path;  // as named or found; empty for stdin
  bool from_stdin = false;
  std::string stem;  // output stem, unique within the run

  // How messages and summary.json name it: the path, or "-".
  [[nodiscard]] const std::string& display() const {
    static const std::string kStdin = "-";
    return from_stdin ? kStdin : path;
  }
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
[[nodiscard]] Expected<std::vector<BatchInput>> discover_inputs(const std::vector<std::string>& args,
                                                                const DiscoveryOptions& options = {});

// True for file names invox writes into an output folder.
[[nodiscard]] bool is_invox_output_name(const std::string& file_name);

// True when `path` matches the glob `pattern` segment by segment; `**` matches any number of
// folders, other segments follow fnmatch(3).
[[nodiscard]] bool glob_match(const std::string& pattern, const std::string& path);

}  // namespace invox::batch
