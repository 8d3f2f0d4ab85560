#pragma once
// Times of day in conversation: the half of the day a clock time said without am/pm belongs
// to, and clock times that no label names ("I'm here at half past two", "It's ten past
// eleven, I'm heading out") given to the form's time fields that nothing else filled.
#include <optional>
#include <vector>

#include "extract/rules/scan.hpp"

namespace invox::rules {

// Minutes after midnight of a clock-time candidate ("14:30" -> 870); nullopt for another value.
[[nodiscard]] std::optional<int> minutes_of(const FieldCandidate& c);

// "three oh five" -> 15:05 when nothing says am/pm: the nearest earlier day-part word decides
// ("this afternoon", "Morning."); without one, hours 1-6 are afternoon hours (a working day).
// Times said with am/pm, in 24-hour form ("oh nine twenty", "nineteen ten") or as noon stay.
void infer_day_half(const Scan& s, FieldCandidate& c);

enum class PeriodRole { None, Start, End };

// "Start time" opens a period, "Finish time" closes one (lexicon period_start_words,
// period_end_words, read in the field's id and label).
[[nodiscard]] PeriodRole period_role(const Field& f);

// "Kicked off at six thirty ... finished at three": a time field that opens a period (lexicon
// period_start_words in its id or label) comes before one that closes it; when a guessed half
// of the day breaks that order, the guessed time takes the other half (06:30, 15:00).
void order_periods(const Scan& s, std::vector<std::vector<FieldCandidate>>& ranked);

// Time fields without a candidate (or with only weaker guesses) take, in template order, the
// clock times said after a clock opener ("at", "it's") or marked as times ("ten past nine",
// "7:50 a.m.") that no field's best candidate uses, in transcript order; not a time said with
// a later day ("tomorrow at ten"), and a time after "until" only for a field that ends a period.
void assign_unlabeled_times(const Scan& s, std::vector<std::vector<FieldCandidate>>& ranked);

}  // namespace invox::rules
