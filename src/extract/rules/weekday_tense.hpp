#pragma once
// A weekday said alone ("Tuesday") is read as the next such day. When its sentence, or the
// question it answers, is in the past tense ("since Friday", "When did that start? -
// Tuesday"), the speaker means the most recent one.
#include "extract/rules/scan.hpp"

namespace invox::rules {

// Moves a date candidate read from a bare weekday a week back when it lies after the
// reference date and a past-tense word (lexicon `past_tense_markers`) comes before it in its
// sentence or in the question its cue sits in, or whatever the tense when `past_event` says the
// date is of something that already happened ("a pipe burst on Saturday" for the loss date).
void place_weekday_in_past(const Scan& s, FieldCandidate& c, bool past_event = false);

// "Safety check, Thu, 07:45" said on a Thursday, for a field its guidelines date today
// (FieldLexicon::dated_today): a bare weekday naming the reference day's weekday is that day,
// not the same weekday a week on.
void place_weekday_today(const Scan& s, FieldCandidate& c);

}  // namespace invox::rules
