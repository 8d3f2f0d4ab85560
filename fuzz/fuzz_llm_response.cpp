// The LLM answer reader: fenced, prose-wrapped, truncated or garbage text gives an object or an
// Error, never a crash; whatever it returns is an object that serializes.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "llm/llm_response.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto extracted = invox::extract_json_object(text);
  if (extracted) {
    if (!extracted->value.is_object()) __builtin_trap();
    (void)extracted->value.dump(-1, ' ', false, invox::Json::error_handler_t::replace);
  }
  (void)invox::remove_trailing_commas(text);
  return 0;
}
