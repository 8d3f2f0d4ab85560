// Throughput of CF normalization on a realistic mixed batch: Whisper-style and PocketSphinx-style
// values of every field type, as extractors hand them over. Reports values/second.
#include <benchmark/benchmark.h>

#include <string>
#include <utility>
#include <vector>

#include "invox/normalize.hpp"

namespace {

using invox::Field;
using invox::FieldType;
using invox::Json;

Field field(FieldType type, std::string unit = "", std::vector<std::string> options = {}, std::string guidelines = "") {
  Field f;
  f.id = "f";
  f.label = "Field";
  f.type = type;
  f.unit = std::move(unit);
  f.options = std::move(options);
  f.guidelines = std::move(guidelines);
  return f;
}

struct Item {
  Field field;
  Json value;
};

std::vector<Item> mixed_batch() {
  const Field text = field(FieldType::Text);
  const Field id = field(FieldType::Text, "", {}, "Spoken letters are joined and spoken digits become numerals.");
  const Field area = field(FieldType::Textarea);
  const Field kg = field(FieldType::Number, "kg");
  const Field temp = field(FieldType::Number, "°C");
  const Field count = field(FieldType::Number);
  const Field usd = field(FieldType::Number, "USD");
  const Field date = field(FieldType::Date);
  const Field time = field(FieldType::Time);
  const Field disposition =
      field(FieldType::Enum, "", {"home", "home with home health", "skilled nursing facility", "inpatient rehabilitation"},
            "'SNF' or 'nursing home' -> skilled nursing facility; 'rehab' -> inpatient rehabilitation.");
  const Field smoker = field(FieldType::Boolean, "", {}, "false for 'non-smoker', 'never smoked' and former smokers.");
  return {
      {text, "  Daniel   Reyes "},
      {id, "h p three"},
      {area, "penicillin and also latex"},
      {area, Json::array({"amoxicillin", nullptr, "metformin", "Amoxicillin"})},
      {kg, "78 kilos"},
      {kg, "one hundred and fifty pounds"},
      {temp, "thirty eight point five degrees"},
      {temp, "37.2"},
      {count, "one hundred and twenty"},
      {count, "25 people"},
      {usd, "about 2,150 dollars"},
      {date, "the third of March nineteen ninety two"},
      {date, "March 3rd, 1992"},
      {date, "two weeks from today"},
      {date, "yesterday"},
      {date, "2026-03-14"},
      {time, "half past two in the afternoon"},
      {time, "5:45 p.m."},
      {time, "2200 hours"},
      {disposition, "SNF"},
      {disposition, "going home"},
      {smoker, "Non-smoker"},
      {smoker, "does not smoke"},
      {smoker, "yes"},
  };
}

invox::NormalizeContext context() {
  invox::NormalizeContext ctx;
  ctx.reference_date = "2026-03-09";
  ctx.timezone = "America/New_York";
  ctx.locale = "en-US";
  return ctx;
}

void BM_NormalizeMixedBatch(benchmark::State& state) {
  const auto batch = mixed_batch();
  const auto ctx = context();
  for (auto _ : state) {
    for (const auto& item : batch) benchmark::DoNotOptimize(invox::normalize_value_for_field(item.value, item.field, ctx));
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * batch.size()));
  state.counters["values_per_second"] =
      benchmark::Counter(static_cast<double>(state.iterations() * batch.size()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_NormalizeMixedBatch);

void BM_ParseValuePrefix(benchmark::State& state) {
  const auto ctx = context();
  const std::vector<std::pair<Field, std::string>> inputs = {
      {field(FieldType::Number, "°C"), "thirty eight point five degrees and pulse ninety"},
      {field(FieldType::Date), "the third of march nineteen ninety two seen today for"},
      {field(FieldType::Time), "half past two in the afternoon at loading dock b"},
      {field(FieldType::Boolean), "no ppe was worn"},
  };
  for (auto _ : state) {
    for (const auto& [f, text] : inputs) benchmark::DoNotOptimize(invox::parse_value_prefix(text, f, ctx));
  }
  state.counters["values_per_second"] =
      benchmark::Counter(static_cast<double>(state.iterations() * inputs.size()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ParseValuePrefix);

void BM_ValuesMatch(benchmark::State& state) {
  const Field area = field(FieldType::Textarea);
  const Field text = field(FieldType::Text);
  for (auto _ : state) {
    benchmark::DoNotOptimize(invox::values_match("penicillin, latex", "Latex, penicillin", area));
    benchmark::DoNotOptimize(invox::values_match("HP-3", "hp3", text));
  }
  state.counters["values_per_second"] =
      benchmark::Counter(static_cast<double>(state.iterations() * 2), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ValuesMatch);

}  // namespace

BENCHMARK_MAIN();
