#include "test_normalize_support.hpp"

using invox::FieldType;
using invox::Json;
using namespace invox::test;

TEST_CASE("normalize number: written numerals (en)", "[normalize][number]") {
  const auto field = make_field(FieldType::Number);
  check_rows({{"38.5", 38.5, ""},
              {"1,250.5", 1250.5, ""},
              {"12,400", 12400, ""},
              {"1,000,000", 1000000, ""},
              {"-5", -5, ""},
              {"+7", 7, ""},
              {".5", 0.5, ""},
              {"0", 0, ""},
              {"  42  ", 42, ""},
              {"25 people", 25, ""},
              {"about 2,150 dollars", 2150, ""},
              {"approximately 30", 30, ""},
              {"~12", 12, ""},
              {"2.5 million", 2500000, ""},
              {"3 thousand", 3000, ""},
              {"7 and a half", 7.5, ""},
              {"weighs 78 kilos", 78, ""},
              {Json(17), 17, ""},
              {Json(36.6), 36.6, ""},
              {Json(-0.25), -0.25, ""}},
             field, make_ctx());
}

TEST_CASE("normalize number: decimal comma locales", "[normalize][number][locale]") {
  const auto field = make_field(FieldType::Number);
  check_rows({{"1.250,5", 1250.5, ""},
              {"38,5", 38.5, ""},
              {"1.250", 1250, ""},
              {"12.400.000", 12400000, ""},
              {"38.5", 38.5, ""},  // a lone point before one digit can only be a decimal point
              {"-0,75", -0.75, ""}},
             field, make_ctx("2026-03-14", "Europe/Berlin", "de-DE"));
  check_rows({{"3,5", 3.5, ""}, {"1.250,5", 1250.5, ""}}, field, make_ctx("2026-03-14", "Europe/Paris", "fr"));
  check_rows({{"1,250", 1250, ""}, {"1,5", 1.5, ""}}, field, make_ctx("2026-03-14", "UTC", "en-GB"));
}

TEST_CASE("normalize number: spoken cardinals and decimals", "[normalize][number][spoken]") {
  const auto field = make_field(FieldType::Number);
  check_rows({{"one hundred and twenty", 120, ""},
              {"one hundred twenty", 120, ""},
              {"thirty eight point five", 38.5, ""},
              {"thirty-eight point five", 38.5, ""},
              {"two and a half", 2.5, ""},
              // A scale word after the fraction scales the whole number.
              {"one point eight six million", 1860000, ""},
              {"two and a half thousand", 2500, ""},
              {"three point two five billion", 3250000000.0, ""},
              {"a dozen", 12, ""},
              {"two dozen", 24, ""},
              {"half a dozen", 6, ""},
              {"one oh two", 102, ""},
              {"one twenty", 120, ""},
              {"zero", 0, ""},
              {"seventeen", 17, ""},
              {"ninety nine", 99, ""},
              {"a hundred", 100, ""},
              {"a thousand", 1000, ""},
              {"two thousand and six", 2006, ""},
              {"twelve thousand four hundred", 12400, ""},
              {"one million two hundred thousand", 1200000, ""},
              {"point five", 0.5, ""},
              {"thirty seven point two five", 37.25, ""},
              {"zero point five", 0.5, ""},
              {"minus five", -5, ""},
              {"negative twelve point five", -12.5, ""},
              {"four four seven one", 4471, ""},
              {"sixty one kilograms", 61, ""},
              {"one hundred and eighteen over seventy two", 118, ""},
              {"Seventy Two", 72, ""},
              {"three quarters", 0.75, ""},
              {"a quarter", 0.25, ""},
              {"a half", 0.5, ""}},
             field, make_ctx());
}

TEST_CASE("normalize number: 'once' and 'twice' before a rate are numbers of times", "[normalize][number][spoken]") {
  const auto times = make_field(FieldType::Number, "", 0, 24);
  check_rows({{"once a day", 1, ""}, {"twice daily", 2, ""}, {"thrice weekly", 3, ""}}, times, make_ctx());
  // Without a rate after it "once" is a conjunction, no number.
  check_rows({{"once we arrived", Json(nullptr), "invalid"}}, times, make_ctx());
}

