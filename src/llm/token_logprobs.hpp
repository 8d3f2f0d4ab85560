#pragma once
// Token log probabilities of a chat answer and the probability of each value in it (docs/PIPELINE.md
// "LLM confidence signals"). OpenAI sends them as `choices[0].logprobs.content[]` ({token, logprob,
// bytes}); Gemini as `candidates[0].logprobsResult.chosenCandidates[]` ({token, logProbability})
// and `candidates[0].avgLogprobs`. They are a signal, never a requirement: anything absent or
// malformed reads as "no signal".
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "invox/json.hpp"

namespace invox::llm {

struct TokenLogprob {
  std::string text;      // the token's bytes (OpenAI `bytes` when given: a token may split a character)
  double logprob = 0.0;  // natural log, <= 0
};

struct TokenLogprobs {
  std::vector<TokenLogprob> tokens;  // in answer order; empty = none usable
  std::optional<double> average;     // Gemini `avgLogprobs`: the mean over the whole answer
  [[nodiscard]] bool empty() const { return tokens.empty() && !average; }
};

// Read from one OpenAI choice / one Gemini candidate. A token without a usable text or log
// probability makes the whole list unusable (a partial list would misplace every later token).
[[nodiscard]] TokenLogprobs read_openai_logprobs(const Json& choice);
[[nodiscard]] TokenLogprobs read_gemini_logprobs(const Json& candidate);

// Byte range [first, second) of every value in the first JSON object of `text`, string quotes
// included, by path: "field" for a member, "group[1].sub" inside a list of objects. Scanning
// stops quietly at the first malformed spot (what was read before it is kept).
using ValueSpans = std::map<std::string, std::pair<size_t, size_t>>;
[[nodiscard]] ValueSpans json_value_spans(std::string_view text);

// The probability the model gave each value of its answer `content`: the least likely of the
// tokens that overlap the value's text (see the .cpp for why the minimum). When the tokens do
// not spell `content` (another server's tokenisation, a missing piece) only the answer-level
// average (Gemini) is left; without it there is no signal.
class ValueProbabilities {
 public:
  ValueProbabilities() = default;
  ValueProbabilities(std::string_view content, const TokenLogprobs& logprobs);

  // Probability in (0, 1] of the value at `path`; nullopt = no signal for it.
  [[nodiscard]] std::optional<double> of(const std::string& path) const;

 private:
  std::map<std::string, double> by_path_;
  std::optional<double> answer_level_;
};

}  // namespace invox::llm
