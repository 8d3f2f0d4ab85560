#pragma once
// Splitting a transcript into the units a repeating group's records are said in (DESIGN.md
// "Repeating groups"): sentences, a question joined with the answer after it, and clauses cut
// where an ordinal or opener starts the next record ("Second, ...", "next is ...", "line two").
// What each unit does to the list (new record, more about one, removal) is decided by the
// group reader, which sees the values read in it.
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "extract/rules/transcript_tokens.hpp"

namespace invox::rules {

struct ItemUnit {
  size_t first = 0;  // token range [first, last)
  size_t last = 0;
  bool opens_item = false;  // starts with "First", "Next", "Line two": a new record starts here
  bool removes = false;     // a removal verb ("scratch the coffee"): the records it names go
  bool corrects = false;    // a correction or rejection marker ("actually", "not forty")
  bool collective = false;  // says something of every record ("all doses are flu")
};

// Stems of the words by which the group names its records ("line", "vehicl", "dose"), from the
// names given: its id and aliases (a label's other words, "Lines *received*", would mislead).
[[nodiscard]] std::set<std::string> item_words(const std::vector<std::string>& names);

// The units of `tt` in order; `item_stems` from item_words().
[[nodiscard]] std::vector<ItemUnit> split_item_units(const TokenizedText& tt, const std::set<std::string>& item_stems);

// Where the record's own words start in unit `u`: past conjunctions, the opener ("Second",
// "Next is"), item words and their number ("line two", "Third line is"), a question's end.
[[nodiscard]] size_t record_words_start(const TokenizedText& tt, const ItemUnit& u, const std::set<std::string>& item_stems);

// The 1-based position an ordinal word names ("second" -> 2), or nullopt.
[[nodiscard]] std::optional<size_t> ordinal_position(std::string_view norm);

// The transcript says the group has no records: a negation or zero just before one of its item
// words ("no expenses at all", "there are no people to record", "zero doses given").
[[nodiscard]] bool says_none(const TokenizedText& tt, const std::set<std::string>& item_stems);

}  // namespace invox::rules
