// Cache, dry-run and sending, shared by every chat wire format (chat.hpp).
#include <fmt/format.h>

#include <cstdio>
#include <mutex>

#include "llm/chat.hpp"
#include "llm/model_not_served.hpp"

namespace invox::llm {

namespace {

void print_dry_run(const ChatContext& context, const ModelSpec& spec, const HttpRequest& http) {
  static std::mutex mutex;  // requests from parallel calls must not interleave
  const auto text = fmt::format("=== dry run: request to {} (not sent) ===\n{}", spec.str(),
                                describe_request_redacted(http, context.services));
  std::lock_guard lock(mutex);
  if (context.services.dry_run_sink) {
    context.services.dry_run_sink(text);
  } else {
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
  }
}

}  // namespace

Expected<RawReply> transport(const ChatContext& context, const ModelSpec& spec, const HttpRequest& http) {
  if (context.services.dry_run) {
    print_dry_run(context, spec, http);
    return RawReply{"", false, true};
  }
  std::string key;
  if (context.cache) {
    key = ResponseCache::key_for(spec.provider, spec.model, url_without_query(http.url), http.body);
    if (auto hit = context.cache->get(key)) return RawReply{std::move(*hit), true, false};
  }
  auto response = send_model_request(context.services, spec.provider, http);
  if (!response) {
    // A model retired mid-run is the same configuration error as one absent at the start.
    if (auto not_served = model_not_served_error(spec, response.error())) return *not_served;
    return response.error();
  }
  // Only well-formed envelopes are cached, so a garbled answer is asked for again next run.
  if (context.cache && !Json::parse(response->body, nullptr, false).is_discarded()) {
    context.cache->put(key, spec.provider, spec.model, response->body);
  }
  return RawReply{std::move(response->body), false, false};
}

Json to_gemini_schema(const Json& s) {
  if (!s.is_object()) return s;
  Json out = Json::object();
  bool nullable = false;
  std::string type;
  if (s.contains("type")) {
    if (s["type"].is_array()) {
      for (const auto& t : s["type"]) {
        if (t == "null") nullable = true;
        else type = t.get<std::string>();
      }
    } else {
      type = s["type"].get<std::string>();
    }
  }
  for (char& c : type) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (!type.empty()) out["type"] = type;
  if (nullable) out["nullable"] = true;
  if (s.contains("description")) out["description"] = s["description"];
  if (s.contains("enum")) {
    Json values = Json::array();
    for (const auto& v : s["enum"]) {
      if (!v.is_null()) values.push_back(v);
    }
    out["format"] = "enum";
    out["enum"] = values;
  }
  if (s.contains("properties")) {
    out["properties"] = Json::object();
    Json order = Json::array();
    for (const auto& [name, prop] : s["properties"].items()) {
      out["properties"][name] = to_gemini_schema(prop);
      order.push_back(name);
    }
    out["required"] = s.value("required", Json::array());
    out["propertyOrdering"] = order;
  }
  if (s.contains("items")) out["items"] = to_gemini_schema(s["items"]);
  return out;
}

}  // namespace invox::llm
