#include "core/template_group.hpp"

#include <fmt/format.h>

#include <set>

namespace invox::detail {

namespace {

Error group_error(const std::string& origin, const std::string& path, const std::string& problem) {
  return Error::config(fmt::format("{}: field '{}': {}", origin, path, problem));
}

// minItems / maxItems: a whole number >= 0 when present.
Expected<std::optional<size_t>> item_bound(const Json& doc, const char* key, const std::string& origin,
                                           const std::string& path) {
  auto it = doc.find(key);
  if (it == doc.end() || it->is_null()) return std::optional<size_t>();
  if (it->is_number_unsigned()) return std::optional<size_t>(it->get<size_t>());
  if (it->is_number_float() && it->get<double>() >= 0 && it->get<double>() == static_cast<double>(it->get<size_t>())) {
    return std::optional<size_t>(it->get<size_t>());
  }
  return group_error(origin, path, fmt::format("'{}' must be a whole number of items, 0 or more", key));
}

}  // namespace

}  // namespace invox::detail

namespace invox {

std::string sub_value_path(std::string_view group_id, size_t item, std::string_view sub_id) {
  return fmt::format("{}[{}].{}", group_id, item, sub_id);
}

std::string_view path_field_id(std::string_view path) { return path.substr(0, path.find('[')); }

}  // namespace invox

namespace invox::detail {

Status parse_group_members(const Json& doc, Field& field, const std::string& origin, const std::string& path) {
  const auto sub_fields = doc.find("fields");
  const bool has_sub_fields = sub_fields != doc.end() && !sub_fields->is_null();
  if (!field.is_group()) {
    for (const char* key : {"fields", "minItems", "maxItems"}) {
      if (auto it = doc.find(key); it != doc.end() && !it->is_null()) {
        return group_error(origin, path, fmt::format("'{}' is only allowed on group fields (type is '{}')", key,
                                                     to_string(field.type)));
      }
    }
    return ok();
  }
  if (!has_sub_fields || !sub_fields->is_array() || sub_fields->empty()) {
    return group_error(origin, path,
                       "a group needs 'fields': a non-empty list of the sub-fields of one item (text, number, ...)");
  }
  std::set<std::string> ids;
  for (size_t i = 0; i < sub_fields->size(); ++i) {
    auto sub = parse_field((*sub_fields)[i], i, origin, path);
    if (!sub) return sub.error();
    const std::string sub_path = path + "." + sub->id;
    if (sub->is_group()) {
      return group_error(origin, sub_path, "groups cannot be nested; give it scalar sub-fields or make it a "
                                           "top-level group");
    }
    if (!ids.insert(sub->id).second) return group_error(origin, sub_path, "duplicate sub-field id in the group");
    field.fields.push_back(std::move(*sub));
  }
  auto min_items = item_bound(doc, "minItems", origin, path);
  if (!min_items) return min_items.error();
  auto max_items = item_bound(doc, "maxItems", origin, path);
  if (!max_items) return max_items.error();
  field.min_items = *min_items;
  field.max_items = *max_items;
  if (field.min_items && field.max_items && *field.min_items > *field.max_items) {
    return group_error(origin, path, fmt::format("minItems {} is greater than maxItems {}", *field.min_items,
                                                 *field.max_items));
  }
  return ok();
}

}  // namespace invox::detail
