#include "verify/kept_signals.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <string>
#include <vector>

#include "core/lexicon_data.hpp"
#include "util/strings.hpp"
#include "verify/grounding.hpp"
#include "verify/mentions.hpp"
#include "verify/value_search.hpp"

namespace invox::verify {

namespace {

void add_span(const std::optional<Evidence>& e, std::vector<util::ByteSpan>& out) {
  if (e && e->char_begin && e->char_end && *e->char_begin < *e->char_end) out.push_back({*e->char_begin, *e->char_end});
}

bool claimed_by(const std::vector<util::ByteSpan>& spans, util::ByteSpan s) {
  return std::any_of(spans.begin(), spans.end(),
                     [&](const util::ByteSpan& c) { return s.begin < c.end && c.begin < s.end; });
}

// A date, a time or one of the field's options is said where no value of the form was read: the
// likeliest value of an empty field of that type. Numbers and yes/no are said too often in talk
// about other things to count.
bool free_value(const KeptInput& in) {
  const Field& field = *in.field;
  const auto& spans = in.form->claimed;
  bool found = false;
  if (field.type == FieldType::Date || field.type == FieldType::Time) {
    for_each_parsed_value(in.form->transcript, field, in.form->context, [&](util::ByteSpan span, const Json&) {
      found = !claimed_by(spans, span);
      return !found;
    });
    return found;
  }
  if (field.type != FieldType::Enum) return false;
  std::vector<std::string> names = field.options;
  for (const auto& [option, aliases] : field.option_aliases)
    names.insert(names.end(), aliases.begin(), aliases.end());
  for (const auto& name : names) {
    size_t from = 0;
    while (auto m = util::find_folded(*in.form->folded, name, from, /*whole_words=*/true)) {
      if (!claimed_by(spans, m->span)) return true;
      from = m->folded_end;
    }
  }
  return false;
}

// The current value is said in the new transcript again: for a list, any of its items.
bool said_again(const KeptInput& in) {
  const Json& v = in.filled->value;
  if (in.field->type == FieldType::Textarea && v.is_string()) {
    for (const auto& item : util::split(v.get<std::string>(), ',')) {
      const auto trimmed = util::trim(item);
      if (!trimmed.empty() && util::find_folded(*in.form->folded, trimmed, 0, /*whole_words=*/true)) return true;
    }
    return false;
  }
  if (in.field->is_group()) return false;  // a list of records: its items are checked by group_checks
  static const std::optional<Evidence> kNoEvidence;
  GroundingInput g;
  g.field = in.field;
  g.value = &v;
  g.evidence = &kNoEvidence;
  g.transcript = in.form->transcript;
  g.folded = in.form->folded;
  g.context = in.form->context;
  return check_grounding(g).grounded;
}

}  // namespace

std::vector<util::ByteSpan> claimed_spans(const FilledForm& form) {
  std::vector<util::ByteSpan> out;
  for (const auto& [id, f] : form.filled) {
    add_span(f.evidence, out);
    for (const auto& item : f.items)
      for (const auto& [sub, e] : item.evidence)
        add_span(e, out);
  }
  return out;
}

size_t unread_words(std::string_view text, const Template& tmpl, const std::vector<util::ByteSpan>& claimed) {
  constexpr size_t kShortestWord = 3;
  const auto& lex = lexicon::lexicon_data();
  std::vector<std::string> cues;
  for (const Field& f : tmpl.fields) {
    for (const auto& name : f.aliases)
      for (auto& w : util::folded_words(name))
        cues.push_back(std::move(w));
    for (auto& w : util::folded_words(f.label))
      cues.push_back(std::move(w));
  }
  size_t unread = 0;
  for (size_t i = 0; i < text.size();) {
    const auto letter = [&](size_t k) { return std::isalpha(static_cast<unsigned char>(text[k])) || text[k] == '\''; };
    if (!letter(i)) {
      ++i;
      continue;
    }
    size_t end = i;
    while (end < text.size() && letter(end))
      ++end;
    std::string word;
    for (size_t k = i; k < end; ++k)
      word += static_cast<char>(std::tolower(static_cast<unsigned char>(text[k])));
    const util::ByteSpan span{i, end};
    i = end;
    if (word.size() < kShortestWord || lex.stopwords.contains(word) || lex.linking_words.contains(word) ||
        lex.determiners.contains(word) || lex.greetings.contains(word))
      continue;
    if (end < text.size() && text[end] == ':') continue;  // a speaker label ("Nurse:") or a label
    if (claimed_by(claimed, span)) continue;
    if (std::any_of(cues.begin(), cues.end(), [&](const std::string& c) { return shares_stem(c, word); })) continue;
    ++unread;
  }
  return unread;
}

KeptSignals kept_signals(const KeptInput& in) {
  KeptSignals s;
  if (!in.field || !in.filled || !in.form || !in.form->folded) return s;
  const util::FoldedText& folded = *in.form->folded;
  s.carried = !in.filled->value.is_null();
  s.confirmed = s.carried && in.filled->evidence.has_value();
  s.named = field_mention(*in.field, folded).has_value();
  const FieldTalk talk = field_talk(*in.field, folded);
  s.cue_word = talk.cue_word;
  s.said_none = talk.said_none;
  s.conversation = in.form->conversation;
  s.unread_words = in.form->unread_words;
  if (!s.carried) s.free_value = free_value(in);
  if (s.carried && !s.confirmed) s.repeated = said_again(in);
  return s;
}

double combine_kept_signals(const KeptSignals& s) {
  // Bases by kind: a value the transcript confirmed, a carried value, an empty field. Factors
  // below lower them for each sign that something was said that the run did not read; the maps
  // of a calibration turn the result into a probability, so only the order matters here.
  constexpr double kConfirmed = 0.99;
  constexpr double kCarried = 0.97;
  constexpr double kEmpty = 0.8;
  constexpr double kEmptySaidNone = 0.95;  // "no deficiencies": the speaker says it is empty
  constexpr double kNamed = 0.7;
  constexpr double kCueWord = 0.85;
  constexpr double kFreeValue = 0.6;
  constexpr double kConversation = 0.8;  // values said across turns are read less often
  constexpr double kRepeated = 0.8;      // said again but not read: perhaps said differently
  constexpr double kCarriedSaidNone = 0.7;
  constexpr double kFewUnread = 1.15;  // nothing left unread: x1.15, 10 words: x1, ...
  constexpr double kPerUnreadWord = 0.015;
  constexpr double kMuchUnread = 0.6;  // ... 37 or more: x0.6
  if (s.confirmed) return kConfirmed;
  double score = s.carried ? kCarried : kEmpty;
  if (!s.carried && s.said_none && !s.named) return kEmptySaidNone;
  if (s.named)
    score *= kNamed;
  else if (s.cue_word)
    score *= kCueWord;
  if (s.free_value) score *= kFreeValue;
  if (!s.carried) {
    // Talk the run read nothing from: where an empty field's value would be. A carried value
    // is right without being said again, so neither counts for it.
    if (s.conversation) score *= kConversation;
    score *= std::clamp(kFewUnread - kPerUnreadWord * static_cast<double>(s.unread_words), kMuchUnread, kFewUnread);
  }
  if (s.repeated) score *= kRepeated;
  if (s.carried && s.said_none) score *= kCarriedSaidNone;
  return std::clamp(score, 0.05, 0.99);
}

bool has_speaker_turns(std::string_view text) {
  constexpr int kMostLabelWords = 3;
  std::map<std::string, int, std::less<>> labels;
  size_t i = 0;
  while (i < text.size()) {
    // A turn starts at the text's start or after a sentence end and its spaces.
    size_t k = i;
    std::string label;
    for (int words = 0; words < kMostLabelWords && k < text.size(); ++words) {
      const auto c = static_cast<unsigned char>(text[k]);
      if (!std::isupper(c) && !(words > 0 && std::isdigit(c))) break;
      size_t end = k;
      while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '\''))
        ++end;
      label += (label.empty() ? "" : " ") + std::string(text.substr(k, end - k));
      if (end < text.size() && text[end] == ':') {
        if (++labels[label] >= 2) return true;
        break;
      }
      if (end >= text.size() || text[end] != ' ') break;
      k = end + 1;
    }
    const size_t next = text.find_first_of(".?!\n", i);
    if (next == std::string_view::npos) break;
    i = text.find_first_not_of(" \t\r\n.?!\"", next);
    if (i == std::string_view::npos) break;
  }
  return false;
}

}  // namespace invox::verify
