#pragma once
// Library entry of the rules engine, independent of the Extractor interface so tests and
// tools can run it on raw text.
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "extract/rules/cue_lexicon.hpp"
#include "invox/extractor.hpp"

namespace invox::rules {

struct EngineParams {
  double keep_ratio = 0.8;  // candidates scoring >= ratio * best compete; the last one wins
  size_t max_examples = 5;
  // Date the form's event today when the transcript does not (off for incremental updates,
  // where the form already has its date).
  bool imply_event_date = true;
  // Id of a text field that, when no cue finds it, takes the phrase the text opens with: the
  // name a record of a repeating group is said by ("Stretch wrap, code S W dash 500, ...").
  // Empty: off (a whole form's opening words are not a field's value).
  std::string lead_field;
  // A number field no cue finds takes the first number said that no other field holds ("hex
  // bolts, forty cases"): right for a record of a list, where the text is one short clause.
  bool unlabeled_numbers = false;
  // A medicine field no cue finds takes the word said right before a dose ("metformin, five
  // hundred milligrams"); off for a group's record, whose spans split the talk around doses.
  bool dosed_medicines = true;
  // The one person field nothing filled takes the one full name no field holds (see
  // remaining_names.hpp); off for incremental updates, where the form may already hold that
  // person, and for a group's record, whose people are the group's.
  bool names_by_elimination = true;
  // Byte offsets in the text after which the speaker paused (pause_breaks below).
  // In recognizer text without sentence punctuation a pause ends the sentence, so a value does
  // not run into the next one ("allergies penicillin <pause> temperature ...").
  std::vector<size_t> pause_breaks;
};

// Byte offsets in a recognizer transcript's text after which the recording has a silence of at
// least `min_pause_s` before the next segment (segment ends located by util::locate_pieces).
[[nodiscard]] std::vector<size_t> pause_breaks(const Transcript& transcript, double min_pause_s);

// Candidates for every field of `tmpl` that `text` mentions, keyed by field id.
[[nodiscard]] std::map<std::string, Candidate> extract_all(const Template& tmpl, std::string_view text,
                                                           const std::vector<FewShot>& examples,
                                                           const NormalizeContext& ctx,
                                                           const EngineParams& params = {});
// The same with the template's lexicon already built (build_lexicon(tmpl)), so a run over many
// inputs of one template builds it once (the lexicon points into `tmpl`: same template only).
[[nodiscard]] std::map<std::string, Candidate> extract_all(const Lexicon& lexicon, std::string_view text,
                                                           const std::vector<FewShot>& examples,
                                                           const NormalizeContext& ctx,
                                                           const EngineParams& params = {});

}  // namespace invox::rules
