#include "orchestrator/stages.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <string_view>

#include "invox/log.hpp"

namespace invox {

namespace {
Error too_long(const FillRequest& request, std::string_view what, size_t bytes, size_t limit) {
  const std::string name = request.input.empty() ? "stdin" : request.input.string();
  return Error::input(fmt::format("{}: {} is {} bytes, over the limit of {} bytes (--max-transcript-bytes); "
                                  "split the input, or raise the limit if it really is one dictation",
                                  name, what, bytes, limit));
}
}  // namespace

Expected<Transcript> obtain_transcript(const FillRequest& request, const PipelineOptions& options,
                                       const PipelineServices& services, Report& report) {
  const size_t limit = options.max_transcript_bytes;
  auto checked = [&](Expected<Transcript> t, std::string_view what) -> Expected<Transcript> {
    if (t && limit > 0 && t->text.size() > limit) return too_long(request, what, t->text.size(), limit);
    return t;
  };
  if (request.transcript) return checked(*request.transcript, "the transcript");
  if (request.text || !is_audio_path(request.input)) {
    // A transcript that cannot be read fails the input at an `input` stage; one read well
    // records no stage (reading is not a pipeline step worth timing).
    StageClock clock("input");
    Expected<Transcript> t = Error::input("no input: give an audio or transcript file");
    std::error_code ec;
    const auto file_bytes = request.text ? 0 : std::filesystem::file_size(request.input, ec);
    if (request.text) {
      t = checked(transcript_from_text(*request.text, request.input.empty() ? "stdin" : request.input.string()),
                  "the transcript");
    } else if (!ec && limit > 0 && file_bytes > limit && request.input.extension() == ".txt") {
      t = too_long(request, "the transcript", file_bytes, limit);  // not even read
    } else if (!request.input.empty()) {
      t = checked(load_transcript(request.input), "the transcript");
    }
    if (!t) report.stages.push_back(clock.finish(false, t.error().message));
    return t;
  }

  StageClock clock("stt");
  auto fail = [&](const Error& e) -> Expected<Transcript> {
    report.stages.push_back(clock.finish(false, e.message));
    return e;
  };
  if (!services.stt) return fail(services.stt_error.value_or(Error::internal("no speech recognizer available")));
  SttOptions opts = options.stt;
  if (!opts.bias_template) opts.bias_template = request.tmpl;
  Expected<Transcript> t = Error::internal("speech recognition did not run");
  try {
    t = services.stt->transcribe(request.input, opts);
  } catch (const std::exception& e) {
    return fail(Error::internal(fmt::format("{}: speech recognition failed: {}", request.input.string(), e.what())));
  }
  if (!t) return fail(t.error());
  t = checked(std::move(t), "the transcript produced by speech recognition");
  if (!t) return fail(t.error());
  report.stages.push_back(clock.finish());
  return t;
}

std::vector<FewShot> retrieve_examples(HistoryStore& store, const Template& tmpl, const std::string& transcript,
                                       const RetrievalOptions& options, Report& report) {
  StageClock clock("rag");
  RetrievalOptions opts = options;
  opts.k = std::clamp(opts.k, 0, 5);
  std::string error;
  std::vector<FewShot> shots;
  try {
    auto r = store.retrieve(tmpl, transcript, opts);
    if (r) shots = std::move(*r);
    else error = r.error().message;
  } catch (const std::exception& e) {
    error = e.what();
  }
  StageTiming t = clock.finish(error.empty(), error);
  if (!error.empty()) {
    t.warning = "retrieval failed; continuing zero-shot";
    log::warn(fmt::format("retrieval failed, continuing zero-shot: {}", error));
  }
  t.calls = 1;
  report.stages.push_back(std::move(t));
  return shots;
}

Expected<StrategyOutput> run_strategy_guarded(Strategy strategy, const StrategyInput& input) {
  try {
    return run_strategy(strategy, input);
  } catch (const std::exception& e) {
    return Error::internal(fmt::format("strategy {} failed: {}", to_string(strategy), e.what()));
  }
}

void learn_from(HistoryStore& store, const FillOutcome& outcome) {
  if (outcome.report.status != FormStatus::Complete) return;  // only forms nobody needs to check teach
  try {
    if (auto r = store.add(history_example_from_form(outcome.form)); !r) {
      log::warn(fmt::format("--learn: could not add the result: {}", r.error().message));
    }
  } catch (const std::exception& e) {
    log::warn(fmt::format("--learn: could not add the result: {}", e.what()));
  }
}

}  // namespace invox
