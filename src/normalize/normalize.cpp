// Consistency Formatting entry points: dispatch by field type (DESIGN.md "Field types and
// their normalized form"). See docs/NORMALIZATION.md for every accepted form.
#include "invox/normalize.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "core/lexicon_data.hpp"
#include "normalize/boolean_value.hpp"
#include "normalize/common.hpp"
#include "normalize/date_value.hpp"
#include "normalize/enum_value.hpp"
#include "normalize/fold.hpp"
#include "normalize/group_value.hpp"
#include "normalize/number_value.hpp"
#include "normalize/text_value.hpp"
#include "normalize/time_value.hpp"
#include "util/strings.hpp"

namespace invox {

namespace {

using namespace normalize;

bool is_abbreviation(const Token& t) {
  if (t.kind != TokenKind::Word) return false;
  return t.text.size() == 1 || lexicon::lexicon_data().abbreviations.contains(t.text);  // or initials: "J. Smith"
}

// Tokens up to the end of the clause (text) or sentence (textarea).
size_t span_end(const Tokens& t, bool stop_at_comma) {
  for (size_t i = 0; i < t.size(); ++i) {
    const Token& tok = t[i];
    if (tok.kind != TokenKind::Punct) continue;
    if (tok.text == "." && i > 0 && !tok.space_before && is_abbreviation(t[i - 1])) continue;
    if (tok.text == "." || tok.text == ";" || tok.text == "!" || tok.text == "?" || tok.text == "\n") return i;
    if (stop_at_comma && tok.text == ",") return i;
  }
  return t.size();
}

std::optional<TokenParse> parse_span(std::string_view text, const Tokens& t, const Field& field) {
  const size_t end = span_end(t, field.type == FieldType::Text);
  if (end == 0) return std::nullopt;
  const std::string_view span = text.substr(t[0].begin, t[end - 1].end - t[0].begin);
  auto r = field.type == FieldType::Text ? normalize_text(Json(std::string(span)), field)
                                         : normalize_textarea(Json(std::string(span)), field);
  if (r.value.is_null() && !r.issue) return std::nullopt;
  return TokenParse{r.value, 0, end, r.issue};
}

// Text that is not UTF-8 cannot be written to a JSON output, and byte-level cleanup of it is
// not stable (a second pass sees different "characters"): it is rejected whole.
bool has_invalid_utf8(const Json& value) {
  if (value.is_string()) return !util::is_valid_utf8(value.get_ref<const std::string&>());
  if (value.is_array() || value.is_object()) {
    for (const auto& e : value)
      if (has_invalid_utf8(e)) return true;
  }
  return false;
}

}  // namespace

NormalizeResult normalize_value_for_field(const Json& value, const Field& field, const NormalizeContext& ctx) {
  if (value.is_null()) return NormalizeResult{};
  if (has_invalid_utf8(value)) return invalid_result(field, "the value is not valid UTF-8 text");
  if (field.type == FieldType::Textarea) return normalize_textarea(value, field);
  if (field.type == FieldType::Group) return normalize_group(value, field, ctx);
  if (value.is_array()) {
    std::vector<Json> present;
    for (const auto& e : value)
      if (!e.is_null() && !(e.is_string() && phrase_key(e.get<std::string>()).empty())) present.push_back(e);
    if (present.empty()) return NormalizeResult{};
    if (field.type == FieldType::Text) return normalize_text(value, field);
    if (present.size() > 1) {
      // The same value twice is one value; different values need a person to choose.
      std::optional<NormalizeResult> first;
      for (const auto& e : present) {
        auto r = normalize_value_for_field(e, field, ctx);
        if (!first) first = r;
        else if (r.value != first->value || r.value.is_null())
          return ambiguous_result(field, fmt::format("several values given: {}", value.dump()));
      }
      return *first;
    }
    return normalize_value_for_field(present.front(), field, ctx);
  }
  // Blank strings and bare punctuation are "not filled", not an invalid value.
  if (value.is_string() && phrase_key(value.get<std::string>()).empty()) return NormalizeResult{};
  switch (field.type) {
    case FieldType::Text: return normalize_text(value, field);
    case FieldType::Textarea: return normalize_textarea(value, field);
    case FieldType::Number: return normalize_number(value, field, ctx);
    case FieldType::Date: return normalize_date(value, field, ctx);
    case FieldType::Time: return normalize_time(value, field);
    case FieldType::Enum: return normalize_enum(value, field);
    case FieldType::Boolean: return normalize_boolean(value, field);
    case FieldType::Group: return normalize_group(value, field, ctx);
  }
  return NormalizeResult{value, std::nullopt};
}

namespace {

// The longest value of `field`'s type at the start of `t`, the tokens of `text`; `dates` is the
// field's date context when the caller made it once for many parses.
std::optional<PrefixParse> parse_tokens_prefix(std::string_view text, const Tokens& t, const Field& field,
                                               const NormalizeContext& ctx, const Expected<DateContext>* dates) {
  if (t.empty()) return std::nullopt;
  std::optional<TokenParse> p;
  switch (field.type) {
    case FieldType::Number: p = parse_number_field_at(t, 0, field, ctx); break;
    case FieldType::Date:
      p = dates ? parse_date_field_at(t, 0, field, *dates) : parse_date_field_at(t, 0, field, ctx);
      break;
    case FieldType::Time: p = parse_time_field_at(t, 0, field); break;
    case FieldType::Enum: p = parse_enum_field_at(t, 0, field); break;
    case FieldType::Boolean: p = parse_boolean_field_at(t, 0, field); break;
    case FieldType::Text:
    case FieldType::Textarea: p = parse_span(text, t, field); break;
    case FieldType::Group: return std::nullopt;  // a list of items does not start at one place
  }
  if (!p || p->last == 0) return std::nullopt;
  return to_prefix(*p, t);
}

}  // namespace

std::optional<PrefixParse> parse_value_prefix(std::string_view text, const Field& field, const NormalizeContext& ctx) {
  return parse_tokens_prefix(text, tokenize(text), field, ctx, nullptr);
}

// The text is tokenized piece by piece as the parses move on, from whitespace to whitespace: no
// token holds whitespace and the tokenizer starts every token after it alike, so the pieces'
// tokens are the whole text's. Tokens far behind the last parse are dropped: memory stays that of
// a piece, not of the transcript.
struct PrefixParser::Prepared {
  static constexpr size_t kPieceBytes = 16384;
  std::string_view text;
  const Field& field;
  const NormalizeContext& ctx;
  std::optional<Expected<DateContext>> dates;
  Tokens tokens;            // of text[kept_from, tokenized_to)
  size_t tokenized_to = 0;  // 0, the text's end or a whitespace byte

