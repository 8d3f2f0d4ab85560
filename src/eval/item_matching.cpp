#include "eval/item_matching.hpp"

#include <map>

#include "invox/normalize.hpp"

namespace invox::eval {

namespace {

// Beyond this many items the exact search (2^n states per expected item) is too slow.
constexpr size_t kExactLimit = 14;

const Json& sub_value(const Json& item, const Field& sub) {
  static const Json kNull;
  if (!item.is_object()) return kNull;
  auto it = item.find(sub.id);
  return it == item.end() ? kNull : *it;
}

using Weights = std::vector<std::vector<int>>;

struct Search {
  const Weights& w;
  size_t n = 0;
  size_t m = 0;
  std::map<std::pair<size_t, unsigned>, std::pair<int, std::vector<ItemPair>>> memo;

  // Best total weight pairing expected items i.. with predicted items not in `used`.
  const std::pair<int, std::vector<ItemPair>>& best(size_t i, unsigned used) {
    const auto key = std::make_pair(i, used);
    if (auto it = memo.find(key); it != memo.end()) return it->second;
    std::pair<int, std::vector<ItemPair>> result;
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
      pairs.emplace_back(i, *pick);
    } else {
      pairs.emplace_back(i, std::nullopt);
    }
  }
  return pairs;
}

}  // namespace

std::vector<ItemPair> match_items(const Field& group, const Json& expected, const Json& predicted) {
  const size_t n = expected.is_array() ? expected.size() : 0;
  const size_t m = predicted.is_array() ? predicted.size() : 0;
  Weights w(n, std::vector<int>(m, 0));
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < m; ++j) {
      for (const auto& sub : group.fields) {
        const Json& e = sub_value(expected[i], sub);
        if (!e.is_null() && values_match(e, sub_value(predicted[j], sub), sub)) ++w[i][j];
      }
    }
  }
  std::vector<ItemPair> pairs;
  if (n > kExactLimit || m > kExactLimit) {
    pairs = greedy(w, n, m);
  } else {
    Search search{w, n, m, {}};
    pairs = search.best(0, 0).second;
  }
  std::vector<bool> paired(m, false);
  for (const auto& [e, p] : pairs)
    if (p) paired[*p] = true;
  for (size_t j = 0; j < m; ++j)
    if (!paired[j]) pairs.emplace_back(std::nullopt, j);
  return pairs;
}

}  // namespace invox::eval
