// The engine against the reference model: RapidCheck properties from arbitrary positions, a
// stateful test (rc::state) with the engine as the system under test and the model as its
// model, the perft regression figures. (The independence of the two code bases: include_rules_test.cpp.)
#include <filesystem>
#include <fstream>
// GCC 12 warns of maybe-uninitialized std::function members inside <regex> under the
// sanitizers (a false positive in the library header, as tests/harness/annotate/annotate_test.cpp notes).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <regex>
#pragma GCC diagnostic pop
#include <sstream>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>
#include <rapidcheck/state.h>

#include "engine/engine.h"
#include "engine/sides.h"
#include "harness/games/perft_count.h"
#include "harness/verify/differential.h"
#include "harness/verify/exhaustive.h"
#include "io/record.h"
#include "model/model.h"
#include "tests/support/generators.h"
#include "tests/support/moves.h"

namespace hoyito {
namespace {

using testing::gen_position;
using testing::gen_reachable;
using testing::gen_rules;

// The distinct-position counter of lockstep (harness/base/distinct_counter.h): n distinct hashes,
// each added three times, are estimated within four standard errors (1.6 % each) of n, exactly
// known here because the values are made distinct by construction (SplitMix64 of 0..n-1 is a
// bijection of 64-bit words).
TEST(DistinctCounter, EstimatesDistinctHashesWithinItsStatedError) {
  for (long n : {0L, 1L, 100L, 5000L, 200000L}) {
    DistinctCounter counter, half_a, half_b;
    for (int repeat = 0; repeat < 3; ++repeat)
      for (long i = 0; i < n; ++i) {
        SplitMix64 mix{static_cast<std::uint64_t>(i)};
        const std::uint64_t hash = mix.next();
        counter.add(hash);
        (i % 2 == 0 ? half_a : half_b).add(hash);
      }
    half_a.merge(half_b);
    const double tolerance = 4 * DistinctCounter::kRelativeError * static_cast<double>(n) + 1;
    EXPECT_NEAR(static_cast<double>(counter.estimate()), static_cast<double>(n), tolerance) << n;
    EXPECT_EQ(half_a.estimate(), counter.estimate()) << "merging two halves gives the sketch of the whole";
  }
}

// A move the model refuses is refused by every engine path alike: compare_moves (which drives
// legal_mask/play_fast, the sampler, unasked play and the is_legal probe) finds no difference
// for an empty hole, an opponent's hole or a pass when a move is possible.
// Q-LIMIT in lockstep: under lap_limit 1, from the start of Hoyito II 2x6, every first move is
// undecided (by hand: a's 4 seeds end in e, which then holds 5: a relay, SOW-5, so a second lap
// end is needed; b, c, d, e and f alike), so the legal moves cannot be listed (SOW-6 illegal asks
// each move) and the game stops at ply 1, model and engine agreeing, and says so. Under the
// default lap_limit a game says nothing of it.
TEST(Lockstep, AGameStoppedByAnUndecidedMoveSaysWhere) {
  Rules rules;
  rules.options.lap_limit = 1;
  SplitMix64 rng{3};
  const LockstepGame stopped = lockstep_game(rules, engine::opening_position(rules), rng, nullptr);
  EXPECT_FALSE(stopped.disagreement.has_value());
  EXPECT_EQ(stopped.plies, 0);
  EXPECT_EQ(stopped.undecided_ply, 1);
  const LockstepGame whole = lockstep_game(Rules{}, engine::opening_position(Rules{}), rng, nullptr);
  EXPECT_FALSE(whole.disagreement.has_value());
  EXPECT_GT(whole.plies, 0);
  EXPECT_EQ(whole.undecided_ply, 0);
}

TEST(ComparePaths, IllegalMovesRefusedAlikeOnEveryPath) {
  Rules rules;
  const Position start = engine::opening_position(rules);  // South to move, 4 seeds a hole
  for (Move move : {Move::at(6), Move::at(11), Move::pass()})
    EXPECT_FALSE(compare_moves(rules, start, {move}).has_value()) << move;
}

// Any position, any legal move: the same events, position and result.
RC_GTEST_PROP(Differential, AnyLegalMoveFromArbitraryPositions, ()) {
  const Rules rules = gen_rules();
  const Position p = gen_position(rules);
  model::Game game(rules, p);
  const auto legal = game.legal_moves();
  const hoyito::Move move = *rc::gen::elementOf(legal);
  const auto d = compare_moves(rules, p, {move});
  RC_ASSERT_FALSE(d.has_value());
}

// Every move, the endless ones included (G6 void), from arbitrary positions.
RC_GTEST_PROP(Differential, EveryMoveFromArbitraryPositionsUnderVoid, ()) {
  Rules rules = gen_rules();
  rules.options.endless_sowing = EndlessSowing::void_game;
  const Position p = gen_position(rules);
  for (Move move : model::Game(rules, p).legal_moves()) RC_ASSERT_FALSE(compare_moves(rules, p, {move}).has_value());
}

// Every move under a small lap limit (Q-LIMIT): both decide it, or both refuse it as undecided.
RC_GTEST_PROP(Differential, EveryMoveUnderSmallLapLimits, ()) {
  Rules rules = gen_rules();
  rules.options.endless_sowing = EndlessSowing::void_game;
  rules.options.lap_limit = *rc::gen::inRange(1, 65);
  const Position p = gen_position(rules);
  for (Move move : model::Game(rules, p).legal_moves()) RC_ASSERT_FALSE(compare_moves(rules, p, {move}).has_value());
}

// Random continuations of up to 30 plies from reachable positions.
RC_GTEST_PROP(Differential, RandomContinuationsFromReachablePositions, ()) {
  Rules rules = gen_rules();
  rules.options.ply_limit = *rc::gen::inRange(20, 200);
  const Position p = gen_reachable<model::Game>(rules, engine::opening_position(rules), 40);
  SplitMix64 rng{*rc::gen::arbitrary<std::uint64_t>()};
  std::vector<Move> moves;
  model::Game game(rules, p);
  for (int i = 0; i < 30 && game.status() == Status::playing; ++i) {
    const auto legal = game.legal_moves();
    moves.push_back(legal[rng.below(legal.size())]);
    game.play(moves.back());
  }
  RC_ASSERT_FALSE(compare_moves(rules, p, moves).has_value());
}

// ---------------------------------------------------------------------------------------------
// Stateful: commands change the game; after each, the engine (system under test) must show
// what the model shows. Failures shrink to a short command list; the printed seed reproduces.

struct ModelState {
  model::Game game;
};
struct EngineUnderTest {
  engine::Game game;
};
using Command = rc::state::Command<ModelState, EngineUnderTest>;

void assert_same_state(const model::Game& m, const engine::Game& e) {
  RC_ASSERT(m.position() == e.position());
  RC_ASSERT(m.status() == e.status());
  RC_ASSERT(m.result() == e.result());
  RC_ASSERT(m.legal_moves() == e.legal_moves());
}

struct PlayLegalMove : Command {
  Move hole;
  explicit PlayLegalMove(const ModelState& s) {
    const auto legal = s.game.legal_moves();
    if (legal.empty() || legal.front().is_pass()) RC_DISCARD("no move to play");
    hole = legal[*rc::gen::inRange<size_t>(0, legal.size())];
  }
  void apply(ModelState& s) const override { s.game.play(hole); }
  void run(const ModelState& s, EngineUnderTest& sut) const override {
    model::Game m = s.game;
    const Ply expected = m.play(hole);
    RC_ASSERT(sut.game.play(hole) == expected);
    assert_same_state(m, sut.game);
  }
  void show(std::ostream& os) const override { os << "play hole " << hole; }
};

struct PlayForcedPass : Command {
  explicit PlayForcedPass(const ModelState& s) {
    if (s.game.legal_moves() != std::vector<hoyito::Move>{hoyito::Move::pass()}) RC_DISCARD("no forced pass here");
  }
  void apply(ModelState& s) const override { s.game.play(hoyito::Move::pass()); }
  void run(const ModelState& s, EngineUnderTest& sut) const override {
    model::Game m = s.game;
    const Ply expected = m.play(hoyito::Move::pass());
    RC_ASSERT(sut.game.play(hoyito::Move::pass()) == expected);
    assert_same_state(m, sut.game);
  }
  void show(std::ostream& os) const override { os << "pass"; }
};

struct TryIllegalMove : Command {
  Move hole;
  explicit TryIllegalMove(const ModelState& s) {
    const auto legal = s.game.legal_moves();
    const int index = *rc::gen::inRange(-1, s.game.rules().holes());  // -1: the pass
    hole = index < 0 ? Move::pass() : Move::at(index);
    if (std::find(legal.begin(), legal.end(), hole) != legal.end()) RC_DISCARD("that ply is legal");
  }
  void run(const ModelState& s, EngineUnderTest& sut) const override {
    bool refused = false;
    try {
      sut.game.play(hole);
    } catch (const InputError&) {
      refused = true;
    }
    RC_ASSERT(refused);
    assert_same_state(s.game, sut.game);
  }
  void show(std::ostream& os) const override { os << "illegal ply " << hole; }
};

struct NewGame : Command {
  Rules rules;
  Position start;
  explicit NewGame(const ModelState&) {
    rules = gen_rules();
    rules.options.ply_limit = *rc::gen::inRange(5, 400);
    start = *rc::gen::arbitrary<bool>() ? engine::opening_position(rules) : gen_position(rules);
  }
  void apply(ModelState& s) const override { s.game = model::Game(rules, start); }
  void run(const ModelState& s, EngineUnderTest& sut) const override {
    ModelState next = s;
    apply(next);
    sut.game = engine::Game(rules, start);
    assert_same_state(next.game, sut.game);
  }
  void show(std::ostream& os) const override {
    os << "new game " << variant_name(rules.variant) << " 2x" << rules.holes_per_row << " "
       << boost::json::serialize(to_json(start));
  }
};

// Hoyito III: the next game of a match, with its round and the previous game's result.
struct SetRound : Command {
  Rules rules;
  explicit SetRound(const ModelState& s) {
    rules = s.game.rules();
    rules.variant = Variant::hoyito3;
    rules.round = *rc::gen::inRange(1, 6);
    rules.previous_winner =
        rules.round == 1 ? Winner::none : *rc::gen::element(Winner::south, Winner::north, Winner::draw);
  }
  void apply(ModelState& s) const override { s.game = model::Game(rules, s.game.position()); }
  void run(const ModelState& s, EngineUnderTest& sut) const override {
    ModelState next = s;
    apply(next);
    sut.game = engine::Game(rules, s.game.position());
    assert_same_state(next.game, sut.game);
  }
  void show(std::ostream& os) const override {
    os << "hoyito3 round " << rules.round << " after " << winner_name(rules.previous_winner);
  }
};

RC_GTEST_PROP(Differential, StatefulEngineFollowsModel, ()) {
  Rules rules;
  rules.options.ply_limit = 300;
  const ModelState initial{model::Game(rules, engine::opening_position(rules))};
  EngineUnderTest sut{engine::Game(rules, engine::opening_position(rules))};
  rc::state::check(
      initial, sut,
      rc::state::gen::execOneOfWithArgs<PlayLegalMove, PlayForcedPass, TryIllegalMove, NewGame, SetRound>());
}

// ---------------------------------------------------------------------------------------------
// Perft regression figures. Model and engine were written apart and agree on every one of these
// (hoyito perft --impl both; hoyito verify --full checks all depths on both): a change to either
// that moves a number is a change of rules behaviour.

struct PerftFigure {
  Variant variant;
  int holes_per_row;
  std::vector<std::uint64_t> counts;  // depth 1, 2, ...
};

const PerftFigure kPerft[] = {
    {Variant::hoyito1, 6, {6, 32, 140, 638, 3029, 13793, 58653, 243481}},
    {Variant::hoyito2, 6, {6, 32, 158, 819, 4044, 19922, 97366, 472253}},
    {Variant::hoyito3, 6, {6, 32, 158, 820, 4056, 20065, 98529, 480600}},
    {Variant::hoyito1, 12, {12, 116, 1223, 12429, 121705}},
    {Variant::hoyito2, 12, {12, 116, 1214, 12535, 127461}},
    {Variant::hoyito3, 12, {12, 116, 1214, 12535, 127483}},
};

Rules rules_of(const PerftFigure& f) {
  Rules r;
  r.variant = f.variant;
  r.holes_per_row = f.holes_per_row;
  return r;
}

TEST(Perft, EngineMatchesRegressionFigures) {
  for (const auto& f : kPerft) {
    const engine::Game game(rules_of(f), engine::opening_position(rules_of(f)));
    for (size_t d = 0; d < f.counts.size(); ++d)
      EXPECT_EQ(perft(game, static_cast<int>(d + 1)), f.counts[d])
          << variant_name(f.variant) << " 2x" << f.holes_per_row << " depth " << d + 1;
  }
}

TEST(Perft, ModelMatchesRegressionFigures) {
  // The model is slow: up to depth 7 on 2x6 and 4 on 2x12 here; verify --full goes to 8 and 5.
  for (const auto& f : kPerft) {
    const model::Game game(rules_of(f), engine::opening_position(rules_of(f)));
    const size_t depth = std::min(f.counts.size(), f.holes_per_row == 6 ? size_t{7} : size_t{4});
    for (size_t d = 0; d < depth; ++d)
      EXPECT_EQ(perft(game, static_cast<int>(d + 1)), f.counts[d])
          << variant_name(f.variant) << " 2x" << f.holes_per_row << " depth " << d + 1;
  }
}

TEST(Perft, DivideAddsUpAndMatchesBetweenImplementations) {
  Rules rules;
  rules.variant = Variant::hoyito2;
  const auto m = perft_divide(model::Game(rules, engine::opening_position(rules)), 5);
  const auto e = perft_divide(engine::Game(rules, engine::opening_position(rules)), 5);
  EXPECT_EQ(m, e);
  std::uint64_t sum = 0;
  for (const auto& [ply, count] : m) sum += count;
  EXPECT_EQ(sum, 4044u);
}

// Core declares no rule helper (who owns a hole, BRD-4; the other player, TURN-1; the start
// position and the seed total, BRD-3; the winner by captures, END-2; a match's standing and
// rounds, MATCH-1..3): the model and the engine each have their own (model/model.h,
// engine/sides.h, engine/match.h), so that a slip in one copy is a disagreement, not a shared
// error, and the harness calls one of those. Fails if a core header or source declares or
// defines a function of such a name again. Comments aside.
TEST(Independence, CoreDefinesNoRuleHelper) {
  const std::regex helper(
      R"((^|[^\w:.])(start_position|opening_position|owner|hole_owner|opponent|opponent_of|total_seeds|seed_total|)"
      R"(winner_by_captures|winner_by_lead|match_standing|rules_for_round|next_starter)\s*\()");
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(HOYITO_SOURCE_DIR) + "/core")) {
    std::ifstream in(entry.path());
    int number = 0;
    for (std::string line; std::getline(in, line);) {
      ++number;
      const std::string code = line.substr(0, line.find("//"));
      EXPECT_FALSE(std::regex_search(code, helper))
          << "core/" << entry.path().filename().string() << ":" << number << ": " << line;
    }
    ++files;
  }
  EXPECT_GE(files, 6);
}

