#include "rag/retrieval_util.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <set>
#include <unordered_map>

#include "util/strings.hpp"

namespace invox::rag {

namespace {

// Function words that match almost every example and carry no similarity signal.
const std::set<std::string, std::less<>>& stop_words() {
  static const std::set<std::string, std::less<>> words = {
      "a",     "about", "after", "all",   "also",  "am",    "an",    "and",   "any",   "are",  "as",    "at",
      "be",    "been",  "but",   "by",    "can",   "did",   "do",    "does",  "for",   "from", "had",   "has",
      "have",  "he",    "her",   "his",   "how",   "i",     "if",    "in",    "into",  "is",   "it",    "its",
      "just",  "me",    "my",    "no",    "not",   "of",    "on",    "or",    "our",   "she",  "so",    "that",
      "the",   "their", "them",  "then",  "there", "these", "they",  "this",  "to",    "too",  "uh",    "um",
      "up",    "us",    "was",   "we",    "were",  "what",  "when",  "which", "who",   "will", "with",  "would",
      "you",   "your",  "okay",  "ok",    "yes",   "er",    "hmm",   "let",   "s",     "t",    "ll",    "ve"};
  return words;
}

// Two independent 64-bit hashes give a 128-bit content key; collisions among a store's
// examples are then negligible (no cryptographic strength is needed: inputs are our own).
uint64_t fnv1a(std::string_view s, uint64_t basis) {
  uint64_t h = basis;
  for (unsigned char c : s) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

uint64_t mix64(std::string_view s) {
  uint64_t h = 0x9E3779B97F4A7C15ULL ^ s.size();
  for (unsigned char c : s) {
    h ^= c + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
  }
  return h;
}

bool is_word_byte(unsigned char c) { return std::isalnum(c) != 0; }

}  // namespace

std::string content_hash(const HistoryExample& example) {
  // nlohmann::json (not ordered_json) sorts object keys, so key order does not matter.
  const nlohmann::json canonical = nlohmann::json::parse(example.expected.is_null() ? "null" : example.expected.dump());
  std::string key = example.template_id;
  key += '\x1f';
  key += example.transcript;
  key += '\x1f';
  key += canonical.dump();
  return fmt::format("{:016x}{:016x}", fnv1a(key, 0xcbf29ce484222325ULL), mix64(key));
}

std::string template_token(std::string_view template_id) {
  return fmt::format("tpl{:016x}", fnv1a(template_id, 0xcbf29ce484222325ULL));
}

std::vector<std::string> query_terms(std::string_view text, size_t max_terms) {
  std::vector<std::string> out;
  std::set<std::string, std::less<>> seen;
  size_t i = 0;
  while (i < text.size() && out.size() < max_terms) {
    while (i < text.size() && !is_word_byte(static_cast<unsigned char>(text[i]))) ++i;
    size_t j = i;
    while (j < text.size() && is_word_byte(static_cast<unsigned char>(text[j]))) ++j;
    if (j > i) {
      std::string w(text.substr(i, j - i));
      for (char& c : w) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (w.size() > 1 && !stop_words().contains(w) && seen.insert(w).second) out.push_back(std::move(w));
    }
    i = j;
  }
  return out;
}

std::string embedding_input(std::string_view template_id, std::string_view transcript) {
  // Inputs are capped well below the 8,192-token limit of the embeddings API.
  constexpr size_t kMaxEmbedChars = 8000;
  return fmt::format("templateId={}\n{}", template_id, util::truncate_chars(transcript, kMaxEmbedChars));
}

FewShot to_few_shot(const HistoryExample& example, const Template& tmpl, size_t max_transcript_chars) {
  FewShot shot;
  shot.transcript = util::truncate_chars(example.transcript, max_transcript_chars);
  shot.expected = Json::object();
  shot.evidence = Json::object();
  for (const auto& field : tmpl.fields) {
    if (example.expected.is_object() && example.expected.contains(field.id))
      shot.expected[field.id] = example.expected[field.id];
    if (example.evidence.is_object() && example.evidence.contains(field.id) && !example.evidence[field.id].is_null())
      shot.evidence[field.id] = example.evidence[field.id];
  }
  return shot;
}

std::vector<float> normalized(const std::vector<float>& v) {
  double sum = 0;
  for (float x : v) sum += static_cast<double>(x) * x;
  std::vector<float> out(v);
  if (sum <= 0) return out;
  const double inv = 1.0 / std::sqrt(sum);
  for (float& x : out) x = static_cast<float>(x * inv);
  return out;
}

double dot(const float* a, const float* b, size_t n) {
  float acc = 0;  // float accumulation vectorizes; unit vectors keep it well-conditioned
  for (size_t i = 0; i < n; ++i) acc += a[i] * b[i];
  return acc;
}

std::string encode_vector(const std::vector<float>& v) {
  static_assert(sizeof(float) == 4);
  std::string out(v.size() * 4, '\0');
  std::memcpy(out.data(), v.data(), out.size());  // x86-64 and arm64 are little-endian
  return out;
}

std::vector<float> decode_vector(const void* data, size_t bytes) {
  std::vector<float> v(bytes / 4);
  if (!v.empty()) std::memcpy(v.data(), data, v.size() * 4);
  return v;
}

std::vector<long long> reciprocal_rank_fusion(const std::vector<std::vector<long long>>& rankings, size_t limit,
                                              double c) {
  std::unordered_map<long long, double> score;
  std::unordered_map<long long, size_t> first_seen;
  size_t order = 0;
  for (const auto& ranking : rankings) {
    for (size_t r = 0; r < ranking.size(); ++r) {
      score[ranking[r]] += 1.0 / (c + static_cast<double>(r + 1));
      first_seen.try_emplace(ranking[r], order++);
    }
  }
  std::vector<long long> ids;
  ids.reserve(score.size());
  for (const auto& [id, s] : score) ids.push_back(id);
  std::sort(ids.begin(), ids.end(), [&](long long a, long long b) {
    if (score[a] != score[b]) return score[a] > score[b];
    return first_seen[a] < first_seen[b];  // deterministic ties: earlier lists and ranks first
  });
  if (ids.size() > limit) ids.resize(limit);
  return ids;
}

int effective_k(const RetrievalOptions& options) { return std::clamp(options.k, 0, kMaxRetrievedExamples); }

}  // namespace invox::rag
