#include "llm/token_logprobs.hpp"

#include <algorithm>
#include <cmath>

#include "llm/json_read.hpp"

namespace invox::llm {

namespace {

// A log probability as the providers send it: finite and at most 0 (a rounding excess above 0
// reads as certain). OpenAI sends -9999 for tokens it considers impossible; that stays valid.
std::optional<double> logprob_of(const Json* v) {
  if (!v || !v->is_number()) return std::nullopt;
  const double lp = v->get<double>();
  if (!std::isfinite(lp) || lp > 1e-6) return std::nullopt;
  return std::min(lp, 0.0);
}

// OpenAI's `bytes`: the token's UTF-8 bytes, which stay exact where `token` cannot show half a
// character.
std::optional<std::string> bytes_of(const Json* v) {
  if (!v || !v->is_array() || v->empty()) return std::nullopt;
  std::string out;
  for (const auto& b : *v) {
    if (!b.is_number_integer()) return std::nullopt;
    const auto n = b.get<long long>();
    if (n < 0 || n > 255) return std::nullopt;
    out += static_cast<char>(static_cast<unsigned char>(n));
  }
  return out;
}

class SpanScanner {
 public:
  explicit SpanScanner(std::string_view text) : t_(text) {}

  ValueSpans scan() {
    i_ = t_.find('{');
    if (i_ != std::string_view::npos) object("");
    return std::move(out_);
  }

 private:
  static constexpr int kMaxDepth = 64;

  void ws() {
    while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\n' || t_[i_] == '\r' || t_[i_] == '\t')) ++i_;
  }

  bool at(char c) const { return i_ < t_.size() && t_[i_] == c; }

  // A string starting at '"'; `decoded` gets its text (escapes decoded by the JSON parser).
  bool string(std::string* decoded) {
    const size_t start = i_++;
    bool escaped = false, has_escape = false;
    for (; i_ < t_.size(); ++i_) {
      const char c = t_[i_];
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = has_escape = true;
      } else if (c == '"') {
        ++i_;
        if (!decoded) return true;
        const auto raw = t_.substr(start, i_ - start);
        if (!has_escape) {
          *decoded = std::string(raw.substr(1, raw.size() - 2));
          return true;
        }
        const auto parsed = Json::parse(raw.begin(), raw.end(), nullptr, false);
        if (!parsed.is_string()) return false;
        *decoded = parsed.get<std::string>();
        return true;
      }
    }
    return false;
  }

  bool scalar() {
    const size_t start = i_;
    while (i_ < t_.size() && t_[i_] != ',' && t_[i_] != '}' && t_[i_] != ']' && t_[i_] != ' ' && t_[i_] != '\n' &&
           t_[i_] != '\r' && t_[i_] != '\t') {
      ++i_;
    }
    return i_ > start;
  }

  bool value(const std::string& path) {
    if (++depth_ > kMaxDepth) return false;
    ws();
    const size_t start = i_;
    bool ok = false;
    if (at('{')) ok = object(path);
    else if (at('[')) ok = array(path);
    else if (at('"')) ok = string(nullptr);
    else ok = scalar();
    --depth_;
    if (ok && !path.empty()) out_[path] = {start, i_};
    return ok;
  }

  bool object(const std::string& prefix) {
    ++i_;  // '{'
    ws();
    if (at('}')) return ++i_, true;
    while (i_ < t_.size()) {
      ws();
      std::string key;
      if (!at('"') || !string(&key)) return false;
      ws();
      if (!at(':')) return false;
      ++i_;
      if (!value(prefix.empty() ? key : prefix + "." + key)) return false;
      ws();
      if (at(',')) {
        ++i_;
        continue;
      }
      if (at('}')) return ++i_, true;
      return false;
    }
    return false;
  }

  bool array(const std::string& prefix) {
    ++i_;  // '['
    ws();
    if (at(']')) return ++i_, true;
    for (size_t n = 0; i_ < t_.size(); ++n) {
      if (!value(prefix + "[" + std::to_string(n) + "]")) return false;
      ws();
      if (at(',')) {
        ++i_;
        continue;
      }
      if (at(']')) return ++i_, true;
      return false;
    }
    return false;
  }

  std::string_view t_;
  size_t i_ = 0;
  int depth_ = 0;
  ValueSpans out_;
};

}  // namespace

TokenLogprobs read_openai_logprobs(const Json& choice) {
  TokenLogprobs out;
  const Json* content = member(object_at(choice, "logprobs"), "content");
  if (!content || !content->is_array()) return out;
  for (const auto& entry : *content) {
    const auto lp = logprob_of(member(entry, "logprob"));
    const Json* token = member(entry, "token");
    auto text = bytes_of(member(entry, "bytes"));
    if (!text && token && token->is_string()) text = token->get<std::string>();
    if (!lp || !text) return {};
    out.tokens.push_back({std::move(*text), *lp});
  }
  return out;
}

TokenLogprobs read_gemini_logprobs(const Json& candidate) {
  TokenLogprobs out;
  out.average = logprob_of(member(candidate, "avgLogprobs"));
  const Json* chosen = member(object_at(candidate, "logprobsResult"), "chosenCandidates");
  if (!chosen || !chosen->is_array()) return out;
  for (const auto& entry : *chosen) {
    const auto lp = logprob_of(member(entry, "logProbability"));
    const Json* token = member(entry, "token");
    if (!lp || !token || !token->is_string()) {
      out.tokens.clear();
      return out;
    }
    out.tokens.push_back({token->get<std::string>(), *lp});
  }
  return out;
}

ValueSpans json_value_spans(std::string_view text) { return SpanScanner(text).scan(); }

// Why the least likely token: a value is right only if every one of its tokens is, so the
// weakest token bounds its probability (the product of all of them is never higher), and unlike
// the product it does not make every long free-text value look doubtful merely for being long;
// a geometric mean would hide one uncertain digit in a long number.
ValueProbabilities::ValueProbabilities(std::string_view content, const TokenLogprobs& logprobs) {
  if (logprobs.average) answer_level_ = std::exp(*logprobs.average);
  if (logprobs.tokens.empty()) return;
  std::string spelled;
  for (const auto& t : logprobs.tokens) spelled += t.text;
  // The tokens may carry text around the answer (a server that strips it from `content`).
  const size_t origin = spelled.find(content);
  if (content.empty() || origin == std::string::npos) return;
  std::vector<std::pair<size_t, size_t>> offsets;  // each token's range in `content`'s bytes
  size_t at = 0;
  for (const auto& t : logprobs.tokens) {
    const size_t first = at < origin ? 0 : at - origin;
    const size_t last = at + t.text.size() < origin ? 0 : at + t.text.size() - origin;
    offsets.emplace_back(first, last);
    at += t.text.size();
  }
  for (const auto& [path, span] : json_value_spans(content)) {
    double lowest = 0.0;
    bool any = false;
    for (size_t k = 0; k < offsets.size(); ++k) {
      if (offsets[k].first >= span.second || offsets[k].second <= span.first) continue;
      lowest = any ? std::min(lowest, logprobs.tokens[k].logprob) : logprobs.tokens[k].logprob;
      any = true;
    }
    if (any) by_path_[path] = std::exp(lowest);
  }
}

std::optional<double> ValueProbabilities::of(const std::string& path) const {
  if (auto it = by_path_.find(path); it != by_path_.end()) return it->second;
  return answer_level_;
}

}  // namespace invox::llm
