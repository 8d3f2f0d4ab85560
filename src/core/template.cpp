#include "invox/template.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "core/template_constraints.hpp"
#include "core/template_group.hpp"
#include "core/template_keys.hpp"
#include "util/file_io.hpp"
#include "util/strings.hpp"

namespace invox {

namespace {

constexpr std::string_view kTypeNames[] = {"text", "textarea", "number", "date", "time", "enum", "boolean", "group"};

Error field_error(const std::string& origin, const std::string& field_id, const std::string& problem) {
  return Error::config(fmt::format("{}: field '{}': {}", origin, field_id, problem));
}

// Reads an optional string member; a present non-string is an error.
Expected<std::string> optional_string(const Json& obj, const char* key, const std::string& where) {
  auto it = obj.find(key);
  if (it == obj.end() || it->is_null()) return std::string();
  if (!it->is_string()) return Error::config(fmt::format("{}: '{}' must be a string", where, key));
  return it->get<std::string>();
}

Expected<std::vector<std::string>> optional_string_list(const Json& obj, const char* key, const std::string& where) {
  std::vector<std::string> out;
  auto it = obj.find(key);
  if (it == obj.end() || it->is_null()) return out;
  if (!it->is_array()) return Error::config(fmt::format("{}: '{}' must be a list of strings", where, key));
  for (const auto& item : *it) {
    if (!item.is_string()) return Error::config(fmt::format("{}: '{}' must contain only strings", where, key));
    out.push_back(item.get<std::string>());
  }
  return out;
}

Expected<std::optional<double>> optional_number(const Json& obj, const char* key, const std::string& where) {
  auto it = obj.find(key);
  if (it == obj.end() || it->is_null()) return std::optional<double>();
  if (!it->is_number()) return Error::config(fmt::format("{}: '{}' must be a number", where, key));
  return std::optional<double>(it->get<double>());
}

}  // namespace

namespace detail {

Expected<Field> parse_field(const Json& doc, size_t index, const std::string& origin, const std::string& group_id) {
  // A sub-field is named by its path ("vehicles.colour") so the message points at the right place.
  const std::string list = group_id.empty() ? std::string("fields") : fmt::format("field '{}': fields", group_id);
  if (!doc.is_object()) return Error::config(fmt::format("{}: {}[{}] must be an object", origin, list, index));
  auto id_it = doc.find("id");
  if (id_it == doc.end() || !id_it->is_string() || id_it->get<std::string>().empty()) {
    return Error::config(fmt::format("{}: {}[{}]: missing 'id' (a non-empty string)", origin, list, index));
  }
  Field f;
  f.id = id_it->get<std::string>();
  const std::string path = group_id.empty() ? f.id : group_id + "." + f.id;
  const std::string where = fmt::format("{}: field '{}'", origin, path);
  auto field_error = [&origin, &path](const std::string& problem) { return invox::field_error(origin, path, problem); };
  if (util::trim(f.id) != f.id) return field_error("id has leading or trailing spaces");
  if (auto typo = detail::misspelled_key(doc, detail::kFieldKeys)) return field_error(*typo);

  auto type_it = doc.find("type");
  if (type_it == doc.end() || !type_it->is_string()) {
    return field_error(fmt::format("missing 'type' (one of {})", field_type_names()));
  }
  const auto type_name = type_it->get<std::string>();
  auto type = parse_field_type(type_name);
  if (!type) {
    return field_error(fmt::format("type '{}' is not one of {}", type_name, field_type_names()));
  }
  f.type = *type;

  auto label = optional_string(doc, "label", where);
  if (!label) return label.error();
  f.label = label->empty() ? f.id : *label;
  for (auto [key, dest] : {std::pair{"description", &f.description}, std::pair{"unit", &f.unit},
                           std::pair{"guidelines", &f.guidelines}}) {
    auto v = optional_string(doc, key, where);
    if (!v) return v.error();
    *dest = *v;
  }
  if (auto it = doc.find("required"); it != doc.end() && !it->is_null()) {
    if (!it->is_boolean()) return field_error("'required' must be true or false");
    f.required = it->get<bool>();
  }
  auto aliases = optional_string_list(doc, "aliases", where);
  if (!aliases) return aliases.error();
  f.aliases = *aliases;
  auto options = optional_string_list(doc, "options", where);
  if (!options) return options.error();
  f.options = *options;

  if (auto it = doc.find("optionAliases"); it != doc.end() && !it->is_null()) {
    if (!it->is_object()) return field_error("'optionAliases' must map option -> list of synonyms");
    for (const auto& [option, synonyms] : it->items()) {
      if (std::find(f.options.begin(), f.options.end(), option) == f.options.end()) {
        return field_error(fmt::format("optionAliases names '{}', which is not one of its options", option));
      }
      if (!synonyms.is_array()) return field_error(fmt::format("optionAliases['{}'] must be a list", option));
      for (const auto& s : synonyms) {
        if (!s.is_string()) return field_error(fmt::format("optionAliases['{}'] must hold strings", option));
        f.option_aliases[option].push_back(s.get<std::string>());
      }
    }
  }

  auto min = optional_number(doc, "min", where);
  if (!min) return min.error();
  auto max = optional_number(doc, "max", where);
  if (!max) return max.error();
  f.min = *min;
  f.max = *max;

  if (f.type == FieldType::Enum && f.options.empty()) {
    return field_error("enum field has no 'options'; list the allowed values");
  }
  if (f.type != FieldType::Enum && !f.options.empty()) {
    return field_error(fmt::format("'options' is only allowed on enum fields (type is '{}')", type_name));
  }
  std::set<std::string> seen_options;
  for (const auto& o : f.options) {
    if (o.empty()) return field_error("an enum option is empty");
    // Enum matching is case-insensitive, so "Male" and "male" would be the same answer.
    if (!seen_options.insert(util::to_lower_ascii(o)).second) {
      return field_error(fmt::format("option '{}' is listed twice", o));
    }
  }
  // A synonym must point at exactly one option, or the answer would be ambiguous.
  std::map<std::string, std::string> synonym_owner;
  for (const auto& o : f.options) synonym_owner[util::to_lower_ascii(o)] = o;
  for (const auto& [option, synonyms] : f.option_aliases) {
    for (const auto& syn : synonyms) {
      const std::string key = util::to_lower_ascii(util::trim(syn));
      if (key.empty()) return field_error(fmt::format("optionAliases['{}'] has an empty synonym", option));
      auto [it, inserted] = synonym_owner.emplace(key, option);
      if (!inserted && it->second != option) {
        return field_error(fmt::format("synonym '{}' of option '{}' already means option '{}'", syn,
                                                     option, it->second));
      }
    }
  }
  if ((f.min || f.max) && f.type != FieldType::Number) {
    return field_error("'min'/'max' are only allowed on number fields");
  }
  if (f.min && f.max && *f.min > *f.max) {
    return field_error(fmt::format("min {} is greater than max {}", *f.min, *f.max));
  }
  if (auto group = parse_group_members(doc, f, origin, path); !group) return group.error();
  return f;
}

}  // namespace detail

std::string_view to_string(FieldType type) { return kTypeNames[static_cast<size_t>(type)]; }

std::optional<FieldType> parse_field_type(std::string_view name) {
  for (size_t i = 0; i < std::size(kTypeNames); ++i) {
    if (kTypeNames[i] == name) return static_cast<FieldType>(i);
  }
  return std::nullopt;
}

std::string field_type_names() {
  std::string out;
  for (size_t i = 0; i < std::size(kTypeNames); ++i) {
    if (i) out += ", ";
    out += kTypeNames[i];
  }
  return out;
}

const Field* Field::find(std::string_view sub_id) const {
  for (const auto& f : fields) {
    if (f.id == sub_id) return &f;
  }
  return nullptr;
}

const Field* Template::find(std::string_view field_id) const {
  for (const auto& f : fields) {
    if (f.id == field_id) return &f;
  }
  return nullptr;
}

Expected<Template> parse_template(const Json& doc, const std::string& origin) {
  if (!doc.is_object()) return Error::config(fmt::format("{}: a template must be a JSON object", origin));
  // Every problem is collected, so one `template check` shows all that needs fixing in a file.
  std::vector<std::string> problems;
  auto note = [&problems](const Error& e) { problems.push_back(e.message); };
  if (auto typo = detail::misspelled_key(doc, detail::kTemplateKeys)) problems.push_back(fmt::format("{}: {}", origin, *typo));
  Template t;
  auto id_it = doc.find("id");
  if (id_it == doc.end() || !id_it->is_string() || id_it->get<std::string>().empty()) {
    problems.push_back(fmt::format("{}: missing 'id' (a non-empty string naming the template)", origin));
  } else {
    t.id = id_it->get<std::string>();
  }
  for (auto [key, dest] : {std::pair{"title", &t.title}, std::pair{"domain", &t.domain}}) {
    auto v = optional_string(doc, key, origin);
    v ? void(*dest = *v) : note(v.error());
  }
  auto fields_it = doc.find("fields");
  if (fields_it == doc.end() || !fields_it->is_array() || fields_it->empty()) {
    problems.push_back(fmt::format("{}: 'fields' must be a non-empty list of field objects", origin));
  } else {
    std::set<std::string> ids;
    for (size_t i = 0; i < fields_it->size(); ++i) {
      auto f = detail::parse_field((*fields_it)[i], i, origin);
      if (!f) {
        note(f.error());
      } else if (!ids.insert(f->id).second) {
        note(field_error(origin, f->id, "duplicate field id"));
      } else {
        t.fields.push_back(std::move(*f));
      }
    }
  }
  if (auto it = doc.find("constraints"); it != doc.end() && !it->is_null()) {
    if (!it->is_array()) {
      problems.push_back(fmt::format("{}: 'constraints' must be a list", origin));
    } else {
      for (size_t i = 0; i < it->size(); ++i) {
        auto con = detail::parse_constraint((*it)[i], i, t, origin);
        con ? t.constraints.push_back(std::move(*con)) : note(con.error());
      }
    }
  }
  if (!problems.empty()) {
    std::string all = problems.front();
    for (size_t i = 1; i < problems.size(); ++i) all += "\n" + problems[i];
    return Error::config(all);
  }
  return t;
}

Expected<Template> load_template(const std::filesystem::path& path) {
  auto doc = util::read_json_file(path);
  if (!doc) return Error::config(doc.error().message);
  return parse_template(*doc, path.string());
}

}  // namespace invox
