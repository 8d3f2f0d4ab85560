#include "stt/vad.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace invox::stt {

namespace {

// Splits [first, last) frames into pieces no longer than `max_frames`, each cut at the quietest
// frame of its second half so a cut rarely lands inside a word.
void split_long(size_t first, size_t last, size_t max_frames, const std::vector<double>& db,
                std::vector<std::pair<size_t, size_t>>& out) {
  while (last - first > max_frames) {
    size_t cut = first + max_frames / 2;
    for (size_t f = cut; f < first + max_frames; ++f) {
      if (db[f] < db[cut]) cut = f;
    }
    out.emplace_back(first, cut);
    first = cut;
  }
  out.emplace_back(first, last);
}

size_t frame_samples(int rate, const VadParams& params) {
  return static_cast<size_t>(std::max(1.0, params.frame_ms * rate / 1000.0));
}

}  // namespace

FrameEnergyMeter::FrameEnergyMeter(int rate, const VadParams& params) : frame_(frame_samples(rate, params)) {}

void FrameEnergyMeter::add(const float* samples, size_t count) {
  samples_ += count;
  for (size_t i = 0; i < count; ++i) {
    sum_ += static_cast<double>(samples[i]) * samples[i];
    if (++in_frame_ == frame_) {
      db_.push_back(20.0 * std::log10(std::max(std::sqrt(sum_ / static_cast<double>(frame_)), 1e-9)));
      sum_ = 0.0;
      in_frame_ = 0;
    }
  }
}

std::vector<double> FrameEnergyMeter::finish() {
  if (in_frame_ > 0) {
    db_.push_back(20.0 * std::log10(std::max(std::sqrt(sum_ / static_cast<double>(in_frame_)), 1e-9)));
    in_frame_ = 0;
  }
  return std::move(db_);
}

Expected<std::vector<SpeechRegion>> detect_speech(const std::vector<float>& samples, int rate, const VadParams& params,
                                                  const std::string& origin) {
  FrameEnergyMeter meter(rate, params);
  meter.add(samples.data(), samples.size());
  return speech_regions(meter.finish(), samples.size(), rate, params, origin);
}

Expected<std::vector<SpeechRegion>> speech_regions(const std::vector<double>& db, size_t sample_count, int rate,
                                                   const VadParams& params, const std::string& origin) {
  const double frame_s = static_cast<double>(frame_samples(rate, params)) / rate;
  if (sample_count == 0 || db.empty()) return Error::input(fmt::format("{}: empty audio (no samples)", origin));
  const double peak = *std::max_element(db.begin(), db.end());
  if (peak < params.silent_peak_dbfs) {
    return Error::input(fmt::format("{}: audio is silent (loudest frame {:.0f} dBFS); nothing to transcribe", origin,
                                    std::max(peak, -180.0)));
  }
  auto sorted = db;
  const auto q = static_cast<size_t>(params.floor_percentile * static_cast<double>(sorted.size() - 1));
  std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(q), sorted.end());
  const double floor = sorted[q];
  const double threshold = std::max(floor + params.margin_db, params.min_threshold_dbfs);

  const auto hang = static_cast<size_t>(params.hangover_ms / 1000.0 / frame_s);
  const auto pre = static_cast<size_t>(params.preroll_ms / 1000.0 / frame_s);
  const auto min_speech = static_cast<size_t>(params.min_speech_ms / 1000.0 / frame_s);
  const auto merge_gap = static_cast<size_t>(params.merge_gap_ms / 1000.0 / frame_s);
  const auto max_frames = std::max<size_t>(2, static_cast<size_t>(params.max_region_s / frame_s));

  // Raw loud runs, dropping clicks.
  std::vector<std::pair<size_t, size_t>> runs;
  for (size_t f = 0; f < db.size();) {
    if (db[f] <= threshold) { ++f; continue; }
    size_t e = f;
    while (e < db.size() && db[e] > threshold) ++e;
    if (e - f >= std::max<size_t>(1, min_speech / 3)) runs.emplace_back(f, e);
    f = e;
  }
  // Pre-roll and hangover, then merge runs whose padded spans touch or nearly touch.
  std::vector<std::pair<size_t, size_t>> merged;
  for (auto [s, e] : runs) {
    s = s > pre ? s - pre : 0;
    e = std::min(db.size(), e + hang);
    if (!merged.empty() && s <= merged.back().second + merge_gap) {
      merged.back().second = std::max(merged.back().second, e);
    } else {
      merged.emplace_back(s, e);
    }
  }
  std::vector<std::pair<size_t, size_t>> pieces;
  for (auto [s, e] : merged) {
    if (e - s < min_speech) continue;
    split_long(s, e, max_frames, db, pieces);
  }
  if (pieces.empty()) {
    return Error::input(fmt::format(
        "{}: no speech found (noise floor {:.0f} dBFS, peak {:.0f} dBFS): the audio is too quiet or too noisy", origin,
        floor, peak));
  }
  const double total = static_cast<double>(sample_count) / rate;
  std::vector<SpeechRegion> regions;
  for (auto [s, e] : pieces) {
    regions.push_back({static_cast<double>(s) * frame_s, std::min(total, static_cast<double>(e) * frame_s)});
  }
  return regions;
}

void TimeMap::add(double original_start, double length) {
  pieces_.push_back({packed_end_, original_start, length});
  packed_end_ += length;
}

double TimeMap::to_original(double packed_time) const {
  if (pieces_.empty()) return packed_time;
  // The last piece starting at or before the time; times in a gap map to the piece's end.
  auto it = std::upper_bound(pieces_.begin(), pieces_.end(), packed_time,
                             [](double t, const Piece& p) { return t < p.packed_start; });
  const Piece& p = it == pieces_.begin() ? pieces_.front() : *std::prev(it);
  const double within = std::clamp(packed_time - p.packed_start, 0.0, p.length);
  return p.original_start + within;
}

}  // namespace invox::stt
