#include "core/template_constraints.hpp"

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "core/template_keys.hpp"

namespace invox::detail {

namespace {
constexpr std::array<std::string_view, 6> kOps = {"<", "<=", ">", ">=", "==", "!="};

bool is_ordered(FieldType t) { return t == FieldType::Number || t == FieldType::Date || t == FieldType::Time; }
}  // namespace

Expected<Constraint> parse_constraint(const Json& c, size_t index, const Template& tmpl, const std::string& origin) {
  const std::string where = fmt::format("{}: constraints[{}]", origin, index);
  if (!c.is_object()) return Error::config(where + ": must be an object with left, op, right");
  if (auto typo = misspelled_key(c, kConstraintKeys)) return Error::config(where + ": " + *typo);
  Constraint con;
  for (auto [key, dest] : {std::pair{"left", &con.left}, std::pair{"op", &con.op}, std::pair{"right", &con.right}}) {
    auto it = c.find(key);
    if (it == c.end() || !it->is_string() || it->get<std::string>().empty()) {
      return Error::config(fmt::format("{}: missing '{}' (a non-empty string)", where, key));
    }
    *dest = it->get<std::string>();
  }
  if (auto it = c.find("message"); it != c.end() && !it->is_null()) {
    if (!it->is_string()) return Error::config(where + ": 'message' must be a string");
    con.message = it->get<std::string>();
  }
  if (std::find(kOps.begin(), kOps.end(), con.op) == kOps.end()) {
    return Error::config(fmt::format("{}: op '{}' is not one of <, <=, >, >=, ==, !=", where, con.op));
  }
  const Field* left = tmpl.find(con.left);
  const Field* right = tmpl.find(con.right);
  for (const auto& [name, field] : {std::pair{con.left, left}, std::pair{con.right, right}}) {
    if (!field) {
      return Error::config(fmt::format("{}: field '{}': constraints[{}] names a field the template does not have",
                                       origin, name, index));
    }
  }
  for (const Field* side : {left, right}) {
    if (side->is_group()) {
      return Error::config(fmt::format("{}: field '{}': constraints[{}] names a group; constraints compare "
                                       "single values, not lists of items", origin, side->id, index));
    }
  }
  if (left == right) {
    return Error::config(fmt::format("{}: field '{}': constraints[{}] compares the field with itself", origin,
                                     con.left, index));
  }
  if (left->type != right->type) {
    return Error::config(fmt::format("{}: field '{}': constraints[{}] compares it ({}) with '{}' ({}); both sides "
                                     "must have the same type", origin, con.left, index, to_string(left->type),
                                     con.right, to_string(right->type)));
  }
  const bool equality = con.op == "==" || con.op == "!=";
  if (!equality && !is_ordered(left->type)) {
    return Error::config(fmt::format("{}: field '{}': constraints[{}] uses '{}' on {} fields; ordering is only "
                                     "defined for number, date and time", origin, con.left, index, con.op,
                                     to_string(left->type)));
  }
  return con;
}

}  // namespace invox::detail
