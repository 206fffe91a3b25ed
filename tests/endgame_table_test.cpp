// Endgame tables (specs/endgame-tables.md): the index, the solver against an independent
// brute force (the reference model, full history, G7 third_repetition), the search of search:D
// where it reaches the end, and the file's checks.
//
// Would fail: a rank that is not a bijection; a solver that misses a rule (a chain, an award,
// a pass, an extra move) or scores a repetition otherwise than END-3 does in the model, so that a
// model game from a fresh start ends outside [lo, hi]; a table whose checksum or equations a
// flipped byte does not break; a truncated file read without complaint.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "engine/engine.h"
#include "harness/base/interrupt.h"
#include "harness/games/endgame_table.h"
#include "harness/games/search.h"
#include "harness/solve/moves.h"
#include "harness/solve/solver.h"
#include "model/model.h"

namespace hoyito {
namespace {

namespace fs = std::filesystem;

TEST(PositionIndex, RankIsABijectionOntoTheCount) {
  const PositionIndex index(12, 5);
  for (int n = 0; n <= 5; ++n) {
    std::uint64_t expected = 1;  // C(n + 11, 11)
    for (int k = 1; k <= 11; ++k) expected = expected * static_cast<std::uint64_t>(n + k) / static_cast<std::uint64_t>(k);
    ASSERT_EQ(index.count(n), expected) << n;
    for (std::uint64_t r = 0; r < index.count(n); ++r) {
      std::uint8_t board[12];
      index.unrank(r, n, board);
      int sum = 0;
      for (std::uint8_t c : board) sum += c;
      ASSERT_EQ(sum, n);
      ASSERT_EQ(index.rank(board, n), r);
    }
  }
}

Rules rules_of(Variant variant, int round = 1, Winner previous = Winner::none, bool split = false) {
  Rules rules;
  rules.variant = variant;
  rules.round = round;
  rules.previous_winner = previous;
  if (split) rules.options.drawn_previous_last_four = DrawnPreviousLastFour::split;
  return rules;
}

std::string solved_table(const Rules& rules, int max_seeds) {
  const fs::path dir = fs::temp_directory_path() / ("hoyito-endgame-test-" + std::to_string(::getpid()));
  solve::SolveOptions options;
  options.rules = rules;
  options.max_seeds = max_seeds;
  options.out_dir = dir.string();
  return solve::solve_tables(options, [](const solve::LayerReport&) {});
}

// The model's game from `start`, every line to its end (END-1, or END-3's third repetition, the
// history kept by the model itself), alpha-beta from `root`'s side: its final captures minus the
// opponent's. Fails the test past `budget` nodes.
int full_history_value(const model::Game& game, Player root, int alpha, int beta, long& budget) {
  if (game.status() != Status::playing) {
    const Result r = game.result();
    return r.captured[index(root)] - r.captured[1 - index(root)];
  }
  const bool maximise = game.position().to_move == root;
  int best = maximise ? -1000 : 1000;
  for (int ply : game.legal_plies()) {
    if (--budget < 0) return best;
    model::Game next = game;
    next.play(ply);
    const int v = full_history_value(next, root, alpha, beta, budget);
    if (maximise ? v > best : v < best) best = v;
    if (maximise) alpha = std::max(alpha, v); else beta = std::min(beta, v);
    if (alpha >= beta) break;
  }
  return best;
}

struct BruteCounts {
  long checked = 0, exact = 0, skipped = 0;
};

// Every position of layers 1..`layers` of `table` (both sides of a previous_winner table): the
// model's full-history value from a fresh start lies in [lo, hi] (specs/endgame-tables.md, the
// claim), each bound proved by a null-window search.
BruteCounts check_against_brute_force(const EndgameTable& table, int layers, long budget_per_bound) {
  BruteCounts counts;
  const TableHeader& header = table.header();
  for (int n = 1; n <= layers; ++n) {
    const std::uint64_t boards = table.index().count(n);
    for (std::uint64_t e = 0; e < static_cast<std::uint64_t>(header.sides) * boards; ++e) {
      Rules rules = header.rules;
      rules.options.ply_limit = 1000000;  // END-3's repetition ends every game first
      if (header.sides == 2) rules.previous_winner = e < boards ? Winner::south : Winner::north;
      Position start;
      start.board.resize(static_cast<std::size_t>(rules.holes()));
      std::uint8_t board[24];
      table.index().unrank(e % boards, n, board);
      for (int h = 0; h < rules.holes(); ++h) start.board[static_cast<std::size_t>(h)] = board[h];
      const int base = 2 * rules.holes_per_row * rules.seeds_per_hole - n;
      start.captured = {base, 0};
      const model::Game game(rules, start);
      const TableValue v = table.entry(n, e);
      long low_budget = budget_per_bound, high_budget = budget_per_bound;
      const int at_least = full_history_value(game, Player::south, base + v.lo - 1, base + v.lo, low_budget);
      const int at_most = full_history_value(game, Player::south, base + v.hi, base + v.hi + 1, high_budget);
      if (low_budget < 0 || high_budget < 0) {
        ++counts.skipped;
        continue;
      }
      ++counts.checked;
      counts.exact += v.exact();
      EXPECT_GE(at_least, base + v.lo) << "layer " << n << " entry " << e << ": the game gives less than lo " << v.lo;
      EXPECT_LE(at_most, base + v.hi) << "layer " << n << " entry " << e << ": the game gives more than hi " << v.hi;
      if (::testing::Test::HasFailure()) return counts;
    }
  }
  return counts;
}

void brute_force_case(const Rules& rules, int max_seeds, int layers) {
  const EndgameTable table(solved_table(rules, max_seeds));
  const BruteCounts counts = check_against_brute_force(table, layers, 2'000'000);
  std::cout << table.path() << ": layers 1.." << layers << ": " << counts.checked << " positions checked ("
            << counts.exact << " exact), " << counts.skipped << " skipped (search budget)\n";
  EXPECT_GT(counts.checked, 0);
  EXPECT_LE(counts.skipped * 20, counts.checked) << "more than 5% of the positions were too big to check";
}

TEST(EndgameTable, Hoyito2AgreesWithFullHistoryBruteForce) { brute_force_case(rules_of(Variant::hoyito2), 6, 5); }
TEST(EndgameTable, Hoyito3AgreesWithFullHistoryBruteForce) { brute_force_case(rules_of(Variant::hoyito3), 6, 5); }
TEST(EndgameTable, Hoyito3Round3PreviousWinnerAgrees) {
  brute_force_case(rules_of(Variant::hoyito3, 3, Winner::north), 6, 5);
}
TEST(EndgameTable, Hoyito3Round3DrawSplitAgrees) {  // G8 split
  brute_force_case(rules_of(Variant::hoyito3, 3, Winner::draw, true), 6, 5);
}

// Whether every line from `game` ends (END-1) within `depth` plies.
bool ends_within(const engine::Game& game, int depth) {
  if (game.status() != Status::playing) return true;
  if (depth == 0) return false;
  for (int ply : game.legal_plies()) {
    engine::Game next = game;
    next.play_fast(ply);
    if (!ends_within(next, depth - 1)) return false;
  }
  return true;
}

// search:D (harness/games/search.h) gives the table's value wherever D plies reach the end of
// every line: there the repetition rule plays no part and both are exact.
TEST(EndgameTable, SearchAgreesWhereItsDepthReachesTheEnd) {
  for (const Rules& solved : {rules_of(Variant::hoyito2), rules_of(Variant::hoyito3)}) {
    const EndgameTable table(solved_table(solved, 8));
    Rules rules = table.header().rules;
    long compared = 0;
    constexpr int kDepth = 5;
    for (int n = 4; n <= 8; ++n)
      for (std::uint64_t e = 0; e < table.index().count(n); e += 7) {  // every 7th board
        Position start;
        start.board.resize(12);
        std::uint8_t board[12];
        table.index().unrank(e, n, board);
        for (int h = 0; h < 12; ++h) start.board[static_cast<std::size_t>(h)] = board[h];
        start.captured = {48 - n, 0};
        const engine::Game game(rules, start);
        if (!ends_within(game, kDepth)) continue;
        const TableValue v = table.entry(n, e);
        ASSERT_TRUE(v.exact()) << "layer " << n << " entry " << e;
        ASSERT_EQ(search::position_value(game, kDepth) - (48 - n), v.lo) << "layer " << n << " entry " << e;
        ++compared;
      }
    std::cout << variant_name(rules.variant) << ": " << compared << " positions ending within " << kDepth << " plies compared\n";
    EXPECT_GT(compared, 100);
  }
}

std::string copy_of(const std::string& path, const std::string& suffix) {
  const std::string copy = path + suffix;
  fs::copy_file(path, copy, fs::copy_options::overwrite_existing);
  return copy;
}

void flip_byte(const std::string& path, std::uintmax_t at) {
  std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
  f.seekg(static_cast<std::streamoff>(at));
  char c = 0;
  f.get(c);
  f.seekp(static_cast<std::streamoff>(at));
  f.put(static_cast<char>(c ^ 0x05));
}

TEST(EndgameTable, VerifyPassesAWholeTableAndCatchesAFlippedValue) {
  const std::string path = solved_table(rules_of(Variant::hoyito2), 6);
  const solve::VerifyReport good = solve::verify_table(path, 2, [](const solve::LayerReport&) {});
  EXPECT_TRUE(good.checksum_ok);
  EXPECT_EQ(good.inconsistent, 0u);
  const std::string bad = copy_of(path, ".flipped");
  flip_byte(bad, fs::file_size(bad) - 101);  // a value of the last layer
  const solve::VerifyReport flipped = solve::verify_table(bad, 2, [](const solve::LayerReport&) {});
  EXPECT_FALSE(flipped.checksum_ok);
  EXPECT_GT(flipped.inconsistent, 0u) << "the equations did not see the flipped value";
}

TEST(EndgameTable, MalformedOrTruncatedFilesAreRefusedInOneLine) {
  const std::string path = solved_table(rules_of(Variant::hoyito2), 4);
  const std::string header = copy_of(path, ".header");
  flip_byte(header, 2);  // the magic
  EXPECT_THROW(EndgameTable{header}, InputError);
  const std::string cut = copy_of(path, ".cut");
  fs::resize_file(cut, fs::file_size(cut) - 10);
  try {
    EndgameTable table(cut);
    ADD_FAILURE() << "a truncated table was read";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("truncated"), std::string::npos) << e.what();
    EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
  }
  EXPECT_THROW(EndgameTable{path + ".missing"}, InputError);
}

}  // namespace
}  // namespace hoyito
