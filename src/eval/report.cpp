#include "eval/report.hpp"

#include <cmath>
#include <set>

#include <fmt/format.h>

#include "eval/confidence_metrics.hpp"
#include "invox/output.hpp"

namespace invox::eval {

namespace {

std::set<FieldType> types_seen(const EvalResult& r) {
  std::set<FieldType> types;
  for (const auto& s : r.strategies) {
    for (const auto& [t, c] : s.metrics.by_type) types.insert(t);
  }
  return types;
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string md_cell(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '|') out += "\\|";
    else if (c == '\n') out += ' ';
    else out += c;
  }
  return out;
}

}  // namespace

double round4(double v) { return std::round(v * 10000.0) / 10000.0; }

Json metrics_json(const EvalResult& result) {
  Json j;
  j["dataset"] = result.dataset;
  j["cases"] = result.cases;
  Json strategies = Json::object();
  for (const auto& run : result.strategies) {
    const auto& m = run.metrics;
    Json s;
    s["model"] = m.model;
    s["cases"] = m.cases;
    s["failedCases"] = m.failed_cases;
    s["precision"] = round4(m.counts.precision());
    s["recall"] = round4(m.counts.recall());
    s["f1"] = round4(m.counts.f1());
    s["exactForm"] = round4(m.exact_form_rate());
    s["correct"] = m.counts.correct;
    s["hallucinations"] = m.counts.hallucinations;
    s["omissions"] = m.counts.omissions;
    s["wrong"] = m.counts.wrong;
    s["lockViolations"] = m.lock_violations;
    s["llmCalls"] = m.usage.llm_calls;
    s["promptTokens"] = m.usage.prompt_tokens;
    s["completionTokens"] = m.usage.completion_tokens;
    s["costUsd"] = std::round(m.usage.cost_usd * 1e6) / 1e6;
    s["msPerCase"] = std::round(m.ms_per_case() * 100.0) / 100.0;
    Json by_type = Json::object();
    for (const auto& [type, c] : m.by_type) {
      by_type[std::string(to_string(type))] =
          Json{{"precision", round4(c.precision())}, {"recall", round4(c.recall())}, {"f1", round4(c.f1())}};
    }
    s["byType"] = std::move(by_type);
    if (auto rate = m.item_count_exact_rate()) {
      // DESIGN.md "Scoring a group": per sub-field ("vehicles.colour") scores, and how often every
      // group of a case got exactly the expected number of items.
      s["itemCountExact"] = round4(*rate);
      Json group_fields = Json::object();
      for (const auto& [path, c] : m.by_group_field) {
        group_fields[path] = Json{{"precision", round4(c.precision())}, {"recall", round4(c.recall())},
                                  {"f1", round4(c.f1())}, {"correct", c.correct}, {"hallucinations", c.hallucinations},
                                  {"omissions", c.omissions}, {"wrong", c.wrong}};
      }
      s["groupFields"] = std::move(group_fields);
    }
    Json calibration = calibration_json(confidence_metrics(run, run.review_threshold));
    for (auto& [key, v] : calibration.items())
      if (v.is_number_float()) v = round4(v.get<double>());
    s["calibration"] = std::move(calibration);
    strategies[m.strategy] = std::move(s);
  }
  j["strategies"] = std::move(strategies);
  return j;
}

