// Kept fields (docs/PIPELINE.md "Kept fields"): the raw risk signals of a field a run left empty
// or kept at its current value, and how VER uses their calibrated probability.
#include <catch2/catch.hpp>

#include "invox/verify.hpp"
#include "support/pipeline_fixtures.hpp"
#include "verify/kept_signals.hpp"

using namespace invox;
using namespace invox::testing;
using namespace invox::verify;

namespace {

// The demo form with `values` set by this run (evidence at `evidence` when given) and every other
// field empty, or carried when named in `carried`.
FilledForm kept_form(std::map<std::string, Json> values = {}, std::map<std::string, Json> carried = {},
                     std::map<std::string, std::pair<size_t, size_t>> evidence = {}) {
  FilledForm f;
  for (const Field& field : demo_template().fields) {
    FilledField ff;
    if (auto it = values.find(field.id); it != values.end()) {
      ff.value = it->second;
      ff.changed = true;
      ff.source = "ai";
      ff.confidence = 0.95;
    } else if (auto c = carried.find(field.id); c != carried.end()) {
      ff.value = c->second;
      ff.source = "ai";
      ff.confidence = 1.0;
    }
    if (auto e = evidence.find(field.id); e != evidence.end()) {
      Evidence ev;
      ev.char_begin = e->second.first;
      ev.char_end = e->second.second;
      ff.evidence = ev;
    }
    f.filled.emplace_back(field.id, ff);
  }
  return f;
}

KeptSignals signals_of(const FilledForm& form, const std::string& text, const std::string& field) {
  const util::FoldedText folded = util::fold_text(text);
  KeptForm kf;
  kf.transcript = text;
  kf.folded = &folded;
  kf.context.reference_date = "2026-03-14";
  kf.claimed = claimed_spans(form);
  kf.conversation = has_speaker_turns(text);
  kf.unread_words = unread_words(text, demo_template(), kf.claimed);
  return kept_signals({demo_template().find(field), form.find(field), &kf});
}

}  // namespace

TEST_CASE("kept signals: how the transcript talks about an empty field", "[verify][calibration]") {
  const auto empty = kept_form();
  CHECK(signals_of(empty, "Allergies: I did not catch that.", "allergies").named);
  const auto word = signals_of(empty, "She is allergic to nothing she knows of.", "allergies");
  CHECK_FALSE(word.named);
  CHECK(word.cue_word);  // "allergic" shares the stem of "Allergies"
  const auto none = signals_of(empty, "No known allergies.", "allergies");
  CHECK(none.said_none);
  CHECK_FALSE(none.named);
  CHECK_FALSE(none.cue_word);
  const auto quiet = signals_of(empty, "Temperature 38.", "allergies");
  CHECK_FALSE(quiet.named);
  CHECK_FALSE(quiet.cue_word);
  CHECK_FALSE(quiet.said_none);
}

TEST_CASE("kept signals: a date, time or option said where no value was read is free", "[verify][calibration]") {
  const std::string text = "Seen on March 3rd. Temperature 38.";
  CHECK(signals_of(kept_form(), text, "visit").free_value);
  // The same date read for another field is claimed by it.
  const auto admitted = kept_form({{"admit", "2026-03-03"}}, {}, {{"admit", {8, 17}}});
  CHECK_FALSE(signals_of(admitted, text, "visit").free_value);
  CHECK(signals_of(kept_form(), "The patient is male.", "sex").free_value);
  CHECK_FALSE(signals_of(kept_form(), "Temperature 38.", "sex").free_value);
  // Numbers and yes/no are said about everything: never free.
  CHECK_FALSE(signals_of(kept_form(), "Room 12, bed 4.", "temp").free_value);
}

TEST_CASE("kept signals: a carried value confirmed, said again, or left alone", "[verify][calibration]") {
  const auto carried = kept_form({}, {{"allergies", "latex, penicillin"}});
  const auto again = signals_of(carried, "So the list is latex, penicillin and peanuts.", "allergies");
  CHECK(again.carried);
  CHECK(again.repeated);
  CHECK_FALSE(again.confirmed);
  auto confirmed_form = kept_form({}, {{"allergies", "latex, penicillin"}}, {{"allergies", {0, 5}}});
  CHECK(signals_of(confirmed_form, "latex, penicillin", "allergies").confirmed);
  CHECK_FALSE(signals_of(carried, "Temperature 38.", "allergies").repeated);
}

