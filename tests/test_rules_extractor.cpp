// Speech phenomena the rules engine handles, on an invented bike-service template (not from
// any dataset): disfluencies, self-corrections, shared-cue pairs, number stealing, booleans and
// negations, enum synonyms from guidelines, free text and lists, lowercase transcripts,
// few-shot cue learning, evidence offsets and per-field (S2) requests.
#include <catch2/catch.hpp>

#include <csignal>

#include "invox/extractor.hpp"
#include "util/cancel.hpp"

using namespace invox;

namespace {
Field make(const std::string& id, const std::string& label, FieldType type) {
  Field f;
  f.id = id;
  f.label = label;
  f.type = type;
  return f;
}

Template bike_template() {
  Template t;
  t.id = "bike-service";
  t.title = "Bike service ticket";
  Field customer = make("customer_name", "Customer name", FieldType::Text);
  customer.aliases = {"customer"};
  Field frame = make("frame_number", "Frame number", FieldType::Text);
  frame.guidelines = "Letters and digits as stamped, e.g. 'BK-1234'; spoken digits become numerals.";
  Field date = make("service_date", "Service date", FieldType::Date);
  date.aliases = {"serviced on"};
  Field pickup = make("pickup_time", "Pickup time", FieldType::Time);
  pickup.aliases = {"pick up at"};
  Field front = make("front_psi", "Front tire pressure", FieldType::Number);
  front.unit = "psi";
  front.min = 10;
  front.max = 150;
  front.aliases = {"tire pressure", "front pressure"};
  Field rear = make("rear_psi", "Rear tire pressure", FieldType::Number);
  rear.unit = "psi";
  rear.min = 10;
  rear.max = 150;
  rear.aliases = {"tire pressure", "rear pressure"};
  Field wear = make("chain_wear", "Chain wear", FieldType::Number);
  wear.unit = "%";
  wear.min = 0;
  wear.max = 5;
  Field labor = make("labor_hours", "Labor", FieldType::Number);
  labor.unit = "h";
  labor.aliases = {"labor hours"};
  Field brake = make("brake_type", "Brake type", FieldType::Enum);
  brake.options = {"rim", "disc", "coaster"};
  brake.aliases = {"brakes"};
  brake.guidelines = "'hydraulic' or 'discs' -> disc; 'V-brakes' -> rim.";
  Field cond = make("condition", "Condition", FieldType::Enum);
  cond.options = {"good", "fair", "poor"};
  cond.guidelines = "'okay' or 'so-so' -> fair.";
  Field lights = make("lights_fitted", "Lights fitted", FieldType::Boolean);
  lights.aliases = {"lights"};
  Field helmet = make("helmet_sold", "Helmet sold", FieldType::Boolean);
  helmet.aliases = {"helmet"};
  Field parts = make("parts_replaced", "Parts replaced", FieldType::Textarea);
  parts.aliases = {"parts", "replaced"};
  Field notes = make("notes", "Workshop notes", FieldType::Text);
  notes.aliases = {"note"};
  t.fields = {customer, frame, date, pickup, front, rear, wear, labor, brake, cond, lights, helmet, parts, notes};
  return t;
}

struct Run {
  Template tmpl = bike_template();
  Transcript transcript;
  ExtractionResult result;

  explicit Run(const std::string& text, std::vector<FewShot> examples = {}, std::vector<std::string> only = {}) {
    transcript.text = text;
    ExtractionRequest req;
    req.tmpl = &tmpl;
    for (const auto& f : tmpl.fields)
      if (only.empty() || std::find(only.begin(), only.end(), f.id) != only.end()) req.fields.push_back(&f);
    req.transcript = &transcript;
    req.examples = std::move(examples);
    req.context.reference_date = "2026-05-11";
    auto r = make_rules_extractor()->extract(req);
    REQUIRE(r.has_value());
    result = std::move(*r);
  }
  // The value after CF normalization, or null when the field was not extracted.
  [[nodiscard]] Json value(const std::string& id) const {
    auto it = result.values.find(id);
    if (it == result.values.end()) return Json();
    NormalizeContext ctx;
    ctx.reference_date = "2026-05-11";
    return normalize_value_for_field(it->second.value, *tmpl.find(id), ctx).value;
  }
  [[nodiscard]] bool has(const std::string& id) const { return result.values.count(id) > 0; }
};

// The value the rules extractor reads for `id` from `text` with template `t`, normalized for the
// field as CF would; null when nothing is read.
Json read_normalized(const Template& t, const std::string& text, const std::string& id) {
  Transcript transcript;
  transcript.text = text;
  ExtractionRequest req;
  req.tmpl = &t;
  for (const auto& f : t.fields) req.fields.push_back(&f);
  req.transcript = &transcript;
  auto r = make_rules_extractor()->extract(req);
  REQUIRE(r.has_value());
  auto it = r->values.find(id);
  return it == r->values.end() ? Json() : normalize_value_for_field(it->second.value, *t.find(id), NormalizeContext{}).value;
}
}  // namespace

