#pragma once
// A fresh temporary directory per test, removed when the object goes out of scope.
#include <filesystem>
#include <string>

#include "invox/json.hpp"

namespace invox::test {

class ScratchDir {
 public:
  ScratchDir();
  ~ScratchDir();
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  [[nodiscard]] const std::filesystem::path& path() const { return path_; }
  // Writes `content` to path()/name (creating parent folders) and returns the full path.
  std::filesystem::path write(const std::string& name, const std::string& content) const;

 private:
  std::filesystem::path path_;
};

// The whole content of a file ("" when missing).
[[nodiscard]] std::string slurp(const std::filesystem::path& path);

// A JSON file's document; fails the test when it cannot be read or parsed.
[[nodiscard]] Json read_json(const std::filesystem::path& path);

}  // namespace invox::test
