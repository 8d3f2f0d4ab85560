#pragma once
// The terminal the review walk talks to: bytes in, text out. The real one puts the tty in raw
// mode (single keys, no echo, Ctrl-C read as a key so the tty is always restored); tests use a
// scripted one.
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace invox::review {

class Terminal {
 public:
  virtual ~Terminal() = default;
  virtual void write(std::string_view text) = 0;
  // The next input byte, or -1 at the end of input.
  [[nodiscard]] virtual int read_byte() = 0;
  // True when another byte arrives within `ms` (tells a lone Esc from an arrow key's sequence).
  [[nodiscard]] virtual bool pending(int ms) = 0;
  [[nodiscard]] virtual bool colour() const = 0;
};

// stdin and stdout are both terminals.
[[nodiscard]] bool on_terminal();
// Colour only on a terminal, never with NO_COLOR set (https://no-color.org) or TERM=dumb.
[[nodiscard]] bool colour_wanted(bool terminal);

// stdin/stdout in raw mode for as long as it lives; the previous mode is restored after.
class TtyTerminal : public Terminal {
 public:
  explicit TtyTerminal(bool colour);
  ~TtyTerminal() override;
  TtyTerminal(const TtyTerminal&) = delete;
  TtyTerminal& operator=(const TtyTerminal&) = delete;

  void write(std::string_view text) override;
  [[nodiscard]] int read_byte() override;
  [[nodiscard]] bool pending(int ms) override;
  [[nodiscard]] bool colour() const override { return colour_; }

 private:
  struct Saved;
  std::unique_ptr<Saved> saved_;
  bool colour_ = false;
};

// Keys the walk understands beyond printable bytes.
inline constexpr int kKeyEnd = -1;
inline constexpr int kCtrlC = 3;
inline constexpr int kCtrlD = 4;
inline constexpr int kEscape = 27;

// A key press: a printable byte or control code; an escape sequence (arrow keys) is read whole
// and returned as 0, so it is ignored rather than taken as several keys.
[[nodiscard]] int read_key(Terminal& t);

// A line typed after `prompt`, echoed, with Backspace (whole UTF-8 characters) and Ctrl-U;
// Enter ends it. Esc, Ctrl-C, Ctrl-D on an empty line and the end of input cancel (nullopt).
[[nodiscard]] std::optional<std::string> read_line(Terminal& t, std::string_view prompt);

}  // namespace invox::review
