// Random games of harness/games/play.h as records: a record survives its JSON line and replays,
// and a seed and game index give one game (moved from the model's properties: they play
// through harness/games, which a model test may not link).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "harness/games/play.h"
#include "io/record.h"
#include "tests/support/generators.h"

namespace hoyito {
namespace {

using testing::gen_rules;

RC_GTEST_PROP(RandomGames, RecordRoundTrip, ()) {
  Rules rules = gen_rules();
  rules.options.ply_limit = *rc::gen::inRange(1, 300);
  const GameRecord game = random_game(rules, *rc::gen::arbitrary<std::uint64_t>(), 0);
  const std::string text = to_json_line(game);
  const GameRecord back = game_from_json(parse_json(text, "text"), "text");
  RC_ASSERT(back == game);
  replay_record(back, "text");  // throws on any mismatch
}

RC_GTEST_PROP(RandomGames, SameSeedSameGames, ()) {
  Rules rules = gen_rules();
  rules.options.ply_limit = *rc::gen::inRange(1, 300);
  const auto seed = *rc::gen::arbitrary<std::uint64_t>();
  const auto index = *rc::gen::inRange<std::uint64_t>(0, 1000);
  RC_ASSERT(to_json_line(random_game(rules, seed, index)) == to_json_line(random_game(rules, seed, index)));
}

TEST(RandomGames, DifferentSeedsGiveDifferentGames) {
  Rules rules;
  EXPECT_NE(to_json_line(random_game(rules, 1, 0)), to_json_line(random_game(rules, 2, 0)));
  EXPECT_NE(to_json_line(random_game(rules, 1, 0)), to_json_line(random_game(rules, 1, 1)));
}

}  // namespace
}  // namespace hoyito
