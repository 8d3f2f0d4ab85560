// Chat-model extractors and judges from model specs (models.hpp). The offline `rules` engine is
// not built here: the model factory above both (orchestrator/model_factory.cpp) chooses.
#include "invox/models.hpp"

#include <fmt/format.h>

#include "llm/chat.hpp"
#include "llm/llm_extractor.hpp"
#include "llm/llm_judge.hpp"

namespace invox {

namespace {

Expected<std::shared_ptr<const llm::ChatContext>> chat_context(const ModelServices& services) {
  auto context = std::make_shared<llm::ChatContext>();
  context->services = services;
  auto prices = llm::PriceTable::load(services.prices_file);
  if (!prices) return prices.error();
  context->prices = std::move(*prices);
  if (!services.cache_path.empty() && !services.dry_run) {
    auto cache = llm::ResponseCache::open(services.cache_path);
    if (!cache) return cache.error();
    context->cache = *cache;
  }
  return std::shared_ptr<const llm::ChatContext>(std::move(context));
}

}  // namespace

Expected<std::shared_ptr<Extractor>> make_chat_extractor(const ModelSpec& spec, const ModelServices& services) {
  auto context = chat_context(services);
  if (!context) return context.error();
  auto chat = llm::make_chat_client(spec, *context);
  if (!chat) return chat.error();
  return llm::make_llm_extractor(*chat);
}

Expected<std::shared_ptr<Judge>> make_chat_judge(const ModelSpec& spec, const ModelServices& services) {
  auto context = chat_context(services);
  if (!context) return context.error();
  auto chat = llm::make_chat_client(spec, *context);
  if (!chat) return chat.error();
  return llm::make_llm_judge(*chat);
}

}  // namespace invox
