#include "review/decision.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <functional>

#include <fmt/format.h>

#include "util/strings.hpp"
#include "invox/verify.hpp"

namespace invox::review {

namespace {

constexpr std::array<std::string_view, 3> kActions = {"accept", "edit", "clear"};
// Keys of a filled field that review writes itself; any other key is carried over as found.
// A person's decision replaces every estimate of the run (kept probabilities included).
constexpr std::array<std::string_view, 11> kFieldKeys = {
    "value",    "changed", "previousValue", "source",         "confidence",       "evidence",
    "reviewed", "items",   "rawConfidence", "keptConfidence", "rawKeptConfidence"};

// A string member of a document read from disk, "" when absent or of another type (a hand-edited
// file must not make a lookup throw).
std::string text_of(const Json& obj, const char* key) {
  auto it = obj.find(key);
  return it != obj.end() && it->is_string() ? it->get<std::string>() : std::string();
}

bool same_issue(const Json& i, const std::string& field, std::string_view type, const std::string& detail) {
  return text_of(i, "field") == field && text_of(i, "type") == type && text_of(i, "detail") == detail;
}

std::optional<size_t> option_number(const Field& field, const std::string& text) {
  size_t n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size() || n < 1 || n > field.options.size()) return std::nullopt;
  if (std::find(field.options.begin(), field.options.end(), text) != field.options.end()) return std::nullopt;
  return n - 1;
}

// The field entry after a decision: the value a person vouches for.
Json reviewed_entry(const Json& entry, const Json& to, Action action) {
  const Json from = entry.value("value", Json());
  // `changed` keeps its meaning: the value differs from the form's state before the fill run.
  const auto changed = entry.find("changed");
  const bool was_changed = changed != entry.end() && *changed == true && entry.contains("previousValue");
  const Json before_run = was_changed ? entry["previousValue"] : from;
  Json out;
  out["value"] = to;
  out["changed"] = to != before_run;
  if (to != before_run) out["previousValue"] = before_run;
  out["source"] = "manual";
  out["confidence"] = to.is_null() ? 0.0 : 1.0;
  // Where it was said stays useful (and feeds --learn) unless the person emptied the field.
  if (action != Action::Clear && entry.contains("evidence")) out["evidence"] = entry["evidence"];
  // A group's per-item details describe the list as read; they stay true only if it was accepted.
  if (action == Action::Accept && entry.contains("items")) out["items"] = entry["items"];
  out["reviewed"] = true;
  for (const auto& [key, value] : entry.items()) {
    if (std::find(kFieldKeys.begin(), kFieldKeys.end(), key) == kFieldKeys.end()) out[key] = value;
  }
  return out;
}

void erase_issues(Json& issues, const std::function<bool(const Json&)>& settled) {
  if (!issues.is_array()) return;
  Json kept = Json::array();
  for (const auto& i : issues) {
    if (!settled(i)) kept.push_back(i);
  }
  issues = std::move(kept);
}

bool has_issue(const Json& issues, const Issue& issue) {
  return std::any_of(issues.begin(), issues.end(),
                     [&](const Json& i) { return same_issue(i, issue.field, to_string(issue.type), issue.detail); });
}

// A changed value is checked against every constraint it takes part in: a contradiction it
// settles leaves the report, one it creates is reported on the other field (this one was just
// decided by a person).
void recheck_constraints(ReviewForm& next, const FilledForm& before, const Field& field) {
  Json& issues = next.report_doc["issues"];
  for (const Constraint& c : next.tmpl->constraints) {
    if (c.left != field.id && c.right != field.id) continue;
    const auto old_problem = verify::constraint_problem(*next.tmpl, c, before);
    const auto new_problem = verify::constraint_problem(*next.tmpl, c, next.form);
    if (old_problem && old_problem != new_problem) {
      erase_issues(issues, [&](const Json& i) {
        return same_issue(i, c.left, to_string(IssueType::Conflict), *old_problem);
      });
    }
    if (!new_problem) continue;
    const Issue conflict{c.left == field.id ? c.right : c.left, IssueType::Conflict, *new_problem,
                         IssueAction::ManualReview};
    if (!has_issue(issues, conflict)) issues.push_back(to_json(conflict));
  }
}

Status recompute_status(ReviewForm& next) {
  if (auto s = refresh_views(next); !s) return s;
  next.report_doc["status"] = to_string(verify::status_for(next.report.issues));
  return refresh_views(next);
}

}  // namespace

