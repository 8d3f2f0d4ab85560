#include "llm/group_prompts.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace invox::llm {

namespace {

constexpr const char* kGroupRules = R"(Lists of items (fields of type group):
- A group's value is a JSON list with one object per item (each vehicle, line, dose, person the
  speaker records), in the order the items were first said. Every object has every sub-field key
  of the group; a sub-value that is not said is null. Never merge two items or split one.
- Answer the COMPLETE list as it stands after the new transcript. This is the one exception to
  "never copy from the current values": start from the group's current items, keep each one the
  new transcript does not remove or change, apply its corrections to the item they name, drop an
  item it withdraws ("scratch the coffee"), and append its new items.
- A return to an earlier item ("back to the first car") changes that item, it is not a new one.
- [] when the speaker says there are none ("no medications"); null when the new transcript does
  not mention the group at all (its current items then stay as they are).
- A LOCKED group is answered null like any locked field.
- Sub-values follow the value formats above.)";

constexpr const char* kItemDecision = R"(This decision is about ONE ITEM of the list {} that only one model listed.
"model_a" / "model_b": take that model's answer (its item, or "no item" when it listed none);
"keep_current": leave the list as it was. "merge" does not apply.)";

}  // namespace

std::string group_rules(const std::vector<const Field*>& fields) {
  const bool any = std::any_of(fields.begin(), fields.end(), [](const Field* f) { return f->is_group(); });
  return any ? kGroupRules : "";
}

Json complete_items(const Json& value, const Field& group) {
  if (!value.is_array()) return value;
  Json out = Json::array();
  for (const auto& item : value) {
    if (!item.is_object()) continue;
    Json complete = Json::object();
    for (const auto& sub : group.fields) {
      auto it = item.find(sub.id);
      complete[sub.id] = it == item.end() ? Json() : *it;
    }
    out.push_back(std::move(complete));
  }
  return out;
}

std::string judge_item_context(const JudgeRequest& r) {
  if (r.path.empty() || !r.group) return "";
  const std::string group = fmt::format("{} (\"{}\")", r.group->id, r.group->display_label());
  if (r.field == r.group) return fmt::format(kItemDecision, group) + "\n";
  const auto show = [](const Json& item) { return item.is_null() ? std::string("(no item)") : item.dump(); };
  return fmt::format(
      "Sub-value {} of one item of the list {}. The two models' items were paired because they agree on "
      "other sub-values; decide only this sub-value.\nItem of model A: {}\nItem of model B: {}\n",
      r.path, group, show(r.item_a), show(r.item_b));
}

}  // namespace invox::llm
