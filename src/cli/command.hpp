#pragma once
// What every subcommand file shares: how a command reports its exit code and how an error
// reaches the single top-level catch in app.cpp.
#include <stdexcept>
#include <string>

#include <CLI/CLI.hpp>

#include "invox/expected.hpp"

namespace invox::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitInputFailed = 1;
inline constexpr int kExitUsage = 2;

// Thrown to abort a command; app.cpp prints "invox: error: <message>" and exits with `code`.
class CommandError : public std::runtime_error {
 public:
  CommandError(std::string message, int code) : std::runtime_error(std::move(message)), code_(code) {}
  [[nodiscard]] int code() const { return code_; }

 private:
  int code_;
};

// Before any input is processed, every failure is about the invocation (bad flag value,
// unreadable template, missing key, unsupported feature): exit 2. Transport or provider
// failures at that point are not the user's fault: exit 1.
[[nodiscard]] int exit_code_for(const Error& error);
[[noreturn]] void fail(const Error& error);
[[noreturn]] void fail_usage(const std::string& message);

// Commands record their exit code here; app.cpp returns it after parsing succeeded.
void set_exit_code(int code);
[[nodiscard]] int exit_code();

// Subcommands. Each lives in its own file; owners of later issues replace their file.
void setup_fill(CLI::App& app);
void setup_transcribe(CLI::App& app);
void setup_eval(CLI::App& app);
void setup_calibrate(CLI::App& app);
void setup_template(CLI::App& app);
void setup_history(CLI::App& app);
void setup_models(CLI::App& app);
void setup_review(CLI::App& app);
void setup_readback(CLI::App& app);

}  // namespace invox::cli
