// Hidden helper (tag [.rulesdebug], never run by CTest): prints the mentions and chosen values
// for one dev case, named by INVOX_RULES_DEBUG_CASE=<case id>. For tuning mechanisms.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <iostream>

#include "extract/rules/cue_lexicon.hpp"
#include "extract/rules/cue_matcher.hpp"
#include "extract/rules/rules_engine.hpp"
#include "extract/rules/scan.hpp"
#include "extract/rules/transcript_tokens.hpp"

using namespace invox;

TEST_CASE("print rules mentions for one dev case", "[.rulesdebug]") {
  const char* id = std::getenv("INVOX_RULES_DEBUG_CASE");
  REQUIRE(id != nullptr);
  std::string root = std::string(INVOX_SHARED_DIR) + "/datasets/dev/";
  std::ifstream in(root + "cases/" + id + ".json");
  REQUIRE(in.good());
  Json c = Json::parse(in);
  auto tmpl = load_template(root + "templates/" + c["template"].get<std::string>() + ".json");
  REQUIRE(tmpl.has_value());
  NormalizeContext ctx;
  ctx.reference_date = c.value("referenceDate", "");
  std::string text = c["transcript"].get<std::string>();
  auto lex = rules::build_lexicon(*tmpl);
  auto tt = rules::tokenize(text);
  auto ms = rules::find_mentions(tt, lex);
  rules::mark_bounding_mentions(tt, lex, ms, ctx);
  for (const auto& m : ms)
    std::cout << (m.is_value ? "VALUE " : "CUE   ") << lex.fields[m.field].field->id << " ["
              << text.substr(tt.tokens[m.first].begin, tt.tokens[m.last - 1].end - tt.tokens[m.first].begin) << "] s="
              << m.strength << (m.bounds ? "" : " (no bound)") << "\n";
  for (const auto& [fid, cand] : rules::extract_all(*tmpl, text, {}, ctx))
    std::cout << fid << " = " << cand.value.dump() << " conf " << cand.confidence << "\n";
  CHECK_FALSE(ms.empty());
}
