#include "review/evidence_context.hpp"

#include <algorithm>
#include <cctype>

#include "invox/evidence.hpp"
#include "util/strings.hpp"

namespace invox::review {

namespace {

// A sentence longer than this is cut around the marked part.
constexpr size_t kMaxLineBytes = 200;

struct Span {
  size_t begin = 0;
  size_t end = 0;
};

std::vector<Span> sentences(const std::string& text) {
  std::vector<Span> out;
  size_t begin = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const bool stop = c == '\n' || ((c == '.' || c == '!' || c == '?') && (i + 1 == text.size() || text[i + 1] == ' '));
    if (!stop) continue;
    const size_t end = c == '\n' ? i : i + 1;
    if (end > begin) out.push_back({begin, end});
    begin = i + 1;
  }
  if (begin < text.size()) out.push_back({begin, text.size()});
  // Leading spaces belong to no sentence.
  for (auto& s : out) {
    while (s.begin < s.end && (text[s.begin] == ' ' || text[s.begin] == '\t' || text[s.begin] == '\r')) ++s.begin;
  }
  std::erase_if(out, [](const Span& s) { return s.begin >= s.end; });
  return out;
}

ContextLine line_of(const std::string& text, Span s, Span mark) {
  mark.begin = std::clamp(mark.begin, s.begin, s.end);
  mark.end = std::clamp(mark.end, mark.begin, s.end);
  // Keep long sentences readable: a window around the marked part.
  if (s.end - s.begin > kMaxLineBytes) {
    const size_t half = kMaxLineBytes / 2;
    const size_t from = mark.begin > s.begin + half ? util::utf8_char_start(text, mark.begin - half) : s.begin;
    const size_t to = std::min(s.end, std::max(mark.end, from) + half);
    ContextLine l{text.substr(from, mark.begin - from), text.substr(mark.begin, mark.end - mark.begin),
                  text.substr(mark.end, util::utf8_char_start(text, to) - mark.end)};
    if (from > s.begin) l.before = "…" + l.before;
    if (to < s.end) l.after += "…";
    return l;
  }
  return {text.substr(s.begin, mark.begin - s.begin), text.substr(mark.begin, mark.end - mark.begin),
          text.substr(mark.end, s.end - mark.end)};
}

std::optional<Span> locate(const std::string& text, const Evidence& e) {
  const auto at = locate_evidence(text, e);
  if (!at) return std::nullopt;
  return Span{at->first, at->second};
}

// True when text[at, at + n) is a whole word or phrase, not part of a longer word.
bool whole_word(const std::string& text, size_t at, size_t n) {
  const auto alnum = [&](size_t i) { return std::isalnum(static_cast<unsigned char>(text[i])) != 0; };
  return (at == 0 || !alnum(at - 1)) && (at + n >= text.size() || !alnum(at + n));
}

}  // namespace

EvidenceContext evidence_context(const std::string& transcript, const std::optional<Evidence>& evidence, size_t around) {
  EvidenceContext out;
  if (!evidence) return out;
  out.start = evidence->start;
  out.end = evidence->end;
  const auto mark = locate(transcript, *evidence);
  if (!mark) return out;
  const auto spans = sentences(transcript);
  size_t first = spans.size(), last = 0;
  for (size_t i = 0; i < spans.size(); ++i) {
    if (spans[i].end > mark->begin && spans[i].begin < mark->end) {
      first = std::min(first, i);
      last = std::max(last, i);
    }
  }
  if (first == spans.size()) return out;
  const size_t from = first >= around ? first - around : 0;
  const size_t to = std::min(spans.size() - 1, last + around);
  for (size_t i = from; i <= to; ++i) {
    const bool marked = i >= first && i <= last;
    out.lines.push_back(line_of(transcript, spans[i], marked ? *mark : Span{spans[i].end, spans[i].end}));
  }
  return out;
}

EvidenceContext mention_context(const std::string& transcript, const Field& field, size_t limit) {
  EvidenceContext out;
  std::vector<std::string> names = field.aliases;
  names.push_back(field.display_label());
  const std::string lower = util::to_lower_ascii(transcript);
  for (const Span& s : sentences(transcript)) {
    if (out.lines.size() >= limit) break;
    std::optional<Span> best;
    for (const auto& name : names) {
      const std::string n = util::to_lower_ascii(util::trim(name));
      if (n.empty()) continue;
      for (size_t at = lower.find(n, s.begin); at != std::string::npos && at + n.size() <= s.end; at = lower.find(n, at + 1)) {
        if (!whole_word(lower, at, n.size())) continue;
        if (!best || n.size() > best->end - best->begin) best = Span{at, at + n.size()};
        break;
      }
    }
    if (best) out.lines.push_back(line_of(transcript, s, *best));
  }
  return out;
}

}  // namespace invox::review
