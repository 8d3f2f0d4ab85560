#include "support/fake_llm_server.hpp"

#include <httplib.h>

#include <algorithm>
#include <chrono>
#include <regex>

namespace invox::test {

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

const Json* response_schema(const FakeRequest& r) {
  const Json& j = r.json;
  if (!j.is_object()) return nullptr;
  if (r.format == "openai") {
    if (j.contains("response_format") && j["response_format"].contains("json_schema") &&
        j["response_format"]["json_schema"].contains("schema")) {
      return &j["response_format"]["json_schema"]["schema"];
    }
  } else if (r.format == "gemini") {
    if (j.contains("generationConfig") && j["generationConfig"].contains("responseSchema")) {
      return &j["generationConfig"]["responseSchema"];
    }
  }
  return nullptr;
}

// Strict mode's rules one level down (a group's items): a closed object whose every property is
// required, in order, and nullable (enums listing null).
void check_strict_object(const Json& schema, const std::string& where, std::vector<std::string>& v) {
  if (schema.value("type", Json()) != "object") v.push_back(where + " is not type object");
  if (schema.value("additionalProperties", Json(true)) != false) v.push_back(where + " lacks additionalProperties:false");
  const auto props = schema.value("properties", Json::object());
  std::vector<std::string> keys, required;
  for (const auto& [k, p] : props.items()) keys.push_back(k);
  for (const auto& k : schema.value("required", Json::array())) required.push_back(k.get<std::string>());
  if (keys != required) v.push_back(where + ".required does not list every property in order");
  for (const auto& [k, p] : props.items()) {
    const auto t = p.value("type", Json());
    bool nullable = t.is_array() && std::find(t.begin(), t.end(), Json("null")) != t.end();
    if (!nullable) v.push_back("property " + where + "." + k + " is not nullable");
    if (p.contains("enum") && std::find(p["enum"].begin(), p["enum"].end(), Json()) == p["enum"].end()) {
      v.push_back("enum of " + where + "." + k + " does not allow null");
    }
    if (t.is_array() && std::find(t.begin(), t.end(), Json("array")) != t.end()) {
      if (!p.contains("items")) v.push_back("array " + where + "." + k + " has no items schema");
      else check_strict_object(p["items"], where + "." + k + ".items", v);
    }
  }
}

// Gemini's dialect everywhere: upper-case types, no additionalProperties, an ARRAY with items.
void check_gemini_schema(const Json& schema, const std::string& where, std::vector<std::string>& v) {
  if (schema.contains("additionalProperties")) v.push_back(where + " carries additionalProperties (not in Gemini's dialect)");
  const auto type = schema.value("type", std::string());
  if (type == "ARRAY" && !schema.contains("items")) v.push_back(where + " is an ARRAY without items");
  const auto props = schema.value("properties", Json::object());
  for (const auto& [k, p] : props.items()) {
    const auto t = p.value("type", std::string());
    if (!t.empty() && lower(t) == t) v.push_back(where + "." + k + " has a lower-case type " + t);
    check_gemini_schema(p, where + "." + k, v);
  }
  if (schema.contains("items")) check_gemini_schema(schema["items"], where + ".items", v);
}

void check_openai(const FakeRequest& r, const std::string& key, std::vector<std::string>& v) {
  if (r.method != "POST") v.push_back("chat request is not a POST");
  if (r.headers.count("content-type") == 0 || r.headers.at("content-type").find("application/json") == std::string::npos) {
    v.push_back("chat request without Content-Type: application/json");
  }
  if (!key.empty()) {
    auto it = r.headers.find("authorization");
    if (it == r.headers.end() || it->second != "Bearer " + key) v.push_back("missing or wrong Authorization: Bearer header");
  }
  const Json& j = r.json;
  if (!j.is_object()) {
    v.push_back("body is not a JSON object");
    return;
  }
  if (!j.contains("model") || !j["model"].is_string() || j["model"].get<std::string>().empty()) v.push_back("no model");
  if (!j.contains("temperature") || !j["temperature"].is_number() || j["temperature"].get<double>() != 0.0) {
    v.push_back("temperature not sent explicitly as 0");
  }
  if (!j.contains("messages") || !j["messages"].is_array() || j["messages"].empty()) {
    v.push_back("no messages");
  } else {
    for (const auto& m : j["messages"]) {
      const auto role = m.value("role", std::string());
      if (role != "system" && role != "user" && role != "assistant") v.push_back("message with bad role " + role);
      if (!m.contains("content") || !m["content"].is_string()) v.push_back("message without string content");
    }
  }
  if (j.contains("logprobs") && !j["logprobs"].is_boolean()) v.push_back("logprobs is not a boolean");
  if (asks_logprobs(r) && rejects_logprobs(r.format, r.model)) v.push_back("logprobs requested from " + r.model + ", which rejects them");
  const auto& rf = j.value("response_format", Json::object());
  if (rf.value("type", std::string()) != "json_schema") v.push_back("response_format.type is not json_schema");
  const auto& js = rf.value("json_schema", Json::object());
  static const std::regex kName("[a-zA-Z0-9_-]{1,64}");
  if (!std::regex_match(js.value("name", std::string()), kName)) v.push_back("json_schema.name missing or invalid");
  if (js.value("strict", false) != true) v.push_back("json_schema.strict is not true");
  const auto schema = js.value("schema", Json::object());
  if (schema.value("type", Json()) != "object") v.push_back("schema root is not type object");
  if (schema.value("additionalProperties", Json(true)) != false) v.push_back("schema root lacks additionalProperties:false");
  const auto props = schema.value("properties", Json::object());
  std::vector<std::string> keys, required;
  for (const auto& [k, p] : props.items()) keys.push_back(k);
  for (const auto& k : schema.value("required", Json::array())) required.push_back(k.get<std::string>());
  if (keys != required) v.push_back("schema.required does not list every property in order");
  const bool judge = props.contains("decision");
  for (const auto& [k, p] : props.items()) {
    if (judge) continue;
    const auto t = p.value("type", Json());
    bool nullable = t.is_array() && std::find(t.begin(), t.end(), Json("null")) != t.end();
    if (!nullable) v.push_back("property " + k + " is not nullable");
    if (p.contains("enum") && std::find(p["enum"].begin(), p["enum"].end(), Json()) == p["enum"].end()) {
      v.push_back("enum of " + k + " does not allow null");
    }
    if (t.is_array() && std::find(t.begin(), t.end(), Json("array")) != t.end()) {
      if (!p.contains("items")) v.push_back("array " + k + " has no items schema");
      else check_strict_object(p["items"], k + ".items", v);
    }
  }
}

void check_gemini(const FakeRequest& r, const std::string& key, std::vector<std::string>& v) {
  if (r.method != "POST") v.push_back("generateContent is not a POST");
  if (!key.empty()) {
    auto it = r.headers.find("x-goog-api-key");
    if (it == r.headers.end() || it->second != key) v.push_back("missing or wrong x-goog-api-key header");
  }
  const Json& j = r.json;
  if (!j.is_object()) {
    v.push_back("body is not a JSON object");
    return;
  }
  if (!j.contains("contents") || !j["contents"].is_array() || j["contents"].empty()) v.push_back("no contents");
  else {
    for (const auto& c : j["contents"]) {
      const auto role = c.value("role", std::string());
      if (role != "user" && role != "model") v.push_back("content with bad role " + role);
      if (!c.contains("parts") || !c["parts"].is_array() || c["parts"].empty()) v.push_back("content without parts");
    }
  }
  const auto gc = j.value("generationConfig", Json::object());
  if (!gc.contains("temperature") || gc["temperature"] != 0) v.push_back("generationConfig.temperature not 0");
  if (gc.value("responseMimeType", std::string()) != "application/json") v.push_back("responseMimeType is not application/json");
  if (gc.contains("responseLogprobs") && !gc["responseLogprobs"].is_boolean()) v.push_back("responseLogprobs is not a boolean");
  if (gc.contains("logprobs") && !gc.value("responseLogprobs", false)) v.push_back("logprobs without responseLogprobs");
  if (asks_logprobs(r) && rejects_logprobs(r.format, r.model)) v.push_back("logprobs requested from " + r.model + ", which rejects them");
  const auto schema = gc.value("responseSchema", Json::object());
  if (schema.value("type", std::string()) != "OBJECT") v.push_back("responseSchema root is not OBJECT");
  check_gemini_schema(schema, "responseSchema", v);
}

uint32_t small_hash(const std::string& s) {
  uint32_t h = 2166136261u;
  for (unsigned char c : s) h = (h ^ c) * 16777619u;
  return h;
}

}  // namespace

