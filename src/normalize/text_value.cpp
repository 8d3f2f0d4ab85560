#include "normalize/text_value.hpp"

#include <fmt/format.h>

#include <set>

#include "normalize/lexicon.hpp"
#include "normalize/fold.hpp"
#include "core/guideline_hints.hpp"
#include "normalize/spoken_id.hpp"
#include "util/strings.hpp"

namespace invox::normalize {

namespace {

// Crude stem for matching a field's own words: "faults" ~ "fault", "spokes" ~ "spoke".
std::string stem(std::string w) {
  if (w.size() > 4 && w.ends_with("ies")) return w.substr(0, w.size() - 3) + "y";
  if (w.size() > 3 && w.ends_with("es") && (w.ends_with("sses") || w.ends_with("ches") || w.ends_with("shes")))
    return w.substr(0, w.size() - 2);
  if (w.size() > 3 && w.ends_with('s') && !w.ends_with("ss")) return w.substr(0, w.size() - 1);
  return w;
}

std::set<std::string> field_words(const Field& f) {
  std::set<std::string> own;
  std::string all = f.id + " " + f.label;
  for (const auto& a : f.aliases) all += " " + a;
  for (auto& w : util::split(phrase_key(all), ' '))
    if (!w.empty()) own.insert(stem(w));
  return own;
}

// Split points inside one comma-separated chunk: " and ", " plus ", " & ", " as well as ".
std::vector<std::string> split_conjunctions(const std::string& chunk) {
  std::vector<std::string> out;
  const std::string lower = fold_case_accents(chunk);
  if (lower.size() != chunk.size()) return {chunk};  // folding changed byte offsets: keep whole
  size_t start = 0, i = 0;
  while (i < lower.size()) {
    size_t len = 0;
    for (const auto& joiner : words().list_joiners) {
      const std::string sep = " " + util::join(joiner, " ") + " ";
      if (lower.compare(i, sep.size(), sep) == 0) {
        len = sep.size();
        break;
      }
    }
    if (len) {
      out.push_back(chunk.substr(start, i - start));
      i += len;
      start = i;
    } else {
      ++i;
    }
  }
  out.push_back(chunk.substr(start));
  return out;
}

std::string strip_list_noise_once(std::string s) {
  s = util::trim(s);
  // Bullets and list numbering: "- a", "* a", "• a", "1. a", "2) a"
  for (std::string_view b : {"- ", "* ", "\xE2\x80\xA2 "})
    if (s.compare(0, b.size(), b) == 0) s = util::trim(s.substr(b.size()));
  if (s.size() > 2 && s[0] >= '0' && s[0] <= '9' && (s[1] == '.' || s[1] == ')') && s[2] == ' ') s = util::trim(s.substr(3));
  for (const auto& joiner : words().list_joiners) {
    const std::string lead = util::join(joiner, " ") + " ";
    if (fold_case_accents(s.substr(0, lead.size())) == lead) {
      s = util::trim(s.substr(lead.size()));
      break;
    }
  }
  while (!s.empty() && (s.back() == '.' || s.back() == ';' || s.back() == ',')) s.pop_back();
  return util::trim(s);
}

// Until nothing changes: prefixes come stacked ("- 1. and x", "2) 2) x"), and stripping only
// one would leave the next for a second normalization to remove.
std::string strip_list_noise(std::string s) {
  for (std::string next = strip_list_noise_once(s); next != s; next = strip_list_noise_once(s)) s = std::move(next);
  return s;
}

bool guidelines_ask_for_none(const Field& f) {
  const std::string g = fold_case_accents(f.guidelines);
  return g.find("'none'") != std::string::npos || g.find("\"none\"") != std::string::npos ||
         g.find("\xE2\x80\x9cnone\xE2\x80\x9d") != std::string::npos;
}

void collect(const Json& v, std::vector<std::string>& items, bool split_and) {
  if (v.is_null()) return;
  if (v.is_array()) {
    for (const auto& e : v) collect(e, items, false);
    return;
  }
  if (v.is_string()) {
    const std::string& s = v.get_ref<const std::string&>();
    if (split_and) {
      for (auto& item : split_items(s)) items.push_back(std::move(item));
      return;
    }
    // An array element is one item unless it is itself a comma/semicolon list.
    std::string chunk;
    for (size_t i = 0; i <= s.size(); ++i) {
      const bool digit_comma = i < s.size() && s[i] == ',' && i > 0 && i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i - 1])) &&
                               std::isdigit(static_cast<unsigned char>(s[i + 1]));
      if (i == s.size() || ((s[i] == ',' || s[i] == ';' || s[i] == '\n') && !digit_comma)) {
        auto item = strip_list_noise(clean_text(chunk));
        if (!item.empty()) items.push_back(std::move(item));
        chunk.clear();
      } else {
        chunk += s[i];
      }
    }
    return;
  }
  if (v.is_number() || v.is_boolean()) items.push_back(v.dump());
}

}  // namespace