TEST_CASE("normalize number: British 'nought' is zero", "[normalize][number]") {
  const auto f = make_field(FieldType::Number);
  check_rows({{"nought", 0, ""}, {"nought point five", 0.5, ""}, {"two nought nine", 209, ""}}, f, make_ctx());
}

TEST_CASE("normalize number: units of the field", "[normalize][number][unit]") {
  const auto kg = make_field(FieldType::Number, "kg", 0, 500);
  check_rows({{"78 kilos", 78, ""},
              {"78kg", 78, ""},
              {"150 lb", 68.0, ""},
              {"150 pounds", 68.0, ""},
              {"one hundred and fifty pounds", 68.0, ""},
              {"200 lbs", 90.7, ""},
              {"11 stone", 69.9, ""},
              {"500 grams", 0.5, ""},
              // A power of ten loses nothing: the said precision is kept, not one decimal.
              {"410 grams", 0.41, ""},
              {"1250 grams", 1.25, ""},
              {"170 cm", Json(nullptr), "invalid"}},
             kg, make_ctx());
  const auto temp = make_field(FieldType::Number, "°C", 30, 45);
  check_rows({{"38.5 degrees", 38.5, ""},
              {"38.5°C", 38.5, ""},
              {"thirty eight point five degrees celsius", 38.5, ""},
              {"98.6 fahrenheit", 37.0, ""},
              {"101.3 °F", 38.5, ""}},
             temp, make_ctx());
  // "degrees" alone is the field's own scale, in Fahrenheit as in Celsius.
  const auto temp_f = make_field(FieldType::Number, "°F", 20, 212);
  check_rows({{"thirty-eight degrees", 38, ""},
              {"38 degrees", 38, ""},
              {"145 degrees fahrenheit", 145, ""},
              {"3 degrees celsius", 37.4, ""}},
             temp_f, make_ctx());
  // A smaller part after the unit, with or without its word.
  const auto height = make_field(FieldType::Number, "cm", 30, 250);
  check_rows({{"five foot ten", 177.8, ""},
              {"5 feet 10 inches", 177.8, ""},
              {"one metre seventy-five", 175, ""},
              {"six foot", 182.9, ""},
              {"five foot fifteen", 152.4, ""}},  // not inches: the part would be more than a foot
             height, make_ctx());
  check_rows({{"eleven stone four", 71.7, ""}, {"11 stone 4 pounds", 71.7, ""}, {"80 kilos 2 days ago", 80, ""}}, kg,
             make_ctx());
  const auto minutes = make_field(FieldType::Number, "min");
  check_rows({{"an hour and a half", 90, ""}, {"2 hours 15 minutes", 135, ""}, {"one hour twenty", 80, ""}}, minutes,
             make_ctx());
  const auto usd = make_field(FieldType::Number, "USD");
  check_rows({{"eighty-one dollars forty", 81.4, ""},
              {"1,250 dollars and 50 cents", 1250.5, ""},
              {"$81 and 40 cents", 81.4, ""},
              {"300 dollars 2 times", 300, ""}},
             usd, make_ctx());
  check_rows({{"$2,150", 2150, ""},
              {"2,150 dollars", 2150, ""},
              {"USD 300", 300, ""},
              {"about 300 bucks", 300, ""},
              {"400 euros", Json(nullptr), "invalid"}},
             usd, make_ctx());
  const auto hours = make_field(FieldType::Number, "h");
  check_rows({{"six hours", 6, ""}, {"90 minutes", 1.5, ""}, {"2 days", 48, ""}}, hours, make_ctx());
  const auto pct = make_field(FieldType::Number, "%", 0, 100);
  check_rows({{"93%", 93, ""}, {"ninety three percent", 93, ""}, {"96 per cent", 96, ""}}, pct, make_ctx());
  const auto days = make_field(FieldType::Number, "days");
  check_rows({{"ten working days", 10, ""}, {"two weeks", 14, ""}}, days, make_ctx());
  const auto bar = make_field(FieldType::Number, "bar");
  check_rows({{"180 bar", 180, ""}, {"one hundred eighty bar", 180, ""}}, bar, make_ctx());
  // The precision a guideline asks for applies to an inexact conversion, not an exact one.
  auto whole_cm = make_field(FieldType::Number, "cm", 30, 250);
  whole_cm.guidelines = "Feet and inches converted, rounded to a whole cm.";
  check_rows({{"five foot four", 163, ""}, {"1.624 metres", 162.4, ""}}, whole_cm, make_ctx());
  auto one_decimal_kg = make_field(FieldType::Number, "kg", 0, 500);
  one_decimal_kg.guidelines = "Kilograms, one decimal.";
  check_rows({{"410 grams", 0.41, ""}, {"150 lb", 68.0, ""}}, one_decimal_kg, make_ctx());
  const auto kw = make_field(FieldType::Number, "kW");
  check_rows({{"4.3 kWp", 4.3, ""},
              {"seven point two kilowatts", 7.2, ""},
              {"thirteen thousand six hundred watts", 13.6, ""},
              {"13.5 kWh", Json(nullptr), "invalid"}},  // energy is no power
             kw, make_ctx());
  const auto kwh = make_field(FieldType::Number, "kWh");
  check_rows({{"5.12 kWh", 5.12, ""}, {"thirteen and a half kilowatt-hours", 13.5, ""}, {"13.5 kilowatt hours", 13.5, ""}},
             kwh, make_ctx());
}

