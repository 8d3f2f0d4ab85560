#include "extract/rules/text_values.hpp"

#include <algorithm>
#include <cctype>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "extract/rules/corrections.hpp"
#include "extract/rules/lexical_data.hpp"
#include "extract/rules/list_cue_scope.hpp"
#include "extract/rules/list_items.hpp"
#include "extract/rules/proper_names.hpp"
#include "util/strings.hpp"

namespace invox::rules {

namespace {
bool is_article(const std::string& w) { return words().determiners.contains(w); }

// Tokens of the list joiner ("and", "as well as") starting at token i, or 0.
size_t joiner_at(const Scan& s, size_t i) {
  if (s.tok(i).filler) return 0;
  if (size_t n = marker_length(s, i, words().list_joiners)) return n;
  return marker_length(s, i, words().list_alternatives);
}

// "Oh," "Well," opening a list item: a turn opener set off by a comma, not part of the item.
bool is_interjection(const Scan& s, size_t i) {
  return s.tok(i).after == Break::Comma && words().greetings.contains(s.tok(i).norm);
}

// The sentence starting at token i adds items to a list ("... Oh, and fish oil.").
bool continues_list(const Scan& s, size_t i) {
  if (i >= s.size() || s.tok(i).speaker) return false;  // another speaker's turn
  i = s.skip_fillers(i);
  if (i < s.size() && is_interjection(s, i)) i = s.skip_fillers(i + 1);
  return i < s.size() && joiner_at(s, i) > 0;
}

// Token i follows a list joiner ("and", "as well as") in its clause.
bool after_joiner(const Scan& s, size_t i) {
  auto p = s.prev_content(i);
  if (!p || s.tok(*p).after != Break::None) return false;
  for (size_t k = *p >= 2 ? *p - 2 : 0; k <= *p; ++k)
    if (size_t n = joiner_at(s, k); n > 0 && k + n == *p + 1) return true;
  return false;
}

// Token i starts a list item: it follows a clause break or a list joiner.
bool opens_item(const Scan& s, size_t i) {
  auto p = s.prev_content(i);
  return !p || s.tok(*p).after != Break::None || after_joiner(s, i);
}

// Tokens [first, i) hold a word of an item, not only joiners ("and we couldn't ..." is no list).
bool past_first_word(const Scan& s, size_t first, size_t i) {
  for (size_t k = first; k < i; k += std::max<size_t>(1, joiner_at(s, k)))
    if (!s.tok(k).filler && joiner_at(s, k) == 0) return true;
  return false;
}

// The list starting at token `first` answers a question said with the subject `pronoun`
// ("What did we get done? - Blockwork, and we set out the drains"): that subject's actions are
// what the question asks for. "What have you tried? - Oiling it, and we think it helped" is
// a comment.
bool asked_with(const Scan& s, size_t first, const std::string& pronoun) {
  auto p = s.prev_content(first);
  if (!p || !s.tok(*p).question) return false;
  for (size_t k = *p + 1; k-- > 0;) {
    if (k < *p && s.tok(k).after == Break::Sentence) break;
    if (s.tok(k).norm == pronoun) return true;
  }
  return false;
}

// The first token of the sentence after the one holding token i, in the same speaker's turn;
// 0 when that turn ends first or the sentence runs on too long to be a comment.
size_t sentence_after(const Scan& s, size_t i) {
  constexpr size_t kCommentTokens = 12;
  for (size_t k = i; k < s.size() && k < i + kCommentTokens; ++k) {
    if (s.tok(k).speaker) return 0;
    if (s.tok(k).after == Break::Sentence) return k + 1 < s.size() ? k + 1 : 0;
  }
  return 0;
}

// Skips linking words, articles and fillers at the start of a value.
// Token i is the first part of a hyphenated word ("on" of "on-call", "e" of "e-stop"): a word of
// the value, never a function word to skip or trim.
bool joined_to_next(const Scan& s, size_t i) { return s.tok(i).after == Break::Join && !s.tok(i).slash_after; }

size_t skip_leading(const Scan& s, size_t i, size_t end) {
  while (i < end) {
    const Token& t = s.tok(i);
    if (!joined_to_next(s, i) && (t.filler || is_linking_word(t.norm) || is_article(t.norm))) {
      ++i;
      continue;
    }
    break;
  }
  return i;
}

// Text of tokens [first, last) with spoken numbers as numerals when asked.
std::string render(const Scan& s, const FieldLexicon& fl, size_t first, size_t last) {
  if (!fl.wants_numerals) return std::string(s.span_text(first, last));
  Field number_field;
  number_field.type = FieldType::Number;
  std::string out;
  size_t i = first;
  size_t copied_to = s.tok(first).begin;
  while (i < last) {
    const Token& t = s.tok(i);
    if (is_number_word(t.norm)) {
      size_t end_byte = s.tok(last - 1).end;
      auto p = parse_value_prefix(s.tt.text.substr(t.begin, end_byte - t.begin), number_field, s.ctx);
      if (p && p->value.is_number() && p->consumed > 0) {
        out += s.tt.text.substr(copied_to, t.begin - copied_to);
        double v = p->value.get<double>();
        out += v == static_cast<double>(static_cast<long long>(v)) ? std::to_string(static_cast<long long>(v))
                                                                   : util::trim(std::to_string(v));
        copied_to = t.begin + p->consumed;
        i = s.token_at_byte(copied_to);
        // "apartment three B" is "apartment 3B": a letter said right after the number is its suffix.
        if (i < last && i > 0 && s.tok(i - 1).after == Break::None && one_letter(s.tok(i), true)) {
          out += static_cast<char>(std::toupper(static_cast<unsigned char>(s.tok(i).raw[0])));
          copied_to = s.tok(i).end;
          ++i;
        }
        continue;
      }
    }
    ++i;
  }
  size_t end_byte = s.tok(last - 1).end;
  if (copied_to < end_byte) out += s.tt.text.substr(copied_to, end_byte - copied_to);
  return util::trim(out);
}

// "doctor ruiz" -> "Dr. Ruiz" when the field writes names with that title.
std::string titled(const std::string& name, const lexicon::Honorific& title) {
  std::string lower = util::to_lower_ascii(name);
  for (const auto& spoken : title.spoken) {
    for (const std::string& p : {spoken + ". ", spoken + " "}) {
      if (!lower.starts_with(p)) continue;
      std::string rest = util::trim(name.substr(p.size()));
      if (!rest.empty()) rest[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(rest[0])));
      return title.written + " " + rest;
    }
  }
  return name;
}

bool is_title_word(const std::string& w) {
  for (const auto& h : words().honorifics)
    if (std::find(h.spoken.begin(), h.spoken.end(), w) != h.spoken.end()) return true;
  return false;
}

bool is_subject_pronoun(const std::string& w) { return words().subject_pronouns.contains(w); }

// "we", "we'd", "I've": a subject pronoun, alone or with a verb contracted onto it.
bool opens_with_subject(const std::string& w) {
  const size_t apostrophe = w.find('\'');
  return is_subject_pronoun(w) || (apostrophe != std::string::npos && is_subject_pronoun(w.substr(0, apostrophe)));
}

// "cold pack to lower back, Ms Tierney": a person named with a title (who did it, or who was
// told) is not an item of a list of things.
bool is_titled_name_item(const Scan& s, size_t b, size_t e) {
  constexpr size_t kNameWords = 3;
  b = s.skip_fillers(b);
  if (!s.tt.cased || b + 1 >= e || e - b - 1 > kNameWords || !is_title_word(s.tok(b).norm)) return false;
  for (size_t k = b + 1; k < e; ++k)
    if (!s.tok(k).capitalized || s.tok(k).has_digit) return false;
  return true;
}

// Function words that never end a value ("... on the" -> "..."); "out", "off", "up" can.
bool is_dangling(const std::string& w) { return words().dangling_words.contains(w); }

// A one-word self-correction marker ("sorry", "actually", "wait").
bool is_correction_word(std::string_view w) {
  static const std::set<std::string, std::less<>> kWords = [] {
    std::set<std::string, std::less<>> out;
    for (const auto& phrase : words().correction_markers)
      if (phrase.size() == 1) out.insert(phrase[0]);
    return out;
  }();
  return kWords.contains(w);
}

// Words the lexicon knows as something else than a name: a weekday ("it's saturday arvo"), a
// word for a day, politeness, a one-word self-correction ("the twelfth floor sorry") and, when
// not capitalized, the past form of an irregular verb ("it's just gone half two") or a part of
// the day ("saturday arvo").
bool known_non_name(const Token& t) {
  static const std::set<std::string, std::less<>> kPastForms = [] {
    std::set<std::string, std::less<>> out;
    for (const auto& forms : words().verb_forms) out.insert(forms.begin() + 1, forms.end());
    return out;
  }();
  const auto& w = words();
  if (auto d = w.weekday_names.index_of(t.norm); d && w.weekday_names.name(*d) == t.norm) return true;
  if (w.day_deictics.contains(t.norm) || w.courtesy_words.contains(t.norm) || is_correction_word(t.norm)) return true;
  if (t.capitalized) return false;  // "Dawn", "Said": names too
  // "it's quarter past nine" is a time, not a speaker called Quarter Past.
  return kPastForms.contains(t.norm) || w.morning_words.contains(t.norm) || w.afternoon_words.contains(t.norm) ||
         w.clock_relations.contains(t.norm);
}

// Capitalized at a turn start but never part of a name: greetings ("Hi", "Okay"), number
// words ("Four"), contractions ("That'd", "I'm"; not "O'Neill").
bool not_a_name(const Token& t) {
  if (words().greetings.contains(t.norm) || is_number_word(t.norm) || is_subject_pronoun(t.norm)) return true;
  if (known_non_name(t)) return true;
  size_t apostrophe = t.norm.find('\'');
  return apostrophe != std::string::npos && t.norm.size() - apostrophe <= 3;
}

// Token i opens a verb phrase ("can't connect", "will call") or a head count ("six of us").
bool opens_predicate(const Scan& s, size_t i) {
  const std::string& w = s.tok(i).norm;
  if (w.ends_with("n't") || words().auxiliary_verbs.contains(w) || words().support_verbs.contains(w)) return true;
  return is_number_word(w) && i + 1 < s.size() && s.tok(i).after == Break::None && s.tok(i + 1).norm == "of";
}

bool ends_clause(const Token& t) { return t.after == Break::Sentence || t.after == Break::Comma; }

// "I'm Jess, Jessamy Laidlaw", "Mrs Patel, Nisha Patel", "Dr. Osei. Marcus Osei": one name word
// said, then the full name it begins or ends, a few words on in the same turn. The full name,
// or nullopt.
std::optional<std::pair<size_t, size_t>> restated_full_name(const Scan& s, size_t said) {
  constexpr size_t kGapWords = 3;   // "I'm Jenna, by the way, Jenna Kowal"
  constexpr size_t kShortName = 3;  // "Jess" for "Jessamy", not "Al" for "Alice"
  const std::string& word = s.tok(said).norm;
  auto name_word = [&](size_t k) {
    const Token& t = s.tok(k);
    return !t.filler && !t.speaker && !t.has_digit && !not_a_name(t) && !is_stopword(t.norm) &&
           !is_linking_word(t.norm) && !is_title_word(t.norm) && (!s.tt.cased || t.capitalized);
  };
  size_t gap = 0;
  for (size_t k = said + 1; k + 1 < s.size() && gap <= kGapWords; ++k) {
    if (s.tok(k).speaker) return std::nullopt;
    if (s.tok(k).filler) continue;
    if (name_word(k) && name_word(k + 1) && s.tok(k).after == Break::None) {
      size_t last = k + 2;
      while (last < s.size() && joined_to_next(s, last - 1)) ++last;  // "Brennan-Lowe"
      const bool same_first = s.tok(k).norm == word || (word.size() >= kShortName && s.tok(k).norm.starts_with(word));
      const bool same_last = s.tok(last - 1).norm == word;
      if (same_first || same_last) return std::make_pair(k, last);
    }
    ++gap;
  }
  return std::nullopt;
}

// A person's name starting within a few tokens of `start`.
std::optional<std::pair<size_t, size_t>> person_span(const Scan& s, size_t field, size_t start, size_t end) {
  size_t i = start;
  size_t seen = 0;
  while (i < end && seen < 4) {
    const Token& t = s.tok(i);
    bool title = is_title_word(t.norm);
    bool candidate = !t.filler && !is_linking_word(t.norm) && !is_stopword(t.norm) && !is_article(t.norm) &&
                     !t.has_digit && !not_a_name(t) && (s.tt.cased ? (t.capitalized || title) : true);
    if (candidate && !s.anchor_at(i, field, true)) {
      // "This is the Hollins Creek weigh station": a capitalized run after an article names a
      // thing, not a person; one after a place's or company's opener ("I'm with GHX Consulting")
      // names that.
      auto p = s.prev_content(i);
      if (s.tt.cased && p && *p >= start &&
          (is_article(s.tok(*p).norm) || words().place_or_company_openers.contains(s.tok(*p).norm)))
        return std::nullopt;
      break;
    }
    if (!t.filler) ++seen;
    ++i;
  }
  if (i >= end || seen >= 4) return std::nullopt;
  // "the bartender kofi mensah": in lowercase text a word right after a determiner is a noun
  // (a role), not the first name, when two more words follow it in the clause.
  if (!s.tt.cased && i + 2 < end && names_person(s.lex.fields[field])) {
    auto p = s.prev_content(i);
    auto plain = [&](size_t k) {
      const Token& t = s.tok(k);
      return !t.filler && !is_stopword(t.norm) && !is_linking_word(t.norm) && !is_number_word(t.norm) &&
             !not_a_name(t) && !s.anchor_at(k, field, true);
    };
    if (p && is_article(s.tok(*p).norm) && s.tok(i).after == Break::None && s.tok(i + 1).after == Break::None &&
        plain(i + 1) && plain(i + 2))
      ++i;
    // "the shift manager fergal doyle", "the night supervisor dorota kaminski": a person word
    // before the name is its owner's role.
    if (i + 1 < end && is_person_word_stem(s.tok(i).stem) && !is_rank_word(s.tok(i).norm) &&
        s.tok(i).after == Break::None && plain(i + 1))
      ++i;
  }
  // "lead installer for the tran residence": in lowercase text the words right after an article
  // name a thing, not a person (a role word after it was stepped over above).
  if (!s.tt.cased && names_person(s.lex.fields[field])) {
    auto p = s.prev_content(i);
    if (p && *p >= start && is_article(s.tok(*p).norm)) return std::nullopt;
  }
  size_t first = i;
  size_t max_words = s.tt.cased ? s.params.name_max_tokens : 2;
  size_t name_words = 0;
  while (i < end && (name_words < max_words || (i > first && joined_to_next(s, i - 1)))) {
    const Token& t = s.tok(i);
    if (t.filler) break;
    if (i > first && s.anchor_at(i, field, true)) break;
    // "Marieke de Waal": a lowercase particle between two capitalized words of one name.
    if (s.tt.cased && i > first && !t.capitalized && words().name_particles.contains(t.norm) && i + 1 < end &&
        t.after == Break::None && s.tok(i + 1).capitalized) {
      ++i;
      continue;
    }
    if (s.tt.cased ? !t.capitalized : (is_stopword(t.norm) || is_linking_word(t.norm) || is_number_word(t.norm)))
      break;
    if (not_a_name(t)) break;
    if (t.has_digit) break;
    // "delgado-vidal": a hyphenated surname is one name word.
    if (!is_title_word(t.norm) && !(i > first && joined_to_next(s, i - 1))) ++name_words;
    ++i;
    if (ends_clause(t)) break;
  }
  // "Lieutenant Paz Okwuosa" -> "Paz Okwuosa" unless the field writes titles.
  if (!s.lex.fields[field].title)
    while (first + 1 < i && is_rank_word(s.tok(first).norm)) ++first;
  if (i == first) return std::nullopt;
  // "it's Theo, your nurse": a first name alone is not the value of a field that asks for a
  // first and last name.
  size_t said = 0;
  for (size_t k = first; k < i; ++k) said += is_rank_word(s.tok(k).norm) ? 0 : 1;
  if (said < 2 && s.lex.fields[field].field && asks_full_name(*s.lex.fields[field].field))
    return restated_full_name(s, i - 1);
  return std::make_pair(first, i);
}

// "Carrier name": a company's or a thing's name is read like a person's, but may be longer,
// hold another field's word ("Silverline Coach Tours", "harbor lights tavern") and end in a
// written number ("Harbourview Apartments Stage 2").
size_t thing_name_end(const Scan& s, size_t field, size_t first, size_t last) {
  if (names_person(s.lex.fields[field])) return last;
  return spoken_name_end(s, field, first, proper_name_end(s, first, last));
}

std::optional<FieldCandidate> phrase_span(const Scan& s, size_t field, size_t first, size_t last) {
  // A new clause ends the value: a subject pronoun, or a question ("... aetna what is the
  // height", speech without punctuation).
  for (size_t i = first + 1; i < last; ++i)
    if (is_subject_pronoun(s.tok(i).norm) || marker_length(s, i, words().question_openers) > 0) {
      last = i;
      break;
    }
  // Trim trailing stopwords ("... on the").
  // "at Kingsland Station last night": when it happened is no part of where.
  constexpr size_t kWhenWords = 3;
  if (s.lex.fields[field].place_like)
    for (size_t k = std::max(first + 1, last > kWhenWords ? last - kWhenWords : 0); k < last; ++k)
      if ((last - k > 1 || !s.tok(k).has_digit) && is_time_item(s, k, last)) {
        last = k;
        break;
      }
  // "move-in" keeps its "in": the last word of a hyphenated word is no dangling function word.
  // "microphone, lectern, please": politeness is no item; "the lepto and the kennel cough today":
  // when a list item was given is not part of it.
  const bool list = s.lex.fields[field].field->type == FieldType::Textarea;
  const auto trailing = [&](const std::string& w) {
    return is_dangling(w) || words().courtesy_words.contains(w) || (list && words().day_deictics.contains(w));
  };
  // "a pair of thongs as well": the word that adds the value to the ones before is no part of it.
  constexpr size_t kLongestAddition = 4;  // "on top of that"
  for (size_t k = last > kLongestAddition ? last - kLongestAddition : 0; k < last; ++k)
    if (k > first && marker_length(s, k, words().list_additions) == last - k) {
      last = k;
      break;
    }
  while (last > first && (trailing(s.tok(last - 1).norm) || s.tok(last - 1).filler) &&
         !(last - 1 > first && joined_to_next(s, last - 2)))
    --last;
  if (last <= first) return std::nullopt;
  // "I'll hold off on the vet": a particle of a phrasal verb alone is no value.
  if (last == first + 1 && words().verb_particles.contains(s.tok(first).norm)) return std::nullopt;
  // "Lost property then", "..., sorry", "No, it's not": words that carry no content are no value.
  if (std::all_of(s.tt.tokens.begin() + static_cast<std::ptrdiff_t>(first),
                  s.tt.tokens.begin() + static_cast<std::ptrdiff_t>(last), [](const Token& t) {
                    return t.filler || is_stopword(t.norm) || is_linking_word(t.norm) || is_negation_word(t.norm) ||
                           is_correction_word(t.norm) || words().courtesy_words.contains(t.norm) ||
                           words().greetings.contains(t.norm);
                  }))
    return std::nullopt;
  const FieldLexicon& fl = s.lex.fields[field];
  // "we'd like a room": a clause about the speaker is not the value of a one-line field.
  if (fl.field->type == FieldType::Text && opens_with_subject(s.tok(first).norm)) return std::nullopt;
  std::string text = render(s, fl, first, last);
  if (fl.title) text = titled(text, *fl.title);
  if (text.empty()) return std::nullopt;
  FieldCandidate c;
  c.value = text;
  c.first = first;
  c.last = last;
  return c;
}
}  // namespace

