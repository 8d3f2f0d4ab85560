// The compiled-in calibration of the `rules` engine (src/core/rules_calibration.json).
#include <string_view>

#include "invox/calibration.hpp"
#include "util/file_io.hpp"

namespace invox {

namespace calibration_data {
std::string_view builtin_rules_calibration_json();  // generated from rules_calibration.json
}

std::shared_ptr<const Calibration> builtin_rules_calibration() {
  // Parsed once; a broken file is a build defect that test_calibration catches, so here it only
  // means "no calibration" rather than a failing run.
  static const std::shared_ptr<const Calibration> parsed = []() -> std::shared_ptr<const Calibration> {
    auto doc = util::parse_json_text(std::string(calibration_data::builtin_rules_calibration_json()),
                                     "rules_calibration.json");
    if (!doc) return nullptr;
    auto c = calibration_from_json(*doc, "rules_calibration.json");
    if (!c) return nullptr;
    return std::make_shared<const Calibration>(std::move(*c));
  }();
  return parsed;
}

}  // namespace invox
