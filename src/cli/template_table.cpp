#include "cli/template_table.hpp"

#include <array>
#include <vector>

#include <fmt/format.h>

#include "util/strings.hpp"

namespace invox::cli {

namespace {

constexpr size_t kColumns = 6;
using Row = std::array<std::string, kColumns>;

// Display width in code points (UTF-8 continuation bytes do not count), so "°C" lines up.
size_t width(const std::string& s) { return util::utf8_length(s); }

std::string number(double v) { return fmt::format("{}", v); }

std::string item_bounds(const Field& f) {
  if (f.min_items && f.max_items) return fmt::format("{}..{} items", *f.min_items, *f.max_items);
  if (f.min_items) return fmt::format(">= {} items", *f.min_items);
  if (f.max_items) return fmt::format("<= {} items", *f.max_items);
  return "";
}

std::string unit_and_range(const Field& f) {
  if (f.is_group()) return item_bounds(f);
  std::string range;
  if (f.min && f.max) {
    range = number(*f.min) + ".." + number(*f.max);
  } else if (f.min) {
    range = ">= " + number(*f.min);
  } else if (f.max) {
    range = "<= " + number(*f.max);
  }
  if (f.unit.empty()) return range;
  return range.empty() ? f.unit : f.unit + " " + range;
}

std::string options(const Field& f) {
  std::string out;
  for (const auto& o : f.options) {
    if (!out.empty()) out += " | ";
    out += o;
    if (auto it = f.option_aliases.find(o); it != f.option_aliases.end() && !it->second.empty()) {
      std::string aliases;
      for (const auto& a : it->second) aliases += (aliases.empty() ? "" : ", ") + a;
      out += " (" + aliases + ")";
    }
  }
  return out;
}

}  // namespace

std::string render_template_table(const Template& t) {
  std::string out = fmt::format("template: {}\n", t.id);
  if (!t.title.empty()) out += fmt::format("title:    {}\n", t.title);
  if (!t.domain.empty()) out += fmt::format("domain:   {}\n", t.domain);
  out += fmt::format("fields:   {}\n\n", t.fields.size());

  std::vector<Row> rows{{"ID", "LABEL", "TYPE", "REQUIRED", "UNIT/RANGE", "OPTIONS"}};
  for (const auto& f : t.fields) {
    rows.push_back({f.id, f.label, std::string(to_string(f.type)), f.required ? "yes" : "no", unit_and_range(f),
                    options(f)});
    // A group's sub-fields follow it, named by path ("vehicles.colour"); REQUIRED means "in every item".
    for (const auto& sub : f.fields) {
      rows.push_back({"  " + f.id + "." + sub.id, sub.label, std::string(to_string(sub.type)),
                      sub.required ? "yes" : "no", unit_and_range(sub), options(sub)});
    }
  }
  std::array<size_t, kColumns> widths{};
  for (const auto& r : rows) {
    for (size_t c = 0; c < kColumns; ++c) widths[c] = std::max(widths[c], width(r[c]));
  }
  for (const auto& r : rows) {
    std::string line;
    for (size_t c = 0; c < kColumns; ++c) {
      line += r[c];
      if (c + 1 < kColumns) line += std::string(widths[c] - width(r[c]) + 2, ' ');
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  if (!t.constraints.empty()) {
    out += "\nconstraints:\n";
    for (const auto& c : t.constraints) {
      out += fmt::format("  {} {} {}{}\n", c.left, c.op, c.right, c.message.empty() ? "" : "  (" + c.message + ")");
    }
  }
  return out;
}

}  // namespace invox::cli
