// The Q-LIMIT boundary check (harness/verify/lap_limits.h) on a hand-derived position, and on sampled ones.
#include <algorithm>
#include <iostream>

#include <gtest/gtest.h>

#include "engine/engine.h"
#include "harness/verify/lap_limits.h"
#include "io/scenario.h"
#include "model/model.h"
#include "tests/support/moves.h"

namespace hoyito {
namespace {

// specs/scenarios/sx-endless-void.json: South's move a on this board is endless, the lap-end
// state of lap 61 being the first to repeat one (S61 = S1, derived lap by lap there); c, d and f
// each end in an empty hole at lap 1.
Rules endless_rules() {
  Rules r;
  r.variant = Variant::hoyito2;
  r.options.endless_sowing = EndlessSowing::void_game;
  return r;
}
const Position kEndlessStart{{2, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 1}, {16, 20}, Player::south};

TEST(LapLimits, ModelCountsTheLapOfTheFirstRepeat) {
  const model::MoveOutcome a = model::sow_move(endless_rules(), kEndlessStart, 0);
  EXPECT_TRUE(a.endless);
  EXPECT_EQ(a.laps, 61u);
  EXPECT_EQ(model::sow_move(endless_rules(), kEndlessStart, 2).laps, 1u);
}

TEST(LapLimits, EndlessMoveDecidedAtItsFirstRepeatRefusedOneLapEarlier) {
  Rules at = endless_rules();
  at.options.lap_limit = 61;
  EXPECT_TRUE(model::sow_move(at, kEndlessStart, 0).endless);
  engine::Game decided(at, kEndlessStart);
  EXPECT_EQ(decided.play(hoyito::Move::at(0)).events.front().kind, EventKind::endless_sowing);
  Rules before = at;
  before.options.lap_limit = 60;
  EXPECT_THROW(model::sow_move(before, kEndlessStart, 0), InputError);
  engine::Game refused(before, kEndlessStart);
  EXPECT_THROW(refused.play(hoyito::Move::at(0)), InputError);
  EXPECT_EQ(refused.status(), Status::playing);  // nothing was played
}

TEST(LapLimits, DecidedMoveIsPlayableBesideAnUndecidedOne) {
  // endless_sowing = illegal, lap_limit = 60: a is undecided, so the legal plies are unknown; c
  // ends at lap 1 (lift 2 from hole 2: hole 3 1->2, hole 4 0->1, empty: SOW-4) and is legal.
  Rules r = endless_rules();
  r.options.endless_sowing = EndlessSowing::illegal;
  r.options.lap_limit = 60;
  model::Game m(r, kEndlessStart);
  engine::Game e(r, kEndlessStart);
  EXPECT_THROW((void)m.legal_moves(), InputError);
  EXPECT_THROW((void)e.legal_moves(), InputError);
  EXPECT_THROW(m.play(hoyito::Move::at(0)), InputError);
  EXPECT_THROW(e.play(hoyito::Move::at(0)), InputError);
  const Ply model_ply = m.play(hoyito::Move::at(2));
  EXPECT_EQ(model_ply, e.play(hoyito::Move::at(2)));
  EXPECT_EQ(model_ply.after, (Position{{2, 0, 0, 2, 1, 2, 1, 0, 2, 1, 0, 1}, {16, 20}, Player::north}));
}

// The longest first repeat met in 1,000,000 random Hoyito II 2x6 games from the start
// (specs/open-questions.md, Q-LIMIT): move c, millions of laps. Model (Brent) and engine (its own
// method) must find the same lap L: both decide the move under lap_limit = L and refuse it
// under L - 1; under the default guard it is endless, far inside it.
TEST(LapLimits, LongestCycleMetInPlayIsDecidedAtTheSameLapByBoth) {
  const Position longest{{4, 1, 5, 3, 10, 1, 0, 4, 1, 0, 1, 18}, {0, 0}, Player::south};
  const model::MoveOutcome c = model::sow_move(endless_rules(), longest, 2);
  ASSERT_TRUE(c.endless);
  EXPECT_GT(c.laps, 1'000'000u);
  EXPECT_LT(c.laps * 100, static_cast<std::uint64_t>(kDefaultLapLimit));
  Rules at = endless_rules();
  at.options.lap_limit = static_cast<LapCount>(c.laps);
  engine::Game decided(at, longest);
  EXPECT_EQ(decided.play(hoyito::Move::at(2)).events.front().kind, EventKind::endless_sowing);
  Rules before = at;
  before.options.lap_limit = static_cast<LapCount>(c.laps) - 1;
  EXPECT_THROW(model::sow_move(before, longest, 2), UndecidedMove);
  engine::Game refused(before, longest);
  EXPECT_THROW(refused.play(hoyito::Move::at(2)), UndecidedMove);
}

TEST(LapLimits, CheckPutsEveryMoveOnItsBoundary) {
  LapLimitCounts counts;
  EXPECT_FALSE(check_lap_limits(endless_rules(), kEndlessStart, counts).has_value());
  EXPECT_EQ(counts.positions, 1);
  EXPECT_EQ(counts.moves, 4);  // a, c, d, f
  EXPECT_EQ(counts.endless, 1);
  EXPECT_EQ(counts.too_long, 0);
  EXPECT_EQ(counts.model_inconsistent, 0);
}

TEST(LapLimits, SmallCountPositionsAgreeAtTheirBoundaries) {
  LapLimitCounts counts;
  SplitMix64 rng{2026};
  for (Variant v : {Variant::hoyito1, Variant::hoyito2, Variant::hoyito3})
    for (int n : {6, 12}) {
      Rules rules;
      rules.variant = v;
      rules.holes_per_row = n;
      for (int i = 0; i < 300; ++i) {
        const Position p = small_counts_position(rules, 1 + i % 3, rng);
        validate(p, rules, "scattered");
        const auto d = check_lap_limits(rules, p, counts);
        ASSERT_FALSE(d.has_value()) << variant_name(v) << " 2x" << n << ": " << d->field;
      }
    }
  EXPECT_EQ(counts.model_inconsistent, 0);
  EXPECT_GT(counts.moves, 5000);
  std::cout << counts.positions << " positions, " << counts.moves << " moves, " << counts.endless << " endless, "
            << counts.too_long << " too long\n";
}

}  // namespace
}  // namespace hoyito

