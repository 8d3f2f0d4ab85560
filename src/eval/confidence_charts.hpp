#pragma once
// Inline SVG charts of how confidence tracks correctness (no script, no network): the
// reliability diagram (accuracy against mean confidence per bin, the diagonal being perfect
// calibration) and the risk-coverage curve (error rate of the most confident values kept).
#include <string>

#include "eval/confidence_metrics.hpp"

namespace invox::eval {

// `title` labels the chart for screen readers and as its caption.
[[nodiscard]] std::string reliability_svg(const ConfidenceMetrics& m, const std::string& title);
[[nodiscard]] std::string risk_coverage_svg(const ConfidenceMetrics& m, const std::string& title);

// An HTML section per strategy: the two charts, review rate and how often complete forms are right.
[[nodiscard]] std::string confidence_section_html(const EvalResult& result);

}  // namespace invox::eval