std::vector<std::string> check_request(const FakeRequest& r, const std::string& key) {
  std::vector<std::string> v;
  if (r.query.find("key=") != std::string::npos) v.push_back("API key passed in the URL query");
  if (!key.empty() && (r.path.find(key) != std::string::npos || r.query.find(key) != std::string::npos)) {
    v.push_back("API key appears in the URL");
  }
  if (r.format == "openai") check_openai(r, key, v);
  else if (r.format == "gemini") check_gemini(r, key, v);
  else v.push_back("unexpected path " + r.path);
  return v;
}

namespace {

std::vector<AskedField> properties_of(const Json& schema) {
  std::vector<AskedField> out;
  if (!schema.is_object() || !schema.contains("properties")) return out;
  for (const auto& [id, p] : schema["properties"].items()) {
    AskedField f;
    f.id = id;
    const auto t = p.value("type", Json());
    if (t.is_array()) {
      for (const auto& x : t) {
        if (x != "null") f.type = x.get<std::string>();
      }
    } else if (t.is_string()) {
      f.type = lower(t.get<std::string>());
    }
    if (p.contains("enum")) {
      for (const auto& o : p["enum"]) {
        if (o.is_string()) f.options.push_back(o.get<std::string>());
      }
    }
    if (f.type == "string" && p.contains("description")) {
      const auto d = p["description"].get<std::string>();
      if (d.find("YYYY-MM-DD") != std::string::npos) f.type = "date";
      if (d.find("HH:MM") != std::string::npos) f.type = "time";
    }
    if (f.type == "array" && p.contains("items")) f.sub_fields = properties_of(p["items"]);
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace

std::vector<AskedField> asked_fields(const FakeRequest& r) {
  const Json* schema = response_schema(r);
  return schema ? properties_of(*schema) : std::vector<AskedField>{};
}

bool is_judge_request(const FakeRequest& r) {
  const Json* schema = response_schema(r);
  return schema && schema->contains("properties") && (*schema)["properties"].contains("decision");
}

std::vector<std::pair<std::string, std::string>> messages_of(const FakeRequest& r) {
  std::vector<std::pair<std::string, std::string>> out;
  if (!r.json.is_object()) return out;
  if (r.format == "openai") {
    for (const auto& m : r.json.value("messages", Json::array())) {
      out.emplace_back(m.value("role", std::string()), m.value("content", std::string()));
    }
  } else if (r.format == "gemini") {
    if (r.json.contains("systemInstruction")) {
      std::string s;
      for (const auto& p : r.json["systemInstruction"].value("parts", Json::array())) s += p.value("text", std::string());
      out.emplace_back("system", s);
    }
    for (const auto& c : r.json.value("contents", Json::array())) {
      std::string s;
      for (const auto& p : c.value("parts", Json::array())) s += p.value("text", std::string());
      out.emplace_back(c.value("role", std::string()) == "model" ? "assistant" : "user", s);
    }
  }
  return out;
}

std::string last_user_text(const FakeRequest& r) {
  const auto msgs = messages_of(r);
  for (auto it = msgs.rbegin(); it != msgs.rend(); ++it) {
    if (it->first == "user") return it->second;
  }
  return {};
}

bool asks_logprobs(const FakeRequest& r) {
  if (!r.json.is_object()) return false;
  if (r.format == "openai") return r.json.value("logprobs", Json(false)) == true;
  if (r.format == "gemini") return r.json.value("generationConfig", Json::object()).value("responseLogprobs", Json(false)) == true;
  return false;
}

bool rejects_logprobs(const std::string& format, const std::string& model) {
  const auto starts = [&](const char* prefix) { return model.rfind(prefix, 0) == 0; };
  if (format == "openai") return starts("o1") || starts("o3") || starts("o4") || starts("gpt-5") || starts("gpt-6");
  if (format == "gemini") return starts("gemini-3");
  return false;
}

namespace {

// The content as tokens of at most 4 bytes, never splitting a UTF-8 character, with `says.doubt`.
std::vector<std::pair<std::string, double>> fake_tokens(const ModelSays& says) {
  std::vector<std::pair<std::string, double>> tokens;
  const std::string& text = says.content;
  for (size_t at = 0; at < text.size();) {
    size_t end = std::min(text.size(), at + 4);
    while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) ++end;
    double lp = 0.0;
    for (const auto& [doubted, value] : says.doubt) {
      const auto where = text.find(doubted);
      if (where != std::string::npos && where < end && where + doubted.size() > at) lp = std::min(lp, value);
    }
    tokens.emplace_back(text.substr(at, end - at), lp);
    at = end;
  }
  return tokens;
}

Json openai_logprobs(const ModelSays& says) {
  if (says.raw_logprobs) return *says.raw_logprobs;
  Json content = Json::array();
  for (const auto& [token, lp] : fake_tokens(says)) {
    Json bytes = Json::array();
    for (unsigned char c : token) bytes.push_back(static_cast<int>(c));
    content.push_back({{"token", token}, {"logprob", lp}, {"bytes", bytes}, {"top_logprobs", Json::array()}});
  }
  return {{"content", content}, {"refusal", nullptr}};
}

void add_gemini_logprobs(const ModelSays& says, Json& candidate) {
  if (says.raw_logprobs) {
    candidate["logprobsResult"] = *says.raw_logprobs;
    return;
  }
  Json chosen = Json::array();
  double sum = 0.0;
  const auto tokens = fake_tokens(says);
  for (size_t i = 0; i < tokens.size(); ++i) {
    chosen.push_back({{"token", tokens[i].first}, {"tokenId", static_cast<int>(i)}, {"logProbability", tokens[i].second}});
    sum += tokens[i].second;
  }
  candidate["logprobsResult"] = {{"topCandidates", Json::array()}, {"chosenCandidates", chosen}, {"logProbabilitySum", sum}};
  if (!tokens.empty()) candidate["avgLogprobs"] = sum / static_cast<double>(tokens.size());
}

}  // namespace

FakeReply reply_for(const FakeRequest& r, const ModelSays& says) {
  FakeReply reply;
  Json body;
  if (r.format == "gemini") {
    std::string finish = says.finish == "length" ? "MAX_TOKENS" : says.finish == "stop" ? "STOP" : "OTHER";
    Json candidate = {{"content", {{"role", "model"}, {"parts", Json::array({{{"text", says.content}}})}}},
                      {"finishReason", finish}, {"index", 0}};
    if (says.refusal) candidate = {{"finishReason", "SAFETY"}, {"index", 0}};
    else if (asks_logprobs(r)) add_gemini_logprobs(says, candidate);
    body = {{"candidates", Json::array({candidate})},
            {"usageMetadata", {{"promptTokenCount", says.prompt_tokens}, {"candidatesTokenCount", says.completion_tokens},
                               {"totalTokenCount", says.prompt_tokens + says.completion_tokens}}}};
  } else {
    Json message = {{"role", "assistant"}, {"content", says.refusal ? Json() : Json(says.content)},
                    {"refusal", says.refusal ? Json(*says.refusal) : Json()}};
    Json choice = {{"index", 0}, {"message", message}, {"finish_reason", says.finish},
                   {"logprobs", asks_logprobs(r) && !says.refusal ? openai_logprobs(says) : Json()}};
    body = {{"id", "chatcmpl-fake"}, {"object", "chat.completion"}, {"created", 0}, {"model", r.model},
            {"choices", Json::array({choice})},
            {"usage", {{"prompt_tokens", says.prompt_tokens}, {"completion_tokens", says.completion_tokens},
                       {"total_tokens", says.prompt_tokens + says.completion_tokens}}}};
  }
  reply.body = body.dump();
  reply.headers.emplace_back("x-request-id", "req_fake");
  return reply;
}

FakeReply error_reply(int status, const std::string& message, int retry_after_s) {
  FakeReply reply;
  reply.status = status;
  reply.body = Json{{"error", {{"message", message}, {"type", status == 429 ? "rate_limit_error" : "api_error"},
                              {"param", nullptr}, {"code", nullptr}}}}.dump();
  if (retry_after_s >= 0) reply.headers.emplace_back("Retry-After", std::to_string(retry_after_s));
  reply.headers.emplace_back("x-request-id", "req_fake_error");
  return reply;
}

ModelSays default_answer(const FakeRequest& r) {
  ModelSays says;
  if (is_judge_request(r)) {
    says.content = Json{{"decision", "model_a"}, {"reason", "fake judge prefers model_a"}, {"merged", nullptr}}.dump();
    return says;
  }
  const bool b = r.model.size() >= 2 && r.model.compare(r.model.size() - 2, 2, "-b") == 0;
  const auto typed = [&](const AskedField& f, bool differ) -> Json {
    if (!f.options.empty()) return f.options[differ ? f.options.size() - 1 : 0];
    if (f.type == "number") return static_cast<int>(small_hash(f.id) % 50) + 1 + (differ ? 1 : 0);
    if (f.type == "boolean") return !differ;
    if (f.type == "date") return differ ? "2026-03-15" : "2026-03-14";
    if (f.type == "time") return differ ? "11:30" : "10:30";
    return (differ ? "other value of " : "value of ") + f.id;
  };
  Json answer = Json::object();
  for (const auto& f : asked_fields(r)) {
    const bool differ = b && small_hash(f.id) % 4 == 0;
    if (f.type != "array") {
      answer[f.id] = typed(f, differ);
      continue;
    }
    // A group: two items; a differing model changes one sub-value of the second.
    answer[f.id] = Json::array();
    for (int item = 0; item < 2; ++item) {
      Json object = Json::object();
      for (const auto& sub : f.sub_fields) {
        AskedField named = sub;
        named.id = sub.id + " " + std::to_string(item + 1);
        object[sub.id] = typed(named, differ && item == 1 && &sub == &f.sub_fields.back());
      }
      answer[f.id].push_back(std::move(object));
    }
  }
  says.content = answer.dump();
  return says;
}

FakeLlmServer::FakeLlmServer() : FakeLlmServer(Options{}) {}

FakeLlmServer::FakeLlmServer(Options options) : options_(std::move(options)), server_(std::make_unique<httplib::Server>()) {
  const int threads = options_.threads;
  server_->new_task_queue = [threads] { return new httplib::ThreadPool(static_cast<size_t>(threads)); };
  server_->set_keep_alive_max_count(1000);
  auto route = [this](const httplib::Request& req, httplib::Response& res) {
    FakeRequest r;
    r.method = req.method;
    r.path = req.path;
    for (const auto& [k, v] : req.params) r.query += (r.query.empty() ? "" : "&") + k + "=" + v;
    for (const auto& [k, v] : req.headers) r.headers[lower(k)] = v;
    r.body = req.body;
    r.json = Json::parse(req.body, nullptr, false);
    if (r.json.is_discarded()) r.json = nullptr;
    static const std::regex kGemini(R"(/v1beta/models/([^/:]+):generateContent)");
    std::smatch m;
    if (r.path.size() >= 17 && r.path.compare(r.path.size() - 17, 17, "/chat/completions") == 0) {
      r.format = "openai";
      if (r.json.is_object()) r.model = r.json.value("model", std::string());
    } else if (std::regex_match(r.path, m, kGemini)) {
      r.format = "gemini";
      r.model = m[1];
    } else {
      r.format = "other";
    }
    FakeReply reply;
    handle(r, reply);
    const int delay = options_.latency_ms + reply.delay_ms;
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(delay);
    while (std::chrono::steady_clock::now() < until && !stopping_) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    if (reply.kind == FakeReply::Kind::CloseConnection) {
      // Headers go out, then the body is abandoned: the client sees the connection drop.
      res.set_content_provider(1000, "application/json", [](size_t, size_t, httplib::DataSink&) { return false; });
      return;
    }
    res.status = reply.status;
    for (const auto& [k, v] : reply.headers) res.set_header(k.c_str(), v);
    res.set_content(reply.body, "application/json");
  };
  server_->Post(R"(/.*)", route);
  server_->Get(R"(/.*)", route);
  port_ = options_.port > 0 ? (server_->bind_to_port("127.0.0.1", options_.port) ? options_.port : -1)
                            : server_->bind_to_any_port("127.0.0.1");
  if (port_ <= 0) throw std::runtime_error("fake LLM server: cannot bind 127.0.0.1");
  thread_ = std::thread([this] { server_->listen_after_bind(); });
  while (!server_->is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

FakeLlmServer::~FakeLlmServer() {
  stopping_ = true;
  server_->stop();
  if (thread_.joinable()) thread_.join();
}

std::string FakeLlmServer::base_url() const { return "http://127.0.0.1:" + std::to_string(port_); }

void FakeLlmServer::push(FakeReply reply) {
  std::lock_guard lock(mutex_);
  queue_.push_back(std::move(reply));
}

void FakeLlmServer::set_handler(Handler handler) {
  std::lock_guard lock(mutex_);
  handler_ = std::move(handler);
}

std::vector<FakeModel> default_catalog() {
  return {{"openai", "gpt-6.1-sol", "", 0},
          {"openai", "gpt-6.1-terra", "", 0},
          {"openai", "gpt-4o", "2027-01-14", 0},
          {"gemini", "gemini-3.8-flash", "", 65536},
          {"gemini", "gemini-3.5-flash-lite", "", 65536},
          {"gemini", "gemini-2.5-flash-lite", "", 65536},
          {"ollama", "llama3.1:latest", "", 0}};
}

namespace {

FakeReply json_reply(int status, const Json& body) {
  FakeReply r;
  r.status = status;
  r.body = body.dump();
  return r;
}

// The providers' documented "no such model" answers.
FakeReply model_not_found(const std::string& provider, const std::string& id) {
  if (provider == "gemini") {
    return json_reply(404, {{"error", {{"code", 404},
                                       {"message", "models/" + id + " is not found for API version v1beta, or is not "
                                                   "supported for generateContent."},
                                       {"status", "NOT_FOUND"}}}});
  }
  return json_reply(404, {{"error", {{"message", "The model `" + id + "` does not exist or you do not have access to it."},
                                     {"type", "invalid_request_error"}, {"param", nullptr}, {"code", "model_not_found"}}}});
}

Json openai_model_json(const FakeModel& m) {
  return {{"id", m.id}, {"object", "model"}, {"created", 1767225600}, {"owned_by", "system"},
          {"shutdown_date", m.shutdown_date.empty() ? Json() : Json(m.shutdown_date)}};
}

Json gemini_model_json(const FakeModel& m) {
  Json j = {{"name", "models/" + m.id}, {"displayName", m.id},
            {"supportedGenerationMethods", Json::array({"generateContent", "countTokens"})}};
  if (m.output_token_limit > 0) j["outputTokenLimit"] = m.output_token_limit;
  return j;
}

}  // namespace

bool FakeLlmServer::in_catalog(const std::string& provider, const std::string& id) const {
  for (const auto& m : catalog_) {
    if (m.provider == provider && (m.id == id || m.id == id + ":latest")) return true;
  }
  return false;
}

bool FakeLlmServer::handle_catalog(const FakeRequest& r, FakeReply& reply) {
  if (r.method != "GET") return false;
  static const std::regex kOpenAiOne(R"(/v1/models/(.+))"), kGeminiOne(R"(/v1beta/models/([^:]+))");
  std::smatch m;
  std::vector<FakeModel> of;
  const auto provider_models = [&](const std::string& provider) {
    for (const auto& x : catalog_) {
      if (x.provider == provider) of.push_back(x);
    }
  };
  if (r.path == "/v1/models") {
    provider_models("openai");
    Json data = Json::array();
    for (const auto& x : of) data.push_back(openai_model_json(x));
    reply = json_reply(200, {{"object", "list"}, {"data", data}});
  } else if (std::regex_match(r.path, m, kOpenAiOne)) {
    reply = model_not_found("openai", m[1]);
    for (const auto& x : catalog_) {
      if (x.provider == "openai" && x.id == m[1]) reply = json_reply(200, openai_model_json(x));
    }
  } else if (r.path == "/v1beta/models") {
    provider_models("gemini");
    // Two per page, so clients must follow nextPageToken.
    size_t first = 0;
    if (auto pos = r.query.find("pageToken="); pos != std::string::npos) first = std::stoul(r.query.substr(pos + 10));
    Json list = Json::array();
    for (size_t i = first; i < of.size() && i < first + 2; ++i) list.push_back(gemini_model_json(of[i]));
    Json body = {{"models", list}};
    if (first + 2 < of.size()) body["nextPageToken"] = std::to_string(first + 2);
    reply = json_reply(200, body);
  } else if (std::regex_match(r.path, m, kGeminiOne)) {
    reply = model_not_found("gemini", m[1]);
    for (const auto& x : catalog_) {
      if (x.provider == "gemini" && x.id == m[1]) reply = json_reply(200, gemini_model_json(x));
    }
  } else if (r.path == "/api/tags") {
    provider_models("ollama");
    Json list = Json::array();
    for (const auto& x : of) list.push_back({{"name", x.id}, {"model", x.id}, {"size", 4661224676LL}});
    reply = json_reply(200, {{"models", list}});
  } else {
    return false;
  }
  return true;
}

void FakeLlmServer::set_catalog(std::vector<FakeModel> models) {
  std::lock_guard lock(mutex_);
  catalog_ = std::move(models);
}

std::vector<FakeRequest> FakeLlmServer::catalog_requests() const {
  std::lock_guard lock(mutex_);
  return catalog_requests_;
}

void FakeLlmServer::handle(const FakeRequest& request, FakeReply& reply) {
  Handler handler;
  {
    std::lock_guard lock(mutex_);
    if (handle_catalog(request, reply)) {
      catalog_requests_.push_back(request);
      return;
    }
    if (options_.reject_unknown_models && (request.format == "openai" || request.format == "gemini") &&
        !in_catalog(request.format, request.model)) {
      requests_.push_back(request);
      reply = model_not_found(request.format, request.model);
      return;
    }
    requests_.push_back(request);
    for (auto& v : check_request(request, options_.expected_key)) violations_.push_back(request.path + ": " + v);
    if (asks_logprobs(request) && rejects_logprobs(request.format, request.model)) {
      // What the providers answer (OpenAI 403 "not allowed to request logprobs", Gemini 400).
      reply = request.format == "openai"
                  ? error_reply(403, "You are not allowed to request logprobs from this model")
                  : error_reply(400, "Logprobs is not enabled for models/" + request.model);
      return;
    }
    if (!queue_.empty()) {
      reply = std::move(queue_.front());
      queue_.pop_front();
      return;
    }
    handler = handler_;
  }
  reply = handler ? handler(request) : reply_for(request, default_answer(request));
}

std::vector<FakeRequest> FakeLlmServer::requests() const {
  std::lock_guard lock(mutex_);
  return requests_;
}

int FakeLlmServer::request_count() const {
  std::lock_guard lock(mutex_);
  return static_cast<int>(requests_.size());
}

std::vector<std::string> FakeLlmServer::violations() const {
  std::lock_guard lock(mutex_);
  return violations_;
}

void FakeLlmServer::wait_until_stopped() {
  if (thread_.joinable()) thread_.join();
}

}  // namespace invox::test
