// The bench signature, in the manner of a chess engine's bench: a fixed set of seeded games of
// every variant and size played by the engine's fast mode, and one number, a hash of every
// position reached. Any change of engine behaviour changes it; tests/bench_test.cpp holds it.
#pragma once

#include <cstdint>
#include <vector>

#include "core/rules.h"

namespace hoyito {

inline constexpr int kBenchGames = 200;  // per variant and size, as `hoyito bench` plays by default
inline constexpr std::uint64_t kBenchSeed = 20261130;  // the seed of the bench games (a date: fixed for good)

// Plays the bench games; with `sign`, returns the signature (slower: every position is read back).
std::uint64_t bench_games(int games_per_config, bool sign, long* plies);
std::uint64_t bench_signature(int games_per_config);

// `hoyito bench`: every figure measured in this one run (one thread and CPU seconds unless
// said; the thread figures in wall-clock seconds). Per variant and size: the engine's full-legality path (legal_mask + play_fast, the
// bench games) and its random player (play_random, the same number of games), and the model on
// a tenth of the games (random_game). Then simulate-style games (play_random playouts of Hoyito
// II 2x6) on 1 and 2 threads, and the exhaustive check (harness/exhaustive.h) of 2x6 boards
// with at most kBenchExhaustiveSeeds seeds on 2 threads. And the signature.
inline constexpr int kBenchExhaustiveSeeds = 5;

struct ConfigFigures {
  Variant variant = Variant::hoyito2;
  int holes_per_row = 6;
  int games = 0;
  long legal_plies = 0;  // full-legality path
  double legal_seconds = 0;
  long sampler_plies = 0;  // play_random
  double sampler_seconds = 0;
  int model_games = 0;
  long model_plies = 0;
  double model_seconds = 0;
};

struct BenchFigures {
  std::vector<ConfigFigures> configs;
  int simulate_games = 0;  // hoyito simulate (run_simulation) plays them on 1, then on 2 threads
  long simulate_plies = 0;
  double simulate_seconds_1 = 0, simulate_seconds_2 = 0;
  std::uint64_t exhaustive_positions = 0;
  double exhaustive_seconds = 0;
  std::uint64_t signature = 0;
};
BenchFigures measure_bench(int games_per_config);

}  // namespace hoyito
