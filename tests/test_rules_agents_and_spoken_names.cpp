// Who did the field's action, whose name a question asks for, and names in speech without
// capitals (docs/RULES.md "Agents, titles and names said without capitals"). Invented templates,
// hand-written sentences.
#include <catch2/catch.hpp>

#include "invox/template.hpp"
#include "support/rules_fixtures.hpp"
#include "util/strings.hpp"

using namespace invox;

namespace {
constexpr const char* kAgentRef = "2026-06-10";

// Two people and a place: the description of each person says what they did.
Template hive_template() {
  return testing::invented_template(R"({
    "id": "hive-check", "title": "Hive check", "version": "1",
    "fields": [
      {"id": "apiary_name", "label": "Apiary", "type": "text", "description": "Apiary name",
       "aliases": ["apiary", "site"]},
      {"id": "checked_by", "label": "Beekeeper", "type": "text", "description": "Person who did the check",
       "aliases": ["beekeeper", "checked by"], "guidelines": "First and last name."},
      {"id": "swarm_contact", "label": "Swarm contact", "type": "text", "description": "Person who boxed the swarm",
       "aliases": ["swarm contact"], "guidelines": "First and last name."},
      {"id": "told", "label": "Escalated to", "type": "text", "description": "Manager the problem was escalated to",
       "aliases": ["escalated to", "told"], "guidelines": "First and last name."},
      {"id": "frames", "label": "Brood frames", "type": "number", "aliases": ["brood frames", "frames"]},
      {"id": "veil_worn", "label": "Veil worn", "type": "boolean", "aliases": ["veil"]},
      {"id": "stung", "label": "Stings", "type": "boolean", "aliases": ["stings", "stung"]}
    ]})");
}

// A member of the public and the desk's staff member; a count and a weight.
Template return_template() {
  return testing::invented_template(R"({
    "id": "library-return", "title": "Library return", "version": "1",
    "fields": [
      {"id": "borrower_name", "label": "Borrower", "type": "text", "description": "Member returning the items",
       "aliases": ["borrower", "member"], "guidelines": "First and last name."},
      {"id": "received_by", "label": "Received by", "type": "text",
       "description": "Library staff member who took the return", "aliases": ["received by"],
       "guidelines": "First and last name."},
      {"id": "crate_kg", "label": "Crate weight", "type": "number", "unit": "kg", "aliases": ["crate weight"]},
      {"id": "items", "label": "Items", "type": "number", "aliases": ["items", "books"]}
    ]})");
}

// A patient handed over to a nurse, and a porter who confirms a guest.
Template ward_template() {
  return testing::invented_template(R"({
    "id": "ward-handover", "title": "Ward handover", "version": "1",
    "fields": [
      {"id": "patient_name", "label": "Patient", "type": "text", "aliases": ["patient"],
       "guidelines": "First and last name."},
      {"id": "accepting_nurse", "label": "Accepting nurse", "type": "text",
       "description": "Nurse who takes over the patient", "aliases": ["accepting nurse"],
       "guidelines": "First and last name."},
      {"id": "porter_name", "label": "Porter", "type": "text", "aliases": ["porter"],
       "guidelines": "First and last name."}
    ]})");
}

// A customer's name and a reviewer whose cue ends with "from".
Template sweep_template() {
  return testing::invented_template(R"({
    "id": "sweep-visit", "title": "Chimney sweep visit", "version": "1",
    "fields": [
      {"id": "sweep_name", "label": "Sweep", "type": "text", "description": "Sweep on the job",
       "aliases": ["sweep"], "guidelines": "First and last name."},
      {"id": "customer_name", "label": "Customer", "type": "text", "description": "Householder the visit is for",
       "aliases": ["customer", "householder"], "guidelines": "First and last name; titles dropped."},
      {"id": "visit_date", "label": "Visit date", "type": "date", "aliases": ["visit", "since"]}
    ]})");
}

// A reviewer whose cue ends with "from", and the one reviewed.
Template feedback_template() {
  return testing::invented_template(R"({
    "id": "visit-feedback", "title": "Visit feedback", "version": "1",
    "fields": [
      {"id": "staff_name", "label": "Staff member", "type": "text", "description": "Person the feedback is about",
       "aliases": ["staff member"], "guidelines": "First and last name."},
      {"id": "reviewer_name", "label": "Reviewer", "type": "text", "description": "Person giving the feedback",
       "aliases": ["feedback from"], "guidelines": "First and last name."},
      {"id": "rating", "label": "Rating", "type": "number", "aliases": ["rating", "stars"]}
    ]})");
}

