#include "invox/group_items.hpp"

#include <cstdlib>
#include <limits>

#include "invox/normalize.hpp"

namespace invox {

namespace {

using Matrix = std::vector<std::vector<long long>>;

// Hungarian method (potentials, O(n^3)) on a square cost matrix; returns for each row its column.
std::vector<size_t> min_cost_assignment(const Matrix& cost) {
  const size_t n = cost.size();
  constexpr long long kInf = std::numeric_limits<long long>::max() / 4;
  std::vector<long long> u(n + 1, 0), v(n + 1, 0);
  std::vector<size_t> p(n + 1, 0), way(n + 1, 0);  // p[col] = row (1-based), 0 = free
  for (size_t row = 1; row <= n; ++row) {
    p[0] = row;
    size_t col0 = 0;
    std::vector<long long> minv(n + 1, kInf);
    std::vector<bool> used(n + 1, false);
    do {
      used[col0] = true;
      const size_t row0 = p[col0];
      long long delta = kInf;
      size_t col1 = 0;
      for (size_t col = 1; col <= n; ++col) {
        if (used[col]) continue;
        const long long cur = cost[row0 - 1][col - 1] - u[row0] - v[col];
        if (cur < minv[col]) {
          minv[col] = cur;
          way[col] = col0;
        }
        if (minv[col] < delta) {
          delta = minv[col];
          col1 = col;
        }
      }
      for (size_t col = 0; col <= n; ++col) {
        if (used[col]) {
          u[p[col]] += delta;
          v[col] -= delta;
        } else {
          minv[col] -= delta;
        }
      }
      col0 = col1;
    } while (p[col0] != 0);
    do {
      const size_t col1 = way[col0];
      p[col0] = p[col1];
      col0 = col1;
    } while (col0 != 0);
  }
  std::vector<size_t> row_to_col(n, 0);
  for (size_t col = 1; col <= n; ++col) {
    if (p[col] != 0) row_to_col[p[col] - 1] = col - 1;
  }
  return row_to_col;
}

}  // namespace

int item_agreement(const Json& left, const Json& right, const Field& group) {
  if (!left.is_object() || !right.is_object()) return 0;
  int equal = 0;
  for (const auto& sub : group.fields) {
    const auto l = left.find(sub.id);
    const auto r = right.find(sub.id);
    if (l == left.end() || r == right.end() || l->is_null() || r->is_null()) continue;
    if (values_match(*l, *r, sub)) ++equal;
  }
  return equal;
}

std::vector<ItemPair> match_group_items(const Json& left, const Json& right, const Field& group) {
  const size_t n = left.is_array() ? left.size() : 0;
  const size_t m = right.is_array() ? right.size() : 0;
  const size_t size = std::max(n, m);
  std::vector<std::vector<int>> agree(n, std::vector<int>(m, 0));
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < m; ++j) agree[i][j] = item_agreement(left[i], right[j], group);
  }
  // One unit of agreement outweighs any total displacement, so displacement only breaks ties.
  const long long unit = static_cast<long long>(size * size) + 1;
  Matrix cost(size, std::vector<long long>(size, 0));
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < m; ++j) {
      if (agree[i][j] == 0) continue;
      const long long moved = std::llabs(static_cast<long long>(i) - static_cast<long long>(j));
      cost[i][j] = -(agree[i][j] * unit - moved);
    }
  }
  const auto assigned = size == 0 ? std::vector<size_t>{} : min_cost_assignment(cost);
  std::vector<ItemPair> out;
  std::vector<bool> right_used(m, false);
  for (size_t i = 0; i < n; ++i) {
    const size_t j = assigned[i];
    if (j < m && agree[i][j] > 0) {
      out.push_back({i, j});
      right_used[j] = true;
    } else {
      out.push_back({i, std::nullopt});
    }
  }
  for (size_t j = 0; j < m; ++j) {
    if (!right_used[j]) out.push_back({std::nullopt, j});
  }
  return out;
}

}  // namespace invox
