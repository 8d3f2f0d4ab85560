#pragma once
// Speech-to-text flags. The STT work (issue 7) extends this group.
#include <string>

#include <CLI/CLI.hpp>

#include "invox/stt.hpp"

namespace invox::cli {

struct SttFlags {
  std::string backend = SttOptions{}.backend;
  std::string language;
};

void add_stt_flags(CLI::App& app, SttFlags& flags);
void apply_stt_flags(const SttFlags& flags, SttOptions& options);

}  // namespace invox::cli
