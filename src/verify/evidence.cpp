// invox/evidence.hpp: the literal value as whole folded words first (cheap and exact), then a span
// CF reads as the value.
#include "invox/evidence.hpp"

#include <string>

#include "util/strings.hpp"
#include "util/text_fold.hpp"
#include "verify/value_search.hpp"

namespace invox {

namespace {

// The text a value is written as in a transcript, or "" when it has no literal form.
std::string literal_text(const Json& v, const Field& field) {
  if (v.is_string()) {
    std::string s = v.get<std::string>();
    // A textarea is grounded when its first item is; the rest are checked by VER.
    if (field.type == FieldType::Textarea) s = s.substr(0, s.find(','));
    return s;
  }
  if (v.is_number_integer()) return std::to_string(v.get<long long>());
  if (v.is_number()) return v.dump();
  return {};
}

Evidence evidence_at(std::string_view text, util::ByteSpan span) {
  Evidence e;
  e.char_begin = span.begin;
  e.char_end = span.end;
  e.snippet = std::string(text.substr(span.begin, span.end - span.begin));
  return e;
}

}  // namespace

std::optional<Evidence> find_evidence(const Json& value, const Field& field, const Transcript& transcript,
                                      const NormalizeContext& ctx) {
  if (value.is_null()) return std::nullopt;
  const std::string_view text = transcript.text;
  // Whole words only: "12" must not be found inside "2012".
  if (const std::string literal = literal_text(value, field); !literal.empty()) {
    if (auto m = util::find_folded(util::fold_text(text), literal, 0, true)) return evidence_at(text, m->span);
  }
  if (field.type == FieldType::Text || field.type == FieldType::Textarea) return std::nullopt;
  // Typed values are often spoken differently from how they are written.
  const auto target = normalize_value_for_field(value, field, ctx).value;
  if (auto span = verify::find_parsed_value(text, target, field, ctx)) return evidence_at(text, *span);
  return std::nullopt;
}

std::optional<std::pair<size_t, size_t>> locate_evidence(const std::string& transcript, const Evidence& e) {
  if (e.char_begin && e.char_end && *e.char_begin < *e.char_end && *e.char_end <= transcript.size()) {
    const std::string_view span(transcript.data() + *e.char_begin, *e.char_end - *e.char_begin);
    if (util::is_valid_utf8(span)) return std::pair{*e.char_begin, *e.char_end};
  }
  const std::string needle = util::to_lower_ascii(util::trim(e.snippet));
  if (needle.empty()) return std::nullopt;
  const std::string hay = util::to_lower_ascii(transcript);
  const size_t pos = hay.find(needle);
  if (pos == std::string::npos) return std::nullopt;
  return std::pair{pos, pos + needle.size()};
}

}  // namespace invox