bool is_rank_word(const std::string& w) { return is_title_word(w) || words().rank_titles.contains(w); }

std::optional<FieldCandidate> text_span(const Scan& s, size_t field, size_t first, size_t last) {
  return phrase_span(s, field, first, last);
}

// "Aspen Creek Apartments", "Quill Lane", "GHX Consulting": a name that ends with the word for a
// place is no person's, for a field that holds a person; one that ends with a business's word
// is not either, unless the field names whoever did something ("Reported by" may be a firm:
// "Reported by Pelican Bay Physiotherapy") and does not ask for a first and last name.
bool names_place_or_business(const Scan& s, size_t field, size_t last) {
  const FieldLexicon& fl = s.lex.fields[field];
  if (!names_person(fl)) return false;
  const std::string& w = s.tok(last - 1).norm;
  if (words().place_heads.contains(w)) return true;
  return (!fl.agent || fl.full_name) && words().organisation_heads.contains(w);
}

std::optional<FieldCandidate> read_person_at(const Scan& s, size_t field, size_t start, size_t end) {
  auto span = person_span(s, field, start, end);
  // "her brother magnus thorvaldsen": a role word after the determiner is stepped over too.
  const bool role_word = !s.tt.cased && span && span->first >= start + 2 && is_article(s.tok(span->first - 2).norm);
  // "Mrs Patel, Nisha Patel": the words before a restated full name are a name said short.
  constexpr size_t kShortNameWords = 2;
  auto said_short = [&] {
    if (span->first > start + kShortNameWords) return false;
    for (size_t k = start; k < span->first; ++k)
      if (!(s.tok(k).filler || is_title_word(s.tok(k).norm) || (s.tt.cased && s.tok(k).capitalized && !not_a_name(s.tok(k)))))
        return false;
    return true;
  };
  if (!span || (span->first > start + (role_word ? 2 : 1) && !said_short())) return std::nullopt;
  span->second = thing_name_end(s, field, span->first, span->second);
  if (names_place_or_business(s, field, span->second)) return std::nullopt;
  return phrase_span(s, field, span->first, span->second);
}

