// The one place a model name becomes an extractor or a judge. It sits above both kinds of
// model: the offline `rules` engine (extract/) and the chat models (llm/).
#include "invox/extractor.hpp"
#include "invox/judge.hpp"
#include "invox/models.hpp"
#include "invox/orchestrator.hpp"

namespace invox {

Expected<std::shared_ptr<Extractor>> make_extractor(const ModelSpec& spec, const ModelServices& services) {
  if (spec.is_rules()) return std::shared_ptr<Extractor>(make_rules_extractor());
  return make_chat_extractor(spec, services);
}

Expected<std::shared_ptr<Judge>> make_judge(const ModelSpec& spec, const ModelServices& services) {
  if (spec.is_rules()) return make_rules_judge();
  return make_chat_judge(spec, services);
}

}  // namespace invox
