// Value signals (docs/PIPELINE.md "Value signals"): plain facts about a value's words, its
// evidence and its transcript, from which a calibration's signal model learns which values of a
// model tend to be wrong. Words are runs of letters, digits and apostrophes ("38.5" is one); the
// word lists are the lexicon's (src/core/lexicon.json).
#include "invox/value_signals.hpp"

#include <algorithm>
#include <array>
#include <set>

#include "core/lexicon_data.hpp"
#include "util/strings.hpp"

namespace invox {

namespace {

struct Word {
  std::string lower;
  bool capital = false;
};

bool word_byte(unsigned char c) {
  return c >= 0x80 || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '\'';
}

// Calls fn(word) for each word of `text` as written.
template <class Fn>
void for_each_word(std::string_view text, Fn&& fn) {
  auto digit = [&](size_t k) { return k < text.size() && text[k] >= '0' && text[k] <= '9'; };
  size_t i = 0;
  while (i < text.size()) {
    if (!word_byte(static_cast<unsigned char>(text[i]))) {
      ++i;
      continue;
    }
    const size_t begin = i;
    // "38.5" and "1,250" are one word: a point or comma between digits continues it.
    while (i < text.size() && (word_byte(static_cast<unsigned char>(text[i])) ||
                               ((text[i] == '.' || text[i] == ',') && i > 0 && digit(i - 1) && digit(i + 1))))
      ++i;
    fn(text.substr(begin, i - begin));
  }
}

bool capitalized(std::string_view word) { return word.front() >= 'A' && word.front() <= 'Z'; }

std::vector<Word> words_of(std::string_view text) {
  std::vector<Word> out;
  for_each_word(text, [&](std::string_view w) { out.push_back({util::to_lower_ascii(w), capitalized(w)}); });
  return out;
}

bool is_year(const std::string& w) {
  return w.size() == 4 && (w.starts_with("19") || w.starts_with("20")) && util::all_digits(w);
}

double capped(size_t n, size_t cap) { return static_cast<double>(std::min(n, cap)) / static_cast<double>(cap); }

// Scalar types, in the order of the type signals.
constexpr std::array<FieldType, 7> kTypes = {FieldType::Text, FieldType::Textarea, FieldType::Number, FieldType::Date,
                                             FieldType::Time, FieldType::Enum,     FieldType::Boolean};

// The signals that are also given per type ("date*evidence_weekday"): what a signal means for
// the value's correctness differs by type (one word of evidence is normal for a number, rare for
// a right boolean read from a keyword).
constexpr std::array<std::string_view, 14> kPerType = {
    "raw",          "evidence_one_word", "evidence_yes_no",   "evidence_month",    "evidence_weekday",
    "evidence_relative_day", "evidence_question", "value_in_evidence", "label_in_evidence", "value_words",
    "transcript_cased", "lowercase_text_in_cased_transcript", "evidence_digit", "evidence_year"};

constexpr std::array<std::string_view, 27> kBase = {
    "raw", "raw_squared", "type_text", "type_textarea", "type_number", "type_date", "type_time", "type_enum",
    "type_boolean", "evidence_words", "evidence_one_word", "value_words", "value_in_evidence", "evidence_question",
    "evidence_digit", "transcript_cased", "value_capitalized", "lowercase_text_in_cased_transcript", "evidence_month",
    "evidence_weekday", "evidence_relative_day", "evidence_yes_no", "evidence_year", "label_in_evidence",
    "fields_of_same_type", "speaker_turns", "transcript_length"};

constexpr std::array<std::string_view, 12> kExtractor = {
    "found_after_cue", "cue_distance", "rival_readings", "negation_before", "said_literally", "implied",
    "corrected", "reader_score", "list_runs_on", "list_continues", "list_open_start", "list_unmarked_split"};

size_t base_index(std::string_view name) {
  return static_cast<size_t>(std::find(kBase.begin(), kBase.end(), name) - kBase.begin());
}

}  // namespace

TranscriptTraits transcript_traits(std::string_view transcript) {
  TranscriptTraits t;
  size_t words = 0, capitals = 0;
  for_each_word(transcript, [&](std::string_view w) {
    ++words;
    capitals += capitalized(w) ? 1 : 0;
  });
  // Cased text capitalizes sentence starts and names: more than one word in twelve.
  t.cased = words > 0 && static_cast<double>(capitals) / static_cast<double>(words) > 0.08;
  // "Nurse:" at the start of the text, a line or a sentence.
  std::set<std::string> labels;
  for (size_t i = 0; i < transcript.size(); ++i) {
    const bool starts = i == 0 || transcript[i - 1] == '\n' ||
                        (i >= 2 && transcript[i - 1] == ' ' &&
                         (transcript[i - 2] == '.' || transcript[i - 2] == '?' || transcript[i - 2] == '!'));
    if (!starts || transcript[i] < 'A' || transcript[i] > 'Z') continue;
    size_t j = i + 1;
    while (j < transcript.size() && transcript[j] >= 'a' && transcript[j] <= 'z') ++j;
    if (j < transcript.size() && transcript[j] == ':' && j > i + 1) labels.insert(std::string(transcript.substr(i, j - i)));
  }
  t.speaker_turns = labels.size() >= 2;
  t.length = capped(transcript.size(), 4000);
  return t;
}

const std::vector<std::string>& extractor_signal_names() {
  static const std::vector<std::string> names(kExtractor.begin(), kExtractor.end());
  return names;
}

const std::vector<std::string>& value_signal_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out(kBase.begin(), kBase.end());
    for (FieldType t : kTypes)
      for (auto s : kPerType) out.push_back(std::string(to_string(t)) + "*" + std::string(s));
    for (auto s : kExtractor) out.push_back("extractor." + std::string(s));
    return out;
  }();
  return names;
}

