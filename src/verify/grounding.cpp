#include "verify/grounding.hpp"

#include <cctype>
#include <cmath>
#include <string>

#include <fmt/format.h>

#include "util/rounding.hpp"
#include "util/strings.hpp"
#include "verify/mentions.hpp"
#include "verify/value_search.hpp"

namespace invox::verify {

namespace {

std::string number_text(const Json& v) {
  const double d = v.get<double>();
  if (std::floor(d) == d && std::fabs(d) < 1e15) return fmt::format("{}", static_cast<long long>(d));
  return fmt::format("{}", d);
}

// The phrase appears as whole words, or each of its words does somewhere (word order and
// punctuation may differ: "Smith, John" is grounded in "john smith").
bool words_present(const util::FoldedText& hay, std::string_view phrase) {
  if (util::find_folded(hay, phrase, 0, true)) return true;
  const auto words = util::folded_words(phrase);
  if (words.empty()) return false;
  for (const auto& w : words) {
    if (!util::find_folded(hay, w, 0, true)) return false;
  }
  return true;
}

// A value of the field's type that CF reads somewhere in the transcript equals the value.
bool derivable(const GroundingInput& in) {
  return find_parsed_value(in.transcript, *in.value, *in.field, in.context).has_value();
}

// The extractor's evidence snippet is in the transcript and CF reads it as the value.
bool evidence_supports(const GroundingInput& in, bool snippet_presence_is_enough) {
  if (!in.evidence || !*in.evidence) return false;
  const Evidence& e = **in.evidence;
  if (util::trim(e.snippet).empty() || !util::find_folded(*in.folded, e.snippet)) return false;
  if (snippet_presence_is_enough) return true;
  const auto norm = normalize_value_for_field(Json(e.snippet), *in.field, in.context);
  return !norm.value.is_null() && values_match(*in.value, norm.value, *in.field);
}

// Shares a stem with a cue of the field ("escalation" for label "Escalated").
bool field_cue_present(const GroundingInput& in) {
  std::vector<std::string> cues = util::folded_words(in.field->label);
  for (const auto& a : in.field->aliases) {
    for (auto& w : util::folded_words(a)) cues.push_back(std::move(w));
  }
  for (auto& w : util::folded_words(in.field->id)) cues.push_back(std::move(w));
  const auto words = util::folded_words(in.transcript);
  for (const auto& cue : cues) {
    if (cue.size() < 3) continue;
    for (const auto& w : words)
      if (shares_stem(cue, w)) return true;
  }
  return false;
}

std::string letters_and_digits(std::string_view s) {
  std::string out;
  for (char c : s)
    if (std::isalnum(static_cast<unsigned char>(c))) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// An identifier CF reads from its spelling ("P C four zero four one seven" -> PC-40417,
// "E 20417" -> E20417); a prefix the template adds to spoken digits ("WO-" + "4471") counts.
bool spelled_out(const GroundingInput& in, std::string_view value) {
  constexpr int kMinDigitsForPrefix = 3;
  const std::string want = letters_and_digits(value);
  if (want.empty()) return false;
  const std::string_view text = in.transcript;
  for (size_t i = 0; i < text.size(); ++i) {
    if (!is_value_start(text, i)) continue;
    auto id = parse_spoken_id_prefix(text.substr(i));
    if (!id) continue;
    const std::string got = letters_and_digits(id->value);
    if (got == want) return true;
    if (id->digits >= kMinDigitsForPrefix && want.size() > got.size() && want.ends_with(got)) return true;
  }
  return false;
}

bool grounded_by_type(const GroundingInput& in) {
  const Json& v = *in.value;
  switch (in.field->type) {
    case FieldType::Text:
      return v.is_string() && (words_present(*in.folded, v.get<std::string>()) || spelled_out(in, v.get<std::string>()));
    case FieldType::Textarea: {
      if (!v.is_string()) return false;
      bool any = false;
      for (const auto& item : util::split(v.get<std::string>(), ',')) {
        if (util::trim(item).empty()) continue;
        if (!words_present(*in.folded, item)) return false;
        any = true;
      }
      return any;
    }
    case FieldType::Number:
      if (v.is_number() && util::find_folded(*in.folded, number_text(v), 0, true)) return true;
      return derivable(in);
    case FieldType::Enum: {
      if (!v.is_string()) return false;
      const std::string option = v.get<std::string>();
      if (words_present(*in.folded, option)) return true;
      if (auto it = in.field->option_aliases.find(option); it != in.field->option_aliases.end()) {
        // "a pipe burst" says the alias "burst pipe": word order may differ, as for options.
        for (const auto& alias : it->second) {
          if (words_present(*in.folded, alias)) return true;
        }
      }
      return derivable(in);
    }
    case FieldType::Date:
    case FieldType::Time:
      if (v.is_string() && util::find_folded(*in.folded, v.get<std::string>(), 0, true)) return true;
      return derivable(in);
    case FieldType::Boolean:
      // Yes/no is rarely said literally ("non-smoker"): a boolean is grounded when CF can read
      // it from the transcript, when the extractor's evidence is in the transcript, or when the
      // transcript at least talks about the field.
      return derivable(in) || evidence_supports(in, true) || field_cue_present(in);
    case FieldType::Group:
      return false;  // a list is grounded sub-value by sub-value (group_checks)
  }
  return false;
}

}  // namespace

GroundingResult check_grounding(const GroundingInput& in) {
  if (!in.field || !in.value || !in.folded) return {false, "internal: incomplete grounding input"};
  if (in.value->is_null()) return {true, ""};
  // The evidence check is cheap (the snippet alone is read); some type checks scan the whole
  // transcript, so they run only when the evidence does not already show the value.
  if (evidence_supports(in, false) || grounded_by_type(in)) return {true, ""};
  return {false, fmt::format("value {} cannot be found in or derived from the transcript", in.value->dump())};
}

std::optional<Issue> review_fresh_value(const std::string& path, const Field& field, const Json& value,
                                        const std::optional<Evidence>& evidence, std::optional<double> confidence,
                                        const VerifyInput& in, const util::FoldedText& folded,
                                        const VerifyParams& params) {
  std::vector<std::string> problems;
  GroundingInput g;
  g.field = &field;
  g.value = &value;
  g.evidence = &evidence;
  g.transcript = in.transcript->text;
  g.folded = &folded;
  g.context = in.context;
  if (auto r = check_grounding(g); !r.grounded) problems.push_back(r.detail);
  if (confidence) {
    const double shown = util::shown_confidence(*confidence);
    if (shown < params.review_threshold)
      problems.push_back(fmt::format("confidence {} is below the review threshold {}", shown, params.review_threshold));
  }
  if (problems.empty()) return std::nullopt;
  std::string detail;
  for (const auto& p : problems) detail += (detail.empty() ? "" : "; ") + p;
  return Issue{path, IssueType::LowConf, detail, IssueAction::ManualReview};
}

}  // namespace invox::verify
