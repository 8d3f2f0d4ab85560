// S3/S4 with a group field over the fake server: items paired, agreeing sub-values kept without
// a judge, disagreeing sub-values and one-sided items judged with the aligned pair shown,
// decisions per item path; and the item matching both reconciliation and scoring use.
#include <catch2/catch.hpp>

#include <algorithm>
#include <mutex>

#include "invox/models.hpp"
#include "invox/strategy.hpp"
#include "invox/group_items.hpp"
#include "support/fake_llm_server.hpp"
#include "support/llm_fixtures.hpp"

using namespace invox;
using namespace invox::test;

namespace {


Json med(const char* drug, Json dose, Json route = "oral") {
  return {{"drug", drug}, {"dose_mg", std::move(dose)}, {"route", std::move(route)}};
}

// Model A (gpt-4o) and model B (gemini) agree on paracetamol, disagree on ibuprofen's dose, and
// only B lists aspirin. B says the items in another order.
const Json kA = {{"patient_name", "Ann Lee"}, {"meds", {med("ibuprofen", 200), med("paracetamol", 500)}}};
const Json kB = {{"patient_name", "Ann Lee"},
                 {"meds", {med("paracetamol", 500), med("ibuprofen", 400), med("aspirin", 75)}}};

// The judge: B for sub-values, `item_pick` for one-sided items.
FakeLlmServer::Handler scripted_items(std::string item_pick) {
  return [item_pick](const FakeRequest& r) {
    if (is_judge_request(r)) {
      const bool item = messages_of(r).at(1).second.find("ONE ITEM") != std::string::npos;
      const std::string pick = item ? item_pick : "model_b";
      return reply_for(r, says(Json{{"decision", pick}, {"reason", "scripted " + pick}, {"merged", nullptr}}.dump()));
    }
    const Json& all = r.model == "gpt-4o" ? kA : kB;
    Json out = Json::object();
    for (const auto& f : asked_fields(r)) out[f.id] = all[f.id];
    return reply_for(r, says(out.dump()));
  };
}

struct ReconcileRun {
  Template tmpl = group_sample_template();
  Transcript transcript;
  CurrentValues current;
  std::shared_ptr<Extractor> a, b;
  std::shared_ptr<Judge> judge;
  explicit ReconcileRun(const ModelServices& services) {
    transcript.text = "Ann Lee takes ibuprofen 400 mg and paracetamol 500 mg by mouth, and aspirin 75 mg.";
    a = *make_chat_extractor(*parse_model_spec("openai:gpt-4o"), services);
    b = *make_chat_extractor(*parse_model_spec("gemini:gemini-2.0-flash"), services);
    judge = *make_chat_judge(*parse_model_spec("openai:gpt-4o-mini"), services);
  }
  StrategyInput input() {
    StrategyInput in;
    in.base.tmpl = &tmpl;
    for (const auto& f : tmpl.fields) in.base.fields.push_back(&f);
    in.base.transcript = &transcript;
    in.base.current = &current;
    in.model_a = a.get();
    in.model_b = b.get();
    in.judge = judge.get();
    return in;
  }
};

std::vector<FakeRequest> judge_requests(const FakeLlmServer& server) {
  std::vector<FakeRequest> out;
  for (const auto& r : server.requests()) {
    if (is_judge_request(r)) out.push_back(r);
  }
  return out;
}

}  // namespace

