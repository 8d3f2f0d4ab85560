#pragma once
// Word error rate, for tests, benchmarks and the biasing measurement.
#include <string>
#include <vector>

namespace invox::stt {

// Lower-cased alphanumeric words of a text (punctuation dropped, "don't" -> "dont").
[[nodiscard]] std::vector<std::string> wer_words(const std::string& text);

// (substitutions + deletions + insertions) / reference words, over wer_words(). An empty
// reference gives 0 for an empty hypothesis and 1 otherwise.
[[nodiscard]] double word_error_rate(const std::string& reference, const std::string& hypothesis);

}  // namespace invox::stt
