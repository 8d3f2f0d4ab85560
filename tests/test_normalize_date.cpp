#include <chrono>

#include <date/date.h>

#include "test_normalize_support.hpp"
#include "support/json_null.hpp"

using invox::FieldType;
using invox::Json;
using namespace invox::test;

namespace {
using invox::test::kNull;
}

TEST_CASE("normalize date: absolute written and spoken forms", "[normalize][date]") {
  const auto field = make_field(FieldType::Date);
  check_rows({{"2026-03-14", "2026-03-14", ""},
              {"March 3, 1992", "1992-03-03", ""},
              {"March 3rd, 1992", "1992-03-03", ""},
              {"3 March 1992", "1992-03-03", ""},
              {"3rd of March 1992", "1992-03-03", ""},
              {"the third of March nineteen ninety two", "1992-03-03", ""},
              {"march third nineteen ninety two", "1992-03-03", ""},
              {"March 3rd '92", "1992-03-03", ""},
              {"the third of March ninety two", "1992-03-03", ""},
              {"July twenty first nineteen eighty five", "1985-07-21", ""},
              {"july twenty-first, nineteen eighty-five", "1985-07-21", ""},
              {"April 9th, 2001", "2001-04-09", ""},
              {"April ninth two thousand and one", "2001-04-09", ""},
              {"April ninth two thousand one", "2001-04-09", ""},
              {"the fifth of may twenty twenty six", "2026-05-05", ""},
              {"Sept. 30, 2025", "2025-09-30", ""},
              {"Dec 1 2025", "2025-12-01", ""},
              {"nineteenth of june nineteen oh five", "1905-06-19", ""},
              {"thirty first of december nineteen hundred", "1900-12-31", ""},
              {"Tuesday, March 3, 2026", "2026-03-03", ""},
              {"born on the 2nd of February 1980", "1980-02-02", ""},
              {"2026/03/14", "2026-03-14", ""},
              {"2024-02-29", "2024-02-29", ""}},
             field, make_ctx("2026-03-09", "America/New_York"));
}

TEST_CASE("normalize date: numeric dates follow the locale or are flagged", "[normalize][date][locale]") {
  const auto field = make_field(FieldType::Date);
  check_rows({{"03/04/1992", "1992-03-04", ""},
              {"3/4/92", "1992-03-04", ""},
              {"13/04/1992", "1992-04-13", ""},
              {"04/13/1992", "1992-04-13", ""},
              {"05/05/2020", "2020-05-05", ""},
              {"5/6/40", "1940-05-06", ""},
              {"5/6/36", "2036-05-06", ""}},
             field, make_ctx("2026-03-09", "America/New_York", "en-US"));
  check_rows({{"03/04/1992", "1992-04-03", ""}, {"3.4.1992", "1992-04-03", ""}, {"13/04/1992", "1992-04-13", ""}},
             field, make_ctx("2026-03-09", "Europe/London", "en-GB"));
  check_rows({{"14.03.2026", "2026-03-14", ""}, {"03.04.1992", "1992-04-03", ""}}, field,
             make_ctx("2026-03-09", "Europe/Berlin", "de-DE"));
  check_rows({{"03/04/1992", kNull, "ambiguous"}, {"3/4", kNull, "ambiguous"}, {"13/04/1992", "1992-04-13", ""}},
             field, make_ctx("2026-03-09", "UTC", "en"));
  check_rows({{"03/04/1992", kNull, "ambiguous"}}, field, make_ctx("2026-03-09", "America/Toronto", "en-CA"));
}

