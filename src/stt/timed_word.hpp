#pragma once
// The unit every recognizer produces: one word with times in the original audio.
#include <string>
#include <vector>

namespace invox::stt {

struct TimedWord {
  std::string text;          // as the recognizer spelled it (Whisper keeps case and punctuation)
  double start = 0.0;        // seconds in the original audio
  double end = 0.0;
  double confidence = 1.0;   // 0..1
  bool ends_segment = false;  // the recognizer closed a segment or utterance after this word
};

// Lower-case letters and digits only: how words are compared at chunk seams and in WER.
[[nodiscard]] std::string fold_word(const std::string& word);

}  // namespace invox::stt
