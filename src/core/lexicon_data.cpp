#include "core/lexicon_data.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "invox/json.hpp"

namespace invox::lexicon {

WordSet::WordSet(std::vector<std::string> items) : items_(std::move(items)), set_(items_.begin(), items_.end()) {}

OrderedWords::OrderedWords(std::vector<std::vector<std::string>> entries) : entries_(std::move(entries)) {
  for (size_t i = 0; i < entries_.size(); ++i)
    for (const auto& spelling : entries_[i]) index_.emplace(spelling, i);  // the first entry keeps it
}

std::optional<size_t> OrderedWords::index_of(std::string_view word) const {
  if (auto it = index_.find(word); it != index_.end()) return it->second;
  return std::nullopt;
}

bool LexiconData::is_negator(std::string_view w) const { return negators.contains(w) || has_negator_suffix(w); }

bool LexiconData::has_negator_suffix(std::string_view w) const {
  for (const auto& s : negator_suffixes.items())
    if (w.size() > s.size() && w.ends_with(s)) return true;
  return false;
}

bool LexiconData::is_number_word(std::string_view w) const {
  return digit_words.index_of(w) || teen_words.index_of(w) || tens_words.index_of(w) || scale_words.count(w) ||
         spoken_zero.contains(w) || repeat_words.count(w);
}

namespace {

std::string symbol_key(std::string_view s) {
  std::string out;
  for (char c : s)
    if (c != ' ') out += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return out;
}

}  // namespace

const UnitEntry* LexiconData::unit_for_symbol(std::string_view symbol) const {
  const std::string key = symbol_key(symbol);
  if (key.empty()) return nullptr;
  for (const auto& u : units)
    if (symbol_key(u.id) == key) return &u;
  for (const auto& u : units)
    for (const auto* list : {&u.words, &u.weak})
      for (const auto& w : *list)
        if (symbol_key(w) == key) return &u;
  return nullptr;
}

namespace {

// Reads one group into its typed member; the first problem found is kept in `error`.
class Reader {
 public:
  explicit Reader(const Json& groups) : groups_(groups) {}

  [[nodiscard]] const std::string& error() const { return error_; }
  [[nodiscard]] const std::set<std::string>& used() const { return used_; }

  WordSet words(const char* name) { return WordSet(strings(name, "words", false)); }
  WordSet phrase_set(const char* name) { return WordSet(strings(name, "phrases", true)); }

  std::vector<Phrase> phrases(const char* name) {
    std::vector<Phrase> out;
    for (const auto& p : strings(name, "phrases", true)) out.push_back(split_words(p));
    return out;
  }

  OrderedWords ordered(const char* name, size_t count) {
    std::vector<std::vector<std::string>> out;
    const Json* list = member(name, "ordered", Json::value_t::array);
    if (!list) return OrderedWords{};
    if (list->size() != count) fail(name, fmt::format("needs exactly {} entries, has {}", count, list->size()));
    for (const auto& e : *list) {
      std::vector<std::string> spellings;
      if (e.is_string()) {
        spellings.push_back(e.get<std::string>());
      } else if (e.is_array() && !e.empty()) {
        for (const auto& s : e) {
          if (!s.is_string()) return fail(name, "an entry holds something other than words"), OrderedWords{};
          spellings.push_back(s.get<std::string>());
        }
      } else {
        return fail(name, "each entry must be a word or a non-empty list of spellings"), OrderedWords{};
      }
      for (const auto& s : spellings) check_word(name, s, false);
      out.push_back(std::move(spellings));
    }
    return OrderedWords(std::move(out));
  }

  // Counts and scales must be positive; `allow_zero` admits 0 for groups where nothing is a value
  // ("empty" = 0 %).
  WordValues values(const char* name, bool allow_zero = false) {
    WordValues out;
    const Json* map = member(name, "values", Json::value_t::object);
    if (!map) return out;
    for (const auto& [word, value] : map->items()) {
      check_word(name, word, false);
      const bool ok = value.is_number() && (value.get<double>() > 0 || (allow_zero && value.get<double>() == 0));
      if (!ok) fail(name, fmt::format("'{}' needs a {} number", word, allow_zero ? "non-negative" : "positive"));
      else out.emplace(word, value.get<double>());
    }
    return out;
  }

  std::vector<std::vector<std::string>> word_groups(const char* name) {
    std::vector<std::vector<std::string>> out;
    const Json* list = member(name, "groups", Json::value_t::array);
    if (!list) return out;
    for (const auto& g : *list) {
      if (!g.is_array() || g.size() < 2) return fail(name, "each group needs two or more words"), out;
      std::vector<std::string> words;
      if (!word_list(name, g, "a group", false, words)) return out;
      out.push_back(std::move(words));
    }
    return out;
  }