TEST_CASE("normalize date: dates without a year take the nearest year", "[normalize][date][rollover]") {
  const auto field = make_field(FieldType::Date);
  check_rows({{"January 5th", "2026-01-05", ""}, {"March 8th", "2026-03-08", ""}, {"december twenty fourth", "2025-12-24", ""}},
             field, make_ctx("2026-03-09"));
  check_rows({{"January 5th", "2026-01-05", ""}, {"Dec 24", "2025-12-24", ""}}, field, make_ctx("2025-11-03"));
  check_rows({{"Dec 24", "2025-12-24", ""}, {"the 2nd of January", "2026-01-02", ""}}, field, make_ctx("2026-01-08"));
  // Day of the month only, with or without its weekday.
  check_rows({{"Wednesday the 20th", "2025-08-20", ""}, {"the 20th", "2025-08-20", ""}, {"Friday the 1st", "2025-08-01", ""}},
             field, make_ctx("2025-08-18"));
  check_rows({{"Monday the 16th", "2026-02-16", ""}}, field, make_ctx("2026-02-11"));
  // The month said relative to today.
  check_rows({{"the 3rd of next month", "2026-01-03", ""},
              {"the twenty-eighth of this month", "2025-12-28", ""},
              {"the first of last month", "2025-11-01", ""}},
             field, make_ctx("2025-12-20"));
}

TEST_CASE("normalize date: two-digit year window", "[normalize][date][two-digit-year]") {
  const auto field = make_field(FieldType::Date);
  const auto dob = make_field(FieldType::Date, "", std::nullopt, std::nullopt, {}, "", "date_of_birth", "Date of birth");
  check_rows({{"March 3rd '30", "2030-03-03", ""}, {"March 3rd '36", "2036-03-03", ""}, {"March 3rd '37", "1937-03-03", ""},
              {"March 3rd '92", "1992-03-03", ""}, {"the first of may oh five", "2005-05-01", ""}},
             field, make_ctx("2026-03-09"));
  check_rows({{"March 3rd '30", "1930-03-03", ""}, {"March 3rd '26", "2026-03-03", ""}, {"March 3rd '27", "1927-03-03", ""},
              {"the third of March ninety two", "1992-03-03", ""}},
             dob, make_ctx("2026-03-09"));
}

TEST_CASE("normalize date: relative dates against the reference (a Monday)", "[normalize][date][relative]") {
  const auto field = make_field(FieldType::Date);
  check_rows({{"today", "2026-03-09", ""},
              {"seen today", "2026-03-09", ""},
              {"Today", "2026-03-09", ""},
              {"this morning", "2026-03-09", ""},
              {"tonight", "2026-03-09", ""},
              {"yesterday", "2026-03-08", ""},
              {"yesterday afternoon", "2026-03-08", ""},
              {"last night", "2026-03-08", ""},
              {"tomorrow", "2026-03-10", ""},
              {"the day before yesterday", "2026-03-07", ""},
              {"day after tomorrow", "2026-03-11", ""},
              {"two days ago", "2026-03-07", ""},
              {"3 days ago", "2026-03-06", ""},
              {"a week ago", "2026-03-02", ""},
              {"a couple of days ago", "2026-03-07", ""},
              {"last Friday", "2026-03-06", ""},
              {"last Monday", "2026-03-02", ""},
              {"next Tuesday", "2026-03-10", ""},
              {"next Monday", "2026-03-16", ""},
              {"this Friday", "2026-03-13", ""},
              {"this Monday", "2026-03-09", ""},
              {"this coming Sunday", "2026-03-15", ""},
              {"on Saturday", "2026-03-14", ""},
              {"Saturday", "2026-03-14", ""},
              {"Monday", "2026-03-16", ""},
              {"Friday next week", "2026-03-20", ""},
              {"Tuesday last week", "2026-03-03", ""},
              {"in three weeks", "2026-03-30", ""},
              {"in thirty days", "2026-04-08", ""},
              {"in 30 days", "2026-04-08", ""},
              {"in a week", "2026-03-16", ""},
              {"in two weeks", "2026-03-23", ""},
              {"in a fortnight", "2026-03-23", ""},
              {"in a month's time", "2026-04-09", ""},
              {"in two months", "2026-05-09", ""},
              {"in a year", "2027-03-09", ""},
              {"two weeks from today", "2026-03-23", ""},
              {"ten days from now", "2026-03-19", ""},
              {"a week from tomorrow", "2026-03-17", ""},
              {"a week today", "2026-03-16", ""},
              {"three days later", "2026-03-12", ""},
              {"next week", "2026-03-16", ""},
              {"last month", "2026-02-09", ""},
              {"next year", "2027-03-09", ""}},
             field, make_ctx("2026-03-09", "America/New_York"));
  // Month arithmetic clamps to the end of a shorter month.
  check_rows({{"in a month", "2026-02-28", ""}, {"in one month", "2026-02-28", ""}}, field, make_ctx("2026-01-31"));
  check_rows({{"yesterday", "2025-12-31", ""}, {"tomorrow", "2026-01-02", ""}}, field, make_ctx("2026-01-01"));
  check_rows({{"tomorrow", "2024-02-29", ""}}, field, make_ctx("2024-02-28"));
}

