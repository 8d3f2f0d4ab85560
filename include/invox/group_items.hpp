#pragma once
// Pairing the items of two lists of one `group` field (DESIGN.md "Repeating groups") by the
// weight scoring uses; S3/S4 reconciliation pairs model A's items with model B's. Implemented in
// src/normalize/ (CF), below every agent that pairs items.
#include <optional>
#include <vector>

#include "invox/json.hpp"
#include "invox/template.hpp"

namespace invox {

struct ItemPair {
  std::optional<size_t> left;   // index into the left list; nullopt = a right item nothing matched
  std::optional<size_t> right;  // index into the right list; nullopt = a left item nothing matched
  friend bool operator==(const ItemPair&, const ItemPair&) = default;
};

// How many of `left`'s non-null sub-values `right` has equal values for (values_match per sub-field).
[[nodiscard]] int item_agreement(const Json& left, const Json& right, const Field& group);

// A maximum-weight pairing (weight = item_agreement; pairs of weight 0 are not made), the same
// search as the reference scorer (DESIGN.md "Scoring a group"): among pairings of equal weight,
// earlier left items take the earliest right items in spoken order. Returns every left item in
// order (paired or not), then the unpaired right items in order. Lists longer than 14 items are
// paired greedily in left order. Entries that are not objects only ever stay unpaired.
[[nodiscard]] std::vector<ItemPair> match_group_items(const Json& left, const Json& right, const Field& group);

}  // namespace invox
