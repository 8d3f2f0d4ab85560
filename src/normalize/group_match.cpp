#include "invox/group_items.hpp"

#include <map>
#include <utility>

#include "invox/group.hpp"
#include "invox/normalize.hpp"

namespace invox {

namespace {

// Beyond this many items the exact search (2^n states per left item) is too slow.
constexpr size_t kExactLimit = 14;

using Weights = std::vector<std::vector<int>>;
using Best = std::pair<int, std::vector<ItemPair>>;

// Exact search in the reference scorer's order (shared/scripts/score.py), so eval and the scorer
// agree case by case: each left item first stays unpaired, and a pairing replaces that only when
// it weighs strictly more, right items tried in spoken order.
struct Search {
  const Weights& w;
  size_t n = 0;
  size_t m = 0;
  std::map<std::pair<size_t, unsigned>, Best> memo;

  const Best& best(size_t i, unsigned used) {
    const auto key = std::make_pair(i, used);
    if (auto it = memo.find(key); it != memo.end()) return it->second;
    Best result;
    if (i < n) {
      const auto& skip = best(i + 1, used);
      result.first = skip.first;
      result.second = {ItemPair{i, std::nullopt}};
      result.second.insert(result.second.end(), skip.second.begin(), skip.second.end());
      for (size_t j = 0; j < m; ++j) {
        if ((used & (1u << j)) || w[i][j] <= 0) continue;
        const auto& rest = best(i + 1, used | (1u << j));
        if (rest.first + w[i][j] > result.first) {
          result.first = rest.first + w[i][j];
          result.second = {ItemPair{i, j}};
          result.second.insert(result.second.end(), rest.second.begin(), rest.second.end());
        }
      }
    }
    return memo.emplace(key, std::move(result)).first->second;
  }
};

std::vector<ItemPair> greedy(const Weights& w, size_t n, size_t m) {
  std::vector<ItemPair> pairs;
  std::vector<bool> used(m, false);
  for (size_t i = 0; i < n; ++i) {
    std::optional<size_t> pick;
    for (size_t j = 0; j < m; ++j) {
      if (!used[j] && (!pick || w[i][j] > w[i][*pick])) pick = j;
    }
    if (pick && w[i][*pick] > 0) {
      used[*pick] = true;
      pairs.push_back({i, *pick});
    } else {
      pairs.push_back({i, std::nullopt});
    }
  }
  return pairs;
}

}  // namespace

int item_agreement(const Json& left, const Json& right, const Field& group) {
  int equal = 0;
  for (const auto& sub : group.fields) {
    const Json& l = sub_value(left, sub);
    if (!l.is_null() && values_match(l, sub_value(right, sub), sub)) ++equal;
  }
  return equal;
}

std::vector<ItemPair> match_group_items(const Json& left, const Json& right, const Field& group) {
  const size_t n = left.is_array() ? left.size() : 0;
  const size_t m = right.is_array() ? right.size() : 0;
  Weights w(n, std::vector<int>(m, 0));
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < m; ++j) w[i][j] = item_agreement(left[i], right[j], group);
  }
  std::vector<ItemPair> pairs;
  if (n > kExactLimit || m > kExactLimit) {
    pairs = greedy(w, n, m);
  } else {
    Search search{w, n, m, {}};
    pairs = search.best(0, 0).second;
  }
  std::vector<bool> paired(m, false);
  for (const auto& p : pairs)
    if (p.right) paired[*p.right] = true;
  for (size_t j = 0; j < m; ++j)
    if (!paired[j]) pairs.push_back({std::nullopt, j});
  return pairs;
}

}  // namespace invox
