#include "test_normalize_support.hpp"

using invox::FieldType;
using invox::Json;
using namespace invox::test;

TEST_CASE("normalize time: written and spoken forms", "[normalize][time]") {
  const auto field = make_field(FieldType::Time);
  check_rows({{"14:30", "14:30", ""},
              {"9:05", "09:05", ""},
              {"2:30 pm", "14:30", ""},
              {"2:30 PM", "14:30", ""},
              {"2:30 p.m.", "14:30", ""},
              {"5:45 p.m.", "17:45", ""},
              {"7:15 a.m.", "07:15", ""},
              {"2pm", "14:00", ""},
              {"2 PM", "14:00", ""},
              {"11am", "11:00", ""},
              {"12 am", "00:00", ""},
              {"12 pm", "12:00", ""},
              {"12:30 am", "00:30", ""},
              {"2.30pm", "14:30", ""},
              {"half past two in the afternoon", "14:30", ""},
              {"half past two", "02:30", ""},
              {"quarter to nine", "08:45", ""},
              {"a quarter to nine in the evening", "20:45", ""},
              {"quarter past seven in the evening", "19:15", ""},
              {"quarter to one in the afternoon", "12:45", ""},
              {"twenty past three", "03:20", ""},
              {"one-fifteen in the afternoon", "13:15", ""},
              {"eight-oh-five", "08:05", ""},
              {"ten to four in the afternoon", "15:50", ""},
              {"five minutes past six", "06:05", ""},
              {"noon", "12:00", ""},
              {"midday", "12:00", ""},
              {"twelve noon", "12:00", ""},
              {"midnight", "00:00", ""},
              {"sixteen hundred hours", "16:00", ""},
              {"twenty two hundred", "22:00", ""},
              {"oh nine hundred", "09:00", ""},
              {"2200 hours", "22:00", ""},
              {"19h30", "19:30", ""},
              {"7h05", "07:05", ""},
              {"1600h", "16:00", ""},
              {"0930 hrs", "09:30", ""},
              {"half twelve", "12:30", ""},
              {"half two", "02:30", ""},
              {"ten fifteen in the morning", "10:15", ""},
              {"seven thirty pm", "19:30", ""},
              {"nine forty five", "09:45", ""},
              {"six oh five", "06:05", ""},
              {"eight o'clock", "08:00", ""},
              {"eleven at night", "23:00", ""},
              {"two a m", "02:00", ""},
              {"four p m", "16:00", ""},
              {"twenty three fifty nine", "23:59", ""},
              {"at 13:05", "13:05", ""},
              {"just after one, call it 13:05", "13:05", ""},
              {"bed 12 at 2:30 pm", "14:30", ""},
              {"24:00", "00:00", ""}},
             field, make_ctx());
}

TEST_CASE("normalize time: rejections", "[normalize][time][reject]") {
  const auto field = make_field(FieldType::Time);
  check_rows({{"25:00", Json(nullptr), "invalid"},
              {"14:30 am", Json(nullptr), "invalid"},
              {"13:75", Json(nullptr), "invalid"},
              {"soon", Json(nullptr), "invalid"},
              {Json(1430), Json(nullptr), "invalid"},
              {Json::array({"14:30", "15:00"}), Json(nullptr), "ambiguous"},
              {"", Json(nullptr), ""}},
             field, make_ctx());
}

TEST_CASE("parse_value_prefix: times", "[normalize][time][prefix]") {
  const auto field = make_field(FieldType::Time);
  check_prefix_rows({{"half past two in the afternoon, at loading dock B", "14:30", "half past two in the afternoon"},
                     {"at about ten fifteen in the morning temperature", "10:15", "at about ten fifteen in the morning"},
                     {"2200 hours obs", "22:00", "2200 hours"},
                     {"5:45 p.m. near the", "17:45", "5:45 p.m."},
                     {"quarter to nine and", "08:45", "quarter to nine"},
                     {"half twelve I'm sure", "12:30", "half twelve"},
                     {"temperature normal", Json(nullptr), ""}},
                    field, make_ctx());
}
