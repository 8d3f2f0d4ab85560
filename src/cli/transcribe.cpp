// `invox transcribe AUDIO... [--out DIR]`: writes <stem>.transcript.json per input (atomically).
// Each input is independent: a failure is reported and the others go on (exit 1 at the end).
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli/command.hpp"
#include "cli/flags_stt.hpp"
#include "invox/models.hpp"
#include "invox/output.hpp"
#include "invox/stt.hpp"
#include "invox/template.hpp"
#include "invox/transcript.hpp"
#include "util/file_io.hpp"

namespace invox::cli {

namespace {

struct TranscribeFlags {
  std::vector<std::string> inputs;
  std::string out_dir;  // empty: next to each input
  std::string template_path;
  std::vector<std::string> bias_text_files;
  SttFlags stt;
};

void run(const TranscribeFlags& f) {
  SttOptions options;
  apply_stt_flags(f.stt, options);
  std::optional<Template> tmpl;
  if (!f.template_path.empty()) {
    auto t = load_template(f.template_path);
    if (!t) fail(Error::config(t.error().message));
    tmpl = std::move(*t);
    options.bias_template = &*tmpl;
  }
  for (const auto& file : f.bias_text_files) {
    auto text = util::read_file(file);
    if (!text) fail(Error::config(text.error().message));
    options.bias_texts.push_back(std::move(*text));
  }
  ModelServices services;
  auto recognizer = make_recognizer(options, services);
  if (!recognizer) fail(recognizer.error());
  if (!f.out_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(f.out_dir, ec);
    if (ec) fail(Error::config(fmt::format("--out {}: cannot create the folder ({})", f.out_dir, ec.message())));
  }
  int failed = 0;
  for (const auto& input : f.inputs) {
    const std::filesystem::path path(input);
    auto transcript = (*recognizer)->transcribe(path, options);
    if (!transcript) {
      // A configuration error stops the run and is printed once, by the top-level handler.
      if (transcript.error().kind == ErrorKind::Config) fail(transcript.error());
      std::fprintf(stderr, "invox: error: %s\n", transcript.error().message.c_str());
      ++failed;
      continue;
    }
    const auto dir = f.out_dir.empty() ? path.parent_path() : std::filesystem::path(f.out_dir);
    const auto out = dir / (output_stem(path) + ".transcript.json");
    if (auto s = write_file_atomically(out, to_json(*transcript).dump(2) + "\n"); !s) {
      std::fprintf(stderr, "invox: error: %s\n", s.error().message.c_str());
      ++failed;
      continue;
    }
    std::printf("%s: %.1f s, %zu segments -> %s\n", input.c_str(), transcript->duration_seconds,
                transcript->segments.size(), out.string().c_str());
  }
  set_exit_code(failed > 0 ? kExitInputFailed : kExitOk);
}

}  // namespace

void setup_transcribe(CLI::App& app) {
  auto f = std::make_shared<TranscribeFlags>();
  auto* sub = app.add_subcommand("transcribe", "Transcribe audio files to <stem>.transcript.json");
  sub->add_option("AUDIO", f->inputs, "Audio files: WAV, FLAC, Ogg/Vorbis, MP3")->required();
  sub->add_option("--out", f->out_dir, "Output folder (default: next to each input)");
  sub->add_option("--template", f->template_path,
                  "Form template whose labels, aliases and options bias recognition (optional)");
  sub->add_option("--bias-text", f->bias_text_files,
                  "Text files (e.g. past transcripts) whose words bias recognition; repeatable");
  add_stt_flags(*sub, f->stt);
  sub->callback([f] { run(*f); });
}

}  // namespace invox::cli
