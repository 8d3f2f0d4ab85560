// Template parsing and validation must reject any byte string with an Error, never crash.
#include <cstddef>
#include <cstdint>
#include <string>

#include "invox/template.hpp"
#include "util/file_io.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto doc = invox::util::parse_json_text(text, "fuzz.json");
  if (!doc) return 0;
  auto tmpl = invox::parse_template(*doc, "fuzz.json");
  if (tmpl) {
    // A template that validates must round-trip through its JSON form.
    auto again = invox::parse_template(invox::to_json(*tmpl), "roundtrip");
    if (!again || again->fields.size() != tmpl->fields.size()) __builtin_trap();
  }
  return 0;
}