namespace {
// A phrase up to its clause end, read word by word (not as a person's name).
std::optional<FieldCandidate> read_plain_phrase(const Scan& s, size_t field, size_t start, bool weak);

// The name of a thing said in lowercase: a few words, no function words ("sertraline", not
// "with half a tablet daily").
std::optional<FieldCandidate> read_thing_name(const Scan& s, size_t field, size_t start, bool weak) {
  constexpr size_t kNameWords = 3;
  auto c = read_plain_phrase(s, field, start, weak);
  if (!c || c->last - c->first > kNameWords) return std::nullopt;
  for (size_t k = c->first; k < c->last; ++k)
    if (is_stopword(s.tok(k).norm) || is_article(s.tok(k).norm) || is_linking_word(s.tok(k).norm)) return std::nullopt;
  return c;
}
}  // namespace

std::optional<FieldCandidate> read_phrase(const Scan& s, size_t field, size_t start, bool weak) {
  const FieldLexicon& fl = s.lex.fields[field];
  if (fl.person_name) {
    size_t end = s.region_end(start, field, false, s.params.text_max_tokens);
    auto span = person_span(s, field, start, end);
    // "a new prescription for sertraline": the name of a thing (not a person's, not a
    // company's) may be lowercase words.
    if (!span && !names_person(fl) && !names_organisation(fl)) return read_thing_name(s, field, start, weak);
    if (!span) return std::nullopt;
    if (weak && span->first > start + 1) return std::nullopt;
    span->second = thing_name_end(s, field, span->first, span->second);
    if (names_place_or_business(s, field, span->second)) return std::nullopt;
    if (names_organisation(fl) && sentence_opener_only(s, span->first, span->second)) return std::nullopt;
    return phrase_span(s, field, span->first, span->second);
  }
  return read_plain_phrase(s, field, start, weak);
}

