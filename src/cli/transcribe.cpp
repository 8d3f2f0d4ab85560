// `invox transcribe AUDIO... [--out DIR]`: writes <stem>.transcript.json per input (atomically)
// into DIR (default: the current folder, as `fill`). Inputs are found and named as `fill` finds
// and names them (folders, patterns, collision-safe stems), so leave.mp3 and leave.ogg never
// overwrite each other. Each input is independent: a failure is reported and the others go on
// (exit 1 at the end).
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "batch/inputs.hpp"
#include "cli/flags_log.hpp"
#include "cli/command.hpp"
#include "cli/flags_model.hpp"
#include "cli/flags_stt.hpp"
#include "invox/models.hpp"
#include "invox/output.hpp"
#include "invox/stt.hpp"
#include "invox/template.hpp"
#include "invox/transcript.hpp"
#include "util/file_io.hpp"
#include "util/time_format.hpp"

namespace invox::cli {

namespace {

// A live "name: 3/24 chunks of 2h00m audio, 4m10s elapsed, ~29m left" line on a terminal;
// nothing when stderr is a pipe or a file (logs stay clean) or with -q.
std::function<void(const SttProgress&)> terminal_progress(const std::string& name) {
  if (::isatty(STDERR_FILENO) != 1 || apply_quiet(false)) return {};
  const auto start = std::chrono::steady_clock::now();
  return [name, start](const SttProgress& p) {
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::string left;
    if (p.chunks_done > 0 && p.chunks_done < p.chunks_total) {
      const double per_chunk = elapsed / static_cast<double>(p.chunks_done);
      left = ", ~" + util::format_duration(per_chunk * static_cast<double>(p.chunks_total - p.chunks_done)) + " left";
    }
    if (p.chunks_done == p.chunks_total) {
      std::fputs("\r\033[K", stderr);  // the result line replaces it
    } else {
      std::fprintf(stderr, "\r\033[K%s: %zu/%zu chunks of %s audio, %s elapsed%s", name.c_str(), p.chunks_done,
                   p.chunks_total, util::format_duration(p.audio_seconds).c_str(),
                   util::format_duration(elapsed).c_str(), left.c_str());
    }
    std::fflush(stderr);
  };
}

struct TranscribeFlags {
  std::vector<std::string> inputs;
  std::string out_dir = ".";
  std::string template_path;
  std::vector<std::string> bias_text_files;
  SttFlags stt;
  std::string config_file;  // --config: endpoints (a Whisper server's base URL) as for fill
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
  apply_config_flag(f.config_file, services);
  auto recognizer = make_recognizer(options, services);
  if (!recognizer) fail(recognizer.error());
  batch::DiscoveryOptions discovery;
  discovery.transcript_extensions.clear();  // folders contribute their audio only
  auto inputs = batch::discover_inputs(f.inputs, discovery);
  if (!inputs) fail(inputs.error());
  for (const auto& in : *inputs) {
    if (in.from_stdin) fail_usage("transcribe reads audio files; '-' (stdin) is not supported");
  }
  if (auto s = prepare_output_dir(f.out_dir); !s) fail(s.error());
  int failed = 0;
  for (const auto& in : *inputs) {
    options.on_progress = terminal_progress(in.display());
    auto transcript = (*recognizer)->transcribe(in.path, options);
    if (!transcript) {
      // A configuration error stops the run and is printed once, by the top-level handler.
      if (transcript.error().kind == ErrorKind::Config) fail(transcript.error());
      std::fprintf(stderr, "invox: error: %s\n", transcript.error().message.c_str());
      ++failed;
      continue;
    }
    const auto out = std::filesystem::path(f.out_dir) / (std::string(in.stem) + ".transcript.json");
    if (auto s = write_file_atomically(out, to_json(*transcript).dump(2, ' ', false, Json::error_handler_t::replace) + "\n"); !s) {
      std::fprintf(stderr, "invox: error: %s\n", s.error().message.c_str());
      ++failed;
      continue;
    }
    std::printf("%s: %.1f s, %zu segments -> %s\n", in.display().c_str(), transcript->duration_seconds,
                transcript->segments.size(), out.string().c_str());
  }
  set_exit_code(failed > 0 ? kExitInputFailed : kExitOk);
}

}  // namespace

void setup_transcribe(CLI::App& app) {
  auto f = std::make_shared<TranscribeFlags>();
  auto* sub = app.add_subcommand("transcribe", "Transcribe audio files to <stem>.transcript.json");
  sub->add_option("AUDIO", f->inputs, "Audio files (WAV, FLAC, Ogg/Vorbis, MP3), folders (searched recursively) "
                  "or glob patterns")->required();
  sub->add_option("--out", f->out_dir, "Output folder for <stem>.transcript.json")->capture_default_str();
  sub->add_option("--template", f->template_path,
                  "Form template whose labels, aliases and options bias recognition (optional)");
  sub->add_option("--bias-text", f->bias_text_files,
                  "Text files (e.g. past transcripts) whose words bias recognition; repeatable");
  add_stt_flags(*sub, f->stt);
  add_config_flag(*sub, f->config_file);
  sub->callback([f] { run(*f); });
}

}  // namespace invox::cli