// The exhaustive check on boards of at most two seeds. Derived by hand: a board of 12 holes with at
// most two seeds is empty (1), one seed (12) or two (12 in one hole + C(12,2) = 66 in two): 91
// boards. Every such board has at most 8 seeds, so all 14 configurations apply (3 variants x G1
// on/off, and for Hoyito III round 3 the previous winner South, North or a draw, the draw under
// both G8 readings: 2 x 4 more), each with either side to move: 91 x 14 x 2 = 2548 positions.
// The counts must not depend on how the boards are dealt out to the workers.
TEST(Exhaustive, CountsEveryBoardConfigurationAndSideOnceOnAnyNumberOfThreads) {
  EXPECT_EQ(count_boards(12, 2), 91u);
  for (int threads : {1, 2, 3}) {
    const ExhaustiveCounts c = exhaustive_check(6, 2, threads, nullptr);
    EXPECT_EQ(c.boards, 91u) << threads;
    EXPECT_EQ(c.configurations, 14) << threads;
    EXPECT_EQ(c.positions, 2548u) << threads;
    EXPECT_EQ(c.disagreements, 0u) << threads;
  }
  EXPECT_EQ(exhaustive_check(6, 2, 1, nullptr).moves, exhaustive_check(6, 2, 2, nullptr).moves);
}

