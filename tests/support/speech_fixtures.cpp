#include "support/speech_fixtures.hpp"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <random>

#include "stt/audio_decode.hpp"

namespace invox::test {

namespace fs = std::filesystem;

TempDir::TempDir() {
  std::random_device rd;
  for (;;) {
    path_ = fs::temp_directory_path() / ("invox-test-" + std::to_string(rd()));
    std::error_code ec;
    if (fs::create_directory(path_, ec)) break;
  }
}

TempDir::~TempDir() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

bool run_quiet(const std::string& command) { return std::system((command + " >/dev/null 2>&1").c_str()) == 0; }

bool have_program(const std::string& name) { return run_quiet("command -v " + shell_quote(name)); }

bool synthesize(const std::string& text, const fs::path& wav) {
  return run_quiet("flite -voice slt -t " + shell_quote(text) + " -o " + shell_quote(wav.string()));
}

void write_wav(const fs::path& path, const std::vector<float>& samples, int rate) {
  std::ofstream out(path, std::ios::binary);
  out << stt::encode_wav(samples.data(), samples.size(), rate);
}

std::vector<float> tone_bursts(const std::vector<std::pair<double, double>>& pattern, int rate, double amplitude) {
  std::vector<float> out;
  for (const auto& [tone, silence] : pattern) {
    const auto n = static_cast<size_t>(tone * rate);
    for (size_t i = 0; i < n; ++i) {
      // Two partials with a slow wobble, loud enough to be unmistakable "activity".
      const double t = static_cast<double>(i) / rate;
      out.push_back(static_cast<float>(amplitude * (0.6 * std::sin(2 * M_PI * 220 * t) + 0.4 * std::sin(2 * M_PI * 470 * t))));
    }
    out.insert(out.end(), static_cast<size_t>(silence * rate), 0.0f);
  }
  return out;
}

}  // namespace invox::test
