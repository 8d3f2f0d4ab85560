#include "extract/rules/spoken_codes.hpp"

#include <algorithm>
#include <cctype>

#include "extract/rules/lexical_data.hpp"
#include "invox/normalize.hpp"
#include "util/strings.hpp"

namespace invox::rules {

namespace {
bool is_single_letter(const Token& t) {
  return t.norm.size() == 1 && std::isalpha(static_cast<unsigned char>(t.norm[0]));
}

bool is_upper_word(const Token& t) {
  return t.raw.size() >= 2 && t.raw.size() <= 4 &&
         std::all_of(t.raw.begin(), t.raw.end(), [](char c) { return std::isupper(static_cast<unsigned char>(c)); });
}

// "18:30": a clock time is never a code, whatever cue came before it ("room due 18:30").
bool written_clock_time(const Token& t) {
  const size_t colon = t.raw.find(':');
  if (colon == std::string::npos || colon == 0 || colon > 2 || t.raw.size() != colon + 3) return false;
  return std::all_of(t.raw.begin(), t.raw.end(), [](char c) { return c == ':' || std::isdigit(static_cast<unsigned char>(c)); });
}

// Capitals said as letters: "FL", "F".
bool said_as_capitals(const Token& t) {
  return is_upper_word(t) || (t.raw.size() == 1 && std::isupper(static_cast<unsigned char>(t.raw[0])));
}

// Written code: tokens joined by '-' where at least one has a digit ("RT-06", "K-30518").
std::optional<CodeRead> written_code(const Scan& s, size_t i, size_t end) {
  size_t j = i;
  bool digit = false;
  std::string text;
  while (j < end) {
    const Token& t = s.tok(j);
    digit = digit || t.has_digit;
    if (t.after != Break::Join || t.slash_after) break;
    ++j;
  }
  if (!digit) return std::nullopt;
  CodeRead r;
  r.first = i;
  r.last = j + 1;
  r.code = std::string(s.span_text(i, j + 1));
  return r;
}

// Spelled code ("b k four four", "bravo kilo four", "double two five"), read by CF's spoken
// identifier reader; letters then digits are written "BK-44" when `hyphenate`.
std::optional<CodeRead> spelled_code(const Scan& s, size_t i, size_t end, bool hyphenate) {
  const size_t begin_byte = s.tok(i).begin;
  auto id = parse_spoken_id_prefix(s.tt.text.substr(begin_byte, s.tok(end - 1).end - begin_byte));
  if (!id || id->digits == 0 || (id->letters == 0 && id->digits < 2)) return std::nullopt;
  CodeRead r;
  r.first = i;
  r.last = std::max(i + 1, std::min(end, s.token_at_byte(begin_byte + id->consumed)));
  const size_t first_digit = id->value.find_first_of("0123456789");
  const bool letters_then_digits =
      first_digit != std::string::npos && id->value.find_first_not_of("0123456789", first_digit) == std::string::npos;
  // A hyphen where "dash" was said is already in the value; otherwise only when the field's
  // guideline examples write codes that way ("e.g. 'FL-07'").
  r.code = hyphenate && id->letters > 0 && letters_then_digits && id->value.find('-') == std::string::npos
               ? id->value.substr(0, first_digit) + "-" + id->value.substr(first_digit)
               : id->value;
  return r;
}
// Capitals said as one word, then the number ("model XL eighteen", "CNC 14"): the letters and
// the digits are one code, where reading on from the number alone would lose the letters.
std::optional<CodeRead> capitals_then_number(const Scan& s, size_t i, size_t end, bool hyphenate) {
  if (i + 1 >= end) return std::nullopt;
  const Token& next = s.tok(i + 1);
  std::string digits;
  size_t last = i + 2;
  if (next.has_digit) {
    if (!util::all_digits(next.raw)) return std::nullopt;
    digits = next.raw;
  } else {
    // The capitals are spelled out in front ("q x eighteen") so that pair and teen words read as
    // digits, as they do once a spelled code has begun.
    std::string spelled;
    for (char c : s.tok(i).raw) spelled += {static_cast<char>(std::tolower(static_cast<unsigned char>(c))), ' '};
    const size_t begin_byte = next.begin;
    auto id = parse_spoken_id_prefix(spelled + std::string(s.tt.text.substr(begin_byte, s.tok(end - 1).end - begin_byte)));
    if (!id || id->consumed <= spelled.size()) return std::nullopt;
    digits = id->value.substr(s.tok(i).raw.size());
    if (!util::all_digits(digits)) return std::nullopt;
    last = std::max(last, std::min(end, s.token_at_byte(begin_byte + id->consumed - spelled.size())));
  }
  CodeRead r;
  r.first = i;
  r.last = last;
  r.code = s.tok(i).raw + (hyphenate ? "-" : "") + digits;
  return r;
}
}  // namespace

// "Inverter's a Solvaro H5": for a field that holds a make and model, the capitalized name said
// right before the model code is the make ("Solvaro H5", not "H5").
void prepend_make(const Scan& s, const FieldLexicon& fl, CodeRead& r) {
  constexpr size_t kMakeWords = 2;
  if (!s.tt.cased) return;
  std::string make;
  size_t first = r.first;
  for (size_t n = 0; n < kMakeWords; ++n) {
    auto p = s.prev_content(first);
    if (!p) break;
    const Token& t = s.tok(*p);
    if (t.after != Break::None || !t.capitalized || t.has_digit || t.speaker || is_stopword(t.norm) ||
        words().determiners.contains(t.norm) || words().subject_pronouns.contains(t.norm) || is_number_word(t.norm))
      break;
    const bool cue_word = std::any_of(fl.cues.begin(), fl.cues.end(), [&](const auto& c) {
      return std::find(c.phrase.stems.begin(), c.phrase.stems.end(), t.stem) != c.phrase.stems.end();
    });
    if (cue_word) break;
    make = t.raw + (make.empty() ? "" : " " + make);
    first = *p;
  }
  if (make.empty()) return;
  r.code = make + " " + r.code;
  r.first = first;
}

std::optional<CodeRead> read_code(const Scan& s, size_t from, size_t end, size_t lookahead, const FieldLexicon& fl) {
  const std::string& prefix = fl.code_prefix;
  size_t seen = 0;
  for (size_t i = from; i < end && seen < lookahead; ++i) {
    if (s.tok(i).filler) continue;
    ++seen;
    const Token& t = s.tok(i);
    std::optional<CodeRead> r;
    bool upper_prefix = said_as_capitals(t) && t.after == Break::Join && i + 1 < end && s.tok(i + 1).has_digit;
    if (written_clock_time(t)) continue;
    if (t.has_digit || upper_prefix) r = written_code(s, i, end);
    if (!r && is_upper_word(t) && t.after == Break::None) r = capitals_then_number(s, i, end, fl.code_hyphen);
    if (!r && (is_single_letter(t) || words().digit_words.index_of(t.norm) || words().spelling_alphabet.index_of(t.norm) ||
               words().spoken_zero.contains(t.norm) || words().repeat_words.count(t.norm) ||
               words().teen_words.index_of(t.norm) || words().tens_words.index_of(t.norm)))
      r = spelled_code(s, i, end, fl.code_hyphen);
    if (!r) continue;
    if (!prefix.empty() && util::all_digits(r->code)) r->code = prefix + r->code;
    if (fl.make_and_model) prepend_make(s, fl, *r);
    return r;
  }
  return std::nullopt;
}

FieldCandidate code_candidate(const CodeRead& code, double score) {
  FieldCandidate c;
  c.value = code.code;
  c.first = code.first;
  c.last = code.last;
  c.score = score;
  return c;
}

std::vector<FieldCandidate> read_unlabelled_codes(const Scan& s, size_t field) {
  constexpr double kUnlabelledCodeScore = 0.45;  // the shape of the guideline's example, no cue
  constexpr size_t kCodeTokens = 8;              // "F L one one", "C one-oh-seven"
  const FieldLexicon& fl = s.lex.fields[field];
  if (!fl.code_like || !s.tt.cased || fl.make_and_model) return {};
  // Without an example of its shape, the template's only code field takes a code said without
  // a cue when it is the only one said ("on the BA two one seven from Boston?" for "Flight").
  const unsigned shapes = fl.code_letters != 0 ? fl.code_letters : ~0U;
  const bool sole = fl.code_letters == 0;
  // Another code field of the same shape, or a repeating group (whose items carry codes of
  // their own), makes a code said without a cue anyone's.
  for (size_t g = 0; g < s.lex.fields.size(); ++g) {
    const FieldLexicon& other = s.lex.fields[g];
    if (other.field->type == FieldType::Group) return {};
    if (g != field && other.code_like && (sole || (other.code_letters & fl.code_letters) != 0)) return {};
  }
  std::vector<FieldCandidate> out;
  for (size_t i = 0; i < s.size(); ++i) {
    const Token& t = s.tok(i);
    // Not the pronoun "I" or a sentence's "A". A code read back in a question is still a guess
    // at the sole code field's value.
    if (!said_as_capitals(t) || t.norm == "i" || t.norm == "a" || t.speaker || (!sole && s.in_question(i))) continue;
    auto r = read_code(s, i, std::min(s.size(), i + kCodeTokens), 1, fl);
    // "DX 441 9027": a code that goes on in digits the reader stopped before is not read whole.
    if (!r || r->first != i || (r->last < s.size() && s.tok(r->last - 1).after == Break::None &&
                                says_number(s.tok(r->last))))
      continue;
    if ((shapes & code_shape_bit(r->code)) == 0) continue;
    FieldCandidate c = code_candidate(*r, kUnlabelledCodeScore);
    c.cue_first = r->first;
    out.push_back(c);
    i = r->last - 1;
  }
  if (sole) {
    // Two different codes said: either may be the field's.
    for (const auto& c : out)
      if (c.value != out.front().value) return {};
    if (out.size() > 1) out.resize(1);
  }
  return out;
}

}  // namespace invox::rules
