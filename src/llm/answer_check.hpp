#pragma once
// Checks a model's JSON answer against the requested fields' types before it is used;
// the problems become the re-ask message and, if they persist, per-field issues.
#include <map>
#include <string>
#include <vector>

#include "invox/extractor.hpp"

namespace invox::llm {

struct AnswerCheck {
  std::map<std::string, Json> values;          // usable answers (null = not mentioned)
  std::map<std::string, std::string> problems;  // field id -> what is wrong, for the re-ask
  std::vector<std::string> missing;             // requested ids absent from the answer
};

[[nodiscard]] AnswerCheck check_answer(const Json& answer, const std::vector<const Field*>& fields,
                                       const NormalizeContext& ctx);

}  // namespace invox::llm
