#pragma once
// Writing outputs atomically (temp file in the same directory, then rename).
#include <filesystem>
#include <string>
#include <string_view>

#include "invox/expected.hpp"
#include "invox/form.hpp"

namespace invox {

struct OutputPaths {
  std::filesystem::path filled;  // <stem>.filled.json
  std::filesystem::path report;  // <stem>.report.json
};

[[nodiscard]] OutputPaths output_paths_for(const std::filesystem::path& out_dir, const std::string& stem);
// The output stem of an input: file name without its extension(s) (.transcript.json counts as one).
[[nodiscard]] std::string output_stem(const std::filesystem::path& input);

// Writes `content` to `path` atomically: a reader sees the old file or the new one, never a part.
// `sync`: the data reaches the disk before the rename (fsync), so the file survives a power cut;
// without it a batch syncs its whole folder once at the end (sync_folder).
[[nodiscard]] Status write_file_atomically(const std::filesystem::path& path, std::string_view content,
                                           bool sync = true);
// Flushes every file written into `dir`'s file system to disk (syncfs): one wait for a whole
// batch instead of one per file.
[[nodiscard]] Status sync_folder(const std::filesystem::path& dir);
// The output folder exists (created when missing), is a folder, and takes a new file. Checked
// before any work, so an unwritable folder is a Config error naming `flag` (exit 2), found
// before the first input rather than after the last.
[[nodiscard]] Status prepare_output_dir(const std::filesystem::path& dir, std::string_view flag = "--out");
// For a single output file (`eval --html FILE`): its folder exists and takes a new file, and the
// path is not a folder. Nothing is created. Config error naming `flag`.
[[nodiscard]] Status check_output_file(const std::filesystem::path& file, std::string_view flag);

struct WriteOptions {
  bool force = false;  // replace an existing file even when it is not an invox output
  // Skip the per-file fsync; the caller syncs the folder once when the run ends. Atomicity is
  // kept (a reader never sees a part); after a power cut mid-run an output may be empty, which
  // resume treats as unfinished and redoes.
  bool defer_sync = false;
};

// True when `path` holds an invox filled form or report (so replacing it is safe).
[[nodiscard]] bool is_invox_output(const std::filesystem::path& path);
// OK when `path` does not exist or may be replaced: an invox output, or anything regular with
// `force`. A directory (or other non-file) in the way is always an error.
[[nodiscard]] Status check_replaceable(const std::filesystem::path& path, const WriteOptions& options);
// Writes both outputs after checking both can be replaced, so a refusal leaves nothing half
// written. Refuses to replace a file that is not an invox output unless `options.force`.
// A failed outcome writes its report only (DESIGN.md "Batch runs"): a filled form of a failed
// input would be an empty form among the real ones, so an earlier `filled.json` of the same stem
// is removed too (it no longer answers this run).
[[nodiscard]] Status write_outputs(const OutputPaths& paths, const FillOutcome& outcome,
                                   const WriteOptions& options = {});

}  // namespace invox
