#include "extract/rules/cue_lexicon.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>

#include "core/guideline_hints.hpp"
#include "extract/rules/lexical_data.hpp"
#include "extract/rules/transcript_tokens.hpp"
#include "extract/rules/word_forms.hpp"
#include "invox/normalize.hpp"
#include "util/strings.hpp"

namespace invox::rules {

namespace {
constexpr double kAliasStrength = 1.0;
constexpr double kLabelStrength = 1.0;
constexpr double kIdStrength = 0.9;
constexpr double kTrimmedStrength = 0.8;
constexpr double kExampleStrength = 0.8;
constexpr double kSubPhraseStrength = 0.7;
constexpr double kUnigramStrength = 0.6;
constexpr double kUnitStrength = 0.7;
constexpr double kWeakStrength = 0.4;
constexpr double kDescriptionStrength = 0.5;

bool is_short_acronym(const std::string& s) {
  if (s.size() > 4 || s.empty()) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return std::isupper(static_cast<unsigned char>(c)); });
}

bool all_stopwords(const Phrase& p) {
  return std::all_of(p.stems.begin(), p.stems.end(), [](const std::string& s) { return is_stopword(s); });
}

std::string key_of(const std::vector<std::string>& stems) { return util::join(stems, " "); }

// Words never used alone as a derived cue: too generic in dictation. Takes a word or its stem.
bool is_generic_word(const std::string& s) {
  static const std::set<std::string, std::less<>> kGeneric = [] {
    std::set<std::string, std::less<>> out;
    for (const auto& w : words().generic_cue_words.items()) out.insert({w, stem(w)});
    return out;
  }();
  return kGeneric.count(s) > 0;
}

// The words of a field id, without one that repeats the field's unit ("weight_kg" -> weight).
std::vector<std::string> id_words(const Field& f) {
  const lexicon::UnitEntry* unit = words().unit_for_symbol(f.unit);
  std::vector<std::string> out;
  for (auto& w : util::split(f.id, '_'))
    if (!w.empty() && !(unit && words().unit_for_symbol(w) == unit)) out.push_back(w);
  return out;
}

// The honorific whose written form the guidelines use ("Write titles as 'Dr. Name'"), or null.
const lexicon::Honorific* written_title(const std::string& guidelines) {
  for (const auto& h : words().honorifics)
    if (guidelines.find(h.written) != std::string::npos) return &h;
  return nullptr;
}

bool mentions_title(const std::string& text) {
  for (const auto& h : words().honorifics)
    if (text.find(h.written) != std::string::npos) return true;
  return false;
}

std::string strip_parenthetical(const std::string& label, std::string* inner) {
  auto open = label.find('(');
  auto close = label.find(')', open == std::string::npos ? 0 : open);
  if (open == std::string::npos || close == std::string::npos) return label;
  *inner = label.substr(open + 1, close - open - 1);
  return util::trim(label.substr(0, open) + label.substr(close + 1));
}

void add_cue(FieldLexicon& fl, const std::string& text, double strength, CueKind kind = CueKind::Lead) {
  Phrase p = make_phrase(text);
  if (p.stems.empty()) return;
  for (const auto& c : fl.cues)
    if (c.phrase.stems == p.stems && c.kind == kind) return;
  Cue cue{p, strength, kind, false, false};
  if (all_stopwords(p)) {
    cue.weak = true;
    cue.strength = std::min(strength, kWeakStrength);
  }
  fl.cues.push_back(cue);
  // "ABS" is also said letter by letter.
  if (p.stems.size() == 1 && is_short_acronym(text) && text.size() >= 2) {
    Cue spelled = cue;
    spelled.phrase.stems.clear();
    for (char ch : text) spelled.phrase.stems.emplace_back(1, static_cast<char>(std::tolower(static_cast<unsigned char>(ch))));
    spelled.weak = false;
    spelled.opens_code = fl.letters_in_code;
    fl.cues.push_back(spelled);
  }
  // "serviced on" is also said "serviced today": drop a trailing function word.
  if (p.stems.size() >= 2 && is_stopword(p.stems.back()) && !all_stopwords(p)) {
    Cue trimmed = cue;
    trimmed.dropped = trimmed.phrase.stems.back();
    trimmed.phrase.stems.pop_back();
    trimmed.strength = std::min(strength, kTrimmedStrength);
    trimmed.weak = all_stopwords(trimmed.phrase);
    trimmed.derived = true;
    if (!trimmed.weak && !(trimmed.phrase.stems.size() == 1 && is_generic_word(trimmed.phrase.stems[0])))
      fl.cues.push_back(trimmed);
  }
}

