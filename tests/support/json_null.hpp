#pragma once
// The JSON null a reader returns when it finds no value, for CHECK(read(...) == kNull).
#include "invox/json.hpp"

namespace invox::test {

inline const Json kNull = Json(nullptr);

}  // namespace invox::test
