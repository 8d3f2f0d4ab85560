// STUB (issue 8 replaces this file).
#include "invox/history.hpp"

namespace invox {

Expected<std::shared_ptr<HistoryStore>> open_history_store(const HistoryOptions&, const ModelServices&) {
  return Error::unsupported("the history store is not implemented yet");
}

}  // namespace invox