void add_value(FieldLexicon& fl, const std::string& text, Json value, double strength) {
  Phrase p = make_phrase(text);
  if (p.stems.empty()) return;
  std::string t = util::trim(text);
  if (is_short_acronym(t)) {
    p.case_sensitive = true;
    p.exact = t;
  }
  fl.values.push_back(ValuePhrase{p, std::move(value), strength});
}

Json mapped_value(const Field& f, const std::string& target);

// Members of a kind (lexicon `kinds`): an enum option that names a kind is said by its members
// ("steers" -> cattle); a yes/no field whose label or description names a kind is cued by them
// ("Warfarin for his AF" for "takes a regular anticoagulant").
void add_kind_members(FieldLexicon& fl) {
  constexpr double kMemberStrength = 0.8;  // a member says its kind less surely than the kind's name
  const Field& f = *fl.field;
  std::vector<std::string> about;  // a yes/no field's label and description words
  if (f.type == FieldType::Boolean)
    for (const std::string& text : {f.label, f.description})
      for (const auto& st : make_phrase(text).stems) about.push_back(st);
  std::vector<std::string> option_word(f.options.size());
  for (size_t k = 0; k < f.options.size(); ++k)
    if (const Phrase op = make_phrase(f.options[k]); op.stems.size() == 1) option_word[k] = op.stems[0];
  for (const auto& kind : words().kinds) {
    const std::string name = stem(kind[0]);
    if (f.type == FieldType::Enum) {
      for (size_t k = 0; k < f.options.size(); ++k) {
        const std::string& o = f.options[k];
        if (option_word[k].empty() || !stems_match(option_word[k], name)) continue;
        for (size_t i = 1; i < kind.size(); ++i) {
          const Phrase mp = make_phrase(kind[i]);
          bool known = std::any_of(fl.values.begin(), fl.values.end(),
                                   [&](const ValuePhrase& v) { return v.phrase.stems == mp.stems; });
          if (!known) add_value(fl, kind[i], Json(o), kMemberStrength);
        }
      }
    } else if (f.type == FieldType::Boolean &&
               std::any_of(about.begin(), about.end(), [&](const std::string& st) { return stems_match(st, name); })) {
      for (size_t i = 1; i < kind.size(); ++i) add_cue(fl, kind[i], kMemberStrength);
    }
  }
}

// "will apply" is also said "we'd like to apply", "I think I'll apply": an option that opens with
// a modal verb (lexicon auxiliary_verbs) is a weaker value phrase without it.
void add_value_without_modal(FieldLexicon& fl, const std::string& option, const std::string& value) {
  constexpr double kWithoutModal = 0.8;
  const auto w = util::split(util::to_lower_ascii(util::trim(option)), ' ');
  if (w.size() < 2 || !words().auxiliary_verbs.contains(w[0])) return;
  const std::string rest = util::join(std::vector<std::string>(w.begin() + 1, w.end()), " ");
  if (!all_stopwords(make_phrase(rest))) add_value(fl, rest, Json(value), kWithoutModal);
}

// "Trips, falls and collisions -> accident": each member of a category the guidelines list is
// a weaker value phrase (a parenthetical example weaker still), trimmed of function words at its
// ends; a member of more than three content words is a description, not a word said.
void add_category_items(FieldLexicon& fl, const GuidelineHints& gi) {
  constexpr double kItemStrength = 0.8;
  constexpr double kExampleItemStrength = 0.6;
  constexpr size_t kMaxContentWords = 3;
  for (const auto& item : gi.items) {
    Json v = mapped_value(*fl.field, item.target);
    if (v.is_null()) continue;
    // Lowercase: a member opening the guideline's sentence ("Trips, ...") is no name said
    // capitalized only (which a one-word capitalized alias is).
    Phrase p = make_phrase(util::to_lower_ascii(item.phrase));
    // "a tank in the loft" -> "tank in the loft"; a negation stays ("not eating").
    auto bare = [](const std::string& st) { return is_stopword(st) && !is_negation_word(st); };
    while (!p.stems.empty() && bare(p.stems.front()))
      p.stems.erase(p.stems.begin());
    while (!p.stems.empty() && bare(p.stems.back()))
      p.stems.pop_back();
    size_t content = static_cast<size_t>(
        std::count_if(p.stems.begin(), p.stems.end(), [](const std::string& st) { return !is_stopword(st); }));
    if (content == 0 || content > kMaxContentWords) continue;
    bool known = std::any_of(fl.values.begin(), fl.values.end(),
                             [&](const ValuePhrase& o) { return o.phrase.stems == p.stems; });
    if (!known) fl.values.push_back(ValuePhrase{p, std::move(v), item.example ? kExampleItemStrength : kItemStrength});
  }
}

