// hoyito simulate: every statistic against values computed by hand from a small set of games
// whose every ply is derived below from specs/rules.md; intervals and tests against published
// values; the random player's uniformity; identical results at any thread count and shard split;
// merge; the JSON schema; the command's one-line errors.
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>

#include <fmt/format.h>
#include <boost/json.hpp>

#include "engine/engine.h"
#include "harness/games/players.h"
#include "harness/simulate/report.h"
#include "harness/simulate/simulate.h"
#include "harness/simulate/statistics.h"
#include "harness/simulate/summary.h"
#include "io/record.h"
#include "tests/support/moves.h"

using namespace hoyito;
namespace json = boost::json;

namespace {

Position position(std::vector<int> board, std::array<int, 2> captured, Player to_move = Player::south) {
  Position p;
  p.board = std::move(board);
  p.captured = captured;
  p.to_move = to_move;
  return p;
}

Rules hoyito2_with_ply_limit(int limit) {
  Rules r;
  r.options.ply_limit = limit;
  return r;
}

const PlayerSpec kRandom{PlayerSpec::Kind::random, 0};
const PlayerSpec kGreedy{PlayerSpec::Kind::greedy, 0};

Result play(const Rules& rules, const Position& start, Statistics& stats, const PlayerSpec& player = kRandom) {
  GameSetup setup{rules, start.to_move, {&player, &player}, 0, true, start};
  SplitMix64 rng{1};
  return play_counted_game(setup, rng, stats);
}

// The five hand-derived Hoyito II 2x6 games (holes a..f = 0..5, A..F = 6..11), South to move:
//
// G1 (ply_limit 6): a=1, A=1, captured 23-23. Each side has one seed, one legal move a ply:
//   a->b, A->B, b->c, B->C, c->d, C->D, each a lap of one seed into an empty hole (SOW-4). Six
//   forced plies, then the ply limit (END-3): unterminated, 2 seeds left. Opening a.
// G2 (default rules): f=1, A=3, E=1, captured 21-22. f sows its seed into A, which then holds 4:
//   captured (CAP-II-1, 4 seeds); the chain looks at f, now empty: none (CAP-II-2). One seed is
//   left (E): END-1, and the capturer takes it (END-II-1): 26-22, South wins, after 1 ply.
// G3 (ply_limit 3): f=1, A=3, E=5, captured 20-19. Ply 1 as in G2 (capture of 4, chain 0), 5
//   seeds stay: South moves again (CAP-II-3) with no seeds and passes (PASS-2, ply 2). Ply 3:
//   North's only hole E sows F, a, b, c, d, the last into the empty d (SOW-4). Ply limit:
//   unterminated with 5 seeds left. Every ply forced.
// G4 (ply_limit 2, greedy): e=2, f=3, A=3, D=5, captured 18-17. Two legal moves: e sows f (now
//   4) and A (now 4, the last seed): A is captured and the chain takes f (4) and stops at the
//   empty e: 8 seeds, chain length 1; f would sow A, B, C ending in the empty C, nothing
//   captured. Greedy plays e; D's 5 seeds stay, South moves again, has no seeds, passes
//   (PASS-2). Ply limit: unterminated, 5 seeds left. Opening e.
// G5 (ply_limit 1): f=2, B=1, captured 22-23. f sows A (now 1) and B (now 2, the last seed): a
//   relay (SOW-5) lifts B's 2 into C and D, the last into the empty D (SOW-4). Two laps, one
//   relay. Ply limit: unterminated, 3 seeds left.
Statistics hand_checked_games() {
  Statistics stats(hoyito2_with_ply_limit(6), 0);
  play(hoyito2_with_ply_limit(6), position({1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0}, {23, 23}), stats);
  play(Rules{}, position({0, 0, 0, 0, 0, 1, 3, 0, 0, 0, 1, 0}, {21, 22}), stats);
  play(hoyito2_with_ply_limit(3), position({0, 0, 0, 0, 0, 1, 3, 0, 0, 0, 5, 0}, {20, 19}), stats);
  play(hoyito2_with_ply_limit(2), position({0, 0, 0, 0, 2, 3, 3, 0, 0, 5, 0, 0}, {18, 17}), stats, kGreedy);
  play(hoyito2_with_ply_limit(1), position({0, 0, 0, 0, 0, 2, 0, 1, 0, 0, 0, 0}, {22, 23}), stats);
  return stats;
}

const json::object& at(const json::object& o, std::initializer_list<const char*> path) {
  const json::object* here = &o;
  for (const char* key : path) here = &here->at(key).as_object();
  return *here;
}
double num(const json::value& v) { return v.to_number<double>(); }

}  // namespace

// --- Each statistic on the hand-checked games -------------------------------------------------

TEST(SimulateStatistics, ResultsBySeatStarterAndPlayer) {
  const json::object s = hand_checked_games().to_json().at("summary").as_object();
  EXPECT_EQ(s.at("games").as_uint64(), 5u);
  // South won G2; G1, G3, G4, G5 hit the ply limit.
  const auto& results = at(s, {"results"});
  EXPECT_EQ(results.at("south").at("count").as_uint64(), 1u);
  EXPECT_EQ(results.at("north").at("count").as_uint64(), 0u);
  EXPECT_EQ(results.at("draw").at("count").as_uint64(), 0u);
  EXPECT_EQ(results.at("unterminated").at("count").as_uint64(), 4u);
  EXPECT_EQ(results.at("void").at("count").as_uint64(), 0u);
  // Wilson 1/5 by hand: centre (0.2 + z^2/10) / (1 + z^2/5) = 0.330345, half-width 0.294121.
  EXPECT_NEAR(num(results.at("south").at("rate")), 0.2, 1e-12);
  EXPECT_NEAR(num(results.at("south").at("low")), 0.036224, 1e-6);
  EXPECT_NEAR(num(results.at("south").at("high")), 0.624465, 1e-6);
  EXPECT_NEAR(num(results.at("unterminated").at("low")), 0.375535, 1e-6);
  EXPECT_NEAR(num(results.at("unterminated").at("high")), 0.963776, 1e-6);
  // One decisive game, South's: chi-square (1 - 0)^2 / 1 = 1, p = erfc(sqrt(1/2)) = 0.317311.
  EXPECT_EQ(at(s, {"by_seat"}).at("south").as_uint64(), 1u);
  EXPECT_NEAR(num(at(s, {"by_seat", "fairness"}).at("chi_square")), 1.0, 1e-12);
  EXPECT_NEAR(num(at(s, {"by_seat", "fairness"}).at("p_value")), 0.317311, 1e-6);
  // South moved first in every game: the starter won it; the first player (both seats) too.
  EXPECT_EQ(at(s, {"by_starter"}).at("starter").as_uint64(), 1u);
  EXPECT_EQ(at(s, {"by_starter"}).at("other").as_uint64(), 0u);
  EXPECT_EQ(at(s, {"by_player"}).at("first").as_uint64(), 1u);
}

