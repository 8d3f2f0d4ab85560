#pragma once
// Speech-to-text flags shared by `fill` and `transcribe`.
#include <string>

#include <CLI/CLI.hpp>

#include "invox/stt.hpp"

namespace invox::cli {

struct SttFlags {
  std::string backend = SttOptions{}.backend;
  std::string language;
  std::string model_dir;
  std::string hmm;
  std::string lm;
  std::string dict;
  bool no_bias = false;
  float bias_weight = SttOptions{}.bias_weight;
  int threads = 0;  // one per core
  double chunk_seconds = SttOptions{}.chunk_seconds;
};

void add_stt_flags(CLI::App& app, SttFlags& flags);
void apply_stt_flags(const SttFlags& flags, SttOptions& options);

}  // namespace invox::cli
