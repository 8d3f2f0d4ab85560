// S2: one extraction call per field, in parallel, each in its own error boundary.
#include <fmt/format.h>

#include "invox/strategy.hpp"
#include "util/worker_pool.hpp"

namespace invox {

namespace {

constexpr size_t kExamplesPerField = 2;

struct FieldRun {
  std::optional<Candidate> candidate;
  std::vector<Issue> issues;
  Usage usage;
  std::optional<Error> config_error;  // the run's configuration (key, model name): fails the form
};

Issue field_failure(const Field& field, const std::string& why) {
  return Issue{field.id, IssueType::LowConf,
               fmt::format("extraction failed for this field ({}); it keeps its current value", why),
               IssueAction::Requery};
}

// The per-field request: that field only, its hint, and the few-shots that filled it.
ExtractionRequest request_for(const ExtractionRequest& base, const Field& field) {
  ExtractionRequest r = base;
  r.fields = {&field};
  r.hints.clear();
  if (auto it = base.hints.find(field.id); it != base.hints.end()) r.hints[field.id] = it->second;
  r.examples.clear();
  for (const auto& ex : base.examples) {
    if (r.examples.size() >= kExamplesPerField) break;
    auto it = ex.expected.find(field.id);
    if (ex.expected.is_object() && it != ex.expected.end() && !it->is_null()) r.examples.push_back(ex);
  }
  return r;
}

FieldRun run_field(const StrategyInput& input, const Field& field) {
  FieldRun out;
  try {
    auto result = input.model_a->extract(request_for(input.base, field));
    if (!result) {
      if (result.error().kind == ErrorKind::Config) out.config_error = result.error();
      out.issues.push_back(field_failure(field, result.error().message));
      return out;
    }
    out.usage = result->usage;
    for (auto& issue : result->issues) {
      if (issue.field.empty()) issue.field = field.id;
      out.issues.push_back(std::move(issue));
    }
    // Only the asked field counts: a per-field call cannot fill its neighbours.
    if (auto it = result->values.find(field.id); it != result->values.end() && !it->second.value.is_null()) {
      out.candidate = std::move(it->second);
    }
  } catch (const std::exception& e) {
    out.issues.push_back(field_failure(field, e.what()));
  } catch (...) {
    out.issues.push_back(field_failure(field, "unknown exception"));
  }
  return out;
}

}  // namespace

Expected<StrategyOutput> run_s2(const StrategyInput& input) {
  if (!input.model_a) return Error::config("strategy S2 needs a model");
  const auto& fields = input.base.fields;
  auto runs = util::fan_out(fields.size(), input.max_parallel, [&](size_t i) { return run_field(input, *fields[i]); });

  // A rejected key or a model the provider no longer serves fails every field alike: the form
  // fails with the reason (exit 2) instead of keeping per-field issues.
  for (auto& run : runs) {
    if (run.config_error) return *run.config_error;
  }
  StrategyOutput out;
  for (size_t i = 0; i < fields.size(); ++i) {
    if (runs[i].candidate) out.values[fields[i]->id] = std::move(*runs[i].candidate);
    for (auto& issue : runs[i].issues) out.issues.push_back(std::move(issue));
    out.usage += runs[i].usage;
  }
  out.calls = static_cast<int>(fields.size());
  return out;
}

}  // namespace invox
