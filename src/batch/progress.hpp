#pragma once
// Batch progress on stderr: a live bar on a terminal, plain periodic lines otherwise, nothing
// when quiet. Counts come from finished inputs only, so it needs no list of results.
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>

#include "batch/summary.hpp"

namespace invox::batch {

enum class ProgressMode { Auto, Bar, Lines, Quiet };

struct ProgressOptions {
  ProgressMode mode = ProgressMode::Auto;  // Auto: Bar when the stream is a terminal, else Lines
  std::FILE* stream = stderr;
  std::chrono::milliseconds bar_refresh{200};
  std::chrono::milliseconds line_interval{10'000};
};

// A rendered snapshot; pure so tests can check the text.
struct ProgressSnapshot {
  size_t total = 0;
  SummaryCounts counts;
  double elapsed_s = 0.0;
};
[[nodiscard]] std::string render_bar(const ProgressSnapshot& s, int width = 30);
[[nodiscard]] std::string render_line(const ProgressSnapshot& s);

class Progress {
 public:
  Progress(size_t total, ProgressOptions options);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  void record(const SummaryEntry& entry);
  // Prints one message line on the progress stream (even when quiet, for errors), clearing and
  // redrawing the bar around it.
  void note(const std::string& line, bool even_when_quiet = false);
  // Prints the final state (a last bar and newline, or a last line) and stops the ticker.
  void finish();
  [[nodiscard]] ProgressMode mode() const { return mode_; }

 private:
  void tick_loop();
  void draw_locked(bool final_draw);
  [[nodiscard]] ProgressSnapshot snapshot_locked() const;

  ProgressMode mode_;
  ProgressOptions options_;
  size_t total_;
  SummaryCounts counts_;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_line_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool finished_ = false;
  std::thread ticker_;
};

}  // namespace invox::batch
