// Pure retrieval helpers: truncation, hashing, query terms, reshaping, rank fusion.
#include <catch2/catch.hpp>

#include "history_support.hpp"
#include "rag/ranking.hpp"
#include "rag/retrieval_util.hpp"
#include "util/strings.hpp"

using invox::Json;
using namespace invox::rag;

TEST_CASE("history util: truncation counts code points and never splits UTF-8", "[history]") {
  using invox::util::truncate_chars;
  CHECK(truncate_chars("abcdef", 3) == "abc");
  CHECK(truncate_chars("abc", 10) == "abc");
  // "é" is two bytes, "€" three: 4 characters = "aé€b" (1+2+3+1 bytes).
  CHECK(truncate_chars("aé€bcd", 4) == "aé€b");
  CHECK(truncate_chars("ééé", 2) == "éé");
  CHECK(truncate_chars("", 5).empty());
}

TEST_CASE("history util: content hash ignores key order but not values", "[history]") {
  auto a = history_test::example("t", "hello", Json::parse(R"({"x":1,"y":"b"})"));
  auto b = history_test::example("t", "hello", Json::parse(R"({"y":"b","x":1})"));
  auto c = history_test::example("t", "hello", Json::parse(R"({"x":2,"y":"b"})"));
  auto d = history_test::example("u", "hello", Json::parse(R"({"x":1,"y":"b"})"));
  CHECK(content_hash(a) == content_hash(b));
  CHECK(content_hash(a) != content_hash(c));
  CHECK(content_hash(a) != content_hash(d));
  CHECK(content_hash(a).size() == 32);
}

TEST_CASE("history util: query terms drop stop words, duplicates and punctuation", "[history]") {
  const auto terms = query_terms("The patient, uh, the PATIENT has a fever; fever of 38.5 C!");
  CHECK(terms == std::vector<std::string>{"patient", "fever", "38"});
  CHECK(query_terms("a an the, of").empty());
  CHECK(query_terms("one two three four", 2) == std::vector<std::string>{"one", "two"});
  // A quote or FTS operator in the transcript never reaches the query syntax.
  const auto hostile = query_terms("\"NEAR\" OR x* AND (y)");
  REQUIRE_FALSE(hostile.empty());
  for (const auto& t : hostile) CHECK(t.find_first_of("\"*()") == std::string::npos);
}

TEST_CASE("history util: embedding input is prefixed with the template id", "[history]") {
  CHECK(embedding_input("patient-intake", "Name John") == "templateId=patient-intake\nName John");
}

TEST_CASE("history util: an example is reshaped to the current template", "[history]") {
  const auto tmpl = history_test::intake_template();  // name, age, smoker
  auto ex = history_test::example("intake", std::string(1500, 'x'),
                                  Json::parse(R"({"smoker":false,"retired_field":"gone","name":"Ann"})"));
  ex.evidence = Json::parse(R"({"name":"name is Ann","retired_field":"old","age":null})");
  const auto shot = to_few_shot(ex, tmpl, 1200);
  CHECK(shot.transcript.size() == 1200);
  CHECK(shot.expected.dump() == R"({"name":"Ann","smoker":false})");  // template order, no retired field
  CHECK(shot.evidence.dump() == R"({"name":"name is Ann"})");
}

TEST_CASE("history util: vectors round-trip and normalize", "[history]") {
  const std::vector<float> v{3, 4};
  const auto n = normalized(v);
  CHECK(n[0] == Approx(0.6));
  CHECK(n[1] == Approx(0.8));
  const auto bytes = encode_vector(n);
  CHECK(bytes.size() == 8);
  CHECK(decode_vector(bytes.data(), bytes.size()) == n);
  CHECK(dot(n.data(), n.data(), 2) == Approx(1.0));
  CHECK(normalized({0, 0}) == std::vector<float>{0, 0});
}

TEST_CASE("history util: reciprocal rank fusion rewards agreement", "[history]") {
  // 3 is second in both lists and beats 1 and 2, each first in only one list.
  CHECK(reciprocal_rank_fusion({{1, 3, 4}, {2, 3, 5}}, 3) == std::vector<long long>{3, 1, 2});
  CHECK(reciprocal_rank_fusion({{1, 2}, {}}, 1) == std::vector<long long>{1});
}

TEST_CASE("history ranking: lists are fused, cut to k and padded with recent examples", "[history]") {
  CandidateLists lists;
  lists.lexical = {10, 11};
  lists.recent = {20, 10, 19, 18};
  CHECK(choose_examples(lists, 4) == std::vector<long long>{10, 11, 20, 19});
  CHECK(choose_examples(lists, 1) == std::vector<long long>{10});
  CHECK(choose_examples(lists, 0).empty());
  lists.dense = {11, 12};
  CHECK(choose_examples(lists, 2) == std::vector<long long>{11, 10});
}

TEST_CASE("history util: k is clamped to the paper's maximum of 5", "[history]") {
  invox::RetrievalOptions o;
  CHECK(effective_k(o) == 5);
  o.k = 9;
  CHECK(effective_k(o) == 5);
  o.k = -1;
  CHECK(effective_k(o) == 0);
  o.k = 2;
  CHECK(effective_k(o) == 2);
}
