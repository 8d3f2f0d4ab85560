#pragma once
// Clock times in dictation: "14:30", "2:30 pm", "5:45 p.m.", "2200 hours", "sixteen hundred
// hours", "half past two in the afternoon", "quarter to nine", "ten fifteen in the morning",
// "noon", and the British "half twelve" (= 12:30).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "invox/values.hpp"
#include "normalize/tokenize.hpp"

namespace invox::normalize {

struct TimeHit {
  int hour = 0;  // 0..23, valid only when !problem
  int minute = 0;
  size_t first = 0;  // token range [first, last)
  size_t last = 0;
  // A clock marker was present (colon, am/pm, o'clock, hours, past/to, noon). A bare "three"
  // is a time only where a time is expected.
  bool strong = false;
  std::optional<IssueType> problem;
  std::string detail;
};

[[nodiscard]] std::optional<TimeHit> parse_time_at(const Tokens& tokens, size_t i);

struct TimePhrase {
  std::string value;  // "HH:MM", empty when the phrase has a problem
  size_t begin = 0;
  size_t end = 0;
  std::optional<IssueType> problem;
  std::string detail;
};
// Every marked (strong) time phrase in `text`, left to right.
[[nodiscard]] std::vector<TimePhrase> find_time_phrases(std::string_view text);

[[nodiscard]] std::string format_time(int hour, int minute);

}  // namespace invox::normalize
