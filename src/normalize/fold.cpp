#include "normalize/fold.hpp"

#include <utf8proc.h>

#include <cstdlib>

namespace invox::normalize {

namespace {

std::string map_utf8(std::string_view s, int options) {
  utf8proc_uint8_t* out = nullptr;
  const auto n = utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(s.data()),
                              static_cast<utf8proc_ssize_t>(s.size()), &out,
                              static_cast<utf8proc_option_t>(options));
  if (n < 0) return std::string(s);  // invalid UTF-8: leave it as it came
  std::string result(reinterpret_cast<char*>(out), static_cast<size_t>(n));
  std::free(out);
  return result;
}

bool is_ascii_alnum(unsigned char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// Iterates code points; calls f(codepoint, byte_begin, byte_len). Invalid bytes count as U+FFFD.
template <class F>
void for_each_codepoint(std::string_view s, F&& f) {
  size_t i = 0;
  while (i < s.size()) {
    utf8proc_int32_t cp = 0;
    auto n = utf8proc_iterate(reinterpret_cast<const utf8proc_uint8_t*>(s.data() + i),
                              static_cast<utf8proc_ssize_t>(s.size() - i), &cp);
    if (n <= 0) {
      cp = 0xFFFD;
      n = 1;
    }
    f(cp, i, static_cast<size_t>(n));
    i += static_cast<size_t>(n);
  }
}

bool is_space_cp(utf8proc_int32_t cp) {
  if (cp == ' ' || cp == '\t' || cp == '\n' || cp == '\r' || cp == '\f' || cp == '\v') return true;
  if (cp < 0x80) return false;
  const auto cat = utf8proc_category(cp);
  return cat == UTF8PROC_CATEGORY_ZS || cat == UTF8PROC_CATEGORY_ZL || cat == UTF8PROC_CATEGORY_ZP;
}

bool is_alnum_cp(utf8proc_int32_t cp) {
  if (cp < 0x80) return is_ascii_alnum(static_cast<unsigned char>(cp));
  const auto cat = utf8proc_category(cp);
  return (cat >= UTF8PROC_CATEGORY_LU && cat <= UTF8PROC_CATEGORY_LO) || cat == UTF8PROC_CATEGORY_ND ||
         (cat >= UTF8PROC_CATEGORY_MN && cat <= UTF8PROC_CATEGORY_ME);
}

bool is_ascii_only(std::string_view s) {
  for (unsigned char c : s)
    if (c >= 0x80) return false;
  return true;
}

}  // namespace

std::string nfc(std::string_view s) {
  if (is_ascii_only(s)) return std::string(s);  // ASCII is already NFC: skip the allocation dance
  return map_utf8(s, UTF8PROC_STABLE | UTF8PROC_COMPOSE);
}

std::string fold_case_accents(std::string_view s) {
  if (is_ascii_only(s)) {
    std::string out(s);
    for (char& c : out)
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
  }
  return map_utf8(s, UTF8PROC_STABLE | UTF8PROC_COMPOSE | UTF8PROC_CASEFOLD | UTF8PROC_STRIPMARK);
}

std::string collapse_whitespace(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  bool pending_space = false;
  for_each_codepoint(s, [&](utf8proc_int32_t cp, size_t b, size_t n) {
    // Control characters (NUL, vertical tab, DEL, C1) carry nothing a form can hold.
    const bool control = cp < 0x20 || (cp >= 0x7F && cp <= 0x9F);
    if (control || is_space_cp(cp)) {
      pending_space = !out.empty();
      return;
    }
    if (pending_space) out += ' ';
    pending_space = false;
    out.append(s.substr(b, n));
  });
  return out;
}

std::string phrase_key(std::string_view s) {
  const std::string folded = fold_case_accents(s);
  std::string out;
  out.reserve(folded.size());
  bool pending_space = false;
  std::string_view f(folded);
  for_each_codepoint(f, [&](utf8proc_int32_t cp, size_t b, size_t n) {
    if (!is_alnum_cp(cp)) {
      // An apostrophe inside a word ("o'clock", "driver's") is dropped, not a word break.
      if (cp == '\'' || cp == 0x2019) return;
      pending_space = !out.empty();
      return;
    }
    if (pending_space) out += ' ';
    pending_space = false;
    out.append(f.substr(b, n));
  });
  return out;
}

std::string compact_key(std::string_view s) {
  const std::string folded = fold_case_accents(s);
  std::string out;
  out.reserve(folded.size());
  std::string_view f(folded);
  for_each_codepoint(f, [&](utf8proc_int32_t cp, size_t b, size_t n) {
    if (is_alnum_cp(cp)) out.append(f.substr(b, n));
  });
  return out;
}

}  // namespace invox::normalize
