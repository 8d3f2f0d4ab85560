#include "llm/context_window.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "invox/log.hpp"
#include "llm/answer_schema.hpp"
#include "llm/prompts.hpp"
#include "util/strings.hpp"
#include "util/token_estimate.hpp"

namespace invox::llm {

namespace {

constexpr int kTokensPerMessage = 4;   // role and framing around each message's content
constexpr int kMinWindowTokens = 128;  // less transcript than this per request is no reading


// Where to end a window that cannot take the rest of the text: after the last sentence end in
// (floor, limit], else after the last space there, else at `limit` (moved off a UTF-8 middle).
size_t cut_point(std::string_view text, size_t floor, size_t limit) {
  for (size_t i = limit; i > floor; --i) {
    const char c = text[i - 1];
    if ((c == ' ' || c == '\n') && i >= 2 && (text[i - 2] == '.' || text[i - 2] == '?' || text[i - 2] == '!')) return i;
  }
  for (size_t i = limit; i > floor; --i) {
    if (text[i - 1] == ' ' || text[i - 1] == '\n') return i;
  }
  size_t cut = limit;
  while (cut > floor && util::is_utf8_continuation(static_cast<unsigned char>(text[cut]))) --cut;
  return cut;
}

void shift(std::optional<Evidence>& evidence, size_t offset) {
  if (!evidence) return;
  if (evidence->char_begin) *evidence->char_begin += offset;
  if (evidence->char_end) *evidence->char_end += offset;
}

class Fitter {
 public:
  Fitter(const std::vector<const Field*>& fields, const ContextBudget& budget)
      : schema_(fields_schema(fields)),
        // The answer's reserve, plus half again for a re-ask, which repeats the prompt with the
        // first answer (far below its reserve: that counts 256 tokens per field) and the
        // problems listed.
        limit_(budget.context_tokens - static_cast<int>(std::ceil(budget.context_tokens * kContextSafetyShare)) -
               budget.answer_tokens - budget.answer_tokens / 2) {}

  [[nodiscard]] int tokens(const ExtractionRequest& r) const { return prompt_tokens(extraction_messages(r), schema_); }
  [[nodiscard]] bool fits(const ExtractionRequest& r) const { return tokens(r) <= limit_; }
  [[nodiscard]] int limit() const { return limit_; }

 private:
  Json schema_;
  int limit_;
};

}  // namespace

int prompt_tokens(const std::vector<ChatMessage>& messages, const Json& schema) {
  int total = util::estimate_tokens(schema.dump());
  for (const auto& m : messages) total += kTokensPerMessage + util::estimate_tokens(m.content);
  return total;
}

std::vector<TextWindow> plan_text_windows(std::string_view text, size_t max_bytes, size_t overlap_bytes) {
  std::vector<TextWindow> windows;
  max_bytes = std::max<size_t>(max_bytes, 16);
  overlap_bytes = std::min(overlap_bytes, max_bytes / 2);  // every window moves the start on
  size_t begin = 0;
  for (;;) {
    if (text.size() - begin <= max_bytes) {
      windows.push_back({begin, text.size()});
      return windows;
    }
    const size_t cut = cut_point(text, begin + max_bytes * 4 / 5, begin + max_bytes);
    windows.push_back({begin, cut});
    // The next window starts `overlap_bytes` back, at the start of a word.
    size_t next = cut - overlap_bytes;
    const size_t space = text.find_first_of(" \n", next);
    if (space != std::string_view::npos && space + 1 < cut) next = space + 1;
    while (next < cut && util::is_utf8_continuation(static_cast<unsigned char>(text[next]))) ++next;
    begin = std::max(next, windows.back().begin + 1);
  }
}

Expected<ExtractionResult> extract_within_context(const ExtractionRequest& request,
                                                  const std::vector<const Field*>& fields, const ContextBudget& budget,
                                                  const ExtractFn& extract) {
  if (budget.context_tokens <= 0 || !request.transcript) return extract(request);
  const Fitter fitter(fields, budget);
  ExtractionRequest fitted = request;
  fitted.fields = fields;
  if (fitter.fits(fitted)) return extract(request);

  // Few-shots first: they only show the format, the transcript is the source.
  const size_t examples = fitted.examples.size();
  while (!fitted.examples.empty() && !fitter.fits(fitted)) fitted.examples.pop_back();
  if (fitted.examples.size() < examples) {
    log::info(fmt::format("{}: {} of {} few-shot examples left out to fit the context window ({} tokens)",
                          budget.model, examples - fitted.examples.size(), examples, budget.context_tokens));
  }
  if (fitter.fits(fitted)) return extract(fitted);
  if (!fitted.old_transcript.empty()) {
    fitted.old_transcript.clear();
    log::info(fmt::format("{}: the earlier transcript left out to fit the context window", budget.model));
    if (fitter.fits(fitted)) return extract(fitted);
  }

  const std::string& text = request.transcript->text;
  Transcript empty;
  fitted.transcript = &empty;
  const int room = fitter.limit() - fitter.tokens(fitted);
  if (room < kMinWindowTokens) {
    return Error::config(fmt::format(
        "{}: its context window ({} tokens) leaves no room for the transcript once the form's instructions "
        "and a {}-token answer are counted; set a larger context_window for it in the config file if the "
        "model has one, use a model with a larger window, or fill fewer fields per request (S2)",
        budget.model, budget.context_tokens, budget.answer_tokens));
  }
  // A spoken "</transcript>" gains a byte when defused; 2 % covers many of them.
  const auto max_bytes = static_cast<size_t>(room * util::kBytesPerToken * 0.98);
  const auto windows =
      plan_text_windows(text, max_bytes, static_cast<size_t>(static_cast<double>(max_bytes) * kWindowOverlapShare));
  log::info(fmt::format("{}: the transcript (~{} tokens) is longer than the context window allows ({} tokens): "
                        "read in {} overlapping windows",
                        budget.model, util::estimate_tokens(text), budget.context_tokens, windows.size()));

  ExtractionResult merged;
  std::vector<Issue> issues;
  for (const auto& w : windows) {
    Transcript part;
    part.text = text.substr(w.begin, w.end - w.begin);
    part.language = request.transcript->language;
    part.duration_seconds = request.transcript->duration_seconds;
    fitted.transcript = &part;
    auto got = extract(fitted);
    if (!got) return got.error();
    merged.usage += got->usage;
    for (auto& [id, candidate] : got->values) {
      if (candidate.value.is_null()) continue;  // not mentioned here: an earlier window's value stands
      shift(candidate.evidence, w.begin);
      merged.values[id] = std::move(candidate);  // a later mention wins
    }
    for (auto& issue : got->issues) issues.push_back(std::move(issue));
  }
  // A field one window could not answer but a later one did is answered.
  std::set<std::pair<std::string, std::string>> seen;
  for (auto& issue : issues) {
    if (!issue.field.empty() && merged.values.count(issue.field)) continue;
    if (!seen.insert({issue.field, issue.detail}).second) continue;
    merged.issues.push_back(std::move(issue));
  }
  return merged;
}

}  // namespace invox::llm
