#include "extract/rules/guideline_parser.hpp"

#include <cctype>

#include "util/strings.hpp"

namespace invox::rules {

namespace {
bool is_open_quote(std::string_view s, size_t i) {
  if (s[i] != '\'' && s[i] != '"') return false;
  bool prev_ok = i == 0 || std::isspace(static_cast<unsigned char>(s[i - 1])) || s[i - 1] == '(' ||
                 s[i - 1] == ',' || s[i - 1] == '[';
  return prev_ok && i + 1 < s.size() && !std::isspace(static_cast<unsigned char>(s[i + 1]));
}

bool is_close_quote(std::string_view s, size_t i, char open) {
  if (s[i] != open) return false;
  if (i + 1 >= s.size()) return true;
  char n = s[i + 1];
  return std::isspace(static_cast<unsigned char>(n)) || n == ',' || n == '.' || n == ';' || n == ':' ||
         n == ')' || n == '-' || n == '?' || n == '!';
}

struct Quoted {
  size_t begin, end;  // including the quote characters
  std::string text;
};

std::vector<Quoted> find_quotes(std::string_view s) {
  std::vector<Quoted> out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (!is_open_quote(s, i)) continue;
    char q = s[i];
    for (size_t j = i + 1; j < s.size(); ++j) {
      if (is_close_quote(s, j, q)) {
        out.push_back({i, j + 1, std::string(s.substr(i + 1, j - i - 1))});
        i = j;
        break;
      }
    }
  }
  return out;
}

// Splits at ';' and at sentence ends (". " + uppercase), never inside quotes.
std::vector<std::string> split_clauses(std::string_view s) {
  std::vector<std::string> out;
  auto quotes = find_quotes(s);
  auto in_quote = [&](size_t i) {
    for (const auto& q : quotes)
      if (i > q.begin && i < q.end - 1) return true;
    return false;
  };
  size_t start = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    bool cut = false;
    if (s[i] == ';' && !in_quote(i)) cut = true;
    if (s[i] == '.' && !in_quote(i) && i + 2 < s.size() && s[i + 1] == ' ' &&
        std::isupper(static_cast<unsigned char>(s[i + 2]))) {
      // "Dr. Lastname" is not a sentence end.
      size_t w = i;
      while (w > start && std::isalpha(static_cast<unsigned char>(s[w - 1]))) --w;
      std::string word = util::to_lower_ascii(s.substr(w, i - w));
      cut = word != "dr" && word != "mr" && word != "mrs" && word != "ms" && word != "st";
    }
    if (cut) {
      out.emplace_back(s.substr(start, i - start));
      start = i + 1;
    }
  }
  if (start < s.size()) out.emplace_back(s.substr(start));
  return out;
}

std::string clean_target(std::string_view s) {
  std::string t = util::trim(s);
  while (!t.empty() && (t.back() == '.' || t.back() == ',' || t.back() == ';')) t.pop_back();
  t = util::trim(t);
  if (t.size() >= 2 && (t.front() == '\'' || t.front() == '"') && t.back() == t.front())
    t = t.substr(1, t.size() - 2);
  return t;
}

size_t find_arrow(std::string_view s, size_t from, size_t* width) {
  size_t best = std::string_view::npos;
  for (std::string_view a : {"->", "=>", "\xE2\x86\x92"}) {
    size_t p = s.find(a, from);
    if (p < best) {
      best = p;
      *width = a.size();
    }
  }
  return best;
}

void parse_mapping_clause(std::string_view clause, GuidelineInfo& info) {
  size_t pos = 0;
  size_t width = 0;
  size_t arrow = find_arrow(clause, pos, &width);
  while (arrow != std::string_view::npos) {
    std::string_view lhs = clause.substr(pos, arrow - pos);
    size_t rhs_begin = arrow + width;
    size_t next_width = 0;
    size_t next_arrow = find_arrow(clause, rhs_begin, &next_width);
    size_t rhs_end = clause.size();
    if (next_arrow != std::string_view::npos) {
      // The next mapping's left side starts after the last comma before its arrow.
      size_t comma = clause.rfind(',', next_arrow);
      size_t quote_start = clause.find_first_of("'\"", rhs_begin);
      rhs_end = comma != std::string_view::npos && comma > rhs_begin ? comma : next_arrow;
      if (quote_start != std::string_view::npos && quote_start < rhs_end) rhs_end = quote_start;
    } else {
      size_t comma = clause.find(',', rhs_begin);
      if (comma != std::string_view::npos) rhs_end = comma;
    }
    GuidelineMapping m;
    m.target = clean_target(clause.substr(rhs_begin, rhs_end - rhs_begin));
    auto quotes = find_quotes(lhs);
    if (quotes.empty()) {
      std::string phrase = clean_target(lhs);
      if (!phrase.empty()) m.phrases.push_back(phrase);
    } else {
      for (auto& q : quotes) m.phrases.push_back(q.text);
    }
    if (!m.target.empty() && !m.phrases.empty()) info.mappings.push_back(std::move(m));
    pos = rhs_end;
    arrow = next_arrow;
  }
}
}  // namespace

GuidelineInfo parse_guidelines(std::string_view text) {
  GuidelineInfo info;
  std::string lower = util::to_lower_ascii(text);
  info.mentions_digits = lower.find("digits") != std::string::npos;
  info.wants_numerals = lower.find("numerals") != std::string::npos;
  for (const auto& clause : split_clauses(text)) {
    std::string lc = util::to_lower_ascii(util::trim(clause));
    size_t w = 0;
    if (find_arrow(clause, 0, &w) != std::string::npos) {
      parse_mapping_clause(clause, info);
      continue;
    }
    auto quotes = find_quotes(clause);
    if (lc.rfind("true ", 0) == 0 || lc.rfind("false ", 0) == 0) {
      GuidelineMapping m;
      m.target = lc.rfind("true ", 0) == 0 ? "true" : "false";
      for (auto& q : quotes) m.phrases.push_back(q.text);
      if (!m.phrases.empty()) info.mappings.push_back(std::move(m));
      continue;
    }
    bool placeholder = lc.find("leave empty") != std::string::npos || lc.find("leave blank") != std::string::npos ||
                       lc.find("leave it empty") != std::string::npos;
    for (auto& q : quotes) {
      if (q.text.size() >= 2 && q.text.back() == '-' && lc.find("followed by") != std::string::npos) {
        info.code_prefix = q.text;
        continue;
      }
      if (placeholder) info.placeholder_phrases.push_back(q.text);
      else info.quoted_examples.push_back(q.text);
    }
  }
  return info;
}

}  // namespace invox::rules
