// The LLM answer reader: fenced, prose-wrapped, truncated or garbage text gives an object or an
// Error, never a crash; whatever it returns is an object that serializes (llm_response_harness.hpp).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "llm_response_harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (!invox::fuzz::llm_answer_holds(std::string_view(reinterpret_cast<const char*>(data), size))) __builtin_trap();
  return 0;
}
