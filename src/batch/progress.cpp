#include "batch/progress.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "util/time_format.hpp"

namespace invox::batch {

namespace {
// Inputs per second over those actually processed (reused outputs cost nothing).
double rate(const ProgressSnapshot& s) {
  const size_t processed = s.counts.inputs - s.counts.skipped;
  return s.elapsed_s > 0.05 ? static_cast<double>(processed) / s.elapsed_s : 0.0;
}

std::string eta(const ProgressSnapshot& s) {
  const double r = rate(s);
  if (s.counts.inputs >= s.total) return "0s";
  if (r <= 0.0) return "--";
  return util::format_duration(static_cast<double>(s.total - s.counts.inputs) / r);
}
}  // namespace

std::string render_bar(const ProgressSnapshot& s, int width) {
  const double frac = s.total ? static_cast<double>(s.counts.inputs) / static_cast<double>(s.total) : 1.0;
  const int filled = static_cast<int>(frac * width);
  std::string bar(static_cast<size_t>(filled), '=');
  if (filled < width) bar += '>';
  bar.resize(static_cast<size_t>(width), ' ');
  return fmt::format("[{}] {}/{} done {} review {} failed {}{} | {:.1f}/s | ETA {}", bar, s.counts.inputs, s.total,
                     s.counts.complete, s.counts.needs_review, s.counts.failed,
                     s.counts.skipped ? fmt::format(" (skipped {})", s.counts.skipped) : std::string(), rate(s), eta(s));
}

std::string render_line(const ProgressSnapshot& s) {
  return fmt::format("invox: {}/{} inputs: {} complete, {} needs_review, {} failed, {} skipped; {:.1f} inputs/s; "
                     "elapsed {}, ETA {}",
                     s.counts.inputs, s.total, s.counts.complete, s.counts.needs_review, s.counts.failed,
                     s.counts.skipped, rate(s), util::format_duration(s.elapsed_s), eta(s));
}

Progress::Progress(size_t total, ProgressOptions options)
    : mode_(options.mode), options_(options), total_(total), start_(std::chrono::steady_clock::now()),
      last_line_(start_) {
  if (mode_ == ProgressMode::Auto) {
    mode_ = options_.stream && ::isatty(::fileno(options_.stream)) ? ProgressMode::Bar : ProgressMode::Lines;
  }
  if (!options_.stream) mode_ = ProgressMode::Quiet;
  if (mode_ != ProgressMode::Quiet) ticker_ = std::thread([this] { tick_loop(); });
}

Progress::~Progress() { finish(); }

void Progress::record(const SummaryEntry& entry) {
  std::lock_guard lock(mutex_);
  counts_.add(entry);
  // Throttled: thousands of fast inputs must not turn into thousands of redraws.
  if (mode_ == ProgressMode::Bar && std::chrono::steady_clock::now() - last_line_ >= options_.bar_refresh) {
    draw_locked(false);
  }
}

void Progress::note(const std::string& line, bool even_when_quiet) {
  std::lock_guard lock(mutex_);
  std::FILE* out = options_.stream ? options_.stream : stderr;
  if (mode_ == ProgressMode::Quiet && !even_when_quiet) return;
  if (mode_ == ProgressMode::Bar && !finished_) {
    std::fprintf(out, "\r\033[K%s\n", line.c_str());
    draw_locked(false);
  } else {
    std::fprintf(out, "%s\n", line.c_str());
    std::fflush(out);
  }
}

void Progress::finish() {
  {
    std::lock_guard lock(mutex_);
    if (finished_) return;
    finished_ = true;
    if (mode_ != ProgressMode::Quiet) draw_locked(true);
  }
  wake_.notify_all();
  if (ticker_.joinable()) ticker_.join();
}

ProgressSnapshot Progress::snapshot_locked() const {
  const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start_;
  return ProgressSnapshot{total_, counts_, elapsed.count()};
}

void Progress::draw_locked(bool final_draw) {
  const auto snap = snapshot_locked();
  if (mode_ == ProgressMode::Bar) {
    // \r + erase line redraws in place; the final draw ends the line so later output starts clean.
    std::fprintf(options_.stream, "\r\033[K%s%s", render_bar(snap).c_str(), final_draw ? "\n" : "");
  } else if (mode_ == ProgressMode::Lines) {
    std::fprintf(options_.stream, "%s\n", render_line(snap).c_str());
  }
  last_line_ = std::chrono::steady_clock::now();
  std::fflush(options_.stream);
}

void Progress::tick_loop() {
  std::unique_lock lock(mutex_);
  const auto period = mode_ == ProgressMode::Bar ? options_.bar_refresh : options_.line_interval;
  while (!finished_) {
    wake_.wait_for(lock, period);
    if (finished_) break;
    // The bar refreshes so rate and ETA move even while one long input runs; lines are periodic.
    if (mode_ == ProgressMode::Bar) {
      draw_locked(false);
    } else if (std::chrono::steady_clock::now() - last_line_ >= options_.line_interval) {
      draw_locked(false);
    }
  }
}

}  // namespace invox::batch