TEST(SimulateStatistics, GameLength) {
  const json::object s = hand_checked_games().to_json().at("summary").as_object();
  // Plies 6, 1, 3, 2, 1: mean 13/5; squared deviations 11.56 + 2.56 + 0.16 + 0.36 + 2.56 = 17.2,
  // sd sqrt(17.2 / 4) = 2.073644; sorted 1 1 2 3 6: nearest ranks 2, 3, 4 give 1, 2, 3.
  const auto& length = at(s, {"length"});
  EXPECT_NEAR(num(length.at("mean")), 2.6, 1e-12);
  EXPECT_NEAR(num(length.at("stddev")), 2.073644, 1e-6);
  EXPECT_EQ(length.at("q1").as_uint64(), 1u);
  EXPECT_EQ(length.at("median").as_uint64(), 2u);
  EXPECT_EQ(length.at("q3").as_uint64(), 3u);
  EXPECT_EQ(length.at("max").as_uint64(), 6u);
}

TEST(SimulateStatistics, MovesPassesExtraMovesAndCaptures) {
  const json::object s = hand_checked_games().to_json().at("summary").as_object();
  const auto& per_game = at(s, {"per_game"});
  EXPECT_NEAR(num(per_game.at("moves")), 11.0 / 5, 1e-12);       // 6 + 1 + 2 + 1 + 1
  EXPECT_NEAR(num(per_game.at("passes")), 2.0 / 5, 1e-12);       // G3, G4 (PASS-2)
  EXPECT_NEAR(num(per_game.at("extra_moves")), 2.0 / 5, 1e-12);  // G3, G4 (CAP-II-3)
  // Capturing plies 0, 1, 1, 1, 0 (G2's capture ended the game: no extra move).
  EXPECT_NEAR(num(at(per_game, {"capture_plies"}).at("mean")), 3.0 / 5, 1e-12);
  EXPECT_EQ(at(per_game, {"capture_plies"}).at("max").as_uint64(), 1u);
  // Hoyito II chains: G2 0, G3 0, G4 1; the last-four award of G2 (END-II-1).
  const auto& sowing = at(s, {"sowing"});
  EXPECT_NEAR(num(at(sowing, {"chain_lengths"}).at("mean")), 1.0 / 3, 1e-12);
  EXPECT_EQ(at(sowing, {"chain_lengths"}).at("max").as_uint64(), 1u);
  EXPECT_EQ(at(sowing, {"last_four_awards"}).at("END-II-1").as_uint64(), 1u);
  EXPECT_EQ(at(sowing, {"last_four_awards"}).at("END-III-3").as_uint64(), 0u);
  // Both passes were of an extra move with no seeds (PASS-2).
  EXPECT_EQ(at(sowing, {"passes"}).at("PASS-2").as_uint64(), 2u);
  EXPECT_EQ(at(sowing, {"passes"}).at("PASS-1").as_uint64(), 0u);
}

TEST(SimulateStatistics, LapsRelaysAndEndlessSowings) {
  const Statistics stats = hand_checked_games();
  // 11 moves: one lap each, except G5's two (one relay).
  EXPECT_EQ(stats.detail_moves, 11u);
  EXPECT_EQ(stats.laps.sum, 12u);
  EXPECT_EQ(stats.laps.max, 2u);
  EXPECT_EQ(stats.laps.bins[1], 10u);  // 1 lap: bin 1 (1..1)
  EXPECT_EQ(stats.laps.bins[2], 1u);   // 2 laps: bin 2 (2..3)
  EXPECT_EQ(stats.relays.sum, 1u);
  EXPECT_EQ(stats.relays.bins[0], 10u);
  EXPECT_EQ(stats.endless_refused, 0u);
  EXPECT_EQ(stats.detail_games, 5u);  // every game, each played with events (GameSetup::detailed)

  // specs/scenarios/sx-endless-illegal.json (hand-derived): South's a is endless (SOW-6), so of
  // the non-empty a, c, d, f only c, d, f are legal: one endless move refused at ply 1.
  Statistics endless(hoyito2_with_ply_limit(1), 0);
  play(hoyito2_with_ply_limit(1), position({2, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 1}, {16, 20}), endless);
  EXPECT_EQ(endless.endless_refused, 1u);
  EXPECT_EQ(endless.moves_with_endless_refused, 1u);
  EXPECT_EQ(endless.legal_sum, 3u);
  EXPECT_EQ(endless.forced_plies, 0u);
}

// Q-LIMIT: README's derivation of the opening a of Hoyito II sows 5 laps (4 relays); with
// lap_limit 1 it is undecided, so the legal moves of the start are, and every game stops at its
// first ply: counted as undecided, with the first deal, and left out of the games.
TEST(SimulateStatistics, UndecidedGamesAreCountedApart) {
  Rules rules;
  rules.options.lap_limit = 1;
  Statistics g5(rules, 0);
  EXPECT_THROW(play(rules, position({0, 0, 0, 0, 0, 2, 0, 1, 0, 0, 0, 0}, {22, 23}), g5), UndecidedMove);  // G5: 2 laps
  SimulationSpec spec;
  spec.rules = rules;
  spec.games = 10;
  spec.shard = {2, 3};  // deals 1, 4, 7
  RunOptions options;
  options.progress = false;
  const Statistics s = run_simulation(spec, options).per_value.front();
  EXPECT_EQ(s.games, 0u);
  EXPECT_EQ(s.undecided_games, 3u);
  EXPECT_EQ(s.first_undecided_deal.plus_one, 2u);  // deal 1
  EXPECT_EQ(s.to_json().at("summary").at("undecided").at("first_deal").as_uint64(), 1u);
}

