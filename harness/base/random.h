// Random numbers the same on every platform: the generator of random games and the seed of
// each game of a run (seed, index), for every job and the runner alike.
#pragma once

#include <cstdint>

namespace hoyito {

// A small, portable random generator (splitmix64): the same numbers on every platform.
struct SplitMix64 {
  std::uint64_t state;
  // Inline: one draw a ply in the random player's loop (a call cost a tenth of a ply, callgrind).
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // n is at most 25: bias is negligible. (A division; an exact multiply-only remainder, Lemire's
  // fastmod with 128-bit constants, was no faster on these machines: measured, README.)
  std::uint64_t below(std::uint64_t n) { return next() % n; }
};
// The seed of game `index` of a run seeded `seed`.
std::uint64_t game_seed(std::uint64_t seed, std::uint64_t index);

}  // namespace hoyito