TEST_CASE("normalize date: relative dates near midnight in two time zones", "[normalize][date][tz]") {
  const auto field = make_field(FieldType::Date);
  // 2026-03-14 23:30 UTC is already 00:30 on the 15th in Berlin but 19:30 on the 14th in New York.
  const auto instant = date::sys_days{date::year{2026} / 3 / 14} + std::chrono::hours{23} + std::chrono::minutes{30};
  auto berlin = make_ctx("", "Europe/Berlin");
  berlin.now = instant;
  auto new_york = make_ctx("", "America/New_York");
  new_york.now = instant;
  check_rows({{"today", "2026-03-15", ""}, {"yesterday", "2026-03-14", ""}, {"two days ago", "2026-03-13", ""}}, field, berlin);
  check_rows({{"today", "2026-03-14", ""}, {"yesterday", "2026-03-13", ""}, {"two days ago", "2026-03-12", ""}}, field, new_york);
  // The same instant given as the reference date itself.
  check_rows({{"today", "2026-03-15", ""}}, field, make_ctx("2026-03-14T23:30:00Z", "Europe/Berlin"));
  check_rows({{"today", "2026-03-14", ""}}, field, make_ctx("2026-03-14T23:30:00Z", "America/New_York"));
  check_rows({{"today", "2026-03-15", ""}}, field, make_ctx("2026-03-14T23:30:00-05:00", "UTC"));
  check_rows({{"today", "2026-03-14", ""}}, field, make_ctx("2026-03-14T23:30", "Asia/Tokyo"));
  auto tokyo = make_ctx("", "Asia/Tokyo");
  tokyo.now = date::sys_days{date::year{2026} / 3 / 14} + std::chrono::hours{14} + std::chrono::minutes{59};
  check_rows({{"today", "2026-03-14", ""}}, field, tokyo);
  tokyo.now = *tokyo.now + std::chrono::minutes{2};
  check_rows({{"today", "2026-03-15", ""}}, field, tokyo);
}

TEST_CASE("normalize date: rejections", "[normalize][date][reject]") {
  const auto field = make_field(FieldType::Date);
  check_rows({{"February 30th 2026", kNull, "invalid"},
              {"2026-02-30", kNull, "invalid"},
              {"13/13/2020", kNull, "invalid"},
              {"no date here", kNull, "invalid"},
              {Json(5), kNull, "invalid"},
              {Json(true), kNull, "invalid"},
              {"Wednesday, March 3, 2026", kNull, "ambiguous"},
              {"Monday the 31st", kNull, "ambiguous"},
              {"February 29th", kNull, "invalid"},
              {"", kNull, ""}},
             field, make_ctx("2026-03-09"));
  auto bad_tz = make_ctx("", "Mars/Olympus_Mons");
  check_rows({{"today", kNull, "invalid"}}, field, bad_tz);
  check_rows({{"today", kNull, "invalid"}}, field, make_ctx("2026-13-01"));
  check_rows({{"today", kNull, "invalid"}}, field, make_ctx("14/03/2026"));
  check_rows({{"today", kNull, "invalid"}}, field, make_ctx("2026-03-14T25:00Z"));
}

