// ASR segments: locating them in the transcript, evidence times, confidence lowering.
#include <catch2/catch.hpp>

#include "orchestrator/asr_evidence.hpp"
#include "support/fake_extractor.hpp"
#include "support/pipeline_fixtures.hpp"

using namespace invox;
using namespace invox::testing;

namespace {
Transcript two_segments() {
  Transcript t;
  t.text = "Patient Ann Lee. Temperature 38.5 degrees.";
  t.segments = {Segment{0.0, 1.6, "Patient Ann Lee.", 0.95}, Segment{1.6, 3.9, "Temperature 38.5 degrees.", 0.5}};
  return t;
}
}  // namespace

TEST_CASE("segments are located in the transcript in order", "[orchestrator][asr]") {
  SECTION("exact text") {
    const Transcript t = two_segments();
    auto spans = locate_segments(t);
    REQUIRE(spans.size() == 2);
    CHECK(t.text.substr(spans[0].begin, spans[0].end - spans[0].begin) == "Patient Ann Lee");
    CHECK(t.text.substr(spans[1].begin, spans[1].end - spans[1].begin) == "Temperature 38.5 degrees");
  }
  SECTION("repeated phrases map to successive occurrences; case and punctuation may differ") {
    Transcript t;
    t.text = "Yes. yes, Yes! The pulse is 80.";
    t.segments = {{0, 1, "yes", 1}, {1, 2, "YES", 1}, {2, 3, "yes", 1}, {3, 4, "the pulse is 80", 1}};
    auto spans = locate_segments(t);
    REQUIRE(spans.size() == 4);
    CHECK(spans[0].begin == 0);
    CHECK(spans[1].begin == 5);
    CHECK(spans[2].begin == 10);
    CHECK(t.text.substr(spans[3].begin, spans[3].end - spans[3].begin) == "The pulse is 80");
  }
  SECTION("a segment that is not in the text is estimated after the previous one") {
    Transcript t;
    t.text = "alpha beta gamma delta";
    t.segments = {{0, 1, "alpha", 1}, {1, 2, "xxxx", 1}, {2, 3, "delta", 1}};
    auto spans = locate_segments(t);
    REQUIRE(spans.size() == 3);
    CHECK(spans[1].begin == 6);
    CHECK(spans[1].end == 10);
    CHECK(t.text.substr(spans[2].begin, spans[2].end - spans[2].begin) == "delta");
  }
}

TEST_CASE("evidence gets segment times and the lowest segment confidence", "[orchestrator][asr]") {
  const Transcript t = two_segments();
  const auto spans = locate_segments(t);
  SECTION("inside one segment, by offsets") {
    const size_t b = t.text.find("38.5");
    Candidate c = candidate_at(38.5, 0.9, b, b + 4, "38.5");
    apply_asr_evidence(c, t, spans);
    CHECK(c.evidence->start == Approx(1.6));
    CHECK(c.evidence->end == Approx(3.9));
    CHECK(c.confidence == Approx(0.45));
  }
  SECTION("across two segments") {
    const size_t b = t.text.find("Lee");
    const size_t e = t.text.find("38.5") + 4;
    Candidate c = candidate_at("x", 0.8, b, e, t.text.substr(b, e - b));
    apply_asr_evidence(c, t, spans);
    CHECK(c.evidence->start == Approx(0.0));
    CHECK(c.evidence->end == Approx(3.9));
    CHECK(c.confidence == Approx(0.4));
  }
  SECTION("only a snippet: offsets are found first") {
    Candidate c = candidate("Ann Lee", 0.9, "ann lee");
    apply_asr_evidence(c, t, spans);
    REQUIRE(c.evidence->char_begin);
    CHECK(*c.evidence->char_begin == t.text.find("Ann"));
    CHECK(c.evidence->start == Approx(0.0));
    CHECK(c.evidence->end == Approx(1.6));
    CHECK(c.confidence == Approx(0.9 * 0.95));
  }
  SECTION("no segments, no evidence, or unlocatable evidence: unchanged") {
    Transcript plain = t;
    plain.segments.clear();
    Candidate a = candidate("Ann Lee", 0.9, "Ann Lee");
    apply_asr_evidence(a, plain, locate_segments(plain));
    CHECK_FALSE(a.evidence->start);
    CHECK(a.confidence == Approx(0.9));
    Candidate b = candidate("Ann Lee", 0.9);
    apply_asr_evidence(b, t, spans);
    CHECK(b.confidence == Approx(0.9));
    Candidate c = candidate("Zed", 0.9, "not in the transcript");
    apply_asr_evidence(c, t, spans);
    CHECK_FALSE(c.evidence->start);
    CHECK(c.confidence == Approx(0.9));
  }
}

