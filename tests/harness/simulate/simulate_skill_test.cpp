// Skill against the endgame tables in `hoyito simulate` (--tables DIR, docs/simulate.md): the
// counts of a scripted game derived by hand, perfect against random from table positions, and
// the shards' merge.
//
// Would fail: a skill count that judges a move by hi instead of lo, counts a pass, turns the
// sign of a value wrongly, credits a move to the wrong player (the seat, not the player), loses
// or double-counts a game in merge, or writes counts the schema does not describe.
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "engine/engine.h"
#include "harness/games/players.h"
#include "harness/games/table_play.h"
#include "harness/simulate/report.h"
#include "harness/simulate/simulate.h"
#include "harness/simulate/summary.h"
#include "tests/support/tables.h"

namespace hoyito {
namespace {

namespace fs = std::filesystem;

class SimulateSkill : public ::testing::Test {
 protected:
  // Hoyito II 2x6, every position of at most 8 seeds (the ctest fixture solve_tables_k8).
  static void SetUpTestSuite() {
    folder_ = new std::string(testing::k8_tables_folder());
    tables_ = new TableSet(*folder_);
  }
  static void TearDownTestSuite() {
    delete tables_;
    delete folder_;
  }
  static std::string* folder_;
  static TableSet* tables_;
};
std::string* SimulateSkill::folder_ = nullptr;
TableSet* SimulateSkill::tables_ = nullptr;

// Derived by hand (specs/rules.md), Hoyito II 2x6, South to move, 8 seeds: a=1 b=3, A=1 B=3
// (holes 0, 1, 6, 7); captures 20 and 20.
//   a: 1 seed into b (3 -> 4): a casa, South captures 4 (CAP-II-1); the chain stops at a, now
//      empty (CAP-II-2). 4 seeds are left (A, B): the game ends, South takes them (END-1,
//      END-II-1). South gets all 8: value +8.
//   b: 3 seeds into c, d, e (all empty): the lap ends in an empty hole (SOW-4), no capture.
//      North to move: A (1 seed into B, 3 -> 4) is a casa, 4 captured, the chain stops at A
//      (empty), 4 left (a, c, d, e): the game ends and North takes them: North gets all 8, the
//      most there is, so North's value is +8 and b is worth -8 to South: b loses 16.
//   After b, North's A keeps North's value (+8: no move can get more than the 8 on the board).
Position hand_position() {
  Position p;
  p.board = {1, 3, 0, 0, 0, 0, 1, 3, 0, 0, 0, 0};
  p.captured = {20, 20};
  p.to_move = Player::south;
  return p;
}

// Plays `plies` from the hand position, judging each with count_skill; [0] South, [1] North.
std::array<SkillGame, 2> scripted(const TableSet& tables, const std::vector<int>& plies) {
  engine::Game game(Rules{}, hand_position());
  std::array<SkillGame, 2> skill{};
  for (int hole : plies) {
    const Move ply = Move::at(hole);
    const Player mover = game.to_move();
    count_skill(table_move_values(game, tables), ply, skill[index(mover)]);
    game.play_fast(ply);
  }
  EXPECT_NE(game.status(), Status::playing);  // both scripts end the game (END-1)
  return skill;
}

TEST_F(SimulateSkill, HandDerivedScriptedGamesCountAsDerived) {
  const std::vector<TableMoveValue> values = table_move_values(engine::Game(Rules{}, hand_position()), *tables_);
  ASSERT_EQ(values.size(), 2u);
  EXPECT_EQ(values[0].move, Move::at(0));
  EXPECT_EQ(values[0].value.lo, 8);   // a, as derived
  EXPECT_EQ(values[1].value.lo, -8);  // b, as derived
  EXPECT_TRUE(values[0].value.exact() && values[1].value.exact());

  // Game 1: South b (loses 16), North A (keeps). Game 2: South a (keeps). Each a cluster.
  SkillCounts south, north;
  for (const std::vector<int>& plies : {std::vector<int>{1, 6}, std::vector<int>{0}}) {
    const auto skill = scripted(*tables_, plies);
    south.add(skill[0]);
    north.add(skill[1]);
  }
  // South: game 1 (0 kept of 1, 16 lost), game 2 (1 of 1, 0 lost).
  EXPECT_EQ(south.kept, (ClusterSums{2, 1, 2, 1, 1, 2}));
  EXPECT_EQ(south.lost, (ClusterSums{2, 16, 2, 256, 16, 2}));
  EXPECT_EQ(south.interval_moves, 0u);
  // North: one move, in game 1, kept (a game where it made no table move is no cluster).
  EXPECT_EQ(north.kept, (ClusterSums{1, 1, 1, 1, 1, 1}));
  EXPECT_EQ(north.lost, (ClusterSums{1, 0, 1, 0, 0, 1}));

  // The figures: kept 1/2; lost 16/2 = 8 a move; its interval 8 +- 1.96 * se, with the ratio
  // estimator's variance m/(m-1) * sum (y_i - 8 n_i)^2 / n^2 = 2 * (8^2 + 8^2) / 4 = 64: se 8,
  // so [8 - 15.68 -> 0, 8 + 15.68].
  const SkillSummary s = skill_of(south);
  EXPECT_EQ(s.table_moves, 2u);
  EXPECT_DOUBLE_EQ(*s.kept.rate, 0.5);
  EXPECT_EQ(*s.kept.games, 2u);
  EXPECT_DOUBLE_EQ(*s.lost_mean, 8.0);
  ASSERT_TRUE(s.lost_interval);
  EXPECT_DOUBLE_EQ(s.lost_interval->low, 0.0);
  EXPECT_NEAR(s.lost_interval->high, 8 + 1.959963984540054 * 8, 1e-9);
  EXPECT_FALSE(skill_of(north).lost_interval);  // one game: no interval
}

TEST_F(SimulateSkill, TheGameLoopCountsByPlayerNotSeat) {
  // Greedy for both: South's a captures 4, b nothing, so greedy plays a (derived above): one
  // table move, kept; the game ends. Seated the other way round (the second player South), the
  // move is the second player's.
  const PlayerSpec greedy = parse_player_spec("greedy");
  for (int south_player : {0, 1}) {
    Statistics stats(Rules{}, 0, true);
    GameSetup setup{Rules{}, Player::south, {&greedy, &greedy}, south_player, false, hand_position(), tables_};
    SplitMix64 rng(1);
    play_counted_game(setup, rng, stats);
    const SkillCounts& mover = stats.skill[static_cast<std::size_t>(south_player)];
    const SkillCounts& other = stats.skill[static_cast<std::size_t>(1 - south_player)];
    EXPECT_EQ(mover.kept, (ClusterSums{1, 1, 1, 1, 1, 1}));
    EXPECT_EQ(mover.lost.k, 0u);
    EXPECT_EQ(other.kept.n, 0u);
  }
}

// From every 97th board of layers 6-8, perfect against random, each seat, to the end under G7
// third_repetition (the tables' reading): perfect keeps the value at every table move (it plays
// only value-keeping moves, docs/solve.md), random does not.
TEST_F(SimulateSkill, PerfectKeepsEveryValueRandomDoesNot) {
  PlayerSpec perfect = parse_player_spec("perfect:" + *folder_);
  load_player_tables(perfect);
  const PlayerSpec random = parse_player_spec("random");
  Rules rules;
  rules.options.endless_game = EndlessGame::third_repetition;
  const EndgameTable& table = *tables_->find(hand_position(), rules);
  Statistics stats(rules, 0, true);
  SplitMix64 rng(25);
  for (int n = 6; n <= 8; ++n)
    for (std::uint64_t e = 0; e < table.index().count(n); e += 97) {
      Position start;
      start.board.assign(12, 0);
      std::uint8_t b[12];
      table.index().unrank(e, n, b);
      for (int h = 0; h < 12; ++h) start.board[static_cast<std::size_t>(h)] = b[h];
      start.captured = {(48 - n) / 2, 48 - n - (48 - n) / 2};
      for (int south_player : {0, 1}) {  // perfect is player 0: South, then North
        GameSetup setup{rules, Player::south, {}, south_player, false, start, tables_};
        setup.seats = south_player == 0 ? std::array<const PlayerSpec*, 2>{&perfect, &random}
                                        : std::array<const PlayerSpec*, 2>{&random, &perfect};
        play_counted_game(setup, rng, stats);
      }
    }
  const SkillSummary p = skill_of(stats.skill[0]), r = skill_of(stats.skill[1]);
  std::cout << fmt::format(
      "perfect: {} table moves, kept {:.4f}; random: {} table moves, kept {:.4f} [{:.4f}, "
      "{:.4f}], {:.3f} seeds lost a move\n",
      p.table_moves, *p.kept.rate, r.table_moves, *r.kept.rate, r.kept.low, r.kept.high, *r.lost_mean);
  EXPECT_GT(p.table_moves, 500u);
  EXPECT_EQ(p.kept.count, p.table_moves);
  EXPECT_EQ(p.seeds_lost, 0u);
  EXPECT_GT(r.table_moves, 500u);
  EXPECT_LT(r.kept.high, 1.0);
  EXPECT_GT(r.seeds_lost, 0u);
}

std::string run_text(const SimulationSpec& spec) {
  RunOptions options;
  options.threads = 2;
  options.progress = false;
  return to_text(simulation_json(spec, run_simulation(spec, options).per_value, nullptr));
}

// A run of perfect:DIR against random from the opening (perfect searches above the tables):
// two shards merged are the whole run's bytes, skill counts included, and follow the schema;
// the table shows perfect keeping every value.
TEST_F(SimulateSkill, MergedShardsEqualOneRun) {
  SimulationSpec spec;
  spec.players = {parse_player_spec("perfect:" + *folder_), parse_player_spec("random")};
  load_player_tables(spec.players[0]);
  spec.games = 8;
  spec.seed = 5;
  load_skill_tables(spec);  // implied by the perfect player
  ASSERT_EQ(spec.tables, *folder_);
  const std::string one = run_text(spec);
  std::vector<std::string> files;
  for (int k = 1; k <= 2; ++k) {
    SimulationSpec shard = spec;
    shard.shard = {k, 2};
    files.push_back(::testing::TempDir() + fmt::format("/hoyito_skill_{}_shard{}.json", ::getpid(), k));
    std::ofstream(files.back()) << run_text(shard);
  }
  EXPECT_EQ(merge_simulations(files), one);
  const boost::json::value doc = boost::json::parse(one);
  const auto& counts = doc.at("results").at(0).at("statistics").at("counts").at("skill");
  EXPECT_GT(counts.at(0).at("kept").at("n").to_number<std::uint64_t>(), 0u);
  EXPECT_GT(counts.at(1).at("kept").at("n").to_number<std::uint64_t>(), 0u);
  std::ofstream(files[1]) << one;  // a shard, and the whole run
  for (const std::string& f : files) {
    const std::string command = fmt::format(
        "python3 -c \"import json,sys,jsonschema; jsonschema.validate(json.load(open(sys.argv[1])), "
        "json.load(open(sys.argv[2])))\" {} {}/specs/simulation.schema.json",
        f, HOYITO_SOURCE_DIR);
    EXPECT_EQ(std::system(command.c_str()), 0) << command;
  }
  RunOptions options;
  options.progress = false;
  const SimulationReport report = make_report(spec, run_simulation(spec, options).per_value);
  std::ostringstream table;
  write_table(table, report);
  EXPECT_NE(table.str().find("first player: keeps value     100.00%"), std::string::npos) << table.str();
  for (const std::string& f : files) fs::remove(f);
}

}  // namespace
}  // namespace hoyito
