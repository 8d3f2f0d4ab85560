#include "spoken/spoken_value.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <optional>
#include <vector>

#include "spoken/number_words.hpp"
#include "util/strings.hpp"

namespace invox::spoken {

namespace {

constexpr std::array<std::string_view, 12> kMonths = {"January", "February", "March",     "April",   "May",      "June",
                                                      "July",    "August",   "September", "October", "November", "December"};

// Unit symbols as spoken: singular, plural. Words that are already words ("days", "people")
// need no entry: a plain word loses its final "s" for one.
struct UnitWords {
  std::string_view symbol;
  std::string_view one;
  std::string_view many;
};
constexpr std::array<UnitWords, 27> kUnits = {{
    {"°C", "degree Celsius", "degrees Celsius"},
    {"°F", "degree Fahrenheit", "degrees Fahrenheit"},
    {"%", "percent", "percent"},
    {"USD", "dollar", "dollars"},
    {"EUR", "euro", "euros"},
    {"GBP", "pound", "pounds"},
    {"bpm", "beat per minute", "beats per minute"},
    {"mmHg", "millimeter of mercury", "millimeters of mercury"},
    {"kg", "kilogram", "kilograms"},
    {"g", "gram", "grams"},
    {"mg", "milligram", "milligrams"},
    {"mcg", "microgram", "micrograms"},
    {"lb", "pound", "pounds"},
    {"km", "kilometer", "kilometers"},
    {"m", "meter", "meters"},
    {"cm", "centimeter", "centimeters"},
    {"mm", "millimeter", "millimeters"},
    {"ml", "milliliter", "milliliters"},
    {"mL", "milliliter", "milliliters"},
    {"l", "liter", "liters"},
    {"h", "hour", "hours"},
    {"min", "minute", "minutes"},
    {"s", "second", "seconds"},
    {"kWh", "kilowatt hour", "kilowatt hours"},
    {"mph", "mile per hour", "miles per hour"},
    {"km/h", "kilometer per hour", "kilometers per hour"},
    {"pcs", "piece", "pieces"},
}};

bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool is_alpha(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }

int two_digits(std::string_view s, size_t pos) {
  if (pos + 2 > s.size() || !is_digit(s[pos]) || !is_digit(s[pos + 1])) return -1;
  return (s[pos] - '0') * 10 + (s[pos + 1] - '0');
}

std::string unit_part(std::string_view part, bool one) {
  for (const auto& u : kUnits) {
    if (u.symbol == part) return std::string(one ? u.one : u.many);
  }
  std::string word(part);
  const bool plain = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) { return is_alpha(c); });
  if (one && plain && word.size() > 2 && word.back() == 's' && word[word.size() - 2] != 's') word.pop_back();
  return word;
}

// An identifier: letters and digits mixed ("A12B", "WO-2026-0412"), or a run of at least
// three digits held together by separators or standing alone in text ("0412", "26-04418").
bool is_identifier(std::string_view token) {
  bool letter = false, digit = false;
  size_t digits = 0;
  for (char c : token) {
    if (is_digit(c)) {
      digit = true;
      ++digits;
    } else if (is_alpha(c)) {
      letter = true;
    } else if (c != '-' && c != '/' && c != '.') {
      return false;
    }
  }
  if (!digit) return false;
  // "3.5" and "1,200" are numbers, not codes: only dashes and slashes make digits a code.
  if (!letter && token.find_first_of("-/") == std::string_view::npos) return digits >= 3;
  return true;
}

// Letters and digits one by one. Separators are not said: a listener hears the groups anyway,
// and "dash" between digits is not a digit to a reader of spelled codes.
std::string spell(std::string_view token) {
  std::vector<std::string> parts;
  for (char c : token) {
    if (is_digit(c)) parts.push_back(digit_word(c - '0'));
    else if (is_alpha(c)) parts.emplace_back(1, static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
  }
  return util::join(parts, " ");
}

// "3rd", "21st": an ordinal written with digits, said as a word ("third").
std::optional<std::string> written_ordinal(std::string_view token) {
  size_t digits = 0;
  while (digits < token.size() && is_digit(token[digits])) ++digits;
  if (digits == 0 || digits > 6 || token.size() != digits + 2) return std::nullopt;
  const std::string suffix = util::to_lower_ascii(token.substr(digits));
  if (suffix != "st" && suffix != "nd" && suffix != "rd" && suffix != "th") return std::nullopt;
  return ordinal_words(std::stoll(std::string(token.substr(0, digits))));
}

}  // namespace

std::string spoken_date(std::string_view iso, DateStyle style, bool with_year) {
  if (iso.size() != 10 || iso[4] != '-' || iso[7] != '-') return std::string(iso);
  const int month = two_digits(iso, 5), day = two_digits(iso, 8);
  const int century = two_digits(iso, 0), decade = two_digits(iso, 2);
  if (month < 1 || month > 12 || day < 1 || day > 31 || century < 0 || decade < 0) return std::string(iso);
  const std::string month_name(kMonths[static_cast<size_t>(month - 1)]);
  std::string s = style == DateStyle::MonthFirst ? month_name + " " + ordinal_words(day)
                                                 : "the " + ordinal_words(day) + " of " + month_name;
  if (with_year) s += ", " + year_words(century * 100 + decade);
  return s;
}

