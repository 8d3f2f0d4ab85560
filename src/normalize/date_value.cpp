#include "normalize/date_value.hpp"

#include <fmt/format.h>

#include "normalize/date_phrase.hpp"
#include "normalize/reference_date.hpp"

namespace invox::normalize {

namespace {

TokenParse from_hit(const DateHit& hit, const Field& field) {
  TokenParse p;
  p.first = hit.first;
  p.last = hit.last;
  if (hit.date) p.value = format_date(*hit.date);
  if (hit.problem) p.issue = make_issue(field, *hit.problem, hit.detail);
  return p;
}

}  // namespace

std::optional<TokenParse> parse_date_field_at(const Tokens& t, size_t i, const Field& field, const NormalizeContext& ctx) {
  return parse_date_field_at(t, i, field, make_date_context(&field, ctx));
}

std::optional<TokenParse> parse_date_field_at(const Tokens& t, size_t i, const Field& field,
                                              const Expected<DateContext>& dc) {
  if (!dc) {
    TokenParse p;
    p.first = p.last = i;
    p.issue = make_issue(field, IssueType::Invalid, dc.error().message);
    return p;
  }
  size_t j = skip_hedges(t, i);
  if (j < t.size() && (t[j].is_word("on") || t[j].is_word("dated") || t[j].is_word("since"))) ++j;
  auto hit = parse_date_at(t, j, *dc);
  if (!hit || hit->vague) return std::nullopt;
  auto p = from_hit(*hit, field);
  p.first = i;
  return p;
}

NormalizeResult normalize_date(const Json& value, const Field& field, const NormalizeContext& ctx) {
  if (!value.is_string()) return invalid_result(field, fmt::format("{} is not a date", describe(value)));
  const std::string& s = value.get_ref<const std::string&>();
  if (auto iso = parse_iso_date(s); iso && s.size() == 10) return NormalizeResult{format_date(*iso), std::nullopt};
  const Tokens t = tokenize(s);
  if (t.empty()) return NormalizeResult{};
  auto dc = make_date_context(&field, ctx);
  if (!dc) return invalid_result(field, dc.error().message);
  for (size_t i = 0; i < t.size(); ++i) {
    if (auto hit = parse_date_at(t, i, *dc)) return to_result(from_hit(*hit, field));
  }
  return invalid_result(field, fmt::format("no date in {}", describe(value)));
}

}  // namespace invox::normalize
