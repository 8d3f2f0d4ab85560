#pragma once
// Checks a model's JSON answer against the requested fields' types before it is used;
// the problems become the re-ask message and, if they persist, per-field issues (per sub-value
// path for groups, whose usable rest is kept).
#include <map>
#include <string>
#include <vector>

#include "invox/extractor.hpp"

namespace invox::llm {

// A group answer with problems: what is usable of it (unusable sub-values null, malformed
// items left out; null when nothing is), and each problem with the path it names.
struct SalvagedGroup {
  Json value;
  std::vector<std::pair<std::string, std::string>> problems;  // path ("meds[1].dose_mg") -> what is wrong
};

struct AnswerCheck {
  std::map<std::string, Json> values;          // usable answers (null = not mentioned)
  std::map<std::string, std::string> problems;  // field id -> what is wrong, for the re-ask
  std::vector<std::string> missing;             // requested ids absent from the answer
  std::map<std::string, SalvagedGroup> salvaged;  // group id -> its usable rest, when it has problems
};

[[nodiscard]] AnswerCheck check_answer(const Json& answer, const std::vector<const Field*>& fields,
                                       const NormalizeContext& ctx);

}  // namespace invox::llm
