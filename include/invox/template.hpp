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

enum class FieldType { Text, Textarea, Number, Date, Time, Enum, Boolean };

[[nodiscard]] std::string_view to_string(FieldType type);
[[nodiscard]] std::optional<FieldType> parse_field_type(std::string_view name);
// "text, textarea, number, date, time, enum, boolean", for error messages.
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

// Parses and validates a template document. `origin` names the file in messages
// ("templates/x.json: field 'dob': type 'dat' is not one of ...").
[[nodiscard]] Expected<Template> parse_template(const Json& doc, const std::string& origin);
// Reads, parses (reporting line/column of malformed JSON) and validates a template file.
[[nodiscard]] Expected<Template> load_template(const std::filesystem::path& path);
[[nodiscard]] Json to_json(const Template& tmpl);
[[nodiscard]] Json to_json(const Field& field);

}  // namespace invox
