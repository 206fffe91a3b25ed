// Alpha-beta search on the engine's public API, for the `search:D` player of `hoyito simulate`
// and for annotated games (what each legal move gains).
//
// The value of a position is the captured-seed difference, the player to move's captures minus
// the opponent's, looked at after `depth` plies (or earlier, at the end of the game). A ply is a
// move or a forced pass (PASS-1/2/3); an extra move (CAP-II-3, CAP-III-3) is a ply of the same
// player, who maximises again instead of handing the choice to the opponent. With the default
// G6 (`endless_sowing = illegal`) endless moves are not among the legal plies; with `void` an
// endless move ends the game void and is valued at the captures as they stand.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/engine.h"
#include "harness/base/random.h"

namespace hoyito::search {

struct MoveValue {
  Move move;      // a hole, or the pass
  int value = 0;  // captured-seed difference for the player to move, `depth` plies on
  bool operator==(const MoveValue&) const = default;
};

// The exact value of every legal ply of `game` searched to `depth` plies (depth >= 1 counts the
// ply itself), in the order of the legal plies (ascending holes, or the single pass). Empty once
// the game is over. Throws UndecidedMove when `game` itself, or one of its plies, is undecided
// (Q-LIMIT: rare, about one 2x12 game in a million meets it). A position deeper in the tree that
// is undecided: with `Inside::leaf` (a player's choice) it is valued as it stands, as a leaf, and
// counted (undecided_leaves), so that a line the game may never play does not end the game; with
// `Inside::refuse` (annotate's quality line, which claims exact values) UndecidedMove is thrown.
enum class Inside { leaf, refuse };
std::vector<MoveValue> move_values(const engine::Game& game, int depth, Inside inside = Inside::leaf);

// The value of the position itself for its player to move, searched to `depth` plies (0: the
// captured-seed difference now).
int position_value(const engine::Game& game, int depth);

// One of the best plies of move_values(game, depth), drawn uniformly among those of equal value.
// The game must still be playing.
Move choose_best(const engine::Game& game, int depth, SplitMix64& rng);

// How many positions or plies this thread's searches met undecided inside the tree (Q-LIMIT) and
// valued as they stood, since the thread began.
std::uint64_t undecided_leaves();

// The captured-seed difference now, for the player to move.
int capture_difference(const engine::Game& game);

}  // namespace hoyito::search
