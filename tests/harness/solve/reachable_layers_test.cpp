// Only the layers a game reaches (issue 34, item 4; specs/endgame-tables.md "Only reachable
// layers"): 2x6 starts with 12 x seeds_per_hole seeds (BRD-3) and a capture takes fours
// (CAP-II-1, CAP-II-2, CAP-III-1), so every position of a game holds a multiple of four seeds.
// Checked: the layer lists of a few K, derived by hand; the solver's capture exits read only layers
// of their own residue; a reachable-only table and an all-layers one give the same lo and hi on
// every entry of the layers both hold (K = 12; HOYITO_REACHABLE_K=16 runs it at 16); the header
// and the sizes of a reachable table (binomials by hand); every reader refuses a position of a
// layer the table does not hold, in one line naming the file and the seed count; solve --verify
// passes a reachable-only table and counts what the all-layers table counts on its layers.
// Would fail: a solver that solves every layer by default (the header lists 13 layers), a residue
// taken from K instead of the start (K = 14's list), a reader that reads past a missing layer
// (garbage instead of a refusal), a reachable solve whose values differ (a lower layer misread).
#include <gtest/gtest.h>

#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include "harness/games/endgame_table.h"
#include "harness/games/table_moves.h"
#include "harness/games/table_play.h"
#include "harness/solve/solver.h"
#include "tests/harness/solve/endgame_brute.h"

