#include "invox/transcript.hpp"

#include <fmt/format.h>

#include "util/file_io.hpp"
#include "util/rounding.hpp"
#include "util/strings.hpp"

namespace invox {

Json to_json(const Transcript& t) {
  Json j;
  j["transcript"] = t.text;
  j["language"] = t.language;
  j["durationInSeconds"] = util::round_to(t.duration_seconds, util::kSecondsDecimals);
  j["segments"] = Json::array();
  for (const auto& s : t.segments) {
    j["segments"].push_back(Json{{"start", util::round_to(s.start, util::kSecondsDecimals)},
                                 {"end", util::round_to(s.end, util::kSecondsDecimals)},
                                 {"text", s.text},
                                 {"confidence", util::round_to(s.confidence, util::kConfidenceDecimals)}});
  }
  return j;
}

Expected<Transcript> transcript_from_json(const Json& doc, const std::string& origin) {
  if (!doc.is_object() || !doc.contains("transcript") || !doc["transcript"].is_string()) {
    return Error::input(fmt::format("{}: not an STT transcript: expected an object with a string 'transcript'", origin));
  }
  Transcript t;
  t.text = doc["transcript"].get<std::string>();
  if (auto it = doc.find("language"); it != doc.end() && it->is_string()) t.language = it->get<std::string>();
  if (auto it = doc.find("durationInSeconds"); it != doc.end() && it->is_number()) {
    t.duration_seconds = it->get<double>();
  }
  if (auto it = doc.find("segments"); it != doc.end() && !it->is_null()) {
    if (!it->is_array()) return Error::input(fmt::format("{}: 'segments' must be a list", origin));
    for (size_t i = 0; i < it->size(); ++i) {
      const auto& s = (*it)[i];
      if (!s.is_object() || !s.contains("text") || !s["text"].is_string()) {
        return Error::input(fmt::format("{}: segments[{}] must be an object with a string 'text'", origin, i));
      }
      Segment seg;
      seg.text = s["text"].get<std::string>();
      if (!util::is_valid_utf8(seg.text)) {
        return Error::input(fmt::format("{}: segments[{}]: text is not valid UTF-8", origin, i));
      }
      if (s.contains("start") && s["start"].is_number()) seg.start = s["start"].get<double>();
      if (s.contains("end") && s["end"].is_number()) seg.end = s["end"].get<double>();
      if (s.contains("confidence") && s["confidence"].is_number()) seg.confidence = s["confidence"].get<double>();
      t.segments.push_back(std::move(seg));
    }
  }
  if (!util::is_valid_utf8(t.text)) return Error::input(fmt::format("{}: transcript is not valid UTF-8", origin));
  if (util::trim(t.text).empty()) return Error::input(fmt::format("{}: transcript is empty", origin));
  return t;
}

Expected<Transcript> transcript_from_text(std::string text, const std::string& origin) {
  if (!util::is_valid_utf8(text)) {
    return Error::input(fmt::format("{}: not valid UTF-8 text; re-save it as UTF-8", origin));
  }
  if (text.find('\0') != std::string::npos) return Error::input(fmt::format("{}: binary data, not a text transcript", origin));
  if (util::trim(text).empty()) return Error::input(fmt::format("{}: transcript is empty", origin));
  Transcript t;
  t.text = util::trim(text);
  return t;
}

Expected<Transcript> load_transcript(const std::filesystem::path& path) {
  auto data = util::read_file(path);
  if (!data) return data.error();
  if (path.extension() == ".json") {
    auto doc = util::parse_json_text(*data, path.string());
    if (!doc) return doc.error();
    return transcript_from_json(*doc, path.string());
  }
  return transcript_from_text(std::move(*data), path.string());
}

}  // namespace invox
