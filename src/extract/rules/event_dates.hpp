#pragma once
// Dates no cue led to: the form's own event date (the first date field) and dates that lie
// ahead for a field that names a later day (a recheck, the next pour), and whether a value is
// said with a later day than the reference day ("tomorrow at ten").
#include <string>
#include <vector>

#include "extract/rules/scan.hpp"

namespace invox::rules {

// The reference day ("today") of the request as YYYY-MM-DD; empty when it cannot be read.
[[nodiscard]] std::string reference_day(const Scan& s);

// A date after the reference day is said in the sentence of tokens [first, last) (outside
// them): "see her again tomorrow morning at ten" (a plan, not the form's event).
[[nodiscard]] bool later_day_near(const Scan& s, size_t first, size_t last);

// A day before the reference day is named somewhere in the transcript ("last night, Sunday",
// "yesterday"): a date taken as today because nothing was said for it is then less sure.
[[nodiscard]] bool earlier_day_said(const Scan& s);

// The form's event date (its first date field, unless a birth date) when no cue led to it:
// the first date said that no other date field took, not one that lies ahead of the reference
// day (a plan) or bounds a span ("since yesterday"); with none, today (a form filled while its
// event happens). A date field whose guidelines put a record made as it happens "on the
// reference date" takes today instead, and the first date field then only a day said.
void date_event(const Scan& s, std::vector<std::vector<FieldCandidate>>& ranked);

// Date fields that name a later day (lexicon future_date_words in id or label: next, recheck,
// follow-up, ...) and that no cue filled take a date said after the reference day, in a
// sentence (or the question it answers) that has a word of the field's own cues within 15 tokens
// before it or 8 after it: "I'd like to
// see him back in ten days" for a recheck whose cue is "see him again".
void future_dates(const Scan& s, std::vector<std::vector<FieldCandidate>>& ranked);

}  // namespace invox::rules
