#include "review/learn.hpp"

#include <fmt/format.h>

#include "invox/output.hpp"
#include "util/file_io.hpp"

namespace invox::review {

namespace {

Expected<HistoryExample> example_of(const std::filesystem::path& dir, const std::string& stem) {
  const OutputPaths paths = output_paths_for(dir, stem);
  auto filled_doc = util::read_json_file(paths.filled);
  if (!filled_doc) return filled_doc.error();
  auto report_doc = util::read_json_file(paths.report);
  if (!report_doc) return report_doc.error();
  auto form = filled_form_from_json(*filled_doc);
  if (!form) return form.error();
  auto report = report_from_json(*report_doc);
  if (!report) return report.error();
  // Like `fill --learn`: only forms nobody needs to check teach, and only with what was said.
  if (report->status != FormStatus::Complete || form->transcript.empty()) {
    return Error::input("not complete (or without a transcript): not added");
  }
  return history_example_from_form(*form);
}

}  // namespace

LearnResult learn_reviewed(HistoryStore& store, const std::filesystem::path& dir, const std::vector<std::string>& stems) {
  LearnResult result;
  for (const auto& stem : stems) {
    auto example = example_of(dir, stem);
    if (!example) {
      result.failed.push_back(fmt::format("{}: {}", stem, example.error().message));
      continue;
    }
    try {
      if (auto id = store.add(*example); !id) result.failed.push_back(fmt::format("{}: {}", stem, id.error().message));
      else ++result.added;
    } catch (const std::exception&) {
      // A store back end that throws must not lose the review that was already written.
      result.failed.push_back(fmt::format("{}: the history store failed unexpectedly; the review itself is saved", stem));
    }
  }
  return result;
}

}  // namespace invox::review