TEST_CASE("rules: values follow their cues in a punctuated transcript", "[rules]") {
  Run r("Customer is Nadia Frost, frame number BK-7781. Front pressure 60, rear pressure 65. Lights fitted. "
        "Parts replaced: brake pads, chain and rear cable.");
  CHECK(r.value("customer_name") == "Nadia Frost");
  CHECK(r.value("frame_number") == "BK-7781");
  CHECK(r.value("front_psi") == 60);
  CHECK(r.value("rear_psi") == 65);
  CHECK(r.value("lights_fitted") == true);
  CHECK(r.value("parts_replaced") == "brake pads, chain, rear cable");
  // Fields the transcript never mentions are not returned (the current value stays)...
  CHECK_FALSE(r.has("helmet_sold"));
  CHECK_FALSE(r.has("notes"));
  // ...except the form's event date: filled while it happens, it is dated today, as a guess
  // (low confidence, no evidence).
  REQUIRE(r.has("service_date"));
  CHECK(r.result.values.at("service_date").confidence < 0.5);
  CHECK_FALSE(r.result.values.at("service_date").evidence);
}

TEST_CASE("rules: self-corrections keep the last stated value", "[rules]") {
  Run a("chain wear zero point five, no sorry, zero point seven five percent");
  CHECK(a.value("chain_wear") == 0.75);
  Run b("Labor two hours, scratch that, three hours.");
  CHECK(b.value("labor_hours") == 3);
  Run c("Front pressure 60, I mean 62.");
  CHECK(c.value("front_psi") == 62);
  Run d("Rear pressure should read 70, not 75.");
  CHECK(d.value("rear_psi") == 70);
  Run e("Serviced on March 3rd, 2024, sorry, 2025.");
  CHECK(e.value("service_date") == "2025-03-03");
  Run f("brakes are rim, make that disc");
  CHECK(f.value("brake_type") == "disc");
}

TEST_CASE("rules: disfluencies do not break a value", "[rules]") {
  Run r("Customer is, uh, um, Nadia Frost. Front pressure, let me see, uh, sixty.");
  CHECK(r.value("customer_name") == "Nadia Frost");
  CHECK(r.value("front_psi") == 60);
}

TEST_CASE("rules: 'X over Y' fills the two fields that share the cue", "[rules]") {
  Run r("Tire pressure sixty over sixty five. Condition good.");
  CHECK(r.value("front_psi") == 60);
  CHECK(r.value("rear_psi") == 65);
  Run slash("Tire pressure 55/60.");
  CHECK(slash.value("front_psi") == 55);
  CHECK(slash.value("rear_psi") == 60);
}

TEST_CASE("rules: a number next to another field's cue is not stolen, order does not matter", "[rules]") {
  Run r("rear pressure sixty five front pressure sixty labor hours two");
  CHECK(r.value("rear_psi") == 65);
  CHECK(r.value("front_psi") == 60);
  CHECK(r.value("labor_hours") == 2);
  Run units("Did 2 hours of labor. Chain wear is 0.5 percent.");
  CHECK(units.value("labor_hours") == 2);
  CHECK(units.value("chain_wear") == 0.5);
}

TEST_CASE("rules: booleans from cues and negations", "[rules]") {
  Run yes("Lights fitted. Helmet sold as well.");
  CHECK(yes.value("lights_fitted") == true);
  CHECK(yes.value("helmet_sold") == true);
  Run no("No lights fitted. The helmet was not sold.");
  CHECK(no.value("lights_fitted") == false);
  CHECK(no.value("helmet_sold") == false);
  Run later("Condition poor, lights not fitted");
  CHECK(later.value("lights_fitted") == false);
}