// play(hole, ply) (what hoyito exhaustive plays with) writes into a ply that held another move:
// it must give what play(hole) gives on a fresh copy, on the model and on the engine, for every
// move under endless_sowing = void (each move then sown once by the engine, with its events).
RC_GTEST_PROP(PlayInto, AReusedPlyHoldsWhatPlayReturns, ()) {
  Rules rules = gen_rules();
  rules.options.endless_sowing = EndlessSowing::void_game;
  const Position p = gen_position(rules);
  const model::Game model_game(rules, p);
  const engine::Game engine_game(rules, p);
  Ply model_ply, engine_ply;
  for (Move hole : model_game.legal_moves()) {
    model::Game m = model_game;
    engine::Game e = engine_game;
    m.play(hole, model_ply);
    e.play(hole, engine_ply);
    model::Game fresh = model_game;
    const Ply expected = fresh.play(hole);
    RC_ASSERT(model_ply == expected);
    RC_ASSERT(engine_ply == expected);
    RC_ASSERT(e.result() == fresh.result());
  }
}

// restart(start) is the game made anew from `start` under the same rules (hoyito exhaustive
// restarts its games for every position and move): after plies from another position (the game
// perhaps over, its END-3 table filled), the game restarted plays on exactly as one made from
// `start`: every ply, its events and position after, and the result.
template <typename G>
void play_on_alike(G& restarted, G& fresh, const std::vector<std::size_t>& picks) {
  RC_ASSERT(restarted.position() == fresh.position());
  RC_ASSERT(restarted.result() == fresh.result());
  RC_ASSERT(restarted.plies_played() == 0);
  for (const std::size_t pick : picks) {
    const std::vector<hoyito::Move> legal = fresh.legal_moves();
    RC_ASSERT(restarted.legal_moves() == legal);
    if (legal.empty()) return;
    const hoyito::Move ply = legal[pick % legal.size()];
    RC_ASSERT(restarted.play(ply) == fresh.play(ply));
    RC_ASSERT(restarted.result() == fresh.result());
    RC_ASSERT(restarted.plies_played() == fresh.plies_played());
  }
}

