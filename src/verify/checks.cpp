// Single-value and cross-field checks of VER: type validity and template constraints.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>

#include "util/strings.hpp"
#include "invox/verify.hpp"
#include "util/text_fold.hpp"
#include "verify/group_checks.hpp"

namespace invox::verify {

namespace {

bool is_iso_date(const std::string& s) {
  if (s.size() != 10 || s[4] != '-' || s[7] != '-') return false;
  if (!util::all_digits(s.substr(0, 4)) || !util::all_digits(s.substr(5, 2)) || !util::all_digits(s.substr(8, 2))) return false;
  const int y = std::stoi(s.substr(0, 4)), m = std::stoi(s.substr(5, 2)), d = std::stoi(s.substr(8, 2));
  if (m < 1 || m > 12 || d < 1) return false;
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  return d <= kDays[m - 1] + (m == 2 && leap ? 1 : 0);
}

bool is_hh_mm(const std::string& s) {
  if (s.size() != 5 || s[2] != ':' || !util::all_digits(s.substr(0, 2)) || !util::all_digits(s.substr(3, 2))) return false;
  return std::stoi(s.substr(0, 2)) < 24 && std::stoi(s.substr(3, 2)) < 60;
}

// A comparable form of a value: a number, or a string whose order is meaningful.
struct Comparable {
  std::optional<double> number;
  std::optional<std::string> text;  // dates, times (ordered); other strings (equality only)
  bool ordered = false;
};

std::optional<Comparable> comparable(const Field& f, const Json& v) {
  if (v.is_null()) return std::nullopt;
  switch (f.type) {
    case FieldType::Number:
      if (!v.is_number()) return std::nullopt;
      return Comparable{v.get<double>(), std::nullopt, true};
    case FieldType::Date:
      if (!v.is_string() || !is_iso_date(v.get<std::string>())) return std::nullopt;
      return Comparable{std::nullopt, v.get<std::string>(), true};
    case FieldType::Time:
      if (!v.is_string() || !is_hh_mm(v.get<std::string>())) return std::nullopt;
      return Comparable{std::nullopt, v.get<std::string>(), true};
    case FieldType::Boolean:
      if (!v.is_boolean()) return std::nullopt;
      return Comparable{std::nullopt, v.get<bool>() ? "true" : "false", false};
    default:
      if (!v.is_string()) return std::nullopt;
      return Comparable{std::nullopt, util::fold(v.get<std::string>()), false};
  }
}

// -1, 0, 1; nullopt when the two sides cannot be compared.
std::optional<int> compare(const Comparable& a, const Comparable& b) {
  if (a.number && b.number) return *a.number < *b.number ? -1 : (*a.number > *b.number ? 1 : 0);
  if (a.text && b.text) return a.text->compare(*b.text) < 0 ? -1 : (a.text->compare(*b.text) > 0 ? 1 : 0);
  return std::nullopt;
}

std::string describe(const Json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

}  // namespace

std::optional<std::string> type_problem(const Field& field, const Json& value) {
  if (value.is_null()) return std::nullopt;
  switch (field.type) {
    case FieldType::Text:
    case FieldType::Textarea:
      if (!value.is_string()) return fmt::format("expected text, got {}", value.dump());
      if (util::trim(value.get<std::string>()).empty()) return std::string("empty text");
      return std::nullopt;
    case FieldType::Number: {
      if (!value.is_number()) return fmt::format("expected a number, got {}", value.dump());
      const double d = value.get<double>();
      if (!std::isfinite(d)) return std::string("not a finite number");
      if (field.min && d < *field.min) return fmt::format("{} is below the minimum {}", d, *field.min);
      if (field.max && d > *field.max) return fmt::format("{} is above the maximum {}", d, *field.max);
      return std::nullopt;
    }
    case FieldType::Date:
      if (!value.is_string() || !is_iso_date(value.get<std::string>()))
        return fmt::format("expected a date YYYY-MM-DD, got {}", value.dump());
      return std::nullopt;
    case FieldType::Time:
      if (!value.is_string() || !is_hh_mm(value.get<std::string>()))
        return fmt::format("expected a time HH:MM (24 h), got {}", value.dump());
      return std::nullopt;
    case FieldType::Enum:
      if (!value.is_string() ||
          std::find(field.options.begin(), field.options.end(), value.get<std::string>()) == field.options.end())
        return fmt::format("{} is not one of: {}", value.dump(), util::join(field.options, ", "));
      return std::nullopt;
    case FieldType::Boolean:
      if (!value.is_boolean()) return fmt::format("expected true or false, got {}", value.dump());
      return std::nullopt;
    case FieldType::Group:
      return group_type_problem(field, value);
  }
  return std::nullopt;
}

std::optional<std::string> constraint_problem(const Template& tmpl, const Constraint& c, const FilledForm& form) {
  const Field* lf = tmpl.find(c.left);
  const Field* rf = tmpl.find(c.right);
  const FilledField* lv = form.find(c.left);
  const FilledField* rv = form.find(c.right);
  if (!lf || !rf || !lv || !rv) return std::nullopt;
  const auto a = comparable(*lf, lv->value);
  const auto b = comparable(*rf, rv->value);
  if (!a || !b) return std::nullopt;
  const bool ordering = c.op == "<" || c.op == "<=" || c.op == ">" || c.op == ">=";
  if (ordering && (!a->ordered || !b->ordered)) return std::nullopt;
  const auto cmp = compare(*a, *b);
  if (!cmp) return std::nullopt;
  bool holds = true;
  if (c.op == "<") holds = *cmp < 0;
  else if (c.op == "<=") holds = *cmp <= 0;
  else if (c.op == ">") holds = *cmp > 0;
  else if (c.op == ">=") holds = *cmp >= 0;
  else if (c.op == "==") holds = *cmp == 0;
  else if (c.op == "!=") holds = *cmp != 0;
  else return std::nullopt;
  if (holds) return std::nullopt;
  const std::string why = c.message.empty() ? fmt::format("{} {} {} does not hold", c.left, c.op, c.right) : c.message;
  return fmt::format("{}: {} = {}, {} = {}", why, c.left, describe(lv->value), c.right, describe(rv->value));
}

}  // namespace invox::verify
