// invox readback: the spoken confirmation text of a filled form, and its speech.
#include <catch2/catch.hpp>

#include "readback/readback_text.hpp"
#include "readback/speech.hpp"
#include "support/pipeline_fixtures.hpp"
#include "support/review_fixtures.hpp"

using namespace invox;
using namespace invox::readback;

namespace {

std::vector<std::string> texts(const std::vector<ReadbackLine>& lines) {
  std::vector<std::string> out;
  for (const auto& l : lines) out.push_back(l.text);
  return out;
}

}  // namespace

TEST_CASE("readback: filled fields for the ear, flagged ones as questions, a closing", "[readback]") {
  const FilledForm form = invox::test::demo_form(
      {{"name", "Ann Lee"}, {"temp", 38.5}, {"visit", "2026-03-14"}, {"smoker", false}, {"arrive", "14:30"},
       {"sex", "female"}, {"allergies", "penicillin, latex"}});
  Report report;
  report.status = FormStatus::NeedsReview;
  report.issues.push_back({"temp", IssueType::LowConf, "confidence 0.60 is below 0.80", IssueAction::ManualReview});
  Issue missing{"discharge", IssueType::Missing, "empty", IssueAction::Clarify};
  missing.question = "What is the discharge date?";
  report.issues.push_back(missing);
  const auto lines = readback_lines({&form, &report, &invox::testing::demo_template()});
  CHECK(texts(lines) == std::vector<std::string>{
                           "Reading back: Demo.",
                           "Patient name is Ann Lee.",
                           "Sex is female.",
                           "Visit date is March fourteenth, twenty twenty-six.",
                           "Allergies are penicillin, and latex.",
                           "Smoker: negative.",
                           "Arrival time is two thirty in the afternoon.",
                           "Is the temperature thirty-eight point five?",
                           "What is the discharge date?",
                           "Is everything else correct?",
                       });
  CHECK(lines[1].field == "name");
  CHECK_FALSE(lines[1].question);
  CHECK(lines[7].field == "temp");
  CHECK(lines[7].question);
  CHECK(readback_text(lines).find("Patient name is Ann Lee.\nSex is female.\n") != std::string::npos);
}

TEST_CASE("readback: without a report every filled value is read, without a template types are guessed", "[readback]") {
  const FilledForm form = invox::test::demo_form({{"name", "Ann Lee"}, {"temp", 38.5}});
  CHECK(texts(readback_lines({&form, nullptr, &invox::testing::demo_template()})) ==
        std::vector<std::string>{"Reading back: Demo.", "Patient name is Ann Lee.", "Temperature is thirty-eight point five.",
                                 "Is that correct?"});
  const auto ai_value = [](Json v) {
    FilledField f;
    f.value = std::move(v);
    f.changed = true;
    f.source = "ai";
    f.confidence = 0.9;
    return f;
  };
  FilledForm bare;
  bare.template_id = "site-visit";
  bare.filled.emplace_back("visit_date", ai_value(Json("2026-03-14")));
  bare.filled.emplace_back("start_time", ai_value(Json("09:05")));
  bare.filled.emplace_back("crew_size", ai_value(Json(4)));
  bare.filled.emplace_back("lockout_done", ai_value(Json(true)));
  bare.filled.emplace_back("asset_tag", ai_value(Json("PMP-0412")));
  CHECK(texts(readback_lines({&bare, nullptr, nullptr})) ==
        std::vector<std::string>{"Reading back: site visit.", "Visit date is March fourteenth, twenty twenty-six.",
                                 "Start time is nine oh five in the morning.", "Crew size is four.", "Lockout done: yes.",
                                 "Asset tag is P M P zero four one two.", "Is that correct?"});
  FilledForm empty = invox::test::demo_form({});
  CHECK(texts(readback_lines({&empty, nullptr, &invox::testing::demo_template()})) ==
        std::vector<std::string>{"Reading back: Demo.", "Nothing has been filled in yet."});
}

TEST_CASE("field types guessed from values", "[readback]") {
  CHECK(field_for_value("a", Json(true)).type == FieldType::Boolean);
  CHECK(field_for_value("a", Json(2.5)).type == FieldType::Number);
  CHECK(field_for_value("a", Json("2026-03-14")).type == FieldType::Date);
  CHECK(field_for_value("a", Json("23:59")).type == FieldType::Time);
  CHECK(field_for_value("a", Json("2026-3-14")).type == FieldType::Text);
  CHECK(field_for_value("a", Json("ab:cd")).type == FieldType::Text);
}

TEST_CASE("readback speech: a 16 kHz mono PCM WAV from flite's slt voice", "[readback][audio]") {
  auto wav = synthesize_wav("Temperature: thirty-eight point five degrees Celsius. Is that correct?");
  REQUIRE(wav);
  const std::string& b = *wav;
  REQUIRE(b.size() > 44 + 16000);  // more than half a second of speech
  CHECK(b.substr(0, 4) == "RIFF");
  CHECK(b.substr(8, 8) == "WAVEfmt ");
  const auto u16 = [&](size_t at) { return static_cast<unsigned>(static_cast<unsigned char>(b[at])) | (static_cast<unsigned>(static_cast<unsigned char>(b[at + 1])) << 8); };
  CHECK(u16(20) == 1);      // PCM
  CHECK(u16(22) == 1);      // mono
  CHECK(u16(24) == 16000);  // sample rate (low half; 16000 < 65536)
  CHECK(u16(34) == 16);     // bits per sample
  CHECK(b.substr(36, 4) == "data");
  size_t loud = 0;
  for (size_t i = 44; i + 1 < b.size(); i += 2) loud += (static_cast<short>(u16(i)) > 1000 || static_cast<short>(u16(i)) < -1000);
  CHECK(loud > 1000);  // not silence
}