std::optional<std::string> match_option(const Field& f, const std::string& target) {
  std::string t = util::to_lower_ascii(util::trim(target));
  for (const auto& o : f.options)
    if (util::to_lower_ascii(o) == t) return o;
  return std::nullopt;
}

Json mapped_value(const Field& f, const std::string& target) {
  std::string t = util::to_lower_ascii(target);
  switch (f.type) {
    case FieldType::Enum: {
      auto o = match_option(f, target);
      return o ? Json(*o) : Json();
    }
    case FieldType::Boolean:
      if (words().yes_words.contains(t)) return true;
      if (words().no_words.contains(t)) return false;
      return Json();
    case FieldType::Number: {
      try {
        size_t used = 0;
        double d = std::stod(t, &used);
        if (used == t.size()) return d;
      } catch (...) {
      }
      return Json();
    }
    default:
      return Json(target);
  }
}

bool looks_like_code(const std::string& s) {
  bool letter = false, digit = false;
  for (char c : s) {
    letter = letter || std::isalpha(static_cast<unsigned char>(c));
    digit = digit || std::isdigit(static_cast<unsigned char>(c));
  }
  return letter && digit;
}

// The field's label, description or aliases say it names an animal ("The animal's name").
bool names_animal(const Field& f) {
  std::string about = f.label + " " + f.description;
  for (const auto& a : f.aliases) about += " " + a;
  for (const auto& t : tokenize(about).tokens) {
    std::string w = t.norm;
    if (w.ends_with("'s")) w.resize(w.size() - 2);
    if (words().animal_words.contains(w)) return true;
  }
  return false;
}

// A guideline example maps a spoken amount to a thousand times its reading ("'one twenty-five'
// -> 125000"): amounts for this field are said in thousands.
bool says_thousands(const Field& f, const GuidelineHints& gi) {
  constexpr double kThousand = 1000.0;
  Field number;
  number.type = FieldType::Number;
  NormalizeContext ctx;
  for (const auto& a : gi.aliases) {
    Json target = mapped_value(f, a.target);
    auto said = parse_value_prefix(a.phrase, number, ctx);
    if (!target.is_number() || !said || !said->value.is_number() || said->consumed < a.phrase.size()) continue;
    double v = said->value.get<double>();
    if (v > 0 && v < kThousand && target.get<double>() == v * kThousand) return true;
  }
  return false;
}

// A guideline phrase spelled piece by piece: it has a spoken digit ("five two one nine dash c").
bool spells_a_code(const std::string& phrase) {
  for (const auto& t : tokenize(phrase).tokens)
    if (words().digit_words.index_of(t.norm) || t.has_digit) return true;
  return false;
}

// "'double five' is 55 and 'oh' is 0": a quoted phrase of digit words only ("oh", "double",
// "five") says how digits are written, and is no cue of the field.
bool spells_digits_only(const std::string& phrase) {
  const auto toks = tokenize(phrase).tokens;
  return !toks.empty() && std::all_of(toks.begin(), toks.end(), [](const auto& t) {
    return t.has_digit || words().digit_words.index_of(t.norm) || words().spoken_zero.contains(t.norm) ||
           words().repeat_words.count(t.norm) > 0;
  });
}

// "FL-07": letters, a hyphen, digits.
// The spoken side of an example says the hyphen in words ("E dash four four one nine").
bool says_spoken_dash(const std::string& phrase) {
  for (const auto& w : util::split(util::to_lower_ascii(phrase), ' '))
    if (words().spoken_dashes.contains(w)) return true;
  return false;
}

bool hyphenated_code(const std::string& s) {
  size_t dash = s.find('-');
  if (dash == std::string::npos || dash == 0 || dash + 1 >= s.size()) return false;
  return std::isalpha(static_cast<unsigned char>(s[dash - 1])) && std::isdigit(static_cast<unsigned char>(s[dash + 1]));
}

