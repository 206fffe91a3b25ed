// Perft: the number of ply sequences of exactly `depth` plies from a game's current state, as
// chess engines count them. A forced pass is a ply; a finished game contributes nothing below
// it; with the default options an endless move is not legal, and a player whose every move is
// endless passes. Divide gives the count below each first ply, to find where two implementations
// part. Templated on the game type: any GameImplementation (core/implementation.h).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/implementation.h"
#include "harness/base/interrupt.h"

namespace hoyito {

// The engine's fast mode when the game type has one, else play().
template <GameImplementation G>
void play_ply(G& game, Move ply) {
  if constexpr (FastGame<G>)
    game.play_fast(ply);
  else
    game.play(ply);
}

template <GameImplementation G>
std::uint64_t perft(const G& game, int depth) {
  if (depth == 0) return 1;
  // A partial count is no figure: at an interrupt the walk is abandoned (checked only at the
  // top plies, where a subtree takes long enough for the check to cost nothing).
  if (depth >= 4) throw_if_interrupted("perft: the walk was not complete, so no count is given");
  std::uint64_t count = 0;
  for (Move ply : game.legal_moves()) {  // empty once the game is over
    G next = game;
    play_ply(next, ply);
    count += perft(next, depth - 1);
  }
  return count;
}

template <GameImplementation G>
std::vector<std::pair<Move, std::uint64_t>> perft_divide(const G& game, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> out;
  if (depth == 0) return out;
  for (Move ply : game.legal_moves()) {
    G next = game;
    play_ply(next, ply);
    out.emplace_back(ply, perft(next, depth - 1));
  }
  return out;
}

}  // namespace hoyito
