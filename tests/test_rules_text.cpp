// Rules engine building blocks: tokenizer, word forms, guideline parser, cue lexicon.
#include <catch2/catch.hpp>

#include "core/guideline_hints.hpp"
#include "extract/rules/cue_lexicon.hpp"
#include "extract/rules/cue_matcher.hpp"
#include "extract/rules/transcript_tokens.hpp"
#include "extract/rules/word_forms.hpp"

using namespace invox;
using namespace invox::rules;

TEST_CASE("tokenizer keeps byte offsets, breaks and fillers", "[rules]") {
  std::string text = "Temp 37.2, uh, pulse 88. Seen at 5:45 p.m. Then Dr. Okafor came.";
  auto tt = tokenize(text);
  REQUIRE(tt.cased);
  std::vector<std::string> raws;
  for (const auto& t : tt.tokens) {
    raws.push_back(t.raw);
    CHECK(text.substr(t.begin, t.end - t.begin) == t.raw);
  }
  CHECK(raws == std::vector<std::string>{"Temp", "37.2", "uh", "pulse", "88", "Seen", "at", "5:45", "p.m.", "Then",
                                         "Dr", "Okafor", "came"});
  CHECK(tt.tokens[1].after == Break::None);  // ", uh," is an interruption, not a clause end
  CHECK(tt.tokens[2].filler);
  CHECK(tt.tokens[4].after == Break::Sentence);
  CHECK(tt.tokens[8].after == Break::Sentence);  // "p.m." before a capital
  CHECK(tt.tokens[10].after == Break::None);     // "Dr." is an abbreviation
}

TEST_CASE("tokenizer splits hyphenated words and marks joins and repeats", "[rules]") {
  auto tt = tokenize("the the e-stop works, 132/84, four four two");
  REQUIRE(tt.tokens.size() == 10);
  CHECK(tt.tokens[1].filler);        // repeated "the"
  CHECK(tt.tokens[2].after == Break::Join);
  CHECK(tt.tokens[5].slash_after);
  CHECK_FALSE(tt.tokens[8].filler);  // repeated digits are data, not a stutter
  CHECK_FALSE(tt.cased);
}

TEST_CASE("multi-word fillers are skipped", "[rules]") {
  auto tt = tokenize("pressure, let me see, sixty");
  CHECK(tt.tokens[1].filler);
  CHECK(tt.tokens[2].filler);
  CHECK(tt.tokens[3].filler);
  CHECK_FALSE(tt.tokens[4].filler);
}

TEST_CASE("word forms match inflections but not unrelated words", "[rules]") {
  CHECK(stems_match(stem("escalated"), stem("escalation")));
  CHECK(stems_match(stem("injured"), stem("injuries")));
  CHECK(stems_match(stem("treatment"), stem("treated")));
  CHECK(stems_match(stem("transferred"), stem("transfer")));
  CHECK(stems_match(stem("smokes"), stem("smoking")));
  CHECK_FALSE(stems_match(stem("press"), stem("pressure")));
  CHECK_FALSE(stems_match(stem("police"), stem("policy")));
  CHECK_FALSE(stems_match(stem("parts"), stem("party")));
}

namespace {
std::vector<std::string> alias_list(const GuidelineHints& g) {
  std::vector<std::string> out;
  for (const auto& a : g.aliases) out.push_back(a.phrase + " -> " + a.target);
  return out;
}
}  // namespace

TEST_CASE("guideline hints: synonym maps, polarity lists, placeholders and code prefixes", "[rules]") {
  auto g = parse_guideline_hints(
      "'hydro' or 'oil brakes' -> hydraulic disc; 'V' -> rim brake. Leave empty for 'no add-ons'. "
      "Format 'BK-' followed by the digits, e.g. 'BK-1234'.");
  CHECK(alias_list(g) == std::vector<std::string>{"hydro -> hydraulic disc", "oil brakes -> hydraulic disc",
                                                  "V -> rim brake"});
  CHECK(g.empty_phrases == std::vector<std::string>{"no add-ons"});
  CHECK(g.code_prefix == "BK-");
  CHECK(g.mentions_digits);

  auto b = parse_guideline_hints("true for riders who own one; false for 'borrowed', 'rented' and loaners.");
  CHECK(alias_list(b) == std::vector<std::string>{"borrowed -> false", "rented -> false"});

  auto u = parse_guideline_hints("Walk-in only -> true. Customer's own words; 'picked up' is the date.");
  CHECK(alias_list(u) == std::vector<std::string>{"Walk-in only -> true"});
  CHECK(u.quoted_examples == std::vector<std::string>{"picked up"});
}