namespace hoyito {
namespace {

using testing::rules_of;
using testing::solved_table;

// K = 12 unless HOYITO_REACHABLE_K says otherwise (16 for the measurement in docs/solve.md).
int compared_k() {
  const char* k = std::getenv("HOYITO_REACHABLE_K");
  return k == nullptr ? 12 : std::atoi(k);
}

// By hand: 48 seeds at the start (12 holes x 4), fours taken: 48, 44, ..., 4, 0, so the layers
// up to K are the multiples of four up to K, whatever K's own residue.
TEST(ReachableLayers, TheLayerListsOfAFewK) {
  const Rules rules;
  EXPECT_EQ(reachable_residue(rules), 0);
  EXPECT_EQ(table_layer_seeds(rules, 12, LayerSet::reachable), (std::vector<int>{0, 4, 8, 12}));
  EXPECT_EQ(table_layer_seeds(rules, 14, LayerSet::reachable), (std::vector<int>{0, 4, 8, 12}));
  EXPECT_EQ(table_layer_seeds(rules, 3, LayerSet::reachable), (std::vector<int>{0}));
  EXPECT_EQ(table_layer_seeds(rules, 24, LayerSet::reachable), (std::vector<int>{0, 4, 8, 12, 16, 20, 24}));
  EXPECT_EQ(table_layer_seeds(rules, 5, LayerSet::all), (std::vector<int>{0, 1, 2, 3, 4, 5}));
  // Any seeds_per_hole s (BRD-3: 1 to 10) and either board: 12 s or 24 s seeds, a multiple of four.
  for (int s = 1; s <= 10; ++s)
    for (int holes : {6, 12}) {
      Rules other;
      other.seeds_per_hole = s;
      other.holes_per_row = holes;
      EXPECT_EQ(reachable_residue(other), 0) << s << " seeds a hole, 2x" << holes;
    }
}

// Records the layers the capture exits read.
struct ReadLayers : solve::LowerValue {
  mutable std::set<int> seen;
  TableValue operator()(int seeds, std::uint64_t) const override {
    seen.insert(seeds);
    return {0, 0};
  }
};

// Layers 9..11: the first whose captures can leave more than four seeds (END-1), so read a lower
// layer (docs/solve.md); every layer read lies 4 or 8 below (fours taken, CAP-II-1, CAP-II-2).
TEST(ReachableLayers, CaptureExitsReadOnlyTheirOwnResidue) {
  for (Variant variant : {Variant::hoyito2, Variant::hoyito3}) {
    const solve::MoveMaker maker(rules_of(variant), 11);
    for (int n = 9; n <= 11; ++n) {
      ReadLayers lower;
      solve::PositionMoves moves;
      for (std::uint64_t e = 0; e < maker.layer_size(n); ++e) maker.moves_of(n, e, lower, moves);
      EXPECT_FALSE(lower.seen.empty()) << "layer " << n << ": no exit read a lower layer: nothing checked";
      for (int read : lower.seen)
        EXPECT_EQ((n - read) % 4, 0) << variant_name(variant) << " layer " << n << " read layer " << read;
    }
  }
}

// C(n + 11, 11), the boards of n seeds over 12 holes, by hand: C(15, 4) = 1,365, C(19, 8) =
// 75,582, C(23, 12) = 1,352,078 (and layer 0: the empty board).
TEST(ReachableLayers, TheHeaderListsTheReachableLayers) {
  const EndgameTable table(solved_table(rules_of(Variant::hoyito2), 12, false));
  EXPECT_EQ(table.header().layer_set, LayerSet::reachable);
  EXPECT_EQ(table.header().max_seeds, 12);
  const std::vector<std::uint64_t> positions = {1, 1365, 75582, 1352078};
  ASSERT_EQ(table.header().layers.size(), positions.size());
  for (std::size_t i = 0; i < positions.size(); ++i) {
    EXPECT_EQ(table.header().layers[i].seeds, static_cast<int>(4 * i));
    EXPECT_EQ(table.header().layers[i].positions, positions[i]);
  }
  for (int n = 0; n <= 12; ++n) EXPECT_EQ(table.holds(n), n % 4 == 0) << n;
}

void expect_same_values(Variant variant, int k) {
  const EndgameTable reachable(solved_table(rules_of(variant), k, false));
  const std::string all_path = solved_table(rules_of(variant), k, true);
  const EndgameTable all(all_path);
  ASSERT_EQ(all.header().layers.size(), static_cast<std::size_t>(k + 1));
  std::uint64_t compared = 0;
  for (const TableLayer& layer : reachable.header().layers) {
    ASSERT_EQ(layer.positions, all.header().layers[static_cast<std::size_t>(layer.seeds)].positions);
    std::uint64_t differ = 0;
    for (std::uint64_t e = 0; e < layer.positions; ++e) {
      const TableValue a = reachable.entry(layer.seeds, e), b = all.entry(layer.seeds, e);
      differ += a.lo != b.lo || a.hi != b.hi;
    }
    EXPECT_EQ(differ, 0u) << variant_name(variant) << " layer " << layer.seeds;
    compared += layer.positions;
  }
  EXPECT_GT(compared, 1000000u);  // layer 12 alone has 1,352,078
}

TEST(ReachableLayers, SameValuesAsEveryLayerOnTheLayersBothHold) {
  expect_same_values(Variant::hoyito2, compared_k());
  expect_same_values(Variant::hoyito3, compared_k());
}

Position position_of(std::vector<int> board) {
  Position p;
  p.board = std::move(board);
  p.to_move = Player::south;
  int seeds = 0;
  for (int c : p.board) seeds += c;
  p.captured = {48 - seeds, 0};  // the rest captured: only the board matters to the table
  return p;
}

// A reachable K = 8 table and a made-up position of 7 seeds (layer 7, not held) and of 8 (held).
TEST(ReachableLayers, ReadersRefuseALayerNotHeldInOneLine) {
  const Rules rules = rules_of(Variant::hoyito2);
  const std::string path = solved_table(rules, 8, false);
  const EndgameTable table(path);
  const Position seven = position_of({1, 3, 0, 0, 1, 0, 2, 0, 0, 0, 0, 0});
  const Position eight = position_of({1, 3, 0, 0, 1, 0, 3, 0, 0, 0, 0, 0});
  EXPECT_TRUE(table.covers(seven, rules));  // its rules and n <= K: a table of this game, not of this layer
  try {
    table.value(seven, rules);
    ADD_FAILURE() << "a 7-seed position was read from a table without layer 7";
  } catch (const InputError& e) {
    const std::string line = e.what();
    EXPECT_NE(line.find(path), std::string::npos) << line;
    EXPECT_NE(line.find("no layer of 7 seeds"), std::string::npos) << line;
    EXPECT_EQ(line.find('\n'), std::string::npos) << line;
  }
  EXPECT_NO_THROW(table.value(eight, rules));
  const TableSet set(path);  // annotate --tables, perfect:DIR, simulate --tables, --probe
  EXPECT_THROW(set.find(seven, rules), InputError);
  EXPECT_NE(set.find(eight, rules), nullptr);
}

// solve --verify on a reachable-only table: ok, and per layer the same counts as on the
// all-layers table's same layers (verified apart).
TEST(ReachableLayers, VerifyPassesAReachableTable) {
  const Rules rules = rules_of(Variant::hoyito2);
  std::vector<solve::LayerReport> reachable, all;
  const solve::VerifyReport r = solve::verify_table(solved_table(rules, 8, false), 2,
                                                    [&](const solve::LayerReport& l) { reachable.push_back(l); });
  solve::verify_table(solved_table(rules, 8, true), 2, [&](const solve::LayerReport& l) { all.push_back(l); });
  EXPECT_TRUE(r.ok()) << r.first_bad;
  EXPECT_EQ(r.positions, 1u + 1365u + 75582u);  // layers 0, 4, 8 (by hand, above)
  ASSERT_EQ(reachable.size(), 3u);
  ASSERT_EQ(all.size(), 9u);
  for (const solve::LayerReport& l : reachable) {
    const solve::LayerReport& same = all[static_cast<std::size_t>(l.seeds)];
    EXPECT_EQ(l.positions, same.positions) << l.seeds;
    EXPECT_EQ(l.exact, same.exact) << l.seeds;
    EXPECT_EQ(l.decided, same.decided) << l.seeds;
  }
}

}  // namespace
}  // namespace hoyito