void classify(FieldLexicon& fl, const GuidelineHints& gi) {
  const Field& f = *fl.field;
  bool textual = f.type == FieldType::Text || f.type == FieldType::Textarea;
  // What the field is about: its id and label words and the head of its description
  // ("Full name of the insured" -> full, name).
  std::vector<std::string> own = id_words(f);
  for (auto& w : util::split(util::to_lower_ascii(f.label), ' ')) own.push_back(w);
  auto desc_words = util::split(util::to_lower_ascii(f.description), ' ');
  for (size_t i = 0; i < desc_words.size() && i < 2; ++i) own.push_back(desc_words[i]);
  auto any_in = [&](const lexicon::WordSet& set) {
    return std::any_of(own.begin(), own.end(), [&](const std::string& w) { return set.contains(w); });
  };
  const bool place = any_in(words().place_words);
  const bool building = any_in(words().building_words);
  const bool street = any_in(words().street_field_words);
  // "Name or topic of the meeting" is a phrase; "Supplier name" keeps the proper-name reading;
  // "building_name" is a place's name (read as places are).
  bool person = any_in(words().person_words) ||
                (any_in(words().naming_words) && !any_in(words().topic_words) && !(place || building || street));
  // "Approved by", "inspected_by": the agent of an action is a person.
  fl.agent = util::to_lower_ascii(f.label).ends_with(" by") || util::to_lower_ascii(f.id).find("_by") != std::string::npos;
  if (fl.agent) person = true;
  // "First and last name of the designated warden": guidelines that ask for a full name.
  const std::string guide = util::to_lower_ascii(f.guidelines);
  for (const auto& phrase : words().full_name_phrases.items())
    if (guide.find(phrase) != std::string::npos) fl.full_name = true;
  person = person || fl.full_name;
  fl.title = written_title(f.guidelines);
  bool code_word = any_in(words().identifier_words);
  fl.person_name = textual && (person || fl.title) && !(code_word || gi.mentions_digits);
  // "Seen by: Dentist or hygienist who examined the patient": the person holds a doctor's role.
  auto says_doctor_role = [](const std::string& text) {
    const auto toks = tokenize(text).tokens;
    return std::any_of(toks.begin(), toks.end(), [](const Token& t) { return words().doctor_roles.contains(t.norm); });
  };
  fl.doctor_role = fl.person_name && f.type == FieldType::Text &&
                   (says_doctor_role(f.label) || says_doctor_role(f.description) ||
                    std::any_of(f.aliases.begin(), f.aliases.end(), says_doctor_role));
  // A guideline's worked example shows the written form ("'R T nine' -> 'RT-9'"): its right-hand
  // side is as good a sample of the code's shape as a quoted example on its own. Not when an
  // example says the hyphen as 'dash' ("'E dash four four' -> 'E-44'": the hyphen goes only where
  // it is said), nor a right side of several words ('42 Curlew Lane' is an address).
  std::vector<std::string> written = gi.quoted_examples;
  const bool dash_said = std::any_of(gi.aliases.begin(), gi.aliases.end(),
                                     [](const GuidelineAlias& a) { return says_spoken_dash(a.phrase); });
  for (const auto& a : gi.aliases)
    if (!dash_said && a.phrase.find(' ') != std::string::npos && a.target.find(' ') == std::string::npos)
      written.push_back(a.target);
  bool code_example = std::any_of(written.begin(), written.end(), looks_like_code);
  fl.code_like = f.type == FieldType::Text && !fl.person_name && (gi.mentions_digits || code_word || code_example || !gi.code_prefix.empty());
  fl.code_prefix = gi.code_prefix;
  // "Inverter make and model": the id, label or description says it holds a product's model.
  fl.make_and_model = fl.code_like && says_any_word({f.id, f.label, f.description}, words().model_words);
  // "... joined, in capitals, with a hyphen between the letters and the number": said in words
  // ("a hyphen just where the speaker says 'dash'" asks for none of its own).
  const auto& asks = words().hyphen_format_phrases;
  const bool hyphen_asked = std::any_of(asks.begin(), asks.end(), [&](const lexicon::Phrase& p) {
    std::string text;
    for (const auto& w : p) text += (text.empty() ? "" : " ") + w;
    return guide.find(text) != std::string::npos;
  });
  fl.code_hyphen = hyphen_asked || std::any_of(written.begin(), written.end(), hyphenated_code);
  if (fl.code_like)
    for (const auto& w : written) fl.code_letters |= code_shape_bit(w);
  fl.letters_in_code = fl.code_like && (gi.mentions_letters || fl.code_letters != 0);
  fl.place_like = f.type == FieldType::Text && (place || building || street) && !fl.person_name && !fl.code_like;
  fl.building_name = fl.place_like && building && !place;
  fl.street_name = fl.place_like && street && !place && !building;
  fl.wants_numerals = gi.wants_numerals;
  const std::string said = f.description + " . " + f.guidelines;
  fl.dated_today = f.type == FieldType::Date && says_any_phrase(said, words().reference_day_phrases);
  fl.takes_readback = says_any_phrase(said, words().readback_phrases);
}

