#include "llm/llm_extractor.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <set>

#include "llm/llm_response.hpp"
#include "invox/log.hpp"
#include "llm/answer_check.hpp"
#include "llm/context_window.hpp"
#include "llm/answer_schema.hpp"
#include "llm/group_candidate.hpp"
#include "invox/evidence.hpp"
#include "llm/prompts.hpp"
#include "llm/token_logprobs.hpp"
#include "llm/value_confidence.hpp"

namespace invox::llm {

namespace {

constexpr int kAttempts = 2;  // the first answer and one re-ask
// What an answer may need: a fixed part plus a share per field (values, evidence quotes).
constexpr int kBaseTokens = 512;
constexpr int kTokensPerField = 256;

// A group's answer is a list of objects: it counts as one field per kSubValuesPerField of its
// likely sub-values (sub-fields x items, at most kItemsExpected items assumed).
constexpr size_t kSubValuesPerField = 16;
constexpr size_t kItemsExpected = 20;

size_t answer_units(const Field& f) {
  if (!f.is_group()) return 1;
  const size_t items = std::min(f.max_items.value_or(kItemsExpected), kItemsExpected);
  return std::max<size_t>(1, (f.fields.size() * items + kSubValuesPerField - 1) / kSubValuesPerField);
}

size_t answer_units(const std::vector<const Field*>& fields) {
  size_t units = 0;
  for (const auto* f : fields) units += answer_units(*f);
  return units;
}

int tokens_for(size_t units) { return kBaseTokens + kTokensPerField * static_cast<int>(units); }

class LlmExtractor final : public Extractor {
 public:
  explicit LlmExtractor(std::shared_ptr<ChatClient> chat) : chat_(std::move(chat)) {}

  std::string name() const override { return chat_->spec().str(); }

  Expected<ExtractionResult> extract(const ExtractionRequest& request) override {
    std::vector<const Field*> fields = request.fields;
    if (fields.empty() && request.tmpl) {
      for (const auto& f : request.tmpl->fields) fields.push_back(&f);
    }
    if (fields.empty()) return ExtractionResult{};
    // A form whose answer may not fit the model's output limit is asked in parts, each a
    // subset of the fields with the same transcript and context, rather than cut off. The
    // answer may take at most a quarter of the context window, the prompt needs the rest.
    const int context = chat_->context_tokens();
    const int limit = context > 0 ? std::min(chat_->max_output_tokens(), context / 4) : chat_->max_output_tokens();
    const size_t per_call = static_cast<size_t>(std::max(1, (limit - kBaseTokens) / kTokensPerField));
    const ContextBudget budget{context, tokens_for(std::min(fields.size(), per_call)), name()};
    return extract_within_context(request, fields, budget, [&](const ExtractionRequest& fitted) {
      return extract_in_parts(fitted, fields, per_call);
    });
  }

 private:
  Expected<ExtractionResult> extract_in_parts(const ExtractionRequest& request, const std::vector<const Field*>& fields,
                                              size_t per_call) {
    if (answer_units(fields) <= per_call) return extract_fields(request, fields);
    ExtractionResult merged;
    for (size_t first = 0; first < fields.size();) {
      // Consecutive fields while their answers fit; a field bigger than a call goes alone.
      size_t last = first, units = 0;
      while (last < fields.size() && (last == first || units + answer_units(*fields[last]) <= per_call)) {
        units += answer_units(*fields[last++]);
      }
      std::vector<const Field*> part(fields.begin() + static_cast<std::ptrdiff_t>(first),
                                     fields.begin() + static_cast<std::ptrdiff_t>(last));
      first = last;
      ExtractionRequest sub = request;
      sub.fields = part;
      auto got = extract_fields(sub, part);
      if (!got) return got.error();
      for (auto& [id, c] : got->values) merged.values[id] = std::move(c);
      for (auto& i : got->issues) merged.issues.push_back(std::move(i));
      merged.usage += got->usage;
    }
    return merged;
  }

  Expected<ExtractionResult> extract_fields(const ExtractionRequest& request, const std::vector<const Field*>& fields) {
    ExtractionResult result;
    ChatRequest chat;
    chat.messages = extraction_messages(request);
    chat.schema = fields_schema(fields);
    chat.schema_name = "form_fields";
    chat.max_tokens = tokens_for(answer_units(fields));
    chat.meter = request.meter.get();

    std::map<std::string, Json> accepted;
    // Per accepted field: the token probabilities of the answer it came from, and whether that
    // was the answer to a re-ask (the signals combine_llm_signals weighs).
    std::map<std::string, std::shared_ptr<const ValueProbabilities>> probabilities;
    std::set<std::string> reasked;
    std::vector<const Field*> pending = fields;
    std::map<std::string, std::string> problems;
    std::map<std::string, SalvagedGroup> salvaged;
    for (int attempt = 0; attempt < kAttempts && !pending.empty(); ++attempt) {
      auto reply = chat_->complete(chat);
      if (!reply) return reply.error();
      result.usage += reply->usage;
      if (reply->dry_run) return result;
      if (!reply->problem.empty()) return Error::provider(reply->problem);
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
      const auto answer_probabilities = std::make_shared<const ValueProbabilities>(reply->content, reply->logprobs);
      for (auto& [id, value] : check.values) {
        accepted[id] = std::move(value);
        probabilities[id] = answer_probabilities;
        if (attempt > 0) reasked.insert(id);
      }
      problems = std::move(check.problems);
      salvaged = std::move(check.salvaged);
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
      // A group keeps what was usable of its last answer; each unusable part is an issue.
      if (auto it = salvaged.find(f->id); it != salvaged.end()) {
        // Unusable items were dropped, so the answer's item positions no longer match: no token signal.
        accepted[f->id] = it->second.value;
        probabilities.erase(f->id);
        reasked.insert(f->id);
        for (const auto& [path, problem] : it->second.problems) {
          result.issues.push_back({path, IssueType::Invalid,
                                   fmt::format("{} gave an unusable value twice, left out: {}", name(), problem),
                                   IssueAction::ManualReview});
        }
        continue;
      }
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
      const auto found = probabilities.find(f->id);
      const ValueProbabilities* tokens = found == probabilities.end() ? nullptr : found->second.get();
      const bool was_reasked = reasked.count(f->id) > 0;
      const auto confidence = [&](const std::string& path, bool grounded) {
        const auto token_probability = tokens ? tokens->of(path) : std::nullopt;
        const double score = combine_llm_signals({grounded, token_probability, was_reasked});
        log::debug(fmt::format("{}: {} grounded={} token_probability={} reasked={} -> {:.3f}", name(), path, grounded,
                               token_probability ? fmt::format("{:.3f}", *token_probability) : "none", was_reasked,
                               score));
        return score;
      };
      if (f->is_group()) {
        const double base = combine_llm_signals({true, std::nullopt, was_reasked});
        result.values[f->id] = group_candidate(it->second, *f, request, base, confidence);
        continue;
      }
      Candidate c;
      c.value = it->second;
      if (request.transcript) c.evidence = find_evidence(c.value, *f, *request.transcript, request.context);
      c.confidence = confidence(f->id, c.evidence.has_value());
      result.values[f->id] = std::move(c);
    }
    return result;
  }

  std::shared_ptr<ChatClient> chat_;
};

}  // namespace

std::shared_ptr<Extractor> make_llm_extractor(std::shared_ptr<ChatClient> chat) {
  return std::make_shared<LlmExtractor>(std::move(chat));
}

}  // namespace invox::llm
