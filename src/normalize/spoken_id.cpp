#include "normalize/spoken_id.hpp"

#include <array>

#include "normalize/lexicon.hpp"

namespace invox::normalize {

namespace {

constexpr std::array<std::string_view, 26> kNato = {
    "alpha", "bravo",  "charlie", "delta",  "echo",   "foxtrot", "golf",    "hotel", "india",
    "juliet", "kilo",  "lima",    "mike",   "november", "oscar", "papa",    "quebec", "romeo",
    "sierra", "tango", "uniform", "victor", "whiskey", "xray",   "yankee",  "zulu"};

// One piece: a letter or digits, appended to `out`; returns tokens consumed (0 = none).
size_t piece_at(const Tokens& t, size_t i, std::string& out, int& letters, int& digits) {
  const Token& tok = t[i];
  if (tok.kind == TokenKind::Number) {
    for (char c : tok.text)
      if (c < '0' || c > '9') return 0;
    out += tok.text;
    digits += static_cast<int>(tok.text.size());
    return 1;
  }
  if (tok.kind != TokenKind::Word) return 0;
  if (tok.text.size() == 1 && tok.text[0] >= 'a' && tok.text[0] <= 'z') {
    // "o" between digits is a zero ("six o two"), elsewhere the letter O.
    out += static_cast<char>(tok.text[0] - 'a' + 'A');
    ++letters;
    return 1;
  }
  if (auto d = digit_word(tok.text)) {
    out += static_cast<char>('0' + *d);
    ++digits;
    return 1;
  }
  const bool digit_follows = i + 1 < t.size() && (t[i + 1].kind == TokenKind::Number || digit_word(t[i + 1].text));
  if (tok.text == "oh" && (digits > 0 || digit_follows)) {
    out += '0';
    ++digits;
    return 1;
  }
  if (tok.text == "double" && i + 1 < t.size()) {
    std::string one;
    int l = 0, d = 0;
    if (piece_at(t, i + 1, one, l, d) == 1 && one.size() == 1) {
      out += one + one;
      letters += 2 * l;
      digits += 2 * d;
      return 2;
    }
  }
  for (size_t k = 0; k < kNato.size(); ++k) {
    if (tok.text == kNato[k] || (k == 23 && tok.text == "x-ray")) {
      out += static_cast<char>('A' + k);
      ++letters;
      return 1;
    }
  }
  return 0;
}

}  // namespace

std::optional<SpokenId> parse_spoken_id_at(const Tokens& t, size_t i) {
  SpokenId id;
  id.first = i;
  size_t k = i;
  int pieces = 0;
  while (k < t.size()) {
    if (pieces > 0 && t[k].is_punct("-") && k + 1 < t.size()) {
      std::string probe;
      int l = 0, d = 0;
      if (piece_at(t, k + 1, probe, l, d)) {
        ++k;  // a dash inside a spoken code ("h p - three") is dropped
        continue;
      }
    }
    const size_t n = piece_at(t, k, id.value, id.letters, id.digits);
    if (!n) break;
    k += n;
    ++pieces;
  }
  if (pieces < 2) return std::nullopt;
  id.last = k;
  return id;
}

std::optional<std::string> spoken_id(std::string_view text) {
  const Tokens t = tokenize(text);
  if (t.empty()) return std::nullopt;
  auto id = parse_spoken_id_at(t, 0);
  if (!id || id->last != t.size()) return std::nullopt;
  return id->value;
}

}  // namespace invox::normalize
