#include "llm/evidence.hpp"

#include <cctype>
#include <string>
#include <vector>

namespace invox::llm {

namespace {

// Lower-cased alphanumerics with every other run collapsed to one space, plus the original
// byte offset of each folded character, so a folded match maps back to the transcript.
struct Folded {
  std::string text;
  std::vector<size_t> origin;
};

Folded fold(std::string_view s) {
  Folded f;
  bool pending_space = false;
  for (size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (std::isalnum(c) || c >= 0x80) {
      if (pending_space && !f.text.empty()) {
        f.text += ' ';
        f.origin.push_back(i);
      }
      pending_space = false;
      f.text += static_cast<char>(std::tolower(c));
      f.origin.push_back(i);
    } else {
      pending_space = true;
    }
  }
  return f;
}

std::string value_text(const Json& v, const Field& field) {
  if (v.is_string()) {
    std::string s = v.get<std::string>();
    // A textarea is grounded when its first item is; the rest are checked by VER.
    if (field.type == FieldType::Textarea) s = s.substr(0, s.find(','));
    return s;
  }
  if (v.is_number_integer()) return std::to_string(v.get<long long>());
  if (v.is_number()) {
    std::string s = v.dump();
    return s;
  }
  return {};
}

void attach_times(Evidence& e, const Transcript& t) {
  const Folded snippet = fold(e.snippet);
  for (const auto& seg : t.segments) {
    if (!snippet.text.empty() && fold(seg.text).text.find(snippet.text) != std::string::npos) {
      e.start = seg.start;
      e.end = seg.end;
      return;
    }
  }
}

bool is_word_start(std::string_view text, size_t i) {
  return i == 0 || !std::isalnum(static_cast<unsigned char>(text[i - 1]));
}

}  // namespace

std::optional<Evidence> find_evidence(const Json& value, const Field& field, const Transcript& transcript,
                                      const NormalizeContext& ctx) {
  if (value.is_null()) return std::nullopt;
  const std::string_view text = transcript.text;
  const auto needle = fold(value_text(value, field));
  if (!needle.text.empty()) {
    const auto hay = fold(text);
    for (size_t at = hay.text.find(needle.text); at != std::string::npos; at = hay.text.find(needle.text, at + 1)) {
      // Whole words only: "12" must not be found inside "2012".
      const size_t end = at + needle.text.size();
      const bool left_ok = at == 0 || hay.text[at - 1] == ' ';
      const bool right_ok = end == hay.text.size() || hay.text[end] == ' ';
      if (!left_ok || !right_ok) continue;
      Evidence e;
      e.char_begin = hay.origin[at];
      e.char_end = hay.origin[end - 1] + 1;
      e.snippet = std::string(text.substr(*e.char_begin, *e.char_end - *e.char_begin));
      attach_times(e, transcript);
      return e;
    }
  }
  if (field.type == FieldType::Text || field.type == FieldType::Textarea) return std::nullopt;
  // Typed values are often spoken differently from how they are written: parse from each
  // word start and compare after normalization.
  const auto target = normalize_value_for_field(value, field, ctx).value;
  if (target.is_null()) return std::nullopt;
  for (size_t i = 0; i < text.size(); ++i) {
    if (!is_word_start(text, i) || std::isspace(static_cast<unsigned char>(text[i]))) continue;
    const auto parsed = parse_value_prefix(text.substr(i), field, ctx);
    if (!parsed || parsed->consumed == 0 || parsed->value.is_null()) continue;
    if (!values_match(target, parsed->value, field)) continue;
    Evidence e;
    size_t begin = i;
    while (begin < text.size() && std::isspace(static_cast<unsigned char>(text[begin]))) ++begin;
    e.char_begin = begin;
    e.char_end = std::min(text.size(), i + parsed->consumed);
    e.snippet = std::string(text.substr(begin, *e.char_end - begin));
    attach_times(e, transcript);
    return e;
  }
  return std::nullopt;
}

}  // namespace invox::llm
