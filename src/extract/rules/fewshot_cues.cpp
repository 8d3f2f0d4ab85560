#include "extract/rules/fewshot_cues.hpp"

#include <algorithm>
#include <optional>

#include "extract/rules/lexical_data.hpp"
#include "extract/rules/transcript_tokens.hpp"
#include "extract/rules/word_forms.hpp"
#include "util/strings.hpp"

namespace invox::rules {

namespace {
// First token where the words of `phrase` occur in order.
std::optional<size_t> find_words(const TokenizedText& tt, const std::string& phrase) {
  auto want = tokenize(phrase);
  if (want.tokens.empty()) return std::nullopt;
  const auto& toks = tt.tokens;
  for (size_t i = 0; i + want.tokens.size() <= toks.size(); ++i) {
    bool ok = true;
    for (size_t k = 0; k < want.tokens.size() && ok; ++k) ok = stems_match(toks[i + k].stem, want.tokens[k].stem);
    if (ok) return i;
  }
  return std::nullopt;
}

std::optional<size_t> find_value(const TokenizedText& tt, const FieldLexicon& fl, const Json& v,
                                 const NormalizeContext& ctx) {
  const Field& f = *fl.field;
  switch (f.type) {
    case FieldType::Text:
      if (v.is_string()) return find_words(tt, v.get<std::string>());
      return std::nullopt;
    case FieldType::Textarea: {
      if (!v.is_string()) return std::nullopt;
      auto items = util::split(v.get<std::string>(), ',');
      return items.empty() ? std::nullopt : find_words(tt, util::trim(items[0]));
    }
    case FieldType::Enum: {
      if (!v.is_string()) return std::nullopt;
      if (auto at = find_words(tt, v.get<std::string>())) return at;
      for (const auto& vp : fl.values)
        if (vp.value == v)
          if (auto at = find_words(tt, vp.phrase.text)) return at;
      return std::nullopt;
    }
    case FieldType::Boolean:
      return std::nullopt;
    default:
      for (size_t i = 0; i < tt.tokens.size(); ++i) {
        auto p = parse_value_prefix(tt.text.substr(tt.tokens[i].begin), f, ctx);
        if (!p || p->value.is_null()) continue;
        auto n = normalize_value_for_field(p->value, f, ctx);
        if (values_match(v, n.value, f)) return i;
      }
      return std::nullopt;
  }
}

bool used_elsewhere(const Lexicon& lex, size_t field, const std::vector<std::string>& stems) {
  for (size_t f = 0; f < lex.fields.size(); ++f) {
    for (const auto& c : lex.fields[f].cues) {
      if (c.phrase.stems == stems) return true;  // already known (here or elsewhere)
      if (f != field && stems.size() == 1 && c.phrase.stems.size() == 1 && stems_match(c.phrase.stems[0], stems[0]))
        return true;
    }
    for (const auto& vp : lex.fields[f].values)
      if (vp.phrase.stems == stems) return true;
  }
  return false;
}
}  // namespace

size_t learn_cues(Lexicon& lex, const std::vector<FewShot>& examples, const NormalizeContext& ctx,
                  const LearnParams& params) {
  size_t learned = 0;
  for (const auto& ex : examples) {
    if (!ex.expected.is_object() || ex.transcript.empty()) continue;
    auto tt = tokenize(ex.transcript);
    for (size_t f = 0; f < lex.fields.size(); ++f) {
      auto& fl = lex.fields[f];
      auto it = ex.expected.find(fl.field->id);
      if (it == ex.expected.end() || it->is_null()) continue;
      auto at = find_value(tt, fl, *it, ctx);
      if (!at || *at == 0) continue;
      // Up to `max_cue_words` words before the value, same clause, no numbers or fillers.
      std::vector<std::string> stems;
      size_t i = *at;
      while (i > 0 && stems.size() < params.max_cue_words) {
        const Token& t = tt.tokens[i - 1];
        if (t.after == Break::Sentence || (t.after == Break::Comma && i != *at)) break;
        if (t.filler) {
          --i;
          continue;
        }
        if (says_number(t)) break;
        if (stems.empty() && is_linking_word(t.norm)) {
          --i;
          continue;
        }
        stems.insert(stems.begin(), t.stem);
        --i;
      }
      if (stems.empty()) continue;
      bool content = std::any_of(stems.begin(), stems.end(), [](const std::string& s) { return !is_stopword(s); });
      if (!content || used_elsewhere(lex, f, stems)) continue;
      Cue cue;
      cue.phrase.stems = stems;
      cue.phrase.text = util::join(stems, " ");
      cue.strength = params.strength;
      cue.learned = true;
      fl.cues.push_back(cue);
      ++learned;
    }
  }
  return learned;
}

}  // namespace invox::rules