// Issue 33 item 5: a search player that meets, inside its tree, a position undecided within the
// lap_limit guard values it as it stands and the game goes on (harness/games/search.h; the exact
// count on a hand-derived position is Search.AnUndecidedPositionInsideTheTreeIsACountedLeaf).
// With lap_limit 20, search:3 against itself looks at such positions in its first deals; before,
// the search threw and each of those deals was dropped as undecided. Here every deal whose own
// positions are decided is played and counted, the tree's undecided positions counted apart,
// with the first deal named.
TEST(SimulateStatistics, UndecidedPositionsInsideSearchesAreCountedAndTheGamesGoOn) {
  SimulationSpec spec;
  spec.rules.options.lap_limit = 20;
  spec.players = {parse_player_spec("search:3"), parse_player_spec("search:3")};
  spec.games = 20;
  spec.seed = 1;
  RunOptions options;
  options.progress = false;
  options.threads = 1;
  const Statistics s = run_simulation(spec, options).per_value.front();
  EXPECT_EQ(s.games + s.undecided_games, 20u);
  EXPECT_GT(s.search_undecided, s.undecided_games);  // more positions met in trees than deals stopped
  EXPECT_GT(s.games, s.undecided_games);
  ASSERT_NE(s.first_search_undecided_deal.plus_one, 0u);
  EXPECT_LT(s.first_search_undecided_deal.plus_one, 21u);
  const auto undecided = s.to_json().at("summary").at("undecided").as_object();
  EXPECT_EQ(undecided.at("search_positions").as_uint64(), s.search_undecided);
}

TEST(SimulateStatistics, ChoiceOpeningsAndSeedsLeft) {
  const json::object s = hand_checked_games().to_json().at("summary").as_object();
  // Legal plies 6 + 1 + 3 + (2 + 1) + 1 = 14 over 13 plies; forced 6 + 1 + 3 + 1 + 1 = 12.
  EXPECT_NEAR(num(at(s, {"choice"}).at("branching_factor")), 14.0 / 13, 1e-12);
  EXPECT_EQ(at(s, {"choice", "forced"}).at("count").as_uint64(), 12u);
  EXPECT_EQ(at(s, {"choice", "forced"}).at("of").as_uint64(), 13u);
  // Openings: a (G1), e (G4), f (G2 won by South, G3, G5).
  const auto& openings = s.at("by_opening").as_array();
  ASSERT_EQ(openings.size(), 3u);
  EXPECT_EQ(openings[0].at("move"), "a");
  EXPECT_EQ(openings[1].at("move"), "e");
  EXPECT_EQ(openings[2].at("move"), "f");
  EXPECT_EQ(openings[2].at("games").as_uint64(), 3u);
  EXPECT_EQ(openings[2].at("south").at("count").as_uint64(), 1u);
  EXPECT_EQ(openings[2].at("unterminated").at("count").as_uint64(), 2u);
  // Seeds left by the ply limit: 2, 5, 5, 3.
  EXPECT_EQ(at(s, {"unterminated"}).at("games").as_uint64(), 4u);
  EXPECT_NEAR(num(at(s, {"unterminated", "seeds_left"}).at("mean")), 15.0 / 4, 1e-12);
  EXPECT_EQ(at(s, {"unterminated", "seeds_left"}).at("max").as_uint64(), 5u);
}

// Hoyito III, round 3, the previous game won by North (END-III-3): f=1, A=3, E=1. f sows into A
// (now 4): captured by South (CAP-III-1); one seed left: END-1, and it goes to North. From
// 20-23: 24-24, a draw; had the capturer taken it (rounds 1-2), 25-23 South: the rule decided
// the game. From 21-22: 25-23 South either way: applied, not decided.
TEST(SimulateStatistics, TheRoundThreeRule) {
  Rules rules;
  rules.variant = Variant::hoyito3;
  rules.round = 3;
  rules.previous_winner = Winner::north;
  Statistics stats(rules, 3);
  const Result drawn = play(rules, position({0, 0, 0, 0, 0, 1, 3, 0, 0, 0, 1, 0}, {20, 23}), stats);
  EXPECT_EQ(drawn.captured, (std::array<int, 2>{24, 24}));
  EXPECT_EQ(drawn.winner, Winner::draw);
  play(rules, position({0, 0, 0, 0, 0, 1, 3, 0, 0, 0, 1, 0}, {21, 22}), stats);
  EXPECT_EQ(stats.round_rule_applied, 2u);
  EXPECT_EQ(stats.round_rule_decided, 1u);
  EXPECT_EQ(stats.awards[static_cast<std::size_t>(RuleId::END_III_3)], 2u);
  EXPECT_EQ(stats.by_round[2][draw], 1u);
  EXPECT_EQ(stats.by_round[2][south_win], 1u);
  // Matches: South won two, North one (the first player sat South in two of them).
  stats.add(MatchObservation{0, Winner::south});
  stats.add(MatchObservation{1, Winner::south});
  stats.add(MatchObservation{0, Winner::north});
  const auto m = stats.to_json().at("summary").at("matches").as_object();
  EXPECT_EQ(m.at("winners").at("south").at("count").as_uint64(), 2u);
  EXPECT_EQ(m.at("by_player").at("first").as_uint64(), 1u);   // South with the first player seated South
  EXPECT_EQ(m.at("by_player").at("second").as_uint64(), 2u);  // South when seated there, and North
  EXPECT_EQ(m.at("round_rule_decided").at("count").as_uint64(), 1u);
}

// --- Intervals and tests against published values -------------------------------------------

TEST(SimulateStatistics, WilsonIntervalsMatchNewcombe1998) {
  // R. G. Newcombe, Statistics in Medicine 17 (1998) 857-872, table I, method 3 (Wilson score).
  const auto i1 = wilson_interval(81, 263);
  EXPECT_NEAR(i1.low, 0.2553, 5e-5);
  EXPECT_NEAR(i1.high, 0.3662, 5e-5);
  const auto i2 = wilson_interval(0, 20);
  EXPECT_NEAR(i2.low, 0.0, 1e-12);
  EXPECT_NEAR(i2.high, 0.1611, 5e-5);
  const auto i3 = wilson_interval(1, 29);
  EXPECT_NEAR(i3.low, 0.0061, 5e-5);
  EXPECT_NEAR(i3.high, 0.1718, 5e-5);
}

