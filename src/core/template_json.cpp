// Template -> JSON, the inverse of parse_template (round-trips every field property).
#include "invox/template.hpp"

namespace invox {

Json to_json(const Field& f) {
  Json j;
  j["id"] = f.id;
  j["label"] = f.label;
  j["type"] = std::string(to_string(f.type));
  if (f.required) j["required"] = true;
  if (!f.description.empty()) j["description"] = f.description;
  if (!f.unit.empty()) j["unit"] = f.unit;
  if (f.min) j["min"] = *f.min;
  if (f.max) j["max"] = *f.max;
  if (!f.options.empty()) j["options"] = f.options;
  if (!f.option_aliases.empty()) {
    Json oa = Json::object();
    for (const auto& [k, v] : f.option_aliases) oa[k] = v;
    j["optionAliases"] = oa;
  }
  if (!f.aliases.empty()) j["aliases"] = f.aliases;
  if (!f.guidelines.empty()) j["guidelines"] = f.guidelines;
  if (f.is_group()) {
    j["fields"] = Json::array();
    for (const auto& sub : f.fields) j["fields"].push_back(to_json(sub));
    if (f.min_items) j["minItems"] = *f.min_items;
    if (f.max_items) j["maxItems"] = *f.max_items;
  }
  return j;
}

Json to_json(const Template& t) {
  Json j;
  j["id"] = t.id;
  if (!t.title.empty()) j["title"] = t.title;
  if (!t.domain.empty()) j["domain"] = t.domain;
  j["fields"] = Json::array();
  for (const auto& f : t.fields) j["fields"].push_back(to_json(f));
  if (!t.constraints.empty()) {
    j["constraints"] = Json::array();
    for (const auto& c : t.constraints) {
      Json cj{{"left", c.left}, {"op", c.op}, {"right", c.right}};
      if (!c.message.empty()) cj["message"] = c.message;
      j["constraints"].push_back(cj);
    }
  }
  return j;
}

}  // namespace invox