TEST_CASE("S3 reconciles a group item by item: one judge call per disagreement", "[llm][groups][s3]") {
  FakeLlmServer server;
  server.set_handler(scripted_items("model_a"));
  ReconcileRun run(services_for(server));
  auto out = run_s3(run.input());
  REQUIRE(out.has_value());
  CHECK(server.violations().empty());
  // ibuprofen's dose and aspirin (only B) are judged; paracetamol and patient_name agree.
  const auto judged = judge_requests(server);
  REQUIRE(judged.size() == 2);
  CHECK(out->calls == 4);
  // The judge picked B's dose and A's "no aspirin".
  CHECK(out->values.at("meds").value == Json::array({med("ibuprofen", 400), med("paracetamol", 500)}));
  const auto* dose = decision_for(*out, "meds[0].dose_mg");
  REQUIRE(dose != nullptr);
  CHECK(dose->decision == DecisionKind::ModelB);
  const auto* left_out = decision_for(*out, "meds");
  REQUIRE(left_out != nullptr);
  const bool any_left_out = std::any_of(out->decisions.begin(), out->decisions.end(), [](const Decision& d) {
    return d.field == "meds" && d.reason.find("left out") != std::string::npos && d.decision == DecisionKind::ModelA;
  });
  CHECK(any_left_out);
}

TEST_CASE("the judge sees the sub-value's path and both models' aligned items", "[llm][groups][judge]") {
  FakeLlmServer server;
  server.set_handler(scripted_items("model_a"));
  ReconcileRun run(services_for(server));
  REQUIRE(run_s3(run.input()).has_value());
  const auto judged = judge_requests(server);
  auto sub = std::find_if(judged.begin(), judged.end(), [](const FakeRequest& r) {
    return messages_of(r).at(1).second.find("meds[0].dose_mg") != std::string::npos;
  });
  REQUIRE(sub != judged.end());
  const auto text = messages_of(*sub).at(1).second;
  CHECK(text.find("- dose_mg (\"Dose\"): number, unit mg") != std::string::npos);
  CHECK(text.find(R"(Item of model A: {"drug":"ibuprofen","dose_mg":200,"route":"oral"})") != std::string::npos);
  CHECK(text.find(R"(Item of model B: {"drug":"ibuprofen","dose_mg":400,"route":"oral"})") != std::string::npos);
  CHECK(text.find("Candidate A: 200") != std::string::npos);
  CHECK(text.find("Candidate B: 400") != std::string::npos);
  // The one-sided item: no candidate from A, B's item as candidate B.
  auto item = std::find_if(judged.begin(), judged.end(), [](const FakeRequest& r) {
    return messages_of(r).at(1).second.find("ONE ITEM") != std::string::npos;
  });
  REQUIRE(item != judged.end());
  const auto item_text = messages_of(*item).at(1).second;
  CHECK(item_text.find("Candidate A: (no value)") != std::string::npos);
  CHECK(item_text.find(R"(Candidate B: {"drug":"aspirin","dose_mg":75,"route":"oral"})") != std::string::npos);
  CHECK(messages_of(*item).back().second.find("<transcript>") != std::string::npos);
}

TEST_CASE("an item the judge keeps goes where its model said it", "[llm][groups][s3]") {
  FakeLlmServer server;
  server.set_handler(scripted_items("model_b"));
  ReconcileRun run(services_for(server));
  auto out = run_s3(run.input());
  REQUIRE(out.has_value());
  // B said aspirin after ibuprofen: it follows ibuprofen in the reconciled list.
  CHECK(out->values.at("meds").value ==
        Json::array({med("ibuprofen", 400), med("aspirin", 75), med("paracetamol", 500)}));
  const auto* kept = decision_for(*out, "meds[1]");
  REQUIRE(kept != nullptr);
  CHECK(kept->decision == DecisionKind::ModelB);
  REQUIRE(out->values.at("meds").items.size() == 3);
}

TEST_CASE("S4 asks the group once per model and reconciles it the same way", "[llm][groups][s4]") {
  FakeLlmServer server;
  server.set_handler(scripted_items("model_a"));
  ReconcileRun run(services_for(server));
  auto out = run_s4(run.input());
  REQUIRE(out.has_value());
  CHECK(out->calls == 2 * 2 + 2);
  CHECK(judge_requests(server).size() == 2);
  CHECK(out->values.at("meds").value == Json::array({med("ibuprofen", 400), med("paracetamol", 500)}));
}