TEST(SimulateStatistics, DifferenceIntervalsMatchNewcombe1998) {
  // Newcombe, Statistics in Medicine 17 (1998) 873-890, table II, method 10: 56/70 - 48/80.
  const auto d = difference_interval(56, 70, 48, 80);
  EXPECT_NEAR(d.low, 0.0524, 5e-5);
  EXPECT_NEAR(d.high, 0.3339, 5e-5);
  const auto e = difference_interval(9, 10, 3, 10);  // same table: 0.1705 to 0.8090
  EXPECT_NEAR(e.low, 0.1705, 5e-5);
  EXPECT_NEAR(e.high, 0.8090, 5e-5);
}

TEST(SimulateStatistics, FairnessTests) {
  // 7 against 3: (7 - 3)^2 / 10 = 1.6, p = erfc(sqrt(0.8)) = 0.205903.
  const auto t = even_split_test(7, 3);
  EXPECT_NEAR(t.chi_square, 1.6, 1e-12);
  EXPECT_NEAR(t.p_value, 0.205903, 1e-6);
  EXPECT_EQ(even_split_test(5, 5).p_value, 1.0);
  // 10, 20, 30 against 20 each: chi-square 10 on 2 degrees of freedom, p = exp(-10/2).
  const auto u = uniformity_test({10, 20, 30});
  EXPECT_NEAR(u.chi_square, 10.0, 1e-12);
  EXPECT_NEAR(u.p_value, std::exp(-5.0), 1e-9);
}

TEST(SimulateStatistics, HistogramsAndMerge) {
  Histogram h(4);
  for (std::uint64_t v : {0, 3, 3, 9}) h.add(v);
  EXPECT_EQ(h.overflow, 1u);
  EXPECT_EQ(h.sum, 15u);
  EXPECT_EQ(h.max, 9u);
  EXPECT_EQ(h.quantile(0.5), std::optional<std::uint64_t>(3));  // rank 2 of 0 3 3 9
  EXPECT_EQ(h.quantile(1.0), std::nullopt);                     // rank 4: in the overflow
  EXPECT_EQ(h.stddev(), std::nullopt);
  EXPECT_EQ(Log2Histogram::bin_of(0), 0);
  EXPECT_EQ(Log2Histogram::bin_of(1), 1);
  EXPECT_EQ(Log2Histogram::bin_of(3), 2);
  EXPECT_EQ(Log2Histogram::bin_of(4), 3);
  // Counts merge by addition and read back from their JSON unchanged.
  Statistics a = hand_checked_games(), b = hand_checked_games();
  a.merge(b);
  EXPECT_EQ(a.games, 10u);
  EXPECT_EQ(a.laps.sum, 24u);
  const Statistics back = Statistics::from_counts_json(hoyito2_with_ply_limit(6), 0, a.counts_json(), "test");
  EXPECT_EQ(back, a);
}

// --- The random player ------------------------------------------------------------------------

// Uniform over the full legal list: at positions of random games (and the hand-derived one with
// an endless move, never drawn), 3000 draws per legal ply, counted against legal_moves(); the
// chi-square p-value must not be below 0.0001 (about one position in 10000 would fail by chance).
TEST(SimulatePlayers, RandomIsUniformOverTheLegalPlies) {
  std::vector<std::pair<Rules, Position>> positions;
  positions.push_back({Rules{}, position({2, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 1}, {16, 20})});
  for (Variant v : {Variant::hoyito1, Variant::hoyito2, Variant::hoyito3})
    for (int n : {6, 12}) {
      Rules rules;
      rules.variant = v;
      rules.holes_per_row = n;
      SplitMix64 walk{game_seed(5, static_cast<std::uint64_t>(n) + 3 * static_cast<std::uint64_t>(v))};
      engine::Game game(rules, engine::opening_position(rules));
      for (int ply = 0; ply < 40 && game.status() == Status::playing; ++ply) {
        if (ply % 13 == 0) positions.push_back({rules, game.position()});
        game.play_fast(random_ply(game.legal_mask(), walk));
      }
    }
  SplitMix64 rng{42};
  for (const auto& [rules, start] : positions) {
    const engine::Game game(rules, start);
    const std::vector<hoyito::Move> legal = game.legal_moves();
    std::map<Move, std::uint64_t> counts;
    for (Move ply : legal) counts[ply] = 0;
    const std::uint64_t mask = game.legal_mask();
    for (std::size_t i = 0; i < 3000 * legal.size(); ++i) {
      const Move ply = random_ply(mask, rng);
      ASSERT_TRUE(counts.count(ply)) << "not a legal ply: " << ply;
      counts[ply] += 1;
    }
    std::vector<std::uint64_t> observed;
    for (const auto& [ply, c] : counts) observed.push_back(c);
    EXPECT_GT(uniformity_test(observed).p_value, 1e-4) << json::serialize(to_json(start));
  }
}

TEST(SimulatePlayers, ParseAndRefuse) {
  EXPECT_EQ(parse_player_spec("search:3"), (PlayerSpec{PlayerSpec::Kind::search, 3}));
  EXPECT_EQ(parse_player_spec("search:3").name(), "search:3");
  EXPECT_THROW(parse_player_spec("search:"), InputError);
  EXPECT_THROW(parse_player_spec("search:13"), InputError);
  EXPECT_THROW(parse_player_spec("minimax"), InputError);
  EXPECT_EQ(parse_shard("2/4"), (Shard{2, 4}));
  EXPECT_THROW(parse_shard("5/4"), InputError);
  EXPECT_THROW(parse_shard("0/4"), InputError);
  EXPECT_THROW(parse_shard("2"), InputError);
  EXPECT_THROW(parse_sweep("skip_origin=true", Rules{}), InputError);
  EXPECT_THROW(parse_sweep("chain=a,b", Rules{}), InputError);
  EXPECT_EQ(parse_sweep("ply_limit=100,5000", Rules{}).values.size(), 2u);
}

// --- Runs: threads, shards, merge, schema -----------------------------------------------------

