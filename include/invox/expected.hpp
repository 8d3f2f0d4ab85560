#pragma once
// Expected failures travel as values (missing file, HTTP status, parse error), carrying
// enough context for a user to act; exceptions are kept for aborting a whole run.
#include <string>
#include <utility>
#include <variant>

namespace invox {

// What kind of failure it is decides the exit code and whether a retry can help.
enum class ErrorKind {
  Input,          // a bad input file: that input fails, the batch goes on
  Config,         // usage or configuration error: exit code 2
  Network,        // transport failure, timeout (retryable)
  Provider,       // remote API returned an error status or unusable body
  Unsupported,    // a feature or format this build cannot handle
  Internal,
};

struct Error {
  ErrorKind kind = ErrorKind::Internal;
  std::string message;  // complete sentence: what failed, where, and what to do

  static Error input(std::string m) { return {ErrorKind::Input, std::move(m)}; }
  static Error config(std::string m) { return {ErrorKind::Config, std::move(m)}; }
  static Error network(std::string m) { return {ErrorKind::Network, std::move(m)}; }
  static Error provider(std::string m) { return {ErrorKind::Provider, std::move(m)}; }
  static Error unsupported(std::string m) { return {ErrorKind::Unsupported, std::move(m)}; }
  static Error internal(std::string m) { return {ErrorKind::Internal, std::move(m)}; }
};

// A minimal std::expected stand-in (C++20 has none): either a value or an Error.
template <class T>
class [[nodiscard]] Expected {
 public:
  Expected(T value) : data_(std::move(value)) {}
  Expected(Error error) : data_(std::move(error)) {}

  [[nodiscard]] bool has_value() const { return data_.index() == 0; }
  explicit operator bool() const { return has_value(); }
  T& value() & { return std::get<0>(data_); }
  const T& value() const& { return std::get<0>(data_); }
  T&& value() && { return std::get<0>(std::move(data_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  [[nodiscard]] const Error& error() const { return std::get<1>(data_); }

 private:
  std::variant<T, Error> data_;
};

// For operations that return nothing on success.
struct Unit {};
using Status = Expected<Unit>;
inline Status ok() { return Unit{}; }

}  // namespace invox
