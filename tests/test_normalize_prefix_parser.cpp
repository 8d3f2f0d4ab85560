// PrefixParser (invox/normalize.hpp): parsing at many places of one text reads exactly what
// parse_value_prefix reads of each piece on its own, for every field type, across the pieces the
// parser tokenizes the text in, and in any order of calls.
#include <string>
#include <vector>

#include "test_normalize_support.hpp"
#include "verify/value_search.hpp"

using namespace invox;
using namespace invox::test;

namespace {

// Sentences with what makes a piece's first token depend on what precedes it ("(-5", "$20",
// "'92", "26-04418", ".5"), Unicode spaces, tabs and line breaks, values of every type.
const std::vector<std::string> kSentences = {
    "Temp (-5 overnight) then 38.5\xC2\xA0" "degrees, pulse 72 bpm; BP one twenty over eighty.",
    "Deposit $20, ref 26-04418, seen on March 3rd '92 and again the 19th.",
    "Arrived at quarter to nine,\tleft at 17:30 -- back by noon tomorrow?",
    "No signs of pests. Alarm tested: yes. Severity moderate, not severe.",
    "Items: gloves, masks and\ngowns. Follow-up in ten days from today.",
    "Weight .5 kg or two point five tonnes, \xE2\x80\x9Cquoted\xE2\x80\x9D text, caf\xC3\xA9 au lait.",
};

std::string long_text(size_t bytes) {
  std::string text;
  for (size_t i = 0; text.size() < bytes; ++i) {
    text += kSentences[i % kSentences.size()];
    text += i % 7 == 3 ? "\n" : " ";
  }
  return text;
}

// Where a piece of `words` whitespace-separated words that starts at `i` ends.
size_t piece_end(const std::string& text, size_t i, size_t words) {
  bool in_word = false;
  size_t seen = 0;
  for (size_t k = i; k < text.size(); ++k) {
    const bool space = text[k] == ' ' || text[k] == '\t' || text[k] == '\n';
    if (space && in_word && ++seen == words) return k;
    in_word = !space;
  }
  return text.size();
}

bool same_parse(const std::optional<PrefixParse>& a, const std::optional<PrefixParse>& b) {
  if (bool(a) != bool(b)) return false;
  if (!a) return true;
  return a->value == b->value && a->consumed == b->consumed && bool(a->issue) == bool(b->issue);
}

std::vector<Field> fields_of_every_type() {
  return {make_field(FieldType::Number, "°C"),
          make_field(FieldType::Number, "kg"),
          make_field(FieldType::Date, "", std::nullopt, std::nullopt, {}, "", "follow_up_date", "Follow-up date"),
          make_field(FieldType::Time),
          make_field(FieldType::Enum, "", std::nullopt, std::nullopt, {"mild", "moderate", "severe"}),
          make_field(FieldType::Boolean, "", std::nullopt, std::nullopt, {}, "", "pests", "Pests observed"),
          make_field(FieldType::Text),
          make_field(FieldType::Textarea)};
}

}  // namespace

TEST_CASE("PrefixParser reads what parse_value_prefix reads, at every place a value may start",
          "[normalize][prefix]") {
  const std::string text = long_text(40000);  // more than two of the parser's pieces
  const auto ctx = make_ctx("2026-03-09");
  const size_t words = GENERATE(1, 3, 24);
  for (const Field& field : fields_of_every_type()) {
    INFO("field type " << to_string(field.type) << ", pieces of " << words << " words");
    const PrefixParser parser(text, field, ctx);
    size_t found = 0;
    for (size_t i = 0; i < text.size(); ++i) {
      if (!verify::is_value_start(text, i)) continue;
      const size_t end = piece_end(text, i, words);
      const auto alone = parse_value_prefix(text.substr(i, end - i), field, ctx);
      const auto shared = parser.at(i, end);
      INFO("at byte " << i << ": " << text.substr(i, 40));
      REQUIRE(same_parse(alone, shared));
      if (alone && !alone->value.is_null()) ++found;
    }
    CHECK(found > 0);  // the comparison saw values of this type, not only misses
  }
}

TEST_CASE("PrefixParser gives the same readings when asked backwards", "[normalize][prefix]") {
  const std::string text = long_text(20000);
  const auto ctx = make_ctx("2026-03-09");
  for (const Field& field : fields_of_every_type()) {
    INFO("field type " << to_string(field.type));
    const PrefixParser parser(text, field, ctx);
    for (size_t i = text.size(); i-- > 0;) {
      if (!verify::is_value_start(text, i) || i % 5 != 0) continue;
      const size_t end = piece_end(text, i, 8);
      REQUIRE(same_parse(parse_value_prefix(text.substr(i, end - i), field, ctx), parser.at(i, end)));
    }
  }
}
