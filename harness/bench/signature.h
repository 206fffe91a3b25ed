// The bench signature, in the manner of a chess engine's bench: a fixed set of seeded games of
// every variant and size played by the engine's fast mode, and one number, a hash of every
// position reached. Any change of engine behaviour changes it; tests/harness/bench/bench_test.cpp holds it.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include <cstdint>
#include <vector>

#include "core/rules.h"

namespace hoyito {

inline constexpr int kBenchGames = 200;                // per variant and size, as `hoyito bench` plays by default
inline constexpr std::uint64_t kBenchSeed = 20261130;  // the seed of the bench games (a date: fixed for good)

// Plays the bench games; with `sign`, returns the signature (slower: every position is read back).
std::uint64_t bench_games(int games_per_config, bool sign, long* plies);
std::uint64_t bench_signature(int games_per_config);

// `hoyito bench`: every figure measured in this one run (one thread and CPU seconds unless
// said; the thread figures in wall-clock seconds). Per variant and size: the engine's
// full-legality path (legal_mask + play_fast) and its random player (play_random) on games 0, 1,
// 2, ... of the bench seeds, and the model (random_game) on its own seeded games. Then
// `hoyito simulate` itself (run_simulation, random against random, Hoyito II 2x6) on 1 and 2
// threads, and the exhaustive check (harness/verify/exhaustive.h) of 2x6 boards with at most
// kBenchExhaustiveSeeds seeds on 2 threads. And the signature (the --games bench games alone).
inline constexpr int kBenchExhaustiveSeeds = 5;

// The work each figure is timed over: whole games, in order, until at least this many plies (and
// at least the --games bench games), so the same games in every run, a quarter to half a CPU
// second each on an idle machine. A few hundred games are not enough: the cost of a game has a
// long tail (the rare move whose endless sowing, SOW-6, is decided by the cycle detector and
// the search for its first exact repeat: one Hoyito II 2x6 game of the first 200 took a quarter
// of their 2 ms): a small sample's mean depends on whether it holds such a game.
inline constexpr long kBenchLegalPlies = 2'000'000;    // legal_mask + play_fast, ~5-8M plies/s idle
inline constexpr long kBenchSamplerPlies = 6'000'000;  // play_random, ~20-28M plies/s idle
inline constexpr long kBenchModelPlies = 200'000;      // the model, ~0.6-1.3M plies/s idle
// simulate's deals, the same on 1 and on 2 threads: about two seconds on one thread of an idle
// machine, so that what does not scale with the games (starting and joining the threads, the
// first touch of each thread's memory) does not count. Run kBenchSimulateRuns times each,
// alternately, and the median of each kept: on these virtual machines a lone thread sometimes
// runs a fifth faster than usual (0.74 s against 0.77-0.96 s for 200,000 games), so the fastest
// run, which a busy machine's noise would call for, made a lucky one-thread run the measure.
inline constexpr int kBenchSimulateGames = 500'000;
inline constexpr int kBenchSimulateRuns = 3;
// The 2x12 deals of simulate --threads 1 against the sampler alone: about as many plies as the
// 2x6 deals (a random 2x12 game is some 25 times longer).
inline constexpr int kBenchSimulateGames12 = 20'000;

// Whole games timed on one thread: how many, their plies, the CPU seconds they took.
struct TimedGames {
  int games = 0;
  long plies = 0;
  double seconds = 0;
};

struct ConfigFigures {
  Variant variant = Variant::hoyito2;
  int holes_per_row = 6;
  TimedGames legal;    // full-legality path
  TimedGames sampler;  // play_random
  TimedGames model;
  // Hoyito II only: the plain playout (harness/bench/plain_playout.h) over the sampler's games,
  // the baseline the sampler is measured against (issue 33: at least 1.5 times as fast).
  std::optional<TimedGames> plain;
};

// simulate --threads 1 against the engine sampler alone (play_random, nothing counted) over the
// same deals of one board, timed side by side on the wall clock: what simulate's bookkeeping costs.
struct SimulateOverSampler {
  int holes_per_row = 6;
  int games = 0;
  long simulate_plies = 0, sampler_plies = 0;  // equal when the two played the same games
  std::vector<double> simulate_runs, sampler_runs;
  double simulate_seconds = 0, sampler_seconds = 0;  // the median runs
};

struct BenchFigures {
  std::vector<ConfigFigures> configs;
  int simulate_games = 0;  // hoyito simulate (run_simulation) plays them on 1, then on 2 threads
  long simulate_plies = 0;
  std::vector<double> simulate_runs_1, simulate_runs_2;   // wall clock of each run, in run order
  double simulate_seconds_1 = 0, simulate_seconds_2 = 0;  // wall clock, the median run of each
  // Hoyito II 2x6 (its simulate runs are the one-thread runs above) and 2x12.
  std::vector<SimulateOverSampler> over_sampler;
  std::uint64_t exhaustive_positions = 0;
  double exhaustive_seconds = 0;
  std::uint64_t signature = 0;
};
// `progress` is told each step as it starts ("hoyito2 2x6 (1 of 6)", "simulate, run 1 of 5"),
// so that a run of a minute is not silent (cli/bench.cpp prints it on stderr).
BenchFigures measure_bench(int games_per_config, const std::function<void(const std::string&)>& progress);

}  // namespace hoyito
