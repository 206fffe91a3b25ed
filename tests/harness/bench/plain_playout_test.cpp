// harness/bench/plain_playout: the bench's plain baseline plays the very games of the engine's
// random player (engine::Game::play_random) from the same draws: the same plies in the same order,
// the same captures and ends, over hundreds of games of both boards. So `hoyito bench`'s
// sampler/plain ratio compares the same work. A rule the plain loop got wrong (a chain that does
// not go backward, an extra move after a capture that ended the game, an endless move not
// rejected) changes a game within a few hundred.
#include "harness/bench/plain_playout.h"

#include <gtest/gtest.h>

#include "engine/engine.h"

namespace hoyito {
namespace {

struct Played {
  long plies = 0;
  std::uint64_t ply_hash = 0xcbf29ce484222325ULL;
  std::array<int, 2> captured{0, 0};
  bool finished = false;
};

Played engine_game(int n, std::uint64_t seed) {
  Rules rules;
  rules.holes_per_row = n;
  SplitMix64 rng{seed};
  engine::Game game(rules, engine::opening_position(rules));
  Played p;
  while (game.status() == Status::playing) {
    const Move ply = game.play_random([&rng](std::uint64_t k) { return rng.below(k); });
    p.ply_hash = (p.ply_hash ^ static_cast<std::uint64_t>(ply.index() + 2)) * 0x100000001b3ULL;
    p.plies += 1;
  }
  p.captured = game.captured();
  p.finished = game.status() == Status::finished;
  return p;
}

void expect_same_games(int n, int games) {
  long endings = 0;
  for (int g = 0; g < games; ++g) {
    const std::uint64_t seed = game_seed(11, static_cast<std::uint64_t>(g));
    SplitMix64 rng{seed};
    const PlainGame plain = plain_random_game(n, rng);
    const Played engine = engine_game(n, seed);
    ASSERT_EQ(plain.plies, engine.plies) << "2x" << n << " game " << g;
    ASSERT_EQ(plain.ply_hash, engine.ply_hash) << "2x" << n << " game " << g;
    ASSERT_EQ(plain.captured[0], engine.captured[0]) << "2x" << n << " game " << g;
    ASSERT_EQ(plain.captured[1], engine.captured[1]) << "2x" << n << " game " << g;
    ASSERT_EQ(plain.finished, engine.finished) << "2x" << n << " game " << g;
    endings += plain.finished;
  }
  EXPECT_GT(endings, 0);  // games that reached END-1, not only the ply limit
}

TEST(PlainPlayout, PlaysTheEngineSamplersGamesOn2x6) { expect_same_games(6, 2000); }
TEST(PlainPlayout, PlaysTheEngineSamplersGamesOn2x12) { expect_same_games(12, 300); }

}  // namespace
}  // namespace hoyito
