#include "extract/rules/group_reader.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <set>

#include "extract/rules/cue_lexicon.hpp"
#include "extract/rules/group_colours.hpp"
#include "extract/rules/group_items.hpp"
#include "extract/rules/lexical_data.hpp"
#include "extract/rules/rules_engine.hpp"
#include "extract/rules/transcript_tokens.hpp"

namespace invox::rules {

namespace {
struct Record {
  ReadRecord values;
  std::set<std::string> keys;  // stems that name this record ("hotel", "rowan", "stretch")
};

struct Reader {
  const GroupSpec& spec;
  std::string_view text;
  const NormalizeContext& ctx;
  Template form;  // the sub-fields as a form, for the scalar engine
  Lexicon lex;
  TokenizedText tt;
  std::set<std::string> item_stems;
  std::set<std::string> cue_stems;  // words that announce a sub-field: never a record's name
  std::vector<Record> records;
  bool changed = false;
  std::vector<std::pair<size_t, size_t>> claimed;  // byte ranges the form's other fields hold
  std::string lead_field;  // the sub-field a record is named by when no cue says it
  bool lead_is_person = false;
  std::vector<std::string> colour_fields;  // text sub-fields whose id or label says colour

  Reader(const GroupSpec& s, std::string_view t, const NormalizeContext& c) : spec(s), text(t), ctx(c) {
    form.id = "group";
    form.fields = spec.fields;
    lex = build_lexicon(form);
    tt = tokenize(text);
    item_stems = item_words(spec.names);
    for (const auto& f : lex.fields)
      for (const auto& cue : f.cues)
        for (const auto& st : cue.phrase.stems) cue_stems.insert(st);
    for (const auto& f : lex.fields)
      if (f.field->type == FieldType::Text && f.field->required && !f.code_like) {
        lead_field = f.field->id;
        break;
      }
    for (const auto& f : lex.fields)
      if (lead_field.empty() && f.field->type == FieldType::Text && f.person_name) lead_field = f.field->id;
    for (const auto& f : lex.fields)
      if (f.field->id == lead_field) lead_is_person = f.person_name;
    colour_fields = rules::colour_fields(spec.fields);
  }

  bool claimed_at(size_t byte) const {
    for (const auto& [b, e] : claimed)
      if (byte >= b && byte < e) return true;
    return false;
  }

  bool names_record(const Token& t) const {
    return !t.filler && !t.speaker && !t.has_digit && t.norm.size() > 2 && !is_stopword(t.norm) &&
           !is_number_word(t.norm) && !is_negation_word(t.norm) && !cue_stems.contains(t.stem) &&
           !item_stems.contains(t.stem) && !words().item_removers.contains(t.norm) &&
           !words().item_openers.contains(t.norm) && !ordinal_position(t.norm);
  }

  void add_keys(Record& r, size_t first, size_t last) const {
    for (size_t i = first; i < last; ++i)
      if (names_record(tt.tokens[i])) r.keys.insert(tt.tokens[i].stem);
  }

  void add_value_keys(Record& r) const {
    for (const auto& [id, v] : r.values) {
      if (!v.value.is_string()) continue;
      auto vt = tokenize(v.value.get<std::string>());
      for (const auto& t : vt.tokens)
        if (names_record(t)) r.keys.insert(t.stem);
    }
  }

  // Sub-values said in tokens [first, last), read by the scalar engine on that text alone.
  // The unit's sub-values as cues and value words give them (`said`), and as a new record
  // would have them (`fresh`): also its name from its opening words and numbers no cue names,
  // guesses from position that never change a record already there.
  void read_unit(const ItemUnit& u, ReadRecord& said, ReadRecord& fresh) const {
    said = read_span(u.first, u.last, {}, false);
    fresh = read_span(u.first, u.last, {}, true);
    for (const std::string& id : colour_fields)
      if (!said.contains(id))
        if (auto colour = read_colour(u)) {
          said.emplace(id, *colour);
          fresh.emplace(id, *colour);
        }
    if (!lead_field.empty() && !fresh.contains(lead_field))
      if (auto lead = read_lead(u)) fresh.emplace(lead_field, *lead);
  }

  // The record's name from the unit's opening words. A person is named by a full name where
  // one is said in the first clauses ("the blue car's driver, Ann Lee, not hurt"), else by
  // what opens the record.
  std::optional<SubValue> read_lead(const ItemUnit& u) const {
    constexpr size_t kClauses = 5;
    size_t start = record_words_start(tt, u, item_stems);
    std::optional<SubValue> first;
    for (size_t i = start, clauses = 0; i < u.last && clauses < kClauses; ++i) {
      if (i > start && tt.tokens[i - 1].after != Break::Comma && tt.tokens[i - 1].after != Break::Sentence) continue;
      ++clauses;
      while (i < u.last && (tt.tokens[i].speaker || tt.tokens[i].filler)) ++i;  // "Nurse:" names no record
      if (i >= u.last) break;
      auto read = read_span(i, u.last, lead_field, true);
      auto it = read.find(lead_field);
      if (it == read.end() || !it->second.value.is_string()) continue;
      if (!first) first = it->second;
      if (!lead_is_person || !tt.cased) break;
      if (tokenize(it->second.value.get<std::string>()).tokens.size() >= 2) return it->second;
    }
    return first;
  }

