#include <curl/curl.h>
#include <fmt/format.h>

#include <mutex>

#include "invox/http.hpp"

namespace invox {

namespace {

size_t on_body(char* data, size_t size, size_t count, void* user) {
  static_cast<std::string*>(user)->append(data, size * count);
  return size * count;
}

size_t on_header(char* data, size_t size, size_t count, void* user) {
  auto* headers = static_cast<std::map<std::string, std::string>*>(user);
  std::string line(data, size * count);
  const auto colon = line.find(':');
  if (colon != std::string::npos) {
    std::string name = line.substr(0, colon);
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    std::string value = line.substr(colon + 1);
    while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) value.erase(0, 1);
    while (!value.empty() && (value.back() == '\r' || value.back() == '\n' || value.back() == ' ')) value.pop_back();
    (*headers)[name] = value;
  } else if (line.rfind("HTTP/", 0) == 0) {
    headers->clear();  // a new response (after 100-continue or a redirect) starts over
  }
  return size * count;
}

class CurlHttpClient final : public HttpClient {
 public:
  CurlHttpClient() {
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
  }

  Expected<HttpResponse> send(const HttpRequest& request, const HttpOptions& options) override {
    CURL* curl = curl_easy_init();
    if (!curl) return Error::internal("could not initialise libcurl");
    HttpResponse response;
    curl_slist* headers = nullptr;
    curl_mime* mime = nullptr;
    for (const auto& [k, v] : request.headers) headers = curl_slist_append(headers, (k + ": " + v).c_str());
    curl_easy_setopt(curl, CURLOPT_URL, request.url.c_str());
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, options.connect_timeout_ms);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, options.total_timeout_ms);
    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, options.insecure_tls ? 0L : 1L);
    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYHOST, options.insecure_tls ? 0L : 2L);
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &response.body);
    curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, on_header);
    curl_easy_setopt(curl, CURLOPT_HEADERDATA, &response.headers);
    if (!request.multipart.empty()) {
      mime = curl_mime_init(curl);
      for (const auto& part : request.multipart) {
        curl_mimepart* p = curl_mime_addpart(mime);
        curl_mime_name(p, part.name.c_str());
        curl_mime_data(p, part.content.data(), part.content.size());
        if (!part.filename.empty()) curl_mime_filename(p, part.filename.c_str());
        if (!part.content_type.empty()) curl_mime_type(p, part.content_type.c_str());
      }
      curl_easy_setopt(curl, CURLOPT_MIMEPOST, mime);
    } else if (request.method == "POST") {
      curl_easy_setopt(curl, CURLOPT_POSTFIELDS, request.body.data());
      curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(request.body.size()));
    } else if (request.method != "GET") {
      curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, request.method.c_str());
      if (!request.body.empty()) {
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, request.body.data());
        curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(request.body.size()));
      }
    }
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    const CURLcode rc = curl_easy_perform(curl);
    long status = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    curl_slist_free_all(headers);
    if (mime) curl_mime_free(mime);
    curl_easy_cleanup(curl);
    if (rc != CURLE_OK) {
      const bool timeout = rc == CURLE_OPERATION_TIMEDOUT;
      return Error::network(fmt::format("{} {}: {}{}", request.method, url_without_query(request.url),
                                        timeout ? "timed out: " : "", curl_easy_strerror(rc)));
    }
    response.status = static_cast<int>(status);
    return response;
  }
};

}  // namespace

std::string HttpResponse::header(const std::string& lower_name) const {
  auto it = headers.find(lower_name);
  return it == headers.end() ? std::string() : it->second;
}

std::shared_ptr<HttpClient> make_curl_http_client() { return std::make_shared<CurlHttpClient>(); }

}  // namespace invox
