#include <fmt/format.h>

#include "rag/retrieval_util.hpp"
#include "rag/stores.hpp"

namespace invox::rag {

Status validate_example(const HistoryExample& e) {
  if (e.template_id.empty()) return Error::input("history example: the template id is empty");
  if (e.transcript.find_first_not_of(" \t\r\n") == std::string::npos)
    return Error::input(fmt::format("history example for '{}': the transcript is empty", e.template_id));
  if (!e.expected.is_object())
    return Error::input(fmt::format("history example for '{}': expected values must be an object", e.template_id));
  if (!e.evidence.is_null() && !e.evidence.is_object())
    return Error::input(fmt::format("history example for '{}': evidence must be an object", e.template_id));
  return ok();
}

namespace {

// One vector (unit length) or error per example; a configuration error (bad key, unknown model)
// fails the whole batch, any other failure only its example.
Expected<std::vector<Expected<std::vector<float>>>> embed_examples(Embedder* embedder,
                                                                   const std::vector<HistoryExample>& examples) {
  std::vector<Expected<std::vector<float>>> out;
  if (!embedder || examples.empty()) {
    out.assign(examples.size(), std::vector<float>{});
    return out;
  }
  std::vector<std::string> inputs;
  inputs.reserve(examples.size());
  for (const auto& e : examples) inputs.push_back(embedding_input(e.template_id, e.transcript));
  out = embedder->embed_each(inputs);
  if (out.size() != examples.size())
    return Error::provider(fmt::format("embedding model {} returned {} vectors for {} inputs", embedder->name(),
                                       out.size(), examples.size()));
  for (auto& v : out) {
    if (!v && v.error().kind == ErrorKind::Config) return v.error();
    if (v) v = normalized(*v);
  }
  return out;
}

Expected<std::vector<float>> embed_query(Embedder& embedder, const std::string& template_id,
                                         const std::string& transcript) {
  auto vectors = embedder.embed({embedding_input(template_id, transcript)});
  if (!vectors) return vectors.error();
  if (vectors->size() != 1 || vectors->front().empty())
    return Error::provider(fmt::format("embedding model {} returned no vector for the query", embedder.name()));
  return normalized(vectors->front());
}

}  // namespace

Expected<long long> StoreBase::add(const HistoryExample& example) {
  // One example: its embedding failure is the error itself, with its kind (network, provider).
  if (auto s = validate_example(example); !s) return s.error();
  auto vectors = embed_examples(embedder_.get(), {example});
  if (!vectors) return vectors.error();
  if (!vectors->front()) return vectors->front().error();
  auto written = write_batch({example}, {std::move(*vectors->front())});
  if (!written) return written.error();
  return written->front().id;
}

Expected<std::vector<AddResult>> StoreBase::add_batch(const std::vector<HistoryExample>& examples) {
  for (const auto& e : examples) {
    if (auto s = validate_example(e); !s) return s.error();
  }
  auto vectors = embed_examples(embedder_.get(), examples);
  if (!vectors) return vectors.error();
  // Examples whose embedding failed are reported, the others written.
  std::vector<HistoryExample> good;
  std::vector<std::vector<float>> good_vectors;
  for (size_t i = 0; i < examples.size(); ++i) {
    if (!(*vectors)[i]) continue;
    good.push_back(examples[i]);
    good_vectors.push_back(std::move(*(*vectors)[i]));
  }
  std::vector<AddResult> written;
  if (!good.empty()) {
    auto w = write_batch(good, good_vectors);
    if (!w) return w.error();
    written = std::move(*w);
  }
  std::vector<AddResult> out;
  size_t next = 0;
  for (size_t i = 0; i < examples.size(); ++i) {
    if ((*vectors)[i]) out.push_back(next < written.size() ? written[next++] : AddResult{});
    else out.push_back({0, false, (*vectors)[i].error().message});
  }
  return out;
}

Expected<std::vector<FewShot>> StoreBase::retrieve(const Template& tmpl, const std::string& transcript,
                                                   const RetrievalOptions& options) {
  const int k = effective_k(options);
  if (k == 0) return std::vector<FewShot>{};
  std::vector<float> query;
  if (embedder_) {
    auto q = embed_query(*embedder_, tmpl.id, transcript);
    if (!q) return q.error();
    query = std::move(*q);
  }
  return rank(tmpl, transcript, k, query, options);
}

}  // namespace invox::rag
