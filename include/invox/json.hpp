#pragma once
// One JSON type for the whole project. ordered_json keeps keys in insertion order, so
// outputs read in the order DESIGN.md documents and templates list their fields.
#include <nlohmann/json.hpp>

namespace invox {
using Json = nlohmann::ordered_json;
}  // namespace invox
