#include "verify/mentions.hpp"

#include <string_view>
#include <vector>

#include "core/lexicon_data.hpp"

namespace invox::verify {
namespace {

// "No adverse reactions", "no known allergies", "without a witness": the mention answers the
// field with "none", so nothing was missed. Up to three words before the name are looked at,
// across determiners and the fillers of "nothing" phrases only ("no signs of pests" is not).
bool negated_before(const std::string& folded, size_t start) {
  const auto& lex = lexicon::lexicon_data();
  std::string_view before(folded.data(), start);
  for (int words = 0; words < 3; ++words) {
    while (!before.empty() && before.back() == ' ') before.remove_suffix(1);
    if (before.empty()) return false;
    const size_t space = before.rfind(' ');
    const std::string_view word = space == std::string_view::npos ? before : before.substr(space + 1);
    if (lex.is_negator(word) || lex.nothing_openers.contains(word)) return true;
    if (!lex.nothing_filler_words.contains(word) && !lex.determiners.contains(word)) return false;
    before = space == std::string_view::npos ? std::string_view{} : before.substr(0, space);
  }
  return false;
}

// The words of the label and aliases worth looking for (see field_talk).
std::vector<std::string> cue_words(const Field& field) {
  constexpr size_t kShortestWord = 4;
  const auto& lex = lexicon::lexicon_data();
  std::vector<std::string> out;
  std::vector<std::string> names = {field.label};
  names.insert(names.end(), field.aliases.begin(), field.aliases.end());
  for (const auto& name : names) {
    for (auto& w : util::folded_words(name)) {
      if (w.size() < kShortestWord || lex.stopwords.contains(w) || lex.generic_cue_words.contains(w)) continue;
      out.push_back(std::move(w));
    }
  }
  return out;
}

}  // namespace

std::optional<std::string> field_mention(const Field& field, const util::FoldedText& transcript) {
  constexpr size_t kShortestName = 3;
  std::vector<std::string> names;
  if (!field.label.empty()) names.push_back(field.label);
  for (const auto& a : field.aliases) names.push_back(a);
  for (const auto& name : names) {
    const std::string needle = util::fold(name);
    if (needle.size() < kShortestName) continue;
    size_t from = 0;
    while (auto m = util::find_folded(transcript, needle, from, /*whole_words=*/true)) {
      if (!negated_before(transcript.text, m->folded_end - needle.size())) return name;
      from = m->folded_end;
    }
  }
  return std::nullopt;
}

bool shares_stem(std::string_view cue, std::string_view word) {
  constexpr size_t kStem = 5;
  size_t common = 0;
  while (common < cue.size() && common < word.size() && cue[common] == word[common])
    ++common;
  return (common == cue.size() && common == word.size()) || common >= kStem;
}

FieldTalk field_talk(const Field& field, const util::FoldedText& transcript) {
  FieldTalk talk;
  const auto cues = cue_words(field);
  if (cues.empty()) return talk;
  const std::string& text = transcript.text;
  for (size_t start = 0; start < text.size();) {
    size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string_view word(text.data() + start, end - start);
    for (const auto& cue : cues) {
      if (!shares_stem(cue, word)) continue;
      (negated_before(text, start) ? talk.said_none : talk.cue_word) = true;
      break;
    }
    start = end + 1;
  }
  return talk;
}

}  // namespace invox::verify
