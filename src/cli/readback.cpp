// `invox readback FILLED [--wav FILE]`: flags into readback::ReadbackCommandOptions.
#include <cstdio>
#include <memory>

#include "readback/readback_command.hpp"
#include "cli/command.hpp"

namespace invox::cli {

namespace {

struct ReadbackFlags {
  std::string filled;
  std::vector<std::string> templates;
  std::string wav;
};

void run(const ReadbackFlags& f) {
  readback::ReadbackCommandOptions o;
  o.filled = f.filled;
  for (const auto& t : f.templates) o.templates.emplace_back(t);
  o.wav = f.wav;
  auto code = readback::run_readback(o, stdout, stderr);
  if (!code) fail(code.error());
  set_exit_code(*code);
}

}  // namespace

void setup_readback(CLI::App& app) {
  auto f = std::make_shared<ReadbackFlags>();
  auto* sub = app.add_subcommand("readback", "Read a filled form back as a spoken confirmation (text, or speech with --wav)");
  sub->add_option("FILLED", f->filled, "A <stem>.filled.json (its <stem>.report.json beside it turns flagged fields into questions)")
      ->required();
  sub->add_option("--template", f->templates,
                  "Template file or folder of templates (default: ./templates; without one, labels and types are guessed)");
  sub->add_option("--wav", f->wav, "Also speak it into this WAV file (offline, flite's slt voice)");
  sub->callback([f] { run(*f); });
}

}  // namespace invox::cli
