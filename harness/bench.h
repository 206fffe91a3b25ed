// The bench signature, in the manner of a chess engine's bench: a fixed set of seeded games of
// every variant and size played by the engine's fast mode, and one number, a hash of every
// position reached. Any change of engine behaviour changes it; tests/bench_test.cpp holds it.
#pragma once

#include <cstdint>

namespace hoyito {

inline constexpr int kBenchGames = 200;  // per variant and size, as `hoyito bench` plays by default
inline constexpr std::uint64_t kBenchSeed = 20261130;  // the seed of the bench games (a date: fixed for good)

// Plays the bench games; with `sign`, returns the signature (slower: every position is read back).
std::uint64_t bench_games(int games_per_config, bool sign, long* plies);
std::uint64_t bench_signature(int games_per_config);

// `hoyito bench`: the engine's speed on the bench games (fast mode, unsigned), the model's on a
// tenth of them (the same seed, so alike games), both measured in this run, and the signature.
struct BenchFigures {
  int engine_games = 0;
  long engine_plies = 0;
  double engine_seconds = 0;
  int model_games = 0;
  long model_plies = 0;
  double model_seconds = 0;
  std::uint64_t signature = 0;
};
BenchFigures measure_bench(int games_per_config);

}  // namespace hoyito