  std::optional<SubValue> read_colour(const ItemUnit& u) const {
    constexpr double kColourConfidence = 0.6;
    auto said = first_colour(tt, u.first, u.last, [&](const Token& t) { return !claimed_at(t.begin); });
    if (!said) return std::nullopt;
    Evidence ev;
    ev.char_begin = tt.tokens[said->first].begin;
    ev.char_end = tt.tokens[said->last - 1].end;
    ev.snippet = std::string(text.substr(*ev.char_begin, *ev.char_end - *ev.char_begin));
    return SubValue{Json(said->value), kColourConfidence, ev};
  }

  ReadRecord read_span(size_t first, size_t last, const std::string& lead, bool guesses) const {
    ReadRecord out;
    if (first >= last) return out;
    size_t begin = tt.tokens[first].begin, end = tt.tokens[last - 1].end;
    EngineParams params;
    params.imply_event_date = false;
    params.lead_field = lead;
    params.unlabeled_numbers = guesses;
    params.dosed_medicines = false;
    params.names_by_elimination = false;
    auto all = extract_all(lex, text.substr(begin, end - begin), {}, ctx, params);
    for (auto& [id, c] : all) {
      if (c.value.is_null()) continue;
      if (c.evidence && c.evidence->char_begin && claimed_at(begin + *c.evidence->char_begin)) continue;
      SubValue v{c.value, c.confidence, c.evidence};
      if (v.evidence) {
        if (v.evidence->char_begin) *v.evidence->char_begin += begin;
        if (v.evidence->char_end) *v.evidence->char_end += begin;
      }
      out.emplace(id, std::move(v));
    }
    return out;
  }

  // Records a unit names: by a word only that record has, or by an ordinal ("the second van").
  std::vector<size_t> referred(const ItemUnit& u) const {
    std::set<size_t> out;
    for (size_t i = u.first; i < u.last; ++i) {
      const Token& t = tt.tokens[i];
      if (auto k = ordinal_position(t.norm); k && i > u.first && words().determiners.contains(tt.tokens[i - 1].norm) &&
                                             *k <= records.size() && i + 1 < u.last && !is_number_word(tt.tokens[i + 1].norm)) {
        out.insert(*k - 1);
        continue;
      }
      if (!names_record(t)) continue;
      std::optional<size_t> only;
      size_t holders = 0;
      for (size_t r = 0; r < records.size(); ++r)
        if (records[r].keys.contains(t.stem)) {
          ++holders;
          only = r;
        }
      if (holders == 1) out.insert(*only);
    }
    return {out.begin(), out.end()};
  }

  // Records a removal withdraws: those named right after its verb ("scratch the coffee",
  // "delete the orange juice line"), not those a later clause of the unit talks about.
  std::vector<size_t> removed(const ItemUnit& u) const {
    constexpr size_t kReach = 6;
    for (size_t i = u.first; i < u.last; ++i) {
      if (!words().item_removers.contains(tt.tokens[i].norm)) continue;
      ItemUnit window = u;
      window.first = i;
      window.last = std::min(u.last, i + kReach);
      auto named = referred(window);
      if (!named.empty()) return named;
    }
    return {};
  }

  static std::string folded(const Json& v) {
    std::string s = v.is_string() ? v.get<std::string>() : v.dump();
    std::string out;
    for (char ch : s)
      if (std::isalnum(static_cast<unsigned char>(ch))) out += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return out;
  }

  static bool conflicts(const ReadRecord& said, const Record& r) {
    for (const auto& [id, v] : said) {
      auto it = r.values.find(id);
      if (it != r.values.end() && folded(it->second.value) != folded(v.value)) return true;
    }
    return false;
  }

  size_t open(const ReadRecord& said, const ItemUnit& u) {
    Record r;
    r.values = said;
    add_keys(r, u.first, u.last);
    add_value_keys(r);
    records.push_back(std::move(r));
    changed = true;
    return records.size() - 1;
  }

  void merge(size_t target, const ReadRecord& said, const ItemUnit& u) {
    Record& r = records[target];
    for (const auto& [id, v] : said) r.values[id] = v;
    add_keys(r, u.first, u.last);
    add_value_keys(r);
    changed = changed || !said.empty();
  }

  void load_current(const Json& current) {
    if (!current.is_array()) return;
    for (const Json& item : current) {
      Record r;
      if (item.is_object())
        for (const auto& [id, v] : item.items())
          if (!v.is_null()) r.values[id] = SubValue{v, 0.9, std::nullopt};
      add_value_keys(r);
      records.push_back(std::move(r));
    }
  }

