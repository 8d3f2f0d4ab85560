#include "stt/wer.hpp"

#include <algorithm>
#include <sstream>

#include "stt/timed_word.hpp"

namespace invox::stt {

std::vector<std::string> wer_words(const std::string& text) {
  std::vector<std::string> out;
  std::string spaced;
  for (char c : text) spaced.push_back(c == '-' || c == '/' ? ' ' : c);
  std::istringstream in(spaced);
  for (std::string token; in >> token;) {
    auto w = fold_word(token);
    if (!w.empty()) out.push_back(std::move(w));
  }
  return out;
}

double word_error_rate(const std::string& reference, const std::string& hypothesis) {
  const auto r = wer_words(reference);
  const auto h = wer_words(hypothesis);
  if (r.empty()) return h.empty() ? 0.0 : 1.0;
  std::vector<size_t> prev(h.size() + 1);
  std::vector<size_t> cur(h.size() + 1);
  for (size_t j = 0; j <= h.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= r.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= h.size(); ++j) {
      const size_t sub = prev[j - 1] + (r[i - 1] == h[j - 1] ? 0 : 1);
      cur[j] = std::min({sub, prev[j] + 1, cur[j - 1] + 1});
    }
    std::swap(prev, cur);
  }
  return static_cast<double>(prev[h.size()]) / static_cast<double>(r.size());
}

}  // namespace invox::stt
