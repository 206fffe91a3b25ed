// Google Benchmark measurements of the reference model and the engine side by side: one move
// (short, a long relay, a Hoyito II chain), the legal moves of a position, and a whole random
// playout, for every variant and board size.
//
// The positions are not hand-picked: at start-up, seeded random games (harness random_game,
// played by the model) are searched for the first move that ends in its first lap, the move
// with the most laps, and the first move with a chain capture. The same seed gives the same
// positions on every machine, so two runs (two commits) measure the same work:
//   build/release/bench/hoyito_benchmarks --benchmark_format=json > a.json
//   scripts/bench-compare.py a.json [b.json]     # model/engine ratios; b against a
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "engine/engine.h"
#include "engine/sides.h"
#include "harness/base/random.h"
#include "harness/games/play.h"
#include "model/model.h"

namespace hoyito {
namespace {

constexpr std::uint64_t kPositionSeed = 20261201;  // the games the benchmark positions come from
constexpr int kSearchGames = 40;                   // random games searched for them

struct MoveCase {
  Position before;
  Move move;
  std::size_t laps = 0;
};

struct Cases {
  std::optional<MoveCase> short_move, long_relay, chain;
  std::vector<Position> positions;  // for the legal-move benchmarks
};

bool has_chain(const Ply& ply) {
  return std::any_of(ply.events.begin(), ply.events.end(),
                     [](const Event& e) { return e.kind == EventKind::chain_capture; });
}

Cases find_cases(const Rules& rules) {
  Cases cases;
  for (int g = 0; g < kSearchGames; ++g) {
    const GameRecord record = random_game(rules, kPositionSeed, static_cast<std::uint64_t>(g));
    Position before = record.start;
    for (const Ply& ply : record.plies) {
      if (!ply.move.is_pass()) {
        const std::size_t laps = static_cast<std::size_t>(std::count_if(
            ply.events.begin(), ply.events.end(), [](const Event& e) { return e.kind == EventKind::lap; }));
        if (!cases.short_move && laps == 1) cases.short_move = MoveCase{before, ply.move, laps};
        if (!cases.long_relay || laps > cases.long_relay->laps) cases.long_relay = MoveCase{before, ply.move, laps};
        if (!cases.chain && has_chain(ply)) cases.chain = MoveCase{before, ply.move, laps};
        if (cases.positions.size() < 256) cases.positions.push_back(before);
      }
      before = ply.after;
    }
  }
  return cases;
}

template <typename GameT>
void move_benchmark(benchmark::State& state, Rules rules, MoveCase c) {
  for (auto _ : state) {
    GameT game(rules, c.before);
    Ply ply = game.play(c.move);
    benchmark::DoNotOptimize(ply);
  }
  state.counters["laps"] = static_cast<double>(c.laps);
  state.SetItemsProcessed(state.iterations());
}

void engine_fast_move_benchmark(benchmark::State& state, Rules rules, MoveCase c) {
  for (auto _ : state) {
    engine::Game game(rules, c.before);
    game.play_fast(c.move);
    benchmark::DoNotOptimize(game);
  }
  state.counters["laps"] = static_cast<double>(c.laps);
  state.SetItemsProcessed(state.iterations());
}

void model_legal_benchmark(benchmark::State& state, Rules rules, std::vector<Position> positions) {
  std::size_t i = 0;
  for (auto _ : state) {
    model::Game game(rules, positions[i++ % positions.size()]);
    benchmark::DoNotOptimize(game.legal_moves());
  }
  state.SetItemsProcessed(state.iterations());
}

void engine_legal_benchmark(benchmark::State& state, Rules rules, std::vector<Position> positions) {
  std::size_t i = 0;
  for (auto _ : state) {
    engine::Game game(rules, positions[i++ % positions.size()]);
    benchmark::DoNotOptimize(game.legal_mask());
  }
  state.SetItemsProcessed(state.iterations());
}

// A whole random game, the way `hoyito bench` plays it: legal moves, a uniform pick, the ply.
void model_playout_benchmark(benchmark::State& state, Rules rules) {
  std::uint64_t index = 0, plies = 0;
  for (auto _ : state) {
    SplitMix64 rng{game_seed(kPositionSeed, index++)};
    model::Game game(rules, engine::opening_position(rules));
    while (game.status() == Status::playing) {
      const std::vector<Move> legal = game.legal_moves();
      game.play(legal[rng.below(legal.size())]);
      ++plies;
    }
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(plies));  // items/s = plies per second
}

void engine_playout_benchmark(benchmark::State& state, Rules rules) {
  std::uint64_t index = 0, plies = 0;
  for (auto _ : state) {
    SplitMix64 rng{game_seed(kPositionSeed, index++)};
    engine::Game game(rules, engine::opening_position(rules));
    while (game.status() == Status::playing) {
      const std::uint64_t mask = game.legal_mask();
      std::uint64_t bits = mask;
      for (std::uint64_t pick = rng.below(static_cast<std::uint64_t>(engine::count_bits(mask))); pick > 0; --pick)
        bits &= bits - 1;
      const int bit = __builtin_ctzll(bits);
      game.play_fast(engine::move_of_bit(bit));
      ++plies;
    }
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(plies));
}

// The simulation loop of the random player: engine::Game::play_random (rejection sampling).
void engine_sampler_playout_benchmark(benchmark::State& state, Rules rules) {
  std::uint64_t index = 0, plies = 0;
  for (auto _ : state) {
    SplitMix64 rng{game_seed(kPositionSeed, index++)};
    engine::Game game(rules, engine::opening_position(rules));
    while (game.status() == Status::playing) {
      game.play_random([&rng](std::uint64_t n) { return rng.below(n); });
      ++plies;
    }
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(plies));
}

void register_all() {
  for (Variant v : {Variant::hoyito1, Variant::hoyito2, Variant::hoyito3})
    for (int n : {6, 12}) {
      Rules rules;
      rules.variant = v;
      rules.holes_per_row = n;
      const std::string config = fmt::format("{}/2x{}", variant_name(v), n);
      const Cases cases = find_cases(rules);
      const std::pair<const char*, const std::optional<MoveCase>*> moves[] = {
          {"short", &cases.short_move}, {"long_relay", &cases.long_relay}, {"chain", &cases.chain}};
      for (const auto& [kind, c] : moves) {
        if (!*c) continue;  // no chain outside Hoyito II
        benchmark::RegisterBenchmark(fmt::format("move/{}/{}/model", kind, config).c_str(), move_benchmark<model::Game>,
                                     rules, **c);
        benchmark::RegisterBenchmark(fmt::format("move/{}/{}/engine", kind, config).c_str(),
                                     move_benchmark<engine::Game>, rules, **c);
        benchmark::RegisterBenchmark(fmt::format("move_fast/{}/{}/engine", kind, config).c_str(),
                                     engine_fast_move_benchmark, rules, **c);
      }
      benchmark::RegisterBenchmark(fmt::format("legal/{}/model", config).c_str(), model_legal_benchmark, rules,
                                   cases.positions);
      benchmark::RegisterBenchmark(fmt::format("legal/{}/engine", config).c_str(), engine_legal_benchmark, rules,
                                   cases.positions);
      benchmark::RegisterBenchmark(fmt::format("playout/{}/model", config).c_str(), model_playout_benchmark, rules);
      benchmark::RegisterBenchmark(fmt::format("playout/{}/engine", config).c_str(), engine_playout_benchmark, rules);
      benchmark::RegisterBenchmark(fmt::format("playout_sampler/{}/engine", config).c_str(),
                                   engine_sampler_playout_benchmark, rules);
    }
}

}  // namespace
}  // namespace hoyito

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
  hoyito::register_all();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
