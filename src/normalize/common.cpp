#include "normalize/common.hpp"

#include <fmt/format.h>

#include <cmath>

#include "core/lexicon_data.hpp"

namespace invox::normalize {

Issue make_issue(const Field& field, IssueType type, std::string detail) {
  Issue issue;
  issue.field = field.id;
  issue.type = type;
  issue.detail = std::move(detail);
  // An unreadable value is worth asking the extractor again; an ambiguous one needs a person.
  issue.action = type == IssueType::Ambiguous ? IssueAction::Clarify : IssueAction::Requery;
  return issue;
}

NormalizeResult invalid_result(const Field& field, std::string detail) {
  return NormalizeResult{Json(nullptr), make_issue(field, IssueType::Invalid, std::move(detail))};
}

NormalizeResult ambiguous_result(const Field& field, std::string detail) {
  return NormalizeResult{Json(nullptr), make_issue(field, IssueType::Ambiguous, std::move(detail))};
}

NormalizeResult to_result(const TokenParse& parse) { return NormalizeResult{parse.value, parse.issue}; }

Json number_json(double v) {
  if (std::isfinite(v) && std::floor(v) == v && std::fabs(v) < 9.0e15) return Json(static_cast<long long>(v));
  return Json(v);
}

std::string describe(const Json& value) {
  if (value.is_string()) return fmt::format("'{}'", value.get<std::string>());
  if (value.is_object()) return "an object";
  if (value.is_array()) return "a list";
  return value.dump();
}

PrefixParse to_prefix(const TokenParse& parse, const Tokens& tokens) {
  PrefixParse p;
  p.value = parse.value;
  p.issue = parse.issue;
  p.consumed = parse.last > 0 && parse.last <= tokens.size() ? tokens[parse.last - 1].end : 0;
  return p;
}

size_t skip_hedges(const Tokens& t, size_t i) {
  const auto& hedges = lexicon::lexicon_data().hedges;
  while (i < t.size()) {
    if (!hedges.contains(t[i].text)) break;
    ++i;
    if (i < t.size() && t[i].is_punct(".") && !t[i].space_before) ++i;  // "approx."
  }
  return i;
}

}  // namespace invox::normalize
