#include "normalize/group_value.hpp"

#include <fmt/format.h>

#include "normalize/common.hpp"

namespace invox {

namespace {

bool empty_list(const Json& v) { return v.is_null() || (v.is_array() && v.empty()); }

// The sub-value of `item` for `sub`, or null when the item does not name it.
const Json& sub_value(const Json& item, const Field& sub) {
  static const Json kNull;
  if (!item.is_object()) return kNull;
  auto it = item.find(sub.id);
  return it == item.end() ? kNull : *it;
}

}  // namespace

GroupNormalizeResult normalize_group_value(const Json& value, const Field& group, const NormalizeContext& ctx) {
  GroupNormalizeResult out;
  if (value.is_null()) return out;
  const Json items = value.is_object() ? Json::array({value}) : value;
  if (!items.is_array()) {
    out.result = normalize::invalid_result(group, fmt::format("expected a list of items, got {}", normalize::describe(value)));
    return out;
  }
  std::optional<Issue>& issue = out.result.issue;
  out.result.value = Json::array();
  for (size_t source = 0; source < items.size(); ++source) {
    const Json& raw = items[source];
    if (!raw.is_object()) {
      if (!raw.is_null() && !issue) {
        issue = normalize::make_issue(group, IssueType::Invalid,
                                      fmt::format("an item is {}, not an object of sub-values", normalize::describe(raw)));
      }
      continue;
    }
    Json item = Json::object();
    bool any = false;
    const size_t index = out.result.value.size();
    for (const auto& sub : group.fields) {
      auto r = normalize_value_for_field(sub_value(raw, sub), sub, ctx);
      if (r.issue && !issue) {
        issue = std::move(r.issue);
        issue->field = sub_value_path(group.id, index, sub.id);
      }
      any = any || !r.value.is_null();
      item[sub.id] = std::move(r.value);
    }
    if (!any) continue;
    out.result.value.push_back(std::move(item));
    out.source_item.push_back(source);
  }
  // Items that name nothing say nothing: a model's [{}] must not wipe a current list.
  if (out.result.value.empty() && !items.empty()) out.result.value = nullptr;
  return out;
}

namespace normalize {

NormalizeResult normalize_group(const Json& value, const Field& group, const NormalizeContext& ctx) {
  return normalize_group_value(value, group, ctx).result;
}

bool group_values_match(const Json& expected, const Json& predicted, const Field& group) {
  if (empty_list(expected) || empty_list(predicted)) return empty_list(expected) && empty_list(predicted);
  if (!expected.is_array() || !predicted.is_array() || expected.size() != predicted.size()) return false;
  for (size_t i = 0; i < expected.size(); ++i) {
    for (const auto& sub : group.fields) {
      if (!values_match(sub_value(expected[i], sub), sub_value(predicted[i], sub), sub)) return false;
    }
  }
  return true;
}

}  // namespace normalize

}  // namespace invox
