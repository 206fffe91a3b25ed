#include "harness/bench/signature.h"

#include <algorithm>
#include <ctime>
#include <iterator>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "engine/engine.h"
#include "engine/sides.h"
#include "harness/base/interrupt.h"
#include "harness/base/random.h"
#include "harness/base/reporter.h"
#include "harness/bench/plain_playout.h"
#include "harness/games/play.h"
#include "harness/simulate/simulate.h"
#include "harness/verify/exhaustive.h"

namespace hoyito {

namespace {

// FNV-1a over what a position is (board, captures, side to move): the signature depends on the
// engine's behaviour only, not on how it hashes or stores positions.
std::uint64_t mix_position(std::uint64_t h, const Position& p) {
  auto add = [&h](std::uint64_t v) { h = (h ^ v) * 0x100000001b3ULL; };
  for (int c : p.board) add(static_cast<std::uint64_t>(c));
  add(static_cast<std::uint64_t>(p.captured[0]));
  add(static_cast<std::uint64_t>(p.captured[1]));
  add(static_cast<std::uint64_t>(p.to_move));
  return h;
}

// The games of one variant and size: each game's choices come from its own seed.
Rules bench_rules(Variant v, int n) {
  Rules rules;
  rules.variant = v;
  rules.holes_per_row = n;
  return rules;
}

std::uint64_t bench_game_seed(const Rules& rules, int game) {
  return game_seed(kBenchSeed, static_cast<std::uint64_t>(game) * 8 + static_cast<std::uint64_t>(rules.variant) * 2 +
                                   (rules.holes_per_row == 12));
}

// The full-legality path, bench game `game`: the legal mask, a uniform pick among its bits (the
// pass is kPassBit), play_fast. With `signature`, every position reached is mixed into it.
long play_legal_game(const Rules& rules, int game, std::uint64_t* signature) {
  long plies = 0;
  SplitMix64 rng{bench_game_seed(rules, game)};
  engine::Game g(rules, engine::opening_position(rules));
  while (g.status() == Status::playing) {
    const std::uint64_t mask = g.legal_mask();
    std::uint64_t pick = rng.below(static_cast<std::uint64_t>(engine::count_bits(mask)));
    std::uint64_t bits = mask;
    while (pick--) bits &= bits - 1;
    const int bit = __builtin_ctzll(bits);
    g.play_fast(engine::move_of_bit(bit));
    if (signature) *signature = mix_position(*signature, g.position());
    plies += 1;
  }
  return plies;
}

// The random player of simulation (engine::Game::play_random), bench game `game`.
long play_sampler_game(const Rules& rules, int game) {
  long plies = 0;
  SplitMix64 rng{bench_game_seed(rules, game)};
  engine::Game g(rules, engine::opening_position(rules));
  while (g.status() == Status::playing) {
    g.play_random([&rng](std::uint64_t n) { return rng.below(n); });
    plies += 1;
  }
  return plies;
}

// simulate's deals 0..games-1 as simulate's random players play them on its fast path (deal
// seed game_seed(seed, deal), South first, play_random), with nothing counted: the plies.
long play_simulate_deals_bare(const Rules& rules, std::uint64_t seed, std::uint64_t games) {
  long plies = 0;
  for (std::uint64_t deal = 0; deal < games; ++deal) {
    SplitMix64 rng{game_seed(seed, deal)};
    engine::Game g(rules, engine::opening_position(rules));
    while (g.status() == Status::playing) {
      g.play_random([&rng](std::uint64_t n) { return rng.below(n); });
      plies += 1;
    }
  }
  return plies;
}

// CPU seconds of this process: the one-thread figures are taken with it, so that other work on
// a busy machine does not count (the thread-count comparison needs the wall clock, Stopwatch).
class CpuClock {
 public:
  double seconds() const { return static_cast<double>(std::clock() - start_) / CLOCKS_PER_SEC; }

 private:
  std::clock_t start_ = std::clock();
};

constexpr const char* kNoFigure = "bench: interrupted before its figures were complete, so none is given";

// Games 0, 1, 2, ... (`play_game(g)` plays game g and returns its plies) until at least
// `min_games` games and `min_plies` plies (signature.h, kBenchSamplerPlies), in CPU seconds.
template <class PlayGame>
TimedGames time_games(int min_games, long min_plies, PlayGame play_game) {
  TimedGames t;
  const CpuClock clock;
  while (t.games < min_games || t.plies < min_plies) {
    throw_if_interrupted(kNoFigure);  // a timing cut short is no figure
    t.plies += play_game(t.games++);
  }
  t.seconds = clock.seconds();
  return t;
}

constexpr Variant kVariants[] = {Variant::hoyito1, Variant::hoyito2, Variant::hoyito3};
constexpr int kSizes[] = {6, 12};

// The plain playout (harness/bench/plain_playout.h) on the sampler's bench game `game`: the same
// seed, so the same game (PlainPlayout tests).
long play_plain_game(const Rules& rules, int game) {
  SplitMix64 rng{bench_game_seed(rules, game)};
  return plain_random_game(rules.holes_per_row, rng).plies;
}

double median(std::vector<double> runs) {
  std::sort(runs.begin(), runs.end());
  const std::size_t n = runs.size();
  return n % 2 ? runs[n / 2] : (runs[n / 2 - 1] + runs[n / 2]) / 2;
}

// `hoyito simulate` itself (random against random, no games with events) on `spec`'s deals, run
// again and again: each run's wall clock, and a check that every run played the first one's games
// (the deals depend on their index alone, whatever the threads).
class SimulateTimer {
 public:
  explicit SimulateTimer(int holes_per_row, int games) {
    spec_.rules = bench_rules(Variant::hoyito2, holes_per_row);
    spec_.games = static_cast<std::uint64_t>(games);
    spec_.detail_every = 0;
  }
  double run(int threads) {
    RunOptions options;
    options.threads = threads;
    options.progress = false;
    const SimulationResult run = run_simulation(spec_, options);
    throw_if_interrupted(kNoFigure);  // run_simulation stops early at an interrupt: its time is no figure
    if (!first_) first_ = run.per_value.front();
    if (!(run.per_value.front() == *first_))
      throw std::logic_error("bench: simulate on two threads played other games");
    return run.seconds;
  }
  // The engine sampler alone over the same deals (nothing counted), on this thread: its wall clock.
  double run_sampler(long& plies) const {
    const Stopwatch clock;
    plies = play_simulate_deals_bare(spec_.rules, spec_.seed, spec_.games);
    const double seconds = clock.seconds();
    throw_if_interrupted(kNoFigure);
    return seconds;
  }
  long plies() const { return static_cast<long>(first_->length.sum); }  // plies of every game

