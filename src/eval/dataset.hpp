#pragma once
// Evaluation datasets (DESIGN.md "Datasets"): templates/, cases/, audio/, history/.
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "invox/expected.hpp"
#include "invox/normalize.hpp"
#include "invox/template.hpp"
#include "invox/values.hpp"

namespace invox::eval {

struct EvalCase {
  std::string id;
  std::string template_id;
  std::string transcript;
  std::string old_transcript;
  CurrentValues current;
  std::filesystem::path audio;  // resolved against the dataset root; empty when the case has none
  NormalizeContext context;
  Json expected;  // field id -> normalized value or null, for every template field
  std::filesystem::path file;
};

struct Dataset {
  std::string name;  // the folder name, e.g. "dev"
  std::filesystem::path root;
  std::map<std::string, Template> templates;  // by id
  std::vector<EvalCase> cases;                // sorted by file name
  std::vector<std::filesystem::path> history_files;  // history/*.json, sorted; never cases

  [[nodiscard]] const Template* find_template(const std::string& id) const;
};

// Loads and checks a dataset; problems are Config errors naming the file and what is wrong
// (unknown template, `expected` missing a template field or naming an unknown one, ...).
[[nodiscard]] Expected<Dataset> load_dataset(const std::filesystem::path& root);
[[nodiscard]] Expected<EvalCase> parse_case(const Json& doc, const std::filesystem::path& file, const Dataset& dataset);

}  // namespace invox::eval
