// The random player's games for an instruction count (README, Performance): GAMES games of
// play_random (engine::Game, as `hoyito simulate` plays them) of one variant and size, from
// seed 7, then the plies played and a hash of them (the same games before and after a change).
//   valgrind --tool=callgrind --toggle-collect='*play_games*' build/release/bench/sampler_plies 1 6 2000
// Ir / plies is the cost of a ply, the whole game loop (Game construction included, start-up not).
// Usage: sampler_plies VARIANT(0, 1, 2 for Hoyito I, II, III) HOLES_PER_ROW(6 or 12) GAMES
#include <cstdio>
#include <cstdlib>

#include "engine/engine.h"
#include "engine/sides.h"
#include "harness/base/random.h"

namespace {

using namespace hoyito;

[[gnu::noinline]] void play_games(const Rules& rules, int games, std::uint64_t& plies, std::uint64_t& hash) {
  const Position start = engine::opening_position(rules);
  for (int g = 0; g < games; ++g) {
    SplitMix64 rng{game_seed(7, static_cast<std::uint64_t>(g))};
    engine::Game game(rules, start);
    while (game.status() == Status::playing) {
      const Move ply = game.play_random([&rng](std::uint64_t n) { return rng.below(n); });
      hash = (hash ^ static_cast<std::uint64_t>(ply.index() + 2)) * 0x100000001b3ULL;  // FNV-1a of the plies
      ++plies;
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  const int variant = argc == 4 ? std::atoi(argv[1]) : -1;
  const int n = argc == 4 ? std::atoi(argv[2]) : 0;
  const int games = argc == 4 ? std::atoi(argv[3]) : 0;
  if (variant < 0 || variant > 2 || (n != 6 && n != 12) || games < 1) {
    std::fprintf(stderr, "usage: sampler_plies VARIANT(0-2) HOLES_PER_ROW(6|12) GAMES(>=1)\n");
    return 2;
  }
  Rules rules;
  rules.variant = static_cast<Variant>(variant);
  rules.holes_per_row = n;
  std::uint64_t plies = 0, hash = 0xcbf29ce484222325ULL;
  play_games(rules, games, plies, hash);
  std::printf("plies %llu hash %016llx\n", static_cast<unsigned long long>(plies),
              static_cast<unsigned long long>(hash));
  return 0;
}
