#include "normalize/guideline_aliases.hpp"

#include <algorithm>
#include <cctype>
#include <mutex>
#include <unordered_map>

#include "normalize/fold.hpp"
#include "util/strings.hpp"

namespace invox::normalize {

namespace {

bool is_quote_open(std::string_view s, size_t i, size_t& len) {
  if (s.substr(i, 3) == "\xE2\x80\x98" || s.substr(i, 3) == "\xE2\x80\x9C") return len = 3, true;
  if (s[i] == '"') return len = 1, true;
  // A straight apostrophe opens a quote only at a word start ("'SNF'", not "driver's").
  if (s[i] == '\'' && (i == 0 || !std::isalnum(static_cast<unsigned char>(s[i - 1])))) return len = 1, true;
  return false;
}

// Quoted strings in s: 'x', "x", ‘x’, “x”.
std::vector<std::string> quoted(std::string_view s) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < s.size()) {
    size_t len = 0;
    if (!is_quote_open(s, i, len)) {
      ++i;
      continue;
    }
    const size_t start = i + len;
    size_t j = start;
    size_t close_len = 0;
    while (j < s.size()) {
      if (s[j] == '"' || s.substr(j, 3) == "\xE2\x80\x99" || s.substr(j, 3) == "\xE2\x80\x9D") {
        close_len = s[j] == '"' ? 1 : 3;
        break;
      }
      // A straight apostrophe closes at a word end ("'driver's seat'" keeps its inner one).
      if (s[j] == '\'' && (j + 1 >= s.size() || !std::isalnum(static_cast<unsigned char>(s[j + 1])))) {
        close_len = 1;
        break;
      }
      ++j;
    }
    if (!close_len) break;
    out.emplace_back(util::trim(s.substr(start, j - start)));
    i = j + close_len;
  }
  return out;
}

// Offset of the end of the clause starting at `from` (';', ')', newline, or '.' + space/end).
size_t clause_end(std::string_view s, size_t from) {
  for (size_t i = from; i < s.size(); ++i) {
    const char c = s[i];
    if (c == ';' || c == ')' || c == '\n') return i;
    if (c == '.' && (i + 1 == s.size() || s[i + 1] == ' ')) return i;
  }
  return s.size();
}

// Offset where the clause ending at `to` starts.
size_t clause_start(std::string_view s, size_t to) {
  for (size_t i = to; i-- > 0;) {
    const char c = s[i];
    if (c == ';' || c == '(' || c == '\n') return i + 1;
    if (c == '.' && i + 1 < s.size() && s[i + 1] == ' ') return i + 1;
  }
  return 0;
}

std::string strip_quotes(std::string s) {
  s = util::trim(s);
  for (std::string_view q : {"'", "\"", "\xE2\x80\x98", "\xE2\x80\x99", "\xE2\x80\x9C", "\xE2\x80\x9D"}) {
    if (s.size() >= q.size() && s.compare(0, q.size(), q) == 0) s.erase(0, q.size());
    if (s.size() >= q.size() && s.compare(s.size() - q.size(), q.size(), q) == 0) s.resize(s.size() - q.size());
  }
  return util::trim(s);
}

void parse_arrows(std::string_view g, GuidelineRules& rules) {
  size_t pos = 0;
  while (true) {
    size_t arrow = g.find("->", pos), alen = 2;
    for (std::string_view a : {"\xE2\x86\x92", "=>"}) {
      const size_t p = g.find(a, pos);
      if (p < arrow) arrow = p, alen = a.size();
    }
    if (arrow == std::string_view::npos) return;
    const size_t tend = clause_end(g, arrow + alen);
    const std::string target = strip_quotes(std::string(g.substr(arrow + alen, tend - arrow - alen)));
    const size_t sstart = clause_start(g, arrow);
    const std::string_view source = g.substr(sstart, arrow - sstart);
    auto phrases = quoted(source);
    if (phrases.empty()) {
      // Unquoted short source: "First aid only -> false".
      std::string plain = util::trim(source);
      if (!plain.empty() && std::count(plain.begin(), plain.end(), ' ') < 5) phrases.push_back(plain);
    }
    if (!target.empty())
      for (auto& p : phrases)
        if (!p.empty()) rules.aliases.push_back({p, target});
    pos = arrow + alen;
  }
}

// "true for 'a', 'b'" / "false for ..." / "leave empty for 'x'".
void parse_for_lists(std::string_view g, GuidelineRules& rules) {
  const std::string lower = fold_case_accents(g);
  for (std::string_view key : {"true for ", "false for ", "yes for ", "no for ", "leave empty for ", "leave blank for ",
                               "leave it empty for ", "null for "}) {
    size_t pos = 0;
    while ((pos = lower.find(key, pos)) != std::string::npos) {
      if (pos > 0 && std::isalpha(static_cast<unsigned char>(lower[pos - 1]))) {
        pos += key.size();
        continue;
      }
      const size_t end = clause_end(g, pos + key.size());
      auto phrases = quoted(g.substr(pos + key.size(), end - pos - key.size()));
      const bool empty_rule = key.find("empty") != std::string_view::npos ||
                              key.find("blank") != std::string_view::npos || key.starts_with("null");
      for (auto& p : phrases) {
        if (empty_rule) rules.empty_phrases.push_back(p);
        else rules.aliases.push_back({p, std::string(key.starts_with("true") || key.starts_with("yes") ? "true" : "false")});
      }
      pos = end;
    }
  }
}

}  // namespace

std::shared_ptr<const GuidelineRules> guideline_rules(const std::string& guidelines) {
  // Templates are few and their guidelines fixed, so a small process-wide cache pays off for
  // batch runs; it is cleared rather than grown without bound.
  static std::mutex mu;
  static std::unordered_map<std::string, std::shared_ptr<const GuidelineRules>> cache;
  std::lock_guard<std::mutex> lock(mu);
  if (auto it = cache.find(guidelines); it != cache.end()) return it->second;
  if (cache.size() > 4096) cache.clear();
  auto rules = std::make_shared<GuidelineRules>();
  parse_arrows(guidelines, *rules);
  parse_for_lists(guidelines, *rules);
  cache.emplace(guidelines, rules);
  return rules;
}

}  // namespace invox::normalize
