#pragma once
// Pure helpers shared by the SQLite and PostgreSQL stores: content hashing, query terms,
// reshaping of examples to the current template, vector encoding and rank fusion.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "invox/history.hpp"

namespace invox::rag {

// Identity of an example for de-duplication: template id, transcript and expected values
// (key order ignored). 32 hex digits.
[[nodiscard]] std::string content_hash(const HistoryExample& example);

// A single alphanumeric token standing for a template id inside a full-text index, so the
// template filter is part of the FTS query.
[[nodiscard]] std::string template_token(std::string_view template_id);

// Lower-cased distinct words of `text` worth searching for (stop words and 1-letter words
// dropped, ASCII alphanumerics only), at most `max_terms`, in order of first appearance.
inline constexpr size_t kMaxQueryTerms = 64;
[[nodiscard]] std::vector<std::string> query_terms(std::string_view text, size_t max_terms = kMaxQueryTerms);

// The text sent to the embedding model: "templateId=<id>\n<transcript>" as in the paper.
[[nodiscard]] std::string embedding_input(std::string_view template_id, std::string_view transcript);

// Example -> few-shot for `tmpl`: transcript truncated, expected/evidence restricted to the
// template's fields in template order (fields the template no longer has are dropped).
[[nodiscard]] FewShot to_few_shot(const HistoryExample& example, const Template& tmpl, size_t max_transcript_chars);

// Unit-length copy (cosine similarity becomes a dot product); a zero vector stays zero.
[[nodiscard]] std::vector<float> normalized(const std::vector<float>& v);
[[nodiscard]] double dot(const float* a, const float* b, size_t n);
// Little-endian float32 bytes (the SQLite BLOB format).
[[nodiscard]] std::string encode_vector(const std::vector<float>& v);
[[nodiscard]] std::vector<float> decode_vector(const void* data, size_t bytes);

// Reciprocal rank fusion (Cormack et al. 2009): score(d) = sum over lists of 1 / (c + rank).
inline constexpr double kRrfConstant = 60.0;
[[nodiscard]] std::vector<long long> reciprocal_rank_fusion(const std::vector<std::vector<long long>>& rankings,
                                                            size_t limit, double c = kRrfConstant);

// Clamps RetrievalOptions::k into [0, kMaxRetrievedExamples].
[[nodiscard]] int effective_k(const RetrievalOptions& options);

}  // namespace invox::rag
