#include "llm/answer_schema.hpp"

#include <fmt/format.h>

namespace invox::llm {

namespace {

Json property_schema(const Field& f);

Json object_schema(const std::vector<const Field*>& fields) {
  Json schema = {{"type", "object"}, {"properties", Json::object()}, {"required", Json::array()},
                 {"additionalProperties", false}};
  for (const auto* f : fields) {
    schema["properties"][f->id] = property_schema(*f);
    schema["required"].push_back(f->id);
  }
  return schema;
}

// minItems/maxItems are left out on purpose: strict mode rejects keywords a model does not
// support with a 400, and their support is not documented for every model. The bounds are in
// the description and the prompt, and answer_check enforces maxItems.
Json group_schema(const Field& f) {
  std::vector<const Field*> subs;
  for (const auto& s : f.fields) subs.push_back(&s);
  std::string description = f.display_label() + " (a list, one object per item; [] = none)";
  if (f.max_items) description += fmt::format(", at most {} items", *f.max_items);
  return {{"type", {"array", "null"}}, {"description", description}, {"items", object_schema(subs)}};
}

Json property_schema(const Field& f) {
  if (f.is_group()) return group_schema(f);
  Json p = Json::object();
  switch (f.type) {
    case FieldType::Number: p["type"] = {"number", "null"}; break;
    case FieldType::Boolean: p["type"] = {"boolean", "null"}; break;
    default: p["type"] = {"string", "null"}; break;
  }
  if (f.type == FieldType::Enum && !f.options.empty()) {
    Json values = Json::array();
    for (const auto& o : f.options) values.push_back(o);
    values.push_back(nullptr);  // strict mode needs null among the enum values to allow it
    p["enum"] = values;
  }
  std::string description = f.display_label();
  if (f.type == FieldType::Date) description += " (YYYY-MM-DD)";
  if (f.type == FieldType::Time) description += " (HH:MM, 24 h)";
  if (f.type == FieldType::Textarea) description += " (items joined with \", \")";
  if (!f.unit.empty()) description += fmt::format(" in {}", f.unit);
  p["description"] = description;
  return p;
}

}  // namespace

Json fields_schema(const std::vector<const Field*>& fields) { return object_schema(fields); }

}  // namespace invox::llm
