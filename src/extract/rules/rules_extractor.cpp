// STUB (issue 4 replaces this file): extracts nothing.
#include "invox/extractor.hpp"

namespace invox {

namespace {
class RulesExtractor final : public Extractor {
 public:
  std::string name() const override { return "rules"; }
  Expected<ExtractionResult> extract(const ExtractionRequest&) override { return ExtractionResult{}; }
};
}  // namespace

std::unique_ptr<Extractor> make_rules_extractor() { return std::make_unique<RulesExtractor>(); }

}  // namespace invox
