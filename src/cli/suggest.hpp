#pragma once
// "Did you mean" for a command line CLI11 refused: `invox fil` -> 'fill', `--ouput` -> '--out'.
#include <string>

#include <CLI/CLI.hpp>

namespace invox::cli {

// Walks argv like the parser (subcommands narrow the scope; options of enclosing commands stay
// visible, as fallthrough makes them) and returns "did you mean 'X'?" for the first word that
// is neither a subcommand nor a flag in scope but is close to one; "" when nothing is close.
[[nodiscard]] std::string did_you_mean(const CLI::App& app, int argc, const char* const* argv);

// The first word of the command line when it is meant as a command but names none (`invox fil`),
// so the error says so instead of CLI11's "A subcommand is required"; "" otherwise.
[[nodiscard]] std::string unknown_command(const CLI::App& app, int argc, const char* const* argv);

}  // namespace invox::cli
