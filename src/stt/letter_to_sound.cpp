#include "stt/letter_to_sound.hpp"

#include <array>
#include <cctype>
#include <cstdio>
#include <mutex>
#include <set>
#include <sstream>

namespace invox::stt {

namespace {

const std::set<std::string>& cmu_phones() {
  static const std::set<std::string> phones{"AA", "AE", "AH", "AO", "AW", "AY", "B",  "CH", "D",  "DH",
                                            "EH", "ER", "EY", "F",  "G",  "HH", "IH", "IY", "JH", "K",
                                            "L",  "M",  "N",  "NG", "OW", "OY", "P",  "R",  "S",  "SH",
                                            "T",  "TH", "UH", "UW", "V",  "W",  "Y",  "Z",  "ZH"};
  return phones;
}

}  // namespace

std::optional<std::string> flite_to_cmu_phones(const std::string& flite_phones) {
  std::istringstream in(flite_phones);
  std::string phone;
  std::string out;
  while (in >> phone) {
    if (phone == "pau") continue;
    while (!phone.empty() && std::isdigit(static_cast<unsigned char>(phone.back()))) phone.pop_back();
    for (auto& c : phone) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (phone == "AX") phone = "AH";  // flite's schwa; the CMU set folds it into AH
    if (phone == "AXR") phone = "ER";
    if (!cmu_phones().count(phone)) return std::nullopt;
    if (!out.empty()) out += ' ';
    out += phone;
  }
  if (out.empty()) return std::nullopt;
  return out;
}

std::optional<std::string> letter_to_sound(const std::string& word) {
  if (word.empty()) return std::nullopt;
  for (unsigned char c : word) {
    // Only plain words reach the shell command, so quoting cannot be broken.
    if (!std::islower(c) && c != '\'') return std::nullopt;
  }
  std::string command = "t2p '";
  for (char c : word) command += c == '\'' ? std::string("'\\''") : std::string(1, c);
  command += "' 2>/dev/null";
  // popen is not guaranteed to be thread-safe alongside other forks of this process.
  static std::mutex mutex;
  std::lock_guard lock(mutex);
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return std::nullopt;
  std::string output;
  std::array<char, 512> buf{};
  while (fgets(buf.data(), static_cast<int>(buf.size()), pipe)) output += buf.data();
  if (pclose(pipe) != 0) return std::nullopt;
  return flite_to_cmu_phones(output);
}

}  // namespace invox::stt
