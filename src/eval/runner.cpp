#include "eval/runner.hpp"

#include <chrono>
#include <mutex>

#include <fmt/format.h>

#include "util/cancel.hpp"
#include "util/worker_pool.hpp"

namespace invox::eval {

FillRequest case_request(const EvalCase& c, const Template& tmpl, bool from_audio) {
  FillRequest r;
  r.tmpl = &tmpl;
  r.current = c.current;
  r.old_transcript = c.old_transcript;
  r.context = c.context;
  if (from_audio && !c.audio.empty()) {
    r.input = c.audio;  // no transcript: the orchestrator runs STT on the audio
  } else {
    r.input = c.file;
    Transcript t;
    t.text = c.transcript;
    r.transcript = std::move(t);
  }
  return r;
}

Expected<EvalResult> run_eval(const Dataset& dataset, const EvalOptions& options, const StrategyFactory& factory) {
  EvalResult result;
  result.dataset = dataset.name;
  result.cases = static_cast<long>(dataset.cases.size());
  const size_t n = dataset.cases.size();

  for (Strategy strategy : options.strategies) {
    auto runner = factory(strategy);
    if (!runner) return runner.error();
    StrategyRun run;
    run.metrics.strategy = runner->strategy;
    run.metrics.model = runner->model;
    run.review_threshold = runner->review_threshold;
    run.cases.resize(n);

    std::mutex mutex;
    size_t done = 0;
    auto run_case = [&](size_t i) {
      const EvalCase& c = dataset.cases[i];
      const Template& tmpl = *dataset.find_template(c.template_id);
      const FillRequest request = case_request(c, tmpl, options.from_audio);
      const auto t0 = std::chrono::steady_clock::now();
      FillOutcome outcome;
      try {
        outcome = runner->process(request);
      } catch (const std::exception& ex) {
        outcome.report.status = FormStatus::Failed;
        outcome.report.error = ex.what();
      }
      // A case that ends after a stop request may have been cut short: it is not scored.
      if (util::stop_requested()) return;
      CaseRun cr;
      cr.ran = true;
      cr.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      cr.status = outcome.report.status;
      cr.issues = outcome.report.issues;
      cr.usage = outcome.report.usage;
      const bool failed = outcome.report.status == FormStatus::Failed;
      cr.score = score_case(c.id, tmpl, c.expected, failed ? nullptr : &outcome.form, c.current,
                            &outcome.report.issues);
      cr.score.error = outcome.report.error;
      cr.transcript = outcome.form.transcript.empty() && request.transcript ? request.transcript->text
                                                                            : outcome.form.transcript;
      std::lock_guard lock(mutex);
      run.cases[i] = std::move(cr);
      ++done;
      if (options.on_case_done) options.on_case_done(runner->strategy, done, n);
    };
    const int jobs = util::jobs_at_once(options.jobs, n);
    util::WorkerPool pool(jobs - 1);  // the calling thread is the other one
    try {
      pool.for_each(n, jobs, run_case);
    } catch (const util::StopRequested&) {
    }

    // Metrics are added in dataset order so sums do not depend on thread timing.
    for (const auto& cr : run.cases) {
      if (cr.ran) run.metrics.add(cr.score, cr.usage, cr.ms);
    }
    result.strategies.push_back(std::move(run));
    if (util::stop_requested()) {
      result.interrupted = true;
      result.signal = util::stop_signal();
      break;  // the strategies after this one are not run
    }
  }
  return result;
}

StrategyFactory pipeline_factory(PipelineOptions base, ModelServices services, std::optional<HistoryOptions> history,
                                 bool with_recognizer) {
  return [base, services, history, with_recognizer](Strategy strategy) -> Expected<StrategyRunner> {
    PipelineOptions options = base;
    options.strategy = strategy;
    options.learn = false;  // evaluation never feeds its cases back into the history
    auto built = build_pipeline_services(options, services, history, with_recognizer);
    if (!built) {
      // "S3: ..." names the strategy unless the message already does ("strategy S3 needs ...").
      const std::string& why = built.error().message;
      const bool named = why.find(std::string("strategy ") + std::string(to_string(strategy))) != std::string::npos;
      return Error{built.error().kind, named ? why : fmt::format("{}: {}", to_string(strategy), why)};
    }
    auto orchestrator = std::make_shared<const Orchestrator>(options, std::move(*built));
    StrategyRunner r;
    r.strategy = std::string(to_string(strategy));
    r.model = orchestrator->models();
    r.review_threshold = orchestrator->review_threshold();
    r.process = [orchestrator](const FillRequest& req) { return orchestrator->process(req); };
    return r;
  };
}

}  // namespace invox::eval
