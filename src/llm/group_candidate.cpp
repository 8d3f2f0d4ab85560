#include "llm/group_candidate.hpp"

#include <algorithm>

#include "invox/evidence.hpp"
#include "invox/normalize.hpp"

namespace invox::llm {

namespace {

// True when `item` is one of the current items, every sub-value equal.
bool carried(const Json& item, const Field& group, const ExtractionRequest& r) {
  if (!r.current) return false;
  auto it = r.current->find(group.id);
  if (it == r.current->end() || !it->second.value.is_array()) return false;
  for (const auto& current : it->second.value) {
    if (!current.is_object()) continue;
    const bool same = std::all_of(group.fields.begin(), group.fields.end(), [&](const Field& sub) {
      return values_match(current.value(sub.id, Json()), item.value(sub.id, Json()), sub);
    });
    if (same) return true;
  }
  return false;
}

}  // namespace

Candidate group_candidate(const Json& value, const Field& group, const ExtractionRequest& request, double base,
                          const SubValueConfidence& confidence) {
  Candidate c;
  c.value = value;
  c.confidence = base;
  if (!value.is_array()) return c;
  for (size_t index = 0; index < value.size(); ++index) {
    const Json& item = value[index];
    ItemDetails details;
    const bool kept = item.is_object() && carried(item, group, request);
    for (const auto& sub : group.fields) {
      const Json sub_value = item.is_object() ? item.value(sub.id, Json()) : Json();
      if (sub_value.is_null()) continue;
      std::optional<Evidence> evidence;
      if (request.transcript) evidence = find_evidence(sub_value, sub, *request.transcript, request.context);
      const auto path = group.id + "[" + std::to_string(index) + "]." + sub.id;
      details.confidence[sub.id] = confidence(path, evidence || kept);
      if (evidence) details.evidence[sub.id] = *evidence;
    }
    if (auto lowest = details.lowest_confidence()) c.confidence = std::min(c.confidence, *lowest);
    c.items.push_back(std::move(details));
  }
  return c;
}

}  // namespace invox::llm
