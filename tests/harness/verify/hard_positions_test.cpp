// The hard-positions search (harness/verify/hard_positions.h): every finite vector ends at the lap
// it states and every endless one repeats at the laps it states, each checked by a plain lap walk
// written here from the rule text (SOW-1..5, CAP-I-1, G2), apart from the search's walker and the
// model; the 76-lap target is met where the 75-lap cap of issue 32 must be found (Hoyito II with 4
// seeds a hole on 2x6 and 2x12, default rules), as a legal move of a position of the game's seed
// total; the search is the same for the same seed.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <limits>
#include <numeric>
#include <set>

#include "harness/verify/hard_positions.h"
#include "model/model.h"

namespace hoyito {
namespace {

// The committed file (tests/docs/hard_positions_fresh.sh checks it is what the search writes now),
// every vector measured again by the model on reading.
const HardPositions& found() {
  static const HardPositions positions = load_hard_positions(
      std::string(HOYITO_SOURCE_DIR) + "/specs/" + kHardPositionsFile, std::numeric_limits<std::int64_t>::max());
  return positions;
}

// A lap-end state: the board, then the hole the lap's last seed fell into.
using LapEnd = std::pair<std::vector<int>, int>;

// One lap from `hole`: every seed lifted and sown one a hole into the next holes (SOW-1, SOW-2);
// in Hoyito I a seed that is not the lap's last and makes four on a hole the mover may take is
// captured there (CAP-I-1). Returns the hole of the last seed.
int sow_one_lap(const Rules& rules, Player mover, std::vector<int>& board, int hole) {
  const int size = static_cast<int>(board.size());
  int seeds = board[hole];
  board[hole] = 0;
  while (seeds-- > 0) {
    hole = (hole + 1) % size;
    board[hole] += 1;
    const bool takeable =
        rules.options.capture_sides == CaptureSides::both || (hole < size / 2) != (mover == Player::south);
    if (rules.variant == Variant::hoyito1 && seeds > 0 && board[hole] == 4 && takeable) board[hole] = 0;
  }
  return hole;
}

// The move ends when its last seed fell into an empty hole (SOW-4) or made a four it takes (G2, G3).
bool lap_ends_move(const Rules& rules, Player mover, const std::vector<int>& board, int hole) {
  const int size = static_cast<int>(board.size());
  const bool takeable =
      rules.options.capture_sides == CaptureSides::both || (hole < size / 2) != (mover == Player::south);
  return board[hole] == 1 || (board[hole] == 4 && takeable);
}

// The lap-end states of a move, laps 1..most (fewer when it ends first).
std::vector<LapEnd> lap_ends(const HardPosition& v, std::int64_t most) {
  std::vector<int> board = v.position.board;
  int hole = v.moves.front().hole();
  std::vector<LapEnd> out;
  for (std::int64_t lap = 1; lap <= most; ++lap) {
    hole = sow_one_lap(v.rules, v.position.to_move, board, hole);
    out.emplace_back(board, hole);
    if (lap_ends_move(v.rules, v.position.to_move, board, hole)) break;
  }
  return out;
}

TEST(HardPositions, FiniteSowingsEndAtTheirStatedLap) {
  int finite = 0;
  for (const HardPosition& v : found().vectors) {
    if (v.kind != "finite") continue;
    ASSERT_FALSE(v.rules.options.skip_origin);  // the walk here has no SOW-3
    const std::vector<LapEnd> laps = lap_ends(v, v.laps + 1);
    EXPECT_EQ(static_cast<std::int64_t>(laps.size()), v.laps) << v.name();
    EXPECT_GE(v.laps, v.target) << v.name();
    finite += 1;
  }
  EXPECT_GE(finite, 2);  // 76 laps on Hoyito II 2x6 and 2x12 at least (below)
}

// Lap by lap, keeping only lap M's state (and, for cycles short enough to hold, every state):
// the move never ends by lap L, and lap L's state is lap M's and none before it.
TEST(HardPositions, EndlessSowingsRepeatAtTheirStatedLaps) {
  int endless = 0;
  for (const HardPosition& v : found().vectors) {
    if (v.kind != "endless") continue;
    const bool keep_all = v.laps <= 200'000;
    std::set<LapEnd> seen;
    LapEnd at_m, state{v.position.board, v.moves.front().hole()};
    for (std::int64_t lap = 1; lap <= v.laps; ++lap) {
      state.second = sow_one_lap(v.rules, v.position.to_move, state.first, state.second);
      ASSERT_FALSE(lap_ends_move(v.rules, v.position.to_move, state.first, state.second))
          << v.name() << " ends at lap " << lap;
      if (lap == v.repeated_lap) at_m = state;
      if (keep_all && lap < v.laps) {
        EXPECT_TRUE(seen.insert(state).second) << v.name() << ": lap " << lap << " repeats";
      }
    }
    EXPECT_EQ(state, at_m) << v.name();
    if (keep_all) {
      EXPECT_TRUE(seen.count(state)) << v.name();
    }
    endless += 1;
  }
  EXPECT_GE(endless, 6);
}

int seeds_of(const Position& p) {
  return std::accumulate(p.board.begin(), p.board.end(), p.captured[0] + p.captured[1]);
}

// Issue 32: an engine that caps finite sowings at 75 laps fails on Hoyito II with default rules.
TEST(HardPositions, SeventySixLapsMetForHoyito2WithDefaultRules) {
  for (int n : {6, 12}) {
    const auto it = std::find_if(found().vectors.begin(), found().vectors.end(), [&](const HardPosition& v) {
      return v.kind == "finite" && v.target == 76 && v.reading == "defaults" && v.rules.variant == Variant::hoyito2 &&
             v.rules.holes_per_row == n;
    });
    ASSERT_NE(it, found().vectors.end()) << "2x" << n;
    EXPECT_EQ(it->rules, hard_readings(Variant::hoyito2, n).front().second);
    EXPECT_EQ(seeds_of(it->position), 8 * n);  // the start's 48 or 96 seeds
    EXPECT_GE(it->laps, 76);
    const std::vector<Move> legal = model::Game(it->rules, it->position).legal_moves();
    EXPECT_NE(std::find(legal.begin(), legal.end(), it->moves.front()), legal.end()) << it->name();
    EXPECT_EQ(cap_effect(*it, 75).rfind("a 75-lap cap refuses this finite move", 0), 0u);
  }
}

TEST(HardPositions, EveryVectorHoldsTheGamesSeeds) {
  for (const HardPosition& v : found().vectors)
    EXPECT_EQ(seeds_of(v.position), v.rules.holes() * v.rules.seeds_per_hole) << v.name();
}

// A stale file is refused: a lap count the model does not find, named with the file.
TEST(HardPositions, AStaleFileIsRefused) {
  HardPositions changed = found();
  auto it = std::find_if(changed.vectors.begin(), changed.vectors.end(),
                         [](const HardPosition& v) { return v.kind == "finite"; });
  ASSERT_NE(it, changed.vectors.end());
  it->laps += 1;
  const std::string path = std::string(HOYITO_BINARY_DIR) + "/hard-positions-stale.json";
  {
    std::ofstream out(path);
    out << hard_positions_text(changed, kHardSeed);
  }
  try {
    load_hard_positions(path, std::numeric_limits<std::int64_t>::max());
    FAIL() << "a stale file was read";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("the file is stale"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace hoyito
