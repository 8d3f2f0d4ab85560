#include "review/terminal.hpp"

#include <poll.h>
#include <signal.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>

#include "util/strings.hpp"

namespace invox::review {

struct TtyTerminal::Saved {
  termios mode{};
  bool valid = false;
};

namespace {

// The mode to restore if the process is killed while the tty is raw (SIGTERM, SIGHUP): a shell
// left without echo is the worst way for a review to end. Only async-signal-safe calls here.
termios g_restore_mode{};
volatile sig_atomic_t g_restore_armed = 0;

extern "C" void restore_and_reraise(int sig) {
  if (g_restore_armed) ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &g_restore_mode);
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

}  // namespace

bool on_terminal() { return ::isatty(STDIN_FILENO) == 1 && ::isatty(STDOUT_FILENO) == 1; }

bool colour_wanted(bool terminal) {
  if (!terminal) return false;
  if (const char* nc = std::getenv("NO_COLOR"); nc && *nc) return false;
  const char* term = std::getenv("TERM");
  return !(term && std::strcmp(term, "dumb") == 0);
}

TtyTerminal::TtyTerminal(bool colour) : saved_(std::make_unique<Saved>()), colour_(colour) {
  if (::tcgetattr(STDIN_FILENO, &saved_->mode) != 0) return;
  saved_->valid = true;
  termios raw = saved_->mode;
  raw.c_lflag &= static_cast<tcflag_t>(~(ICANON | ECHO | ISIG | IEXTEN));
  raw.c_iflag &= static_cast<tcflag_t>(~(IXON | ICRNL));
  raw.c_cc[VMIN] = 1;
  raw.c_cc[VTIME] = 0;
  g_restore_mode = saved_->mode;
  g_restore_armed = 1;
  for (int sig : {SIGTERM, SIGHUP}) ::signal(sig, restore_and_reraise);
  ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw);
}

TtyTerminal::~TtyTerminal() {
  if (!saved_->valid) return;
  ::tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_->mode);
  g_restore_armed = 0;
  for (int sig : {SIGTERM, SIGHUP}) ::signal(sig, SIG_DFL);
}

void TtyTerminal::write(std::string_view text) {
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(STDOUT_FILENO, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // the terminal went away; reading will end the walk
    done += static_cast<size_t>(n);
  }
}

int TtyTerminal::read_byte() {
  unsigned char c = 0;
  for (;;) {
    const ssize_t n = ::read(STDIN_FILENO, &c, 1);
    if (n == 1) return c;
    if (n < 0 && errno == EINTR) continue;
    return kKeyEnd;
  }
}

bool TtyTerminal::pending(int ms) {
  pollfd p{STDIN_FILENO, POLLIN, 0};
  return ::poll(&p, 1, ms) > 0;
}

int read_key(Terminal& t) {
  const int c = t.read_byte();
  if (c != kEscape || !t.pending(30)) return c;
  // CSI / SS3 sequences: ESC [ ... final byte (0x40-0x7E), ESC O x.
  const int intro = t.read_byte();
  if (intro == '[') {
    for (int b = t.read_byte(); b != kKeyEnd; b = t.read_byte()) {
      if (b >= 0x40 && b <= 0x7E) break;
    }
  } else if (intro == 'O') {
    (void)t.read_byte();
  }
  return 0;
}

std::optional<std::string> read_line(Terminal& t, std::string_view prompt) {
  t.write(prompt);
  std::string line;
  for (;;) {
    const int c = read_key(t);
    if (c == kKeyEnd || c == kCtrlC || c == kEscape || (c == kCtrlD && line.empty())) {
      t.write("\r\n");
      return std::nullopt;
    }
    if (c == '\r' || c == '\n') {
      t.write("\r\n");
      return line;
    }
    if (c == 127 || c == 8) {
      if (line.empty()) continue;
      // Remove a whole UTF-8 character: continuation bytes, then its lead byte.
      while (!line.empty() && util::is_utf8_continuation(static_cast<unsigned char>(line.back()))) line.pop_back();
      if (!line.empty()) line.pop_back();
      t.write("\b \b");
      continue;
    }
    if (c == 21) {  // Ctrl-U: start the line again
      t.write("\r\x1b[K");
      t.write(prompt);
      line.clear();
      continue;
    }
    if (c <= 0 || c < 32) continue;  // other control keys and escape sequences
    line.push_back(static_cast<char>(c));
    t.write(std::string(1, static_cast<char>(c)));
  }
}

}  // namespace invox::review