std::string strip_parenthetical_copy(const std::string& label) {
  std::string inner;
  return strip_parenthetical(label, &inner);
}

// "call" of "Resolved on call": the object of a preposition in a yes/no label is mentioned
// anyway ("they'll call you back"); the yes or no is about the words before it.
bool yes_no_object(const Field& f, const std::vector<std::string>& stems, const std::vector<std::string>& g) {
  if (f.type != FieldType::Boolean || g.size() != 1) return false;
  for (size_t k = 1; k < stems.size(); ++k)
    if (stems[k] == g[0] && is_stopword(stems[k - 1])) return true;
  return false;
}

// "nurse" of "receiving nurse": the person word an alias of a person field ends with names the
// field's person alone ("Handed to charge nurse Aoife Lynch"), when no other field owns it.
bool names_the_person(const FieldLexicon& fl, const std::vector<std::string>& stems, const std::vector<std::string>& g) {
  return fl.person_name && g.size() == 1 && g[0] == stems.back() && is_person_word_stem(g[0]);
}

// "checked by" -> "checker", "cleaned by" -> "cleaner", "inspected by" -> "inspector": the
// agent noun of a "<verb> by" cue names the same person ("Checker Aroha Ngata").
void add_agent_nouns(FieldLexicon& fl) {
  constexpr double kAgentNounStrength = 0.8;
  constexpr size_t kMinVerb = 4;
  std::vector<std::string> verbs;
  for (const auto& c : fl.cues)
    if (c.kind == CueKind::Lead && !c.derived && c.phrase.stems.size() == 2 && c.phrase.stems[1] == "by" &&
        c.phrase.stems[0].size() >= kMinVerb && !is_stopword(c.phrase.stems[0]))
      verbs.push_back(c.phrase.stems[0]);
  for (const auto& v : verbs)
    for (const char* suffix : {"er", "or"}) add_cue(fl, v + suffix, kAgentNounStrength);
}

std::vector<std::vector<std::string>> sub_phrases(const std::vector<std::string>& stems) {
  std::vector<std::vector<std::string>> out;
  for (size_t n = 1; n < stems.size(); ++n) {
    for (size_t i = 0; i + n <= stems.size(); ++i) {
      std::vector<std::string> g(stems.begin() + static_cast<long>(i), stems.begin() + static_cast<long>(i + n));
      if (is_stopword(g.front()) || is_stopword(g.back())) continue;
      if (n == 1 && (g[0].size() < 4 || is_generic_word(g[0]))) continue;
      out.push_back(g);
    }
  }
  return out;
}

// "booking" of "Repeating booking" on a room-booking form: a word the descriptions of several
// other fields use ("Start of the booking", "Deposit agreed for the booking") names what the
// whole form is about, so alone it is no cue of one field ("Deposit for weekly bookings is fifty").
std::set<std::string> form_subject_words(const Lexicon& lex) {
  constexpr size_t kTopicFields = 3;
  // The word as written, not its stem: "Engineer who did the work" and "a working alarm" do not
  // make "Working gas pressure" a form about work.
  std::map<std::string, std::set<size_t>> described_by;
  for (size_t i = 0; i < lex.fields.size(); ++i)
    for (const auto& t : tokenize(lex.fields[i].field->description).tokens)
      if (!is_stopword(t.norm)) described_by[t.norm].insert(i);
  std::set<std::string> out;
  for (const auto& [word, fields] : described_by)
    if (fields.size() >= kTopicFields) out.insert(stem(word));
  return out;
}