namespace {

SimulationSpec small_spec() {
  SimulationSpec spec;
  spec.games = 300;
  spec.seed = 7;
  spec.version = "test";
  spec.commit = "test";
  return spec;
}

std::string run_json(const SimulationSpec& spec, int threads) {
  RunOptions options;
  options.threads = threads;
  options.progress = false;
  return to_text(simulation_json(spec, run_simulation(spec, options).per_value, nullptr));
}

std::string temp_path(const std::string& name) {
  return ::testing::TempDir() + "/hoyito_simulate_" + std::to_string(getpid()) + "_" + name;
}

}  // namespace

TEST(SimulateRuns, SameBytesAtAnyThreadCountAndShardSplit) {
  for (bool paired : {false, true}) {
    SimulationSpec spec = small_spec();
    spec.paired = paired;
    spec.players = {PlayerSpec{PlayerSpec::Kind::greedy, 0}, kRandom};
    const std::string one = run_json(spec, 1);
    EXPECT_EQ(run_json(spec, 3), one);
    std::vector<std::string> files;
    for (int k = 3; k >= 1; --k) {  // given out of order
      SimulationSpec shard = spec;
      shard.shard = {k, 3};
      files.push_back(temp_path(fmt::format("shard{}.json", k)));
      std::ofstream(files.back()) << run_json(shard, 2);
    }
    EXPECT_EQ(merge_simulations(files), one);
  }
}

TEST(SimulateRuns, PairedSwapsSeatsNotLuck) {
  // Two random players: the swapped game draws the same numbers, so it is the same game, and
  // the first player wins exactly as often as the second.
  SimulationSpec spec = small_spec();
  spec.paired = true;
  RunOptions options;
  options.progress = false;
  const Statistics s = run_simulation(spec, options).per_value.front();
  EXPECT_EQ(s.games, 600u);
  const auto by_player = s.to_json().at("summary").at("by_player").as_object();
  EXPECT_EQ(by_player.at("first"), by_player.at("second"));
}

TEST(SimulateRuns, AMatchEndsUnscoredAtAGameWithNoWinner) {
  // Q-MATCH: a game of a match that ends unterminated (END-3) leaves its seeds unassigned, so it
  // can neither give the next game its previous_winner (END-III-3) nor count toward MATCH-3: the
  // match ends there, unscored.
  constexpr std::size_t kUnterminated = 3;  // outcomes: south, north, draw, unterminated, void
  SimulationSpec spec = small_spec();
  spec.games = 50;
  spec.rules.variant = Variant::hoyito3;
  spec.match_rounds = 3;
  RunOptions options;
  options.progress = false;
  // ply_limit 1: every game 1 stops unterminated after its first ply (a first move from the
  // start cannot leave four or fewer seeds: END-1 cannot end it), so no match has a game 2.
  spec.rules.options.ply_limit = 1;
  const Statistics one_ply = run_simulation(spec, options).per_value.front();
  EXPECT_EQ(one_ply.games, 50u);
  EXPECT_EQ(one_ply.matches, 0u);
  EXPECT_EQ(one_ply.by_round[0][kUnterminated], 50u);
  for (std::size_t round : {1u, 2u})
    for (std::uint64_t c : one_ply.by_round[round]) EXPECT_EQ(c, 0u) << "a game in round " << round + 1;
  // ply_limit 150: some games finish, some do not (about half of random Hoyito III 2x6 games
  // last over 90 plies). With endless moves illegal (no void game) and no undecided move, every
  // match is either scored (its three games finished) or ends at its one unterminated game.
  spec.rules.options.ply_limit = 150;
  const Statistics some = run_simulation(spec, options).per_value.front();
  std::uint64_t unterminated = 0;
  for (const auto& round : some.by_round) unterminated += round[kUnterminated];
  EXPECT_GT(some.matches, 0u);
  EXPECT_GT(unterminated, 0u);
  EXPECT_EQ(some.undecided_games, 0u);
  EXPECT_EQ(some.matches + unterminated, 50u);
}

TEST(SimulateRuns, DetailEveryChangesWhatIsCountedNotWhatIsPlayed) {
  // Deal i is played from (seed, i) alone: with events (--detail-every 1) or without (0), the
  // random players draw the same plies, so every deal is the same game, ply for ply.
  for (const Variant variant : {Variant::hoyito1, Variant::hoyito2, Variant::hoyito3})
    for (const EndlessSowing endless : {EndlessSowing::illegal, EndlessSowing::void_game}) {
      SimulationSpec spec = small_spec();
      spec.games = 200;
      spec.rules.variant = variant;
      spec.rules.options.endless_sowing = endless;
      auto rows_of = [&](int detail_every) {
        spec.detail_every = detail_every;
        std::vector<GameRow> rows;
        RunOptions options;
        options.progress = false;
        options.threads = 1;
        options.rows = [&rows](const std::vector<GameRow>& chunk) {
          rows.insert(rows.end(), chunk.begin(), chunk.end());
        };
        run_simulation(spec, options);
        return rows;
      };
      const std::vector<GameRow> fast = rows_of(0), detailed = rows_of(1);
      ASSERT_EQ(fast.size(), 200u);
      ASSERT_EQ(detailed.size(), fast.size());
      for (std::size_t i = 0; i < fast.size(); ++i) {
        EXPECT_EQ(detailed[i].deal, fast[i].deal);
        EXPECT_EQ(detailed[i].plies, fast[i].plies)
            << variant_name(variant) << " " << static_cast<int>(endless) << " deal " << fast[i].deal;
        EXPECT_EQ(detailed[i].opening, fast[i].opening) << variant_name(variant) << " deal " << fast[i].deal;
        EXPECT_EQ(detailed[i].result, fast[i].result) << variant_name(variant) << " deal " << fast[i].deal;
      }
    }
}

TEST(SimulateRuns, MergeRefusesMismatchedSets) {
  SimulationSpec spec = small_spec();
  std::vector<std::string> files;
  for (int k = 1; k <= 2; ++k) {
    SimulationSpec shard = spec;
    shard.shard = {k, 2};
    if (k == 2) shard.seed = 8;
    files.push_back(temp_path(fmt::format("mismatch{}.json", k)));
    std::ofstream(files.back()) << run_json(shard, 1);
  }
  try {
    merge_simulations(files);
    FAIL() << "merged shards of different seeds";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("run.seed is 8"), std::string::npos) << e.what();
  }
  EXPECT_THROW(merge_simulations({files[0]}), InputError);            // shard 2/2 missing
  EXPECT_THROW(merge_simulations({files[0], files[0]}), InputError);  // given twice
}

