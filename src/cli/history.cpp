// `invox history add|import|list|stats|remove|retrieve`: manage the store of past filled
// examples that retrieval turns into few-shots (docs/HISTORY.md).
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli/command.hpp"
#include "cli/flags_model.hpp"
#include "cli/validators.hpp"
#include "cli/flags_history.hpp"
#include "invox/models.hpp"
#include "invox/transcript.hpp"
#include "util/strings.hpp"

namespace invox::cli {

namespace {

namespace fs = std::filesystem;

struct HistoryCommand {
  HistoryFlags store;
  std::string template_arg;
  std::vector<std::string> files;
  std::string dir;
  std::string filter_template;
  std::vector<long long> ids;
  std::string text;
  int k = kMaxRetrievedExamples;
  bool json = false;
  std::string config_file;  // --config: the embeddings endpoint, as for fill
};

std::shared_ptr<HistoryStore> open_store(const HistoryCommand& c) {
  ModelServices services;
  apply_config_flag(c.config_file, services);
  auto store = open_history_store(history_store_options(c.store), services);
  if (!store) fail(store.error());
  return *store;
}

// TEMPLATE is a template file (examples are checked against it) or a bare template id.
std::optional<Template> template_from_arg(const std::string& arg) {
  std::error_code ec;
  if (!fs::is_regular_file(arg, ec)) return std::nullopt;
  auto t = load_template(arg);
  if (!t) fail(t.error());
  return std::move(*t);
}

// Adds what could be read; unreadable files are reported and make the exit code 1.
void add_examples(const HistoryCommand& c, const std::vector<fs::path>& files, const HistoryImportOptions& options) {
  auto imported = import_history_files(*open_store(c), files, options);
  if (!imported) fail(imported.error());
  for (const auto& e : imported->failed) std::fprintf(stderr, "invox: error: %s\n", e.message.c_str());
  for (const auto& w : imported->warnings) std::fprintf(stderr, "invox: warning: %s\n", w.c_str());
  std::printf("added %lld, already stored %lld, failed %zu\n", imported->added, imported->already_stored,
              imported->failed.size());
  set_exit_code(imported->failed.empty() ? kExitOk : kExitInputFailed);
}

void run_add(const HistoryCommand& c) {
  const auto tmpl = template_from_arg(c.template_arg);
  HistoryImportOptions options;
  if (tmpl) options.templates = {&*tmpl};
  else options.template_id = c.template_arg;
  add_examples(c, std::vector<fs::path>(c.files.begin(), c.files.end()), options);
}

void run_import(const HistoryCommand& c) {
  auto files = history_files_in(c.dir);
  if (!files) fail(files.error());
  if (files->empty()) fail(Error::config(fmt::format("{}: no .json history files found", c.dir)));
  add_examples(c, *files, {});
}

Json example_json(const HistoryExample& e) {
  return Json{{"id", e.id},           {"templateId", e.template_id}, {"addedAt", e.added_at},
              {"transcript", e.transcript}, {"expected", e.expected}, {"evidence", e.evidence}};
}

void run_list(const HistoryCommand& c) {
  auto examples = open_store(c)->list(c.filter_template);
  if (!examples) fail(examples.error());
  if (c.json) {
    for (const auto& e : *examples) std::printf("%s\n", example_json(e).dump().c_str());
    return;
  }
  std::printf("%-6s %-24s %-20s %-6s %s\n", "ID", "TEMPLATE", "ADDED", "FIELDS", "TRANSCRIPT");
  for (const auto& e : *examples) {
    std::string snippet = util::truncate_chars(e.transcript, 60);
    for (char& ch : snippet) if (ch == '\n' || ch == '\r' || ch == '\t') ch = ' ';
    if (snippet.size() < e.transcript.size()) snippet += "...";
    std::printf("%-6lld %-24s %-20s %-6zu %s\n", e.id, e.template_id.c_str(), e.added_at.c_str(), e.expected.size(),
                snippet.c_str());
  }
}

void run_stats(const HistoryCommand& c) {
  auto s = open_store(c)->stats();
  if (!s) fail(s.error());
  if (c.json) {
    Json per = Json::object();
    for (const auto& [t, n] : s->per_template) per[t] = n;
    std::printf("%s\n", Json{{"backend", s->backend}, {"location", s->location}, {"examples", s->examples},
                             {"withEmbedding", s->with_embedding}, {"perTemplate", per}}.dump(2).c_str());
    return;
  }
  std::printf("store: %s (%s)\nexamples: %lld (%lld with embeddings)\n", s->location.c_str(), s->backend.c_str(),
              s->examples, s->with_embedding);
  for (const auto& [t, n] : s->per_template) std::printf("  %-32s %lld\n", t.c_str(), n);
}

void run_remove(const HistoryCommand& c) {
  auto store = open_store(c);
  int missing = 0;
  for (long long id : c.ids) {
    auto removed = store->remove(id);
    if (!removed) fail(removed.error());
    if (*removed) std::printf("removed %lld\n", id);
    else {
      std::fprintf(stderr, "invox: error: no example with id %lld\n", id);
      ++missing;
    }
  }
  set_exit_code(missing > 0 ? kExitInputFailed : kExitOk);
}

// Shows which few-shots a fill would get: the retrieval exactly as the pipeline runs it.
void run_retrieve(const HistoryCommand& c) {
  auto tmpl = load_template(c.template_arg);
  if (!tmpl) fail(tmpl.error());
  std::string text = c.text;
  std::error_code ec;
  if (fs::is_regular_file(text, ec)) {
    auto t = load_transcript(text);
    if (!t) fail(t.error());
    text = t->text;
  }
  RetrievalOptions options;
  options.k = std::min(c.k, kMaxRetrievedExamples);
  if (c.k > kMaxRetrievedExamples) {
    std::fprintf(stderr, "invox: warning: -k %d: retrieval gives at most %d examples; showing %d\n", c.k,
                 kMaxRetrievedExamples, kMaxRetrievedExamples);
  }
  auto shots = open_store(c)->retrieve(*tmpl, text, options);
  if (!shots) fail(shots.error());
  Json out = Json::array();
  for (const auto& s : *shots) out.push_back({{"transcript", s.transcript}, {"expected", s.expected}, {"evidence", s.evidence}});
  std::printf("%s\n", out.dump(2).c_str());
}

}  // namespace

void setup_history(CLI::App& app) {
  auto c = std::make_shared<HistoryCommand>();
  auto* sub = app.add_subcommand("history", "Manage the history store of filled examples used as few-shots");
  sub->require_subcommand(1);
  add_history_store_flags(*sub, c->store);
  add_config_flag(*sub, c->config_file);
  sub->fallthrough();

  auto* add = sub->add_subcommand("add", "Add examples: history files, dataset cases or <stem>.filled.json outputs");
  add->add_option("TEMPLATE", c->template_arg, "Template file (fields not in it are dropped) or template id")->required();
  // No ExistingFile check: a missing file is reported with the others' results (exit 1), and
  // the files that can be read are still added (docs/HISTORY.md).
  add->add_option("FILE", c->files, "Example JSON files")->required();
  add->callback([c] { run_add(*c); });

  auto* import = sub->add_subcommand("import", "Add every *.json in DIR (a dataset root's history/ folder)");
  import->add_option("DIR", c->dir, "Folder of history files, or a dataset root")->required();
  import->callback([c] { run_import(*c); });

  auto* list = sub->add_subcommand("list", "List stored examples");
  list->add_option("--template", c->filter_template, "Only this template id");
  list->add_flag("--json", c->json, "One JSON object per line");
  list->callback([c] { run_list(*c); });

  auto* stats = sub->add_subcommand("stats", "Count examples per template");
  stats->add_flag("--json", c->json, "JSON output");
  stats->callback([c] { run_stats(*c); });

  auto* remove = sub->add_subcommand("remove", "Remove examples by id");
  remove->add_option("ID", c->ids, "Example ids (see 'history list')")->required();
  remove->callback([c] { run_remove(*c); });

  auto* retrieve = sub->add_subcommand("retrieve", "Print the few-shots retrieval picks for a transcript");
  retrieve->add_option("TEMPLATE", c->template_arg, "Template file")->required()->check(CLI::ExistingFile);
  retrieve->add_option("TRANSCRIPT", c->text, "Transcript file (.txt/.json) or the text itself")->required();
  retrieve->add_option("-k", c->k, "How many examples (larger values are clamped to 5)")
      ->capture_default_str()
      ->check(at_least(0));
  retrieve->callback([c] { run_retrieve(*c); });
}

}  // namespace invox::cli
