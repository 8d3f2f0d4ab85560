#include "rag/ranking.hpp"

#include <algorithm>

#include "rag/retrieval_util.hpp"

namespace invox::rag {

std::vector<long long> choose_examples(const CandidateLists& lists, int k) {
  if (k <= 0) return {};
  const auto limit = static_cast<size_t>(k);
  std::vector<long long> chosen;
  if (!lists.lexical.empty() && !lists.dense.empty()) {
    chosen = reciprocal_rank_fusion({lists.dense, lists.lexical}, limit);
  } else {
    chosen = lists.dense.empty() ? lists.lexical : lists.dense;
    if (chosen.size() > limit) chosen.resize(limit);
  }
  for (long long id : lists.recent) {
    if (chosen.size() >= limit) break;
    if (std::find(chosen.begin(), chosen.end(), id) == chosen.end()) chosen.push_back(id);
  }
  return chosen;
}

}  // namespace invox::rag
