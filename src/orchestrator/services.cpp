// What a run builds once and every input shares: default models resolved, credentials checked,
// extractors and judge, the history store and the speech recognizer.
#include <fmt/format.h>

#include <mutex>

#include "invox/log.hpp"
#include "invox/orchestrator.hpp"

namespace invox {

namespace {

const ModelSpec kRules{"rules", "rules", ""};
const ModelSpec kDefaultA{"openai", "gpt-4o", ""};
const ModelSpec kDefaultB{"gemini", "gemini-2.0-flash", ""};
const ModelSpec kDefaultJudge{"openai", "gpt-4o-mini", ""};
const ProviderConfig kDefaultUrls{};

// A store that could not be opened: every retrieval reports why, so each form's `rag` stage
// carries the warning and falls back to zero-shot instead of failing.
class UnavailableHistoryStore final : public HistoryStore {
 public:
  explicit UnavailableHistoryStore(Error e) : error_(std::move(e)) {}
  Expected<long long> add(const HistoryExample&) override { return error_; }
  Expected<std::vector<FewShot>> retrieve(const Template&, const std::string&, const RetrievalOptions&) override {
    return error_;
  }
  Expected<std::vector<HistoryExample>> list(const std::string&) override { return error_; }
  Expected<HistoryStats> stats() override { return error_; }
  Expected<bool> remove(long long) override { return error_; }

 private:
  Error error_;
};

// The variable a hosted model needs, when it is not set (endpoints overridden to another
// server are left to the model layer, which knows whether they need a key).
std::optional<std::string> missing_key(const ModelSpec& spec, const ProviderConfig& p) {
  if (spec.provider == "openai" && p.openai_api_key.empty() && p.openai_base_url == kDefaultUrls.openai_base_url)
    return "OPENAI_API_KEY";
  if (spec.provider == "gemini" && p.gemini_api_key.empty() && p.gemini_base_url == kDefaultUrls.gemini_base_url)
    return "GEMINI_API_KEY";
  return std::nullopt;
}

Status check_key(const ModelSpec& spec, const ModelServices& ms, const std::string& role, const std::string& remedy) {
  if (ms.dry_run) return ok();
  if (auto var = missing_key(spec, ms.providers)) {
    return Error::config(fmt::format("{} {} needs {}, which is not set: set {}, or {}", role, spec.str(), *var, *var,
                                     remedy));
  }
  return ok();
}

}  // namespace

void resolve_default_models(PipelineOptions& options, const ProviderConfig& keys) {
  if (!options.models.empty()) return;
  if (needs_two_models(options.strategy)) {
    options.models = {kDefaultA, kDefaultB};
  } else if (!keys.openai_api_key.empty()) {
    options.models = {kDefaultA};
  } else if (!keys.gemini_api_key.empty()) {
    options.models = {kDefaultB};
  } else {
    options.models = {kRules};
    static std::once_flag once;  // DESIGN.md: said once, however many pipelines a run builds
    std::call_once(once, [] {
      log::warn("no OPENAI_API_KEY or GEMINI_API_KEY is set: using the offline 'rules' model "
                "(choose one with --model)");
    });
  }
}

std::string describe_models(const PipelineServices& s) {
  std::string out = s.model_a ? s.model_a->name() : std::string();
  if (s.model_b) out += " + " + s.model_b->name();
  if (s.judge) out += ", judge " + s.judge->name();
  return out;
}

Expected<PipelineServices> build_pipeline_services(PipelineOptions& options, const ModelServices& model_services,
                                                   const std::optional<HistoryOptions>& history, bool with_recognizer) {
  const bool two = needs_two_models(options.strategy);
  const std::string strategy(to_string(options.strategy));
  resolve_default_models(options, model_services.providers);

  PipelineServices s;
  if (two) {
    if (options.models.size() != 2) {
      return Error::config(fmt::format("strategy {} needs exactly two models: pass --models A,B (default {},{})",
                                       strategy, kDefaultA.str(), kDefaultB.str()));
    }
    if (options.models[0].is_rules() && options.models[1].is_rules()) {
      return Error::config(fmt::format(
          "strategy {} needs two different models and the offline 'rules' engine is only one: set OPENAI_API_KEY "
          "and GEMINI_API_KEY for the defaults ({} + {}), or pass --models A,B",
          strategy, kDefaultA.str(), kDefaultB.str()));
    }
    if (!options.judge) options.judge = kDefaultJudge;
    const std::string remedy = "choose other models with --models A,B";
    for (const auto& spec : options.models) {
      if (auto st = check_key(spec, model_services, fmt::format("strategy {} model", strategy), remedy); !st) {
        return st.error();
      }
    }
    if (auto st = check_key(*options.judge, model_services, fmt::format("strategy {} judge", strategy),
                            "choose another judge with --judge J (--judge rules works offline)");
        !st) {
      return st.error();
    }
  } else {
    if (options.models.size() != 1) {
      return Error::config(fmt::format("strategy {} uses one model, got {}: pass --model M", strategy,
                                       options.models.size()));
    }
    if (auto st = check_key(options.models[0], model_services, "model", "use --model rules (offline)"); !st) {
      return st.error();
    }
  }

  auto a = make_extractor(options.models[0], model_services);
  if (!a) return a.error();
  s.model_a = *a;
  if (two) {
    auto b = make_extractor(options.models[1], model_services);
    if (!b) return b.error();
    s.model_b = *b;
    auto j = make_judge(*options.judge, model_services);
    if (!j) return j.error();
    s.judge = *j;
  }

  if (history) {
    auto store = open_history_store(*history, model_services);
    if (store) {
      s.history = *store;
    } else {
      log::warn(fmt::format("history store unavailable, continuing zero-shot: {}", store.error().message));
      s.history = std::make_shared<UnavailableHistoryStore>(store.error());
    }
  }
  if (with_recognizer) {
    auto stt = make_recognizer(options.stt, model_services);
    if (stt) {
      s.stt = *stt;
    } else if (stt.error().kind == ErrorKind::Config) {
      return stt.error();  // e.g. a missing key for a networked STT backend
    } else {
      s.stt_error = stt.error();
    }
  }
  return s;
}

}  // namespace invox