RC_GTEST_PROP(Restart, ARestartedGamePlaysAsAGameMadeAnew, ()) {
  Rules rules = gen_rules();
  rules.options.ply_limit = *rc::gen::inRange(1, 40);  // so that some games end by END-3 first
  const Position before = gen_position(rules);
  const auto picks_before = *rc::gen::container<std::vector<std::size_t>>(rc::gen::inRange<std::size_t>(0, 12));
  // Half the time the same game again: its positions come again, so a stale END-3 table would show.
  const bool again = *rc::gen::arbitrary<bool>();
  const Position start = again ? before : gen_position(rules);
  const auto picks_after =
      again ? picks_before : *rc::gen::container<std::vector<std::size_t>>(rc::gen::inRange<std::size_t>(0, 12));
  model::Game model_game(rules, before);
  engine::Game engine_game(rules, before);
  // The same game twice over when `again`: each of its positions has then come twice before the
  // restarted game's plies, so one occurrence left over would make a third repetition (END-3).
  for (int round = 0; round < (again ? 2 : 1); ++round) {
    for (const std::size_t pick : picks_before) {
      const std::vector<hoyito::Move> legal = model_game.legal_moves();
      if (legal.empty()) break;
      model_game.play(legal[pick % legal.size()]);
      engine_game.play(legal[pick % legal.size()]);
    }
    model_game.restart(start);
    engine_game.restart(start, engine::Game::Validated{});
  }
  model::Game fresh_model(rules, start);
  engine::Game fresh_engine(rules, start);
  play_on_alike(model_game, fresh_model, picks_after);
  play_on_alike(engine_game, fresh_engine, picks_after);
}