TEST_CASE("rules: enum options, guideline synonyms and negated options", "[rules]") {
  Run syn("Hydraulic brakes, condition okay.");
  CHECK(syn.value("brake_type") == "disc");
  CHECK(syn.value("condition") == "fair");
  Run neg("The brakes are rim, not disc. Condition is Good.");
  CHECK(neg.value("brake_type") == "rim");
  CHECK(neg.value("condition") == "good");
}

TEST_CASE("rules: free text runs to the next field cue or sentence end", "[rules]") {
  Run r("note squeaky saddle on the left side lights fitted");
  CHECK(r.value("notes") == "squeaky saddle on the left side");
  CHECK(r.value("lights_fitted") == true);
  Run cased("Workshop notes: customer wants the old tubes back. Condition fair.");
  CHECK(r.has("notes"));
  CHECK(cased.value("condition") == "fair");
}

TEST_CASE("rules: lowercase unpunctuated transcripts with spelled codes", "[rules]") {
  Run r("customer nadia frost frame number b k seven seven eight one front pressure sixty rear pressure sixty five "
        "parts brake pads and chain helmet sold");
  CHECK(r.value("customer_name") == "nadia frost");
  CHECK(r.value("frame_number") == "BK-7781");
  CHECK(r.value("front_psi") == 60);
  CHECK(r.value("rear_psi") == 65);
  CHECK(r.value("parts_replaced") == "brake pads, chain");
  CHECK(r.value("helmet_sold") == true);
}

TEST_CASE("rules: dates and times through CF", "[rules]") {
  Run r("Serviced on yesterday. Pick up at half past four in the afternoon.");
  CHECK(r.value("service_date") == "2026-05-10");
  CHECK(r.value("pickup_time") == "16:30");
}

TEST_CASE("rules: few-shot examples teach new cue phrases", "[rules]") {
  std::string text = "Nadia will collect at 5 pm. Stem bolts torqued.";
  Run zero(text);
  // Without examples the time is only an unlabeled clock time ("at 5 pm"): a low-confidence guess.
  REQUIRE(zero.has("pickup_time"));
  FewShot ex;
  ex.transcript = "Customer Ann Lee, she will collect at 4 pm, lights fitted.";
  ex.expected = Json{{"customer_name", "Ann Lee"}, {"pickup_time", "16:00"}, {"lights_fitted", true}};
  Run few(text, {ex});
  CHECK(few.value("pickup_time") == "17:00");
  CHECK(few.result.values.at("pickup_time").confidence > zero.result.values.at("pickup_time").confidence);
}

TEST_CASE("rules: evidence points at the transcript bytes", "[rules]") {
  Run r("Hello. Front pressure 60, rear pressure 65.");
  auto it = r.result.values.find("rear_psi");
  REQUIRE(it != r.result.values.end());
  REQUIRE(it->second.evidence);
  const Evidence& e = *it->second.evidence;
  REQUIRE(e.char_begin);
  REQUIRE(e.char_end);
  CHECK(r.transcript.text.substr(*e.char_begin, *e.char_end - *e.char_begin) == e.snippet);
  CHECK(e.snippet == "rear pressure 65");
  CHECK(it->second.confidence > 0.5);
  CHECK(it->second.confidence < 1.0);
}

TEST_CASE("rules: a per-field (S2) request gives the same value as the full request", "[rules]") {
  std::string text = "tire pressure sixty over sixty five customer nadia frost";
  Run all(text);
  Run one(text, {}, {"rear_psi"});
  REQUIRE(one.result.values.size() == 1);
  CHECK(one.value("rear_psi") == all.value("rear_psi"));
  CHECK(one.value("rear_psi") == 65);
}

TEST_CASE("rules: errors are values, not crashes", "[rules]") {
  ExtractionRequest req;
  auto r = make_rules_extractor()->extract(req);
  CHECK_FALSE(r.has_value());
  Template t = bike_template();
  Transcript empty;
  req.tmpl = &t;
  req.transcript = &empty;
  for (const auto& f : t.fields) req.fields.push_back(&f);
  auto ok = make_rules_extractor()->extract(req);
  REQUIRE(ok.has_value());
  CHECK(ok->values.empty());
}

