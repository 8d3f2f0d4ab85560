// Codes that open with a spelled acronym or a compound pair, options that are another field's
// cue, values the speaker writes under a cue said after them, and a date taken as today while an
// earlier day is named (docs/RULES.md "Spelled prefixes, digit pairs and recorded values").
// Invented templates, hand-written sentences.
#include <catch2/catch.hpp>

#include "extract/rules/rules_engine.hpp"
#include "invox/template.hpp"
#include "support/rules_fixtures.hpp"

using namespace invox;

namespace {
constexpr const char* kLockerRef = "2026-05-14";

// Three codes: one whose guidelines say it holds letters, one that leaves its acronym out, one
// of digits only; and a cabin said as digit pairs.
Template locker_template() {
  return testing::invented_template(R"({
    "id": "locker-hire", "title": "Locker hire", "version": "1",
    "fields": [
      {"id": "hire_ref", "label": "LH number", "type": "text", "description": "Locker hire reference",
       "aliases": ["LH", "hire reference"], "guidelines": "Letters and digits joined without spaces."},
      {"id": "voucher", "label": "Voucher", "type": "text", "aliases": ["PV", "voucher"],
       "guidelines": "Without the word 'PV'; letters in capitals and digits as numerals."},
      {"id": "permit", "label": "Permit", "type": "text", "aliases": ["PN", "permit"],
       "guidelines": "Digits as numerals."},
      {"id": "cabin", "label": "Cabin", "type": "text", "aliases": ["cabin"],
       "guidelines": "Digits as numerals ('fourteen oh two' -> '1402')."}
    ]})");
}

// A date and a time of one firing, and a reading.
Template kiln_template() {
  return testing::invented_template(R"({
    "id": "kiln-log", "title": "Kiln log", "version": "1",
    "fields": [
      {"id": "firing_date", "label": "Firing date", "type": "date",
       "guidelines": "A firing logged as it happens is on the reference date."},
      {"id": "kiln_on", "label": "Kiln on at", "type": "time", "description": "Time the kiln was switched on",
       "aliases": ["kiln on"]},
      {"id": "peak_temp", "label": "Peak temperature", "type": "number", "unit": "C", "min": 0, "max": 1400,
       "aliases": ["peak temperature"]}
    ]})");
}

// Options that are also the cue of a date or a number field.
Template cycle_service_template() {
  return testing::invented_template(R"({
    "id": "bike-service", "title": "Bike service", "version": "1",
    "fields": [
      {"id": "job_type", "label": "Job type", "type": "enum", "options": ["service", "repair", "recheck"]},
      {"id": "recheck_date", "label": "Recheck date", "type": "date", "aliases": ["recheck", "come back"]},
      {"id": "fault", "label": "Fault", "type": "enum", "options": ["puncture", "pressure", "gears"]},
      {"id": "tyre_psi", "label": "Tyre pressure", "type": "number", "aliases": ["pressure"]}
    ]})");
}

template <Template (*Make)()>
Json read_in(const std::string& text, const std::string& id) {
  return testing::raw_value_on<Make>(text, id, kLockerRef);
}
}  // namespace

TEST_CASE("rules: a spelled acronym that runs into the digits opens a code that holds letters", "[rules][unseen]") {
  CHECK(read_in<locker_template>("Have you got the hire reference? - Yes, it's L H five five two one nine.",
                                 "hire_ref") == Json("LH55219"));
  CHECK(read_in<locker_template>("L H five five two one nine, locker by the door.", "hire_ref") == Json("LH55219"));
  // The acronym said as a word is a label, and one the guidelines quote is left out.
  CHECK(read_in<locker_template>("LH five five two one nine.", "hire_ref") == Json("55219"));
  CHECK(read_in<locker_template>("P V four four one two.", "voucher") == Json("4412"));
  // A code of digits only keeps them alone.
  CHECK(read_in<locker_template>("P N three three one eight.", "permit") == Json("3318"));
}

TEST_CASE("rules: a code said in digit pairs may open with a compound number", "[rules][unseen]") {
  CHECK(read_in<locker_template>("Cabin twenty-two oh seven, top bunk.", "cabin") == Json("2207"));
  CHECK(read_in<locker_template>("She's in cabin thirty-one fifteen.", "cabin") == Json("3115"));
  CHECK(read_in<locker_template>("Cabin fourteen oh two.", "cabin") == Json("1402"));
}

TEST_CASE("rules: an option that is a date's or number's cue is the option when no such value follows",
          "[rules][unseen]") {
  CHECK(read_in<cycle_service_template>("Recheck of the brakes we adjusted last month.", "job_type") ==
        Json("recheck"));
  // The date's cue keeps the word when its value follows, and a number's when it is said missing.
  CHECK(read_in<cycle_service_template>("Recheck in two weeks.", "job_type").is_null());
  CHECK(read_in<cycle_service_template>("Recheck in two weeks.", "recheck_date") == Json("2026-05-28"));
  CHECK(read_in<cycle_service_template>("It keeps losing pressure, that's the fault.", "fault") == Json("pressure"));
  CHECK(read_in<cycle_service_template>("Pressure not checked, the gears are the fault.", "fault") == Json("gears"));
}

TEST_CASE("rules: a value the speaker puts under a cue said after it", "[rules][unseen]") {
  // An earlier time of something else does not win over the one written under the cue.
  CHECK(read_in<kiln_template>("The pots were glazed at seven. Right. Ten to eleven, I'll put that down as kiln on.",
                               "kiln_on") == Json("10:50"));
  CHECK(read_in<kiln_template>("Twelve forty, mark it as the peak temperature.", "peak_temp") == Json(1240));
  // Without the recording verb the earlier number is no reading of the cue.
  CHECK(read_in<kiln_template>("Twelve forty. That was the peak temperature kiln two had last year.", "peak_temp") !=
        Json(1240));
}

TEST_CASE("rules: a date taken as today is less sure when an earlier day is named", "[rules][unseen]") {
  static const Template t = kiln_template();
  NormalizeContext ctx;
  ctx.reference_date = kLockerRef;  // a Thursday
  auto firing = [&](const std::string& text) {
    auto out = rules::extract_all(t, text, {}, ctx);
    auto it = out.find("firing_date");
    REQUIRE(it != out.end());
    CHECK(it->second.value == Json("today"));  // nothing is said for the field itself
    return it->second.confidence;
  };
  const double plain = firing("Peak temperature twelve forty.");
  CHECK(firing("The glaze went on yesterday. Peak temperature twelve forty.") < plain);
  CHECK(firing("The clay came in on Monday. Peak temperature twelve forty.") < plain);
  // A later day (a plan) casts no doubt on today.
  CHECK(firing("Unloading tomorrow. Peak temperature twelve forty.") == Approx(plain));
}
