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

std::string status_hint(int status, std::string_view provider) {
  if (status == 401 || status == 403) {
    if (provider == "openai") return "; check OPENAI_API_KEY";
    if (provider == "gemini") return "; check GEMINI_API_KEY";
    return "; check the API key";
  }
  if (status == 404) return "; check the model name and base URL";
  return "";
}

}  // namespace

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
    auto message = fmt::format("{}: {} {} answered HTTP {}: {}{}{}", provider, request.method,
                               url_without_query(request.url), result->status, provider_error_detail(*result),
                               request_id.empty() ? "" : fmt::format(" (request id {})", request_id),
                               status_hint(result->status, provider));
    return Error::provider(redact_secrets(std::move(message), secrets));
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
