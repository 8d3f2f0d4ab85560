#include "extract/rules/group_reader.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <set>

#include "extract/rules/cue_lexicon.hpp"
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

  Reader(const GroupSpec& s, std::string_view t, const NormalizeContext& c) : spec(s), text(t), ctx(c) {
    form.id = "group";
    form.fields = spec.fields;
    lex = build_lexicon(form);
    tt = tokenize(text);
    item_stems = item_words(spec.names);
    for (const auto& f : lex.fields)
      for (const auto& cue : f.cues)
        for (const auto& st : cue.phrase.stems) cue_stems.insert(st);
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
  ReadRecord read_unit(size_t first, size_t last) const {
    ReadRecord out;
    if (first >= last) return out;
    size_t begin = tt.tokens[first].begin, end = tt.tokens[last - 1].end;
    EngineParams params;
    params.imply_event_date = false;
    auto all = extract_all(lex, text.substr(begin, end - begin), {}, ctx, params);
    for (auto& [id, c] : all) {
      if (c.value.is_null()) continue;
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

  // Enough to stand as a record of its own: every required sub-field and one more value.
  bool stands_alone(const ReadRecord& said) const {
    for (const Field& f : spec.fields)
      if (f.required && !said.contains(f.id)) return false;
    return said.size() >= 2;
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

  void run() {
    constexpr size_t kNone = SIZE_MAX;
    size_t focus = kNone;  // the record the talk is about
    bool pending = false;         // an opener without values yet ("First line?")
    ReadRecord shared;            // values said of every record
    for (const ItemUnit& u : split_item_units(tt, item_stems)) {
      ReadRecord said = read_unit(u.first, u.last);
      auto refs = referred(u);
      if (u.removes && !refs.empty()) {
        std::sort(refs.rbegin(), refs.rend());
        for (size_t r : refs) records.erase(records.begin() + static_cast<long>(r));
        focus = kNone;
        changed = true;
        continue;
      }
      if (u.opens_item) {
        if (said.empty()) {
          pending = true;
        } else {
          focus = open(said, u);
          pending = false;
        }
        continue;
      }
      if (said.empty()) {
        if (refs.size() == 1) focus = refs[0];
        continue;
      }
      if (pending) {
        focus = open(said, u);
        pending = false;
        continue;
      }
      if (refs.empty() && u.collective && !stands_alone(said)) {
        for (const auto& [id, v] : said) shared[id] = v;
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
      if (stands_alone(said)) focus = open(said, u);
    }
    for (Record& r : records)
      for (const auto& [id, v] : shared)
        if (!r.values.contains(id)) r.values[id] = v;
  }
};
}  // namespace

GroupReading read_group(const GroupSpec& spec, std::string_view text, const NormalizeContext& ctx,
                        const Json& current) {
  Reader reader(spec, text, ctx);
  reader.load_current(current);
  reader.run();
  GroupReading out;
  out.changed = reader.changed;
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