TEST_CASE("normalize number: a field in 'currency' takes an amount in whatever money is said",
          "[normalize][number][unit]") {
  const auto money = make_field(FieldType::Number, "currency", 0, 5000);
  check_rows({{"thirty-two pounds", 32, ""},
              {"£32.50", 32.5, ""},
              {"forty euros", 40, ""},
              {"a hundred and forty dollars", 140, ""},
              {"eighty-one dollars forty", 81.4, ""},
              {"12 pounds 50 pence", 12.5, ""},
              {"$81 and 40 cents", 81.4, ""},
              {"65 quid", 65, ""},
              {"12 kilos", Json(nullptr), "invalid"}},  // a mass is no money
             money, make_ctx());
  // A named currency still refuses another one, and a dollar of its own country is its own.
  check_rows({{"40 dollars", 40, ""}, {"40 australian dollars", 40, ""}, {"40 euros", Json(nullptr), "invalid"}},
             make_field(FieldType::Number, "AUD"), make_ctx());
}

TEST_CASE("normalize number: range enforced, never clamped", "[normalize][number][reject]") {
  const auto pain = make_field(FieldType::Number, "", 0, 10);
  check_rows({{"11", Json(nullptr), "invalid"},
              {"-1", Json(nullptr), "invalid"},
              {"ten", 10, ""},
              {"seven out of ten", 7, ""},
              {Json(12), Json(nullptr), "invalid"}},
             pain, make_ctx());
}

TEST_CASE("normalize number: rejections", "[normalize][number][reject]") {
  const auto field = make_field(FieldType::Number);
  check_rows({{"no idea", Json(nullptr), "invalid"},
              {Json(true), Json(nullptr), "invalid"},
              {Json::object(), Json(nullptr), "invalid"},
              {"2026-03-14", Json(nullptr), "invalid"},
              {"", Json(nullptr), ""},
              {Json(nullptr), Json(nullptr), ""},
              {"nobody", 0, ""},
              {"no one", 0, ""}},
             field, make_ctx());
  const auto injured = make_field(FieldType::Number, "", 0, std::nullopt, {}, "'nobody was hurt' -> 0.");
  check_rows({{"nobody was hurt", 0, ""}}, injured, make_ctx());
}

