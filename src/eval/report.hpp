#pragma once
// Evaluation outputs: the Markdown table (stdout), --json (DESIGN.md "Evaluation output"),
// --csv, --details (one JSON line per case and field) and --html (html_report.hpp).
#include <cstdio>
#include <string>

#include "eval/runner.hpp"
#include "invox/json.hpp"

namespace invox::eval {

// Exactly the DESIGN.md keys: dataset, cases, strategies.{S}.{model, cases, failedCases,
// precision, recall, f1, exactForm, correct, hallucinations, omissions, wrong, lockViolations,
// llmCalls, promptTokens, completionTokens, costUsd, msPerCase, byType.{type}.{precision, recall, f1}}.
[[nodiscard]] Json metrics_json(const EvalResult& result);

// One row per strategy, then a per-type table (F1 with P/R per strategy).
[[nodiscard]] std::string markdown_report(const EvalResult& result);

// Header row + one row per strategy; per-type F1 as f1_<type> columns.
[[nodiscard]] std::string csv_report(const EvalResult& result);

// One JSON object per strategy, case and field: strategy, case, template, field, type, expected,
// predicted, outcome, lockViolation, evidence (transcriptSnippet... or null), error (failed cases).
[[nodiscard]] Json detail_line(const std::string& strategy, const CaseScore& score, const FieldScore& field);
[[nodiscard]] Status write_details(const std::string& path, const EvalResult& result);

// Rounds for display and JSON (4 decimals), keeping exact integers exact.
[[nodiscard]] double round4(double v);

}  // namespace invox::eval
