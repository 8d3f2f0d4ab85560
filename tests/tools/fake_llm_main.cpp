// Standalone fake LLM server (OpenAI + Gemini formats) for benchmarks and manual runs:
//   fake_llm [--port N] [--latency-ms MS] [--threads T]
// Listens on 127.0.0.1 only and answers every field with a typed value (see default_answer).
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "support/fake_llm_server.hpp"

int main(int argc, char** argv) {
  invox::test::FakeLlmServer::Options options;
  options.port = 8089;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    const int value = std::atoi(argv[i + 1]);
    if (flag == "--port") options.port = value;
    else if (flag == "--latency-ms") options.latency_ms = value;
    else if (flag == "--threads") options.threads = value;
    else {
      std::fprintf(stderr, "usage: fake_llm [--port N] [--latency-ms MS] [--threads T]\n");
      return 2;
    }
  }
  try {
    invox::test::FakeLlmServer server(options);
    std::printf("fake LLM server on %s (latency %d ms); OpenAI base %s, Gemini base %s\n", server.base_url().c_str(),
                options.latency_ms, server.openai_base().c_str(), server.gemini_base().c_str());
    std::fflush(stdout);
    server.wait_until_stopped();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "fake_llm: %s\n", e.what());
    return 1;
  }
  return 0;
}
