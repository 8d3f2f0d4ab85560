#include "verify/group_checks.hpp"

#include <fmt/format.h>

#include "invox/spoken.hpp"
#include "invox/group.hpp"
#include "verify/grounding.hpp"

namespace invox::verify {

namespace {

// True when some item the group had before this run holds the same sub-value.
bool carried_sub_value(const Json& previous, const Field& sub, const Json& value) {
  if (!previous.is_array()) return false;
  for (const auto& item : previous) {
    if (values_match(sub_value(item, sub), value, sub)) return true;
  }
  return false;
}


std::vector<Issue> item_count_issues(const Field& group, const Json& value) {
  std::vector<Issue> out;
  const size_t n = value.size();
  if (group.min_items && n < *group.min_items) {
    Issue few{group.id, IssueType::Missing,
              fmt::format("'{}' has {} item(s); the form needs at least {}", group.display_label(), n, *group.min_items),
              IssueAction::Clarify};
    few.question = spoken::clarify_question(group, few);
    out.push_back(std::move(few));
  }
  if (group.max_items && n > *group.max_items) {
    out.push_back({group.id, IssueType::Invalid,
                   fmt::format("'{}' has {} items; the form allows at most {}", group.display_label(), n, *group.max_items),
                   IssueAction::ManualReview});
  }
  return out;
}

// Grounding and confidence of one sub-value this run set.
std::optional<Issue> review_fresh_sub_value(const Field& sub, const Json& value, const ItemDetails* details,
                                            const std::string& path, const VerifyInput& in,
                                            const util::FoldedText& folded, const VerifyParams& params) {
  std::optional<Evidence> evidence;
  std::optional<double> confidence;
  if (details) {
    if (auto it = details->evidence.find(sub.id); it != details->evidence.end()) evidence = it->second;
    if (auto it = details->confidence.find(sub.id); it != details->confidence.end()) confidence = it->second;
  }
  return review_fresh_value(path, sub, value, evidence, confidence, in, folded, params);
}

}  // namespace

std::optional<std::string> group_type_problem(const Field& group, const Json& value) {
  if (value.is_null()) return std::nullopt;
  if (!value.is_array()) return fmt::format("expected a list of items, got {}", value.dump());
  for (size_t i = 0; i < value.size(); ++i) {
    const Json& item = value[i];
    if (!item.is_object()) return fmt::format("{}[{}]: expected an object of sub-values, got {}", group.id, i, item.dump());
    for (const auto& sub : group.fields) {
      if (auto problem = type_problem(sub, sub_value(item, sub))) return sub_value_path(group.id, i, sub.id) + ": " + *problem;
    }
  }
  return std::nullopt;
}

std::vector<Issue> group_issues(const Field& group, const FilledField& ff, const VerifyInput& in,
                                const util::FoldedText& folded, const VerifyParams& params) {
  const Json& value = ff.value;
  if (value.is_null()) return {};
  // A value this run produced may be fixed by asking again; a carried one needs a person.
  const IssueAction fix = ff.changed ? IssueAction::Requery : IssueAction::ManualReview;
  if (!value.is_array()) return {{group.id, IssueType::Invalid, fmt::format("expected a list of items, got {}", value.dump()), fix}};
  std::vector<Issue> issues = item_count_issues(group, value);
  for (size_t i = 0; i < value.size(); ++i) {
    const Json& item = value[i];
    if (!item.is_object()) {
      issues.push_back({fmt::format("{}[{}]", group.id, i), IssueType::Invalid,
                        fmt::format("expected an object of sub-values, got {}", item.dump()), fix});
      continue;
    }
    const ItemDetails* details = i < ff.items.size() ? &ff.items[i] : nullptr;
    for (const auto& sub : group.fields) {
      const std::string path = sub_value_path(group.id, i, sub.id);
      const Json& v = sub_value(item, sub);
      if (v.is_null()) {
        if (!sub.required) continue;
        Issue missing{path, IssueType::Missing,
                      fmt::format("item {} of '{}' has no {}: the transcript does not give it", i + 1, group.display_label(),
                                  sub.display_label()),
                      IssueAction::Clarify};
        missing.question = fmt::format("{}, item {}: {}", group.display_label(), i + 1, spoken::clarify_question(sub, missing));
        issues.push_back(std::move(missing));
        continue;
      }
      if (auto problem = type_problem(sub, v)) {
        issues.push_back({path, IssueType::Invalid, *problem, fix});
        continue;
      }
      if (!ff.changed || carried_sub_value(ff.previous_value, sub, v)) continue;
      if (auto issue = review_fresh_sub_value(sub, v, details, path, in, folded, params)) issues.push_back(std::move(*issue));
    }
  }
  return issues;
}

}  // namespace invox::verify
