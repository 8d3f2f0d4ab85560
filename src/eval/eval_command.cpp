#include "eval/eval_command.hpp"

#include <algorithm>
#include <csignal>
#include <mutex>

#include <fmt/format.h>

#include "eval/dataset.hpp"
#include "eval/history_import.hpp"
#include "eval/html_report.hpp"
#include "eval/report.hpp"
#include "eval/runner.hpp"
#include "invox/output.hpp"
#include "invox/stt.hpp"
#include "util/stop_signals.hpp"
#include "util/strings.hpp"

namespace invox::eval {

namespace {

Status write_text(const std::string& path, const std::string& text, const char* flag) {
  if (auto s = write_file_atomically(path, text); !s) return Error::config(fmt::format("{} {}", flag, s.error().message));
  return ok();
}

// Files are not written from a partial evaluation: a metrics file must describe whole runs.
int report_interrupted(const EvalResult& result, std::FILE* err) {
  std::string finished;
  for (const auto& run : result.strategies) {
    finished += fmt::format("{}{} {}/{}", finished.empty() ? "" : ", ", run.metrics.strategy, run.metrics.cases,
                            result.cases);
  }
  std::fprintf(err, "invox: eval stopped by signal %d: the table covers the cases that finished (%s); no file "
               "was written\n", result.signal, finished.c_str());
  return 128 + (result.signal != 0 ? result.signal : SIGINT);
}

}  // namespace

Expected<std::vector<Strategy>> parse_strategy_list(const std::string& text) {
  std::vector<Strategy> out;
  for (const auto& part : util::split(text, ',')) {
    const std::string name = util::trim(part);
    if (name.empty()) continue;
    std::string upper = name;
    for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    auto s = parse_strategy(upper);
    if (!s) return Error::config(fmt::format("--strategies: '{}' is not one of S1, S2, S3, S4", name));
    if (std::find(out.begin(), out.end(), *s) == out.end()) out.push_back(*s);
  }
  if (out.empty()) return Error::config("--strategies: name at least one of S1, S2, S3, S4 (e.g. S1,S2)");
  return out;
}

Expected<int> run_eval_command(const EvalCommandOptions& o, std::FILE* out, std::FILE* err) {
  // Output paths are checked before the run: a typo must not cost a whole evaluation.
  for (const auto& [path, flag] : {std::pair{&o.json_path, "--json"}, std::pair{&o.details_path, "--details"},
                                   std::pair{&o.html_path, "--html"}}) {
    if (path->empty()) continue;
    if (auto s = check_output_file(*path, flag); !s) return s.error();
  }
  auto dataset = load_dataset(o.dataset);
  if (!dataset) return dataset.error();

  std::optional<HistoryOptions> history;
  if (!o.history.empty()) {
    history = history_options_for(o.history);
    history->embed_model = o.embed_model;
    auto store = open_history_store(*history, o.model_services);
    if (!store) return Error{store.error().kind, "--history " + o.history + ": " + store.error().message};
    auto imported = import_history(**store, *dataset);
    if (!imported) return imported.error();
    if (!o.quiet) {
      for (const auto& w : imported->warnings) std::fprintf(err, "invox: warning: %s\n", w.c_str());
      std::fprintf(err, "invox: history: %lld example(s) imported from %s/history into %s (%lld already there)\n",
                   imported->added, dataset->root.string().c_str(), history->location.c_str(),
                   imported->already_stored);
    }
  }

  EvalOptions eo;
  eo.strategies = o.strategies;
  eo.jobs = o.jobs;
  eo.from_audio = o.from_audio;
  if (!o.quiet) {
    // A plain line per strategy at 25 % steps: evaluation output is usually logged, not watched.
    eo.on_case_done = [err](const std::string& strategy, size_t done, size_t total) {
      if (done == total || (total >= 8 && done % ((total + 3) / 4) == 0)) {
        std::fprintf(err, "invox: eval %s: %zu/%zu cases\n", strategy.c_str(), done, total);
      }
    };
  }
  const bool audio = o.from_audio && std::any_of(dataset->cases.begin(), dataset->cases.end(),
                                                 [](const EvalCase& c) { return !c.audio.empty(); });
  util::StopSignals signals;  // Ctrl-C: the table shows what finished, exit 128 + signal
  auto pipeline = o.pipeline;
  pipeline.stt.threads = stt_threads_per_input(pipeline.stt.threads, o.jobs, dataset->cases.size());
  auto result = run_eval(*dataset, eo, pipeline_factory(std::move(pipeline), o.model_services, history, audio));
  if (!result) return result.error();

  const std::string table = markdown_report(*result);
  std::fputs(table.c_str(), out);
  std::fflush(out);
  if (result->interrupted) return report_interrupted(*result, err);
  if (!o.json_path.empty()) {
    const std::string text = metrics_json(*result).dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
    if (auto s = write_text(o.json_path, text, "--json"); !s) return s.error();
  }
  if (!o.details_path.empty()) {
    if (auto s = write_details(o.details_path, *result); !s) return Error::config("--details " + s.error().message);
  }
  if (!o.csv_path.empty()) {
    if (auto s = write_text(o.csv_path, csv_report(*result), "--csv"); !s) return s.error();
  }
  if (!o.html_path.empty()) {
    if (auto s = write_text(o.html_path, html_report(*result), "--html"); !s) return s.error();
  }
  long failed = 0;
  for (const auto& run : result->strategies) failed += run.metrics.failed_cases;
  if (failed > 0) {
    std::fprintf(err, "invox: %ld case run(s) failed; see the failed column%s\n", failed,
                 o.details_path.empty() ? " (--details FILE lists the reasons)" : " and the details file");
  }
  return failed > 0 ? 1 : 0;
}

}  // namespace invox::eval
