#include "rag/stores.hpp"
namespace invox::rag {
Expected<std::shared_ptr<HistoryStore>> open_postgres_history(const std::string&, std::shared_ptr<Embedder>, const HistoryOptions&) {
  return Error::unsupported("postgres: not yet");
}
}
