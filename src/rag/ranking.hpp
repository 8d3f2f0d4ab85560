#pragma once
// How a store turns its candidate lists into the final few-shot ids (shared by back ends).
#include <vector>

namespace invox::rag {

// Candidates each back end gathers for one query, best first.
struct CandidateLists {
  std::vector<long long> lexical;  // BM25 / ts_rank order
  std::vector<long long> dense;    // cosine order (empty without an embedding model)
  std::vector<long long> recent;   // newest first: pads the result when ranking finds too few
};

// How many candidates each ranking contributes to fusion before the final cut to k.
inline constexpr int kFusionDepth = 50;

// Lexical only, dense only, or reciprocal rank fusion of both; then padded with recent
// examples of the template (a same-template example still shows the output format).
[[nodiscard]] std::vector<long long> choose_examples(const CandidateLists& lists, int k);

}  // namespace invox::rag
