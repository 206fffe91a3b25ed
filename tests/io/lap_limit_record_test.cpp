// Q-LIMIT, issue 33 item 2: a record's lap_limit is a JSON whole number up to 10^13, written and
// read back exactly (not as a double, not cut to 32 bits); one more is refused naming the field.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <string>

#include "io/record.h"

namespace hoyito {
namespace {

Rules with_limit(LapCount limit) {
  Rules rules;
  rules.holes_per_row = 12;
  rules.options.lap_limit = limit;
  return rules;
}

TEST(LapLimitRecord, TenToThe13RoundTripsExactly) {
  // 10^13 itself, and 2^32 + 61 (61 if cut to 32 bits).
  for (const LapCount limit : {LapCount{10'000'000'000'000}, LapCount{4'294'967'357}}) {
    const std::string text = boost::json::serialize(to_json(with_limit(limit)));
    EXPECT_NE(text.find("\"lap_limit\":" + std::to_string(limit)), std::string::npos) << text;
    const Rules back = rules_from_json(parse_json(text, "test"), "rules");
    EXPECT_EQ(back.options.lap_limit, limit);
    EXPECT_EQ(back, with_limit(limit));
  }
}

TEST(LapLimitRecord, OnePastTenToThe13IsRefusedNamingTheField) {
  const std::string text = R"({"variant":"hoyito2","holes_per_row":6,"options":{"lap_limit":10000000000001}})";
  try {
    (void)rules_from_json(parse_json(text, "test"), "rules");
    FAIL() << "10^13 + 1 was read";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "rules.options.lap_limit: 10000000000001 is out of range 1..10000000000000");
  }
}

}  // namespace
}  // namespace hoyito
