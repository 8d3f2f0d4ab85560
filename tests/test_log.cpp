#include <catch2/catch.hpp>

#include <regex>
#include <string>
#include <vector>

#include "invox/json.hpp"
#include "invox/log.hpp"

namespace {
std::vector<std::string> g_lines;
void capture(std::string_view line) { g_lines.emplace_back(line); }

struct CaptureLogs {
  invox::log::Settings saved = invox::log::settings();
  CaptureLogs() {
    g_lines.clear();
    invox::log::set_sink(capture);
  }
  ~CaptureLogs() {
    invox::log::set_sink(nullptr);
    invox::log::configure(saved);
    invox::log::set_correlation_id("");
  }
};
}  // namespace

TEST_CASE("log: levels filter lines below the configured level", "[log]") {
  CaptureLogs guard;
  invox::log::configure({invox::log::Level::Warn, invox::log::Format::Text, false, false});
  invox::log::info("hidden");
  invox::log::warn("shown");
  REQUIRE(g_lines.size() == 1);
  CHECK(g_lines[0].find("shown") != std::string::npos);
  CHECK(g_lines[0].find("warn") != std::string::npos);
}

TEST_CASE("log: redaction masks sensitive content and keeps the rest", "[log]") {
  CaptureLogs guard;
  invox::log::configure({invox::log::Level::Debug, invox::log::Format::Text, true, true});
  invox::log::info("transcript was " + invox::log::sensitive("patient John Smith, DOB 1970") + " (42 chars)");
  REQUIRE(g_lines.size() == 1);
  CHECK(g_lines[0].find("John") == std::string::npos);
  CHECK(g_lines[0].find("[redacted]") != std::string::npos);
  CHECK(g_lines[0].find("(42 chars)") != std::string::npos);

  invox::log::configure({invox::log::Level::Debug, invox::log::Format::Text, false, true});
  invox::log::info("value " + invox::log::sensitive("John"));
  REQUIRE(g_lines.size() == 2);
  CHECK(g_lines[1].find("value John") != std::string::npos);
  CHECK(g_lines[1].find('\x1e') == std::string::npos);
}

TEST_CASE("log: batch redaction default respects an explicit choice", "[log]") {
  CaptureLogs guard;
  invox::log::configure({invox::log::Level::Warn, invox::log::Format::Text, false, false});
  invox::log::use_batch_redaction_default();
  CHECK(invox::log::settings().redact);
  invox::log::configure({invox::log::Level::Warn, invox::log::Format::Text, false, true});
  invox::log::use_batch_redaction_default();
  CHECK_FALSE(invox::log::settings().redact);
}

TEST_CASE("log: JSON format writes one parseable object per line with the correlation id", "[log]") {
  CaptureLogs guard;
  invox::log::configure({invox::log::Level::Info, invox::log::Format::Json, false, false});
  invox::log::set_correlation_id("input-7");
  invox::log::warn("quote \" and newline \n inside");
  REQUIRE(g_lines.size() == 1);
  REQUIRE(g_lines[0].back() == '\n');
  CHECK(std::count(g_lines[0].begin(), g_lines[0].end(), '\n') == 1);
  const auto j = invox::Json::parse(g_lines[0]);
  CHECK(j["level"] == "warn");
  CHECK(j["input"] == "input-7");
  CHECK(j["msg"] == "quote \" and newline \n inside");
  // UTC with milliseconds (util/time_format), whatever the local time zone.
  CHECK(std::regex_match(j["ts"].get<std::string>(), std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)")));
}