TEST(SimulateRuns, MergeRefusesCountsNoShardCouldHold) {
  // Shard 1/2 of 300 deals plays deals 0, 2, ..., 298: 150 games. A file saying otherwise, or
  // a count past 2^60 / 2 (which summed over the shards could pass 2^60), is refused by name.
  SimulationSpec spec = small_spec();
  std::vector<std::string> files;
  for (int k = 1; k <= 2; ++k) {
    SimulationSpec shard = spec;
    shard.shard = {k, 2};
    files.push_back(temp_path(fmt::format("counted{}.json", k)));
    std::ofstream(files.back()) << run_json(shard, 1);
  }
  EXPECT_NO_THROW(merge_simulations(files));
  std::ifstream in(files[0]);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  for (const std::uint64_t games : {std::uint64_t{149}, std::uint64_t{151}, (std::uint64_t{1} << 59) + 1, UINT64_MAX}) {
    boost::json::value doc = boost::json::parse(text);
    auto& counts = doc.at("results").at(0).at("statistics").at("counts").as_object();
    ASSERT_EQ(counts.at("games").to_number<std::uint64_t>(), 150u);
    counts["games"] = games;
    const std::string tampered = temp_path("tampered.json");
    std::ofstream(tampered) << boost::json::serialize(doc);
    try {
      merge_simulations({tampered, files[1]});
      ADD_FAILURE() << "merged a shard counting " << games << " games";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("counts.games"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find(tampered), std::string::npos) << e.what();
    }
  }
}

TEST(SimulateRuns, JsonFollowsTheSchema) {
  SimulationSpec spec = small_spec();
  spec.rules.variant = Variant::hoyito3;
  spec.match_rounds = 3;
  spec.games = 20;
  spec.sweep = parse_sweep("drawn_previous_last_four=capturer,split", spec.rules);
  const std::string file = temp_path("schema.json");
  std::ofstream(file) << run_json(spec, 2);
  SimulationSpec shard = small_spec();
  shard.shard = {1, 2};
  const std::string shard_file = temp_path("schema-shard.json");
  std::ofstream(shard_file) << run_json(shard, 1);
  for (const std::string& f : {file, shard_file}) {
    const std::string command = fmt::format(
        "python3 -c \"import json,sys,jsonschema; jsonschema.validate(json.load(open(sys.argv[1])), "
        "json.load(open(sys.argv[2])))\" "
        "{} {}/specs/simulation.schema.json",
        f, HOYITO_SOURCE_DIR);
    EXPECT_EQ(std::system(command.c_str()), 0) << command;
  }
}

// --- The command ------------------------------------------------------------------------------

namespace {

struct CommandRun {
  int exit_code;
  std::string err;
};

CommandRun run_hoyito(const std::string& args) {
  const std::string err_path = temp_path("err.txt");
  const std::string command = std::string(HOYITO_BINARY_DIR) + "/hoyito " + args + " >/dev/null 2>" + err_path;
  const int status = std::system(command.c_str());
  std::ifstream in(err_path);
  std::string err((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : 128, err};
}

}  // namespace

TEST(SimulateCommand, BadValuesGetOneLineAndExitTwo) {
  for (const std::string args :
       {"simulate --shard 5/4", "simulate --shard x", "simulate --players random,foo",
        "simulate --players search:0,random", "simulate --players random", "simulate --sweep skip_origin=false,maybe",
        "simulate --sweep chain=a,b", "simulate --sweep skip_origin=true", "simulate --match 3",
        "simulate --variant hoyito3 --match 3 --round 2", "simulate --per-game", "simulate --games 0",
        "merge /nonexistent.json"}) {
    const CommandRun r = run_hoyito(args + " --quiet");
    EXPECT_EQ(r.exit_code, 2) << args << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
  }
}

TEST(SimulateCommand, WritesJsonCsvAndCharts) {
  const std::string dir = temp_path("out");
  std::filesystem::create_directories(dir);
  const CommandRun r =
      run_hoyito(fmt::format("simulate --games 200 --threads 2 --quiet --sweep skip_origin=false,true --json "
                             "{0}/s.json --csv {0}/s.csv --charts {0}",
                             dir));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* f : {"s.json", "s.csv", "length.svg", "laps.svg", "openings.svg", "sweep.svg"})
    EXPECT_GT(std::filesystem::file_size(dir + "/" + f), 100u) << f;
  const CommandRun g = run_hoyito(fmt::format("simulate --games 30 --paired --quiet --csv {}/g.csv --per-game", dir));
  ASSERT_EQ(g.exit_code, 0) << g.err;
  std::ifstream in(dir + "/g.csv");
  std::string line;
  int lines = 0;
  while (std::getline(in, line)) ++lines;
  EXPECT_EQ(lines, 61);  // the header and 30 deals, each played twice
}

// --- Honest statistics (issue 24, item 4) -----------------------------------------------------

TEST(SimulateHonest, WilsonBoundsAreExactlyZeroAndOne) {
  // k = 0: the score interval's lower bound is 0 in exact arithmetic (centre = half); rounding
  // left values like 4.2e-22. k = n: the upper bound is 1.
  for (std::uint64_t n = 1; n <= 5000; ++n) {
    ASSERT_EQ(wilson_interval(0, n).low, 0.0) << n;
    ASSERT_EQ(wilson_interval(n, n).high, 1.0) << n;
  }
}

namespace {
// Wilson's interval on a (possibly fractional) sample size, written out again here.
std::pair<double, double> wilson_on(double p, double n) {
  const double z = 1.959963984540054, z2 = z * z;
  const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const double half = z / (1 + z2 / n) * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n));
  return {centre - half, centre + half};
}
}  // namespace