std::string_view to_string(Action action) { return kActions[static_cast<size_t>(action)]; }

Expected<Json> check_value(const Field& field, const Json& input, const NormalizeContext& context) {
  Json value = input;
  if (value.is_string()) {
    const std::string text = util::trim(value.get<std::string>());
    if (text.empty()) return Error::input("the value is empty (clear the field instead)");
    if (field.type == FieldType::Enum) {
      if (auto n = option_number(field, text)) value = field.options[*n];
    }
  }
  if (value.is_null()) return Error::input("no value given (clear the field instead)");
  NormalizeResult r = normalize_value_for_field(value, field, context);
  if (r.value.is_null()) {
    std::string why = r.issue ? r.issue->detail
                              : fmt::format("{} is not a {} value", value.dump(), invox::to_string(field.type));
    if (field.type == FieldType::Enum && why.find(field.options.front()) == std::string::npos) {
      why += "; options: " + util::join(field.options, ", ");
    }
    return Error::input(why);
  }
  if (auto problem = verify::type_problem(field, r.value)) return Error::input(*problem);
  return r.value;
}

Expected<Change> apply_decision(ReviewForm& form, const ReviewDecision& decision, const NormalizeContext& context) {
  const std::string where = to_string(decision.path);
  if (decision.path.in_group()) {
    return Error::input(fmt::format("{}: values inside repeating groups cannot be reviewed by this version of invox "
                                    "(its templates have no group fields)", where));
  }
  const Field* field = form.tmpl->find(decision.path.field);
  if (!field) return Error::input(fmt::format("{}: template '{}' has no such field", where, form.tmpl->id));

  ReviewForm next = form;
  Json& entry = next.filled_doc["filled"][field->id];
  if (!entry.is_object()) entry = Json{{"value", nullptr}, {"changed", false}, {"source", nullptr}, {"confidence", 0.0}};
  Change change{where, decision.action, entry.value("value", Json()), Json()};
  switch (decision.action) {
    case Action::Accept:
      change.to = change.from;
      break;
    case Action::Clear:
      break;
    case Action::Edit: {
      auto value = check_value(*field, decision.input, context);
      if (!value) return Error::input(fmt::format("{}: {}", where, value.error().message));
      change.to = std::move(*value);
      if (change.to == change.from) change.action = Action::Accept;
      break;
    }
  }
  entry = reviewed_entry(entry, change.to, change.action);
  erase_issues(next.report_doc["issues"], [&](const Json& i) { return text_of(i, "field") == field->id; });
  Json& confidence = next.report_doc["confidence"];
  if (!confidence.is_object()) confidence = Json::object();
  if (change.to.is_null()) confidence.erase(field->id);
  else confidence[field->id] = 1.0;
  if (auto kept = next.report_doc.find("keptConfidence"); kept != next.report_doc.end() && kept->is_object())
    kept->erase(field->id);
  if (auto s = refresh_views(next); !s) return s.error();
  if (change.to != change.from) recheck_constraints(next, form.form, *field);
  if (auto s = recompute_status(next); !s) return s.error();
  form = std::move(next);
  return change;
}

Expected<Change> acknowledge_issue(ReviewForm& form, const Issue& issue) {
  ReviewForm next = form;
  erase_issues(next.report_doc["issues"],
               [&](const Json& i) { return same_issue(i, issue.field, to_string(issue.type), issue.detail); });
  if (auto s = recompute_status(next); !s) return s.error();
  form = std::move(next);
  return Change{issue.field, Action::Accept, Json(), Json()};
}

void record_review(ReviewForm& form, const std::vector<Change>& changes, const std::string& by, const std::string& at) {
  if (changes.empty()) return;
  Json& review = form.report_doc["review"];
  if (!review.is_object()) review = Json{{"by", by}, {"at", at}, {"changes", Json::array()}};
  review["by"] = by;
  review["at"] = at;
  if (!review["changes"].is_array()) review["changes"] = Json::array();
  for (const auto& c : changes) {
    review["changes"].push_back(Json{{"field", c.path}, {"from", c.from}, {"to", c.to}, {"action", to_string(c.action)}});
  }
}

}  // namespace invox::review
