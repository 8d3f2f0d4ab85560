#pragma once
// Grounding: can a value be found in, or derived from, the transcript it was extracted from?
// Spoken forms ("thirty seven point eight", "yesterday", "half past two") are derived by
// running CF's prefix parser at every word start of the transcript and comparing the parsed
// value with the candidate, so grounding agrees with CF on what a phrase means.
#include <optional>
#include <string>

#include "invox/normalize.hpp"
#include "invox/template.hpp"
#include "invox/values.hpp"
#include "invox/verify.hpp"
#include "util/text_fold.hpp"

namespace invox::verify {

struct GroundingInput {
  const Field* field = nullptr;
  const Json* value = nullptr;  // normalized value (non-null)
  const std::optional<Evidence>* evidence = nullptr;
  std::string_view transcript;
  const util::FoldedText* folded = nullptr;  // fold_text(transcript), computed once per form
  NormalizeContext context;
};

// True when the value is grounded; the reason it is not otherwise.
struct GroundingResult {
  bool grounded = false;
  std::string detail;  // why not, for the issue
};

[[nodiscard]] GroundingResult check_grounding(const GroundingInput& input);

// A value this run set (a field, or a group's sub-value named by its path): not grounded, or a
// confidence below the review threshold as the outputs show it (rounded), make one low_conf
// issue; nullopt when neither holds.
[[nodiscard]] std::optional<Issue> review_fresh_value(const std::string& path, const Field& field, const Json& value,
                                                      const std::optional<Evidence>& evidence,
                                                      std::optional<double> confidence, const VerifyInput& in,
                                                      const util::FoldedText& folded, const VerifyParams& params);

}  // namespace invox::verify
