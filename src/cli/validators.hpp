#pragma once
// Flag value checks whose messages a user can act on. CLI11's PositiveNumber prints its range
// up to the largest double ("not in range 0 to 1.79769e+308"); these say what is allowed.
#include <string>

#include <CLI/CLI.hpp>

namespace invox::cli {

// A whole number >= `min`: "-j 0: must be a whole number of at least 1".
[[nodiscard]] CLI::Validator at_least(long min);

}  // namespace invox::cli
