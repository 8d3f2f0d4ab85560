#pragma once
// The raw risk signal of a field a run did not set: left empty, or kept at its current value
// (docs/PIPELINE.md "Kept fields"). Omissions are the commonest error of a form that looks
// finished, and an empty field carries no extractor score, so this reads what the transcript
// says about the field. The result is a raw score: a calibration's kept maps turn it into the
// probability that what the field holds (null, or the current value) is right.
#include <vector>

#include "invox/form.hpp"
#include "invox/normalize.hpp"
#include "invox/template.hpp"
#include "invox/values.hpp"
#include "util/text_fold.hpp"

namespace invox::verify {

struct KeptSignals {
  bool carried = false;       // holds its current value (non-null); else it is empty
  bool confirmed = false;     // carried, and the extractor read that same value again (it has evidence)
  bool named = false;         // its label or an alias is said, not negated (field_mention)
  bool cue_word = false;      // a word of its label or aliases is said (same stem), not negated
  bool said_none = false;     // such a word follows a negator or "nothing" opener ("no deficiencies")
  bool free_value = false;    // a date, time or enum option of the field is said outside every value's evidence
  bool conversation = false;  // the transcript is turns of labelled speakers ("Nurse: ...")
  bool repeated = false;      // carried: the current value is found in the new transcript again
  size_t unread_words = 0;    // content words of the transcript that no value's evidence covers
};

// What is computed once per form for every field's signals.
struct KeptForm {
  std::string_view transcript;
  const util::FoldedText* folded = nullptr;  // fold_text(transcript)
  NormalizeContext context;
  std::vector<util::ByteSpan> claimed;  // claimed_spans(form): where the form's values were read
  bool conversation = false;            // has_speaker_turns(transcript)
  size_t unread_words = 0;              // unread_words(transcript, template, claimed)
};

struct KeptInput {
  const Field* field = nullptr;
  const FilledField* filled = nullptr;
  const KeptForm* form = nullptr;
};

[[nodiscard]] KeptSignals kept_signals(const KeptInput& input);

// Combines the signals into a raw score in [0.05, 0.99]: a base by kind (empty, carried,
// confirmed), lowered by each sign that a value was said but not read.
[[nodiscard]] double combine_kept_signals(const KeptSignals& signals);

// Byte spans of every value's evidence in the form (group sub-values included).
[[nodiscard]] std::vector<util::ByteSpan> claimed_spans(const FilledForm& form);

// Content words of `text` (three letters or more; not a stopword, linking word, determiner or
// greeting; not a speaker label; no word of the template's labels or aliases, same stem) that lie
// outside every claimed span: talk from which no value was read. The more there is, the likelier
// an empty field's value is in it.
[[nodiscard]] size_t unread_words(std::string_view text, const Template& tmpl,
                                  const std::vector<util::ByteSpan>& claimed);

// Two or more turns open with the same speaker label ("Agent:", "Tenant 2:") at the start of the
// text or of a sentence.
[[nodiscard]] bool has_speaker_turns(std::string_view text);

}  // namespace invox::verify
