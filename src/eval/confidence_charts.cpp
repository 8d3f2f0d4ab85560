#include "eval/confidence_charts.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "eval/html_report.hpp"

namespace invox::eval {

namespace {

constexpr int kSize = 240;    // plot area, square
constexpr int kMargin = 40;   // room for axis labels
constexpr int kTotal = kSize + 2 * kMargin;

double px(double v) { return kMargin + std::clamp(v, 0.0, 1.0) * kSize; }
double py(double v) { return kMargin + (1.0 - std::clamp(v, 0.0, 1.0)) * kSize; }

std::string open_svg(const std::string& title, const char* x_label, const char* y_label) {
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{0}\" viewBox=\"0 0 {0} {0}\" role=\"img\" "
      "aria-label=\"{1}\" font-family=\"sans-serif\" font-size=\"11\">\n<title>{1}</title>\n"
      "<rect x=\"{2}\" y=\"{2}\" width=\"{3}\" height=\"{3}\" fill=\"#f7fafc\" stroke=\"#a0aec0\"/>\n",
      kTotal, html_escape(title), kMargin, kSize);
  for (int t = 0; t <= 10; t += 5) {
    const double v = t / 10.0;
    svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{:.1f}</text>"
                       "<text x=\"{}\" y=\"{}\" text-anchor=\"end\" dominant-baseline=\"middle\">{:.1f}</text>\n",
                       px(v), kMargin + kSize + 14, v, kMargin - 4, py(v), v);
  }
  svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n", kMargin + kSize / 2,
                     kTotal - 8, x_label);
  svg += fmt::format("<text x=\"12\" y=\"{0}\" text-anchor=\"middle\" transform=\"rotate(-90 12 {0})\">{1}</text>\n",
                     kMargin + kSize / 2, y_label);
  svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-weight=\"bold\">{}</text>\n",
                     kMargin + kSize / 2, kMargin - 14, html_escape(title));
  return svg;
}

}  // namespace

std::string reliability_svg(const ConfidenceMetrics& m, const std::string& title) {
  std::string svg = open_svg(title, "confidence", "accuracy");
  svg += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#718096\" stroke-dasharray=\"4 3\"/>\n",
                     px(0), py(0), px(1), py(1));
  const double bin_w = static_cast<double>(kSize) / kReliabilityBins;
  for (const auto& b : m.bins) {
    if (b.samples == 0) continue;
    // Bars at accuracy, a dot at the bin's mean confidence: the gap between them is the error.
    svg += fmt::format(
        "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"#2b6cb0\" fill-opacity=\"0.75\">"
        "<title>{:.1f}-{:.1f}: {} values, accuracy {:.3f}, mean confidence {:.3f}</title></rect>\n",
        px(b.lo) + 1, py(b.accuracy), bin_w - 2, py(0) - py(b.accuracy), b.lo, b.hi, b.samples,
        b.accuracy, b.mean_confidence);
    svg += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3\" fill=\"#dd6b20\"/>\n", px(b.mean_confidence),
                       py(b.mean_confidence));
  }
  svg += fmt::format("<text x=\"{}\" y=\"{}\">ECE {} &#183; {} values</text>\n", kMargin + 6, kMargin + 14,
                     metric_text(m.ece), m.samples);
  return svg + "</svg>\n";
}

std::string risk_coverage_svg(const ConfidenceMetrics& m, const std::string& title) {
  std::string svg = open_svg(title, "coverage", "error rate");
  if (!m.risk_coverage.empty()) {
    std::string points = fmt::format("{:.1f},{:.1f}", px(0), py(m.risk_coverage.front().second));
    for (const auto& [coverage, risk] : m.risk_coverage) points += fmt::format(" {:.1f},{:.1f}", px(coverage), py(risk));
    svg += fmt::format("<polyline points=\"{}\" fill=\"none\" stroke=\"#c53030\" stroke-width=\"2\"/>\n", points);
  }
  if (m.accepted_coverage && m.accepted_precision) {
    svg += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"4\" fill=\"#2f855a\"><title>accepted: coverage {:.3f}, "
                       "error {:.3f}</title></circle>\n",
                       px(*m.accepted_coverage), py(1.0 - *m.accepted_precision), *m.accepted_coverage,
                       1.0 - *m.accepted_precision);
  }
  svg += fmt::format("<text x=\"{}\" y=\"{}\">AURC {}</text>\n", kMargin + 6, kMargin + 14, metric_text(m.aurc));
  return svg + "</svg>\n";
}

std::string confidence_section_html(const EvalResult& r) {
  std::string out =
      "<p>A sample is a value the run set. Accepted: no issue raised on it (its confidence is at least the strategy's "
      "review threshold). The green dot on the risk&ndash;coverage curve is the accepted set.</p>\n";
  for (const auto& run : r.strategies) {
    const ConfidenceMetrics m = confidence_metrics(run, run.review_threshold);
    out += fmt::format(
        "<h3>{}</h3>\n<p>review threshold {:.2f} &middot; review rate {} &middot; accepted precision {} at coverage {} "
        "&middot; forms marked complete: {}, fully correct {}</p>\n<div>",
        html_escape(run.metrics.strategy), run.review_threshold, metric_text(m.review_rate),
        metric_text(m.accepted_precision),
        metric_text(m.accepted_coverage), m.complete_forms, metric_text(m.complete_exact));
    out += reliability_svg(m, run.metrics.strategy + " reliability");
    out += risk_coverage_svg(m, run.metrics.strategy + " risk-coverage");
    out += "</div>\n";
  }
  return out;
}

}  // namespace invox::eval