namespace hoyito {
namespace {

// A move refused for its own reason (here: an empty hole) is refused as not legal, even when the
// list of legal plies is unknown because another move is undecided.
TEST(LapLimits, IllegalMoveBesideAnUndecidedOneIsNotLegal) {
  Rules r = endless_rules();
  r.options.endless_sowing = EndlessSowing::illegal;
  r.options.lap_limit = 60;  // a is undecided
  for (bool engine_side : {false, true}) {
    try {
      if (engine_side)
        engine::Game(r, kEndlessStart).play(hoyito::Move::at(1));  // b is empty
      else
        model::Game(r, kEndlessStart).play(hoyito::Move::at(1));
      ADD_FAILURE() << "the empty hole b was played";
    } catch (const RefusedPly& e) {
      EXPECT_EQ(e.reason, Refusal::illegal) << e.what();
    }
  }
}

// A finished game refuses every further move (model and engine).
TEST(GameOver, MovesAfterTheEndAreRefused) {
  // Hoyito II: d (1 seed) makes hole e 3 -> 4 with the last seed of the lap: captured (CAP-II-1);
  // the chain looks at d, now empty, and stops; no seed is left, so the game ends (END-1).
  Rules r;
  const Position p{{0, 0, 0, 1, 3, 0, 0, 0, 0, 0, 0, 0}, {20, 24}, Player::south};
  model::Game m(r, p);
  engine::Game e(r, p);
  EXPECT_EQ(m.play(hoyito::Move::at(3)), e.play(hoyito::Move::at(3)));
  EXPECT_EQ(m.status(), Status::finished);
  EXPECT_EQ(m.result().captured, (std::array<int, 2>{24, 24}));
  for (hoyito::Move hole : {hoyito::Move::at(0), hoyito::Move::at(3), hoyito::Move::at(6), hoyito::Move::pass()}) {
    EXPECT_THROW(m.play(hole), InputError);
    EXPECT_THROW(e.play(hole), InputError);
  }
}

}  // namespace
}  // namespace hoyito