  std::vector<Honorific> honorifics(const char* name) {
    std::vector<Honorific> out;
    const Json* list = member(name, "entries", Json::value_t::array);
    if (!list) return out;
    for (const auto& e : *list) {
      if (!e.is_object() || !e.contains("written") || !e["written"].is_string() || !e.contains("spoken") ||
          !e["spoken"].is_array() || e["spoken"].empty())
        return fail(name, "each entry needs 'written' and a non-empty 'spoken' list"), out;
      Honorific h;
      h.written = e["written"].get<std::string>();
      if (!word_list(name, e["spoken"], "'spoken'", false, h.spoken)) return out;
      out.push_back(std::move(h));
    }
    return out;
  }

  std::vector<UnitEntry> units(const char* name) {
    std::vector<UnitEntry> out;
    const Json* list = member(name, "entries", Json::value_t::array);
    if (!list) return out;
    for (const auto& e : *list) {
      if (!e.is_object() || !e.contains("id") || !e["id"].is_string() || e["id"].get<std::string>().empty())
        return fail(name, "each entry needs an 'id'"), out;
      UnitEntry u;
      u.id = e["id"].get<std::string>();
      const std::string where = fmt::format("unit '{}'", u.id);
      if (!e.contains("dimension") || !e["dimension"].is_string() ||
          std::find(std::begin(kUnitDimensions), std::end(kUnitDimensions), e["dimension"].get<std::string>()) ==
              std::end(kUnitDimensions))
        return fail(name, where + fmt::format(" needs a 'dimension' of: {}", fmt::join(kUnitDimensions, ", "))), out;
      u.dimension = e["dimension"].get<std::string>();
      if (!e.contains("factor") || !e["factor"].is_number() || e["factor"].get<double>() <= 0)
        return fail(name, where + " needs a positive 'factor'"), out;
      u.factor = e["factor"].get<double>();
      if (e.contains("offset")) {
        if (!e["offset"].is_number()) return fail(name, where + ": 'offset' must be a number"), out;
        u.offset = e["offset"].get<double>();
      }
      if (e.contains("then")) {
        if (!e["then"].is_string()) return fail(name, where + ": 'then' must be a unit id"), out;
        u.then = e["then"].get<std::string>();
      }
      for (auto [key, dest] : {std::pair{"words", &u.words}, std::pair{"weak", &u.weak}, std::pair{"minor", &u.minor}}) {
        if (!e.contains(key)) continue;
        if (!e[key].is_array()) return fail(name, where + fmt::format(": '{}' must be a list", key)), out;
        if (!word_list(name, e[key], where + fmt::format(": '{}'", key), true, *dest)) return out;
      }
      if (u.words.empty()) return fail(name, where + " needs at least one word"), out;
      out.push_back(std::move(u));
    }
    // "then" names a smaller unit of the same dimension listed in the group.
    for (const auto& u : out) {
      if (u.then.empty()) continue;
      const auto smaller = std::find_if(out.begin(), out.end(), [&](const UnitEntry& o) { return o.id == u.then; });
      if (smaller == out.end() || smaller->dimension != u.dimension || smaller->factor >= u.factor)
        return fail(name, fmt::format("unit '{}': 'then' must name a smaller unit of the same dimension", u.id)), out;
    }
    return out;
  }

 private:
  // Appends the checked words of JSON array `list` to `dest`; false when an entry is not text.
  bool word_list(const char* name, const Json& list, const std::string& what, bool phrases,
                 std::vector<std::string>& dest) {
    for (const auto& w : list) {
      if (!w.is_string()) return fail(name, what + " holds something other than words"), false;
      check_word(name, w.get<std::string>(), phrases);
      dest.push_back(w.get<std::string>());
    }
    return true;
  }

  void fail(const char* group, const std::string& what) {
    if (error_.empty()) error_ = fmt::format("group '{}': {}", group, what);
  }

  // The group's `key` member of the given JSON type, after checking the group and its "about".
  const Json* member(const char* name, const char* key, Json::value_t type) {
    used_.insert(name);
    auto it = groups_.find(name);
    if (it == groups_.end()) return fail(name, "is missing (the code reads it)"), nullptr;
    if (!it->is_object()) return fail(name, "must be an object"), nullptr;
    auto about = it->find("about");
    if (about == it->end() || !about->is_string() || about->get<std::string>().empty())
      return fail(name, "needs an 'about' line saying what it is for"), nullptr;
    auto m = it->find(key);
    if (m == it->end() || m->type() != type)
      return fail(name, fmt::format("needs '{}' ({})", key, type == Json::value_t::object ? "an object" : "a list")),
             nullptr;
    if (m->empty()) return fail(name, fmt::format("'{}' is empty", key)), nullptr;
    return &*m;
  }

