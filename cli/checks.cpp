// `hoyito exhaustive`, `hoyito perft`, `hoyito bench`, and `verify --full`.
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include "cli/commands.h"
#include "core/record.h"
#include "engine/engine.h"
#include "harness/bench.h"
#include "harness/exhaustive.h"
#include "harness/perft.h"
#include "harness/play.h"
#include "model/model.h"

namespace hoyito {

namespace {

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

template <typename G>
std::uint64_t timed_perft(const Rules& rules, int depth, double& seconds) {
  const auto start = Clock::now();
  G game(rules, start_position(rules));
  const std::uint64_t n = perft(game, depth);
  seconds = seconds_since(start);
  return n;
}

}  // namespace

int command_exhaustive(const ExhaustiveArgs& args) {
  if (args.holes != 6 && args.holes != 12) throw InputError(fmt::format("--holes: {} is not 6 or 12", args.holes));
  if (args.max_seeds < 0 || args.max_seeds > 40)
    throw InputError(fmt::format("--max-seeds: {} is not from 0 to 40", args.max_seeds));
  const auto start = Clock::now();
  const std::uint64_t boards = count_boards(2 * args.holes, args.max_seeds);
  std::cout << fmt::format("exhaustive: 2x{}, every board with at most {} seeds ({} boards), {} thread(s)\n", args.holes,
                           args.max_seeds, boards, args.threads)
            << std::flush;
  const bool terminal = isatty(STDOUT_FILENO);
  const ExhaustiveCounts c = exhaustive_check(args.holes, args.max_seeds, args.threads, [&](std::uint64_t done, std::uint64_t all) {
    if (terminal)
      std::cout << fmt::format("\r  {} / {} boards ({:.0f}%) {:.0f} s", done, all, 100.0 * static_cast<double>(done) / static_cast<double>(all),
                               seconds_since(start))
                << std::flush;
  });
  if (terminal) std::cout << "\r" << std::string(60, ' ') << "\r";
  std::cout << fmt::format("exhaustive 2x{} max {} seeds: {} boards, {} configurations, {} positions, {} moves checked, "
                           "{} disagreements ({:.1f} s)\n",
                           args.holes, args.max_seeds, c.boards, c.configurations, c.positions, c.moves, c.disagreements,
                           seconds_since(start));
  if (c.first) {
    const std::string path = args.out.empty() ? "exhaustive-disagreement.json" : args.out;
    std::ofstream(path) << boost::json::serialize(disagreement_to_json(
                               *c.first, shrink(*c.first),
                               fmt::format("hoyito exhaustive --holes {} --max-seeds {}", args.holes, args.max_seeds), 0))
                        << "\n";
    std::cout << fmt::format("first disagreement written to {} (hoyito replay {})\n", path, path);
  }
  return c.disagreements == 0 ? 0 : 1;
}

int command_perft(const RulesArgs& rules_args, const PerftArgs& args) {
  const Rules rules = make_rules(rules_args);
  if (args.depth < 0 || args.depth > 20) throw InputError(fmt::format("--depth: {} is not from 0 to 20", args.depth));
  if (args.impl != "model" && args.impl != "engine" && args.impl != "both")
    throw InputError(fmt::format("--impl: '{}' is not model, engine or both", args.impl));
  const int n = rules.holes_per_row;
  auto run = [&](auto tag, const char* name) -> std::uint64_t {
    using G = typename decltype(tag)::type;
    const auto start = Clock::now();
    G game(rules, start_position(rules));
    std::uint64_t total = 0;
    if (args.divide) {
      for (const auto& [ply, count] : perft_divide(game, args.depth)) {
        std::cout << fmt::format("{}: {}\n", move_text(ply, n), count);
        total += count;
      }
    } else {
      total = perft(game, args.depth);
    }
    std::cout << fmt::format("perft {} {} 2x{} depth {}: {} ({:.2f} s)\n", name, variant_name(rules.variant), n,
                             args.depth, total, seconds_since(start));
    return total;
  };
  struct ModelTag { using type = model::Game; };
  struct EngineTag { using type = engine::Game; };
  if (args.impl == "model") return run(ModelTag{}, "model"), 0;
  if (args.impl == "engine") return run(EngineTag{}, "engine"), 0;
  const std::uint64_t a = run(ModelTag{}, "model");
  const std::uint64_t b = run(EngineTag{}, "engine");
  if (a != b) {
    std::cout << "model and engine DISAGREE (use --divide on both to find the first ply)\n";
    return 1;
  }
  return 0;
}

int command_bench(const BenchArgs& args) {
  const auto start = Clock::now();
  long plies = 0;
  bench_games(args.games, false, &plies);  // speed: the fast mode alone
  const double engine_seconds = seconds_since(start);
  const std::uint64_t signature = bench_signature(args.games);
  // The model on the same first games, for the speed ratio measured in this run.
  const int model_games = std::max(1, args.games / 10);
  const auto model_start = Clock::now();
  long model_plies = 0;
  for (Variant v : {Variant::hoyito1, Variant::hoyito2, Variant::hoyito3})
    for (int n : {6, 12}) {
      Rules rules;
      rules.variant = v;
      rules.holes_per_row = n;
      for (int g = 0; g < model_games; ++g) model_plies += static_cast<long>(random_game(rules, 20261130, static_cast<std::uint64_t>(g)).plies.size());
    }
  const double model_seconds = seconds_since(model_start);
  const double engine_rate = static_cast<double>(plies) / engine_seconds;
  const double model_rate = static_cast<double>(model_plies) / model_seconds;
  std::cout << fmt::format("engine: {} games, {} plies in {:.2f} s: {:.0f} plies/s, {:.0f} games/s\n", 6 * args.games, plies,
                           engine_seconds, engine_rate, 6 * args.games / engine_seconds);
  std::cout << fmt::format("model:  {} games, {} plies in {:.2f} s: {:.0f} plies/s\n", 6 * model_games, model_plies,
                           model_seconds, model_rate);
  std::cout << fmt::format("engine/model speed ratio (plies per second, this run): {:.1f}\n", engine_rate / model_rate);
  std::cout << fmt::format("bench signature: {}\n", signature);
  return 0;
}

int run_full_checks(const VerifyArgs& args) {
  int failures = 0;
  ExhaustiveArgs ex;
  ex.threads = args.threads;
  for (auto [holes, seeds] : {std::pair{6, args.exhaustive_seeds_2x6}, std::pair{12, args.exhaustive_seeds_2x12}}) {
    ex.holes = holes;
    ex.max_seeds = seeds;
    ex.out = fmt::format("{}/exhaustive-2x{}-disagreement.json", args.out, holes);
    failures += command_exhaustive(ex);
  }
  for (Variant v : {Variant::hoyito1, Variant::hoyito2, Variant::hoyito3})
    for (int n : {6, 12}) {
      Rules rules;
      rules.variant = v;
      rules.holes_per_row = n;
      const int max_depth = n == 6 ? args.perft_depth_2x6 : args.perft_depth_2x12;
      for (int depth = 1; depth <= max_depth; ++depth) {
        double model_seconds = 0, engine_seconds = 0;
        const auto m = timed_perft<model::Game>(rules, depth, model_seconds);
        const auto e = timed_perft<engine::Game>(rules, depth, engine_seconds);
        const bool same = m == e;
        failures += !same;
        if (!same || depth == max_depth)
          std::cout << fmt::format("perft {} 2x{} depth {}: model {}, engine {} {} ({:.1f} s / {:.1f} s)\n", variant_name(v),
                                   n, depth, m, e, same ? "agree" : "DISAGREE", model_seconds, engine_seconds);
      }
    }
  return failures;
}

}  // namespace hoyito
