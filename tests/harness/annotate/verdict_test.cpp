// Results beside margins (issue 34; specs/endgame-tables.md, "Results"): the verdict of a table
// value with the captures so far, and the exact line's marks, on the spec's examples, each
// derived by hand there. Would fail: a verdict that ignores the captures (example 2: a win read
// as a loss), one that calls a straddling interval a draw (example 3), a "??" on a move that keeps
// the win (example 2), a "?" on a move whose interval reaches the best (example 3).
#include <gtest/gtest.h>

#include "harness/annotate/quality.h"
#include "harness/games/table_play.h"

namespace hoyito {
namespace {

// Example 1: captures 20 and 20 (lead 0), the position worth +8 (a casa at once): a win; the
// move worth +0 gives it up for a draw: "??".
TEST(Verdict, Example1AWinGivenUpForADraw) {
  EXPECT_EQ(verdict_of({8, 8}, 0), Verdict::win);   // 0 + 8 > 0
  EXPECT_EQ(verdict_of({0, 0}, 0), Verdict::draw);  // 0 + 0 = 0 at both ends
  EXPECT_EQ(exact_mark({8, 8}, {0, 0}, 0), "??");
  EXPECT_EQ(exact_mark({8, 8}, {8, 8}, 0), "");
}

// Example 2: South leads 28 to 12 (lead 16); the best move is worth +8, another -8. 16 - 8 = 8 >
// 0: South still wins, so no "??"; its hi -8 is below the best lo +8: 16 seeds lost for certain,
// "?".
TEST(Verdict, Example2AWinKeptWithFewerSeeds) {
  EXPECT_EQ(verdict_of({-8, -8}, 16), Verdict::win);
  EXPECT_EQ(exact_mark({8, 8}, {-8, -8}, 16), "?");
}

// Example 3: lead 0, the position worth +0 exactly (a draw), a move worth [-8, +0]: 0 - 8 < 0 <=
// 0 + 0, so the result depends on the repetition history; not a loss for certain, and its hi
// reaches the best lo: no mark.
TEST(Verdict, Example3AnIntervalThatStraddles) {
  EXPECT_EQ(verdict_of({-8, 0}, 0), Verdict::depends);
  EXPECT_EQ(exact_mark({0, 0}, {-8, 0}, 0), "");
  // The same interval 9 seeds behind (lead -9): -9 + 0 < 0, a loss whatever the history: "??".
  EXPECT_EQ(verdict_of({-8, 0}, -9), Verdict::loss);
  EXPECT_EQ(exact_mark({0, 0}, {-8, 0}, -9), "");    // the position is lost too (-9 + 0 < 0): nothing given up
  EXPECT_EQ(exact_mark({9, 9}, {-8, 0}, -9), "??");  // a draw (-9 + 9 = 0) given up for a loss
}

}  // namespace
}  // namespace hoyito