// What the engine reads for field `id` from `text` on the form `Make` builds (built once).
template <Template (*Make)()>
Json value_in(const std::string& text, const std::string& id) {
  return testing::raw_value_on<Make>(text, id, kAgentRef);
}

// Names compare as the scorer does, without regard to case.
bool same_name(const Json& v, const std::string& name) {
  return v.is_string() && util::to_lower_ascii(v.get<std::string>()) == util::to_lower_ascii(name);
}
}  // namespace

TEST_CASE("rules: the description says what the field's person did", "[rules][unseen]") {
  // "Person who boxed the swarm": a question of who boxed them is answered with that person,
  // though no cue of the field is said.
  CHECK(same_name(
      value_in<hive_template>("Who boxed them in the end? Me, Ottoline Farrant, before lunch.", "swarm_contact"),
      "Ottoline Farrant"));
  // "... by me, <name>", said without capitals too.
  CHECK(same_name(value_in<hive_template>("the swarm was boxed by me ottoline farrant near the gate", "swarm_contact"),
                  "ottoline farrant"));
}

TEST_CASE("rules: a speaker who introduces themself doing the field's action is its person", "[rules][unseen]") {
  const std::string said = "This is Wendell Ashgrove doing the hive check at Upper Meadow. Eight brood frames.";
  CHECK(same_name(value_in<hive_template>(said, "checked_by"), "Wendell Ashgrove"));
  CHECK_FALSE(same_name(value_in<hive_template>(said, "apiary_name"), "Wendell Ashgrove"));
  CHECK(
      same_name(value_in<hive_template>("this is wendell ashgrove doing the hive check at upper meadow", "checked_by"),
                "wendell ashgrove"));
  // An introduction without the action names nobody for the field.
  CHECK_FALSE(same_name(value_in<hive_template>("This is Wendell Ashgrove. The bees are calm.", "checked_by"),
                        "Wendell Ashgrove"));
}

TEST_CASE("rules: a role of two words before a name said without capitals", "[rules][unseen]") {
  CHECK(same_name(
      value_in<hive_template>("queen cell found so i told the night supervisor dorota kaminski and left it", "told"),
      "dorota kaminski"));
  // One role word was stepped over before.
  CHECK(same_name(
      value_in<hive_template>("queen cell found so i told the supervisor dorota kaminski and left it", "told"),
      "dorota kaminski"));
}

TEST_CASE("rules: a contraction typed without its apostrophe reads as the contraction", "[rules][unseen]") {
  CHECK(value_in<hive_template>("she didnt have the veil on today", "veil_worn") == Json(false));
  CHECK(value_in<hive_template>("she didn't have the veil on today", "veil_worn") == Json(false));
  CHECK(value_in<hive_template>("veil on the whole time", "veil_worn") == Json(true));
}

TEST_CASE("rules: a name said with where its owner works is the staff member's", "[rules][unseen]") {
  // "Library staff member": the description says staff.
  const std::string lower = "hi i'm tamsin oakley from the front desk logging a return for jonah pike";
  CHECK(same_name(value_in<return_template>(lower, "received_by"), "tamsin oakley"));
  CHECK_FALSE(same_name(value_in<return_template>(lower, "borrower_name"), "tamsin oakley"));
  CHECK(same_name(
      value_in<return_template>("Hi, I'm Tamsin Oakley from Northgate Library, logging a return.", "received_by"),
      "Tamsin Oakley"));
  // Without capitals, "from" must follow the name at once and name something.
  CHECK_FALSE(same_name(value_in<return_template>("hi i'm tamsin oakley from twelve till four", "received_by"),
                        "tamsin oakley"));
}

TEST_CASE("rules: a unit word is said after its own number, not before the next", "[rules][unseen]") {
  const std::string said = "The crate weight is twelve kilos, nine books inside.";
  CHECK(value_in<return_template>(said, "crate_kg") == Json(12));
  CHECK(value_in<return_template>(said, "items") == Json(9));
}

TEST_CASE("rules: without capitals a title or 'named' marks the name left for a person field", "[rules][unseen]") {
  const std::string intro = "right this is gareth pryce on the job at number forty one ";
  CHECK(same_name(value_in<sweep_template>(intro + "for a mrs delia harrow got here at two", "customer_name"),
                  "delia harrow"));
  CHECK(same_name(value_in<sweep_template>(intro + "for a lady named delia harrow got here at two", "customer_name"),
                  "delia harrow"));
  // Unmarked words are no name.
  CHECK(value_in<sweep_template>(intro + "for the old vicarage got here at two", "customer_name").is_null());
}