// Whether field `i` shares a derived cue with another field that may read the same value:
// "landed" of "landed on" (a date) stays a cue beside "landed" (a time).
bool shares_values(const Lexicon& lex, size_t i, const std::set<size_t>& owners) {
  return std::any_of(owners.begin(), owners.end(), [&](size_t o) { return o != i && !date_and_time(lex, i, o); });
}
}  // namespace

bool date_and_time(const Lexicon& lex, size_t a, size_t b) {
  const FieldType ta = lex.fields[a].field->type, tb = lex.fields[b].field->type;
  return (ta == FieldType::Date && tb == FieldType::Time) || (ta == FieldType::Time && tb == FieldType::Date);
}

// Values nobody labels ("I got here at quarter to nine" for "When the inspector arrived"):
// the content words of a date or time field's description are weak cues, when no other field
// uses the word as a cue or in its own description. A date or time must still follow them.
void add_description_cues(Lexicon& lex, std::map<std::string, std::set<size_t>>& owners) {
  constexpr size_t kMinWordLength = 4;
  std::vector<std::vector<std::string>> desc(lex.fields.size());
  std::map<std::string, std::set<size_t>> desc_owners;
  for (size_t i = 0; i < lex.fields.size(); ++i) {
    for (const auto& t : tokenize(lex.fields[i].field->description).tokens) {
      if (t.norm.size() < kMinWordLength || is_stopword(t.norm) || is_generic_word(t.stem)) continue;
      desc[i].push_back(t.stem);
      desc_owners[t.stem].insert(i);
    }
  }
  for (size_t i = 0; i < lex.fields.size(); ++i) {
    FieldType type = lex.fields[i].field->type;
    if (type != FieldType::Date && type != FieldType::Time) continue;
    auto& cues = lex.fields[i].cues;
    for (const auto& st : desc[i]) {
      if (desc_owners[st].size() != 1 || !owners[st].empty()) continue;
      bool dup = std::any_of(cues.begin(), cues.end(), [&](const Cue& c) { return c.phrase.stems.size() == 1 && c.phrase.stems[0] == st; });
      if (dup) continue;
      Phrase p;
      p.stems = {st};
      p.text = st;
      cues.push_back(Cue{p, kDescriptionStrength, CueKind::Lead, false, false, true});
      owners[st].insert(i);
    }
  }
}

unsigned code_shape_bit(std::string_view written) {
  constexpr size_t kMaxCodeLetters = 4;
  const auto is_digit = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; };
  size_t n = 0;
  while (n < written.size() && std::isupper(static_cast<unsigned char>(written[n]))) ++n;
  if (n == 0 || n > kMaxCodeLetters || std::none_of(written.begin(), written.end(), is_digit)) return 0;
  return 1u << n;
}

Phrase make_phrase(const std::string& text) {
  Phrase p;
  p.text = text;
  auto toks = tokenize(text);
  for (const auto& t : toks.tokens) p.stems.push_back(t.stem);
  return p;
}

// The content stems of the guideline's exclusions that neither the field's own texts (id, label,
// aliases, description) nor the template's title say: "the time a fault was reported or the lift
// stopped is not the arrival" in a lift template gives fault, report, stop.
std::vector<std::string> excluded_stems(const Template& tmpl, const Field& f, const GuidelineHints& gi) {
  std::set<std::string> own;
  std::vector<std::string> texts = {f.label, f.description, tmpl.title, util::join(id_words(f), " ")};
  texts.insert(texts.end(), f.aliases.begin(), f.aliases.end());
  for (const auto& t : texts)
    for (const auto& st : make_phrase(t).stems) own.insert(st);
  std::vector<std::string> out;
  for (const auto& ex : gi.exclusions)
    for (const auto& st : make_phrase(ex).stems)
      if (!is_stopword(st) && !is_number_word(st) && !is_generic_word(st) && !own.contains(st) &&
          std::find(out.begin(), out.end(), st) == out.end())
        out.push_back(st);
  return out;
}

