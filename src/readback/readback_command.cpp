#include "readback/readback_command.hpp"

#include <fmt/format.h>

#include "invox/template_set.hpp"
#include "invox/form.hpp"
#include "readback/readback_text.hpp"
#include "readback/speech.hpp"
#include "util/file_io.hpp"

namespace invox::readback {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kFilledSuffix = ".filled.json";

// <stem>.report.json beside <stem>.filled.json; empty when the name does not follow the pattern.
fs::path report_beside(const fs::path& filled) {
  const std::string name = filled.filename().string();
  if (name.size() <= kFilledSuffix.size() || !name.ends_with(kFilledSuffix)) return {};
  return filled.parent_path() / (name.substr(0, name.size() - kFilledSuffix.size()) + ".report.json");
}

}  // namespace

Expected<int> run_readback(const ReadbackCommandOptions& o, std::FILE* out, std::FILE* err) {
  auto doc = util::read_json_file(o.filled);
  if (!doc) return Error::config(doc.error().message);
  auto form = filled_form_from_json(*doc);
  if (!form) return Error::config(fmt::format("{}: {}", o.filled.string(), form.error().message));

  std::optional<Report> report;
  const fs::path report_path = report_beside(o.filled);
  std::error_code ec;
  if (!report_path.empty() && fs::exists(report_path, ec)) {
    auto report_doc = util::read_json_file(report_path);
    if (!report_doc) return Error::config(report_doc.error().message);
    auto parsed = report_from_json(*report_doc);
    if (!parsed) return Error::config(fmt::format("{}: {}", report_path.string(), parsed.error().message));
    report = std::move(*parsed);
  }

  auto templates = load_template_set(o.templates);
  if (!templates) return templates.error();
  const Template* tmpl = templates->find(form->template_id);
  if (!tmpl) {
    std::fprintf(err, "invox: note: template '%s' not found (pass --template FILE): labels and value types are "
                      "guessed from the form\n", form->template_id.c_str());
  }

  readback::ReadbackInput input{&*form, report ? &*report : nullptr, tmpl};
  const std::string text = readback::readback_text(readback::readback_lines(input));
  std::fputs(text.c_str(), out);
  if (!o.wav.empty()) {
    if (auto s = readback::write_speech(text, o.wav); !s) return s.error();
    std::fprintf(err, "invox: wrote %s\n", o.wav.string().c_str());
  }
  return 0;
}

}  // namespace invox::readback
