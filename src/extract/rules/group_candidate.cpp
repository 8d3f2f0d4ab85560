#include "extract/rules/group_candidate.hpp"

#include <algorithm>

#include "extract/rules/group_reader.hpp"

namespace invox::rules {

std::optional<Candidate> group_candidate(const Field& group, std::string_view text, const NormalizeContext& ctx,
                                         const CurrentValue* current,
                                         const std::vector<std::pair<size_t, size_t>>& claimed) {
  constexpr double kNoneConfidence = 0.7;  // "no expenses at all": one phrase decides it
  if (current && current->locked) return std::nullopt;
  GroupSpec spec;
  spec.fields = group.fields;
  spec.names.push_back(group.id);
  spec.names.insert(spec.names.end(), group.aliases.begin(), group.aliases.end());
  Json current_list = current ? current->value : Json(nullptr);
  GroupReading reading = read_group(spec, text, ctx, current_list, claimed);
  if (!reading.records || (current_list.is_array() && !reading.changed)) return std::nullopt;
  Candidate out;
  out.value = Json::array();
  double lowest = reading.records->empty() ? kNoneConfidence : 1.0;
  for (const ReadRecord& record : *reading.records) {
    Json item = Json::object();
    ItemDetails details;
    for (const Field& f : group.fields) {
      auto it = record.find(f.id);
      if (it == record.end()) {
        item[f.id] = nullptr;
        continue;
      }
      item[f.id] = it->second.value;
      details.confidence[f.id] = it->second.confidence;
      lowest = std::min(lowest, it->second.confidence);
      if (it->second.evidence) details.evidence[f.id] = *it->second.evidence;
    }
    out.value.push_back(std::move(item));
    out.items.push_back(std::move(details));
  }
  out.confidence = lowest;
  return out;
}

}  // namespace invox::rules