// "a two-car collision" for the option "road traffic collision": the last word of an option of
// several content words is said alone for it, when no other option, no other field and not the
// form's title use that word ("Routine service" beside "Returned to service" is not one).
void add_option_heads(Lexicon& lex, const Template& tmpl) {
  constexpr double kHeadStrength = 0.7;
  constexpr size_t kMinHead = 4;
  auto stems_of = [](const std::string& text) { return make_phrase(util::to_lower_ascii(text)).stems; };
  // The stems of each field's label, id, aliases, options and option aliases, read once.
  std::vector<std::set<std::string>> field_stems(lex.fields.size());
  for (size_t g = 0; g < lex.fields.size(); ++g) {
    const Field& f = *lex.fields[g].field;
    std::vector<std::string> texts = {f.label, f.id};
    texts.insert(texts.end(), f.aliases.begin(), f.aliases.end());
    texts.insert(texts.end(), f.options.begin(), f.options.end());
    for (const auto& [opt, syns] : f.option_aliases) texts.insert(texts.end(), syns.begin(), syns.end());
    for (const auto& t : texts)
      for (auto& st : stems_of(t)) field_stems[g].insert(std::move(st));
  }
  for (size_t i = 0; i < lex.fields.size(); ++i) {
    const Field& f = *lex.fields[i].field;
    if (f.type != FieldType::Enum) continue;
    // Each way the field's options are said, with its stems and its option: the options first,
    // then their aliases (which only tell whether another option shares a word).
    struct Said {
      std::vector<std::string> stems;
      std::string option;
    };
    std::vector<Said> said;
    for (const auto& o : f.options) said.push_back({stems_of(o), o});
    for (const auto& [opt, syns] : f.option_aliases)
      for (const auto& a : syns) said.push_back({stems_of(a), opt});
    std::set<std::string> elsewhere;  // words of other fields and of the title
    for (const auto& st : stems_of(tmpl.title)) elsewhere.insert(st);
    for (size_t g = 0; g < lex.fields.size(); ++g)
      if (g != i) elsewhere.insert(field_stems[g].begin(), field_stems[g].end());
    for (size_t k = 0; k < f.options.size(); ++k) {
      const auto& [st, option] = said[k];
      if (st.size() < 2 || std::any_of(st.begin(), st.end(), [](const std::string& w) { return is_stopword(w); }))
        continue;
      const std::string& head = st.back();
      if (head.size() < kMinHead || is_generic_word(head) || is_number_word(head)) continue;
      auto same_head = [&](const std::string& w) { return stems_match(w, head); };
      bool shared = std::any_of(elsewhere.begin(), elsewhere.end(), same_head);
      for (const auto& other : said)
        shared = shared || (other.option != option && std::any_of(other.stems.begin(), other.stems.end(), same_head));
      if (shared) continue;
      auto& values = lex.fields[i].values;
      const std::vector<std::string> alone = {head};
      if (std::none_of(values.begin(), values.end(), [&](const ValuePhrase& v) { return v.phrase.stems == alone; }))
        add_value(lex.fields[i], head, Json(option), kHeadStrength);
    }
  }
}

