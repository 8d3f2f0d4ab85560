// The built-in lexicon (src/core/lexicon.json): it parses, every group the code reads is there and
// well formed, and a broken file is reported with the group at fault.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "core/lexicon_data.hpp"
#include "invox/json.hpp"

using namespace invox;
using namespace invox::lexicon;

namespace {
Json builtin() { return Json::parse(builtin_lexicon_json()); }

std::string error_of(const Json& doc) {
  auto parsed = parse_lexicon_data(doc.dump());
  REQUIRE_FALSE(parsed.has_value());
  return parsed.error().message;
}
}  // namespace

TEST_CASE("lexicon: the built-in data file parses with every group the code reads", "[rules][lexicon]") {
  auto parsed = parse_lexicon_data(builtin_lexicon_json());
  INFO((parsed ? std::string() : parsed.error().message));
  REQUIRE(parsed.has_value());
  const LexiconData& d = lexicon_data();
  CHECK(d.digit_words.index_of("seven") == 7u);
  CHECK(d.tens_words.index_of("fourty") == 2u);  // a listed misspelling of forty
  CHECK(d.month_names.index_of("sept") == 8u);
  CHECK(d.weekday_names.index_of("thurs") == 3u);
  CHECK(d.spelling_alphabet.index_of("zulu") == 25u);
  CHECK(d.is_negator("won't"));
  CHECK_FALSE(d.is_negator("known"));
  CHECK(d.is_number_word("hundred"));
  CHECK(d.is_number_word("oh"));
  CHECK_FALSE(d.is_number_word("tone"));
  REQUIRE(d.unit_for_symbol("breaths/min") != nullptr);
  CHECK(d.unit_for_symbol("breaths/min")->id == "breaths/min");
  REQUIRE(d.unit_for_symbol("KG") != nullptr);
  CHECK(d.unit_for_symbol("KG")->id == "kg");
  CHECK(d.unit_for_symbol("furlongs") == nullptr);
}

TEST_CASE("lexicon: the compiled-in text is the file in the source tree", "[rules][lexicon]") {
  std::ifstream in(std::string(INVOX_SOURCE_DIR) + "/src/core/lexicon.json", std::ios::binary);
  REQUIRE(in);
  std::stringstream file;
  file << in.rdbuf();
  CHECK(file.str() == builtin_lexicon_json());
}

TEST_CASE("lexicon: a malformed file is reported with the group at fault", "[rules][lexicon]") {
  SECTION("not JSON") {
    auto parsed = parse_lexicon_data("{\"groups\": {");
    REQUIRE_FALSE(parsed.has_value());
    CHECK(parsed.error().message.find("not valid JSON") != std::string::npos);
  }
  SECTION("a group the code reads is missing") {
    Json doc = builtin();
    doc["groups"].erase("negators");
    CHECK(error_of(doc).find("'negators'") != std::string::npos);
  }
  SECTION("a group without its 'about' line") {
    Json doc = builtin();
    doc["groups"]["fillers"].erase("about");
    CHECK(error_of(doc).find("'fillers'") != std::string::npos);
  }
  SECTION("an ordered group with the wrong number of entries") {
    Json doc = builtin();
    doc["groups"]["month_names"]["ordered"].erase(0);
    CHECK(error_of(doc).find("'month_names'") != std::string::npos);
  }
  SECTION("an uppercase word, a phrase in a word group, a duplicate") {
    Json upper = builtin();
    upper["groups"]["stopwords"]["words"].push_back("The");
    CHECK(error_of(upper).find("lowercase") != std::string::npos);
    Json phrase = builtin();
    phrase["groups"]["negators"]["words"].push_back("no way");
    CHECK(error_of(phrase).find("one word") != std::string::npos);
    Json twice = builtin();
    twice["groups"]["hedges"]["words"].push_back("about");
    CHECK(error_of(twice).find("twice") != std::string::npos);
  }
  SECTION("a unit with an unknown dimension or no factor") {
    Json doc = builtin();
    doc["groups"]["units"]["entries"][0]["dimension"] = "weight";
    CHECK(error_of(doc).find("dimension") != std::string::npos);
    Json nofactor = builtin();
    nofactor["groups"]["units"]["entries"][0].erase("factor");
    CHECK(error_of(nofactor).find("factor") != std::string::npos);
  }
  SECTION("a unit whose smaller unit is unknown, larger or of another dimension") {
    for (const char* then : {"parsec", "km", "kg"}) {
      Json doc = builtin();
      for (auto& e : doc["groups"]["units"]["entries"])
        if (e["id"] == "m") e["then"] = then;
      CHECK(error_of(doc).find("'then'") != std::string::npos);
    }
  }
  SECTION("a group the code does not read") {
    Json doc = builtin();
    doc["groups"]["colours"] = {{"about", "unused"}, {"words", {"red"}}};
    CHECK(error_of(doc).find("'colours'") != std::string::npos);
  }
}
