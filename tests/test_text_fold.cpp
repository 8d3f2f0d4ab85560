// util/text_fold: folding with byte offsets, the one implementation evidence lookup, ASR segment
// location and grounding share.
#include <catch2/catch.hpp>

#include "util/text_fold.hpp"

using invox::util::find_folded;
using invox::util::fold;
using invox::util::fold_text;
using invox::util::folded_words;

namespace {
std::string span_of(std::string_view text, const invox::util::ByteSpan& s) {
  return std::string(text.substr(s.begin, s.end - s.begin));
}
}  // namespace

TEST_CASE("folding lower-cases, collapses punctuation runs and remembers offsets", "[util][fold]") {
  const std::string text = "  Temp:  38.5,  BP-120!";
  const auto f = fold_text(text);
  CHECK(f.text == "temp 38 5 bp 120");
  REQUIRE(f.origin.size() == f.text.size());
  CHECK(f.origin[0] == text.find('T'));
  CHECK(f.origin[5] == text.find("38"));   // first kept byte of the second word
  CHECK(f.origin[4] == text.find("38"));   // a separator maps to the start of the next word
  CHECK(f.origin.back() == text.size() - 2);
  CHECK(fold("") == "");
  CHECK(fold("?!, ") == "");
}

TEST_CASE("UTF-8 bytes are kept as they are", "[util][fold]") {
  CHECK(fold("Café NOËL") == "caf\xC3\xA9 no\xC3\x8Bl");
}

TEST_CASE("a folded match maps back to the original bytes", "[util][fold]") {
  const std::string text = "Patient: ANN-Lee, age 42. Seen 2012.";
  const auto hay = fold_text(text);
  auto m = find_folded(hay, "ann lee");
  REQUIRE(m);
  CHECK(span_of(text, m->span) == "ANN-Lee");
  SECTION("whole words: 12 is not inside 2012, 42 is a word") {
    CHECK_FALSE(find_folded(hay, "12", 0, true));
    CHECK(find_folded(hay, "12", 0, false));
    auto age = find_folded(hay, "42", 0, true);
    REQUIRE(age);
    CHECK(span_of(text, age->span) == "42");
  }
  SECTION("searching from a folded position finds the next occurrence") {
    const std::string twice = "yes, YES";
    const auto h = fold_text(twice);
    auto first = find_folded(h, "yes");
    REQUIRE(first);
    auto second = find_folded(h, "yes", first->folded_end);
    REQUIRE(second);
    CHECK(second->span.begin == 5);
    CHECK_FALSE(find_folded(h, "yes", second->folded_end));
  }
  SECTION("an empty needle matches nothing") { CHECK_FALSE(find_folded(hay, " ,. ")); }
}

TEST_CASE("folded words", "[util][fold]") {
  CHECK(folded_words("Blood-pressure 120") == std::vector<std::string>{"blood", "pressure", "120"});
  CHECK(folded_words(" ... ").empty());
}
