#pragma once
// Reading provider answers without trusting their shape: a member that is missing, null or of
// another type reads as empty / 0 instead of throwing (no library exception text may reach a
// user; some OpenAI-compatible servers send "usage": null).
#include <string>

#include "invox/json.hpp"

namespace invox::llm {

[[nodiscard]] inline const Json* member(const Json& o, const char* key) {
  if (!o.is_object()) return nullptr;
  auto it = o.find(key);
  return it == o.end() ? nullptr : &*it;
}

[[nodiscard]] inline std::string string_at(const Json& o, const char* key) {
  const Json* m = member(o, key);
  return m && m->is_string() ? m->get<std::string>() : std::string();
}

// A token count: a non-negative number, else 0.
[[nodiscard]] inline long count_at(const Json& o, const char* key) {
  const Json* m = member(o, key);
  if (!m || !m->is_number()) return 0;
  const double v = m->get<double>();
  return v > 0 && v < 1e15 ? static_cast<long>(v) : 0;
}

[[nodiscard]] inline const Json& object_at(const Json& o, const char* key) {
  static const Json empty = Json::object();
  const Json* m = member(o, key);
  return m && m->is_object() ? *m : empty;
}

}  // namespace invox::llm
