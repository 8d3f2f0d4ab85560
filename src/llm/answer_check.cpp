#include "llm/answer_check.hpp"

#include <fmt/format.h>

#include <regex>

#include "invox/normalize.hpp"
#include "util/strings.hpp"

namespace invox::llm {

namespace {

using Checked = std::pair<Json, std::string>;  // value, problem ("" = fine)

bool normalizes_cleanly(const Json& v, const Field& f, const NormalizeContext& ctx, Json& out) {
  auto r = normalize_value_for_field(v, f, ctx);
  if (r.value.is_null()) return false;
  if (r.issue && r.issue->type == IssueType::Invalid) return false;
  out = r.value;
  return true;
}

Checked check_number(const Json& v, const Field& f, const NormalizeContext& ctx) {
  Json n;
  if (v.is_number()) n = v;
  else if (v.is_string()) {
    try {
      size_t used = 0;
      const double d = std::stod(v.get<std::string>(), &used);
      if (used == v.get<std::string>().size()) n = d;
    } catch (...) {
    }
    if (n.is_null() && !normalizes_cleanly(v, f, ctx, n)) n = nullptr;
  }
  if (!n.is_number()) return {nullptr, fmt::format("{} must be a JSON number, got {}", f.id, v.dump())};
  const double d = n.get<double>();
  if (f.min && d < *f.min) return {nullptr, fmt::format("{} = {} is below the minimum {}", f.id, d, *f.min)};
  if (f.max && d > *f.max) return {nullptr, fmt::format("{} = {} is above the maximum {}", f.id, d, *f.max)};
  return {n, ""};
}

Checked check_pattern(const Json& v, const Field& f, const NormalizeContext& ctx, const std::regex& re, const char* form) {
  if (!v.is_string()) return {nullptr, fmt::format("{} must be a string \"{}\", got {}", f.id, form, v.dump())};
  if (std::regex_match(v.get<std::string>(), re)) return {v, ""};
  Json n;
  if (normalizes_cleanly(v, f, ctx, n) && n.is_string() && std::regex_match(n.get<std::string>(), re)) return {n, ""};
  return {nullptr, fmt::format("{} = {} is not in the form {}", f.id, v.dump(), form)};
}

Checked check_enum(const Json& v, const Field& f, const NormalizeContext& ctx) {
  if (v.is_string()) {
    const auto s = util::to_lower_ascii(util::trim(v.get<std::string>()));
    for (const auto& o : f.options) {
      if (util::to_lower_ascii(o) == s) return {o, ""};
      if (auto it = f.option_aliases.find(o); it != f.option_aliases.end()) {
        for (const auto& a : it->second) {
          if (util::to_lower_ascii(a) == s) return {o, ""};
        }
      }
    }
    Json n;
    if (normalizes_cleanly(v, f, ctx, n) && n.is_string()) {
      for (const auto& o : f.options) {
        if (o == n.get<std::string>()) return {n, ""};
      }
    }
  }
  return {nullptr, fmt::format("{} = {} is not one of the options: {}", f.id, v.dump(), util::join(f.options, ", "))};
}

Checked check_boolean(const Json& v, const Field& f) {
  if (v.is_boolean()) return {v, ""};
  if (v.is_string()) {
    const auto s = util::to_lower_ascii(util::trim(v.get<std::string>()));
    if (s == "true" || s == "yes") return {true, ""};
    if (s == "false" || s == "no") return {false, ""};
  }
  return {nullptr, fmt::format("{} must be true or false, got {}", f.id, v.dump())};
}

Checked check_text(const Json& v, const Field& f) {
  if (v.is_string()) {
    auto s = util::trim(v.get<std::string>());
    return {s.empty() ? Json() : Json(s), ""};
  }
  if (v.is_number()) return {v.dump(), ""};
  if (f.type == FieldType::Textarea && v.is_array()) {
    std::vector<std::string> items;
    for (const auto& item : v) {
      if (!item.is_string()) return {nullptr, fmt::format("{} must be a string of items joined with \", \"", f.id)};
      if (auto s = util::trim(item.get<std::string>()); !s.empty()) items.push_back(s);
    }
    return {items.empty() ? Json() : Json(util::join(items, ", ")), ""};
  }
  return {nullptr, fmt::format("{} must be a string, got {}", f.id, v.dump())};
}

Checked check_value(const Json& v, const Field& f, const NormalizeContext& ctx) {
  static const std::regex kDate(R"(\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]))");
  static const std::regex kTime(R"(([01]?\d|2[0-3]):[0-5]\d)");
  if (v.is_null()) return {nullptr, ""};
  switch (f.type) {
    case FieldType::Text:
    case FieldType::Textarea: return check_text(v, f);
    case FieldType::Number: return check_number(v, f, ctx);
    case FieldType::Date: return check_pattern(v, f, ctx, kDate, "YYYY-MM-DD");
    case FieldType::Time: return check_pattern(v, f, ctx, kTime, "HH:MM");
    case FieldType::Enum: return check_enum(v, f, ctx);
    case FieldType::Boolean: return check_boolean(v, f);
    // CF and VER check a list's items sub-value by sub-value; here only its shape.
    case FieldType::Group: return v.is_array() ? Checked{v, ""} : Checked{nullptr, "expected a list of items"};
  }
  return {nullptr, "unknown field type"};
}

}  // namespace

AnswerCheck check_answer(const Json& answer, const std::vector<const Field*>& fields, const NormalizeContext& ctx) {
  AnswerCheck out;
  for (const auto* f : fields) {
    if (!answer.contains(f->id)) {
      out.missing.push_back(f->id);
      continue;
    }
    auto [value, problem] = check_value(answer[f->id], *f, ctx);
    if (problem.empty()) out.values[f->id] = std::move(value);
    else out.problems[f->id] = std::move(problem);
  }
  return out;
}

}  // namespace invox::llm
