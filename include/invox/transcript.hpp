#pragma once
// The STT output shape of DESIGN.md (`*.transcript.json`).
#include <filesystem>
#include <string>
#include <vector>

#include "invox/expected.hpp"
#include "invox/json.hpp"

namespace invox {

struct Segment {
  double start = 0.0;  // seconds in the original audio
  double end = 0.0;
  std::string text;
  double confidence = 1.0;  // 0..1; ASR posterior or 1 for typed text
};

struct Transcript {
  std::string text;
  std::string language = "en";
  double duration_seconds = 0.0;
  std::vector<Segment> segments;  // empty for plain-text input
};

[[nodiscard]] Json to_json(const Transcript& t);
[[nodiscard]] Expected<Transcript> transcript_from_json(const Json& doc, const std::string& origin);
// Reads `.txt` (plain text) or `.json` (STT shape). Rejects invalid UTF-8 and empty text.
[[nodiscard]] Expected<Transcript> load_transcript(const std::filesystem::path& path);
// Wraps raw text (stdin, case transcripts) as a transcript without segments.
[[nodiscard]] Expected<Transcript> transcript_from_text(std::string text, const std::string& origin);

}  // namespace invox
