#include "normalize/date_phrase.hpp"

#include "core/guideline_hints.hpp"
#include "core/lexicon_data.hpp"
#include "normalize/fold.hpp"
#include "normalize/reference_date.hpp"
#include "util/strings.hpp"

namespace invox::normalize {

namespace {

std::string region_of(std::string_view locale) {
  const size_t sep = locale.find_first_of("-_");
  if (sep == std::string_view::npos) return {};
  std::string region(locale.substr(sep + 1));
  if (const size_t more = region.find_first_of("-_."); more != std::string::npos) region.resize(more);
  for (char& c : region) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
  return region;
}

bool field_says(const Field& f, const lexicon::WordSet& set) {
  for (const auto& w : util::split(phrase_key(f.id + " " + f.label), ' '))
    if (set.contains(w)) return true;
  return false;
}

bool is_past_field(const Field& f) { return field_says(f, lexicon::lexicon_data().past_date_words); }

}  // namespace

DateOrder date_order_for_locale(std::string_view locale) {
  const std::string region = region_of(locale);
  if (region.empty()) {
    const std::string lang = fold_case_accents(locale);
    if (lang.empty() || lang == "en" || lang == "c" || lang == "posix") return DateOrder::Undecided;
    if (lang == "zh" || lang == "ja" || lang == "ko" || lang == "hu" || lang == "lt" || lang == "mn")
      return DateOrder::YMD;
    return DateOrder::DMY;
  }
  for (std::string_view r : {"US", "PH", "FM", "MH", "PW", "AS", "GU", "MP", "PR", "UM", "VI"})
    if (region == r) return DateOrder::MDY;
  for (std::string_view r : {"CN", "JP", "KR", "TW", "HU", "LT", "MN", "IR"})
    if (region == r) return DateOrder::YMD;
  if (region == "CA") return DateOrder::Undecided;  // both orders are common in Canada
  return DateOrder::DMY;
}

Expected<DateContext> make_date_context(const Field* field, const NormalizeContext& ctx) {
  auto ref = reference_day(ctx);
  if (!ref) return ref.error();
  DateContext dc;
  dc.reference = *ref;
  dc.order = date_order_for_locale(ctx.locale);
  dc.past_only = field && is_past_field(*field);
  if (field && field_says(*field, lexicon::lexicon_data().future_date_words)) dc.ahead = true;
  else if (field && field_says(*field, lexicon::lexicon_data().past_event_words)) dc.ahead = false;
  if (field) {
    const auto hints = guideline_hints(field->guidelines);
    dc.month_only_last_day = hints->month_only_last_day;
    dc.year_only_first_day = hints->year_only_first_day;
  }
  dc.numbers = number_options_for_locale(ctx.locale);
  return dc;
}

std::optional<DateHit> parse_date_at(const Tokens& t, size_t i, const DateContext& ctx) {
  auto abs = parse_absolute_date_at(t, i, ctx);
  auto rel = parse_relative_date_at(t, i, ctx);
  if (abs && rel) return rel->last > abs->last ? rel : abs;
  if (!rel || !rel->date) return abs ? abs : rel;
  // "Inspection today, March twentieth twenty twenty six": a calendar date in apposition to a
  // relative one says which day was meant, and it does not depend on when the form is filled.
  size_t k = rel->last;
  if (k < t.size() && (t[k].is_punct(",") || t[k].is_punct("-"))) ++k;
  auto said = parse_absolute_date_at(t, k, ctx);
  if (!said || !said->date) return rel;
  said->first = rel->first;
  return said;
}

std::vector<DatePhrase> find_date_phrases(std::string_view text, const DateContext& ctx) {
  const Tokens t = tokenize(text);
  std::vector<DatePhrase> out;
  for (size_t i = 0; i < t.size();) {
    auto hit = parse_date_at(t, i, ctx);
    if (!hit) {
      ++i;
      continue;
    }
    DatePhrase p;
    p.value = hit->date ? format_date(*hit->date) : std::string();
    p.begin = t[hit->first].begin;
    p.end = t[hit->last - 1].end;
    p.relative = hit->relative;
    p.problem = hit->problem;
    p.detail = hit->detail;
    out.push_back(std::move(p));
    i = hit->last;
  }
  return out;
}

}  // namespace invox::normalize
