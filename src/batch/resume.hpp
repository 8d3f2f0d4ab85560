#pragma once
// Resume: an input whose outputs are complete and newer than the input is not processed again.
#include <filesystem>
#include <optional>
#include <string>

#include "invox/form.hpp"
#include "invox/output.hpp"

namespace invox::batch {

// What the earlier outputs must have been made with to count for this run.
struct ResumeKey {
  std::string template_id;
  std::string strategy;  // "S1".."S4"; empty = any
  std::string settings;  // RunContext::settings of this run; empty = not compared
};

// The status of earlier outputs that can be reused, or nullopt when the input must run:
// either file missing or unreadable, report status `failed` (failures are retried), outputs
// of another template, strategy or settings fingerprint (another model, template version,
// reference date, current values, ...), or either output not strictly newer than the input.
[[nodiscard]] std::optional<FormStatus> reusable_outputs(const OutputPaths& paths, const std::filesystem::path& input,
                                                         const ResumeKey& key);

}  // namespace invox::batch
