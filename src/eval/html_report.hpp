#pragma once
// A self-contained HTML evaluation report (no external assets): the strategy table, per-type
// F1 bars as inline SVG, and per-case field diffs with each value's evidence highlighted in the
// transcript it came from.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "eval/runner.hpp"
#include "invox/evidence.hpp"  // locate_evidence

namespace invox::eval {

[[nodiscard]] std::string html_report(const EvalResult& result);

// Helpers, exposed for tests.
[[nodiscard]] std::string html_escape(std::string_view text);
struct Highlight {
  size_t begin = 0;  // byte offsets into the transcript
  size_t end = 0;
  std::string label;  // field id, shown on hover
  std::string css_class;
};
// Escaped transcript with <mark> around each highlight; overlapping highlights are dropped
// after the first so the markup stays well nested.
[[nodiscard]] std::string highlight_transcript(const std::string& transcript, std::vector<Highlight> marks);
// Group sub-field scores (F1, precision / recall per "vehicles.colour") and the item-count rate,
// one column per strategy; "" when no strategy scored a group. In html_groups.cpp.
[[nodiscard]] std::string group_fields_table(const EvalResult& result);
// Grouped horizontal bars: one group per field type, one bar per strategy.
[[nodiscard]] std::string f1_bars_svg(const EvalResult& result);

}  // namespace invox::eval
