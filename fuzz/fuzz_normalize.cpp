// CF normalization of arbitrary strings for every field type: a value or an issue, never a crash,
// and normalization is idempotent on its own output (normalize_harness.hpp).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "normalize_harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (!invox::fuzz::normalization_holds(std::string_view(reinterpret_cast<const char*>(data), size))) __builtin_trap();
  return 0;
}
