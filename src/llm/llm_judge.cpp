// The LLM judge of S3/S4 reconciliation: one call per disagreeing field.
#include "llm/llm_judge.hpp"

#include <fmt/format.h>

#include "llm/llm_response.hpp"
#include "llm/prompts.hpp"

namespace invox::llm {

namespace {

class LlmJudge final : public Judge {
 public:
  explicit LlmJudge(std::shared_ptr<ChatClient> chat) : chat_(std::move(chat)) {}

  std::string name() const override { return chat_->spec().str(); }

  Expected<JudgeVerdict> decide(const JudgeRequest& request) override {
    if (!request.field) return Error::internal("judge called without a field");
    ChatRequest chat;
    chat.messages = judge_messages(request);
    chat.schema = judge_schema();
    chat.schema_name = "field_decision";
    chat.max_tokens = 512;
    auto reply = chat_->complete(chat);
    if (!reply) return reply.error();
    JudgeVerdict verdict;
    verdict.usage = reply->usage;
    if (reply->dry_run) {
      verdict.reason = "dry run: no judge call was sent";
      return verdict;
    }
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
  std::shared_ptr<ChatClient> chat_;
};

}  // namespace

std::shared_ptr<Judge> make_llm_judge(std::shared_ptr<ChatClient> chat) { return std::make_shared<LlmJudge>(std::move(chat)); }

}  // namespace invox::llm
