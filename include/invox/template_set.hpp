#pragma once
// Templates found by id, for commands that start from outputs (`review`, `readback`): a
// filled form names its template only by id, so the user points at the template file or a
// folder of templates (`--template PATH`, repeatable).
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "invox/expected.hpp"
#include "invox/template.hpp"

namespace invox {

class TemplateSet {
 public:
  // A template file (must be valid), or every `*.json` in a folder that is a valid template
  // (other JSON files there are passed over).
  [[nodiscard]] Status add(const std::filesystem::path& path);
  [[nodiscard]] const Template* find(const std::string& id) const;
  [[nodiscard]] bool empty() const { return by_id_.empty(); }
  // "patient-intake, vital-signs", for messages.
  [[nodiscard]] std::string ids() const;

 private:
  std::map<std::string, Template> by_id_;
};

// Loads `paths`; with none, `./templates` when that folder exists (else an empty set).
[[nodiscard]] Expected<TemplateSet> load_template_set(const std::vector<std::filesystem::path>& paths);

// "<where>: template '<id>' is not among the templates given (...): pass the template fill
// used with --template FILE".
[[nodiscard]] Error unknown_template(const std::string& where, const std::string& id, const TemplateSet& set);

}  // namespace invox
