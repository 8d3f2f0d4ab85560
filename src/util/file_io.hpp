#pragma once
// Reading files with a size limit and errors that name the path.
#include <cstdint>
#include <filesystem>
#include <string>

#include "invox/expected.hpp"
#include "invox/json.hpp"

namespace invox::util {

inline constexpr std::uintmax_t kMaxTextFileBytes = 64ull << 20;  // templates, transcripts, JSON
inline constexpr size_t kMaxJsonDepth = 64;

// Reads a whole file; refuses files larger than `max_bytes` before reading them.
[[nodiscard]] Expected<std::string> read_file(const std::filesystem::path& path,
                                              std::uintmax_t max_bytes = kMaxTextFileBytes);
// Reads and parses JSON; malformed JSON reports "<path>: invalid JSON at line L, column C: ...".
[[nodiscard]] Expected<Json> read_json_file(const std::filesystem::path& path);
[[nodiscard]] Expected<Json> parse_json_text(const std::string& text, const std::string& origin);

}  // namespace invox::util
