// HttpClient over libcurl. Every curl object lives in an RAII owner, the callbacks handed to
// curl never throw, and a transfer is driven through the multi interface in short polls so a
// stop request (Ctrl-C, SIGTERM) aborts it within kStopPollMs, whatever state it is in
// (resolving, connecting, waiting for a slow answer, downloading).
#include <curl/curl.h>
#include <fmt/format.h>

#include <memory>
#include <mutex>

#include "invox/http.hpp"
#include "util/cancel.hpp"

namespace invox {

namespace {

constexpr int kStopPollMs = 100;

struct EasyFree {
  void operator()(CURL* c) const noexcept { curl_easy_cleanup(c); }
};
struct MultiFree {
  void operator()(CURLM* m) const noexcept { curl_multi_cleanup(m); }
};
struct SlistFree {
  void operator()(curl_slist* l) const noexcept { curl_slist_free_all(l); }
};
struct MimeFree {
  void operator()(curl_mime* m) const noexcept { curl_mime_free(m); }
};
using Easy = std::unique_ptr<CURL, EasyFree>;
using Multi = std::unique_ptr<CURLM, MultiFree>;
using Slist = std::unique_ptr<curl_slist, SlistFree>;
using Mime = std::unique_ptr<curl_mime, MimeFree>;

// Keeps `easy` attached to `multi` for one transfer; both must outlive it.
class Attached {
 public:
  Attached(CURLM* multi, CURL* easy) : multi_(multi), easy_(easy), ok_(curl_multi_add_handle(multi, easy) == CURLM_OK) {}
  ~Attached() {
    if (ok_) curl_multi_remove_handle(multi_, easy_);
  }
  Attached(const Attached&) = delete;
  Attached& operator=(const Attached&) = delete;
  [[nodiscard]] bool ok() const { return ok_; }

 private:
  CURLM* multi_;
  CURL* easy_;
  bool ok_;
};

// Callbacks run inside curl (C): an exception must not cross it. On a failure (out of
// memory) they return a count curl treats as an error, which fails only this transfer.
size_t on_body(char* data, size_t size, size_t count, void* user) noexcept {
  try {
    static_cast<std::string*>(user)->append(data, size * count);
    return size * count;
  } catch (...) {
    return 0;
  }
}

size_t on_header(char* data, size_t size, size_t count, void* user) noexcept {
  try {
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
  } catch (...) {
    return 0;
  }
}

// Also called while data flows inside one curl_multi_perform: a stop aborts there at once.
int on_progress(void*, curl_off_t, curl_off_t, curl_off_t, curl_off_t) noexcept {
  return util::stop_requested() ? 1 : 0;
}

Status set_body(CURL* curl, const HttpRequest& request, Mime& mime) {
  if (!request.multipart.empty()) {
    mime.reset(curl_mime_init(curl));
    if (!mime) return Error::internal("libcurl could not allocate a multipart body");
    for (const auto& part : request.multipart) {
      curl_mimepart* p = curl_mime_addpart(mime.get());
      if (!p) return Error::internal("libcurl could not allocate a multipart body");
      curl_mime_name(p, part.name.c_str());
      curl_mime_data(p, part.content.data(), part.content.size());
      if (!part.filename.empty()) curl_mime_filename(p, part.filename.c_str());
      if (!part.content_type.empty()) curl_mime_type(p, part.content_type.c_str());
    }
    curl_easy_setopt(curl, CURLOPT_MIMEPOST, mime.get());
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
  return ok();
}

// Drives the transfer until it ends or a stop is requested; returns curl's result.
CURLcode perform_unless_stopped(CURLM* multi) {
  for (;;) {
    int running = 0;
    if (curl_multi_perform(multi, &running) != CURLM_OK) return CURLE_FAILED_INIT;
    if (running == 0) break;
    if (util::stop_requested()) return CURLE_ABORTED_BY_CALLBACK;
    if (curl_multi_poll(multi, nullptr, 0, kStopPollMs, nullptr) != CURLM_OK) return CURLE_FAILED_INIT;
  }
  int left = 0;
  while (CURLMsg* msg = curl_multi_info_read(multi, &left)) {
    if (msg->msg == CURLMSG_DONE) return msg->data.result;
  }
  return CURLE_FAILED_INIT;
}

class CurlHttpClient final : public HttpClient {
 public:
  CurlHttpClient() {
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
  }

  Expected<HttpResponse> send(const HttpRequest& request, const HttpOptions& options) override {
    const auto what = fmt::format("{} {}", request.method, url_without_query(request.url));
    if (util::stop_requested()) return util::interrupted_error(what);
    // Declared before the easy handle, so they are freed after it (curl's documented order).
    Slist headers;
    Mime mime;
    const Multi multi(curl_multi_init());
    const Easy easy(curl_easy_init());
    if (!multi || !easy) return Error::internal("could not initialise libcurl");
    CURL* curl = easy.get();
    HttpResponse response;
    for (const auto& [k, v] : request.headers) {
      curl_slist* longer = curl_slist_append(headers.get(), (k + ": " + v).c_str());
      if (!longer) return Error::internal("libcurl could not allocate the request headers");
      (void)headers.release();  // `longer` is the same list, one item longer
      headers.reset(longer);
    }
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
    curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, on_progress);
    curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
    if (auto s = set_body(curl, request, mime); !s) return s.error();
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers.get());

    CURLcode rc = CURLE_FAILED_INIT;
    {
      const Attached attached(multi.get(), curl);
      if (!attached.ok()) return Error::internal("could not initialise libcurl");
      rc = perform_unless_stopped(multi.get());
    }
    if (rc == CURLE_ABORTED_BY_CALLBACK && util::stop_requested()) return util::interrupted_error(what);
    if (rc != CURLE_OK) {
      const bool timeout = rc == CURLE_OPERATION_TIMEDOUT;
      return Error::network(fmt::format("{}: {}{}", what, timeout ? "timed out: " : "", curl_easy_strerror(rc)));
    }
    long status = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
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
