#include "eval/html_report.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "util/strings.hpp"
#include "util/time_format.hpp"

namespace invox::eval {

namespace {

constexpr const char* kPalette[] = {"#2b6cb0", "#dd6b20", "#2f855a", "#805ad5", "#c53030", "#718096"};
constexpr const char* kStyle = R"(
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:2rem;color:#1a202c;max-width:1200px}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem}
table{border-collapse:collapse;margin:.5rem 0;font-size:.9rem}
th,td{border:1px solid #cbd5e0;padding:.25rem .5rem;text-align:left;vertical-align:top}
th{background:#edf2f7}td.num{text-align:right;font-variant-numeric:tabular-nums}
.correct{background:#c6f6d5}.hallucination{background:#fed7d7}.omission{background:#feebc8}.wrong{background:#fbb6ce}
.lock{outline:2px solid #c53030}
mark{border-radius:3px;padding:0 2px}mark.correct{background:#9ae6b4}mark.hallucination{background:#feb2b2}
mark.wrong{background:#f687b3}mark.omission{background:#fbd38d}
details{border:1px solid #e2e8f0;border-radius:6px;margin:.5rem 0;padding:.3rem .6rem}
summary{cursor:pointer;font-weight:600}.muted{color:#718096;font-weight:400}
.transcript{background:#f7fafc;padding:.5rem;border-radius:4px;line-height:1.6;white-space:pre-wrap}
.legend span{display:inline-block;padding:0 .4rem;margin-right:.4rem;border-radius:3px}
)";

std::string value_text(const Json& v) {
  if (v.is_null()) return "\xE2\x88\x85";  // empty-set sign for "no value"
  if (v.is_string()) return v.get<std::string>();
  return v.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::string strategy_table(const EvalResult& r) {
  std::string out =
      "<table><tr><th>strategy</th><th>model</th><th>P</th><th>R</th><th>F1</th><th>exact-form</th><th>correct</th>"
      "<th>halluc.</th><th>omiss.</th><th>wrong</th><th>lock viol.</th><th>failed</th><th>LLM calls</th>"
      "<th>tokens in/out</th><th>cost USD</th><th>ms/case</th></tr>\n";
  for (const auto& run : r.strategies) {
    const auto& m = run.metrics;
    out += fmt::format(
        "<tr><td>{}</td><td>{}</td><td class=num>{:.3f}</td><td class=num>{:.3f}</td><td class=num><b>{:.3f}</b></td>"
        "<td class=num>{:.3f}</td><td class=num>{}</td><td class=num>{}</td><td class=num>{}</td><td class=num>{}</td>"
        "<td class=num>{}</td><td class=num>{}</td><td class=num>{}</td><td class=num>{}/{}</td>"
        "<td class=num>{:.4f}</td><td class=num>{:.1f}</td></tr>\n",
        html_escape(m.strategy), html_escape(m.model), m.counts.precision(), m.counts.recall(), m.counts.f1(),
        m.exact_form_rate(), m.counts.correct, m.counts.hallucinations, m.counts.omissions, m.counts.wrong,
        m.lock_violations, m.failed_cases, m.usage.llm_calls, m.usage.prompt_tokens, m.usage.completion_tokens,
        m.usage.cost_usd, m.ms_per_case());
  }
  return out + "</table>\n";
}

std::string case_section(const EvalResult& r, size_t index) {
  const auto& first = r.strategies.front().cases[index].score;
  bool all_exact = true;
  std::string badges;
  for (const auto& run : r.strategies) {
    const auto& cr = run.cases[index];
    all_exact = all_exact && cr.score.exact();
    long errors = 0;
    for (const auto& f : cr.score.fields) errors += f.outcome == Outcome::Correct ? 0 : 1;
    badges += fmt::format(" {}: {}", html_escape(run.metrics.strategy),
                          cr.score.failed ? std::string("failed") : fmt::format("{} field error(s)", errors));
  }
  std::string out = fmt::format("<details{} id=\"case-{}\"><summary>{} <span class=muted>{} &middot;{}</span></summary>\n",
                                all_exact ? "" : " open", html_escape(first.case_id), html_escape(first.case_id),
                                html_escape(first.template_id), badges);
  out += "<table><tr><th>field</th><th>type</th><th>expected</th>";
  for (const auto& run : r.strategies) out += "<th>" + html_escape(run.metrics.strategy) + "</th>";
  out += "</tr>\n";
  for (size_t fi = 0; fi < first.fields.size(); ++fi) {
    const auto& f0 = first.fields[fi];
    out += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td>", html_escape(f0.field), to_string(f0.type),
                       html_escape(value_text(f0.expected)));
    for (const auto& run : r.strategies) {
      const auto& f = run.cases[index].score.fields[fi];
      out += fmt::format("<td class=\"{}{}\" title=\"{}{}\">{}</td>", to_string(f.outcome), f.lock_violation ? " lock" : "",
                         to_string(f.outcome), f.lock_violation ? ", lock violation" : "",
                         html_escape(value_text(f.predicted)));
    }
    out += "</tr>\n";
  }
  out += "</table>\n";
  for (const auto& run : r.strategies) {
    const auto& cr = run.cases[index];
    if (cr.score.failed) {
      out += fmt::format("<p><b>{}</b> failed: {}</p>\n", html_escape(run.metrics.strategy), html_escape(cr.score.error));
      continue;
    }
    std::vector<Highlight> marks;
    for (const auto& field : cr.score.fields) {
      for (const auto& f : field.type == FieldType::Group ? field.sub_values : std::vector<FieldScore>{field}) {
        if (!f.evidence || f.predicted.is_null()) continue;
        if (auto pos = locate_evidence(cr.transcript, *f.evidence)) {
          marks.push_back(Highlight{pos->first, pos->second, f.field, std::string(to_string(f.outcome))});
        }
      }
    }
    out += fmt::format("<p><b>{}</b> evidence in the transcript:</p><div class=transcript>{}</div>\n",
                       html_escape(run.metrics.strategy), highlight_transcript(cr.transcript, std::move(marks)));
  }
  return out + "</details>\n";
}

}  // namespace

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string highlight_transcript(const std::string& transcript, std::vector<Highlight> marks) {
  std::sort(marks.begin(), marks.end(), [](const Highlight& a, const Highlight& b) {
    return a.begin != b.begin ? a.begin < b.begin : a.end > b.end;
  });
  std::string out;
  size_t cursor = 0;
  for (const auto& m : marks) {
    if (m.begin < cursor || m.end > transcript.size() || m.begin >= m.end) continue;  // overlaps an earlier mark
    out += html_escape(std::string_view(transcript).substr(cursor, m.begin - cursor));
    out += fmt::format("<mark class=\"{}\" title=\"{}\">{}</mark>", html_escape(m.css_class), html_escape(m.label),
                       html_escape(std::string_view(transcript).substr(m.begin, m.end - m.begin)));
    cursor = m.end;
  }
  out += html_escape(std::string_view(transcript).substr(cursor));
  return out;
}

std::string f1_bars_svg(const EvalResult& r) {
  std::set<FieldType> types;
  for (const auto& run : r.strategies) {
    for (const auto& [t, c] : run.metrics.by_type) types.insert(t);
  }
  const int label_w = 90, bar_max = 420, bar_h = 16, gap = 10;
  const int n = static_cast<int>(r.strategies.size());
  const int legend_h = 24;
  const int height = legend_h + static_cast<int>(types.size()) * (n * bar_h + gap) + 10;
  const int width = label_w + bar_max + 60;
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" role=\"img\" "
      "aria-label=\"F1 per field type\" font-family=\"sans-serif\" font-size=\"12\">\n",
      width, height, width, height);
  for (int s = 0; s < n; ++s) {
    const int x = label_w + s * 90;
    svg += fmt::format("<rect x=\"{}\" y=\"4\" width=\"12\" height=\"12\" fill=\"{}\"/><text x=\"{}\" y=\"14\">{}</text>\n",
                       x, kPalette[s % 6], x + 16, html_escape(r.strategies[static_cast<size_t>(s)].metrics.strategy));
  }
  int y = legend_h;
  for (FieldType t : types) {
    const int group_h = n * bar_h;
    svg += fmt::format("<text x=\"0\" y=\"{}\" dominant-baseline=\"middle\">{}</text>\n", y + group_h / 2, to_string(t));
    for (int s = 0; s < n; ++s) {
      const auto& by_type = r.strategies[static_cast<size_t>(s)].metrics.by_type;
      auto it = by_type.find(t);
      const double f1 = it == by_type.end() ? 0.0 : it->second.f1();
      const int w = static_cast<int>(f1 * bar_max + 0.5);
      const int by = y + s * bar_h;
      svg += fmt::format(
          "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"><title>{} {}: F1 {:.3f}</title></rect>"
          "<text x=\"{}\" y=\"{}\" dominant-baseline=\"middle\">{:.3f}</text>\n",
          label_w, by + 1, w, bar_h - 2, kPalette[s % 6], html_escape(r.strategies[static_cast<size_t>(s)].metrics.strategy),
          to_string(t), f1, label_w + w + 4, by + bar_h / 2, f1);
    }
    y += group_h + gap;
  }
  svg += fmt::format("<line x1=\"{0}\" y1=\"{1}\" x2=\"{0}\" y2=\"{2}\" stroke=\"#4a5568\"/>\n", label_w, legend_h - 2, y);
  return svg + "</svg>\n";
}

std::string html_report(const EvalResult& r) {
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n";
  out += fmt::format("<title>invox eval: {}</title>\n<style>{}</style></head><body>\n", html_escape(r.dataset), kStyle);
  out += fmt::format("<h1>invox evaluation: dataset <code>{}</code></h1>\n<p>{} cases &middot; generated {}</p>\n",
                     html_escape(r.dataset), r.cases, util::utc_now_iso8601());
  out += "<h2>Strategies</h2>\n" + strategy_table(r);
  out += "<h2>F1 per field type</h2>\n" + f1_bars_svg(r);
  out += group_fields_table(r);
  out += "<h2>Cases</h2>\n<p class=legend><span class=correct>correct</span><span class=wrong>wrong</span>"
         "<span class=omission>omission</span><span class=hallucination>hallucination</span>"
         "<span class=\"lock\">lock violation</span> Cases with any error are expanded; hover a highlight to see its "
         "field.</p>\n";
  if (!r.strategies.empty()) {
    for (size_t i = 0; i < r.strategies.front().cases.size(); ++i) out += case_section(r, i);
  }
  return out + "</body></html>\n";
}

}  // namespace invox::eval
