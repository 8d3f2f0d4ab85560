#include "support/fake_extractor.hpp"

#include <set>

namespace invox::testing {

FakeExtractor::FakeExtractor(Script script, std::string name) : script_(std::move(script)), name_(std::move(name)) {}

std::shared_ptr<FakeExtractor> FakeExtractor::answering(std::map<std::string, Candidate> answers, bool answer_unasked) {
  return std::make_shared<FakeExtractor>([answers, answer_unasked](const ExtractionRequest& r) -> Expected<ExtractionResult> {
    std::set<std::string> asked;
    for (const Field* f : r.fields) asked.insert(f->id);
    ExtractionResult out;
    for (const auto& [id, c] : answers) {
      if (answer_unasked || asked.count(id)) out.values[id] = c;
    }
    return out;
  });
}

Expected<ExtractionResult> FakeExtractor::extract(const ExtractionRequest& request) {
  RecordedRequest rec;
  for (const Field* f : request.fields) rec.fields.push_back(f->id);
  rec.hints = request.hints;
  rec.examples = request.examples.size();
  rec.transcript = request.transcript ? request.transcript->text : "";
  rec.old_transcript = request.old_transcript;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    requests_.push_back(std::move(rec));
  }
  auto result = script_(request);
  // It stands for a language model: one billed request per call, metered as chat clients do.
  if (request.meter) {
    Usage billed = result ? result->usage : Usage{};
    billed.llm_calls = 1;
    request.meter->add(billed);
  }
  return result;
}

int FakeExtractor::calls() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return static_cast<int>(requests_.size());
}

std::vector<RecordedRequest> FakeExtractor::requests() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return requests_;
}

Candidate candidate(Json value, double confidence, std::string snippet) {
  Candidate c;
  c.value = std::move(value);
  c.confidence = confidence;
  if (!snippet.empty()) c.evidence = Evidence{std::move(snippet), std::nullopt, std::nullopt, std::nullopt, std::nullopt};
  return c;
}

Candidate candidate_at(Json value, double confidence, size_t begin, size_t end, std::string snippet) {
  Candidate c = candidate(std::move(value), confidence, std::move(snippet));
  if (!c.evidence) c.evidence = Evidence{};
  c.evidence->char_begin = begin;
  c.evidence->char_end = end;
  return c;
}

}  // namespace invox::testing