// The engine sows a move it has not tried once, telling it as it goes; a sowing still going at
// lap 64 is decided untold first (engine/sow.cpp kLapsToldUndecided). Sampled 2x6 positions,
// every seed on the board, until both kinds of such moves have come up under void: one that ends
// after lap 64 (told on to its end) and an endless one whose first repeat is after lap 64 (its
// events dropped: only endless_sowing and game_end). Each is compared with the model in full.
// Hoyito I too: its en passant captures (CAP-I-1) are made during the move, so the untold verdict
// must start from the captures before it.
TEST(PlayInto, MovesLongerThanSixtyFourLapsAreToldAsTheModelTellsThem) {
  for (const Variant variant : {Variant::hoyito2, Variant::hoyito1}) {
    Rules rules;
    rules.variant = variant;
    rules.options.endless_sowing = EndlessSowing::void_game;
    SplitMix64 rng{7};
    bool long_ending = false, long_endless = false;
    for (int tries = 0; tries < 200000 && !(long_ending && long_endless); ++tries) {
      Position p;
      p.board.assign(12, 0);
      // Hoyito II: every seed on the board. Hoyito I: fewer (the rest captured), since with all 48
      // its en passant captures end nearly every move early.
      const int total = engine::seed_total(rules);
      const int on_board =
          variant == Variant::hoyito2 ? total : 8 + static_cast<int>(rng.below(static_cast<std::uint64_t>(total - 7)));
      for (int seed = 0; seed < on_board; ++seed) p.board[rng.below(12)] += 1;
      p.captured = {(total - on_board) - (total - on_board) / 2, (total - on_board) / 2};
      p.to_move = static_cast<Player>(rng.below(2));
      const int first = 6 * static_cast<int>(index(p.to_move));
      for (int hole = first; hole < first + 6; ++hole) {
        if (p.board[static_cast<size_t>(hole)] == 0) continue;
        const model::MoveOutcome outcome = model::sow_move(rules, p, hole);
        if (outcome.laps <= 64) continue;
        long_ending |= !outcome.endless;
        long_endless |= outcome.endless;
        const auto d = compare_moves(rules, p, {Move::at(hole)});
        ASSERT_FALSE(d.has_value()) << variant_name(variant) << ": " << d->field;
        if (outcome.endless) {
          EXPECT_EQ(engine::Game(rules, p).play(Move::at(hole)).events.size(), 2u) << variant_name(variant);
        }
      }
    }
    // Hoyito I moves that end after lap 64 did not come up in these tries (its captures end
    // moves early); its endless ones do.
    if (variant == Variant::hoyito2) {
      EXPECT_TRUE(long_ending);
    }
    EXPECT_TRUE(long_endless) << variant_name(variant);
  }
}

}  // namespace
}  // namespace hoyito