Lexicon build_lexicon(const Template& tmpl) {
  Lexicon lex;
  for (const auto& f : tmpl.fields) {
    FieldLexicon fl;
    fl.field = &f;
    for (const auto& st : make_phrase(f.label).stems)
      if (!is_stopword(st)) fl.label_stems.push_back(st);
    const GuidelineHints& gi = *guideline_hints(f.guidelines);
    fl.excluded_stems = excluded_stems(tmpl, f, gi);
    classify(fl, gi);
    std::string inner;
    std::string label = strip_parenthetical(f.label, &inner);
    add_cue(fl, label, kLabelStrength);
    if (!inner.empty()) add_cue(fl, inner, kIdStrength);
    auto idw = id_words(f);
    if (!idw.empty() && !(idw.size() == 1 && is_generic_word(idw[0]))) add_cue(fl, util::join(idw, " "), kIdStrength);
    for (const auto& a : f.aliases) add_cue(fl, a, kAliasStrength);
    // "Without the word 'PO'": a quoted acronym is a word the code leaves out.
    for (auto& c : fl.cues)
      for (const auto& ex : gi.quoted_examples)
        if (c.opens_code && key_of(make_phrase(ex).stems) == util::join(c.phrase.stems, "")) c.opens_code = false;
    if (fl.person_name) add_agent_nouns(fl);
    // "without 'the'" quotes a word to leave out: an example of function words only is no cue;
    // "a hyphen only where 'dash' is said" and "'oh' is 0" quote words of a code's spelling, no
    // cue either.
    for (const auto& ex : gi.quoted_examples)
      if (!looks_like_code(ex) && !mentions_title(ex) && !all_stopwords(make_phrase(ex)) &&
          !words().spoken_dashes.contains(util::to_lower_ascii(ex)) && !spells_digits_only(ex))
        add_cue(fl, ex, kExampleStrength, CueKind::Inclusive);
    if (f.type == FieldType::Number) {
      for (const auto& w : unit_words(f.unit)) add_cue(fl, w, kUnitStrength, CueKind::Unit);
      for (const auto& w : convertible_unit_words(f.unit)) add_cue(fl, w, kUnitStrength, CueKind::Unit);
    }
    // Values.
    if (f.type == FieldType::Enum) {
      for (const auto& o : f.options) add_value(fl, o, Json(o), 1.0);
      for (const auto& [opt, syns] : f.option_aliases)
        for (const auto& s : syns) add_value(fl, s, Json(opt), 0.95);
      for (const auto& o : f.options) add_value_without_modal(fl, o, o);
    }
    fl.in_thousands = f.type == FieldType::Number && says_thousands(f, gi);
    fl.upper_bound = f.type == FieldType::Number &&
                     says_any_word({f.id, f.label, f.description, f.guidelines}, words().upper_bound_words);
    fl.animal_name = names_animal(f);
    fl.records_problem = f.type == FieldType::Boolean && says_any_word({f.id, f.label}, words().problem_words);
    for (const auto& a : gi.aliases) {
      // "'D K dash two two nine zero one' -> 'DK-22901'" shows an identifier's format: the
      // reader derives it from what is said; the example itself is never a value.
      if (fl.code_like && (spells_a_code(a.phrase) || looks_like_code(a.target))) continue;
      Json v = mapped_value(f, a.target);
      if (!v.is_null()) add_value(fl, a.phrase, v, 0.95);
    }
    for (const auto& p : gi.empty_phrases) add_value(fl, p, Json(), 0.95);
    if (f.type == FieldType::Enum || f.type == FieldType::Boolean) add_category_items(fl, gi);
    add_kind_members(fl);
    lex.fields.push_back(std::move(fl));
  }
  // Sub-phrases of labels and aliases that only one field owns ("other rider" of
  // "other rider involved", "secondary" of "secondary contact").
  std::map<std::string, std::set<size_t>> owners;
  std::vector<std::vector<std::vector<std::string>>> candidates(lex.fields.size());
  for (size_t i = 0; i < lex.fields.size(); ++i) {
    for (const auto& c : lex.fields[i].cues) {
      owners[key_of(c.phrase.stems)].insert(i);
      if (c.kind != CueKind::Lead) continue;
      bool from_label = c.phrase.text == strip_parenthetical_copy(lex.fields[i].field->label) ||
                        c.phrase.text == util::join(id_words(*lex.fields[i].field), " ");
      for (auto& g : sub_phrases(c.phrase.stems))
        if ((g.size() > 1 || from_label || names_the_person(lex.fields[i], c.phrase.stems, g)) &&
            !yes_no_object(*lex.fields[i].field, c.phrase.stems, g))
          candidates[i].push_back(g);
    }
    for (const auto& v : lex.fields[i].values) owners[key_of(v.phrase.stems)].insert(i);
  }
  for (size_t i = 0; i < lex.fields.size(); ++i)
    for (auto& g : candidates[i]) owners[key_of(g)].insert(i);
  const std::set<std::string> subject = form_subject_words(lex);
  for (size_t i = 0; i < lex.fields.size(); ++i) {
    auto& cues = lex.fields[i].cues;
    cues.erase(std::remove_if(cues.begin(), cues.end(),
                              [&](const Cue& c) { return c.derived && shares_values(lex, i, owners[key_of(c.phrase.stems)]); }),
               cues.end());
  }
  for (size_t i = 0; i < lex.fields.size(); ++i) {
    for (auto& g : candidates[i]) {
      if (owners[key_of(g)].size() != 1 || (g.size() == 1 && subject.contains(g[0]))) continue;
      auto& cues = lex.fields[i].cues;
      bool dup = std::any_of(cues.begin(), cues.end(), [&](const Cue& c) { return c.phrase.stems == g; });
      if (dup) continue;
      Phrase p;
      p.stems = g;
      p.text = key_of(g);
      cues.push_back(Cue{p, g.size() == 1 ? kUnigramStrength : kSubPhraseStrength, CueKind::Lead, false, false});
    }
  }
  add_description_cues(lex, owners);
  add_option_heads(lex, tmpl);
  return lex;
}

}  // namespace invox::rules