TEST_CASE("a locked group is never reconciled or judged", "[llm][groups][s3]") {
  FakeLlmServer server;
  server.set_handler(scripted_items("model_b"));
  ReconcileRun run(services_for(server));
  run.current["meds"] = CurrentValue{Json::array({med("aspirin", 75)}), true, "manual"};
  auto out = run_s3(run.input());
  REQUIRE(out.has_value());
  CHECK(out->values.count("meds") == 0);
  CHECK(judge_requests(server).empty());
}

TEST_CASE("the rules judge keeps a one-sided item the transcript states and drops an invented one", "[llm][groups][judge]") {
  FakeLlmServer server;
  server.set_handler([](const FakeRequest& r) {
    const Json& all = r.model == "gpt-4o"
                          ? Json{{"patient_name", nullptr}, {"meds", {med("paracetamol", 500), med("warfarin", 5, nullptr)}}}
                          : Json{{"patient_name", nullptr}, {"meds", {med("paracetamol", 500), med("aspirin", 75, nullptr)}}};
    Json out = Json::object();
    for (const auto& f : asked_fields(r)) out[f.id] = all[f.id];
    return reply_for(r, says(out.dump()));
  });
  ReconcileRun run(services_for(server));
  auto judge = make_rules_judge();
  auto in = run.input();
  in.judge = judge.get();
  auto out = run_s3(in);
  REQUIRE(out.has_value());
  CHECK(out->values.at("meds").value == Json::array({med("paracetamol", 500), med("aspirin", 75, nullptr)}));
}

TEST_CASE("item matching maximizes agreeing sub-values, keeps spoken order on ties", "[groups][match]") {
  const auto tmpl = group_sample_template();
  const Field& g = *tmpl.find("meds");
  SECTION("the best pairing overall, not the best first pair") {
    // L0-R1 = 2 (drug, dose) beats L0-R0 = 1 (drug), but L1 agrees only with R1 (dose, route):
    // greedy pairs L0-R1 and leaves L1 alone (2); the maximum is L0-R0 + L1-R1 (3).
    const Json left = Json::array({med("a", 1, "oral"), med("b", 1, "topical")});
    const Json right = Json::array({med("a", 2, "intravenous"), med("a", 1, "topical")});
    auto pairs = match_group_items(left, right, g);
    REQUIRE(pairs.size() == 2);
    CHECK(pairs[0].right == std::optional<size_t>(0));
    CHECK(pairs[1].right == std::optional<size_t>(1));
  }
  SECTION("items said in another order are still paired") {
    const Json left = Json::array({med("a", 1), med("b", 2)});
    const Json right = Json::array({med("b", 2), med("a", 1)});
    auto pairs = match_group_items(left, right, g);
    REQUIRE(pairs.size() == 2);
    CHECK(pairs[0].right == std::optional<size_t>(1));
    CHECK(pairs[1].right == std::optional<size_t>(0));
  }
  SECTION("equal items pair in spoken order") {
    const Json left = Json::array({med("a", 1), med("a", 1), med("a", 1)});
    auto pairs = match_group_items(left, left, g);
    REQUIRE(pairs.size() == 3);
    for (size_t i = 0; i < 3; ++i) CHECK(pairs[i].right == std::optional<size_t>(i));
  }
  SECTION("nothing in common, or not an object: unpaired") {
    const Json left = Json::array({med("a", 1, "oral"), "junk"});
    const Json right = Json::array({med("b", 2, "topical")});
    auto pairs = match_group_items(left, right, g);
    REQUIRE(pairs.size() == 3);
    CHECK_FALSE(pairs[0].right.has_value());
    CHECK_FALSE(pairs[1].right.has_value());
    CHECK_FALSE(pairs[2].left.has_value());
    CHECK(pairs[2].right == std::optional<size_t>(0));
  }
}
