#pragma once
// Pairing of expected and predicted group items for scoring (DESIGN.md "Scoring a group").
#include <optional>
#include <utility>
#include <vector>

#include "invox/json.hpp"
#include "invox/template.hpp"

namespace invox::eval {

// One pair of the matching: an expected item index, a predicted item index, or both.
using ItemPair = std::pair<std::optional<size_t>, std::optional<size_t>>;

// Maximum-weight matching of `expected` and `predicted` items of `group` (lists of objects),
// the weight of a pair being its number of equal non-null expected sub-values (CF's
// values_match); pairs of weight 0 are never made. Returned in expected order (each expected item
// paired or not), then the unpaired predicted items in their order. Among matchings of equal
// weight the one that leaves earlier expected items unpaired loses to none: the search tries
// "leave unpaired" first and takes a pairing only when it weighs strictly more, then predicted
// items in spoken order, exactly as the reference scorer (shared/scripts/score.py) does, so the
// two agree case by case. Lists longer than 14 items are paired greedily in expected order.
[[nodiscard]] std::vector<ItemPair> match_items(const Field& group, const Json& expected, const Json& predicted);

}  // namespace invox::eval
