// Businesses and the people who speak for them: a person introducing themself is no business's
// name, the organisation answering a call is not the one the form is about, and a name ending
// in a company's word is no person's when the field asks for a first and last name
// (docs/RULES.md "Problem fields, spelled digits, businesses and callers"). Invented template,
// hand-written sentences.
#include <catch2/catch.hpp>

#include "invox/template.hpp"
#include "support/rules_fixtures.hpp"

using namespace invox;

namespace {
constexpr const char* kEnquiryRef = "2026-03-09";

Template catering_enquiry_template() {
  return testing::invented_template(R"({
    "id": "catering-enquiry", "title": "Catering loan enquiry", "version": "1",
    "fields": [
      {"id": "business_name", "label": "Business", "type": "text", "description": "Trading name of the business",
       "aliases": ["business", "company"]},
      {"id": "contact_name", "label": "Contact", "type": "text", "description": "Person making the enquiry",
       "aliases": ["contact", "owner", "director"], "guidelines": "First and last name."}
    ]})");
}

Json enquiry_value(const std::string& text, const std::string& id) {
  return testing::raw_value_on<catering_enquiry_template>(text, id, kEnquiryRef);
}
}  // namespace

TEST_CASE("rules: a person introducing themself is no business's name", "[rules][unseen]") {
  const std::string call = "Small business banking, this is Dana. - Hi Dana, my name's Leo Marsh, I own Copperkettle LLC.";
  CHECK(enquiry_value(call, "business_name") == "Copperkettle LLC");
  CHECK(enquiry_value(call, "contact_name") == "Leo Marsh");
}

TEST_CASE("rules: the organisation answering a call is not the one the form is about", "[rules][unseen]") {
  const std::string call =
      "Hello, Brightwater Bank business desk, Tomas speaking. - Hi Tomas, I'm Ines Duarte, I run Little Fig Catering "
      "Ltd.";
  CHECK(enquiry_value(call, "business_name") == "Little Fig Catering Ltd");
  // Said alone, the answering organisation is still the only one there is.
  CHECK(enquiry_value("Hello, Brightwater Bank business desk, Tomas speaking.", "business_name") == "Brightwater Bank");
}

TEST_CASE("rules: a field asking for a first and last name takes no company's name", "[rules][unseen]") {
  const std::string notes = "Notes from the call. Priya Nair, she's the director of Harbour Lane Bakery Limited.";
  CHECK(enquiry_value(notes, "contact_name") == "Priya Nair");
  CHECK(enquiry_value(notes, "business_name") == "Harbour Lane Bakery Limited");
}