TEST_CASE("parse_value_prefix: dates", "[normalize][date][prefix]") {
  const auto field = make_field(FieldType::Date);
  check_prefix_rows({{"the third of March nineteen ninety two, seen today", "1992-03-03", "the third of March nineteen ninety two"},
                     {"March 3rd, 1992 was the date", "1992-03-03", "March 3rd, 1992"},
                     {"March 3rd, and then", "2026-03-03", "March 3rd"},
                     {"on Saturday we went", "2026-03-14", "on Saturday"},
                     {"yesterday at five", "2026-03-08", "yesterday"},
                     {"two weeks from today please", "2026-03-23", "two weeks from today"},
                     {"in thirty days", "2026-04-08", "in thirty days"},
                     {"Wednesday the 11th", "2026-03-11", "Wednesday the 11th"},
                     {"july sixth to july seventeenth", "2026-07-06", "july sixth"},
                     {"pain is seven", kNull, ""}},
                    field, make_ctx("2026-03-09"));
}

TEST_CASE("normalize date: a calendar date in apposition to a relative one decides the day",
          "[normalize][date][relative][apposition]") {
  const auto field = make_field(FieldType::Date);
  // The reference (2026-11-27) is not the day the speaker names: the calendar date wins,
  // whether or not a comma separates the two.
  check_rows({{"today, March twentieth twenty twenty six", "2026-03-20", ""},
              {"today March 20 2026", "2026-03-20", ""},
              {"yesterday, the 3rd of June 2025", "2025-06-03", ""}},
             field, make_ctx("2026-11-27"));
  // A sentence end separates them: "today" is the inspection, March 14 something else.
  check_prefix_rows({{"today. March 14 the pipe burst", "2026-11-27", "today"},
                     {"today, March twentieth twenty twenty six, adjuster", "2026-03-20",
                      "today, March twentieth twenty twenty six"}},
                    field, make_ctx("2026-11-27"));
}

TEST_CASE("normalize date: a birth date said as three spoken numbers", "[normalize][date][spoken-numeric]") {
  const auto dob =
      make_field(FieldType::Date, "", std::nullopt, std::nullopt, {}, "", "date_of_birth", "Date of birth");
  // Read like 17/4/87: the locale decides the order unless one number cannot be a month.
  check_rows({{"seventeen, four, eighty-seven", "1987-04-17", ""},
              {"three four ninety two", "1992-04-03", ""},
              {"twelve, five, two thousand and one", "2001-05-12", ""}},
             dob, make_ctx("2026-03-20", "Australia/Sydney", "en-AU"));
  check_rows({{"three four ninety two", "1992-03-04", ""}, {"four seventeen nineteen eighty seven", "1987-04-17", ""}},
             dob, make_ctx("2026-03-20", "America/Chicago", "en-US"));
  // Any other date field reads three numbers as no date: they are more often counts or codes.
  check_rows({{"seventeen, four, eighty-seven", kNull, "invalid"}}, make_field(FieldType::Date),
             make_ctx("2026-03-20", "Australia/Sydney", "en-AU"));
}

TEST_CASE("normalize date: a month and year, or a year alone, on the day the guidelines name",
          "[normalize][date][guidelines]") {
  const auto since =
      make_field(FieldType::Date, "", std::nullopt, std::nullopt, {},
                 "A month and year alone is recorded as the 1st of that month; a year alone as 1 January.");
  check_rows({{"March twenty fourteen", "2014-03-01", ""},
              {"since March 2014", "2014-03-01", ""},
              {"twenty nineteen", "2019-01-01", ""},
              {"2009, so a good while", "2009-01-01", ""},
              {"March 3rd 2014", "2014-03-03", ""}},
             since, make_ctx("2026-05-04"));
  // A year that counts the word after it is no date; a two-digit year alone is none either.
  check_rows({{"twenty nineteen customers", kNull, "invalid"}, {"nineteen", kNull, "invalid"}}, since,
             make_ctx("2026-05-04"));
  // Without such guidelines a year alone is no date.
  check_rows({{"twenty nineteen", kNull, "invalid"}}, make_field(FieldType::Date), make_ctx("2026-05-04"));
}
