// A plain playout: Hoyito II random games written the obvious way (an array board, seed by seed,
// no tables, no bit tricks), apart from the engine and the model. It is the baseline `hoyito
// bench` measures the engine's random player (engine::Game::play_random) against (issue 33: the
// sampler should be well above it), so it plays the very same games: default options only, the
// sampler's draw order (engine/game.h, play_random), endless sowings (SOW-6) decided exactly by
// Brent's cycle finding over a long sowing's lap-end states. tests/harness/bench/plain_playout_test.cpp
// checks that both play the same plies from the same draws.
#pragma once

#include <cstdint>

#include "harness/base/random.h"

namespace hoyito {

struct PlainGame {
  long plies = 0;
  std::uint64_t ply_hash = 0;  // FNV-1a of the plies in order (hole + 2, 1 for the pass)
  int captured[2] = {0, 0};
  bool finished = false;  // END-1; otherwise the ply limit (END-3) stopped it
};

// One Hoyito II game on 2x`holes_per_row` (6 or 12) from the opening (four a hole, South first),
// the random player on both sides drawing from `rng`.
PlainGame plain_random_game(int holes_per_row, SplitMix64& rng);

}  // namespace hoyito
