// Q-LIMIT (specs/open-questions.md), issue 33 item 2: lap_limit is a 64-bit option, any whole
// number from 1 to 10^13, default 2 x 10^9. The bounds are the spec's, written here by hand.
#include <gtest/gtest.h>

#include <string>

#include "core/rules.h"

namespace hoyito {
namespace {

constexpr LapCount kTenToThe13 = 10'000'000'000'000;  // 10^13, the spec's largest value

std::string refusal(std::string_view value) {
  Rules rules;
  try {
    set_option(rules, "lap_limit", value);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(LapLimitOption, TheDefaultIsTwoBillion) {
  EXPECT_EQ(Rules{}.options.lap_limit, 2'000'000'000);
  EXPECT_EQ(option_value(Rules{}, "lap_limit"), "2000000000");
}

// Values past 2^31 and 2^32 are kept whole: 2^32 + 61 read as a 32-bit number would be 61.
TEST(LapLimitOption, AcceptsEveryWholeNumberUpToTenToThe13) {
  for (const LapCount n : {LapCount{1}, LapCount{2'147'483'648}, LapCount{4'294'967'357}, kTenToThe13}) {
    Rules rules;
    set_option(rules, "lap_limit", std::to_string(n));
    EXPECT_EQ(rules.options.lap_limit, n);
    EXPECT_EQ(option_value(rules, "lap_limit"), std::to_string(n));
    EXPECT_NO_THROW(validate(rules));
  }
}

// One line naming the option and the value, and the range (the CLI prints it, exit 2).
TEST(LapLimitOption, RefusesZeroTenToThe13PlusOneAndNonNumbers) {
  EXPECT_EQ(refusal("10000000000001"),
            "option lap_limit: '10000000000001' is not a whole number from 1 to 10000000000000");
  for (const char* bad : {"0", "-1", "99999999999999999999", "1e9", "", " 5", "5x"})
    EXPECT_NE(refusal(bad).find(std::string("'") + bad + "'"), std::string::npos) << bad;
}

TEST(LapLimitOption, ValidateRefusesAValueOutsideTheRange) {
  Rules rules;
  rules.options.lap_limit = kTenToThe13 + 1;
  EXPECT_THROW(validate(rules), InputError);
  rules.options.lap_limit = 0;
  EXPECT_THROW(validate(rules), InputError);
}

}  // namespace
}  // namespace hoyito