TEST_CASE("guideline hints: the precision a guideline asks for", "[rules]") {
  CHECK(parse_guideline_hints("Centimetres; feet and inches converted (1 in = 2.54 cm, rounded to a whole cm).")
            .decimals == 0);
  CHECK(parse_guideline_hints("Kilograms, one decimal; pounds and stones converted.").decimals == 1);
  CHECK(parse_guideline_hints("Litres to 2 decimal places.").decimals == 2);
  CHECK_FALSE(parse_guideline_hints("Kilograms as said; pounds converted.").decimals.has_value());
  CHECK_FALSE(parse_guideline_hints("The wholesale price.").decimals.has_value());  // no word "whole"
}

TEST_CASE("guideline hints: chained maps, curly quotes and apostrophes inside quotes", "[rules]") {
  auto g = parse_guideline_hints("\xE2\x80\x98SNF\xE2\x80\x99 -> skilled nursing facility, 'rehab' -> inpatient rehab");
  CHECK(alias_list(g) == std::vector<std::string>{"SNF -> skilled nursing facility", "rehab -> inpatient rehab"});
  auto d = parse_guideline_hints("Yes for 'driver's seat' damage. Leave blank for 'not sure'.");
  CHECK(alias_list(d) == std::vector<std::string>{"driver's seat -> true"});
  CHECK(d.empty_phrases == std::vector<std::string>{"not sure"});
}

namespace {
Template lexicon_template() {
  Template t;
  t.id = "bike";
  Field a;
  a.id = "front_psi";
  a.label = "Front tire pressure";
  a.type = FieldType::Number;
  a.unit = "psi";
  a.aliases = {"tire pressure"};
  Field b = a;
  b.id = "rear_psi";
  b.label = "Rear tire pressure";
  Field c;
  c.id = "brake_type";
  c.label = "Brake type (BT)";
  c.type = FieldType::Enum;
  c.options = {"rim", "disc"};
  c.guidelines = "'hydraulic' -> disc; 'V' -> rim.";
  Field d;
  d.id = "serviced_by";
  d.label = "Serviced by";
  d.type = FieldType::Text;
  d.aliases = {"mechanic"};
  Field e;
  e.id = "frame_number";
  e.label = "Frame number";
  e.type = FieldType::Text;
  t.fields = {a, b, c, d, e};
  return t;
}

bool has_cue(const FieldLexicon& fl, const std::string& text) {
  auto p = make_phrase(text);
  for (const auto& c : fl.cues)
    if (c.phrase.stems == p.stems) return true;
  return false;
}
}  // namespace

TEST_CASE("cue lexicon collects label, id, alias, parenthetical and unique sub-phrase cues", "[rules]") {
  Template t = lexicon_template();
  Lexicon lex = build_lexicon(t);
  REQUIRE(lex.fields.size() == 5);
  CHECK(has_cue(lex.fields[0], "front tire pressure"));
  CHECK(has_cue(lex.fields[0], "tire pressure"));
  CHECK(has_cue(lex.fields[0], "front"));      // unique to this field
  CHECK_FALSE(has_cue(lex.fields[0], "tire"));  // shared with rear_psi
  CHECK(has_cue(lex.fields[2], "BT"));
  CHECK(has_cue(lex.fields[2], "b t"));  // acronym spelled out
  CHECK(lex.fields[3].person_name);
  CHECK(lex.fields[4].code_like);
  bool hydraulic = false, v_case_sensitive = false;
  for (const auto& v : lex.fields[2].values) {
    if (v.phrase.text == "hydraulic" && v.value == "disc") hydraulic = true;
    if (v.phrase.text == "V" && v.phrase.case_sensitive) v_case_sensitive = true;
  }
  CHECK(hydraulic);
  CHECK(v_case_sensitive);
}

TEST_CASE("mentions: a shared alias names both fields, longer cues win overlaps", "[rules]") {
  Template t = lexicon_template();
  Lexicon lex = build_lexicon(t);
  auto tt = tokenize("tire pressure sixty over seventy, front tire pressure fine");
  auto ms = find_mentions(tt, lex);
  int at_zero = 0;
  bool long_front = false;
  for (const auto& m : ms) {
    if (m.first == 0 && !m.is_value) ++at_zero;
    if (m.field == 0 && m.first == 5 && m.words == 3) long_front = true;
    CHECK_FALSE((m.first == 6 && m.field == 1));  // "tire pressure" inside the longer cue
  }
  CHECK(at_zero == 2);
  CHECK(long_front);
}