TEST_CASE("parse_value_prefix: numbers", "[normalize][number][prefix]") {
  const auto temp = make_field(FieldType::Number, "°C");
  check_prefix_rows({{"thirty eight point five degrees and pulse ninety", 38.5, "thirty eight point five degrees"},
                     {"38.5, pulse 88", 38.5, "38.5"},
                     {"about 37 degrees", 37, "about 37 degrees"},
                     {"pulse 88", Json(nullptr), ""}},
                    temp, make_ctx());
  const auto bp = make_field(FieldType::Number, "mmHg");
  check_prefix_rows({{"one hundred and twenty over eighty", 120, "one hundred and twenty"},
                     {"one twenty over eighty", 120, "one twenty"},
                     {"132 over 84", 132, "132"}},
                    bp, make_ctx());
  const auto kg = make_field(FieldType::Number, "kg");
  check_prefix_rows({{"150 pounds today", 68.0, "150 pounds"}, {"seventy eight kilos and", 78, "seventy eight kilos"}},
                    kg, make_ctx());
}

TEST_CASE("normalize number: on a field in percent, fractions and levels are shares of the whole",
          "[normalize][number][unit]") {
  const auto pct = make_field(FieldType::Number, "%", 0, 100);
  check_rows({{"three quarters", 75, ""},
              {"half a tank", 50, ""},
              {"a quarter", 25, ""},
              {"3/4", 75, ""},
              {"full", 100, ""},
              {"empty", 0, ""},
              {"60 percent", 60, ""},
              {"sixty", 60, ""},
              {"seven eighths", 87.5, ""},
              {"two thirds", 66.7, ""},
              {"one fifth", 20, ""},
              {"forty-six out of fifty", 92, ""},
              {"seven out of ten", 70, ""},
              {"17/20", 85, ""},
              {"17 / 20", 85, ""}},
             pct, make_ctx());
  // "five quarters" is more than a whole: no share, the count alone.
  check_prefix_rows({{"five quarters", 5, "five"}}, pct, make_ctx());
  // Without the unit a fraction stays a fraction, and "full" is no number.
  const auto plain = make_field(FieldType::Number, "", 0, 100);
  check_rows({{"three quarters", 0.75, ""}, {"full", Json(nullptr), "invalid"}, {"seven out of ten", 7, ""}}, plain,
             make_ctx());
}

TEST_CASE("normalize number: tonnes, ounces and areas convert to the field's unit", "[normalize][number][unit]") {
  const auto kg = make_field(FieldType::Number, "kg", 0, 50000);
  check_rows({{"two point five tonnes", 2500, ""}, {"2.0 t", 2000, ""}, {"eleven pounds two ounces", 5.0, ""}}, kg,
             make_ctx());
  const auto grams = make_field(FieldType::Number, "g", 0, 10000);
  check_rows({{"three and a half ounces", 99.2, ""}}, grams, make_ctx());
  const auto m2 = make_field(FieldType::Number, "m²", 0, 100000);
  check_rows({{"three hundred square feet", 27.9, ""}, {"2 hectares", 20000, ""}, {"40 sq m", 40, ""}}, m2,
             make_ctx());
}

TEST_CASE("normalize number: a conversion between counting units keeps the quarter it lands on",
          "[normalize][number][unit]") {
  const auto hours = make_field(FieldType::Number, "h", 0, 100);
  // 45 min is three quarters of an hour exactly; 20 min is a third, which has no end.
  check_rows({{"forty-five minutes", 0.75, ""}, {"twenty minutes", 0.3, ""}, {"an hour and a half", 1.5, ""}},
             hours, make_ctx());
  auto whole_hours = make_field(FieldType::Number, "h", 0, 100);
  whole_hours.guidelines = "Rounded to whole hours.";
  check_rows({{"forty-five minutes", 1, ""}}, whole_hours, make_ctx());
}

TEST_CASE("normalize number: minutes and seconds said together, and seconds alone, convert to minutes",
          "[normalize][number][unit]") {
  const auto minutes = make_field(FieldType::Number, "minutes", 0, 60);
  check_rows({{"three minutes forty-five", 3.75, ""},
              {"six minutes and thirty seconds", 6.5, ""},
              {"150 seconds", 2.5, ""},
              {"two and a half minutes", 2.5, ""}},
             minutes, make_ctx());
}