TEST(SimulateHonest, PerPlyRatesAreClusteredByGame) {
  // Four games of 10 plies with 0, 10, 5 and 1 forced: r = 16/40 = 0.4. Residuals k_i - r n_i:
  // -4, 6, 1, -3; squares 16 + 36 + 1 + 9 = 62. Variance of r: 4/3 * 62 / 40^2 = 0.0516667;
  // plies drawn independently would give r (1 - r) / 40 = 0.006: design effect 8.61, effective
  // plies 0.24 / 0.0516667 = 4.645.
  ClusterSums c;
  for (const std::uint64_t k : {0, 10, 5, 1}) c.add(k, 10);
  EXPECT_EQ(c.clusters, 4u);
  EXPECT_EQ(c.kk, 0u + 100 + 25 + 1);
  EXPECT_EQ(c.kn, 0u + 100 + 50 + 10);
  EXPECT_EQ(c.nn, 400u);
  const double effective = 0.24 / (4.0 / 3 * 62 / 1600);
  const auto [low, high] = wilson_on(0.4, effective);
  const Interval i = clustered_interval(c);
  EXPECT_NEAR(i.low, low, 1e-12);
  EXPECT_NEAR(i.high, high, 1e-12);
  const Interval plies = wilson_interval(16, 40);
  EXPECT_GT(plies.low - i.low, 0.1);  // far wider than the interval of 40 independent plies
  // Games that agree exactly (4 forced of 10 each) have no spread: the interval is the plies' own.
  ClusterSums even;
  for (int g = 0; g < 4; ++g) even.add(4, 10);
  EXPECT_NEAR(clustered_interval(even).low, plies.low, 1e-12);
  // No forced ply at all: [0, Wilson's upper bound of 0 of 40].
  ClusterSums none;
  for (int g = 0; g < 4; ++g) none.add(0, 10);
  EXPECT_EQ(clustered_interval(none).low, 0.0);
  EXPECT_NEAR(clustered_interval(none).high, wilson_interval(0, 40).high, 1e-15);
}

TEST(SimulateHonest, ExpectedScoreByHand) {
  // 3 wins, 1 loss, 2 draws: (3 + 2/2) / 6 = 2/3. Scores 1, 1, 1, 0, 1/2, 1/2: squared
  // deviations 3 (1/3)^2 + (2/3)^2 + 2 (1/6)^2 = 5/6; sample variance 1/6; half-width
  // 1.96 * sqrt(1/36) = 0.32666.
  const Score s = expected_score(3, 1, 2);
  EXPECT_EQ(s.of, 6u);
  EXPECT_NEAR(s.score, 2.0 / 3, 1e-12);
  EXPECT_NEAR(s.low, 2.0 / 3 - 1.959963984540054 / 6, 1e-12);
  EXPECT_NEAR(s.high, 2.0 / 3 + 1.959963984540054 / 6, 1e-12);  // 0.9933
}

TEST(SimulateHonest, MinimumLengthAndFinalMargin) {
  const Summary s = summarise(hand_checked_games());
  // Lengths 6, 1, 3, 2, 1 (hand_checked_games): the shortest is 1.
  EXPECT_EQ(s.length.min, 1u);
  // Only G2 finishes: 26 - 22 = 4.
  EXPECT_EQ(s.margin.max, 4u);
  EXPECT_EQ(s.margin.min, 4u);
  EXPECT_EQ(hand_checked_games().margin.total, 1u);
  // G2 is South's win, the only finished game: South's expected score 1 of 1, North's 0.
  EXPECT_EQ(s.expected_score[0].of, 1u);
  EXPECT_EQ(s.expected_score[0].score, 1.0);
  EXPECT_EQ(s.expected_score[1].score, 0.0);
}

TEST(SimulateHonest, UnterminatedGamesSplitByRepetition) {
  // Hoyito II 2x6, one seed on the board, in F (hole 11), captured 23 + 24, North to move.
  // Every ply has one legal ply: ply 1 N: F -> a (the lap ends in an empty hole, SOW-4). Then
  // South sows a -> b, c, d, e, f, A at plies 2, 4, ..., 12 while North, without seeds,
  // passes (PASS-1) at plies 3, ..., 11; North sows A -> B, ..., F at plies 13, 15, ..., 21
  // while South passes at 14, ..., 20; ply 22: South passes, and the position is the start's
  // again (F = 1, captured 23-24, North to move). The ply limit (END-3) stops the game:
  // at 22 its last position had occurred (ply 0): repeating; at 21 (F = 1, South to move,
  // first met there) it had not.
  for (const auto& [limit, repeating] : {std::pair{22, 1u}, std::pair{21, 0u}}) {
    Statistics stats(hoyito2_with_ply_limit(limit), 0);
    const Result r = play(hoyito2_with_ply_limit(limit),
                          position({0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}, {23, 24}, Player::north), stats);
    EXPECT_EQ(r.status, Status::unterminated) << limit;
    EXPECT_EQ(stats.unterminated_repeating, repeating) << limit;
    const json::object u = stats.to_json().at("summary").at("unterminated").as_object();
    EXPECT_EQ(u.at("repeating").as_uint64(), repeating) << limit;
    EXPECT_EQ(u.at("not_repeating").as_uint64(), 1u - repeating) << limit;
  }
}

TEST(SimulateHonest, ChoiceDoesNotDependOnDetailEvery) {
  // issue 24: with a greedy player its plies were counted in every game but the random
  // player's only in the detailed ones, so the forced-ply rate moved with --detail-every. Now
  // the choice is counted in the detailed games alone: --detail-every 2 over 200 deals counts
  // exactly what --detail-every 1 counts over the even deals (shard 1/2).
  SimulationSpec every_other = small_spec();
  every_other.games = 200;
  every_other.players = {kGreedy, kRandom};
  every_other.paired = true;
  every_other.detail_every = 2;
  SimulationSpec even_deals = every_other;
  even_deals.detail_every = 1;
  even_deals.shard = {1, 2};
  RunOptions options;
  options.progress = false;
  const Statistics a = run_simulation(every_other, options).per_value.front();
  const Statistics b = run_simulation(even_deals, options).per_value.front();
  EXPECT_EQ(a.forced_by_game, b.forced_by_game);
  EXPECT_EQ(a.choice_plies, b.choice_plies);
  EXPECT_EQ(a.legal_sum, b.legal_sum);
  EXPECT_EQ(a.detail_games, 200u);  // 100 detailed deals, each played twice (--paired)
  EXPECT_GT(a.forced_by_game.k, 0u);
}

TEST(SimulateHonest, GamesWithEventsCountGamesUnderMatch) {
  SimulationSpec spec = small_spec();
  spec.rules.variant = Variant::hoyito3;
  spec.match_rounds = 3;
  spec.games = 20;
  spec.detail_every = 1;
  RunOptions options;
  options.progress = false;
  const Statistics s = run_simulation(spec, options).per_value.front();
  EXPECT_GT(s.games, 20u);             // matches of up to 3 games
  EXPECT_EQ(s.detail_games, s.games);  // every game played with events, not every match
}