  // Enough to open a record without an opener: `min_values` values said with cues, and every
  // required sub-field among those of the new record.
  bool stands_alone(const ReadRecord& said, const ReadRecord& fresh, size_t min_values) const {
    for (const Field& f : spec.fields)
      if (f.required && !fresh.contains(f.id)) return false;
    return said.size() >= min_values;
  }

  // The unit opens with a name no record has ("Ezra Wexley, left arm. Nell Aberdour, left
  // arm."; "her passenger, Lotte Mahdavi" after "Shirin Mahdavi"): a new record starts.
  // Only a person's name, in cased text and capitalized, is sure enough from position alone: a
  // description guessed from a turn's first words ("Yeah", "What's on it") is not.
  bool names_new_record(const ReadRecord& fresh) const {
    if (!lead_is_person || !tt.cased) return false;
    auto lead = fresh.find(lead_field);
    if (lead == fresh.end() || !lead->second.value.is_string()) return false;
    auto name = tokenize(lead->second.value.get<std::string>());
    if (name.tokens.empty() || !name.tokens.front().capitalized) return false;
    for (const auto& t : name.tokens) {
      if (!names_record(t)) continue;
      bool held = std::any_of(records.begin(), records.end(), [&](const Record& r) { return r.keys.contains(t.stem); });
      if (!held) return true;
    }
    return false;
  }

  bool mentions_group(const ItemUnit& u) const {
    for (size_t i = u.first; i < u.last; ++i)
      if (item_stems.contains(tt.tokens[i].stem)) return true;
    return false;
  }

  void run() {
    // Before the talk turns to the list, only a unit full of sub-values opens a record; after,
    // two values besides the name do.
    constexpr size_t kValuesOutside = 3;
    constexpr size_t kValuesInside = 2;
    constexpr size_t kNone = SIZE_MAX;
    size_t focus = kNone;  // the record the talk is about
    bool pending = false;  // an opener without values yet ("First line?")
    bool in_list = !records.empty();
    ReadRecord shared;  // values said of every record
    for (const ItemUnit& u : split_item_units(tt, item_stems)) {
      ReadRecord said, fresh;
      read_unit(u, said, fresh);
      auto refs = referred(u);
      in_list = in_list || mentions_group(u) || u.opens_item;
      if (u.removes) {
        auto gone = removed(u);
        if (!gone.empty()) {
          std::sort(gone.rbegin(), gone.rend());
          for (size_t r : gone) records.erase(records.begin() + static_cast<long>(r));
          focus = kNone;
          changed = true;
          // The rest of the clause may change another record ("delete the juice line, and the
          // yogurt is thirty six not forty").
          for (size_t r : referred(u)) merge(r, said, u);
          continue;
        }
      }
      if (u.opens_item || pending) {
        if (fresh.empty()) {
          pending = true;
        } else {
          focus = open(fresh, u);
          pending = false;
        }
        continue;
      }
      if (said.empty()) {
        if (refs.size() == 1) focus = refs[0];
        continue;
      }
      if (refs.empty() && u.collective && !stands_alone(said, fresh, kValuesInside)) {
        for (const auto& [id, v] : said) shared[id] = v;
        continue;
      }
      if (in_list && names_new_record(fresh) && stands_alone(said, fresh, 1)) {
        focus = open(fresh, u);
        in_list = true;
        continue;
      }
      std::vector<size_t> targets = refs;
      if (targets.empty() && focus < records.size()) targets.push_back(focus);
      if (targets.size() > 1) {
        for (size_t t : targets) merge(t, said, u);
        continue;
      }
      if (targets.size() == 1 && (u.corrects || !conflicts(said, records[targets[0]]))) {
        merge(targets[0], said, u);
        focus = targets[0];
        continue;
      }
      if (stands_alone(said, fresh, in_list ? kValuesInside : kValuesOutside)) {
        focus = open(fresh, u);
        in_list = true;
      }
    }
    for (Record& r : records)
      for (const auto& [id, v] : shared)
        if (!r.values.contains(id)) r.values[id] = v;
  }
};
}  // namespace

GroupReading read_group(const GroupSpec& spec, std::string_view text, const NormalizeContext& ctx,
                        const Json& current, const std::vector<std::pair<size_t, size_t>>& claimed) {
  Reader reader(spec, text, ctx);
  reader.claimed = claimed;
  reader.load_current(current);
  reader.run();
  GroupReading out;
  out.changed = reader.changed;
  if (!current.is_array() && says_none(reader.tt, reader.item_stems)) {
    // "Zero doses given ... Log it under my name, Ann Lee": with the list said to be empty, a
    // record holding a single value (a name guessed from position) is not one.
    std::erase_if(reader.records, [](const auto& r) { return r.values.size() <= 1; });
  }
  if (!reader.records.empty() || current.is_array()) {
    out.records.emplace();
    for (auto& r : reader.records) out.records->push_back(std::move(r.values));
  } else if (says_none(reader.tt, reader.item_stems)) {
    out.records.emplace();
    out.changed = true;
  }
  return out;
}

}  // namespace invox::rules
