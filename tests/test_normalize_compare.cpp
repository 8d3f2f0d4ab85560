#include "test_normalize_support.hpp"

using invox::FieldType;
using invox::Json;
using invox::MatchOutcome;
using namespace invox::test;

TEST_CASE("values_match: DESIGN.md scoring rules per type", "[normalize][compare]") {
  struct MatchRow {
    FieldType type;
    Json expected;
    Json predicted;
    bool match;
  };
  const std::vector<MatchRow> rows = {
      {FieldType::Text, "HP-3", "HP3", true},
      {FieldType::Text, "Dr. Okafor", "dr okafor", true},
      {FieldType::Text, "John  Smith", "john smith", true},
      {FieldType::Text, "Café", "cafe", true},
      {FieldType::Text, "John Smith", "Jon Smith", false},
      {FieldType::Textarea, "penicillin, latex", "Latex, Penicillin", true},
      {FieldType::Textarea, "penicillin, latex", Json::array({"latex", "penicillin"}), true},
      {FieldType::Textarea, "penicillin, latex", "penicillin", false},
      {FieldType::Textarea, "chest X-ray, thoracentesis", "chest x ray, Thoracentesis.", true},
      {FieldType::Number, 68, 68.0, true},
      {FieldType::Number, 38.5, "38.5", true},
      {FieldType::Number, 120, "one hundred and twenty", true},
      {FieldType::Number, 38.5, 38.4, false},
      {FieldType::Date, "2026-03-14", "2026-03-14", true},
      {FieldType::Date, "2026-03-14", "2026-03-15", false},
      {FieldType::Time, "14:30", "14:30", true},
      {FieldType::Time, "14:30", "2:30 pm", false},
      {FieldType::Enum, "room air", "room air", true},
      {FieldType::Enum, "room air", "Room Air", false},
      {FieldType::Boolean, false, false, true},
      {FieldType::Boolean, false, true, false},
      {FieldType::Boolean, nullptr, nullptr, true},
      {FieldType::Text, nullptr, "x", false},
      {FieldType::Number, 0, nullptr, false},
  };
  for (const auto& r : rows) {
    INFO(r.expected.dump() << " vs " << r.predicted.dump());
    CHECK(invox::values_match(r.expected, r.predicted, make_field(r.type)) == r.match);
  }
}

TEST_CASE("classify_match: correct, hallucination, omission, wrong", "[normalize][compare]") {
  const auto f = make_field(FieldType::Text);
  CHECK(invox::classify_match(nullptr, nullptr, f) == MatchOutcome::Correct);
  CHECK(invox::classify_match("a", "A", f) == MatchOutcome::Correct);
  CHECK(invox::classify_match(nullptr, "a", f) == MatchOutcome::Hallucination);
  CHECK(invox::classify_match("a", nullptr, f) == MatchOutcome::Omission);
  CHECK(invox::classify_match("a", "b", f) == MatchOutcome::Wrong);
  CHECK(invox::to_string(MatchOutcome::Hallucination) == "hallucination");
}
