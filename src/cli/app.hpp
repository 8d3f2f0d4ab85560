#pragma once
// Builds the CLI11 application (every subcommand) and runs it with the one top-level catch.
namespace invox::cli {

// Parses argv, runs the chosen subcommand and returns the process exit code (DESIGN.md:
// 0 ok, 1 at least one input failed, 2 usage or configuration error).
[[nodiscard]] int run(int argc, char** argv);

}  // namespace invox::cli