// Conversations (docs/RULES.md "Conversations").
TEST_CASE("rules: a question's field is filled from the answer in the next turn", "[rules][dialogue]") {
  Run r("Mechanic: Morning. What tire pressure do you want up front? Customer: Sixty, please. "
        "Mechanic: Any helmet today? Customer: No, I've got one. Mechanic: Okay.");
  CHECK(r.value("front_psi") == 60);
  CHECK(r.value("helmet_sold") == false);
  // Speaker labels are not values: "Customer:" does not name the customer.
  CHECK_FALSE(r.has("customer_name"));
}

TEST_CASE("rules: a question alone sets no boolean", "[rules][dialogue]") {
  Run r("Mechanic: Lights?");
  CHECK_FALSE(r.has("lights_fitted"));
}

TEST_CASE("rules: negated boolean evidence includes the negator", "[rules][dialogue]") {
  Run r("Bike checked over. No helmet today.");
  REQUIRE(r.has("helmet_sold"));
  CHECK(r.value("helmet_sold") == false);
  REQUIRE(r.result.values.at("helmet_sold").evidence);
  CHECK(r.result.values.at("helmet_sold").evidence->snippet == "No helmet");
}

TEST_CASE("rules: clock times take am/pm from the talk and fill unlabeled time fields", "[rules][dialogue]") {
  CHECK(Run("This afternoon the customer said pick up at three.").value("pickup_time") == "15:00");
  CHECK(Run("Morning shift. Pick up at five to seven.").value("pickup_time") == "06:55");
  CHECK(Run("Back at half past two, the bike is ready.").value("pickup_time") == "14:30");
  // "at five pallets" is a count, not a clock time.
  CHECK_FALSE(Run("We stacked them at five pallets high.").has("pickup_time"));
  // A leading zero is the 24-hour clock, after "at" too; the 06 of a date is no time.
  CHECK(Run("Pick up at 05:55.").value("pickup_time") == "05:55");
  CHECK(Run("Pick up 21/06 at 05:55.").value("pickup_time") == "05:55");
  CHECK_FALSE(Run("Pick up 21/06.").has("pickup_time"));
}

TEST_CASE("rules: spelled codes write a hyphen where 'dash' is said", "[rules][dialogue]") {
  CHECK(Run("Frame number B K dash four four one two.").value("frame_number") == "BK-4412");
  CHECK(Run("Frame number four four one, two two nine.").value("frame_number") == "441229");
}

TEST_CASE("rules: capitals said as one word and then a number are one code", "[rules]") {
  // The bike template's guideline writes codes with a hyphen ("e.g. ...-..."), so all three do.
  CHECK(Run("The frame number is QX eighteen.").value("frame_number") == "QX-18");
  CHECK(Run("The frame number is QX 18, checked twice.").value("frame_number") == "QX-18");
  CHECK(Run("Frame number q x eighteen.").value("frame_number") == "QX-18");
}

TEST_CASE("rules: a two-word option alias said the other way round, digit pairs in codes, a unit after the number",
          "[rules]") {
  Template t;
  t.id = "incident";
  Field cause = make("cause", "Cause", FieldType::Enum);
  cause.options = {"water", "fire", "other"};
  cause.option_aliases = {{"water", {"burst pipe"}}, {"fire", {"smoke"}}};
  Field code = make("part_number", "Part number", FieldType::Text);
  code.guidelines = "Letters and digits as printed, e.g. 'BR-2291'.";
  Field dose = make("dose_mg", "Dose", FieldType::Number);
  dose.unit = "mg";
  t.fields = {cause, code, dose};
  const std::string text = "the damage started when a pipe burst upstairs part number b r twenty two ninety one gave "
                           "four milligrams at noon";
  auto value = [&](const std::string& id) { return read_normalized(t, text, id); };
  CHECK(value("cause") == "water");
  CHECK(value("part_number") == "BR-2291");
  CHECK(value("dose_mg") == 4);
}

TEST_CASE("rules: a dictation said many times over reads as said once", "[rules]") {
  const std::string once =
      "Customer is Nadia Frost, frame number BK-7781. Front pressure 60, rear pressure 65. Lights fitted, "
      "no helmet. Brakes are hydraulic discs, condition so-so. Pick up at 5:30 pm. Labor two hours. "
      "Parts replaced: brake pads, chain and rear cable. ";
  std::string many;
  for (int i = 0; i < 300; ++i) many += once;
  Run one(once);
  Run repeated(many);
  REQUIRE(one.result.values.size() >= 8);
  CHECK(repeated.result.values.size() == one.result.values.size());
  for (const auto& [id, candidate] : one.result.values) {
    INFO(id);
    CHECK(repeated.value(id) == one.value(id));
  }
}