TEST_CASE("a value heard in a doubtful segment is flagged for review", "[orchestrator][asr]") {
  const Transcript t = two_segments();
  const size_t b = t.text.find("38.5");
  auto model = FakeExtractor::answering({{"name", candidate_at("Ann Lee", 0.95, 8, 15, "Ann Lee")},
                                         {"temp", candidate_at(38.5, 0.95, b, b + 4, "38.5")}});
  auto req = text_request("");
  req.transcript = t;
  auto out = make_orchestrator(model).process(req);
  const FilledField* temp = out.form.find("temp");
  CHECK(temp->confidence == Approx(0.95 * 0.5));
  REQUIRE(temp->evidence);
  CHECK(temp->evidence->start == Approx(1.6));
  CHECK(temp->evidence->end == Approx(3.9));
  const Issue* i = find_issue(out.report, "temp", IssueType::LowConf);
  REQUIRE(i != nullptr);
  CHECK_THAT(i->detail, Catch::Contains("threshold"));
  CHECK(find_issue(out.report, "name", IssueType::LowConf) == nullptr);
  CHECK(out.form.find("name")->confidence == Approx(0.95 * 0.95));
  CHECK(out.report.status == FormStatus::NeedsReview);
  // Times reach the output JSON.
  const Json j = to_json(out.form);
  CHECK(j["filled"]["temp"]["evidence"]["start"] == Approx(1.6));
}

TEST_CASE("the rules extractor's evidence gets its times from the orchestrator's one mapping", "[orchestrator][asr]") {
  // Segment texts differ from the transcript in case and punctuation: the mapping is folded.
  Transcript t;
  t.text = "Patient Ann Lee. Temperature 38.5 degrees.";
  t.segments = {Segment{0.0, 1.6, "patient ann lee", 0.9}, Segment{1.6, 3.9, "TEMPERATURE 38.5 DEGREES", 0.9}};
  std::shared_ptr<Extractor> rules = make_rules_extractor();
  auto req = text_request("");
  req.transcript = t;
  auto out = make_orchestrator(rules).process(req);
  const FilledField* temp = out.form.find("temp");
  REQUIRE(temp);
  CHECK(temp->value == Json(38.5));
  REQUIRE(temp->evidence);
  CHECK(temp->evidence->start == Approx(1.6));
  CHECK(temp->evidence->end == Approx(3.9));
}

TEST_CASE("a group's sub-value evidence gets its own times and segment confidence", "[orchestrator][asr][group]") {
  const Transcript t = two_segments();
  const auto spans = locate_segments(t);
  Candidate c;
  c.value = Json::parse(R"([{"name":"Ann Lee"},{"temp":38.5}])");
  c.confidence = 0.9;
  const size_t name = t.text.find("Ann Lee");
  const size_t temp = t.text.find("38.5");
  ItemDetails first;
  first.evidence["name"] = Evidence{"Ann Lee", name, name + 7, std::nullopt, std::nullopt};
  first.confidence["name"] = 0.8;
  ItemDetails second;
  second.evidence["temp"] = Evidence{"38.5", temp, temp + 4, std::nullopt, std::nullopt};
  c.items = {first, second};
  apply_asr_evidence(c, t, spans);
  CHECK(c.items[0].evidence.at("name").start == Approx(0.0));
  CHECK(c.items[0].evidence.at("name").end == Approx(1.6));
  CHECK(c.items[0].confidence.at("name") == Approx(0.8 * 0.95));
  CHECK(c.items[1].evidence.at("temp").start == Approx(1.6));
  CHECK(c.items[1].confidence.at("temp") == Approx(0.9 * 0.5));  // the group's confidence, lowered
  CHECK(c.confidence == Approx(0.9));  // the group itself had no evidence of its own
}
