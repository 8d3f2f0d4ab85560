#include "extract/rules/word_forms.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include <utf8proc.h>

#include "extract/rules/lexical_data.hpp"

namespace invox::rules {

namespace {
bool is_known_suffix(std::string_view s) { return words().derivational_suffixes.contains(s); }

// The ending by which a longer stem goes past a shorter one, as stem() leaves it: "remot" of
// "remote" and "remoteli" of "remotely" differ by "eli", which is the suffix "ly" after the
// dropped "e", with its "y" stemmed to "i".
bool is_stemmed_suffix(std::string_view s) {
  if (is_known_suffix(s)) return true;
  std::string t(s.starts_with('e') ? s.substr(1) : s);
  if (t.empty()) return false;
  if (t.back() == 'i') t.back() = 'y';
  return is_known_suffix(t);
}

// "Café" -> "cafe", "Łódź" -> "łodz": case folded, accents dropped, so a word matches an option
// or cue written without them (and the other way round).
std::string strip_accents(const std::string& word) {
  utf8proc_uint8_t* mapped = nullptr;
  const auto n = utf8proc_map(
      reinterpret_cast<const utf8proc_uint8_t*>(word.data()), static_cast<utf8proc_ssize_t>(word.size()), &mapped,
      static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_STRIPMARK | UTF8PROC_CASEFOLD));
  if (n < 0) return word;  // invalid UTF-8: leave it as it came
  std::string out(reinterpret_cast<char*>(mapped), static_cast<size_t>(n));
  std::free(mapped);
  return out;
}
}  // namespace

std::string fold_word(std::string_view raw) {
  std::string out;
  out.reserve(raw.size());
  for (size_t i = 0; i < raw.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(raw[i]);
    // U+2019 RIGHT SINGLE QUOTATION MARK (E2 80 99) and U+2018 -> '
    if (c == 0xE2 && i + 2 < raw.size() && static_cast<unsigned char>(raw[i + 1]) == 0x80 &&
        (static_cast<unsigned char>(raw[i + 2]) == 0x99 || static_cast<unsigned char>(raw[i + 2]) == 0x98)) {
      out += '\'';
      i += 2;
      continue;
    }
    out += static_cast<char>(std::tolower(c));
  }
  return std::all_of(out.begin(), out.end(), [](char ch) { return static_cast<unsigned char>(ch) < 0x80; })
             ? out
             : strip_accents(out);
}

std::string stem(std::string_view folded) {
  std::string w(folded);
  if (w.ends_with("'s")) w.resize(w.size() - 2);
  if (w.ends_with("n't") || w.size() <= 3) return w;
  if (w.ends_with("ies") && w.size() > 4) {
    w.resize(w.size() - 3);
    w += 'i';
  } else if ((w.ends_with("sses") || w.ends_with("shes") || w.ends_with("ches") || w.ends_with("xes")) &&
             w.size() > 4) {
    w.resize(w.size() - 2);
  } else if (w.ends_with("s") && !w.ends_with("ss") && !w.ends_with("us") && !w.ends_with("is") &&
             w.size() > 3) {
    w.resize(w.size() - 1);
  }
  if (w.ends_with("ing") && w.size() > 5) {
    w.resize(w.size() - 3);
  } else if (w.ends_with("ed") && w.size() > 4) {
    w.resize(w.size() - 2);
  }
  size_t n = w.size();
  if (n > 4 && w[n - 1] == w[n - 2] && std::string_view("bdgmnprt").find(w[n - 1]) != std::string_view::npos &&
      (folded.ends_with("ed") || folded.ends_with("ing")))
    w.pop_back();  // "admitted" -> "admit", "transferred" -> "transfer"
  if (w.ends_with("e") && w.size() > 4) w.resize(w.size() - 1);
  if (w.ends_with("y") && w.size() > 4) w.back() = 'i';
  return w;
}

StemMatch compare_stems(std::string_view a, std::string_view b) {
  if (a == b) return StemMatch::Same;
  if (a.empty() || b.empty()) return StemMatch::None;
  const auto& syn = synonyms_of(a);
  if (std::find(syn.begin(), syn.end(), b) != syn.end()) return StemMatch::Same;
  std::string_view shorter = a.size() < b.size() ? a : b;
  std::string_view longer = a.size() < b.size() ? b : a;
  if (shorter.size() < 5 || longer.substr(0, shorter.size()) != shorter) return StemMatch::None;
  return is_stemmed_suffix(longer.substr(shorter.size())) ? StemMatch::Derived : StemMatch::None;
}

bool stems_match(std::string_view a, std::string_view b) { return compare_stems(a, b) != StemMatch::None; }

}  // namespace invox::rules