  std::vector<std::string> strings(const char* name, const char* key, bool phrases) {
    std::vector<std::string> out;
    const Json* list = member(name, key, Json::value_t::array);
    if (!list) return out;
    for (const auto& w : *list) {
      if (!w.is_string()) return fail(name, "holds something other than text"), out;
      check_word(name, w.get<std::string>(), phrases);
      if (std::find(out.begin(), out.end(), w.get<std::string>()) != out.end())
        fail(name, fmt::format("lists '{}' twice", w.get<std::string>()));
      out.push_back(w.get<std::string>());
    }
    return out;
  }

  // Entries are matched against folded text: lowercase, single spaces between words.
  void check_word(const char* name, const std::string& w, bool phrase) {
    if (w.empty() || w.front() == ' ' || w.back() == ' ' || w.find("  ") != std::string::npos)
      return fail(name, fmt::format("'{}' has empty, leading, trailing or double spaces", w));
    if (!phrase && w.find(' ') != std::string::npos)
      return fail(name, fmt::format("'{}' must be one word (this group holds words, not phrases)", w));
    if (std::any_of(w.begin(), w.end(), [](char c) { return c >= 'A' && c <= 'Z'; }))
      return fail(name, fmt::format("'{}' must be lowercase", w));
  }

  static Phrase split_words(const std::string& p) {
    Phrase out;
    size_t start = 0;
    for (size_t i = 0; i <= p.size(); ++i)
      if (i == p.size() || p[i] == ' ') out.push_back(p.substr(start, i - start)), start = i + 1;
    return out;
  }

