#include "normalize/time_phrase.hpp"

#include <fmt/format.h>

#include "normalize/lexicon.hpp"
#include "normalize/spoken_number.hpp"
#include "util/strings.hpp"

namespace invox::normalize {

namespace {

bool glued_dot(const Tokens& t, size_t i) { return i < t.size() && t[i].is_punct(".") && !t[i].space_before; }

enum class Period { None, AM, PM, Night };

// am/pm markers: "am", "p.m.", "a m" (PocketSphinx), "in the afternoon", "at night", "tonight".
size_t period_at(const Tokens& t, size_t k, Period& p) {
  p = Period::None;
  if (k >= t.size()) return k;
  const std::string& w = t[k].text;
  if (t[k].kind == TokenKind::Word) {
    if (w == "am" || w == "pm") {
      p = w == "am" ? Period::AM : Period::PM;
      return glued_dot(t, k + 1) ? k + 2 : k + 1;
    }
    if ((w == "a" || w == "p") && k + 1 < t.size()) {
      size_t j = k + 1;
      if (glued_dot(t, j)) ++j;
      if (word_is(t, j, "m")) {
        p = w == "a" ? Period::AM : Period::PM;
        return glued_dot(t, j + 1) ? j + 2 : j + 1;
      }
    }
    if ((w == "in" || w == "this" || w == "of") && k + 1 < t.size()) {
      size_t j = k + 1;
      if (w != "this" && word_is(t, j, "the")) ++j;
      if (word_is(t, j, "morning")) return p = Period::AM, j + 1;
      if (word_is(t, j, "afternoon") || word_is(t, j, "evening")) return p = Period::PM, j + 1;
      if (word_is(t, j, "night")) return p = Period::Night, j + 1;
    }
    if (w == "at" && word_is(t, k + 1, "night")) return p = Period::Night, k + 2;
    if (w == "tonight") return p = Period::Night, k + 1;
  }
  return k;
}

// "hours", "hrs", "h" after a 24-hour time.
size_t hours_marker(const Tokens& t, size_t k, bool& marked) {
  if (word_is(t, k, "hours") || word_is(t, k, "hrs") || word_is(t, k, "hr") ||
      (word_is(t, k, "h") && !t[k].space_before)) {
    marked = true;
    return glued_dot(t, k + 1) && t[k].text != "hours" ? k + 2 : k + 1;
  }
  return k;
}


// An hour 0..24 in words or digits ("two", "twenty two", "14").
std::optional<int> hour_at(const Tokens& t, size_t i, size_t& last) {
  if (i >= t.size()) return std::nullopt;
  if (t[i].kind == TokenKind::Number) {
    if (!util::all_digits(t[i].text) || t[i].text.size() > 2) return std::nullopt;
    const int h = std::stoi(t[i].text);
    if (h > 24) return std::nullopt;
    last = i + 1;
    return h;
  }
  auto h = parse_small_cardinal(t, i, last);
  if (!h || *h > 24) return std::nullopt;
  return h;
}

int apply_period(int h, Period p) {
  switch (p) {
    case Period::AM: return h == 12 ? 0 : h;
    case Period::PM: return h < 12 ? h + 12 : h;
    case Period::Night: return h == 12 ? 0 : (h >= 6 && h < 12 ? h + 12 : h);
    case Period::None: return h;
  }
  return h;
}

// Minutes before "past"/"to": "half", "quarter", "a quarter", "twenty", "ten minutes", "5".
std::optional<int> minutes_before_relation(const Tokens& t, size_t i, size_t& last) {
  size_t k = i;
  if (word_is(t, k, "a")) ++k;
  if (word_is(t, k, "half") && k == i) return last = k + 1, 30;
  if (word_is(t, k, "quarter")) return last = k + 1, 15;
  if (k != i) return std::nullopt;
  std::optional<int> m;
  if (i < t.size() && t[i].kind == TokenKind::Number && util::all_digits(t[i].text) && t[i].text.size() <= 2) {
    m = std::stoi(t[i].text);
    last = i + 1;
  } else {
    m = parse_small_cardinal(t, i, last);
  }
  if (!m || *m < 1 || *m > 30) return std::nullopt;
  if (word_is(t, last, "minutes") || word_is(t, last, "minute") || word_is(t, last, "mins")) ++last;
  return m;
}

TimeHit finish(size_t first, size_t last, int h, int m, Period p, bool strong) {
  TimeHit hit;
  hit.first = first;
  hit.last = last;
  hit.strong = strong;
  if (p == Period::AM && h > 12) {
    hit.problem = IssueType::Invalid;
    hit.detail = fmt::format("{}:{:02} am is not a time", h, m);
    return hit;
  }
  h = apply_period(h, p);
  if (h == 24 && m == 0) h = 0;
  if (h < 0 || h > 23 || m < 0 || m > 59) {
    hit.problem = IssueType::Invalid;
    hit.detail = fmt::format("{}:{:02} is not a time of day", h, m);
    return hit;
  }
  hit.hour = h;
  hit.minute = m;
  return hit;
}

// "half past two", "quarter to nine", "twenty past three", "half twelve".
std::optional<TimeHit> parse_relation(const Tokens& t, size_t i) {
  size_t k = 0;
  auto mins = minutes_before_relation(t, i, k);
  if (!mins) return std::nullopt;
  const bool past = word_is(t, k, "past") || word_is(t, k, "after");
  const bool to = word_is(t, k, "to") || word_is(t, k, "before") || word_is(t, k, "of") || word_is(t, k, "til") ||
                  word_is(t, k, "till");
  // British "half two" = 2:30 (half past), only for "half" directly followed by an hour.
  const bool british_half = !past && !to && *mins == 30 && word_is(t, i, "half");
  if (!past && !to && !british_half) return std::nullopt;
  size_t hl = 0;
  const size_t hour_pos = british_half ? k : k + 1;
  std::optional<int> hour;
  if (word_is(t, hour_pos, "noon") || word_is(t, hour_pos, "midday")) hour = 12, hl = hour_pos + 1;
  else if (word_is(t, hour_pos, "midnight")) hour = 0, hl = hour_pos + 1;
  else hour = hour_at(t, hour_pos, hl);
  if (!hour || *hour > 23) return std::nullopt;
  size_t end = hl;
  if (word_is(t, end, "o'clock") || word_is(t, end, "oclock")) ++end;
  Period p = Period::None;
  end = period_at(t, end, p);
  int h = apply_period(*hour, p);
  int m = 0;
  if (to) {
    h = (h + 23) % 24;
    m = 60 - *mins;
  } else {
    m = *mins;
  }
  return finish(i, end, h, m, Period::None, true);
}

std::optional<TimeHit> parse_digits(const Tokens& t, size_t i) {
  const std::string& s = t[i].text;
  int h = -1, m = 0;
  bool strong = false;
  size_t last = i + 1;
  const size_t colon = s.find(':');
  const size_t dot = s.find('.');
  const size_t h_mark = s.find_first_of("hH");
  if (h_mark != std::string::npos && h_mark > 0 && h_mark <= 2 && s.size() == h_mark + 3 &&
      util::all_digits(s.substr(0, h_mark)) && util::all_digits(s.substr(h_mark + 1))) {
    // "19h30", "7h05": the European way of writing 24-hour time.
    return finish(i, last, std::stoi(s.substr(0, h_mark)), std::stoi(s.substr(h_mark + 1)), Period::None, true);
  }
  if (colon != std::string::npos) {
    const std::string hs = s.substr(0, colon), ms = s.substr(colon + 1);
    if (!util::all_digits(hs) || ms.size() != 2 || !util::all_digits(ms) || hs.size() > 2) return std::nullopt;
    h = std::stoi(hs);
    m = std::stoi(ms);
    strong = true;
  } else if (dot != std::string::npos) {
    // "2.30 pm" (British writing) is a time; a bare "11.05" only a weak reading, as a bare "1105" is,
    // because it may as well be an amount.
    const std::string hs = s.substr(0, dot), ms = s.substr(dot + 1);
    if (!util::all_digits(hs) || ms.size() != 2 || !util::all_digits(ms) || hs.size() > 2) return std::nullopt;
    h = std::stoi(hs);
    m = std::stoi(ms);
    Period p = Period::None;
    if (period_at(t, last, p) == last) {
      if (h > 23 || m > 59) return std::nullopt;
      return finish(i, last, h, m, Period::None, false);
    }
    strong = true;
  } else if (util::all_digits(s) && (s.size() == 3 || s.size() == 4)) {
    // Military "2200 hours", "0930h"; a bare four-digit "1430" is a weak reading.
    bool marked = false;
    const size_t after = hours_marker(t, last, marked);
    if (!marked && s.size() != 4) return std::nullopt;
    h = std::stoi(s.substr(0, s.size() - 2));
    m = std::stoi(s.substr(s.size() - 2));
    return finish(i, after, h, m, Period::None, marked);
  } else if (util::all_digits(s) && s.size() <= 2) {
    h = std::stoi(s);
  } else {
    return std::nullopt;
  }
  bool marked = false;
  if (word_is(t, last, "o'clock") || word_is(t, last, "oclock")) ++last, strong = true;
  last = hours_marker(t, last, marked);
  Period p = Period::None;
  const size_t after = period_at(t, last, p);
  strong = strong || marked || p != Period::None;
  return finish(i, after, h, m, p, strong);
}

std::optional<TimeHit> parse_words(const Tokens& t, size_t i) {
  size_t k = i;
  int h = -1, m = 0;
  bool strong = false;
  if (word_is(t, i, "noon") || word_is(t, i, "midday")) return finish(i, i + 1, 12, 0, Period::None, true);
  if (word_is(t, i, "midnight")) return finish(i, i + 1, 0, 0, Period::None, true);
  // Military "oh nine hundred", "zero six thirty".
  if (t[i].kind == TokenKind::Word && (spoken_zero(t[i].text) || digit_word(t[i].text) == 0)) {
    const Token* d = i + 1 < t.size() ? &t[i + 1] : nullptr;
    auto v = d ? digit_word(d->text) : std::nullopt;
    if (!v || *v == 0) return std::nullopt;
    h = *v;
    k = i + 2;
    strong = true;
  } else {
    auto hour = hour_at(t, i, k);
    if (!hour || t[i].kind != TokenKind::Word) return std::nullopt;
    h = *hour;
  }
  if (word_is(t, k, "noon") && h == 12) return finish(i, k + 1, 12, 0, Period::None, true);
  if (word_is(t, k, "midnight") && h == 12) return finish(i, k + 1, 0, 0, Period::None, true);
  bool marked = false;
  if (word_is(t, k, "hundred")) {
    ++k;
    strong = true;
    k = hours_marker(t, k, marked);
    return finish(i, k, h, 0, Period::None, true);
  }
  if (word_is(t, k, "o'clock") || word_is(t, k, "oclock")) {
    ++k;
    strong = true;
  } else {
    size_t ml = 0;
    // "one-fifteen", "eight-oh-five": minutes may be glued to the hour by a hyphen.
    if (auto mm = parse_two_digit_group(t, skip_number_joiner(t, k), ml, true)) {
      m = *mm;
      k = ml;
    } else if (k < t.size() && t[k].kind == TokenKind::Number && t[k].text.size() == 2 && util::all_digits(t[k].text)) {
      m = std::stoi(t[k].text);  // "two 30"
      ++k;
    }
  }
  k = hours_marker(t, k, marked);
  Period p = Period::None;
  const size_t after = period_at(t, k, p);
  strong = strong || marked || p != Period::None;
  return finish(i, after, h, m, p, strong);
}

}  // namespace

std::string format_time(int hour, int minute) { return fmt::format("{:02}:{:02}", hour, minute); }

std::optional<TimeHit> parse_time_at(const Tokens& t, size_t i) {
  if (i >= t.size()) return std::nullopt;
  if (auto rel = parse_relation(t, i)) return rel;
  if (t[i].kind == TokenKind::Number) return parse_digits(t, i);
  if (t[i].kind == TokenKind::Word) return parse_words(t, i);
  return std::nullopt;
}

std::vector<TimePhrase> find_time_phrases(std::string_view text) {
  const Tokens t = tokenize(text);
  std::vector<TimePhrase> out;
  for (size_t i = 0; i < t.size();) {
    auto hit = parse_time_at(t, i);
    if (!hit || !hit->strong) {
      ++i;
      continue;
    }
    TimePhrase p;
    if (!hit->problem) p.value = format_time(hit->hour, hit->minute);
    p.begin = t[hit->first].begin;
    p.end = t[hit->last - 1].end;
    p.problem = hit->problem;
    p.detail = hit->detail;
    out.push_back(std::move(p));
    i = hit->last;
  }
  return out;
}

}  // namespace invox::normalize