std::string markdown_report(const EvalResult& result) {
  std::string out = fmt::format("Dataset `{}`: {} cases\n\n", result.dataset, result.cases);
  out += "| strategy | model | P | R | F1 | exact-form | correct | halluc. | omiss. | wrong | lock viol. | failed | "
         "LLM calls | tokens (in/out) | cost USD | ms/case |\n";
  out += "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n";
  for (const auto& run : result.strategies) {
    const auto& m = run.metrics;
    out += fmt::format("| {} | {} | {:.3f} | {:.3f} | {:.3f} | {:.3f} | {} | {} | {} | {} | {} | {} | {} | {}/{} | "
                       "{:.4f} | {:.1f} |\n",
                       m.strategy, md_cell(m.model), m.counts.precision(), m.counts.recall(), m.counts.f1(),
                       m.exact_form_rate(), m.counts.correct, m.counts.hallucinations, m.counts.omissions,
                       m.counts.wrong, m.lock_violations, m.failed_cases, m.usage.llm_calls, m.usage.prompt_tokens,
                       m.usage.completion_tokens, m.usage.cost_usd, m.ms_per_case());
  }
  for (const auto& run : result.strategies) {
    if (auto rate = run.metrics.item_count_exact_rate()) {
      out += fmt::format("\n{}: item count exactly right in {:.3f} of {} cases with groups\n", run.metrics.strategy,
                         *rate, run.metrics.group_cases);
    }
  }
  out += "\nConfidence (values the run set; accepted = no issue raised, confidence at least the threshold)\n\n"
         "| strategy | threshold | samples | ECE | Brier | AURC | accepted precision | accepted coverage | "
         "review rate | complete forms exact |\n|---|---|---|---|---|---|---|---|---|---|\n";
  for (const auto& run : result.strategies) {
    const ConfidenceMetrics c = confidence_metrics(run, run.review_threshold);
    auto f = [](const std::optional<double>& v) { return v ? fmt::format("{:.3f}", *v) : std::string("n/a"); };
    out += fmt::format("| {} | {:.2f} | {} | {} | {} | {} | {} | {} | {} | {} |\n", run.metrics.strategy,
                       run.review_threshold, c.samples, f(c.ece),
                       f(c.brier), f(c.aurc), f(c.accepted_precision), f(c.accepted_coverage), f(c.review_rate),
                       c.complete_exact ? fmt::format("{:.3f} of {}", *c.complete_exact, c.complete_forms)
                                        : std::string("n/a"));
  }
  const auto types = types_seen(result);
  if (types.empty()) return out;
  out += "\nPer field type: F1 (precision / recall)\n\n| type |";
  std::string rule = "|---|";
  for (const auto& run : result.strategies) {
    out += fmt::format(" {} |", run.metrics.strategy);
    rule += "---|";
  }
  out += "\n" + rule + "\n";
  for (FieldType t : types) {
    out += fmt::format("| {} |", to_string(t));
    for (const auto& run : result.strategies) {
      auto it = run.metrics.by_type.find(t);
      if (it == run.metrics.by_type.end()) {
        out += " - |";
      } else {
        out += fmt::format(" {:.3f} ({:.3f} / {:.3f}) |", it->second.f1(), it->second.precision(), it->second.recall());
      }
    }
    out += "\n";
  }
  return out;
}

std::string csv_report(const EvalResult& result) {
  const auto types = types_seen(result);
  std::string out =
      "strategy,model,cases,failedCases,precision,recall,f1,exactForm,correct,hallucinations,omissions,wrong,"
      "lockViolations,llmCalls,promptTokens,completionTokens,costUsd,msPerCase";
  for (FieldType t : types) out += fmt::format(",f1_{}", to_string(t));
  out += "\n";
  for (const auto& run : result.strategies) {
    const auto& m = run.metrics;
    out += fmt::format("{},{},{},{},{:.4f},{:.4f},{:.4f},{:.4f},{},{},{},{},{},{},{},{},{:.6f},{:.2f}", m.strategy,
                       csv_field(m.model), m.cases, m.failed_cases, m.counts.precision(), m.counts.recall(),
                       m.counts.f1(), m.exact_form_rate(), m.counts.correct, m.counts.hallucinations,
                       m.counts.omissions, m.counts.wrong, m.lock_violations, m.usage.llm_calls,
                       m.usage.prompt_tokens, m.usage.completion_tokens, m.usage.cost_usd, m.ms_per_case());
    for (FieldType t : types) {
      auto it = m.by_type.find(t);
      out += it == m.by_type.end() ? std::string(",") : fmt::format(",{:.4f}", it->second.f1());
    }
    out += "\n";
  }
  return out;
}

Json detail_line(const std::string& strategy, const CaseScore& score, const FieldScore& f) {
  Json j;
  j["strategy"] = strategy;
  j["case"] = score.case_id;
  j["template"] = score.template_id;
  j["field"] = f.field;
  j["type"] = std::string(to_string(f.type));
  j["expected"] = f.expected;
  j["predicted"] = f.predicted;
  j["outcome"] = std::string(to_string(f.outcome));
  j["lockViolation"] = f.lock_violation;
  j["evidence"] = f.evidence ? to_json(*f.evidence) : Json(nullptr);
  if (f.set_by_run) {
    j["confidence"] = round4(f.confidence);
    if (f.raw_confidence) j["rawConfidence"] = round4(*f.raw_confidence);
    j["flagged"] = f.flagged;
  }
  if (score.failed) j["error"] = score.error;
  return j;
}

Status write_details(const std::string& path, const EvalResult& result) {
  std::string text;
  for (const auto& run : result.strategies) {
    for (const auto& cr : run.cases) {
      for (const auto& f : cr.score.fields) {
        // A group is reported sub-value by sub-value, each line naming its path.
        const bool group = f.type == FieldType::Group;
        for (const auto& line : group ? f.sub_values : std::vector<FieldScore>{f}) {
          text += detail_line(run.metrics.strategy, cr.score, line).dump(-1, ' ', false, Json::error_handler_t::replace);
          text += '\n';
        }
      }
    }
  }
  return write_file_atomically(path, text);
}

}  // namespace invox::eval
