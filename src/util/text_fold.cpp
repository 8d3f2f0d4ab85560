#include "util/text_fold.hpp"

#include <cctype>

namespace invox::util {

namespace {
bool is_kept(unsigned char c) { return c >= 0x80 || std::isalnum(c); }
}  // namespace

FoldedText fold_text(std::string_view original) {
  FoldedText out;
  out.text.reserve(original.size());
  out.origin.reserve(original.size());
  bool pending_space = false;
  for (size_t i = 0; i < original.size(); ++i) {
    const auto c = static_cast<unsigned char>(original[i]);
    if (!is_kept(c)) {
      pending_space = !out.text.empty();
      continue;
    }
    if (pending_space) {
      out.text.push_back(' ');
      out.origin.push_back(i);  // a separator maps to the start of the next word
      pending_space = false;
    }
    out.text.push_back(static_cast<char>(std::tolower(c)));
    out.origin.push_back(i);
  }
  return out;
}

std::string fold(std::string_view original) { return fold_text(original).text; }

std::optional<FoldedMatch> find_folded(const FoldedText& hay, std::string_view needle, size_t from, bool whole_words) {
  const std::string n = fold(needle);
  if (n.empty()) return std::nullopt;
  size_t pos = from;
  while (pos <= hay.text.size()) {
    pos = hay.text.find(n, pos);
    if (pos == std::string::npos) return std::nullopt;
    const size_t end = pos + n.size();
    const bool starts_ok = pos == 0 || hay.text[pos - 1] == ' ';
    const bool ends_ok = end == hay.text.size() || hay.text[end] == ' ';
    if (!whole_words || (starts_ok && ends_ok)) {
      // The original span ends just after the last kept byte of the match.
      return FoldedMatch{ByteSpan{hay.origin[pos], hay.origin[end - 1] + 1}, end};
    }
    ++pos;
  }
  return std::nullopt;
}

std::vector<std::string> folded_words(std::string_view text) {
  std::vector<std::string> words;
  const std::string f = fold(text);
  size_t start = 0;
  for (size_t i = 0; i <= f.size(); ++i) {
    if (i == f.size() || f[i] == ' ') {
      if (i > start) words.push_back(f.substr(start, i - start));
      start = i + 1;
    }
  }
  return words;
}

std::vector<ByteSpan> locate_pieces(std::string_view text, const std::vector<std::string_view>& pieces) {
  std::vector<ByteSpan> spans;
  const FoldedText folded = fold_text(text);
  const size_t n = text.size();
  size_t folded_cursor = 0;
  size_t byte_cursor = 0;
  for (const auto piece : pieces) {
    if (auto m = find_folded(folded, piece, folded_cursor)) {
      spans.push_back(m->span);
      folded_cursor = m->folded_end;
      byte_cursor = m->span.end;
      continue;
    }
    // Not found (the text was edited or stitched differently): estimate.
    size_t begin = std::min(byte_cursor, n);
    while (begin < n && text[begin] == ' ') ++begin;
    const size_t end = std::min(n, begin + piece.size());
    spans.push_back({begin, end});
    byte_cursor = end;
    while (folded_cursor < folded.origin.size() && folded.origin[folded_cursor] < end) ++folded_cursor;
  }
  return spans;
}

}  // namespace invox::util