namespace {
std::optional<FieldCandidate> read_plain_phrase(const Scan& s, size_t field, size_t start, bool weak) {
  const FieldLexicon& fl = s.lex.fields[field];
  size_t first = skip_leading(s, start, s.size());
  if (first >= s.size() || (weak && first > start + 1)) return std::nullopt;
  if (first > start && s.tok(first - 1).after == Break::Sentence) return std::nullopt;
  // "I've moved teams, I'm in product design now": a clause with its own subject is not the
  // value.
  if (is_subject_pronoun(s.tok(first).norm)) return std::nullopt;
  // "my team can't connect", "the whole team, six of us": a verb or a head count after the
  // cue says something about it; it is not its value.
  if (opens_predicate(s, first)) return std::nullopt;
  size_t end = s.region_end(first, field, true, s.params.text_max_tokens, false);
  // "Silverline Coach Tours": another field's word inside a capitalized name does not cut it.
  end = proper_name_end(s, first, end);
  // "Who are you with? - Since five this morning": a sentence's capitalized first word alone
  // is no organisation's name.
  if (names_organisation(fl) && end > first && sentence_opener_only(s, first, proper_name_end(s, first, first + 1)))
    return std::nullopt;
  return phrase_span(s, field, first, end);
}
}  // namespace

std::optional<FieldCandidate> read_items(const Scan& s, size_t field, size_t start) {
  const FieldLexicon& fl = s.lex.fields[field];
  size_t first = skip_leading(s, start, s.size());
  if (first >= s.size()) return std::nullopt;
  if (first > start && s.tok(first - 1).after == Break::Sentence) return std::nullopt;
  // Cased transcripts end lists at the sentence end (an item may contain another field's
  // one-word cue: "bell fitted"); lowercase ones have only the next cue to go by.
  // "I cleared the cache, and I restarted the laptop": items in parallel, each led by the
  // same pronoun, are one list (the pronoun is not part of an item); any other pronoun
  // starts a new clause and ends the list.
  std::string lead = is_subject_pronoun(s.tok(first).norm) ? s.tok(first).norm : std::string();
  size_t end = first;
  std::vector<std::pair<size_t, size_t>> asides;  // comments between items, left out
  for (size_t count = 0; end < s.size() && count < s.params.list_max_tokens; ++end) {
    const Token& t = s.tok(end);
    if (t.filler) continue;
    ++count;
    if (end > first) {
      // In cased text another field's cue ends the list where it opens an item ("pads and
      // chain, tyre pressure 32"); inside an item it is part of it ("stairwell B emergency
      // light failed").
      const Mention* a = s.anchor_at(end, field, false);
      if (a && (!s.tt.cased || (a->words >= 2 && opens_item(s, end)))) break;
      // "Blockwork to the first floor, and we set out the drains": the speaker's own action
      // joined to a list begun without a subject is an item too.
      if (lead.empty() && words().first_person_subjects.contains(t.norm) && after_joiner(s, end) &&
          past_first_word(s, first, end) && asked_with(s, first, t.norm)) {
        lead = t.norm;
        continue;
      }
      // "controller fuse but the safety edge is on order": without a comma before it, the word
      // that ends a list comes inside the last item.
      if (words().list_enders.contains(t.norm)) break;
      if (opens_with_subject(t.norm) && t.norm != lead) {
        // "System design, she was great at it. And curiosity, ...": a comment after an item
        // ends it; the list goes on when the next sentence of the turn opens with a joiner.
        size_t next = opens_item(s, end) ? sentence_after(s, end) : 0;
        if (next == 0 || !continues_list(s, next)) break;
        asides.emplace_back(end, next);
        end = next - 1;
        continue;
      }
    }
    if (t.after == Break::Sentence) {
      ++end;
      // "Lisinopril, and aspirin. Oh, and fish oil.": a sentence opening with a joiner adds to it.
      if (!continues_list(s, end)) break;
    }
  }
  Json items = Json::array();
  size_t span_last = first;
  bool stop = false;
  auto flush = [&](size_t b, size_t item_last) {
    if (stop) return;
    bool stop_after = false;
    // "so that's pads and chain": a restatement replaces the items so far. "so yes, anaesthetic
    // given" answers something else: the list has ended.
    if (b + 1 < item_last && words().list_restarts.contains(s.tok(b).norm) &&
        (words().yes_words.contains(s.tok(b + 1).norm) || words().no_words.contains(s.tok(b + 1).norm))) {
      stop = true;
      return;
    }
    if (b < item_last && words().list_restarts.contains(s.tok(b).norm)) {
      items = Json::array();
      ++b;
    }
    // "upset stomach, usually in the first weeks": a comment on the list ends it.
    if (b < item_last && (words().list_enders.contains(s.tok(b).norm) ||
                          words().list_comment_openers.contains(s.tok(b).norm))) {
      stop = true;
      return;
    }
    while (b < item_last && (s.tok(b).filler || joiner_at(s, b) > 0))
      b += std::max<size_t>(1, joiner_at(s, b));
    // "the trap, it was cracked, and the seal": a comment on the item before.
    if (is_aside_item(s, b, item_last)) return;
    while (b < item_last) {
      const std::string& w = s.tok(b).norm;
      if (size_t n = joiner_at(s, b)) {
        b += n;
        continue;
      }
      // "I did a glucose log review": the speaker's "did" is no part of the item.
      const bool did = words().done_forms.contains(w) && b > 0 && words().first_person_subjects.contains(s.tok(b - 1).norm);
      if (joined_to_next(s, b) || !(s.tok(b).filler || is_article(w) || is_linking_word(w) || did ||
                                    words().restrictive_adverbs.contains(w) || w == lead || is_interjection(s, b)))
        break;
      ++b;
    }
    b = past_item_subject(s, b, item_last);
    // "the thermocouple nothing else needed": the list ends inside the item.
    if (size_t cut = nothing_more_at(s, b, item_last); cut < item_last) {
      item_last = cut;
      stop_after = true;
    }
    if (b >= item_last || is_measurement_item(s, b, item_last) || is_time_item(s, b, item_last) ||
        (present_scoped(*fl.field) && is_dated_item(s, b, item_last)) ||
        (!fl.person_name && is_titled_name_item(s, b, item_last))) {
      stop = stop || stop_after;
      return;
    }
    std::optional<FieldCandidate> c;
    if (fl.person_name) {
      auto span = person_span(s, field, b, item_last);
      if (span) c = phrase_span(s, field, span->first, span->second);
    } else {
      c = phrase_span(s, field, b, item_last);
    }
    if (!c || !c->value.is_string()) return;
    // "none", "n/a": the list is empty, not an item.
    std::string key;
    for (size_t k = c->first; k < c->last; ++k) key += (key.empty() ? "" : " ") + s.tok(k).norm;
    if (words().empty_values.contains(key) || words().nothing_values.contains(key)) return;
    items.push_back(c->value);
    span_last = c->last;
    stop = stop || stop_after;
  };
  size_t item_first = first;
  size_t aside = 0;
  for (size_t i = first; i < end && !stop; ++i) {
    const Token& t = s.tok(i);
    if (aside < asides.size() && i == asides[aside].first) {
      flush(item_first, i);
      item_first = asides[aside].second;
      i = item_first - 1;
      ++aside;
      continue;
    }
    // "bleeding on and off", "no soap or towels": a joiner inside an idiom or a negated item.
    if (size_t n = joiner_at(s, i);
        n && i > item_first && !inside_list_idiom(s, i) &&
        !(marker_length(s, i, words().list_alternatives) > 0 && negated_item(s, item_first, i))) {
      flush(item_first, i);
      item_first = i + n;
      i += n - 1;
      continue;
    }
    if (t.after == Break::Comma || t.after == Break::Sentence) {
      flush(item_first, i + 1);
      item_first = i + 1;
    }
  }
  if (item_first < end) flush(item_first, end);
  if (items.empty()) return std::nullopt;
  FieldCandidate c;
  c.value = items;
  c.first = first;
  c.last = span_last;
  return c;
}

void append_new_items(Json& list, const Json& items) {
  for (const auto& item : items)
    if (std::find(list.begin(), list.end(), item) == list.end()) list.push_back(item);
}

}  // namespace invox::rules
