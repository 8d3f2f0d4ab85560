#pragma once
// Builds extractors and judges from model specs, checking credentials up front.
#include <memory>

#include "invox/config.hpp"
#include "invox/expected.hpp"
#include "invox/extractor.hpp"
#include "invox/http.hpp"
#include "invox/judge.hpp"
#include "invox/model_spec.hpp"

namespace invox {

// Shared by every model client of a run.
struct ModelServices {
  ProviderConfig providers = ProviderConfig::from_environment();
  std::shared_ptr<HttpClient> http;  // defaults to curl when null
  HttpOptions http_options;
  RetryPolicy retry;
  int max_inflight = 8;          // global cap on requests in flight
  double requests_per_minute = 0;  // per provider, 0 = unlimited
  std::string cache_path;          // response cache (SQLite); empty = no cache
  bool dry_run = false;
};

// A missing key is a Config error naming the variable to set.
[[nodiscard]] Expected<std::shared_ptr<Extractor>> make_extractor(const ModelSpec& spec, const ModelServices& services);
[[nodiscard]] Expected<std::shared_ptr<Judge>> make_judge(const ModelSpec& spec, const ModelServices& services);

}  // namespace invox
