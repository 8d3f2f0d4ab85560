#include "extract/rules/proper_names.hpp"

#include <algorithm>
#include <optional>
#include <set>
#include <string>

#include "extract/rules/corrections.hpp"
#include "extract/rules/lexical_data.hpp"
#include "extract/rules/text_values.hpp"
#include "util/strings.hpp"

namespace invox::rules {

namespace {
constexpr double kOrganisationScore = 0.45;  // a guess from the shape of the name alone
constexpr double kNamedKindScore = 0.6;      // the kind the guidelines name is said with it
constexpr size_t kNameWords = 5;             // capitalized words one name may have

bool name_word(const Token& t) { return t.capitalized && !t.filler && !t.has_digit; }

// "Okay", "Hi", "The", "This": capitalized at a sentence start but no part of a name.
bool opener_word(const std::string& w) {
  return words().greetings.contains(w) || is_stopword(w) || is_linking_word(w) || words().determiners.contains(w) ||
         words().subject_pronouns.contains(w);
}

}  // namespace

std::vector<std::string> field_head_words(const Field& f) {
  constexpr size_t kDescriptionHead = 2;
  std::vector<std::string> out;
  for (const auto& t : tokenize(f.label).tokens) out.push_back(t.norm);
  auto desc = tokenize(f.description).tokens;
  for (size_t i = 0; i < desc.size() && i < kDescriptionHead; ++i) out.push_back(desc[i].norm);
  for (auto& w : util::split(util::to_lower_ascii(f.id), '_')) out.push_back(w);
  return out;
}

bool asks_full_name(const Field& f) {
  const std::string about = util::to_lower_ascii(f.label + " " + f.description + " " + f.guidelines);
  for (const auto& phrase : words().full_name_phrases.items())
    if (about.find(phrase) != std::string::npos) return true;
  return false;
}

bool names_person(const FieldLexicon& fl) {
  if (!fl.person_name) return false;
  if (fl.title) return true;
  const Field& f = *fl.field;
  if (asks_full_name(f)) return true;
  if (fl.agent) return true;
  for (const auto& w : field_head_words(f))
    if (is_person_word(w)) return true;
  return false;
}

namespace {

struct NameRun {
  size_t first = 0;
  size_t last = 0;  // one past the business word that ends it
};

// The organisation name starting at or after token i: a capitalized run whose last word
// says what kind of business it is. `next` is where the search goes on.
std::optional<NameRun> organisation_at(const Scan& s, size_t i, size_t& next) {
  size_t j = i;
  std::optional<size_t> head;
  while (j < s.size() && j < i + 2 * kNameWords) {
    const Token& t = s.tok(j);
    if (name_word(t)) {
      if (j > i && words().organisation_heads.contains(t.norm)) head = j;
      if (t.after != Break::None) {
        ++j;
        break;
      }
      ++j;
    } else if (j > i && words().name_connectors.contains(t.norm) && t.after == Break::None && j + 1 < s.size() &&
               name_word(s.tok(j + 1))) {
      ++j;
    } else {
      break;
    }
  }
  next = std::max(j, i + 1);
  if (!head) return std::nullopt;
  size_t first = i;
  while (first < *head && opener_word(s.tok(first).norm)) ++first;
  if (first >= *head) return std::nullopt;  // "Services" alone names no one
  return NameRun{first, *head + 1};
}

bool overlaps(const FieldCandidate& c, size_t first, size_t last) { return c.first < last && first < c.last; }

// The kinds of place a field's description and guidelines list ("weigh station, port of
// entry, rest area or checkpoint"): the words that end a list item, and the words of the text.
struct PlaceKinds {
  std::set<std::string> heads;
  std::set<std::string> words;
};

PlaceKinds place_kinds(const Field& f) {
  // Words after the last word of a list item: "rest area or checkpoint", "checkpoint as said".
  static const std::set<std::string> kItemEnders{"or", "and", "as"};
  PlaceKinds k;
  for (const std::string& text : {f.description, f.guidelines}) {
    auto toks = tokenize(text).tokens;
    for (size_t i = 0; i < toks.size(); ++i) {
      const std::string& w = toks[i].norm;
      k.words.insert(w);
      if (is_stopword(w) || is_linking_word(w) || toks[i].has_digit) continue;
      if (i > 0 && toks[i - 1].norm == "as") continue;  // "as said", "as written"
      bool item_end = toks[i].after != Break::None || i + 1 == toks.size() || kItemEnders.contains(toks[i + 1].norm);
      if (item_end) k.heads.insert(w);
    }
  }
  return k;
}
// "found her on Orewa Beach", "under a hedge on Holloway Lane": a place whose proper name ends
// with its kind (a kind the field's description or guidelines name, or a street word), said
// after a preposition of place. The candidate for the head token h, or nullopt.
std::optional<FieldCandidate> place_named_with_kind(const Scan& s, size_t h, const PlaceKinds& kinds) {
  const Token& head = s.tok(h);
  if (!name_word(head) || (!kinds.heads.contains(head.norm) && !words().street_words.contains(head.norm)))
    return std::nullopt;
  size_t first = h;
  while (first > 0 && h - first < kNameWords) {
    const Token& t = s.tok(first - 1);
    if (!name_word(t) || t.after != Break::None || opener_word(t.norm)) break;
    --first;
  }
  if (first == h || first == 0) return std::nullopt;
  // "on the Lismoyle Road": an article may stand between the preposition and the name.
  size_t at = first - 1;
  if (at > 0 && s.tok(at).norm == "the" && s.tok(at).after == Break::None) --at;
  const Token& before = s.tok(at);
  if (before.after != Break::None || !words().place_name_prepositions.contains(before.norm)) return std::nullopt;
  FieldCandidate c;
  c.value = std::string(s.span_text(first, h + 1));
  c.first = first;
  c.last = h + 1;
  c.cue_first = at;
  c.score = kNamedKindScore;
  return c;
}

// The field is the template's only address field.
bool sole_address_field(const Scan& s, size_t field) {
  // An address guideline that asks for numerals makes the field read as a code too.
  auto is_address = [](const FieldLexicon& fl) {
    if (!fl.field || fl.field->type != FieldType::Text || fl.person_name) return false;
    for (const auto& w : field_head_words(*fl.field))
      if (w == "address") return true;
    // "Location" with the alias "address": a venue's name or its street address.
    for (const auto& alias : fl.field->aliases)
      if (util::to_lower_ascii(alias) == "address" || util::to_lower_ascii(alias).ends_with(" address")) return true;
    return false;
  };
  if (!is_address(s.lex.fields[field])) return false;
  for (size_t g = 0; g < s.lex.fields.size(); ++g)
    if (g != field && is_address(s.lex.fields[g])) return false;
  return true;
}

bool number_token(const Token& t) {
  return !t.filler && says_number(t);
}

// A unit's number or letter ("3B", "twelve", "C"): the end of the unit said at token i
// ("apartment 3B"), or i when there is none.
size_t unit_end(const Scan& s, size_t i) {
  if (i + 1 >= s.size() || !words().dwelling_unit_words.contains(s.tok(i).norm) || s.tok(i).after != Break::None)
    return i;
  size_t k = i + 1;
  const Token& first = s.tok(k);
  bool letter = first.raw.size() == 1 && first.capitalized;
  if (!number_token(first) && !letter) return i;
  ++k;
  while (k < s.size() && !letter && s.tok(k - 1).after == Break::None && number_token(s.tok(k))) ++k;
  // "apartment three B": a letter after the number is part of it ("a" and "i" only when
  // written as capitals, as they are words too).
  if (!letter && k < s.size() && s.tok(k - 1).after == Break::None && one_letter(s.tok(k), !s.tt.cased)) ++k;
  return k;
}

// The street address starting at token i ("48 Sorrel Lane, apartment 3B"): its end, or i.
size_t street_address_end(const Scan& s, size_t i) {
  constexpr size_t kNumberWords = 4;  // "twelve oh seven"
  constexpr size_t kStreetWords = 3;
  size_t k = i;
  while (k < s.size() && k < i + kNumberWords && number_token(s.tok(k))) {
    ++k;
    if (s.tok(k - 1).after != Break::None && s.tok(k - 1).after != Break::Join) return i;  // "seventy-seven"
  }
  if (k == i) return i;
  size_t street = k;
  while (k < s.size() && k < street + kStreetWords + 1) {
    const Token& t = s.tok(k);
    if (t.filler || t.has_digit || (s.tt.cased && !t.capitalized) || is_stopword(t.norm)) return i;
    ++k;
    if (k > street + 1 && words().street_words.contains(t.norm)) break;
    if (t.after != Break::None) return i;
  }
  if (k < street + 2 || !words().street_words.contains(s.tok(k - 1).norm)) return i;
  // ", apartment 3B" after the street (straight on in speech without punctuation).
  if ((s.tok(k - 1).after == Break::Comma || (s.tt.breaks_inferred && s.tok(k - 1).after == Break::None)) &&
      k < s.size())
    if (size_t u = unit_end(s, k); u > k) return u;
  return k;
}
}  // namespace

size_t proper_name_end(const Scan& s, size_t first, size_t end) {
  if (!s.tt.cased || first >= end) return end;
  for (size_t k = first; k < end; ++k)
    if (!name_word(s.tok(k))) return end;
  size_t i = end;
  while (i < s.size() && i < first + 2 * kNameWords && s.tok(i - 1).after == Break::None) {
    const Token& t = s.tok(i);
    if (name_word(t) && !opener_word(t.norm)) {
      ++i;
    } else if (words().name_connectors.contains(t.norm) && t.after == Break::None && i + 1 < s.size() &&
               name_word(s.tok(i + 1))) {
      i += 2;
    } else {
      break;
    }
  }
  // "Harbourview Apartments Stage 2.": a number written after the name and ending the clause
  // is part of it.
  if (i > first && i < s.size() && s.tok(i - 1).after == Break::None && s.tok(i).has_digit &&
      s.tok(i).after != Break::None && s.tok(i).after != Break::Join)
    ++i;
  return i;
}

size_t spoken_name_end(const Scan& s, size_t field, size_t first, size_t end) {
  constexpr size_t kSpokenNameWords = 4;
  if (s.tt.cased || first >= end) return end;
  Field date;
  date.type = FieldType::Date;
  size_t i = first;
  while (i < s.size() && i < first + kSpokenNameWords) {
    const Token& t = s.tok(i);
    // "carmen delgado-vidal": a hyphen joins the parts of one name.
    if (i > first && s.tok(i - 1).after != Break::None && s.tok(i - 1).after != Break::Join) break;
    if (t.filler || t.has_digit || is_stopword(t.norm) || is_linking_word(t.norm) || is_number_word(t.norm) ||
        words().subject_pronouns.contains(t.norm) || words().place_prepositions.contains(t.norm))
      break;
    if (i > first && (s.anchor_at(i, field, false) || s.parse_typed(i, std::min(s.size(), i + 3), date))) break;
    ++i;
  }
  return std::max(i, end);
}

bool names_organisation(const FieldLexicon& fl) {
  // "Supplier name" is read as a proper name (person_name) and still names a company;
  // "Contact person at the supplier" names a person.
  if (!fl.field || fl.field->type != FieldType::Text || fl.code_like) return false;
  bool organisation = false;
  for (const auto& w : field_head_words(*fl.field)) {
    if (is_person_word(w)) return false;
    organisation = organisation || words().organisation_words.contains(w);
  }
  return organisation;
}

bool names_organisation_staff(const FieldLexicon& fl) {
  if (!fl.field || !names_person(fl)) return false;
  for (const auto& w : util::split(util::to_lower_ascii(fl.field->label + " " + fl.field->description), ' '))
    if (words().organisation_words.contains(w) || words().staff_words.contains(w)) return true;
  return false;
}

bool followed_by_organisation(const Scan& s, size_t name_last) {
  if (name_last == 0 || name_last >= s.size()) return false;
  size_t k = s.skip_fillers(name_last);
  const Break gap = s.tok(name_last - 1).after;
  // "Dana Whitfield, with Bayview Rentals", "i'm sinead mulvey from harcourt lettings": without
  // capitals only "from" or "with" right after the name.
  const bool joined = k < s.size() && (s.tok(k).norm == "with" || s.tok(k).norm == "from") &&
                      (gap == Break::None || (s.tt.cased && gap == Break::Comma));
  if (joined)
    k = s.skip_fillers(k + 1);
  else if (!s.tt.cased || gap != Break::Comma)
    return false;
  if (k >= s.size()) return false;
  if (!s.tt.cased) {
    // "kieran walsh from the service desk": past an article, a word that can name something.
    if (words().determiners.contains(s.tok(k).norm)) k = s.skip_fillers(k + 1);
    if (k >= s.size()) return false;
    const Token& t = s.tok(k);
    return !t.has_digit && !opener_word(t.norm) && !is_number_word(t.norm) && !words().weekday_names.index_of(t.norm) &&
           !words().month_names.index_of(t.norm);
  }
  const Token& t = s.tok(k);
  // "Derek Oyelaran, I sampled these": a clause of the speaker's, not an organisation.
  return name_word(t) && !t.speaker && !opener_word(t.norm);
}

bool sentence_opener_only(const Scan& s, size_t first, size_t last) {
  if (!s.tt.cased || last != first + 1 || last >= s.size()) return false;
  auto p = s.prev_content(first);
  bool opens = !p || s.tok(*p).after == Break::Sentence;
  const Token& next = s.tok(s.skip_fillers(last));
  return opens && s.tok(first).after == Break::None && !next.capitalized;
}

namespace {
// "from the lakeview chess club", "for kilbrack county council": in a lowercase transcript, up to
// four content words after an organisation opener (and an article) that end with an
// organisation's word (lexicon organisation_openers, organisation_heads).
std::optional<NameRun> spoken_organisation_at(const Scan& s, size_t i) {
  constexpr size_t kNameWords = 4;
  if (!words().organisation_openers.contains(s.tok(i).norm) || s.tok(i).after != Break::None) return std::nullopt;
  size_t first = s.skip_fillers(i + 1);
  if (first < s.size() && words().determiners.contains(s.tok(first).norm) && s.tok(first).after == Break::None)
    first = s.skip_fillers(first + 1);
  std::optional<size_t> head;
  for (size_t k = first; k < s.size() && k < first + kNameWords; ++k) {
    const Token& t = s.tok(k);
    const bool head_word = k > first && words().organisation_heads.contains(t.norm);
    // Another field's cue ends the name; the organisation's word may be a cue itself ("club").
    if (t.filler || t.has_digit || is_stopword(t.norm) || is_linking_word(t.norm) || is_number_word(t.norm) ||
        words().subject_pronouns.contains(t.norm) || (k > first && !head_word && s.anchor_at(k, s.lex.fields.size(), false)))
      break;
    if (head_word) head = k;
    if (t.after != Break::None) break;
  }
  if (!head) return std::nullopt;
  return NameRun{first, *head + 1};
}

// "this is Jordan", "Rhys speaking": a person says who they are (lexicon self_introductions,
// answering_tails) with no organisation's word in the name.
bool introduces_person(const Scan& s, const FieldCandidate& c) {
  if (c.first >= c.last || words().organisation_heads.contains(s.tok(c.last - 1).norm)) return false;
  return introduced(s, c.first) || (c.last < s.size() && words().answering_tails.contains(s.tok(c.last).norm));
}

// The sentence of a greeting that ends in "<name> speaking": who answers, for whom.
bool in_answering_greeting(const Scan& s, const NameRun& r) {
  for (size_t i = r.last; i < s.size(); ++i) {
    if (words().answering_tails.contains(s.tok(i).norm)) return true;
    if (s.tok(i).after == Break::Sentence || s.tok(i).speaker) break;
  }
  return false;
}
}  // namespace

bool introduced(const Scan& s, size_t first) {
  constexpr size_t kMarkerWords = 3;  // "my name is"
  for (size_t k = first > kMarkerWords ? first - kMarkerWords : 0; k < first; ++k)
    if (marker_length(s, k, words().self_introductions) == first - k) return true;
  return false;
}

void assign_organisation_names(const Scan& s, std::vector<std::vector<FieldCandidate>>& ranked) {
  // "Small business lending, this is Jordan": the field's cue word used of something else, then
  // a person introducing themself; no organisation's name.
  for (size_t f = 0; f < s.lex.fields.size(); ++f)
    if (names_organisation(s.lex.fields[f]))
      std::erase_if(ranked[f], [&](const FieldCandidate& c) { return introduces_person(s, c); });
  std::vector<NameRun> runs;
  for (size_t i = 0, next = 0; i < s.size(); i = next) {
    next = i + 1;
    if (!s.tt.cased) {
      if (auto r = spoken_organisation_at(s, i)) runs.push_back(*r), next = r->last;
      continue;
    }
    if (!name_word(s.tok(i))) continue;
    if (auto r = organisation_at(s, i, next)) runs.push_back(*r);
  }
  auto held = [&](const NameRun& r) {
    std::string text = util::to_lower_ascii(s.span_text(r.first, r.last));
    for (const auto& cands : ranked) {
      if (cands.empty()) continue;
      const FieldCandidate& c = cands[0];
      if (!c.implied && overlaps(c, r.first, r.last)) return true;
      if (c.value.is_string() && util::to_lower_ascii(c.value.get<std::string>()) == text) return true;
    }
    return false;
  };
  // The organisation answering the call is not the one the form is about, while another is said.
  if (std::any_of(runs.begin(), runs.end(), [&](const NameRun& r) { return !in_answering_greeting(s, r); }))
    std::erase_if(runs, [&](const NameRun& r) { return in_answering_greeting(s, r); });
  for (size_t f = 0; f < s.lex.fields.size(); ++f) {
    if (!ranked[f].empty() || !names_organisation(s.lex.fields[f])) continue;
    for (const auto& r : runs) {
      if (held(r)) continue;
      FieldCandidate c;
      c.value = std::string(s.span_text(r.first, r.last));
      c.first = r.first;
      c.last = r.last;
      c.cue_first = r.first;
      c.score = kOrganisationScore;
      ranked[f].push_back(c);
      break;
    }
  }
}

std::vector<FieldCandidate> read_named_kind(const Scan& s, size_t field) {
  std::vector<FieldCandidate> out;
  const FieldLexicon& fl = s.lex.fields[field];
  if (!s.tt.cased || !fl.field || !fl.place_like) return out;
  constexpr size_t kKindWords = 3;  // "port of entry"
  const PlaceKinds kinds = place_kinds(*fl.field);
  for (size_t h = 1; h < s.size(); ++h) {
    const Token& head = s.tok(h);
    if (head.capitalized || head.filler || !kinds.heads.contains(head.norm)) continue;
    // The kind's own words before its head ("weigh station", "port of entry").
    size_t k = h;
    while (k > 0 && h - k < kKindWords) {
      const Token& t = s.tok(k - 1);
      if (t.capitalized || t.filler || t.after != Break::None || !kinds.words.contains(t.norm)) break;
      --k;
    }
    // The capitalized name before the kind ("Hollins Creek").
    size_t first = k;
    while (first > 0 && k - first < kNameWords) {
      const Token& t = s.tok(first - 1);
      if (!name_word(t) || t.after != Break::None) break;
      --first;
    }
    while (first < k && opener_word(s.tok(first).norm)) ++first;
    if (first == k) continue;
    FieldCandidate c;
    c.value = std::string(s.span_text(first, h + 1));
    c.first = first;
    c.last = h + 1;
    c.cue_first = first;
    c.score = kNamedKindScore;
    out.push_back(c);
  }
  return out;
}

std::vector<FieldCandidate> read_place_named_with_kind(const Scan& s, size_t field) {
  std::vector<FieldCandidate> out;
  const FieldLexicon& fl = s.lex.fields[field];
  if (!s.tt.cased || !fl.field || !fl.place_like) return out;
  const PlaceKinds kinds = place_kinds(*fl.field);
  for (size_t h = 1; h < s.size(); ++h)
    if (auto c = place_named_with_kind(s, h, kinds)) out.push_back(*c);
  return out;
}

void add_street_addresses(const Scan& s, size_t field, std::vector<FieldCandidate>& cands) {
  constexpr double kAddressScore = 0.6;  // the shape of an address, said without a label
  if (!sole_address_field(s, field)) return;
  for (size_t i = 0; i < s.size(); ++i) {
    if (i > 0 && number_token(s.tok(i - 1)) && (s.tok(i - 1).after == Break::None || s.tok(i - 1).after == Break::Join))
      continue;  // inside a number
    size_t first = i;
    size_t last = street_address_end(s, i);
    // "Flat 4, 22 Wexcombe Road": the unit said before the street.
    if (last == i) {
      size_t u = unit_end(s, i);
      if (u == i || s.tok(u - 1).after != Break::Comma || u >= s.size()) continue;
      last = street_address_end(s, u);
      if (last == u) continue;
    }
    auto c = text_span(s, field, first, last);
    if (!c) continue;
    c->cue_first = first;
    double score = kAddressScore;
    // A cue value inside the address ("Welcome to 48"): the address replaces it.
    for (auto it = cands.begin(); it != cands.end();) {
      if (it->first < last && first < it->last) {
        score = std::max(score, it->score);
        c->cue_first = std::min(it->cue_first, c->cue_first);
        it = cands.erase(it);
      } else {
        ++it;
      }
    }
    c->score = score;
    cands.push_back(*c);
    i = last - 1;
  }
}

}  // namespace invox::rules
