// engine::Game::play_random, the random player of simulation: every ply it plays is legal, its
// game is the game play() gives for the same holes, and its choice is uniform over the legal
// plies (a chi-square test against legal_moves(), on positions with and without endless moves).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <vector>

#include "engine/engine.h"
#include "engine/sides.h"
#include "tests/support/moves.h"

namespace hoyito {
namespace {

// A small generator of the test's own (splitmix64), so that the test needs nothing of harness/.
struct TestRng {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  std::uint64_t below(std::uint64_t n) { return next() % n; }
};

Rules rules_of(Variant v, int n) {
  Rules r;
  r.variant = v;
  r.holes_per_row = n;
  return r;
}

// Chi-square statistic of `counts` (draws per legal ply) against a uniform distribution, and the
// upper 1e-6 tail of the chi-square distribution with k-1 degrees of freedom (Wilson-Hilferty),
// so that a fair sampler fails about once in a million runs of a different seed.
bool looks_uniform(const std::map<int, long>& counts, long draws, int legal_count) {
  if (static_cast<int>(counts.size()) != legal_count) return false;  // a legal ply never drawn
  const double expected = static_cast<double>(draws) / legal_count;
  double chi2 = 0;
  for (const auto& [hole, count] : counts) chi2 += (count - expected) * (count - expected) / expected;
  const double k = legal_count - 1;
  if (k == 0) return true;
  const double z = 4.753;  // standard normal quantile of 1 - 1e-6
  const double critical = k * std::pow(1 - 2 / (9 * k) + z * std::sqrt(2 / (9 * k)), 3);
  return chi2 < critical;
}

void expect_uniform_at(const Rules& rules, const Position& position, std::uint64_t seed) {
  const engine::Game reference(rules, position);
  const std::vector<hoyito::Move> legal = reference.legal_moves();
  ASSERT_FALSE(legal.empty());
  TestRng rng{seed};
  std::map<int, long> counts;
  const long draws = 20000;
  for (long i = 0; i < draws; ++i) {
    engine::Game game(rules, position);
    const hoyito::Move hole = game.play_random([&](std::uint64_t n) { return rng.below(n); });
    ASSERT_NE(std::find(legal.begin(), legal.end(), hole), legal.end()) << "drew a ply that is not legal: " << hole;
    counts[hole.index()] += 1;
  }
  EXPECT_TRUE(looks_uniform(counts, draws, static_cast<int>(legal.size())));
}

TEST(EngineSampler, UniformAtTheStart) {
  for (Variant v : {Variant::hoyito1, Variant::hoyito2, Variant::hoyito3})
    for (int n : {6, 12}) expect_uniform_at(rules_of(v, n), engine::opening_position(rules_of(v, n)), 7 + n);
}

// specs/scenarios/sx-endless-illegal.json: South's move a is endless, c d f are legal; the
// sampler must never play a and must draw c, d, f equally often.
TEST(EngineSampler, UniformBesideAnEndlessMove) {
  const Rules rules = rules_of(Variant::hoyito2, 6);
  Position p;
  p.board = {2, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 1};
  p.captured = {16, 20};
  p.to_move = Player::south;
  ASSERT_EQ(engine::Game(rules, p).legal_moves(), (hoyito::testing::holes({2, 3, 5})));
  expect_uniform_at(rules, p, 11);
}

// The same uniformity when the legal moves were asked for first (it then picks among them).
TEST(EngineSampler, UniformAfterTheLegalMovesWereAsked) {
  const Rules rules = rules_of(Variant::hoyito2, 6);
  const Position start = engine::opening_position(rules);
  TestRng rng{5};
  std::map<int, long> counts;
  for (long i = 0; i < 12000; ++i) {
    engine::Game game(rules, start);
    ASSERT_EQ(game.legal_mask(), std::uint64_t{0x3f});
    counts[game.play_random([&](std::uint64_t n) { return rng.below(n); }).index()] += 1;
  }
  EXPECT_TRUE(looks_uniform(counts, 12000, 6));
}

// Whole games: each ply the sampler plays was legal before it, and replaying the same plies
// with play() gives the same positions, status and result.
TEST(EngineSampler, GamesEqualTheirReplayThroughPlay) {
  for (Variant v : {Variant::hoyito1, Variant::hoyito2, Variant::hoyito3})
    for (int n : {6, 12})
      for (bool void_game : {false, true}) {
        Rules rules = rules_of(v, n);
        if (void_game) rules.options.endless_sowing = EndlessSowing::void_game;
        TestRng rng{static_cast<std::uint64_t>(n * 10 + static_cast<int>(v) + void_game * 100)};
        for (int g = 0; g < 20; ++g) {
          engine::Game sampled(rules, engine::opening_position(rules));
          engine::Game replayed(rules, engine::opening_position(rules));
          while (sampled.status() == Status::playing) {
            const std::vector<hoyito::Move> legal = replayed.legal_moves();
            const hoyito::Move hole = sampled.play_random([&](std::uint64_t k) { return rng.below(k); });
            ASSERT_NE(std::find(legal.begin(), legal.end(), hole), legal.end());
            replayed.play(hole);
            ASSERT_EQ(sampled.position(), replayed.position());
            ASSERT_EQ(sampled.status(), replayed.status());
          }
          EXPECT_EQ(sampled.result(), replayed.result());
          EXPECT_THROW(sampled.play_random([&](std::uint64_t k) { return rng.below(k); }), InputError);
        }
      }
}

}  // namespace
}  // namespace hoyito

namespace hoyito {
namespace {

// Board::occupied (word-wise, engine/board.h) against the hole-by-hole definition, on boards of
// every count 0..240 in every hole, for every range of holes.
TEST(EngineBoard, OccupiedIsTheNonEmptyHolesOfTheRange) {
  TestRng rng{3};
  for (int trial = 0; trial < 2000; ++trial) {
    engine::Board board;
    for (int h = 0; h < engine::kMaxHoles; ++h) board.set(h, rng.below(3) == 0 ? 0 : static_cast<int>(rng.below(241)));
    for (int first = 0; first < engine::kMaxHoles; ++first)
      for (int count = 0; first + count <= engine::kMaxHoles; ++count) {
        std::uint64_t expected = 0;
        for (int h = first; h < first + count; ++h) expected |= static_cast<std::uint64_t>(board[h] != 0) << h;
        ASSERT_EQ(board.occupied(first, count), expected) << "first " << first << " count " << count;
      }
    // occupied_row: the rows of both sizes (first 0 or N, N holes), against the same definition.
    for (int n : {6, 12})
      for (int first : {0, n}) {
        std::uint64_t expected = 0;
        for (int h = first; h < first + n; ++h) expected |= static_cast<std::uint64_t>(board[h] != 0) << h;
        ASSERT_EQ(board.occupied_row(first, n), expected) << "row from " << first << " of 2x" << n;
        const std::size_t row = first == 0 ? 0 : 1;  // South's row, North's
        ASSERT_EQ(n == 6 ? board.row_occupied<6>(row) : board.row_occupied<12>(row), expected >> first)
            << "row_occupied of 2x" << n << ", row " << row;
      }
  }
}

}  // namespace
}  // namespace hoyito
