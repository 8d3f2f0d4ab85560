#pragma once
// Test helpers for speech: temporary directories, running flite/sox, synthetic signals.
#include <filesystem>
#include <string>
#include <vector>

namespace invox::test {

// A fresh directory under the system temp dir, removed when the object goes away.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  [[nodiscard]] const std::filesystem::path& path() const { return path_; }
  [[nodiscard]] std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

// Runs a shell command; true when it exits with status 0. Output goes to /dev/null.
bool run_quiet(const std::string& command);
bool have_program(const std::string& name);
// Quotes a path or text for the shell.
[[nodiscard]] std::string shell_quote(const std::string& s);

// Speech of `text` by flite's slt voice as a WAV (its native 16 kHz). False if flite failed.
bool synthesize(const std::string& text, const std::filesystem::path& wav);

// Writes 16-bit mono PCM WAV of float samples.
void write_wav(const std::filesystem::path& path, const std::vector<float>& samples, int rate);
// Tone bursts ("speech-like" energy) separated by silences: {tone seconds, silence seconds}...
[[nodiscard]] std::vector<float> tone_bursts(const std::vector<std::pair<double, double>>& pattern, int rate,
                                             double amplitude = 0.3);

}  // namespace invox::test
