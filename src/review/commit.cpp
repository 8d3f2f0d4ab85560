#include "review/commit.hpp"

#include <fcntl.h>
#include <pwd.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

#include "util/file_io.hpp"

namespace invox::review {

namespace fs = std::filesystem;

namespace {

// The log file, open for appending and locked exclusively for as long as this lives.
class LockedLog {
 public:
  explicit LockedLog(const fs::path& path) : path_(path) {
    fd_ = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0) return;
    while (::flock(fd_, LOCK_EX) != 0) {
      if (errno != EINTR) {
        ::close(fd_);
        fd_ = -1;
        return;
      }
    }
  }
  ~LockedLog() {
    if (fd_ >= 0) ::close(fd_);  // closing releases the lock
  }
  LockedLog(const LockedLog&) = delete;
  LockedLog& operator=(const LockedLog&) = delete;

  [[nodiscard]] bool ok() const { return fd_ >= 0; }

  [[nodiscard]] Status append(const std::string& lines) {
    size_t done = 0;
    while (done < lines.size()) {
      const ssize_t n = ::write(fd_, lines.data() + done, lines.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) return Error::input(fmt::format("{}: cannot append ({})", path_.string(), std::strerror(errno)));
      done += static_cast<size_t>(n);
    }
    if (::fsync(fd_) != 0) return Error::input(fmt::format("{}: cannot flush ({})", path_.string(), std::strerror(errno)));
    return invox::ok();
  }

 private:
  fs::path path_;
  int fd_ = -1;
};

bool same_bytes(const fs::path& path, const std::string& expected) {
  auto now = util::read_file(path);
  return now && *now == expected;
}

}  // namespace

fs::path review_log_path(const fs::path& dir) { return dir / "review-log.jsonl"; }

Json log_entry(const Reviewer& who, const std::string& stem, const Change& change) {
  return Json{{"by", who.by},     {"at", who.at}, {"stem", stem},
              {"field", change.path}, {"from", change.from}, {"to", change.to}, {"action", to_string(change.action)}};
}

Expected<CommitResult> commit_form(const fs::path& dir, ReviewForm& form, const std::vector<Change>& changes,
                                   const Reviewer& who) {
  const fs::path log_path = review_log_path(dir);
  LockedLog log(log_path);
  if (!log.ok()) {
    return Error::input(fmt::format("{}: cannot open the review log ({}); is the folder writable?", log_path.string(),
                                    std::strerror(errno)));
  }
  if (!same_bytes(form.paths.filled, form.filled_text) || !same_bytes(form.paths.report, form.report_text)) {
    return CommitResult::ChangedOnDisk;
  }
  record_review(form, changes, who.by, who.at);
  const std::string filled = document_text(form.filled_doc);
  const std::string report = document_text(form.report_doc);
  // The report last, as fill writes them: a complete report marks a complete pair.
  if (auto s = write_file_atomically(form.paths.filled, filled); !s) return s.error();
  if (auto s = write_file_atomically(form.paths.report, report); !s) return s.error();
  form.filled_text = filled;
  form.report_text = report;
  std::string lines;
  for (const auto& c : changes) lines += log_entry(who, form.stem, c).dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
  if (auto s = log.append(lines); !s) return s.error();
  return CommitResult::Written;
}

std::string default_reviewer() {
  if (const char* r = std::getenv("INVOX_REVIEWER"); r && *r) return r;
  if (const passwd* pw = ::getpwuid(::getuid()); pw && pw->pw_name && *pw->pw_name) return pw->pw_name;
  if (const char* u = std::getenv("USER"); u && *u) return u;
  return "unknown";
}

}  // namespace invox::review
