#include "invox/log.hpp"

#include <chrono>
#include <cstdio>
#include <mutex>

#include <fmt/format.h>

#include "invox/json.hpp"
#include "util/time_format.hpp"

namespace invox::log {

namespace {
Settings g_settings;
std::mutex g_write_mutex;
thread_local std::string t_correlation_id;
void stderr_sink(std::string_view line) { std::fwrite(line.data(), 1, line.size(), stderr); }
Sink g_sink = stderr_sink;

constexpr std::string_view kLevelNames[] = {"debug", "info", "warn", "error", "off"};

// Content passed through sensitive() is bracketed with these control characters, so the
// writer can mask it when redaction is on and strip the markers when it is off.
constexpr char kOpen = '\x1e';
constexpr char kClose = '\x1f';

std::string render(std::string_view message) {
  std::string out;
  out.reserve(message.size());
  bool inside = false;
  for (char c : message) {
    if (c == kOpen) {
      inside = true;
      if (g_settings.redact) out += "[redacted]";
    } else if (c == kClose) {
      inside = false;
    } else if (!inside || !g_settings.redact) {
      out += c;
    }
  }
  return out;
}
}  // namespace

void configure(const Settings& s) { g_settings = s; }
void set_sink(Sink sink) { g_sink = sink ? sink : stderr_sink; }

void use_batch_redaction_default() {
  if (!g_settings.redact_explicit) g_settings.redact = true;
}
const Settings& settings() { return g_settings; }
void set_correlation_id(std::string id) { t_correlation_id = std::move(id); }
const std::string& correlation_id() { return t_correlation_id; }

std::string sensitive(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 2);
  out += kOpen;
  out += text;
  out += kClose;
  return out;
}

void write(Level level, std::string_view message) {
  if (level < g_settings.level || level == Level::Off) return;
  const auto now = std::chrono::system_clock::now();
  const std::string text = render(message);
  std::string line;
  if (g_settings.format == Format::Json) {
    Json j;
    j["ts"] = util::utc_iso8601_ms(now);
    j["level"] = kLevelNames[static_cast<int>(level)];
    if (!t_correlation_id.empty()) j["input"] = t_correlation_id;
    j["msg"] = text;
    line = j.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
  } else {
    line = fmt::format("invox: {}{}: {}\n", kLevelNames[static_cast<int>(level)],
                       t_correlation_id.empty() ? "" : " [" + t_correlation_id + "]", text);
  }
  std::lock_guard lock(g_write_mutex);
  g_sink(line);
}

}  // namespace invox::log
