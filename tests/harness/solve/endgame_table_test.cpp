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
#include <map>

#include "engine/engine.h"
#include "harness/base/interrupt.h"
#include "harness/games/endgame_table.h"
#include "harness/games/search.h"
#include "harness/games/table_moves.h"
#include "harness/solve/solver.h"
#include "model/model.h"
#include "tests/harness/solve/endgame_brute.h"
#include "tests/support/moves.h"

namespace hoyito {
namespace {

namespace fs = std::filesystem;
using testing::BruteGraph;
using testing::layer_positions;
using testing::rules_of;
using testing::solved_table;

TEST(PositionIndex, RankIsABijectionOntoTheCount) {
  const PositionIndex index(12, 5);
  for (int n = 0; n <= 5; ++n) {
    std::uint64_t expected = 1;  // C(n + 11, 11)
    for (int k = 1; k <= 11; ++k)
      expected = expected * static_cast<std::uint64_t>(n + k) / static_cast<std::uint64_t>(k);
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

// The game from the graph's start with full history: END-3 ends it at a key's third occurrence
// (the start counts once), each side taking its own seeds. Alpha-beta, South maximising;
// South's gain from the start. Stops counting past `budget` nodes (the caller skips then).
int full_history_value(const BruteGraph& g, int node, std::vector<int>& seen, int alpha, int beta, long& budget) {
  const BruteGraph::Node& here = g.nodes[static_cast<std::size_t>(node)];
  if (++seen[static_cast<std::size_t>(node)] == 3) {
    --seen[static_cast<std::size_t>(node)];
    return here.share;
  }
  int best = here.south_to_move ? -1000 : 1000;
  for (const BruteGraph::Edge& e : here.edges) {
    if (--budget < 0) break;
    const int v =
        e.south_gain +
        (e.target < 0 ? 0 : full_history_value(g, e.target, seen, alpha - e.south_gain, beta - e.south_gain, budget));
    if (here.south_to_move) {
      best = std::max(best, v);
      alpha = std::max(alpha, v);
    } else {
      best = std::min(best, v);
      beta = std::min(beta, v);
    }
    if (alpha >= beta) break;
  }
  --seen[static_cast<std::size_t>(node)];
  return best;
}

struct BruteCounts {
  long checked = 0, exact = 0, skipped = 0;
};

// Every position of layer n (each side of a previous_winner table): the model's full-history
// value from a fresh start lies in [lo, hi] (specs/endgame-tables.md, the claim), each bound
// proved by a null-window search; positions whose search passes the budget are skipped.
BruteCounts check_against_brute_force(const EndgameTable& table, int n, long budget_per_bound) {
  BruteCounts counts;
  const TableHeader& header = table.header();
  const std::vector<Position> starts = layer_positions(table, n);
  for (int side = 0; side < header.sides; ++side) {
    Rules rules = header.rules;
    rules.options.ply_limit = 1000000;  // END-3's repetition ends every game first
    if (header.sides == 2) rules.previous_winner = side == 0 ? Winner::south : Winner::north;
    const BruteGraph graph(rules, starts);
    for (std::size_t i = 0; i < starts.size(); i += n <= 4 ? 1 : 3) {  // every third board above 4 seeds
      const TableValue v = table.entry(n, side * starts.size() + i);
      std::vector<int> seen(graph.nodes.size(), 0);
      long low_budget = budget_per_bound, high_budget = budget_per_bound;
      // South's gain from the start: >= lo (a null window just below lo), <= hi (just above hi).
      const int at_least = full_history_value(graph, static_cast<int>(i), seen, v.lo - 1, v.lo, low_budget);
      const int at_most = full_history_value(graph, static_cast<int>(i), seen, v.hi, v.hi + 1, high_budget);
      if (low_budget < 0 || high_budget < 0) {
        ++counts.skipped;
        continue;
      }
      ++counts.checked;
      counts.exact += v.exact();
      EXPECT_GE(at_least, v.lo) << "layer " << n << " entry " << i << ": the game gives less than lo";
      EXPECT_LE(at_most, v.hi) << "layer " << n << " entry " << i << ": the game gives more than hi";
      if (::testing::Test::HasFailure()) return counts;
    }
  }
  return counts;
}

// Layers 1..`layers`: every position whose two bounds the brute force settles within the budget
// (the full-history tree grows exponentially with the cycles: the rest are skipped and counted).
void brute_force_case(const Rules& rules, int max_seeds, int layers) {
  const EndgameTable table(solved_table(rules, max_seeds));
  long checked = 0;
  for (int n = 1; n <= layers; ++n) {
    const BruteCounts counts = check_against_brute_force(table, n, 20'000);
    std::cout << table.path() << ": layer " << n << ": " << counts.checked << " positions checked (" << counts.exact
              << " exact), " << counts.skipped << " skipped (search budget)" << std::endl;
    if (n == 1) {
      EXPECT_EQ(counts.skipped, 0);
    }
    checked += counts.checked;
    if (::testing::Test::HasFailure()) return;
  }
  EXPECT_GE(checked, 12);  // layer 1 at least: its values lie at the ends of [lo, hi]
}

TEST(EndgameTable, Hoyito2AgreesWithFullHistoryBruteForce) { brute_force_case(rules_of(Variant::hoyito2), 6, 6); }
TEST(EndgameTable, Hoyito3AgreesWithFullHistoryBruteForce) { brute_force_case(rules_of(Variant::hoyito3), 6, 6); }
TEST(EndgameTable, Hoyito3Round3PreviousWinnerAgrees) {
  brute_force_case(rules_of(Variant::hoyito3, 3, Winner::north), 6, 6);
}
TEST(EndgameTable, Hoyito3Round3DrawSplitAgrees) {  // G8 split
  brute_force_case(rules_of(Variant::hoyito3, 3, Winner::draw, true), 6, 6);
}

// Whether every line from `game` ends (END-1) within `depth` plies.
bool ends_within(const engine::Game& game, int depth) {
  if (game.status() != Status::playing) return true;
  if (depth == 0) return false;
  for (Move ply : game.legal_moves()) {
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
    std::cout << variant_name(rules.variant) << ": " << compared << " positions ending within " << kDepth
              << " plies compared\n";
    EXPECT_GT(compared, 50);
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