TEST_CASE("rules: names that are no person's are not left over for a person field", "[rules][unseen]") {
  // A business thanked for the call and a holiday are not a second left-over name that blocks
  // the guess.
  CHECK(same_name(
      value_in<sweep_template>("- Thanks for calling Hollow Lane Chimneys, this is Gareth Pryce. - Hi, it's booked "
                               "under my name, Imelda Crane. - Lovely, see you then.",
                               "customer_name"),
      "Imelda Crane"));
  CHECK(same_name(
      value_in<sweep_template>("This is Gareth Pryce. We've had it blocked since Boxing Day. - It's under my name, "
                               "Imelda Crane. - Lovely.",
                               "customer_name"),
      "Imelda Crane"));
  // Nor is a place named after a preposition and an article.
  CHECK(same_name(value_in<sweep_template>("This is Gareth Pryce. The lady works as a nurse at the Royal Infirmary. - "
                                           "It's under my name, Imelda Crane. - Lovely.",
                                           "customer_name"),
                  "Imelda Crane"));
  // A capitalized run after a company's opener names the company, not the person after a cue.
  CHECK_FALSE(same_name(
      value_in<return_template>("Borrower: I'm with Northgate Readers, returning two books.", "borrower_name"),
      "Northgate Readers"));
}

TEST_CASE("rules: whose name a who-question asks for", "[rules][unseen]") {
  // "Who's got the bed six patient?" asks for the nurse who has the patient.
  const std::string got = "Who's got the bed six patient? - That's me, Rhiannon Vale. - Okay, this is Idris Penrose.";
  CHECK_FALSE(same_name(value_in<ward_template>(got, "patient_name"), "Rhiannon Vale"));
  CHECK(same_name(value_in<ward_template>("Who's the patient? - Idris Penrose.", "patient_name"), "Idris Penrose"));
  // "That's him." says the name asked about is someone else's, not the answering porter's.
  const std::string him =
      "Clerk: Morning. Porter: Morning. Clerk: Is it for a Mr... Bartholomew Quigg? "
      "Porter: That's him. Clerk: Thanks.";
  CHECK_FALSE(same_name(value_in<ward_template>(him, "porter_name"), "Bartholomew Quigg"));
  const std::string me =
      "Clerk: Morning. Porter: Morning. Clerk: Are you Bartholomew Quigg? Porter: That's me. "
      "Clerk: Thanks.";
  CHECK(same_name(value_in<ward_template>(me, "porter_name"), "Bartholomew Quigg"));
}

TEST_CASE("rules: a cue trimmed of its preposition is not said with another", "[rules][unseen]") {
  // "feedback from": "the feedback for Cosima Hart" names whom it is about, not who gave it.
  const std::string said = "This is the feedback for Cosima Hart, flue swept, five stars.";
  CHECK_FALSE(same_name(value_in<feedback_template>(said, "reviewer_name"), "Cosima Hart"));
  CHECK(same_name(value_in<feedback_template>(said, "staff_name"), "Cosima Hart"));
  CHECK(
      same_name(value_in<feedback_template>("Feedback from Cosima Hart, five stars.", "reviewer_name"), "Cosima Hart"));
  // A place after the shortened cue is no person either.
  CHECK_FALSE(
      same_name(value_in<hive_template>("Checked at Upper Meadow, eight brood frames.", "checked_by"), "Upper Meadow"));
}

TEST_CASE("rules: a negation anywhere in the first sentence of a yes-no answer says no", "[rules][unseen]") {
  CHECK(value_in<hive_template>("Did she wear the veil? She said she looked for it and never found one.",
                                "veil_worn") == Json(false));
  CHECK(value_in<hive_template>("Did she wear the veil? She said she had it on all morning.", "veil_worn") ==
        Json(true));
  // Past a comma, "no" before a noun denies something else.
  CHECK(value_in<hive_template>("Any stings? - Just the one, no swelling.", "stung") == Json(true));
  // Only the first sentence answers.
  CHECK(value_in<hive_template>("Did she wear the veil? She had it on all morning. Nobody got stung.", "veil_worn") ==
        Json(true));
}
