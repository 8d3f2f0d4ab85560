#include "invox/output.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "util/file_io.hpp"

namespace invox {

namespace fs = std::filesystem;

OutputPaths output_paths_for(const fs::path& out_dir, const std::string& stem) {
  return {out_dir / (stem + ".filled.json"), out_dir / (stem + ".report.json")};
}

std::string output_stem(const fs::path& input) {
  std::string name = input.filename().string();
  for (const char* double_ext : {".transcript.json"}) {
    const std::string e = double_ext;
    if (name.size() > e.size() && name.compare(name.size() - e.size(), e.size(), e) == 0) {
      return name.substr(0, name.size() - e.size());
    }
  }
  return input.stem().string();
}

Status write_file_atomically(const fs::path& path, std::string_view content, bool sync) {
  static std::atomic<unsigned> counter{0};
  const fs::path tmp = path.parent_path() /
                       fmt::format(".{}.tmp-{}-{}", path.filename().string(), ::getpid(), counter++);
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) {
    return Error::input(fmt::format("{}: cannot write ({})", path.string(), std::strerror(errno)));
  }
  size_t written = 0;
  while (written < content.size()) {
    const ssize_t n = ::write(fd, content.data() + written, content.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      const int err = errno;
      ::close(fd);
      ::unlink(tmp.c_str());
      return Error::input(fmt::format("{}: write failed ({})", path.string(), std::strerror(err)));
    }
    written += static_cast<size_t>(n);
  }
  if ((sync && ::fsync(fd) != 0) || ::close(fd) != 0) {
    const int err = errno;
    ::unlink(tmp.c_str());
    return Error::input(fmt::format("{}: write failed ({})", path.string(), std::strerror(err)));
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    const int err = errno;
    ::unlink(tmp.c_str());
    return Error::input(fmt::format("{}: cannot replace ({})", path.string(), std::strerror(err)));
  }
  return ok();
}

Status sync_folder(const fs::path& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return Error::input(fmt::format("{}: cannot open to flush ({})", dir.string(), std::strerror(errno)));
  const int rc = ::syncfs(fd);
  const int err = errno;
  ::close(fd);
  if (rc != 0) return Error::input(fmt::format("{}: flushing to disk failed ({})", dir.string(), std::strerror(err)));
  return ok();
}

namespace {

// Creates and removes a file in `dir`: permissions alone do not tell (root, read-only mounts, ACLs).
Status probe_writable(const fs::path& dir, std::string_view flag, const fs::path& named) {
  const fs::path probe = dir / fmt::format(".invox-write-probe-{}", ::getpid());
  const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) {
    return Error::config(fmt::format("{} {}: cannot write there ({}); choose another {}", flag, named.string(),
                                     std::strerror(errno), named == dir ? "folder" : "path"));
  }
  ::close(fd);
  ::unlink(probe.c_str());
  return ok();
}

}  // namespace

Status prepare_output_dir(const fs::path& dir, std::string_view flag) {
  std::error_code ec;
  const auto st = fs::status(dir, ec);
  if (fs::exists(st) && !fs::is_directory(st)) {
    return Error::config(fmt::format("{} {}: exists and is not a directory", flag, dir.string()));
  }
  if (!fs::exists(st)) {
    fs::create_directories(dir, ec);
    if (ec) return Error::config(fmt::format("{} {}: cannot create the directory ({})", flag, dir.string(), ec.message()));
  }
  return probe_writable(dir, flag, dir);
}

Status check_output_file(const fs::path& file, std::string_view flag) {
  std::error_code ec;
  if (fs::is_directory(file, ec)) return Error::config(fmt::format("{} {}: is a directory; name a file", flag, file.string()));
  const fs::path dir = file.parent_path().empty() ? fs::path(".") : file.parent_path();
  if (!fs::is_directory(dir, ec)) {
    return Error::config(fmt::format("{} {}: the folder {} does not exist", flag, file.string(), dir.string()));
  }
  return probe_writable(dir, flag, file);
}

bool is_invox_output(const fs::path& path) {
  // Outputs are small; anything huge is not ours and is not read.
  auto text = util::read_file(path, 256ull << 20);
  if (!text) return false;
  Json doc;
  try {
    doc = Json::parse(*text);
  } catch (const Json::exception&) {
    return false;
  }
  if (!doc.is_object()) return false;
  const bool filled = doc.contains("template") && doc.contains("filled") && doc["filled"].is_object();
  const bool report = doc.contains("status") && doc["status"].is_string() && doc.contains("stages") &&
                      doc["stages"].is_array();
  return filled || report;
}

Status check_replaceable(const fs::path& path, const WriteOptions& options) {
  std::error_code ec;
  const auto st = fs::symlink_status(path, ec);
  if (!fs::exists(st)) return ok();
  if (fs::is_directory(st)) {
    return Error::input(fmt::format("{}: a directory is in the way of this output", path.string()));
  }
  if (options.force) return ok();
  if (!fs::is_regular_file(st) || !is_invox_output(path)) {
    return Error::input(fmt::format("{}: exists and is not an invox output; refusing to overwrite it "
                                    "(move it away, choose another --out, or pass --force)", path.string()));
  }
  return ok();
}

Status write_outputs(const OutputPaths& paths, const FillOutcome& outcome, const WriteOptions& options) {
  for (const auto* p : {&paths.filled, &paths.report}) {
    if (auto s = check_replaceable(*p, options); !s) return s;
  }
  const std::string report = to_json(outcome.report).dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
  if (outcome.report.status == FormStatus::Failed) {
    std::error_code ec;
    if (fs::remove(paths.filled, ec); ec) {
      return Error::input(fmt::format("{}: cannot remove the earlier output ({})", paths.filled.string(), ec.message()));
    }
    return write_file_atomically(paths.report, report, !options.defer_sync);
  }
  const std::string filled = to_json(outcome.form).dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
  // The report is written last: a complete report marks a complete pair for resume.
  if (auto s = write_file_atomically(paths.filled, filled, !options.defer_sync); !s) return s;
  return write_file_atomically(paths.report, report, !options.defer_sync);
}

}  // namespace invox
