#include "extract/rules/clock_times.hpp"

#include <cstdio>
#include <optional>
#include <string>

#include "extract/rules/lexical_data.hpp"

namespace invox::rules {

namespace {
constexpr size_t kDayPartReach = 60;  // tokens back searched for "morning" / "afternoon"
constexpr int kLastAfternoonHour = 6;  // "at three" in a working day is 15:00
constexpr double kUnlabeledTime = 0.45;

bool day_part_word(const std::string& w, bool* afternoon) {
  if (words().afternoon_words.contains(w)) return *afternoon = true, true;
  if (words().morning_words.contains(w)) return *afternoon = false, true;
  return false;
}

// The day-part word said with the time ("half past two in the afternoon"), if any.
std::optional<bool> said_day_half(const Scan& s, const FieldCandidate& c) {
  constexpr size_t kAfter = 3;
  size_t after = std::min(s.size(), c.last + kAfter);
  for (size_t i = c.first; i < after; ++i) {
    bool afternoon = false;
    if (day_part_word(s.tok(i).norm, &afternoon)) return afternoon;
    if (i >= c.last && s.tok(i).after != Break::None) break;
  }
  return std::nullopt;
}

// Said in 24-hour form: "oh nine twenty", "09:20", "0930".
bool said_24_hour(const Scan& s, const FieldCandidate& c) {
  const Token& first = s.tok(c.first);
  if (words().spoken_zero.contains(first.norm) || first.norm == "zero") return true;
  return first.has_digit && first.raw.size() >= 4 && first.raw[0] == '0';
}
}  // namespace

void infer_day_half(const Scan& s, FieldCandidate& c) {
  if (!c.value.is_string() || c.first >= s.size()) return;
  const std::string v = c.value.get<std::string>();
  int hour = 0, minute = 0;
  if (v.size() != 5 || std::sscanf(v.c_str(), "%d:%d", &hour, &minute) != 2) return;
  if (hour >= 12 || said_24_hour(s, c)) return;
  // "twenty to one" reads 00:40; in a working day it is 12:40 unless "in the morning" is said
  // with it ("at night" would be read as pm, so only a morning word keeps it).
  if (hour == 0) {
    if (said_day_half(s, c) != false) c.value = "12" + v.substr(2);
    return;
  }
  bool afternoon = hour <= kLastAfternoonHour;
  if (auto said = said_day_half(s, c)) {
    afternoon = *said;
  } else {
    size_t reach = 0;
    for (size_t i = c.first; i-- > 0 && reach < kDayPartReach; ++reach) {
      bool pm = false;
      if (day_part_word(s.tok(i).norm, &pm)) {
        afternoon = pm;
        break;
      }
    }
  }
  if (!afternoon) return;
  std::string out = std::to_string(hour + 12) + ":" + (minute < 10 ? "0" : "") + std::to_string(minute);
  c.value = out;
}

void assign_unlabeled_times(const Scan& s, std::vector<std::vector<FieldCandidate>>& ranked) {
  const Lexicon& lex = s.lex;
  std::vector<size_t> empty;
  const Field* time_field = nullptr;
  for (size_t f = 0; f < lex.fields.size(); ++f) {
    if (lex.fields[f].field->type != FieldType::Time) continue;
    time_field = lex.fields[f].field;
    if (ranked[f].empty()) empty.push_back(f);
  }
  if (empty.empty()) return;
  size_t next = 0;
  for (size_t i = 1; i < s.size() && next < empty.size(); ++i) {
    if (s.tok(i).filler) continue;
    auto opener = s.prev_content(i);
    if (!opener || !words().clock_openers.contains(s.tok(*opener).norm)) continue;
    auto c = s.parse_typed(i, std::min(s.size(), i + 8), *time_field);
    if (!c) continue;
    // "at five pallets" is a count: a clock time ends its clause or meets a function word.
    bool ends = s.stands_alone(c->last);
    bool taken = false;
    for (size_t g = 0; g < ranked.size(); ++g) {
      const auto& r = ranked[g];
      FieldType type = lex.fields[g].field->type;
      bool typed = type == FieldType::Number || type == FieldType::Date || type == FieldType::Time;
      if (typed && !r.empty() && !r[0].implied && r[0].first < c->last && c->first < r[0].last) taken = true;
    }
    if (!ends || taken) continue;
    c->score = kUnlabeledTime;
    c->cue_first = *opener;
    ranked[empty[next++]].push_back(*c);
    i = c->last - 1;
  }
}

}  // namespace invox::rules
