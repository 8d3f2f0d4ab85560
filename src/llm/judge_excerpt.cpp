#include "llm/judge_excerpt.hpp"

#include <algorithm>

#include "util/strings.hpp"

namespace invox::llm {

namespace {

// Moves a window's edges inward to word boundaries (a space), or at least off a UTF-8 middle.
TextWindow at_words(std::string_view text, TextWindow w) {
  if (w.begin > 0) {
    const size_t space = text.find(' ', w.begin);
    if (space != std::string_view::npos && space < w.end) w.begin = space + 1;
    while (w.begin < w.end && util::is_utf8_continuation(static_cast<unsigned char>(text[w.begin]))) ++w.begin;
  }
  if (w.end < text.size()) {
    const size_t space = text.rfind(' ', w.end);
    if (space != std::string_view::npos && space > w.begin) w.end = space;
    while (w.end > w.begin && util::is_utf8_continuation(static_cast<unsigned char>(text[w.end]))) --w.end;
  }
  return w;
}
}  // namespace

std::string transcript_excerpt(std::string_view text, const std::vector<TextWindow>& anchors, size_t max_bytes) {
  if (text.size() <= max_bytes) return std::string(text);
  std::vector<TextWindow> valid;
  for (const auto& a : anchors)
    if (a.begin < a.end && a.end <= text.size()) valid.push_back(a);
  std::vector<TextWindow> windows;
  if (valid.empty()) {
    windows.push_back({text.size() - max_bytes, text.size()});
  } else {
    std::sort(valid.begin(), valid.end(), [](const TextWindow& a, const TextWindow& b) { return a.begin < b.begin; });
    const size_t gaps = (valid.size() + 1) * kExcerptGap.size();
    const size_t share = max_bytes > gaps ? (max_bytes - gaps) / valid.size() : 0;
    for (const auto& a : valid) {
      const size_t middle = a.begin + (a.end - a.begin) / 2;
      size_t begin = middle > share / 2 ? middle - share / 2 : 0;
      size_t end = std::min(text.size(), begin + share);
      begin = end > share ? end - share : 0;
      if (!windows.empty() && begin <= windows.back().end) {
        windows.back().end = std::max(windows.back().end, end);  // overlapping: one stretch
      } else {
        windows.push_back({begin, end});
      }
    }
  }
  std::string out;
  size_t last_end = 0;
  for (const auto& raw : windows) {
    const TextWindow w = at_words(text, raw);
    if (w.begin >= w.end) continue;
    if (w.begin > last_end || (out.empty() && w.begin > 0)) out += out.empty() ? kExcerptGap.substr(1) : kExcerptGap;
    out += text.substr(w.begin, w.end - w.begin);
    last_end = w.end;
  }
  if (last_end < text.size()) out += kExcerptGap.substr(0, kExcerptGap.size() - 1);
  return out;
}

}  // namespace invox::llm
