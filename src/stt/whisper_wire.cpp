#include "stt/whisper_wire.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>

#include "util/token_estimate.hpp"

namespace invox::stt {

bool model_gives_timestamps(const std::string& model) {
  return model.find("transcribe") == std::string::npos;
}

HttpRequest build_transcription_request(const WhisperCall& call, std::string wav_bytes) {
  HttpRequest r;
  r.method = "POST";
  r.url = call.base_url + "/audio/transcriptions";
  if (!call.api_key.empty()) r.headers.emplace_back("Authorization", "Bearer " + call.api_key);
  r.multipart.push_back({"file", std::move(wav_bytes), "audio.wav", "audio/wav"});
  r.multipart.push_back({"model", call.model, "", ""});
  r.multipart.push_back({"response_format", call.timestamps ? "verbose_json" : "json", "", ""});
  r.multipart.push_back({"temperature", "0", "", ""});
  if (call.timestamps) {
    r.multipart.push_back({"timestamp_granularities[]", "segment", "", ""});
    if (call.word_timestamps) r.multipart.push_back({"timestamp_granularities[]", "word", "", ""});
  }
  if (!call.language.empty()) r.multipart.push_back({"language", call.language, "", ""});
  if (!call.prompt.empty()) r.multipart.push_back({"prompt", call.prompt, "", ""});
  return r;
}

namespace {

double number_or(const Json& j, const char* key, double fallback) {
  const auto it = j.find(key);
  return it != j.end() && it->is_number() ? it->get<double>() : fallback;
}

std::vector<std::string> split_ws(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string t; in >> t;) out.push_back(t);
  return out;
}

// Tokens of one segment with times: from the word list when it lines up, else spread over the
// segment in proportion to their length.
void add_segment(const std::string& text, double start, double end, double confidence,
                 const std::vector<TimedWord>& timed, size_t& cursor, std::vector<TimedWord>& out) {
  const auto tokens = split_ws(text);
  if (tokens.empty()) return;
  std::vector<const TimedWord*> inside;
  for (size_t i = cursor; i < timed.size() && timed[i].start < end + 0.05; ++i) {
    if (timed[i].start >= start - 0.05) inside.push_back(&timed[i]);
  }
  const bool aligned = inside.size() == tokens.size();
  if (aligned) cursor += inside.size();
  size_t total_chars = 0;
  for (const auto& t : tokens) total_chars += t.size() + 1;
  size_t chars_before = 0;
  for (size_t i = 0; i < tokens.size(); ++i) {
    TimedWord w;
    w.text = tokens[i];
    w.confidence = confidence;
    if (aligned) {
      w.start = inside[i]->start;
      w.end = inside[i]->end;
    } else {
      const double span = std::max(0.0, end - start);
      w.start = start + span * static_cast<double>(chars_before) / static_cast<double>(total_chars);
      chars_before += tokens[i].size() + 1;
      w.end = start + span * static_cast<double>(chars_before) / static_cast<double>(total_chars);
    }
    out.push_back(std::move(w));
  }
  out.back().ends_segment = true;
}

}  // namespace

Expected<WhisperResult> parse_transcription(const Json& body, double uploaded_seconds) {
  if (!body.is_object()) return Error::provider("transcription answer is not a JSON object");
  WhisperResult result;
  if (auto it = body.find("language"); it != body.end() && it->is_string()) result.language = it->get<std::string>();
  std::vector<TimedWord> timed;
  if (auto it = body.find("words"); it != body.end() && it->is_array()) {
    for (const auto& w : *it) {
      if (!w.is_object() || !w.contains("word") || !w["word"].is_string()) continue;
      timed.push_back({w["word"].get<std::string>(), number_or(w, "start", 0), number_or(w, "end", 0), 1.0, false});
    }
  }
  size_t cursor = 0;
  auto segments = body.find("segments");
  if (segments != body.end() && segments->is_array() && !segments->empty()) {
    for (const auto& s : *segments) {
      if (!s.is_object() || !s.contains("text") || !s["text"].is_string()) {
        return Error::provider("transcription answer has a segment without 'text'");
      }
      const double start = number_or(s, "start", 0);
      const double end = std::max(start, number_or(s, "end", start));
      // exp(avg_logprob) is the mean token probability; a likely no-speech segment scales it down.
      const double avg_logprob = number_or(s, "avg_logprob", 0.0);
      const double no_speech = std::clamp(number_or(s, "no_speech_prob", 0.0), 0.0, 1.0);
      const double confidence = std::clamp(std::exp(avg_logprob), 0.0, 1.0) * (1.0 - no_speech);
      add_segment(s["text"].get<std::string>(), start, end, confidence, timed, cursor, result.words);
    }
    return result;
  }
  auto text = body.find("text");
  if (text == body.end() || !text->is_string()) {
    return Error::provider("transcription answer has neither 'segments' nor 'text'");
  }
  add_segment(text->get<std::string>(), 0.0, number_or(body, "duration", uploaded_seconds), 1.0, timed, cursor,
              result.words);
  return result;
}

int estimate_tokens(const std::string& text) { return util::estimate_tokens(text); }

std::string whisper_prompt(const Template* tmpl, int max_tokens) {
  if (!tmpl) return {};
  std::vector<std::string> terms;
  for (const auto& f : tmpl->fields) {
    std::string term = f.label;
    std::vector<std::string> extra;
    if (!f.unit.empty()) extra.push_back(f.unit);
    for (const auto& o : f.options) extra.push_back(o);
    if (!extra.empty()) {
      term += " (";
      for (size_t i = 0; i < extra.size(); ++i) term += (i ? ", " : "") + extra[i];
      term += ")";
    }
    terms.push_back(term);
  }
  std::string prompt = tmpl->title.empty() ? std::string() : tmpl->title + ": ";
  bool first = true;
  for (const auto& term : terms) {
    const std::string candidate = prompt + (first ? "" : ", ") + term;
    if (estimate_tokens(candidate + ".") > max_tokens) break;
    prompt = candidate;
    first = false;
  }
  if (first) return {};
  return prompt + ".";
}

std::string language_code(const std::string& reported) {
  static const std::map<std::string, std::string> names{
      {"english", "en"}, {"german", "de"},  {"french", "fr"},     {"spanish", "es"}, {"italian", "it"},
      {"dutch", "nl"},   {"portuguese", "pt"}, {"polish", "pl"}, {"russian", "ru"}, {"chinese", "zh"},
      {"japanese", "ja"}, {"korean", "ko"},  {"arabic", "ar"},    {"turkish", "tr"}, {"swedish", "sv"}};
  std::string lower;
  for (unsigned char c : reported) lower.push_back(static_cast<char>(std::tolower(c)));
  const auto it = names.find(lower);
  return it == names.end() ? reported : it->second;
}

}  // namespace invox::stt
