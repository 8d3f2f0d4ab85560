#pragma once
// The rules engine's reading of a repeating group (DESIGN.md "Repeating groups"): the
// transcript is split into units (group_items), each unit's sub-values are read by the scalar
// engine on that unit's text with the group's sub-fields as the form, and each unit then opens a
// record, adds to or corrects the record it names (by a word of it or an ordinal), sets a value of
// every record ("all doses are flu"), or withdraws the records it names ("scratch the coffee").
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "invox/json.hpp"
#include "invox/normalize.hpp"
#include "invox/template.hpp"
#include "invox/values.hpp"

namespace invox::rules {

struct GroupSpec {
  std::vector<Field> fields;       // the sub-fields of one record
  std::vector<std::string> names;  // how the group is called: label, id, aliases
};

struct SubValue {
  Json value;
  double confidence = 0.5;
  std::optional<Evidence> evidence;  // byte offsets into the transcript
};
using ReadRecord = std::map<std::string, SubValue>;  // sub-field id -> value (unset: absent)

struct GroupReading {
  // nullopt: the transcript says nothing about the group (and there was no current list);
  // empty: it says there are none.
  std::optional<std::vector<ReadRecord>> records;
  bool changed = false;  // the transcript added, changed or removed a record
};

// The complete list after `text`: `current` (a JSON array of objects, or null) kept unless the
// transcript removes or changes its records, new records appended in the order first said.
// `claimed`: byte ranges of `text` that hold values of the form's other fields ("a cash advance
// of 300 dollars"); no sub-value is read there.
[[nodiscard]] GroupReading read_group(const GroupSpec& spec, std::string_view text, const NormalizeContext& ctx,
                                      const Json& current = nullptr,
                                      const std::vector<std::pair<size_t, size_t>>& claimed = {});

}  // namespace invox::rules
