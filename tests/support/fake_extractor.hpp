#pragma once
// A scripted Extractor for pipeline tests: answers come from a function of the request, every
// request is recorded (thread-safe, S2 calls in parallel), and nothing is real model logic.
// Each call is metered (request.meter) as one model request with the result's tokens.
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "invox/extractor.hpp"

namespace invox::testing {

struct RecordedRequest {
  std::vector<std::string> fields;
  std::map<std::string, std::string> hints;
  size_t examples = 0;
  std::string transcript;
  std::string old_transcript;
};

class FakeExtractor final : public Extractor {
 public:
  using Script = std::function<Expected<ExtractionResult>(const ExtractionRequest&)>;
  explicit FakeExtractor(Script script, std::string name = "fake");

  // Answers every request with the given candidates, restricted to the fields asked for,
  // unless `answer_unasked` (a model that fills fields it was not asked about).
  static std::shared_ptr<FakeExtractor> answering(std::map<std::string, Candidate> answers,
                                                  bool answer_unasked = false);

  [[nodiscard]] std::string name() const override { return name_; }
  [[nodiscard]] Expected<ExtractionResult> extract(const ExtractionRequest& request) override;

  [[nodiscard]] bool reads_hints() const override { return reads_hints_; }
  // A deterministic model that answers the same whatever the verifier hints.
  void ignore_hints() { reads_hints_ = false; }

  [[nodiscard]] int calls() const;
  [[nodiscard]] std::vector<RecordedRequest> requests() const;

 private:
  Script script_;
  std::string name_;
  bool reads_hints_ = true;
  mutable std::mutex mutex_;
  std::vector<RecordedRequest> requests_;
};

// A candidate with evidence (snippet, and offsets when given).
[[nodiscard]] Candidate candidate(Json value, double confidence = 0.95, std::string snippet = {});
[[nodiscard]] Candidate candidate_at(Json value, double confidence, size_t begin, size_t end, std::string snippet);

}  // namespace invox::testing
