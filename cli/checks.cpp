// `hoyito exhaustive`, `hoyito perft` and `hoyito bench`.
#include <filesystem>
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/validators.h"
#include "core/output.h"
#include "engine/engine.h"
#include "harness/bench.h"
#include "harness/campaign.h"
#include "harness/checks/checks.h"
#include "harness/perft.h"
#include "model/model.h"

namespace hoyito {

namespace {

struct ExhaustiveArgs {
  int holes = 6;
  int max_seeds = 16;
  int threads = 2;
  std::string out;  // where the first disagreement goes
};

struct PerftArgs {
  RulesArgs rules;
  int depth = 1;
  bool divide = false;
  std::string impl = "both";  // model, engine or both
};

int command_exhaustive(const ExhaustiveArgs& args) {
  Reporter reporter = Reporter::to_stdout();
  std::string out = args.out;
  if (out.empty()) {
    out = default_output_path("exhaustive-disagreement.json");
    make_folder(std::filesystem::path(out).parent_path().string(), "--out");
  }
  // A file that cannot be written is found now, not after the search (WholeFile checks it).
  const std::filesystem::path parent = std::filesystem::path(out).parent_path();
  if (!parent.empty() && !std::filesystem::is_directory(parent))
    throw OutputError(fmt::format("--out {}: cannot write: no folder {}", out, parent.string()));
  const CheckResult result = run_exhaustive_pass(args.holes, args.max_seeds, args.threads, out, reporter);
  if (result.failures == 0 && !interrupted()) reporter.line(fmt::format("no disagreement: nothing written to {}", out));
  return result.failures == 0 ? 0 : 1;
}

// Perft (or divide) of one implementation from the start; prints the count and the time.
template <GameImplementation G>
std::uint64_t print_perft(const Rules& rules, const PerftArgs& args, const char* name) {
  const Stopwatch clock;
  const G game(rules, start_position(rules));
  std::uint64_t total = 0;
  if (args.divide) {
    for (const auto& [ply, count] : perft_divide(game, args.depth)) {
      std::cout << fmt::format("{}: {}\n", move_text(ply, rules.holes_per_row), count);
      total += count;
    }
  } else {
    total = perft(game, args.depth);
  }
  std::cout << fmt::format("perft {} {} 2x{} depth {}: {} ({:.2f} s)\n", name, variant_name(rules.variant),
                           rules.holes_per_row, args.depth, total, clock.seconds());
  return total;
}

int command_perft(const PerftArgs& args) {
  const Rules rules = make_rules(args.rules);
  if (args.impl != "model" && args.impl != "engine" && args.impl != "both")
    throw InputError(fmt::format("--impl: '{}' is not model, engine or both", args.impl));
  if (args.impl == "model") return print_perft<model::Game>(rules, args, "model"), 0;
  if (args.impl == "engine") return print_perft<engine::Game>(rules, args, "engine"), 0;
  const std::uint64_t a = print_perft<model::Game>(rules, args, "model");
  const std::uint64_t b = print_perft<engine::Game>(rules, args, "engine");
  if (a != b) {
    std::cout << "model and engine DISAGREE (use --divide on both to find the first ply)\n";
    return 1;
  }
  return 0;
}

int command_bench(int games) {
  const BenchFigures f = measure_bench(games);
  auto rate = [](double count, double seconds) { return seconds > 0 ? count / seconds : 0.0; };
  std::cout << "plies per CPU second, one thread, measured in this run (engine: legal_mask + play_fast on the bench\n"
               "games, and the random player play_random on as many; model: a tenth of the games):\n";
  std::cout << fmt::format("{:<12} {:>14} {:>14} {:>12} {:>13} {:>15}\n", "config", "engine legal", "engine sampler",
                           "model", "legal/model", "sampler/model");
  for (const ConfigFigures& c : f.configs) {
    const double legal = rate(static_cast<double>(c.legal_plies), c.legal_seconds);
    const double sampler = rate(static_cast<double>(c.sampler_plies), c.sampler_seconds);
    const double model = rate(static_cast<double>(c.model_plies), c.model_seconds);
    std::cout << fmt::format("{:<12} {:>14.0f} {:>14.0f} {:>12.0f} {:>13.1f} {:>15.1f}\n",
                             fmt::format("{} 2x{}", variant_name(c.variant), c.holes_per_row), legal, sampler, model,
                             legal / model, sampler / model);
  }
  const double one = rate(f.simulate_games, f.simulate_seconds_1), two = rate(f.simulate_games, f.simulate_seconds_2);
  std::cout << fmt::format("simulate (run_simulation, random vs random, hoyito2 2x6, {} games, {} plies): 1 thread {:.0f} games/s, "
                           "2 threads {:.0f} games/s (wall clock), ratio {:.2f}\n",
                           f.simulate_games, f.simulate_plies, one, two, two / one);
  std::cout << fmt::format("exhaustive (2x6, at most {} seeds, 2 threads): {} positions in {:.2f} s: {:.0f} positions/s\n",
                           kBenchExhaustiveSeeds, f.exhaustive_positions, f.exhaustive_seconds,
                           rate(static_cast<double>(f.exhaustive_positions), f.exhaustive_seconds));
  std::cout << fmt::format("bench signature: {}\n", f.signature);
  return 0;
}

}  // namespace

CommandRun add_exhaustive(CLI::App& cmd) {
  auto args = std::make_shared<ExhaustiveArgs>();
  cmd.add_option("--holes", args->holes, "holes per row: 6 or 12")->default_val(6)->check(CLI::IsMember({6, 12}));
  cmd.add_option("--max-seeds", args->max_seeds, "at most this many seeds on the board (1 to 40)")
      ->default_val(16)
      ->check(CLI::Range(1, 40));
  cmd.add_option("--threads", args->threads, "worker threads (1 to 256)")->default_val(2)->check(threads_range());
  cmd.add_option("--out", args->out,
                 "file for the first disagreement (default: exhaustive-disagreement.json in the user's cache folder, "
                 "$XDG_CACHE_HOME/hoyito or ~/.cache/hoyito)");
  return [args] { return command_exhaustive(*args); };
}

CommandRun add_perft(CLI::App& cmd) {
  auto args = std::make_shared<PerftArgs>();
  add_rules_options(cmd, args->rules);
  cmd.add_option("--depth", args->depth, "plies (0 to 20)")->required()->check(CLI::Range(0, 20));
  cmd.add_flag("--divide", args->divide, "the count below each first ply");
  cmd.add_option("--impl", args->impl, "model, engine or both (compared)")->default_val("both");
  return [args] { return command_perft(*args); };
}

CommandRun add_bench(CLI::App& cmd) {
  auto games = std::make_shared<int>(kBenchGames);
  cmd.add_option("--games", *games, "games per variant and size (at least 1)")->default_val(kBenchGames)->check(at_least(1));
  return [games] { return command_bench(*games); };
}

}  // namespace hoyito
