#include "util/temp_file.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

namespace invox::util {

namespace {
// Writes everything, retrying after signals and short writes.
bool write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}
}  // namespace

Expected<TemporaryFile> TemporaryFile::create(std::string_view prefix, std::string_view contents) {
  std::error_code ec;
  const auto dir = std::filesystem::temp_directory_path(ec);
  if (ec) return Error::config(fmt::format("no folder for temporary files: {}; set TMPDIR", ec.message()));
  std::string name = (dir / fmt::format("{}XXXXXX", prefix)).string();
  const int fd = ::mkstemp(name.data());
  if (fd < 0) {
    return Error::config(fmt::format("cannot create a temporary file in {}: {}; set TMPDIR to a writable folder",
                                     dir.string(), std::strerror(errno)));
  }
  TemporaryFile file{std::filesystem::path(name)};  // removed on every path from here
  const bool written = write_all(fd, contents);
  const int saved = errno;
  const bool closed = ::close(fd) == 0;
  if (!written || !closed) {
    return Error::config(fmt::format("cannot write the temporary file {}: {}", name,
                                     std::strerror(written ? errno : saved)));
  }
  return Expected<TemporaryFile>(std::move(file));
}

TemporaryFile::~TemporaryFile() {
  if (path_.empty()) return;
  std::error_code ec;
  std::filesystem::remove(path_, ec);
}

}  // namespace invox::util
