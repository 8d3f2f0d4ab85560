#pragma once
// A private temporary file that is removed when its owner goes away, for C libraries that
// only read from a path (PocketSphinx's language-model reader).
#include <filesystem>
#include <string_view>

#include "invox/expected.hpp"

namespace invox::util {

class TemporaryFile {
 public:
  // Creates $TMPDIR/<prefix>XXXXXX (mode 0600) holding `contents`; an error names the folder.
  [[nodiscard]] static Expected<TemporaryFile> create(std::string_view prefix, std::string_view contents);
  ~TemporaryFile();
  TemporaryFile(TemporaryFile&& other) noexcept : path_(std::move(other.path_)) { other.path_.clear(); }
  TemporaryFile& operator=(TemporaryFile&&) = delete;
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;

  [[nodiscard]] const std::filesystem::path& path() const { return path_; }

 private:
  explicit TemporaryFile(std::filesystem::path path) : path_(std::move(path)) {}
  std::filesystem::path path_;
};

}  // namespace invox::util
