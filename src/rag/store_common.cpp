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

Expected<std::vector<std::vector<float>>> embed_examples(Embedder* embedder,
                                                         const std::vector<HistoryExample>& examples) {
  std::vector<std::vector<float>> out(examples.size());
  if (!embedder || examples.empty()) return out;
  std::vector<std::string> inputs;
  inputs.reserve(examples.size());
  for (const auto& e : examples) inputs.push_back(embedding_input(e.template_id, e.transcript));
  auto vectors = embedder->embed(inputs);
  if (!vectors) return vectors.error();
  if (vectors->size() != examples.size())
    return Error::provider(fmt::format("embedding model {} returned {} vectors for {} inputs", embedder->name(),
                                       vectors->size(), examples.size()));
  for (size_t i = 0; i < out.size(); ++i) out[i] = normalized((*vectors)[i]);
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
  auto r = add_batch({example});
  if (!r) return r.error();
  return r->front().id;
}

Expected<std::vector<AddResult>> StoreBase::add_batch(const std::vector<HistoryExample>& examples) {
  for (const auto& e : examples) {
    if (auto s = validate_example(e); !s) return s.error();
  }
  auto vectors = embed_examples(embedder_.get(), examples);
  if (!vectors) return vectors.error();
  return write_batch(examples, *vectors);
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
