// `hoyito exhaustive`, `hoyito perft` and `hoyito bench`.
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/validators.h"
#include "core/output.h"
#include "core/record.h"
#include "engine/engine.h"
#include "harness/bench.h"
#include "harness/campaign.h"
#include "harness/checks/checks.h"
#include "harness/perft.h"
#include "model/model.h"
#include "version.h"  // generated: HOYITO_VERSION, HOYITO_COMMIT

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
  std::string json;           // --json FILE
};

struct BenchArgs {
  int games = kBenchGames;
  std::string json;  // --json FILE
};

// The fields every --json file of these commands starts with (specs/command-result.schema.json).
boost::json::object result_header(const char* format) {
  return {{"format", format}, {"version", HOYITO_VERSION}, {"commit", HOYITO_COMMIT}};
}

// `document` as the file `path`, or nothing when no --json was asked for.
void write_result(std::optional<WholeFile>& file, const boost::json::object& document) {
  if (!file) return;
  file->write(boost::json::serialize(document) + "\n");
  file->commit();
}

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

// Perft (or divide) of one implementation from the start; prints the count and the time, and
// returns them as an entry of the --json file's "implementations".
template <GameImplementation G>
boost::json::object print_perft(const Rules& rules, const PerftArgs& args, const char* name) {
  const Stopwatch clock;
  const G game(rules, start_position(rules));
  std::uint64_t total = 0;
  boost::json::value divide = nullptr;
  if (args.divide) {
    boost::json::array below;
    for (const auto& [ply, count] : perft_divide(game, args.depth)) {
      std::cout << fmt::format("{}: {}\n", move_text(ply, rules.holes_per_row), count);
      below.push_back(boost::json::object{{"move", move_text(ply, rules.holes_per_row)}, {"count", count}});
      total += count;
    }
    divide = std::move(below);
  } else {
    total = perft(game, args.depth);
  }
  const double seconds = clock.seconds();
  std::cout << fmt::format("perft {} {} 2x{} depth {}: {} ({:.2f} s)\n", name, variant_name(rules.variant),
                           rules.holes_per_row, args.depth, total, seconds);
  return {{"name", name}, {"count", total}, {"seconds", seconds}, {"divide", std::move(divide)}};
}

int command_perft(const PerftArgs& args) {
  const Rules rules = make_rules(args.rules);
  if (args.impl != "model" && args.impl != "engine" && args.impl != "both")
    throw InputError(fmt::format("--impl: '{}' is not model, engine or both", args.impl));
  std::optional<WholeFile> json_file;  // made first: a path that cannot be written fails at once
  if (!args.json.empty()) json_file.emplace(args.json);
  boost::json::array runs;
  if (args.impl != "engine") runs.push_back(print_perft<model::Game>(rules, args, "model"));
  if (args.impl != "model") runs.push_back(print_perft<engine::Game>(rules, args, "engine"));
  const bool both = runs.size() == 2;
  const bool agree = !both || runs[0].as_object().at("count") == runs[1].as_object().at("count");
  if (!agree) std::cout << "model and engine DISAGREE (use --divide on both to find the first ply)\n";
  boost::json::object document = result_header("hoyito-perft-result/1");
  document["rules"] = to_json(rules);
  document["depth"] = args.depth;
  document["implementations"] = std::move(runs);
  document["agree"] = both ? boost::json::value(agree) : boost::json::value(nullptr);
  document["exit_code"] = agree ? 0 : 1;
  write_result(json_file, document);
  return agree ? 0 : 1;
}

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
  cmd.add_option("--json", args->json, "also write the counts as JSON to this file (specs/command-result.schema.json)");
  return [args] { return command_perft(*args); };
}

CommandRun add_bench(CLI::App& cmd) {
  auto args = std::make_shared<BenchArgs>();
  cmd.add_option("--games", args->games, "games per variant and size (at least 1)")->default_val(kBenchGames)->check(at_least(1));
  cmd.add_option("--json", args->json, "also write the figures and the signature as JSON to this file (specs/command-result.schema.json)");
  return [args] { return command_bench(*args); };
}

}  // namespace hoyito
