// The LLM judge of S3/S4 reconciliation: one call per disagreeing field.
#include "llm/llm_judge.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "invox/log.hpp"
#include "llm/context_window.hpp"
#include "llm/judge_excerpt.hpp"
#include "llm/llm_response.hpp"
#include "llm/prompts.hpp"
#include "util/token_estimate.hpp"

namespace invox::llm {

namespace {

class LlmJudge final : public Judge {
 public:
  explicit LlmJudge(std::shared_ptr<ChatClient> chat) : chat_(std::move(chat)) {}

  std::string name() const override { return chat_->spec().str(); }

  Expected<JudgeVerdict> decide(const JudgeRequest& request) override {
    if (!request.field) return Error::internal("judge called without a field");
    ChatRequest chat;
    chat.schema = judge_schema();
    chat.schema_name = "field_decision";
    chat.max_tokens = 512;
    chat.meter = request.meter.get();
    Transcript excerpt;  // what the judge reads when the whole transcript does not fit
    auto messages = messages_within_context(request, chat, excerpt);
    if (!messages) return messages.error();
    chat.messages = std::move(*messages);
    auto reply = chat_->complete(chat);
    if (!reply) return reply.error();
    JudgeVerdict verdict;
    verdict.usage = reply->usage;
    if (reply->dry_run) {
      verdict.reason = "dry run: no judge call was sent";
      return verdict;
    }
    if (!reply->problem.empty()) return Error::provider(fmt::format("judge {}: {}", name(), reply->problem));
    if (!reply->refusal.empty()) return Error::provider(fmt::format("judge {} refused: {}", name(), reply->refusal));
    auto parsed = extract_json_object(reply->content);
    if (!parsed) return Error::provider(fmt::format("judge {}: {}", name(), parsed.error().message));
    const auto& doc = parsed->value;
    const std::string decision = doc.contains("decision") && doc["decision"].is_string() ? doc["decision"].get<std::string>() : "";
    if (decision == "model_a") verdict.decision = DecisionKind::ModelA;
    else if (decision == "model_b") verdict.decision = DecisionKind::ModelB;
    else if (decision == "merge") verdict.decision = DecisionKind::Merge;
    else if (decision == "keep_current") verdict.decision = DecisionKind::KeepCurrent;
    else return Error::provider(fmt::format("judge {}: decision {} is not one of model_a, model_b, merge, keep_current", name(), doc.value("decision", Json()).dump()));
    verdict.reason = doc.contains("reason") && doc["reason"].is_string() ? doc["reason"].get<std::string>() : "";
    if (verdict.reason.empty()) verdict.reason = fmt::format("judge {} gave no reason", name());
    if (doc.contains("merged")) verdict.merged = doc["merged"];
    return verdict;
  }

 private:
  // The judge's messages, with the transcript cut to the stretches around the two candidates'
  // evidence (judge_excerpt) when the whole of it would not fit the model's context window.
  Expected<std::vector<ChatMessage>> messages_within_context(const JudgeRequest& request, const ChatRequest& chat,
                                                             Transcript& excerpt) const {
    auto messages = judge_messages(request);
    const int context = chat_->context_tokens();
    if (context <= 0 || !request.transcript) return messages;
    const int answer = std::min(chat.max_tokens, chat_->max_output_tokens());
    const int limit = context - static_cast<int>(std::ceil(context * kContextSafetyShare)) - answer;
    const int over = prompt_tokens(messages, chat.schema) - limit;
    if (over <= 0) return messages;
    const std::string& text = request.transcript->text;
    const int room = util::estimate_tokens(text) - over;
    if (room < kMinExcerptTokens) {
      return Error::config(fmt::format(
          "judge {}: its context window ({} tokens) leaves no room for the transcript once the field and a "
          "{}-token answer are counted; set a larger context_window for it in the config file if the model has "
          "one, or use a judge model with a larger window",
          name(), context, answer));
    }
    std::vector<TextWindow> anchors;
    for (const auto* c : {&request.model_a, &request.model_b})
      if (*c && (*c)->evidence && (*c)->evidence->char_begin && (*c)->evidence->char_end)
        anchors.push_back({*(*c)->evidence->char_begin, *(*c)->evidence->char_end});
    excerpt = *request.transcript;
    // A spoken "</transcript>" gains a byte when defused; 2 % covers many of them.
    excerpt.text = transcript_excerpt(text, anchors, static_cast<size_t>(room * util::kBytesPerToken * 0.98));
    log::info(fmt::format("judge {}: the transcript (~{} tokens) does not fit its context window ({} tokens): "
                          "it reads the parts around the candidates' evidence",
                          name(), util::estimate_tokens(text), context));
    JudgeRequest cut = request;
    cut.transcript = &excerpt;
    return judge_messages(cut);
  }

  static constexpr int kMinExcerptTokens = 64;  // less transcript than this is no reading
  std::shared_ptr<ChatClient> chat_;
};

}  // namespace

std::shared_ptr<Judge> make_llm_judge(std::shared_ptr<ChatClient> chat) { return std::make_shared<LlmJudge>(std::move(chat)); }

}  // namespace invox::llm