std::string spoken_time(std::string_view t) {
  if (t.size() != 5 || t[2] != ':') return std::string(t);
  const int h = two_digits(t, 0), m = two_digits(t, 3);
  if (h < 0 || h > 23 || m < 0 || m > 59) return std::string(t);
  if (m == 0 && h == 0) return "midnight";
  if (m == 0 && h == 12) return "noon";
  const int h12 = h % 12 == 0 ? 12 : h % 12;
  std::string s = cardinal_words(h12);
  if (m == 0) s += " o'clock";
  else if (m < 10) s += " oh " + digit_word(m);
  else s += " " + cardinal_words(m);
  // The part of the day settles a.m./p.m. in words a listener (and a recognizer) gets right.
  if (h < 12) s += h < 5 ? " at night" : " in the morning";
  else s += h < 18 ? " in the afternoon" : (h < 21 ? " in the evening" : " at night");
  return s;
}

std::string spoken_unit(std::string_view unit, bool one) {
  const std::string u = util::trim(unit);
  if (u.empty()) return u;
  for (const auto& w : kUnits) {
    if (w.symbol == u) return std::string(one ? w.one : w.many);
  }
  const size_t slash = u.find('/');
  if (slash != std::string::npos) {
    return unit_part(u.substr(0, slash), one) + " per " + unit_part(u.substr(slash + 1), true);
  }
  return unit_part(u, one);
}

std::string spoken_number(double value, std::string_view unit) {
  std::string s = decimal_words(value);
  const std::string u = spoken_unit(unit, std::fabs(value) == 1.0);
  return u.empty() ? s : s + " " + u;
}

std::string spoken_text(std::string_view text) {
  std::string out;
  size_t i = 0;
  while (i < text.size()) {
    const size_t start = text.find_first_not_of(" \t\r\n", i);
    if (start == std::string_view::npos) break;
    size_t end = text.find_first_of(" \t\r\n", start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view token = text.substr(start, end - start);
    // Punctuation that ends a token ("WO-1187,") is kept after the spelled code.
    size_t core_end = token.size();
    while (core_end > 0 && (token[core_end - 1] == ',' || token[core_end - 1] == ';' || token[core_end - 1] == '.'))
      --core_end;
    if (!out.empty()) out += ' ';
    if (auto ordinal = written_ordinal(token.substr(0, core_end))) {
      out += *ordinal;
      out += token.substr(core_end);
    } else if (core_end > 0 && is_identifier(token.substr(0, core_end))) {
      out += spell(token.substr(0, core_end));
      out += token.substr(core_end);
    } else {
      out += token;
    }
    i = end;
  }
  return out;
}

std::string spoken_value(const Field& field, const Json& value) {
  if (value.is_null()) return {};
  switch (field.type) {
    case FieldType::Date:
      return value.is_string() ? spoken_date(value.get<std::string>()) : value.dump();
    case FieldType::Time:
      return value.is_string() ? spoken_time(value.get<std::string>()) : value.dump();
    case FieldType::Number:
      return value.is_number() ? spoken_number(value.get<double>(), field.unit) : spoken_text(value.dump());
    case FieldType::Boolean:
      return value.is_boolean() ? (value.get<bool>() ? "yes" : "no") : value.dump();
    case FieldType::Textarea: {
      if (!value.is_string()) return value.dump();
      std::vector<std::string> items;
      for (const auto& item : util::split(value.get<std::string>(), ',')) {
        const std::string t = util::trim(item);
        if (!t.empty()) items.push_back(spoken_text(t));
      }
      // Every boundary is said ("a, and b, and c"): a listener (or a recognizer, which hears no
      // commas) must know where one item ends; "a, b and c" runs "a b" together.
      return util::join(items, ", and ");
    }
    case FieldType::Enum:
    case FieldType::Text:
      return value.is_string() ? spoken_text(value.get<std::string>()) : value.dump();
    case FieldType::Group: {
      if (!value.is_array()) return value.dump();
      if (value.empty()) return "none";
      // One item per clause, each sub-value named by its label: "registration K L four, make Ford; ...".
      std::vector<std::string> items;
      for (const auto& item : value) {
        std::vector<std::string> parts;
        for (const auto& sub : field.fields) {
          if (!item.is_object() || !item.contains(sub.id) || item[sub.id].is_null()) continue;
          parts.push_back(spoken_label(sub) + " " + spoken_value(sub, item[sub.id]));
        }
        if (!parts.empty()) items.push_back(util::join(parts, ", "));
      }
      return util::join(items, "; ");
    }
  }
  return value.dump();
}

std::string spoken_list(const std::vector<std::string>& items, std::string_view conjunction) {
  std::string s;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) s += i + 1 == items.size() ? " " + std::string(conjunction) + " " : ", ";
    s += items[i];
  }
  return s;
}

std::string capitalized(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 'a' + 'A');
  return text;
}

std::string spoken_label(const Field& field) {
  std::string label = util::trim(field.display_label());
  // A parenthesized aside ("(AVPU)") is for the eye.
  for (size_t open = label.find('('); open != std::string::npos; open = label.find('(')) {
    const size_t close = label.find(')', open);
    if (close == std::string::npos) break;
    label.erase(open, close - open + 1);
  }
  for (char& c : label) {
    if (c == '_') c = ' ';
  }
  std::vector<std::string> words;
  for (auto& w : util::split(label, ' ')) {
    if (w.empty()) continue;
    size_t upper = 0;
    for (char c : w) upper += std::isupper(static_cast<unsigned char>(c)) ? 1 : 0;
    // Acronyms ("AVPU", "SpO2", "HR") keep their capitals; ordinary words are lower-cased.
    if (upper < 2) w = util::to_lower_ascii(w);
    words.push_back(w);
  }
  return util::join(words, " ");
}

}  // namespace invox::spoken
