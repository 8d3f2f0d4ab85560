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

Checked check_number(const Json& v, const Field& f, const NormalizeContext& ctx, const std::string& name) {
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
  if (!n.is_number()) return {nullptr, fmt::format("{} must be a JSON number, got {}", name, v.dump())};
  const double d = n.get<double>();
  if (f.min && d < *f.min) return {nullptr, fmt::format("{} = {} is below the minimum {}", name, d, *f.min)};
  if (f.max && d > *f.max) return {nullptr, fmt::format("{} = {} is above the maximum {}", name, d, *f.max)};
  return {n, ""};
}

Checked check_pattern(const Json& v, const Field& f, const NormalizeContext& ctx, const std::string& name,
                      const std::regex& re, const char* form) {
  if (!v.is_string()) return {nullptr, fmt::format("{} must be a string \"{}\", got {}", name, form, v.dump())};
  if (std::regex_match(v.get<std::string>(), re)) return {v, ""};
  Json n;
  if (normalizes_cleanly(v, f, ctx, n) && n.is_string() && std::regex_match(n.get<std::string>(), re)) return {n, ""};
  return {nullptr, fmt::format("{} = {} is not in the form {}", name, v.dump(), form)};
}

Checked check_enum(const Json& v, const Field& f, const NormalizeContext& ctx, const std::string& name) {
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
  return {nullptr, fmt::format("{} = {} is not one of the options: {}", name, v.dump(), util::join(f.options, ", "))};
}

Checked check_boolean(const Json& v, const std::string& name) {
  if (v.is_boolean()) return {v, ""};
  if (v.is_string()) {
    const auto s = util::to_lower_ascii(util::trim(v.get<std::string>()));
    if (s == "true" || s == "yes") return {true, ""};
    if (s == "false" || s == "no") return {false, ""};
  }
  return {nullptr, fmt::format("{} must be true or false, got {}", name, v.dump())};
}

Checked check_text(const Json& v, const Field& f, const std::string& name) {
  if (v.is_string()) {
    auto s = util::trim(v.get<std::string>());
    return {s.empty() ? Json() : Json(s), ""};
  }
  if (v.is_number()) return {v.dump(), ""};
  if (f.type == FieldType::Textarea && v.is_array()) {
    std::vector<std::string> items;
    for (const auto& item : v) {
      if (!item.is_string()) return {nullptr, fmt::format("{} must be a string of items joined with \", \"", name)};
      if (auto s = util::trim(item.get<std::string>()); !s.empty()) items.push_back(s);
    }
    return {items.empty() ? Json() : Json(util::join(items, ", ")), ""};
  }
  return {nullptr, fmt::format("{} must be a string, got {}", name, v.dump())};
}

Checked check_value(const Json& v, const Field& f, const NormalizeContext& ctx, const std::string& name) {
  static const std::regex kDate(R"(\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]))");
  static const std::regex kTime(R"(([01]?\d|2[0-3]):[0-5]\d)");
  if (v.is_null()) return {nullptr, ""};
  switch (f.type) {
    case FieldType::Text:
    case FieldType::Textarea: return check_text(v, f, name);
    case FieldType::Number: return check_number(v, f, ctx, name);
    case FieldType::Date: return check_pattern(v, f, ctx, name, kDate, "YYYY-MM-DD");
    case FieldType::Time: return check_pattern(v, f, ctx, name, kTime, "HH:MM");
    case FieldType::Enum: return check_enum(v, f, ctx, name);
    case FieldType::Boolean: return check_boolean(v, name);
    case FieldType::Group: break;  // check_group; templates never nest groups
  }
  return {nullptr, fmt::format("{} has a type that cannot be checked here", name)};
}

std::string sub_field_ids(const Field& group) {
  std::vector<std::string> ids;
  for (const auto& sub : group.fields) ids.push_back(sub.id);
  return util::join(ids, ", ");
}

// A list of items: each item an object, each sub-value checked like a field of its type. What
// is wrong is named by path; the usable rest (bad sub-values null, malformed items left out)
// is kept in case a re-ask does not fix it.
SalvagedGroup check_group(const Json& v, const Field& g, const NormalizeContext& ctx) {
  SalvagedGroup out;
  if (v.is_null()) return out;
  // One object alone is read as a one-item list (the shape CF accepts too).
  const Json items = v.is_object() ? Json::array({v}) : v;
  if (!items.is_array()) {
    out.problems.emplace_back(g.id, fmt::format("{} must be a list of objects with the keys {} (or null), got {}", g.id,
                                                sub_field_ids(g), v.dump()));
    return out;
  }
  out.value = Json::array();
  for (size_t i = 0; i < items.size(); ++i) {
    const auto& item = items[i];
    const auto item_path = fmt::format("{}[{}]", g.id, i);
    if (!item.is_object()) {
      out.problems.emplace_back(item_path, fmt::format("{} must be an object with the keys {}, got {}", item_path,
                                                       sub_field_ids(g), item.dump()));
      continue;
    }
    Json kept = Json::object();
    bool any = false;
    for (const auto& sub : g.fields) {
      auto it = item.find(sub.id);
      const auto path = sub_value_path(g.id, i, sub.id);
      auto [value, problem] = it == item.end() ? Checked{nullptr, ""} : check_value(*it, sub, ctx, path);
      if (!problem.empty()) out.problems.emplace_back(path, std::move(problem));
      any = any || !value.is_null();
      kept[sub.id] = std::move(value);
    }
    if (any) out.value.push_back(std::move(kept));
  }
  // Items that say nothing are no items; a list of only those says nothing about the group.
  if (out.value.empty() && !items.empty() && out.problems.empty()) out.value = nullptr;
  if (g.max_items && out.value.is_array() && out.value.size() > *g.max_items) {
    out.problems.emplace_back(g.id, fmt::format("{} has {} items; the form allows at most {}", g.id, out.value.size(),
                                                *g.max_items));
  }
  return out;
}

}  // namespace

AnswerCheck check_answer(const Json& answer, const std::vector<const Field*>& fields, const NormalizeContext& ctx) {
  AnswerCheck out;
  for (const auto* f : fields) {
    if (!answer.contains(f->id)) {
      out.missing.push_back(f->id);
      continue;
    }
    if (f->is_group()) {
      auto group = check_group(answer[f->id], *f, ctx);
      if (group.problems.empty()) {
        out.values[f->id] = std::move(group.value);
        continue;
      }
      std::vector<std::string> list;
      for (const auto& [path, problem] : group.problems) list.push_back(problem);
      out.problems[f->id] = util::join(list, "; ");
      out.salvaged[f->id] = std::move(group);
      continue;
    }
    auto [value, problem] = check_value(answer[f->id], *f, ctx, f->id);
    if (problem.empty()) out.values[f->id] = std::move(value);
    else out.problems[f->id] = std::move(problem);
  }
  return out;
}

}  // namespace invox::llm
