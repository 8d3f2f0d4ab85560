#pragma once
// Searching a text for a typed value the way CF reads it: CF's prefix parser runs at every place
// a value can start and its reading is compared with the target. Shared by evidence lookup
// (invox/evidence.hpp) and the grounding check, so "derivable from the transcript" means one thing.
#include <functional>
#include <optional>
#include <string_view>

#include "invox/normalize.hpp"
#include "util/text_fold.hpp"

namespace invox::verify {

// True where a value may start: not inside a word or a UTF-8 sequence and not on whitespace. A
// sign or symbol before a word counts ("-3", "$20"), as does the word itself.
[[nodiscard]] bool is_value_start(std::string_view text, size_t i);

// Calls `fn(span, value)` for each span of `text` that CF parses as a non-null value of
// `field`'s type, at every place a value may start (spans may nest: "twenty five" and "five");
// stops when `fn` returns false.
void for_each_parsed_value(std::string_view text, const Field& field, const NormalizeContext& ctx,
                           const std::function<bool(util::ByteSpan, const Json&)>& fn);

// The first span of `text` that CF parses, as `field`'s type, to a value equal to `target` (a
// normalized value, non-null); nullopt when there is none.
[[nodiscard]] std::optional<util::ByteSpan> find_parsed_value(std::string_view text, const Json& target,
                                                              const Field& field, const NormalizeContext& ctx);

}  // namespace invox::verify