TEST_CASE("kept signals: unread words are the talk no value was read from", "[verify][calibration]") {
  // "Nurse" is a speaker label, "temperature" a word of a label of the template, "the" and "is"
  // function words, "38" no word: pulse, ankle, swelling, returned are unread...
  const std::string text = "Nurse: Pulse 38. The temperature is fine. The ankle swelling returned.";
  CHECK(unread_words(text, demo_template(), {}) == 5);  // ... and "fine"
  // ... until a value is read from "Pulse 38" (bytes 7..15).
  const auto read = kept_form({{"temp", 38}}, {}, {{"temp", {7, 15}}});
  CHECK(unread_words(text, demo_template(), claimed_spans(read)) == 4);
  CHECK(signals_of(read, text, "allergies").unread_words == 4);
}

TEST_CASE("kept signals: speaker turns, and the order of the combined raw score", "[verify][calibration]") {
  CHECK(has_speaker_turns("Nurse: Hi. Patient: Hello. Nurse: Any pain?"));
  CHECK(has_speaker_turns("Tenant 2: Hi.\nAgent: Yes.\nTenant 2: Thanks."));
  CHECK_FALSE(has_speaker_turns("Note: patient seen today. Allergies: none."));
  CHECK_FALSE(has_speaker_turns("temperature 38 allergies none"));

  const double quiet = combine_kept_signals({});
  KeptSignals none;
  none.said_none = true;
  KeptSignals named;
  named.named = true;
  KeptSignals free = named;
  free.free_value = true;
  KeptSignals talk;
  talk.conversation = true;
  KeptSignals unread;
  unread.unread_words = 30;
  CHECK(combine_kept_signals(unread) < quiet);
  CHECK(combine_kept_signals(none) > quiet);
  CHECK(combine_kept_signals(named) < quiet);
  CHECK(combine_kept_signals(free) < combine_kept_signals(named));
  CHECK(combine_kept_signals(talk) < quiet);
  KeptSignals carried;
  carried.carried = true;
  KeptSignals confirmed = carried;
  confirmed.confirmed = true;
  KeptSignals repeated = carried;
  repeated.repeated = true;
  CHECK(combine_kept_signals(carried) > quiet);
  CHECK(combine_kept_signals(confirmed) > combine_kept_signals(carried));
  CHECK(combine_kept_signals(repeated) < combine_kept_signals(carried));
  // A carried value is right without being said again: talk it was not read from does not count.
  KeptSignals carried_talk = carried;
  carried_talk.conversation = true;
  carried_talk.unread_words = 30;
  CHECK(combine_kept_signals(carried_talk) == Approx(combine_kept_signals(carried)));
}

TEST_CASE("kept fields: VER flags a field below the threshold, whatever the transcript names",
          "[verify][calibration]") {
  auto form = kept_form({{"name", "Ann Lee"}});
  const Transcript t = transcript_of("Ann Lee, seen today.");
  VerifyInput in{&demo_template(), &form, &t, {}};
  // Which fields get a raw kept score: empty optional ones, not the required name nor a locked one.
  const auto raw = kept_raw_scores(in);
  CHECK(raw.count("allergies") == 1);
  CHECK(raw.count("name") == 0);
  CHECK(raw.count("visit") == 1);
  // Not named, so without a probability nothing is flagged (the mention rule)...
  CHECK(verify_form(in).empty());
  // ... but a probability below the threshold is.
  form.find("allergies")->kept_confidence = 0.55;
  form.find("smoker")->kept_confidence = 0.95;
  const auto issues = verify_form(in);
  REQUIRE(issues.size() == 1);
  CHECK(issues[0].field == "allergies");
  CHECK(issues[0].type == IssueType::Missing);
  CHECK(issues[0].action == IssueAction::ManualReview);
  CHECK(issues[0].detail.find("0.55") != std::string::npos);
  // A carried value in doubt is low_conf; a locked one never.
  auto carried = kept_form({{"name", "Ann Lee"}}, {{"allergies", "latex"}});
  carried.find("allergies")->kept_confidence = 0.4;
  VerifyInput cin{&demo_template(), &carried, &t, {}};
  const auto kept = verify_form(cin);
  REQUIRE(kept.size() == 1);
  CHECK(kept[0].type == IssueType::LowConf);
  carried.find("allergies")->locked = true;
  CHECK(verify_form(cin).empty());
  CHECK(kept_raw_scores(cin).count("allergies") == 0);
}
