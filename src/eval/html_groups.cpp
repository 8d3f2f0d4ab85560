// The HTML report's section on group fields (DESIGN.md "Scoring a group").
#include <set>

#include <fmt/format.h>

#include "eval/html_report.hpp"

namespace invox::eval {

std::string group_fields_table(const EvalResult& r) {
  std::set<std::string> paths;
  bool any = false;
  for (const auto& run : r.strategies) {
    any = any || run.metrics.item_count_exact_rate().has_value();
    for (const auto& [path, c] : run.metrics.by_group_field) paths.insert(path);
  }
  if (!any) return "";
  std::string out = "<h2>Group sub-fields</h2>\n<table><tr><th>sub-field</th>";
  for (const auto& run : r.strategies) out += "<th>" + html_escape(run.metrics.strategy) + " F1 (P / R)</th>";
  out += "</tr>\n<tr><td>item count exactly right</td>";
  for (const auto& run : r.strategies) {
    const auto rate = run.metrics.item_count_exact_rate();
    out += rate ? fmt::format("<td class=num>{:.3f}</td>", *rate) : std::string("<td>-</td>");
  }
  out += "</tr>\n";
  for (const auto& path : paths) {
    out += "<tr><td>" + html_escape(path) + "</td>";
    for (const auto& run : r.strategies) {
      auto it = run.metrics.by_group_field.find(path);
      if (it == run.metrics.by_group_field.end()) {
        out += "<td>-</td>";
      } else {
        out += fmt::format("<td class=num>{:.3f} ({:.3f} / {:.3f})</td>", it->second.f1(), it->second.precision(),
                           it->second.recall());
      }
    }
    out += "</tr>\n";
  }
  return out + "</table>\n";
}

}  // namespace invox::eval
