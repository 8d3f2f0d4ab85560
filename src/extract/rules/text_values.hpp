#pragma once
// Builds text values from token spans: phrases trimmed of linking words, person names,
// list items, spoken numbers turned into numerals where the template asks for it, and
// "doctor Ruiz" -> "Dr. Ruiz" where the template writes names that way.
#include <optional>
#include <string>

#include "extract/rules/scan.hpp"

namespace invox::rules {

// A rank or title said before a name ("Lieutenant", "Mrs."); part of the value only when the
// field's guidelines write one ("Dr. Name").
[[nodiscard]] bool is_rank_word(const std::string& w);
// A short phrase value starting at token `start` (linking words skipped).
[[nodiscard]] std::optional<FieldCandidate> read_phrase(const Scan& s, size_t field, size_t start, bool weak);
// A person's name starting within a few tokens of `start` (before `end`), or nullopt.
[[nodiscard]] std::optional<FieldCandidate> read_person_at(const Scan& s, size_t field, size_t start, size_t end);
// The text of tokens [first, last) as a value of `field` (dangling words trimmed, numerals and
// titles as the field writes them), or nullopt when nothing is left.
[[nodiscard]] std::optional<FieldCandidate> text_span(const Scan& s, size_t field, size_t first, size_t last);
// A list value (JSON array of item strings) starting at token `start`.
[[nodiscard]] std::optional<FieldCandidate> read_items(const Scan& s, size_t field, size_t start);
// Appends to the list value `list` the items of `items` it does not hold yet, in order.
void append_new_items(Json& list, const Json& items);

}  // namespace invox::rules