std::vector<double> value_signals(const ValueInContext& v) {
  const auto& lex = lexicon::lexicon_data();
  const std::string snippet = v.evidence ? v.evidence->snippet : std::string();
  const auto evidence = words_of(snippet);
  const std::string value_text = v.value.is_string() ? v.value.get<std::string>() : v.value.dump();
  const auto value_words = words_of(value_text);
  auto said = [&](auto&& test) { return std::any_of(evidence.begin(), evidence.end(), test); };

  std::vector<double> b(kBase.size(), 0.0);
  auto set = [&](std::string_view name, double x) { b[base_index(name)] = x; };
  set("raw", v.raw);
  set("raw_squared", v.raw * v.raw);
  for (FieldType t : kTypes)
    if (v.field.type == t) set("type_" + std::string(to_string(t)), 1.0);
  set("evidence_words", capped(evidence.size(), 30));
  set("evidence_one_word", evidence.size() <= 1 ? 1.0 : 0.0);
  set("value_words", capped(value_words.size(), 20));
  set("value_in_evidence", v.value.is_string() && util::to_lower_ascii(snippet).find(util::to_lower_ascii(value_text)) != std::string::npos ? 1.0 : 0.0);
  set("evidence_question", snippet.find('?') != std::string::npos ? 1.0 : 0.0);
  set("evidence_digit", std::any_of(snippet.begin(), snippet.end(), [](char c) { return c >= '0' && c <= '9'; }) ? 1.0 : 0.0);
  set("transcript_cased", v.transcript.cased ? 1.0 : 0.0);
  double capital_share = 0.0;
  if (v.value.is_string() && !value_words.empty())
    capital_share = static_cast<double>(std::count_if(value_words.begin(), value_words.end(),
                                                      [](const Word& w) { return w.capital; })) /
                    static_cast<double>(value_words.size());
  set("value_capitalized", capital_share);
  set("lowercase_text_in_cased_transcript",
      v.field.type == FieldType::Text && v.transcript.cased && capital_share < 0.5 ? 1.0 : 0.0);
  set("evidence_month", said([&](const Word& w) { return lex.month_names.index_of(w.lower).has_value(); }) ? 1.0 : 0.0);
  set("evidence_weekday", said([&](const Word& w) { return lex.weekday_names.index_of(w.lower).has_value(); }) ? 1.0 : 0.0);
  set("evidence_relative_day", said([&](const Word& w) { return lex.relative_day_words.contains(w.lower); }) ? 1.0 : 0.0);
  set("evidence_yes_no", said([&](const Word& w) {
        return lex.yes_words.contains(w.lower) || lex.no_words.contains(w.lower) || lex.negators.contains(w.lower) ||
               w.lower.ends_with("n't");
      }) ? 1.0 : 0.0);
  set("evidence_year", said([](const Word& w) { return is_year(w.lower); }) ? 1.0 : 0.0);
  const auto label = words_of(v.field.label);
  set("label_in_evidence", std::any_of(label.begin(), label.end(), [&](const Word& l) {
        return l.lower.size() > 3 && said([&](const Word& w) { return w.lower == l.lower; });
      }) ? 1.0 : 0.0);
  set("fields_of_same_type", capped(static_cast<size_t>(std::count_if(v.tmpl.fields.begin(), v.tmpl.fields.end(),
                                                                      [&](const Field& f) { return f.type == v.field.type; })),
                                    5));
  set("speaker_turns", v.transcript.speaker_turns ? 1.0 : 0.0);
  set("transcript_length", v.transcript.length);

  std::vector<double> out = b;
  for (FieldType t : kTypes)
    for (auto s : kPerType) out.push_back(v.field.type == t ? b[base_index(s)] : 0.0);
  for (auto s : kExtractor) {
    double x = 0.0;
    if (v.extractor)
      if (auto it = v.extractor->find(std::string(s)); it != v.extractor->end()) x = std::clamp(it->second, 0.0, 1.0);
    out.push_back(x);
  }
  return out;
}

}  // namespace invox
