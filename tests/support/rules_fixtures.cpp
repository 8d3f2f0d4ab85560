#include "support/rules_fixtures.hpp"

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

}  // namespace invox::testing
