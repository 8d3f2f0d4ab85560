// Clause boundaries in speech written without punctuation, as PocketSphinx writes it (docs/RULES.md
// "Clause ends in unpunctuated speech"). Invented template and sentences.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "core/english_words.hpp"
#include "extract/rules/transcript_tokens.hpp"
#include "invox/template.hpp"
#include "support/rules_fixtures.hpp"

using namespace invox;
using invox::rules::Break;

namespace {
constexpr const char* kHelpdeskRef = "2026-03-11";

// An IT help-desk call: a time, a yes/no answer, a one-line text and a person.
Template helpdesk_call_template() {
  return testing::invented_template(R"({
    "id": "helpdesk-call", "title": "Help desk call", "version": "1",
    "fields": [
      {"id": "call_time", "label": "Call time", "type": "time", "description": "Time the caller rang"},
      {"id": "error_message", "label": "Error message", "type": "text"},
      {"id": "remote_access_permitted", "label": "Remote access permitted", "type": "boolean",
       "description": "Whether the caller let the technician connect remotely"},
      {"id": "caller_name", "label": "Caller name", "type": "text"},
      {"id": "users_affected", "label": "Users affected", "type": "number"}
    ]})");
}

Json helpdesk(const std::string& text, const std::string& id) {
  return testing::raw_value_on<helpdesk_call_template>(text, id, kHelpdeskRef);
}

// Index of the first token whose folded form is `word`.
size_t at(const rules::TokenizedText& t, const std::string& word) {
  for (size_t i = 0; i < t.tokens.size(); ++i)
    if (t.tokens[i].norm == word) return i;
  FAIL("no token " << word);
  return 0;
}
}  // namespace

TEST_CASE("unpunctuated speech: clauses end before their subject and around a response", "[rules][unseen]") {
  const std::string text =
      "hiya the scanner on desk four keeps jamming i got to page forty any luck nope so i think it's the roller";
  const auto t = rules::tokenize(text);
  CHECK(t.tokens[at(t, "hiya")].after == Break::Sentence);     // a response ends its own clause
  CHECK(t.tokens[at(t, "jamming")].after == Break::Sentence);  // before "i"
  CHECK(t.tokens[at(t, "forty")].after == Break::Sentence);    // "any" after a value asks
  CHECK(t.tokens[at(t, "luck")].question);                     // the question ends before the answer
  CHECK(t.tokens[at(t, "nope")].after == Break::Sentence);
  CHECK(t.tokens[at(t, "so")].after == Break::None);     // "so i": the joiner carries the clause on
  CHECK(t.tokens[at(t, "think")].after == Break::None);  // "think it's"
}

TEST_CASE("unpunctuated speech: an auxiliary before a subject asks a question", "[rules][unseen]") {
  const auto t = rules::tokenize("the badge reader by the lift is dead again did you try the other door yes it's the same");
  CHECK(t.tokens[at(t, "again")].after == Break::Sentence);
  CHECK(t.tokens[at(t, "door")].question);
  // "is the": a copula before an article is a statement, not a question.
  const auto u = rules::tokenize("the person on shift is the night porter dev sharma he rang it in at ten past two");
  for (const auto& tok : u.tokens) CHECK_FALSE(tok.question);
  CHECK(u.tokens[at(u, "is")].after == Break::None);
}

TEST_CASE("unpunctuated speech: punctuated and short text are left as written", "[rules][unseen]") {
  const auto punctuated = rules::tokenize("Hiya. The scanner keeps jamming, I cleared it twice. Any luck? Nope.");
  CHECK(punctuated.tokens[at(punctuated, "scanner")].after == Break::None);
  CHECK(punctuated.tokens[at(punctuated, "jamming")].after == Break::Comma);
  const auto short_phrase = rules::tokenize("okay printer jammed i cleared it");
  for (const auto& tok : short_phrase.tokens) CHECK(tok.after == Break::None);
}

TEST_CASE("unpunctuated speech: answers, times and values stop at the next clause", "[rules][unseen]") {
  // The refusal answers the offer; before, "i'd rather" ran on from "can i remote in".
  CHECK(helpdesk("help desk sam speaking hi sam it's nuala from payroll the screen says disk quota exceeded "
                 "can i remote in to your laptop no i'd rather you didn't i'm in a meeting",
                 "remote_access_permitted") == false);
  CHECK(helpdesk("help desk sam speaking hi sam it's nuala from payroll the screen says disk quota exceeded "
                 "can i remote in to your laptop yeah go ahead i'll stay on the line",
                 "remote_access_permitted") == true);
  // "it's quarter past nine" is the time of the call, not a caller called Quarter Past.
  const std::string call =
      "morning it's quarter past nine the printer on level two shows paper jam in tray two "
      "i've opened the tray and pulled the sheet out";
  CHECK(helpdesk(call, "call_time") == "09:15");
  CHECK(helpdesk(call, "caller_name").is_null());
}

