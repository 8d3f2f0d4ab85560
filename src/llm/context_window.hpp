#pragma once
// Keeping every extraction request inside the model's context window (prompt + answer), for
// transcripts longer than it: first the retrieval few-shots go (the least relevant first), then
// the old transcript (context only), and last the new transcript is read in overlapping windows
// whose answers are merged field by field, a later window's value winning, as a correction
// spoken later does. Evidence offsets are shifted back into the whole transcript.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "invox/expected.hpp"
#include "invox/extractor.hpp"
#include "llm/chat.hpp"

namespace invox::llm {

struct ContextBudget {
  int context_tokens = 0;  // the model's window, prompt + answer; 0 = unknown: nothing is cut
  int answer_tokens = 0;   // reserved for the answer (the request's max_tokens)
  std::string model;       // named in messages
};

// Share of the window kept free for the estimate's error (estimate_tokens is rough).
inline constexpr double kContextSafetyShare = 0.10;
// Windows overlap by this share of their length, so a statement cut at one window's end is
// whole at the next one's start.
inline constexpr double kWindowOverlapShare = 0.15;

// Estimated tokens of a request before its answer: the messages, the answer schema (providers
// count it as prompt) and a few tokens of framing per message.
[[nodiscard]] int prompt_tokens(const std::vector<ChatMessage>& messages, const Json& schema);

// A stretch [begin, end) of bytes of a text.
struct TextWindow {
  size_t begin = 0;
  size_t end = 0;
};
// Windows of at most `max_bytes` covering `text` in order, each starting `overlap_bytes` (about)
// before the previous one's end. Cuts fall after a sentence end or a space when there is one in
// the window's last fifth, and never inside a UTF-8 sequence.
[[nodiscard]] std::vector<TextWindow> plan_text_windows(std::string_view text, size_t max_bytes, size_t overlap_bytes);

using ExtractFn = std::function<Expected<ExtractionResult>(const ExtractionRequest&)>;

// Runs `extract` on `request` (asking for `fields`) so that each request fits `budget`: as is
// when it fits; otherwise as described above. Config error when even the form's own prompt
// (instructions, fields, answer) leaves no room for a transcript window.
[[nodiscard]] Expected<ExtractionResult> extract_within_context(const ExtractionRequest& request,
                                                               const std::vector<const Field*>& fields,
                                                               const ContextBudget& budget, const ExtractFn& extract);

}  // namespace invox::llm