 private:
  SimulationSpec spec_;
  std::optional<Statistics> first_;
};

// simulate on one thread and on two (2x6), and on one thread against the sampler alone (2x6
// and 2x12): the runs alternated, kBenchSimulateRuns of each, the median of each kept
// (harness/bench/signature.h says why not the fastest).
void measure_simulate(BenchFigures& f, const std::function<void(const std::string&)>& progress) {
  for (const int n : kSizes) {
    const int games = n == 6 ? kBenchSimulateGames : kBenchSimulateGames12;
    SimulateTimer timer(n, games);
    SimulateOverSampler o{n, games, 0, 0, {}, {}, 0, 0};
    for (int r = 0; r < kBenchSimulateRuns; ++r) {
      progress(fmt::format("simulate 2x{}, run {} of {}", n, r + 1, kBenchSimulateRuns));
      o.simulate_runs.push_back(timer.run(1));
      o.sampler_runs.push_back(timer.run_sampler(o.sampler_plies));
      if (n == 6) f.simulate_runs_2.push_back(timer.run(2));
    }
    o.simulate_plies = timer.plies();
    o.simulate_seconds = median(o.simulate_runs);
    o.sampler_seconds = median(o.sampler_runs);
    if (n == 6) {
      f.simulate_games = games;
      f.simulate_plies = o.simulate_plies;
      f.simulate_runs_1 = o.simulate_runs;
      f.simulate_seconds_1 = o.simulate_seconds;
      f.simulate_seconds_2 = median(f.simulate_runs_2);
    }
    f.over_sampler.push_back(std::move(o));
  }
}

}  // namespace

std::uint64_t bench_games(int games_per_config, bool sign, long* plies_out) {
  std::uint64_t signature = 0xcbf29ce484222325ULL;
  long plies = 0;
  for (Variant v : kVariants)
    for (int n : kSizes)
      for (int g = 0; g < games_per_config; ++g) {
        throw_if_interrupted(kNoFigure);  // a signature of part of the games is no signature
        plies += play_legal_game(bench_rules(v, n), g, sign ? &signature : nullptr);
      }
  if (plies_out) *plies_out = plies;
  return signature;
}

std::uint64_t bench_signature(int games_per_config) { return bench_games(games_per_config, true, nullptr); }

BenchFigures measure_bench(int games_per_config, const std::function<void(const std::string&)>& progress) {
  BenchFigures f;
  const std::size_t configs = std::size(kVariants) * std::size(kSizes);
  for (Variant v : kVariants)
    for (int n : kSizes) {
      progress(fmt::format("{} 2x{} ({} of {})", variant_name(v), n, f.configs.size() + 1, configs));
      const Rules rules = bench_rules(v, n);
      ConfigFigures c;
      c.variant = v;
      c.holes_per_row = n;
      c.legal = time_games(games_per_config, kBenchLegalPlies,
                           [&rules](int g) { return play_legal_game(rules, g, nullptr); });
      c.sampler =
          time_games(games_per_config, kBenchSamplerPlies, [&rules](int g) { return play_sampler_game(rules, g); });
      c.model = time_games(1, kBenchModelPlies, [&rules](int g) {
        return static_cast<long>(random_game(rules, kBenchSeed, static_cast<std::uint64_t>(g)).plies.size());
      });
      if (v == Variant::hoyito2)
        c.plain =
            time_games(games_per_config, kBenchSamplerPlies, [&rules](int g) { return play_plain_game(rules, g); });
      f.configs.push_back(c);
    }

  measure_simulate(f, progress);

  progress("exhaustive");
  const Stopwatch exhaustive_clock;
  f.exhaustive_positions = exhaustive_check(6, kBenchExhaustiveSeeds, 2, nullptr).positions;
  f.exhaustive_seconds = exhaustive_clock.seconds();
  throw_if_interrupted(kNoFigure);  // so does exhaustive_check

  progress("the signature");
  f.signature = bench_signature(games_per_config);
  return f;
}

}  // namespace hoyito
