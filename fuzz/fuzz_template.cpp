// Template parsing and validation must reject any byte string with an Error, never crash, and a
// template that validates must round-trip (template_harness.hpp).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "template_harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (!invox::fuzz::template_input_holds(std::string_view(reinterpret_cast<const char*>(data), size))) __builtin_trap();
  return 0;
}
