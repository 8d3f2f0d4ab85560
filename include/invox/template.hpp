#pragma once
// Form templates (DESIGN.md "Template"): fields with types and constraints.
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "invox/expected.hpp"
#include "invox/json.hpp"

namespace invox {

// `Group` is a list of records (DESIGN.md "Repeating groups"): its `fields` are scalar sub-fields.
enum class FieldType { Text, Textarea, Number, Date, Time, Enum, Boolean, Group };

[[nodiscard]] std::string_view to_string(FieldType type);
[[nodiscard]] std::optional<FieldType> parse_field_type(std::string_view name);
// "text, textarea, number, date, time, enum, boolean, group", for error messages.
[[nodiscard]] std::string field_type_names();

struct Field {
  std::string id;
  std::string label;
  FieldType type = FieldType::Text;
  bool required = false;
  std::string description;
  std::string unit;
  std::string guidelines;
  std::vector<std::string> aliases;
  std::vector<std::string> options;  // enum only
  // Optional per-option synonyms ("optionAliases": {"skilled nursing facility": ["SNF"]}).
  std::map<std::string, std::vector<std::string>> option_aliases;
  std::optional<double> min;
  std::optional<double> max;
  // Group only: the scalar sub-fields of one item (never a group themselves), and the optional
  // bounds on the number of items. A group's value is a JSON array of objects, one per item,
  // each naming every sub-field id (null where unsaid); null = not mentioned, [] = none.
  std::vector<Field> fields;
  std::optional<size_t> min_items;
  std::optional<size_t> max_items;

  [[nodiscard]] bool is_group() const { return type == FieldType::Group; }
  // The sub-field `sub_id` of a group, or nullptr.
  [[nodiscard]] const Field* find(std::string_view sub_id) const;

  // The label a person reads: the label, else the id.
  [[nodiscard]] const std::string& display_label() const { return label.empty() ? id : label; }
};

struct Constraint {
  std::string left;
  std::string op;  // one of < <= > >= == !=
  std::string right;
  std::string message;
};

struct Template {
  std::string id;
  std::string title;
  std::string domain;
  std::vector<Field> fields;
  std::vector<Constraint> constraints;

  [[nodiscard]] const Field* find(std::string_view field_id) const;
};

// The path issues and outputs name a group's sub-value by: "vehicles[1].colour" (0-based item).
[[nodiscard]] std::string sub_value_path(std::string_view group_id, size_t item, std::string_view sub_id);
// The top-level field id a path names: "vehicles" for "vehicles[1].colour", the id itself otherwise.
[[nodiscard]] std::string_view path_field_id(std::string_view path);

// Parses and validates a template document. `origin` names the file in messages
// ("templates/x.json: field 'dob': type 'dat' is not one of ...").
[[nodiscard]] Expected<Template> parse_template(const Json& doc, const std::string& origin);
// Reads, parses (reporting line/column of malformed JSON) and validates a template file.
[[nodiscard]] Expected<Template> load_template(const std::filesystem::path& path);
[[nodiscard]] Json to_json(const Template& tmpl);
[[nodiscard]] Json to_json(const Field& field);

}  // namespace invox
