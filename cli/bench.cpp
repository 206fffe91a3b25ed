// `hoyito bench`: the speeds and ratios measured in one run, and the bench signature.
#include <iostream>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/result_file.h"
#include "cli/validators.h"
#include "harness/bench.h"

namespace hoyito {

namespace {

struct BenchArgs {
  int games = kBenchGames;
  std::string json;  // --json FILE
};

int command_bench(const BenchArgs& args) {
  std::optional<WholeFile> json_file;  // made first: a path that cannot be written fails at once
  if (!args.json.empty()) json_file.emplace(args.json);
  const BenchFigures f = measure_bench(args.games);
  boost::json::object document = result_header("hoyito-bench-result/1");
  document["games"] = args.games;
  boost::json::array configs;
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
    configs.push_back(boost::json::object{{"variant", variant_name(c.variant)}, {"holes_per_row", c.holes_per_row},
                                          {"engine_legal", legal}, {"engine_sampler", sampler}, {"model", model},
                                          {"legal_over_model", rate(legal, model)},
                                          {"sampler_over_model", rate(sampler, model)}});
  }
  document["configs"] = std::move(configs);
  const double one = rate(f.simulate_games, f.simulate_seconds_1), two = rate(f.simulate_games, f.simulate_seconds_2);
  std::cout << fmt::format("simulate (run_simulation, random vs random, hoyito2 2x6, {} games, {} plies): 1 thread {:.0f} games/s, "
                           "2 threads {:.0f} games/s (wall clock), ratio {:.2f}\n",
                           f.simulate_games, f.simulate_plies, one, two, two / one);
  std::cout << fmt::format("exhaustive (2x6, at most {} seeds, 2 threads): {} positions in {:.2f} s: {:.0f} positions/s\n",
                           kBenchExhaustiveSeeds, f.exhaustive_positions, f.exhaustive_seconds,
                           rate(static_cast<double>(f.exhaustive_positions), f.exhaustive_seconds));
  std::cout << fmt::format("bench signature: {}\n", f.signature);
  document["simulate"] = {{"games", f.simulate_games}, {"plies", f.simulate_plies}, {"games_per_second_1_thread", one},
                          {"games_per_second_2_threads", two}, {"ratio", rate(two, one)}};
  document["exhaustive"] = {{"max_seeds", kBenchExhaustiveSeeds}, {"positions", f.exhaustive_positions},
                            {"seconds", f.exhaustive_seconds},
                            {"positions_per_second", rate(static_cast<double>(f.exhaustive_positions), f.exhaustive_seconds)}};
  document["signature"] = f.signature;
  write_result(json_file, document);
  return 0;
}

}  // namespace

CommandRun add_bench(CLI::App& cmd) {
  auto args = std::make_shared<BenchArgs>();
  cmd.add_option("--games", args->games, "games per variant and size (at least 1)")->default_val(kBenchGames)->check(at_least(1));
  cmd.add_option("--json", args->json, "also write the figures and the signature as JSON to this file (specs/command-result.schema.json)");
  return [args] { return command_bench(*args); };
}

}  // namespace hoyito
