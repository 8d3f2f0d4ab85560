#include "support/rules_fixtures.hpp"

#include <catch2/catch.hpp>

#include "extract/rules/rules_engine.hpp"

namespace invox::testing {

Json rules_raw_value(const Template& t, const std::string& text, const std::string& id,
                     const std::string& reference_date) {
  NormalizeContext ctx;
  ctx.reference_date = reference_date;
  auto out = rules::extract_all(t, text, {}, ctx);
  auto it = out.find(id);
  return it == out.end() ? Json() : it->second.value;
}

Template invented_template(const char* json) {
  auto t = parse_template(Json::parse(json), "invented template");
  REQUIRE(t.has_value());
  return *t;
}

}  // namespace invox::testing