std::string clean_text(std::string_view s) { return collapse_whitespace(nfc(s)); }

std::vector<std::string> split_items(std::string_view s) {
  std::vector<std::string> items;
  std::string chunk;
  auto flush = [&]() {
    for (auto& part : split_conjunctions(clean_text(chunk))) {
      auto item = strip_list_noise(part);  // parts of a cleaned chunk are clean
      if (!item.empty()) items.push_back(std::move(item));
    }
    chunk.clear();
  };
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    // "2,150" keeps its comma; "a,b" splits.
    const bool digit_comma = c == ',' && i > 0 && i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i - 1])) &&
                             std::isdigit(static_cast<unsigned char>(s[i + 1]));
    if ((c == ',' || c == ';' || c == '\n') && !digit_comma) flush();
    else chunk += c;
  }
  flush();
  return items;
}

bool is_placeholder_item(std::string_view item, const Field& field) {
  const std::string key = phrase_key(item);
  if (key.empty()) return true;
  if (words().empty_values.contains(key) || words().nothing_values.contains(key)) return true;
  for (const auto& p : guideline_hints(field.guidelines)->empty_phrases)
    if (phrase_key(p) == key) return true;
  const auto said = util::split(key, ' ');
  if (!words().nothing_openers.contains(said.front())) return false;
  // "no known faults", "no faults found": the field's own words and fillers, and before the
  // last own word up to two modifiers of it ("no known brake faults").
  constexpr size_t kMaxModifiers = 2;
  const auto own = field_words(field);
  size_t last_own = 0;
  for (size_t i = 1; i < said.size(); ++i)
    if (own.count(stem(said[i]))) last_own = i;
  size_t modifiers = 0;
  for (size_t i = 1; i < said.size(); ++i) {
    if (words().nothing_filler_words.contains(said[i]) || own.count(stem(said[i]))) continue;
    if (i > last_own || ++modifiers > kMaxModifiers) return false;
  }
  return true;
}

NormalizeResult normalize_text(const Json& value, const Field& field) {
  if (value.is_null()) return NormalizeResult{};
  std::string s;
  if (value.is_string()) s = value.get<std::string>();
  else if (value.is_number() || value.is_boolean()) s = value.dump();
  else if (value.is_array()) {
    std::vector<std::string> items;
    collect(value, items, false);
    s = util::join(items, ", ");
  } else {
    return invalid_result(field, fmt::format("{} is not text", describe(value)));
  }
  std::string out = clean_text(s);
  const std::string key = phrase_key(out);
  if (key.empty() || words().empty_values.contains(key)) return NormalizeResult{};
  // "k t nine" -> "KT9" when the whole value was spelled out.
  if (out.find(' ') != std::string::npos) {
    const Tokens t = tokenize(out);
    bool spelled = false;
    for (const auto& tok : t) spelled = spelled || (tok.kind == TokenKind::Word && tok.text.size() > 1);
    if (auto id = parse_spoken_id_at(t, 0); id && id->last == t.size()) {
      const std::string g = fold_case_accents(field.guidelines);
      const bool digits_wanted = g.find("digit") != std::string::npos || g.find("numeral") != std::string::npos;
      if ((id->letters > 0 && id->digits > 0 && (spelled || id->letters > 1)) || (id->letters == 0 && id->digits >= 2 && digits_wanted))
        out = id->value;
    }
  }
  return NormalizeResult{Json(out), std::nullopt};
}

NormalizeResult normalize_textarea(const Json& value, const Field& field) {
  if (value.is_object()) return invalid_result(field, "an object is not a list of items");
  std::vector<std::string> items;
  collect(value, items, true);
  std::vector<std::string> kept;
  std::set<std::string> seen;
  bool placeholder = false;
  for (auto& item : items) {
    if (is_placeholder_item(item, field)) {
      placeholder = true;
      continue;
    }
    std::string key = phrase_key(item);
    if (key.empty()) key = item;
    if (!seen.insert(key).second) continue;
    kept.push_back(std::move(item));
  }
  if (kept.empty()) {
    if (placeholder && guidelines_ask_for_none(field)) return NormalizeResult{Json("none"), std::nullopt};
    return NormalizeResult{};
  }
  return NormalizeResult{Json(util::join(kept, ", ")), std::nullopt};
}

}  // namespace invox::normalize