  const Json& groups_;
  std::string error_;
  std::set<std::string> used_;
};

}  // namespace

Expected<LexiconData> parse_lexicon_data(std::string_view json_text) {
  Json doc = Json::parse(json_text, nullptr, false);
  if (doc.is_discarded()) return Error::internal("lexicon data: not valid JSON");
  if (!doc.is_object() || !doc.contains("groups") || !doc["groups"].is_object())
    return Error::internal("lexicon data: needs an object 'groups'");
  Reader r(doc["groups"]);
  LexiconData d;
  d.digit_words = r.ordered("digit_words", 10);
  d.teen_words = r.ordered("teen_words", 10);
  d.tens_words = r.ordered("tens_words", 8);
  d.digit_ordinals = r.ordered("digit_ordinals", 10);
  d.teen_ordinals = r.ordered("teen_ordinals", 10);
  d.tens_ordinals = r.ordered("tens_ordinals", 8);
  d.scale_words = r.values("scale_words");
  d.scale_ordinals = r.values("scale_ordinals");
  d.repeat_words = r.values("repeat_words");
  d.frequency_words = r.values("frequency_words");
  d.level_words = r.values("level_words", true);
  d.rate_openers = r.words("rate_openers");
  d.rate_articles = r.words("rate_articles");
  d.rate_periods = r.words("rate_periods");
  d.spoken_zero = r.words("spoken_zero");
  d.month_names = r.ordered("month_names", 12);
  d.weekday_names = r.ordered("weekday_names", 7);
  d.spelling_alphabet = r.ordered("spelling_alphabet", 26);
  d.spoken_dashes = r.words("spoken_dashes");
  d.past_date_words = r.words("past_date_words");
  d.future_date_words = r.words("future_date_words");
  d.past_event_words = r.words("past_event_words");
  d.hedges = r.words("hedges");
  d.abbreviations = r.words("abbreviations");
  d.numeral_abbreviations = r.words("numeral_abbreviations");
  d.honorifics = r.honorifics("honorifics");
  d.negators = r.words("negators");
  d.negator_suffixes = r.words("negator_suffixes");
  d.negator_prefixes = r.words("negator_prefixes");
  d.negative_states = r.words("negative_states");
  d.zero_quantifiers = r.phrases("zero_quantifiers");
  d.problem_words = r.words("problem_words");
  d.fine_states = r.words("fine_states");
  d.upper_bound_words = r.words("upper_bound_words");
  d.range_connectors = r.words("range_connectors");
  d.range_openers = r.words("range_openers");
  d.singular_articles = r.words("singular_articles");
  d.record_imperatives = r.words("record_imperatives");
  d.ceiling_openers = r.phrases("ceiling_openers");
  d.ceiling_markers = r.phrases("ceiling_markers");
  d.zero_count_bridges = r.words("zero_count_bridges");
  d.added_count_words = r.words("added_count_words");
  d.partitive_heads = r.phrases("partitive_heads");
  d.defect_states = r.words("defect_states");
  d.group_count_tails = r.phrases("group_count_tails");
  d.people_count_words = r.words("people_count_words");
  d.distributive_words = r.words("distributive_words");
  d.pronoun_numbers = r.words("pronoun_numbers");
  d.pronoun_number_openers = r.words("pronoun_number_openers");
  d.past_tense_markers = r.words("past_tense_markers");
  d.plan_markers = r.words("plan_markers");
  d.negation_bridges = r.words("negation_bridges");
  d.yes_words = r.words("yes_words");
  d.day_deictics = r.words("day_deictics");
  d.relative_day_words = r.words("relative_day_words");
  d.no_words = r.words("no_words");
  d.question_tags = r.words("question_tags");
  d.affirmations = r.words("affirmations");
  d.uncertain_words = r.words("uncertain_words");
  d.uncertain_phrases = r.phrases("uncertain_phrases");
  d.hypothetical_markers = r.words("hypothetical_markers");
  d.guideline_conditions = r.words("guideline_conditions");
  d.offer_markers = r.phrases("offer_markers");
  d.morning_words = r.words("morning_words");
  d.afternoon_words = r.words("afternoon_words");
  d.clock_openers = r.words("clock_openers");
  d.present_deictics = r.words("present_deictics");
  d.clock_suffixes = r.words("clock_suffixes");
  d.clock_relations = r.words("clock_relations");
  d.arranged_time_verbs = r.words("arranged_time_verbs");
  d.period_start_words = r.words("period_start_words");
  d.period_end_words = r.words("period_end_words");
  d.place_or_company_openers = r.words("place_or_company_openers");
  d.list_announcements = r.words("list_announcements");
  d.time_span_joiners = r.words("time_span_joiners");
  d.span_edge_words = r.words("span_edge_words");
  d.total_markers = r.phrases("total_markers");
  d.military_time_phrases = r.phrases("military_time_phrases");
  d.question_openers = r.phrases("question_openers");
  d.spoken_clause_openers = r.words("spoken_clause_openers");
  d.clause_joiners = r.words("clause_joiners");
  d.turn_responses = r.words("turn_responses");
  d.question_auxiliaries = r.words("question_auxiliaries");
  d.question_subjects = r.words("question_subjects");
  d.open_question_words = r.words("open_question_words");
  d.greetings = r.words("greetings");
  d.self_reference_words = r.words("self_reference_words");
  d.third_party_references = r.words("third_party_references");
  d.full_name_phrases = r.phrase_set("full_name_phrases");
  d.rank_titles = r.words("rank_titles");
  d.side_prepositions = r.words("side_prepositions");
  d.holiday_heads = r.words("holiday_heads");
  d.possession_verbs = r.words("possession_verbs");
  d.recording_verbs = r.words("recording_verbs");
  d.recording_links = r.words("recording_links");
  d.name_markers = r.words("name_markers");
  d.staff_words = r.words("staff_words");
  d.organisation_words = r.words("organisation_words");
  d.organisation_heads = r.words("organisation_heads");
  d.organisation_openers = r.words("organisation_openers");
  d.name_connectors = r.words("name_connectors");
  d.affiliation_words = r.words("affiliation_words");
  d.affiliation_openers = r.words("affiliation_openers");
  d.street_words = r.words("street_words");
  d.dwelling_unit_words = r.words("dwelling_unit_words");
  d.job_title_words = r.words("job_title_words");
  d.model_words = r.words("model_words");
  d.medicine_words = r.words("medicine_words");
  d.name_particles = r.words("name_particles");
  d.correction_markers = r.phrases("correction_markers");
  d.retraction_markers = r.phrases("retraction_markers");
  d.clock_now_phrases = r.phrases("clock_now_phrases");
  d.count_questions = r.phrases("count_questions");
  d.rejection_markers = r.phrases("rejection_markers");
  d.revision_markers = r.phrases("revision_markers");
  d.contrast_markers = r.phrases("contrast_markers");
  d.tail_markers = r.phrases("tail_markers");
  d.age_words = r.words("age_words");
  d.hyphen_format_phrases = r.phrases("hyphen_format_phrases");
  d.first_reading_words = r.words("first_reading_words");
  d.date_type_words = r.words("date_type_words");
  d.time_type_words = r.words("time_type_words");
  d.age_openers = r.words("age_openers");
  d.age_subjects = r.words("age_subjects");
  d.age_tails = r.words("age_tails");
  d.change_openers = r.phrases("change_openers");
  d.guideline_empty_markers = r.phrases("guideline_empty_markers");
  d.whole_number_phrases = r.phrases("whole_number_phrases");
  d.decimal_words = r.words("decimal_words");
  d.fillers = r.phrases("fillers");
  d.stopwords = r.words("stopwords");
  d.linking_words = r.words("linking_words");
  d.determiners = r.words("determiners");
  d.clause_openers = r.words("clause_openers");
  d.subject_pronouns = r.words("subject_pronouns");
  d.auxiliary_verbs = r.words("auxiliary_verbs");
  d.dangling_words = r.words("dangling_words");
  d.courtesy_words = r.words("courtesy_words");
  d.verb_particles = r.words("verb_particles");
  d.place_heads = r.words("place_heads");
  d.support_verbs = r.words("support_verbs");
  d.doctor_roles = r.words("doctor_roles");
  d.copulas = r.words("copulas");
  d.list_joiners = r.phrases("list_joiners");
  d.list_restarts = r.words("list_restarts");
  d.list_enders = r.words("list_enders");
  d.list_additions = r.phrases("list_additions");
  d.list_comment_openers = r.words("list_comment_openers");
  d.list_idioms = r.phrases("list_idioms");
  d.aside_openers = r.words("aside_openers");
  d.first_person_subjects = r.words("first_person_subjects");
  d.done_forms = r.words("done_forms");
  d.acknowledgements = r.phrases("acknowledgements");
  d.place_welcomes = r.phrases("place_welcomes");
  d.plan_phrases = r.phrases("plan_phrases");
  d.present_scope_words = r.words("present_scope_words");
  d.record_phrases = r.phrases("record_phrases");
  d.readback_phrases = r.phrases("readback_phrases");
  d.reference_day_phrases = r.phrases("reference_day_phrases");
  d.document_words = r.words("document_words");
  d.list_alternatives = r.phrases("list_alternatives");
  d.item_openers = r.words("item_openers");
  d.item_removers = r.words("item_removers");
  d.collective_words = r.words("collective_words");
  d.opener_idioms = r.phrases("opener_idioms");
  d.colour_field_words = r.words("colour_field_words");
  d.colour_words = r.words("colour_words");
  d.colour_shades = r.words("colour_shades");
  d.restrictive_adverbs = r.words("restrictive_adverbs");
  d.self_introductions = r.phrases("self_introductions");
  d.answering_tails = r.words("answering_tails");
  d.second_person_questions = r.phrases("second_person_questions");
  d.place_prepositions = r.words("place_prepositions");
  d.locative_prepositions = r.phrases("locative_prepositions");
  d.item_place_prepositions = r.words("item_place_prepositions");
  d.place_name_prepositions = r.words("place_name_prepositions");
  d.not_place_words = r.words("not_place_words");
  d.pair_separators = r.words("pair_separators");
  d.naming_words = r.words("naming_words");
  d.topic_words = r.words("topic_words");
  d.person_words = r.words("person_words");
  d.animal_words = r.words("animal_words");
  d.identifier_words = r.words("identifier_words");
  d.place_words = r.words("place_words");
  d.building_words = r.words("building_words");
  d.street_field_words = r.words("street_field_words");
  d.generic_cue_words = r.words("generic_cue_words");
  d.derivational_suffixes = r.words("derivational_suffixes");
  d.synonyms = r.word_groups("synonyms");
  d.kinds = r.word_groups("kinds");
  d.verb_forms = r.word_groups("verb_forms");
  d.unmarked_contractions = r.word_groups("unmarked_contractions");
  d.empty_values = r.phrase_set("empty_values");
  d.nothing_values = r.phrase_set("nothing_values");
  d.nothing_openers = r.words("nothing_openers");
  d.nothing_filler_words = r.words("nothing_filler_words");
  d.units = r.units("units");
  if (!r.error().empty()) return Error::internal("lexicon data: " + r.error());
  for (const auto& [name, group] : doc["groups"].items())
    if (!r.used().count(name))
      return Error::internal(fmt::format("lexicon data: group '{}' is not read by the code (remove it, or add "
                                         "it to src/core/lexicon_data.cpp)",
                                         name));
  return d;
}

const LexiconData& lexicon_data() {
  static const LexiconData data = [] {
    auto parsed = parse_lexicon_data(builtin_lexicon_json());
    if (!parsed) throw std::runtime_error("invox was built with a broken src/core/lexicon.json: " + parsed.error().message);
    return std::move(*parsed);
  }();
  return data;
}

}  // namespace invox::lexicon