TEST(SimulateHonest, TheRoundThreeRuleCanBeSwitchedOff) {
  // G15: with later_rounds_last_four = capturer, round 3 gives the last four to the capturer,
  // so the round rule never gives them to the other player.
  SimulationSpec spec = small_spec();
  spec.rules.variant = Variant::hoyito3;
  spec.match_rounds = 4;
  spec.games = 200;
  spec.sweep = parse_sweep("later_rounds_last_four=previous_winner,capturer", spec.rules);
  RunOptions options;
  options.progress = false;
  const auto per_value = run_simulation(spec, options).per_value;
  EXPECT_GT(per_value[0].round_rule_applied, 0u);
  EXPECT_EQ(per_value[1].round_rule_applied, 0u);
  EXPECT_GT(per_value[1].awards[static_cast<std::size_t>(RuleId::END_III_3)], 0u);
}

namespace {
std::string run_hoyito_out(const std::string& args) {
  const std::string out_path = temp_path("out.txt");
  const std::string command = std::string(HOYITO_BINARY_DIR) + "/hoyito " + args + " >" + out_path + " 2>/dev/null";
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  std::ifstream in(out_path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}
bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }
}  // namespace

TEST(SimulateHonest, TableSaysShardNotApplicableAndPerRound) {
  // Shard 2/2 of a run of 1 deal plays no game: no p-value to give, and the header says shard.
  const std::string empty = run_hoyito_out("simulate --games 1 --shard 2/2 --quiet");
  EXPECT_TRUE(has(empty, "this is shard 2/2 of that run: its 0 deals")) << empty;
  EXPECT_TRUE(has(empty, "n/a / n/a / n/a")) << empty;
  // The JSON says the same: no decisive game, no p-value (null), never a p of 1.
  const std::string json_path = temp_path("empty-shard.json");
  run_hoyito_out("simulate --games 1 --shard 2/2 --quiet --json " + json_path);
  std::ifstream json_in(json_path);
  const std::string json_text{std::istreambuf_iterator<char>(json_in), std::istreambuf_iterator<char>()};
  EXPECT_TRUE(has(json_text, "\"p_value\":null")) << json_text.substr(0, 400);
  EXPECT_FALSE(has(json_text, "\"p_value\":1")) << json_text.substr(0, 400);
  const std::string match = run_hoyito_out("simulate --variant hoyito3 --match 3 --games 40 --quiet --paired");
  for (const char* row : {"round 1: S/N/draw % (games)", "round 3: S/N/draw % (games)", "matches won by South",
                          "match first player, p", "expected score South", "p-value: seat/starter/player",
                          "length: min, quartiles, max", "final margin", "unterminated: repeating, not"})
    EXPECT_TRUE(has(match, row)) << row << "\n" << match;
  // The match winners come with their interval.
  const auto won = match.find("matches won by South");
  EXPECT_LT(match.find('[', won), match.find('\n', won)) << match;
}

TEST(SimulateHonest, CsvHasEveryFigure) {
  const std::string dir = temp_path("csv");
  std::filesystem::create_directories(dir);
  run_hoyito_out(
      fmt::format("simulate --variant hoyito3 --match 3 --games 60 --quiet --paired --sweep "
                  "later_rounds_last_four=previous_winner,capturer "
                  "--csv {}/s.csv",
                  dir));
  std::ifstream in(dir + "/s.csv");
  const std::string csv((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  for (const char* row :
       {"capturer,difference.south,", "capturer,difference.mean_length,", "previous_winner,fairness.player.p_value,",
        "previous_winner,per_game.capture_plies.mean,", "previous_winner,sowing.laps_per_move.mean,",
        "previous_winner,sowing.last_four_awards.END-III-3,", "previous_winner,sowing.passes.PASS-1,",
        "previous_winner,per_game.passes,", "previous_winner,matches.winners.south,",
        "previous_winner,matches.by_round.3.south,", "previous_winner,matches.round_rule_decided,",
        "previous_winner,expected_score.south,", "previous_winner,margin.median,", "previous_winner,length.min,",
        "previous_winner,unterminated.repeating,", "capturer,matches.fairness.player.p_value,"})
    EXPECT_TRUE(has(csv, row)) << row;
  // p-values in scientific notation (never 0.000000).
  std::istringstream lines(csv);
  std::string line;
  while (std::getline(lines, line))
    if (has(line, "p_value,")) {
      EXPECT_TRUE(has(line, "e-") || has(line, "e+") || has(line, ",,,")) << line;
    }
}

TEST(SimulateHonest, PreviousWinnerWinsByRoundFromTheRows) {
  // "Does the round-3 rule even out a match?": how often the previous game's winner wins, by
  // round, counted again here from the per-game rows (deal, seating, round, winner) alone.
  SimulationSpec spec = small_spec();
  spec.rules.variant = Variant::hoyito3;
  spec.match_rounds = 4;
  spec.games = 300;
  spec.paired = true;
  std::vector<GameRow> rows;
  RunOptions options;
  options.progress = false;
  options.rows = [&rows](const std::vector<GameRow>& chunk) { rows.insert(rows.end(), chunk.begin(), chunk.end()); };
  const Statistics s = run_simulation(spec, options).per_value.front();
  std::array<std::array<std::uint64_t, 2>, 4> expected{};
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const GameRow& before = rows[i - 1];
    const GameRow& now = rows[i];
    if (now.round == 1 || before.deal != now.deal || before.seating != now.seating) continue;
    if (!is_player(before.result.winner) || now.undecided) continue;
    expected[static_cast<std::size_t>(now.round - 1)][0] += 1;
    expected[static_cast<std::size_t>(now.round - 1)][1] += now.result.winner == before.result.winner;
  }
  ASSERT_EQ(s.previous_winner_by_round.size(), 4u);
  for (std::size_t r = 0; r < 4; ++r) EXPECT_EQ(s.previous_winner_by_round[r], expected[r]) << "round " << r + 1;
  EXPECT_GT(expected[2][0], 100u);
  const Summary sum = summarise(s);
  EXPECT_EQ(sum.matches->previous_winner_wins[2].count, expected[2][1]);
}
