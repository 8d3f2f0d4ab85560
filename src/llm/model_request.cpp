// The single path by which model clients talk to providers: gate, retry, error shaping and
// key redaction in one place (models.hpp).
#include <fmt/format.h>

#include "invox/json.hpp"
#include "invox/models.hpp"

namespace invox {

namespace {

std::shared_ptr<HttpClient> default_http() {
  static const auto client = make_curl_http_client();
  return client;
}

// OpenAI, Ollama and Gemini all answer errors as {"error": {"message": ..., "type"|"status": ...}}.
std::string provider_error_detail(const HttpResponse& response) {
  const auto doc = Json::parse(response.body, nullptr, false);
  if (doc.is_object() && doc.contains("error")) {
    const auto& e = doc["error"];
    if (e.is_string()) return e.get<std::string>();
    if (e.is_object()) {
      std::string message = e.value("message", std::string());
      std::string kind;
      if (e.contains("type") && e["type"].is_string()) kind = e["type"].get<std::string>();
      if (e.contains("status") && e["status"].is_string()) kind = e["status"].get<std::string>();
      return kind.empty() ? message : fmt::format("{} ({})", message, kind);
    }
  }
  std::string body = response.body.substr(0, 300);
  for (char& c : body) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  return body;
}

bool has_error_reason(const HttpResponse& response, std::string_view reason) {
  const auto doc = Json::parse(response.body, nullptr, false);
  if (!doc.is_object() || !doc.contains("error") || !doc["error"].is_object()) return false;
  const auto& e = doc["error"];
  if (e.contains("code") && e["code"].is_string() && e["code"].get<std::string>() == reason) return true;
  if (!e.contains("details") || !e["details"].is_array()) return false;
  for (const auto& d : e["details"]) {
    if (d.is_object() && d.contains("reason") && d["reason"].is_string() && d["reason"].get<std::string>() == reason) {
      return true;
    }
  }
  return false;
}

std::string key_variable(std::string_view provider) {
  if (provider == "openai") return "OPENAI_API_KEY";
  if (provider == "gemini") return "GEMINI_API_KEY";
  if (provider == "openai-compatible") return "OPENAI_COMPATIBLE_API_KEY";
  return "the API key";
}

// What the user can do about a failed status, and whether it is their configuration (exit 2):
// a rejected key (401/403, Gemini's 400 API_KEY_INVALID) or a model/endpoint that does not exist.
Error classify(const HttpResponse& r, std::string_view provider, const RetryPolicy& retry, std::string message) {
  if (r.status == 401 || r.status == 403 || (r.status == 400 && has_error_reason(r, "API_KEY_INVALID"))) {
    return Error::config(message + fmt::format("; the key was rejected: check {}", key_variable(provider)));
  }
  if (r.status == 404) {
    return Error::config(message + "; check the model name (`invox models` lists what your providers serve) and the "
                                   "base URL");
  }
  if (r.status == 413) return Error::input(message + "; the upload is larger than the provider accepts");
  if (r.status == 429 && has_error_reason(r, "insufficient_quota")) {
    return Error::provider(message + "; the account has no quota left (retrying does not help): check its billing");
  }
  if (auto wait = server_retry_delay_ms(r); wait && *wait > retry.max_server_delay_ms) {
    return Error::provider(message + fmt::format("; the provider asked to wait {:.0f} s before retrying, longer than the "
                                                 "{:.0f} s invox waits: run again later, or lower --rpm",
                                                 static_cast<double>(*wait) / 1000.0,
                                                 static_cast<double>(retry.max_server_delay_ms) / 1000.0));
  }
  return Error::provider(std::move(message));
}

}  // namespace

const ModelConfig& model_config(const ModelServices& services) {
  return services.config ? *services.config : ModelConfig::built_in();
}

std::vector<std::string> provider_secrets(const ModelServices& services) {
  return {services.providers.openai_api_key, services.providers.gemini_api_key,
          services.providers.openai_compatible_api_key};
}

Expected<HttpResponse> send_model_request(const ModelServices& services, std::string_view provider,
                                          const HttpRequest& request) {
  auto inner = services.http ? services.http : default_http();
  auto gate = services.gate ? services.gate : std::make_shared<RequestGate>();
  auto gated = make_gated_http_client(inner, gate, std::string(provider), services.max_inflight,
                                      services.requests_per_minute);
  const Sleeper sleeper = services.sleeper ? services.sleeper : real_sleeper();
  auto result = send_with_retry(*gated, request, services.http_options, services.retry, sleeper);
  const auto secrets = provider_secrets(services);
  if (!result) {
    return Error{result.error().kind, redact_secrets(fmt::format("{}: {}", provider, result.error().message), secrets)};
  }
  if (result->status < 200 || result->status >= 300) {
    const auto request_id = result->header("x-request-id");
    auto message = fmt::format("{}: {} {} answered HTTP {}: {}{}", provider, request.method,
                               url_without_query(request.url), result->status, provider_error_detail(*result),
                               request_id.empty() ? "" : fmt::format(" (request id {})", request_id));
    auto error = classify(*result, provider, services.retry, redact_secrets(std::move(message), secrets));
    error.message = redact_secrets(std::move(error.message), secrets);
    return error;
  }
  return result;
}

std::string describe_request_redacted(const HttpRequest& request, const ModelServices& services) {
  std::string out = fmt::format("{} {}\n", request.method, url_without_query(request.url));
  for (const auto& [name, value] : request.headers) {
    std::string lower;
    for (char c : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const bool secret = lower == "authorization" || lower == "x-goog-api-key" || lower == "api-key";
    out += fmt::format("{}: {}\n", name, secret ? "[redacted]" : value);
  }
  const auto body = Json::parse(request.body, nullptr, false);
  out += "\n";
  out += body.is_discarded() ? request.body : body.dump(2);
  out += "\n";
  return redact_secrets(std::move(out), provider_secrets(services));
}

}  // namespace invox