  void tokenize_to(size_t end) {
    while (tokenized_to < end) {
      size_t stop = std::min(text.size(), std::max(end, tokenized_to + kPieceBytes));
      while (stop < text.size() && !is_ascii_space(text[stop])) ++stop;
      for (Token& t : tokenize(text.substr(tokenized_to, stop - tokenized_to))) {
        t.begin += tokenized_to;
        t.end += tokenized_to;
        tokens.push_back(std::move(t));
      }
      tokenized_to = stop;
    }
  }
  void drop_before(size_t begin) {
    auto live = std::lower_bound(tokens.begin(), tokens.end(), begin, [](const Token& t, size_t b) { return t.end <= b; });
    if (static_cast<size_t>(live - tokens.begin()) > tokens.size() / 2 + 1024) tokens.erase(tokens.begin(), live);
  }
  static bool is_ascii_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
};

PrefixParser::PrefixParser(std::string_view text, const Field& field, const NormalizeContext& ctx)
    : p_(std::make_unique<Prepared>(Prepared{text, field, ctx, std::nullopt, {}, 0})) {
  if (field.type == FieldType::Date) p_->dates = make_date_context(&field, ctx);
}

PrefixParser::~PrefixParser() = default;

std::optional<PrefixParse> PrefixParser::at(size_t begin, size_t end) const {
  Prepared& p = *p_;
  end = std::min(end, p.text.size());
  begin = std::min(begin, end);
  const std::string_view piece = p.text.substr(begin, end - begin);
  const Expected<DateContext>* dates = p.dates ? &*p.dates : nullptr;
  p.drop_before(begin);
  p.tokenize_to(end);
  // The piece's own tokens are the text's tokens between its ends when a token starts at `begin`
  // after whitespace (the tokenizer's state there is that of a text start: "-5" after "(" is
  // one token on its own, two in "(-5") and none crosses `end`. Elsewhere the piece is
  // tokenized on its own.
  auto first = std::lower_bound(p.tokens.begin(), p.tokens.end(), begin,
                                [](const Token& t, size_t b) { return t.begin < b; });
  auto last = first;
  while (last != p.tokens.end() && last->end <= end) ++last;
  const bool own_tokens = first != p.tokens.end() && first->begin == begin && first->space_before &&
                          (last == p.tokens.end() || last->begin >= end);
  if (!own_tokens) return parse_tokens_prefix(piece, tokenize(piece), p.field, p.ctx, dates);
  Tokens own(first, last);
  for (Token& t : own) {
    t.begin -= begin;
    t.end -= begin;
  }
  return parse_tokens_prefix(piece, own, p.field, p.ctx, dates);
}

}  // namespace invox
