#include "llm/llm_extractor.hpp"

#include <fmt/format.h>

#include "llm/llm_response.hpp"
#include "invox/log.hpp"
#include "llm/answer_check.hpp"
#include "invox/evidence.hpp"
#include "llm/prompts.hpp"

namespace invox::llm {

namespace {

constexpr int kAttempts = 2;  // the first answer and one re-ask

class LlmExtractor final : public Extractor {
 public:
  explicit LlmExtractor(std::shared_ptr<ChatClient> chat) : chat_(std::move(chat)) {}

  std::string name() const override { return chat_->spec().str(); }

  Expected<ExtractionResult> extract(const ExtractionRequest& request) override {
    std::vector<const Field*> fields = request.fields;
    if (fields.empty() && request.tmpl) {
      for (const auto& f : request.tmpl->fields) fields.push_back(&f);
    }
    ExtractionResult result;
    if (fields.empty()) return result;
    ChatRequest chat;
    chat.messages = extraction_messages(request);
    chat.schema = fields_schema(fields);
    chat.schema_name = "form_fields";
    chat.max_tokens = 512 + 256 * static_cast<int>(fields.size());

    std::map<std::string, Json> accepted;
    std::vector<const Field*> pending = fields;
    std::map<std::string, std::string> problems;
    for (int attempt = 0; attempt < kAttempts && !pending.empty(); ++attempt) {
      auto reply = chat_->complete(chat);
      if (!reply) return reply.error();
      result.usage += reply->usage;
      if (reply->dry_run) return result;
      if (!reply->refusal.empty()) {
        return Error::provider(fmt::format("{} refused to answer: {}", name(), reply->refusal));
      }
      if (reply->finish_reason == "content_filter") {
        return Error::provider(fmt::format("{}: the answer was withheld by the provider's content filter", name()));
      }
      const bool cut_off = reply->finish_reason == "length";
      auto parsed = extract_json_object(reply->content);
      problems.clear();
      if (!parsed) {
        const auto why = parsed.error().message + (cut_off ? " (the answer hit the token limit)" : "");
        if (attempt + 1 >= kAttempts) return Error::provider(fmt::format("{}: {}", name(), why));
        chat.messages.push_back({"assistant", reply->content});
        chat.messages.push_back(repair_message({why}));
        continue;
      }
      auto check = check_answer(parsed->value, pending, request.context);
      for (auto& [id, value] : check.values) accepted[id] = std::move(value);
      problems = std::move(check.problems);
      if (parsed->truncated || cut_off) {
        // Members after the cut are lost; asking again would hit the same limit.
        for (const auto& id : check.missing) {
          result.issues.push_back({id, IssueType::Invalid,
                                   fmt::format("{}: the answer was cut off by the token limit before this field", name()),
                                   IssueAction::Requery});
        }
      }
      std::vector<const Field*> still;
      for (const auto* f : pending) {
        if (problems.count(f->id)) still.push_back(f);
      }
      pending = std::move(still);
      if (!pending.empty() && attempt + 1 < kAttempts) {
        std::vector<std::string> list;
        for (const auto& [id, p] : problems) list.push_back(p);
        chat.messages.push_back({"assistant", reply->content});
        chat.messages.push_back(repair_message(list));
      }
    }
    for (const auto* f : pending) {
      result.issues.push_back({f->id, IssueType::Invalid,
                               fmt::format("{} gave an unusable value twice: {}", name(), problems[f->id]),
                               IssueAction::ManualReview});
    }
    for (const auto* f : fields) {
      auto it = accepted.find(f->id);
      if (it == accepted.end() || it->second.is_null()) continue;
      if (request.current) {
        auto cur = request.current->find(f->id);
        if (cur != request.current->end() && cur->second.locked) {
          log::debug(fmt::format("{}: ignoring a value for locked field {}", name(), f->id));
          continue;
        }
      }
      Candidate c;
      c.value = it->second;
      if (request.transcript) c.evidence = find_evidence(c.value, *f, *request.transcript, request.context);
      c.confidence = c.evidence ? kGroundedConfidence : kUngroundedConfidence;
      result.values[f->id] = std::move(c);
    }
    return result;
  }

 private:
  std::shared_ptr<ChatClient> chat_;
};

}  // namespace

std::shared_ptr<Extractor> make_llm_extractor(std::shared_ptr<ChatClient> chat) {
  return std::make_shared<LlmExtractor>(std::move(chat));
}

}  // namespace invox::llm
