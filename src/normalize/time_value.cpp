#include "normalize/time_value.hpp"

#include <fmt/format.h>

#include "normalize/time_phrase.hpp"

namespace invox::normalize {

namespace {

TokenParse from_hit(const TimeHit& hit, const Field& field, size_t first) {
  TokenParse p;
  p.first = first;
  p.last = hit.last;
  if (hit.problem) p.issue = make_issue(field, *hit.problem, hit.detail);
  else p.value = format_time(hit.hour, hit.minute);
  return p;
}

}  // namespace

std::optional<TokenParse> parse_time_field_at(const Tokens& t, size_t i, const Field& field) {
  size_t j = skip_hedges(t, i);
  if (j < t.size() && t[j].is_word("at")) j = skip_hedges(t, j + 1);
  auto hit = parse_time_at(t, j);
  if (!hit) return std::nullopt;
  return from_hit(*hit, field, i);
}

NormalizeResult normalize_time(const Json& value, const Field& field) {
  if (!value.is_string()) return invalid_result(field, fmt::format("{} is not a time", describe(value)));
  const Tokens t = tokenize(value.get_ref<const std::string&>());
  if (t.empty()) return NormalizeResult{};
  // A marked time anywhere wins over a bare number ("bed 12 at 2:30 pm" -> 14:30).
  std::optional<TimeHit> weak;
  for (size_t i = 0; i < t.size();) {
    auto hit = parse_time_at(t, i);
    if (!hit) {
      ++i;
      continue;
    }
    if (hit->strong) return to_result(from_hit(*hit, field, i));
    if (!weak) weak = hit;
    i = hit->last;  // "six oh five" is one reading, not "six" then "oh five"
  }
  if (weak) return to_result(from_hit(*weak, field, weak->first));
  return invalid_result(field, fmt::format("no time in {}", describe(value)));
}

}  // namespace invox::normalize
