#include "util/file_io.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>

namespace invox::util {

namespace fs = std::filesystem;

Expected<std::string> read_file(const fs::path& path, std::uintmax_t max_bytes) {
  std::error_code ec;
  const auto status = fs::status(path, ec);
  if (ec || !fs::exists(status)) return Error::input(fmt::format("{}: no such file", path.string()));
  if (fs::is_directory(status)) return Error::input(fmt::format("{}: is a directory, expected a file", path.string()));
  const auto size = fs::file_size(path, ec);
  if (!ec && size > max_bytes) {
    return Error::input(fmt::format("{}: file is {} MB, larger than the {} MB limit for this kind of input",
                                    path.string(), size >> 20, max_bytes >> 20));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return Error::input(fmt::format("{}: cannot open for reading ({})", path.string(), std::strerror(errno)));
  }
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) return Error::input(fmt::format("{}: read error", path.string()));
  std::string data = buffer.str();
  if (data.size() > max_bytes) {
    return Error::input(fmt::format("{}: larger than the {} MB limit", path.string(), max_bytes >> 20));
  }
  return data;
}

namespace {

// Nesting deeper than any real template, transcript or case is refused before parsing, so
// hostile inputs cannot exhaust the stack in recursive code that walks the document later.
std::optional<size_t> excessive_nesting_offset(const std::string& text) {
  size_t depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonDepth) return i;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return std::nullopt;
}

}  // namespace

Expected<Json> parse_json_text(const std::string& text, const std::string& origin) {
  if (auto offset = excessive_nesting_offset(text)) {
    return Error::input(fmt::format("{}: JSON nested deeper than {} levels (at byte {}); this is not an invox document",
                                    origin, kMaxJsonDepth, *offset));
  }
  // Line/column are computed from the byte offset nlohmann reports.
  try {
    return Json::parse(text);
  } catch (const Json::parse_error& e) {
    size_t line = 1, column = 1;
    const size_t limit = std::min<size_t>(e.byte > 0 ? e.byte - 1 : 0, text.size());
    for (size_t i = 0; i < limit; ++i) {
      if (text[i] == '\n') { ++line; column = 1; } else { ++column; }
    }
    std::string what = e.what();
    if (auto pos = what.find("syntax error"); pos != std::string::npos) what = what.substr(pos);
    return Error::input(fmt::format("{}: invalid JSON at line {}, column {}: {}", origin, line, column, what));
  } catch (const Json::exception& e) {
    // Well-formed but not representable, e.g. a number literal too large for a double.
    std::string what = e.what();
    if (auto pos = what.find("] "); pos != std::string::npos) what = what.substr(pos + 2);
    return Error::input(fmt::format("{}: unusable JSON: {}", origin, what));
  }
}

Expected<Json> read_json_file(const fs::path& path) {
  auto text = read_file(path);
  if (!text) return text.error();
  return parse_json_text(*text, path.string());
}

}  // namespace invox::util
