// STUB (issue 6 replaces this file): only the offline `rules` model exists so far.
#include <fmt/format.h>

#include "invox/models.hpp"

namespace invox {

Expected<std::shared_ptr<Extractor>> make_extractor(const ModelSpec& spec, const ModelServices&) {
  if (spec.is_rules()) return std::shared_ptr<Extractor>(make_rules_extractor());
  return Error::unsupported(fmt::format("model '{}': LLM providers are not implemented yet; use --model rules", spec.str()));
}

Expected<std::shared_ptr<Judge>> make_judge(const ModelSpec& spec, const ModelServices&) {
  return Error::unsupported(fmt::format("judge '{}': judges are not implemented yet", spec.str()));
}

}  // namespace invox