TEST_CASE("rules: a stop request ends an extraction in progress", "[rules][cancel]") {
  Template tmpl = bike_template();
  Transcript transcript;
  transcript.text = "Customer is Nadia Frost. Front pressure 60.";
  ExtractionRequest req;
  req.tmpl = &tmpl;
  for (const auto& f : tmpl.fields) req.fields.push_back(&f);
  req.transcript = &transcript;
  auto extractor = make_rules_extractor();
  util::request_stop(SIGTERM);
  CHECK_THROWS_AS(extractor->extract(req), util::StopRequested);
  util::clear_stop();
  auto r = extractor->extract(req);
  REQUIRE(r);
  CHECK(r->values.count("customer_name") == 1);
}

TEST_CASE("rules: a yes or no closing its sentence answers that sentence's label, not the next one", "[rules]") {
  // "no." ends the sentence here: it is the abbreviation of "number" only before a numeral.
  Run one("Lights fitted: no. Helmet sold: yes.");
  CHECK(one.value("lights_fitted") == false);
  CHECK(one.value("helmet_sold") == true);
  Run other("Lights fitted: yes. Helmet sold: no.");
  CHECK(other.value("lights_fitted") == true);
  CHECK(other.value("helmet_sold") == false);
}

TEST_CASE("rules: a name whose capital is outside ASCII is still a name", "[rules]") {
  CHECK(Run("Customer name Zoë Łukasik, frame number BK-1234.").value("customer_name") == "Zoë Łukasik");
  CHECK(Run("Customer: Ólafur Árnason. Frame number BK-1234.").value("customer_name") == "Ólafur Árnason");
}

TEST_CASE("rules: an option said as an everyday synonym is that option", "[rules]") {
  Template t;
  t.id = "triage";
  Field grade = make("grade", "Grade", FieldType::Enum);
  grade.options = {"low", "medium", "high"};
  Field outcome = make("outcome", "Outcome", FieldType::Enum);
  outcome.options = {"open", "resolved", "closed"};
  Field sex = make("sex", "Sex", FieldType::Enum);
  sex.options = {"male", "female", "other"};
  t.fields = {grade, outcome, sex};
  const std::string text = "Grade is moderate. Outcome: fixed on site. Caller is a 60-year-old woman.";
  auto value = [&](const std::string& id) { return read_normalized(t, text, id); };
  CHECK(value("grade") == "medium");
  CHECK(value("outcome") == "resolved");
  CHECK(value("sex") == "female");
}

TEST_CASE("rules: a short abbreviation listed as a synonym is the label's word", "[rules]") {
  Template t;
  t.id = "intake";
  Field height = make("height_cm", "Height", FieldType::Number);
  height.unit = "cm";
  height.guidelines = "Centimetres; feet and inches converted, rounded to a whole cm.";
  Field weight = make("weight_kg", "Weight", FieldType::Number);
  weight.unit = "kg";
  t.fields = {height, weight};
  auto value = [&](const std::string& text, const std::string& id) { return read_normalized(t, text, id); };
  CHECK(value("Ht 6 foot 2, wt 215 lb.", "height_cm") == 188);
  CHECK(value("Ht 6 foot 2, wt 215 lb.", "weight_kg") == 97.5);
  // Two letters that are no listed abbreviation are no cue.
  CHECK(value("Hx 188.", "height_cm").is_null());
}

TEST_CASE("rules: a written e-mail address is one value, its dots no sentence ends", "[rules]") {
  Template t;
  t.id = "contact";
  Field email = make("email", "Email", FieldType::Text);
  Field phone = make("phone", "Phone", FieldType::Text);
  t.fields = {email, phone};
  auto read = [&](const std::string& text, const std::string& id) { return read_normalized(t, text, id); };
  CHECK(read("Email: jane.doe@example.com. Phone 555-0142.", "email") == Json("jane.doe@example.com"));
  CHECK(read("Email is j_smith+work@mail.example.co.uk, thanks.", "email") == Json("j_smith+work@mail.example.co.uk"));
  CHECK(read("Email: jane.doe@example.com. Phone 555-0142.", "phone") == Json("555-0142"));
}