namespace {
constexpr const char* kLettingsRef = "2026-09-01";

// A flat handover: a person, a department-like team, an address, a time and a reference code.
Template flat_handover_template() {
  return testing::invented_template(R"({
    "id": "flat-handover", "title": "Flat handover", "version": "1",
    "fields": [
      {"id": "agent_name", "label": "Agent name", "type": "text", "description": "The letting agent's full name"},
      {"id": "agent_team", "label": "Agent's department", "type": "text"},
      {"id": "property_address", "label": "Property address", "type": "text",
       "guidelines": "Numerals for numbers, e.g. '22 Elm Road, flat 3A'."},
      {"id": "handover_time", "label": "Handover time", "type": "time", "description": "Time the keys were handed over"},
      {"id": "deposit_ref", "label": "Deposit reference", "type": "text",
       "guidelines": "Letters and digits as said, e.g. 'DP-1234'."}
    ]})");
}

Json handover(const std::string& text, const std::string& id) {
  return testing::raw_value_on<flat_handover_template>(text, id, kLettingsRef);
}
}  // namespace

TEST_CASE("unpunctuated speech: a name of everyday words only is no person", "[rules][unseen]") {
  // Read with capitals the words after "it's" are a name; without them, "paper towels" is what
  // was said.
  CHECK(handover("morning all it's paper towels the agent said for the flat i have the keys and the inventory",
                 "agent_name")
            .is_null());
  CHECK(handover("morning all it's odile brannagh the agent for the flat i have the keys and the inventory",
                 "agent_name") == "odile brannagh");
  // A name of a word that is not everyday only ("kieran" is in no list) stays a name.
  CHECK(handover("morning all it's kieran bolt the agent for the flat i have the keys and the inventory",
                 "agent_name") == "kieran bolt");
  // Nor is one whose words are names as well as words ("Grace", "Hill").
  CHECK(handover("morning all it's grace hill the agent for the flat i have the keys and the inventory",
                 "agent_name") == "grace hill");
}

TEST_CASE("unpunctuated speech: departments, units, times and codes that run on", "[rules][unseen]") {
  const std::string visit =
      "hello i'm odile brannagh from lettings i've brought the inventory welcome to twelve quarry road flat two c";
  CHECK(handover(visit, "agent_team") == "lettings");
  CHECK(handover(visit, "property_address") == "12 quarry road flat 2C");
  // An unlabelled time its words mark stands though the talk runs straight on.
  CHECK(handover("the inventory is signed it's twenty past four overall a tidy place with no damage to speak of",
                 "handover_time") == "16:20");
  CHECK(handover("walk round done today sixteen hundred hours quarry heights block b the tenant signed the inventory",
                 "handover_time") == "16:00");
  // A code read back straight after it is said is the code once.
  CHECK(handover("deposit reference is d p four one one nine d p four one one nine and the tenant has a copy",
                 "deposit_ref") == "DP4119");
}

namespace {
// A callback: one person field no cue names.
Template order_callback_template() {
  return testing::invented_template(R"({
    "id": "order-callback", "title": "Order callback", "version": "1",
    "fields": [
      {"id": "customer_name", "label": "Customer name", "type": "text", "description": "Full name of the customer called"},
      {"id": "bags_ready", "label": "Bags ready", "type": "number"}
    ]})");
}
}  // namespace

TEST_CASE("unpunctuated speech: a name of words no everyday English has is left over for a person field",
          "[rules][unseen]") {
  const auto customer = [](const std::string& text) {
    return testing::raw_value_on<order_callback_template>(text, "customer_name", "2026-03-11");
  };
  CHECK(customer("good afternoon is this marisol okafor yes speaking thanks your order of twelve bags is ready "
                 "for you to collect") == "marisol okafor");
  CHECK(customer("good afternoon is this the corner shop yes speaking thanks your order of twelve bags is ready "
                 "for you to collect")
            .is_null());
}

TEST_CASE("everyday words: lower case only in the word list", "[rules][unseen]") {
  CHECK(lexicon::everyday_word("paper"));
  CHECK(lexicon::everyday_word("towels"));
  CHECK_FALSE(lexicon::everyday_word("grace"));   // also "Grace"
  CHECK_FALSE(lexicon::everyday_word("mensah"));  // not in the list
  CHECK_FALSE(lexicon::everyday_word("Paper"));   // asked in lower case only
  CHECK(lexicon::everyday_word("metres"));        // British spelling: from wbritish
}
