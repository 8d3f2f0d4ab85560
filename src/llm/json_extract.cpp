// Pulls a JSON object out of a model's free-form answer (llm_response.hpp).
#include <fmt/format.h>

#include <optional>

#include "llm/llm_response.hpp"

namespace invox {

namespace {

std::optional<Json> parse_object(std::string_view text) {
  auto doc = Json::parse(text.begin(), text.end(), nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) return std::nullopt;
  return doc;
}

// The body of the first ``` fenced block (the language tag line skipped), if any.
std::optional<std::string_view> fenced_block(std::string_view text) {
  const auto open = text.find("```");
  if (open == std::string_view::npos) return std::nullopt;
  auto body_start = text.find('\n', open + 3);
  if (body_start == std::string_view::npos) return std::nullopt;
  ++body_start;
  auto close = text.find("```", body_start);
  if (close == std::string_view::npos) close = text.size();  // an unterminated fence
  return text.substr(body_start, close - body_start);
}

struct Scan {
  size_t end = 0;             // one past the closing brace, when complete
  bool complete = false;
  bool too_deep = false;
  size_t last_top_comma = 0;  // position of the last ',' directly inside the outer object
};

// Brace matching from text[start] == '{', skipping braces inside strings.
Scan scan_object(std::string_view text, size_t start, int max_depth) {
  Scan s;
  int depth = 0;
  bool in_string = false;
  bool escaped = false;
  for (size_t i = start; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    else if (c == '{' || c == '[') {
      if (++depth > max_depth) {
        s.too_deep = true;
        return s;
      }
    } else if (c == '}' || c == ']') {
      if (--depth == 0) {
        s.end = i + 1;
        s.complete = true;
        return s;
      }
    } else if (c == ',' && depth == 1) {
      s.last_top_comma = i;
    }
  }
  return s;
}

}  // namespace

std::string remove_trailing_commas(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  bool in_string = false;
  bool escaped = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
      out += c;
      continue;
    }
    if (c == '"') in_string = true;
    if (c == ',') {
      size_t j = i + 1;
      while (j < text.size() && (text[j] == ' ' || text[j] == '\n' || text[j] == '\r' || text[j] == '\t')) ++j;
      if (j < text.size() && (text[j] == '}' || text[j] == ']')) continue;
    }
    out += c;
  }
  return out;
}

Expected<JsonExtraction> extract_json_object(std::string_view text, const JsonExtractionOptions& options) {
  if (auto whole = parse_object(text)) return JsonExtraction{std::move(*whole), false, false};
  std::string_view region = text;
  if (auto fenced = fenced_block(text)) region = *fenced;

  std::string last_problem = "the answer contains no JSON object";
  for (size_t start = region.find('{'); start != std::string_view::npos; start = region.find('{', start + 1)) {
    const Scan scan = scan_object(region, start, options.max_depth);
    if (scan.too_deep) return Error::provider(fmt::format("the JSON in the answer nests deeper than {} levels", options.max_depth));
    if (scan.complete) {
      const auto candidate = remove_trailing_commas(region.substr(start, scan.end - start));
      if (auto doc = parse_object(candidate)) return JsonExtraction{std::move(*doc), false, true};
      last_problem = "the JSON object in the answer is not valid JSON";
      continue;  // maybe a later '{' starts the real object (prose with braces before it)
    }
    // Unclosed: the answer was cut off. Keep the complete members before the last top-level comma.
    if (!options.recover_truncated || scan.last_top_comma == 0) {
      return Error::provider("the JSON object in the answer is truncated (cut off before its end)");
    }
    std::string prefix(region.substr(start, scan.last_top_comma - start));
    prefix += '}';
    if (auto doc = parse_object(remove_trailing_commas(prefix))) return JsonExtraction{std::move(*doc), true, true};
    return Error::provider("the JSON object in the answer is truncated and could not be recovered");
  }
  return Error::provider(last_problem);
}

}  // namespace invox