namespace hoyito {
namespace {

// Hoyito II 2x6 (G2 both, no skip): the search's detector moves (harness/verify/lap_limits.h),
// seeded. The model qualifies them; nothing here is a program's output pasted as a value.
std::vector<DetectorMove> hoyito2_detector_moves() {
  Rules rules;
  rules.variant = Variant::hoyito2;
  return find_detector_moves(rules, 2026, 48, 400000);
}

TEST(DetectorMoves, SearchFindsMovesWhoseCycleHoldsALapOf2NSeeds) {
  const std::vector<DetectorMove> moves = hoyito2_detector_moves();
  ASSERT_EQ(moves.size(), 48u);
  Rules rules;
  for (const DetectorMove& m : moves) {
    const std::vector<int> seeds = model::lap_seeds(rules, m.position, m.hole, m.repeat_lap);
    ASSERT_EQ(seeds.size(), m.repeat_lap);  // still relaying at lap L (SOW-5): no landing before
    EXPECT_LT(m.repeated_lap, m.repeat_lap);
    EXPECT_GE(*std::max_element(seeds.begin() + static_cast<long>(m.repeated_lap), seeds.end()), 12);
  }
}

// Hand-derived (SOW-2, SOW-5, SOW-6): Hoyito II 2x6, 7 seeds a hole (84), South lifts a with 13 on
// the board B = [13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1] (79 seeds, 5 captured). A lap of 13 seeds
// from hole o gives one seed to each of the 12 holes (o included, emptied by the lift) and a
// 13th to o+1. From B, o = 0: [1, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2], the last seed in b, which
// now holds 13: neither 1 (SOW-4) nor 4 (CAP-II-1), so it relays (SOW-5). That board is B turned
// one hole on (hole h+1 holds what hole h held, 13 in b as it was in a), and the next lap lifts 13
// from b: so S_t, the lap-end state of lap t, is B turned t holes on with its landing at hole t,
// and every lap is one of 13 seeds (>= 2N = 12: the anchor moves at every lap, the cycle
// detectors decide). B's twelve holes hold twelve different counts, so its turns by 1..11 holes
// differ from it: S1 .. S12 are all different, and S13 (12 + 1 turns) = S1. So L = 13, M = 1.
const Position kTurningRing{{13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1}, {5, 0}, Player::south};
Rules seven_a_hole() {
  Rules r;
  r.seeds_per_hole = 7;
  return r;
}

TEST(DetectorMoves, TurningRingRepeatsAtLap13TheStateOfLap1) {
  const std::optional<DetectorMove> move = detector_move(seven_a_hole(), kTurningRing, 0);
  ASSERT_TRUE(move.has_value());
  EXPECT_EQ(move->repeat_lap, 13u);
  EXPECT_EQ(move->repeated_lap, 1u);
  EXPECT_EQ(model::lap_seeds(seven_a_hole(), kTurningRing, 0, 13), std::vector<int>(13, 13));
  DetectorCounts counts;
  const auto d = check_at_repeat_lap(seven_a_hole(), *move, counts);
  EXPECT_FALSE(d.has_value()) << d->field << ": " << d->model.error << " / " << d->engine.error;
  EXPECT_EQ(counts.model_inconsistent, 0);
  // The engine's own refusal names the same laps.
  Rules at = seven_a_hole();
  at.options.lap_limit = 13;
  EXPECT_EQ(engine_plays(at, kTurningRing, Move::at(0)).error, endless_refusal("a", Player::south, 13, 1));
  at.options.lap_limit = 12;
  EXPECT_EQ(engine_plays(at, kTurningRing, Move::at(0)).refusal, Refusal::undecided);
}

TEST(DetectorMoves, ModelAndEngineAgreeAtTheRepeatLapAndOneBelow) {
  Rules rules;
  DetectorCounts counts;
  for (const DetectorMove& m : hoyito2_detector_moves()) {
    const auto d = check_at_repeat_lap(rules, m, counts);
    ASSERT_FALSE(d.has_value()) << d->field << " at " << d->rules.options.lap_limit << " (L " << m.repeat_lap << ", G6 "
                                << (d->rules.options.endless_sowing == EndlessSowing::illegal) << "): model "
                                << d->model.error << " / engine " << d->engine.error;
  }
  EXPECT_EQ(counts.moves, 48);
  EXPECT_EQ(counts.model_inconsistent, 0);
}

// A deliberately wrong engine: its detector gives up one lap early (it decides as the engine
// decides under lap_limit - 1). At lap_limit = L it refuses the move as undecided where the model
// refuses it as endless: the check must say so, at L, for every move.
TEST(DetectorMoves, CheckSeesAnEngineGivingUpOneLapEarly) {
  const PlayOnce early = [](Rules r, const Position& p, Move m) {
    r.options.lap_limit -= 1;
    return engine_plays(r, p, m);
  };
  for (const DetectorMove& m : hoyito2_detector_moves()) {
    DetectorCounts counts;
    const auto d = check_at_repeat_lap(Rules{}, m, counts, early);
    ASSERT_TRUE(d.has_value());
    EXPECT_EQ(d->field, "refusal");
    EXPECT_EQ(static_cast<std::uint64_t>(d->rules.options.lap_limit), m.repeat_lap);
  }
}

// A deliberately wrong engine that refuses the move for the right reason but names a cycle twice
// as long (lap M + 2 (L - M) for L): only the repeat laps differ, and the check must see them.
TEST(DetectorMoves, CheckSeesACycleLengthOffByAFactor) {
  for (const DetectorMove& m : hoyito2_detector_moves()) {
    const PlayOnce doubled = [&](const Rules& r, const Position& p, Move move) {
      Side s = engine_plays(r, p, move);
      if (s.refusal == Refusal::endless)
        s.error = endless_refusal(move_text(move, 6), p.to_move, 2 * m.repeat_lap - m.repeated_lap, m.repeated_lap);
      return s;
    };
    DetectorCounts counts;
    const auto d = check_at_repeat_lap(Rules{}, m, counts, doubled);
    ASSERT_TRUE(d.has_value());
    EXPECT_EQ(d->field, "repeat laps");
  }
}

}  // namespace
}  // namespace hoyito
