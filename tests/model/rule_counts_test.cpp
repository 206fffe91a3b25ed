// Rule coverage counting (model/rule_counts.h), in its own test binary: the counts are global.
#include <gtest/gtest.h>

#include "model/model.h"
#include "model/rule_counts.h"
#include "tests/support/moves.h"

namespace hoyito {
namespace {

size_t at(RuleId id) { return static_cast<size_t>(id); }

TEST(RuleCounts, OnePlyCountsItsRulesAndResetClears) {
  model::reset_rule_counts();
  for (auto n : model::rule_counts()) EXPECT_EQ(n, 0u);
  // Hoyito II, South plays d (1 seed): hole e 3 -> 4 by the lap's last seed, captured
  // (CAP-II-1); nothing is left, so the game ends (END-1, END-II-1 awards nothing).
  model::Game game(Rules{}, Position{{0, 0, 0, 1, 3, 0, 0, 0, 0, 0, 0, 0}, {20, 24}, Player::south});
  game.play(hoyito::Move::at(3));
  const auto counts = model::rule_counts();
  EXPECT_EQ(counts[at(RuleId::SOW_1)], 1u);
  EXPECT_EQ(counts[at(RuleId::SOW_2)], 1u);
  EXPECT_EQ(counts[at(RuleId::CAP_II_1)], 1u);
  EXPECT_EQ(counts[at(RuleId::END_1)], 1u);
  EXPECT_EQ(counts[at(RuleId::TURN_1)], 1u);
  EXPECT_EQ(counts[at(RuleId::SOW_5)], 0u);  // no relay
  // Legality trials do not count: asking for the legal plies changes nothing (a new game does
  // count its board rules, BRD-*).
  model::Game fresh(Rules{}, model::opening_position(Rules{}));
  const auto before = model::rule_counts();
  (void)fresh.legal_moves();
  EXPECT_EQ(model::rule_counts(), before);
  model::reset_rule_counts();
  for (auto n : model::rule_counts()) EXPECT_EQ(n, 0u);
}

}  // namespace
}  // namespace hoyito
