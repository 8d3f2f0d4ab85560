#pragma once
// Logging to stderr: levels, text or JSON lines, per-input correlation id, PII redaction.
#include <string>
#include <string_view>

namespace invox::log {

enum class Level { Debug, Info, Warn, Error, Off };
enum class Format { Text, Json };

struct Settings {
  Level level = Level::Warn;
  Format format = Format::Text;
  bool redact = false;  // mask transcript content and values passed through `sensitive()`
  bool redact_explicit = false;  // the user chose; batch mode does not override it
};

// Batch runs redact by default unless the user chose explicitly.
void use_batch_redaction_default();

void configure(const Settings& settings);
[[nodiscard]] const Settings& settings();

// Correlation id of the input the current thread is processing ("" outside a run).
void set_correlation_id(std::string id);
[[nodiscard]] const std::string& correlation_id();

// Wraps user content (transcripts, values) so redaction can mask it.
[[nodiscard]] std::string sensitive(std::string_view text);

// Where finished lines go (default: stderr). Tests capture them here.
using Sink = void (*)(std::string_view line);
void set_sink(Sink sink);

void write(Level level, std::string_view message);
inline void debug(std::string_view m) { write(Level::Debug, m); }
inline void info(std::string_view m) { write(Level::Info, m); }
inline void warn(std::string_view m) { write(Level::Warn, m); }
inline void error(std::string_view m) { write(Level::Error, m); }

}  // namespace invox::log
