// `hoyito bench`: the speeds and ratios measured in one run, and the bench signature.
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/result_file.h"
#include "cli/validators.h"
#include "harness/base/reporter.h"
#include "harness/bench/protocol.h"
#include "harness/bench/signature.h"
#include "harness/games/engine_session.h"

namespace hoyito {

namespace {

struct BenchArgs {
  int games = kBenchGames;
  std::string json;  // --json FILE
};

// This program's path, to serve its own engine over the protocol.
std::string own_path() {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  return error ? std::string("hoyito") : self.string();
}

// Plies per second through the protocol (`hoyito serve --impl engine`: legal, then play, a ply),
// printed beside the in-process engine's of the same variant and size; returned for --json.
boost::json::object protocol_figures(const BenchFigures& f) {
  const std::string command = fmt::format("'{}' serve --impl engine", own_path());
  const TimedGames t = measure_protocol(command, kBenchProtocolPlies);
  const double over_protocol = t.seconds > 0 ? static_cast<double>(t.plies) / t.seconds : 0.0;
  double in_process = 0;
  for (const ConfigFigures& c : f.configs)
    if (c.variant == Variant::hoyito2 && c.holes_per_row == 6 && c.legal.seconds > 0)
      in_process = static_cast<double>(c.legal.plies) / c.legal.seconds;
  std::cout << fmt::format(
      "protocol (hoyito2 2x6 over `hoyito serve --impl engine`: legal, then play + state + events, a "
      "round trip each, wall clock): {} games, {} plies in {:.2f} s: {:.0f} plies/s; in process "
      "(engine legal): {:.0f} plies/s, {:.0f} times as fast\n",
      t.games, t.plies, t.seconds, over_protocol, in_process, over_protocol > 0 ? in_process / over_protocol : 0.0);
  return {{"command", command},
          {"games", t.games},
          {"plies", t.plies},
          {"seconds", t.seconds},
          {"plies_per_second", over_protocol},
          {"in_process_plies_per_second", in_process}};
}

double rate(double count, double seconds) { return seconds > 0 ? count / seconds : 0.0; }

// simulate --threads 1 against the engine sampler alone over the same deals, on both boards
// (issue 33: simulate's bookkeeping may cost at most about 10%): plies per second of each, median
// runs, and their ratio; "the same games" is checked by their ply totals, never assumed.
void print_simulate_over_sampler(const BenchFigures& f, boost::json::object& document) {
  boost::json::array out;
  for (const SimulateOverSampler& o : f.over_sampler) {
    const double simulate = rate(static_cast<double>(o.simulate_plies), o.simulate_seconds);
    const double sampler = rate(static_cast<double>(o.sampler_plies), o.sampler_seconds);
    const bool same_games = o.sampler_plies == o.simulate_plies;
    std::cout << fmt::format(
        "simulate --threads 1 over the engine sampler alone, hoyito2 2x{}, the same {} deals ({}): "
        "{:.0f} plies/s over {:.0f} plies/s: ratio {:.2f} (goal 0.9 or more)\n",
        o.holes_per_row, o.games, same_games ? "same plies" : "OTHER GAMES: no ratio", simulate, sampler,
        same_games ? rate(simulate, sampler) : 0.0);
    out.push_back({{"holes_per_row", o.holes_per_row},
                   {"games", o.games},
                   {"simulate_plies_per_second", simulate},
                   {"sampler_plies_per_second", sampler},
                   {"simulate_runs", boost::json::value_from(o.simulate_runs)},
                   {"sampler_runs", boost::json::value_from(o.sampler_runs)},
                   {"same_games", same_games},
                   {"ratio", same_games ? rate(simulate, sampler) : 0.0}});
  }
  document["simulate_over_sampler"] = std::move(out);
}

// The engine sampler against the plain playout (harness/bench/plain_playout.h) over the same
// bench games, CPU seconds (issue 33: the sampler at least 1.5 times the plain loop).
void print_sampler_over_plain(const BenchFigures& f, boost::json::object& document) {
  boost::json::array out;
  for (const ConfigFigures& c : f.configs) {
    if (!c.plain) continue;
    const double sampler = rate(static_cast<double>(c.sampler.plies), c.sampler.seconds);
    const double plain = rate(static_cast<double>(c.plain->plies), c.plain->seconds);
    const bool same_games = c.plain->plies == c.sampler.plies && c.plain->games == c.sampler.games;
    std::cout << fmt::format(
        "engine sampler over the plain playout, {} 2x{}, the same {} games ({}): {:.0f} plies/s over {:.0f} "
        "plies/s: ratio {:.2f} (goal 1.5 or more)\n",
        variant_name(c.variant), c.holes_per_row, c.sampler.games, same_games ? "same plies" : "OTHER GAMES: no ratio",
        sampler, plain, same_games ? rate(sampler, plain) : 0.0);
    out.push_back({{"variant", variant_name(c.variant)},
                   {"holes_per_row", c.holes_per_row},
                   {"sampler_plies_per_second", sampler},
                   {"plain_plies_per_second", plain},
                   {"same_games", same_games},
                   {"ratio", same_games ? rate(sampler, plain) : 0.0}});
  }
  document["sampler_over_plain"] = std::move(out);
}

int command_bench(const BenchArgs& args) {
  std::optional<WholeFile> json_file;  // made first: a path that cannot be written fails at once
  if (!args.json.empty()) json_file.emplace(args.json);
  const Stopwatch clock;  // a minute's run says what it measures, on stderr (issue 36 item 13)
  const BenchFigures f = measure_bench(args.games, [&clock](const std::string& step) {
    std::cerr << fmt::format("bench: {:.0f} s: measuring {}\n", clock.seconds(), step) << std::flush;
  });
  boost::json::object document = result_header("hoyito-bench-result/3");
  document["games"] = args.games;
  boost::json::array configs;
  auto plies_per_second = [](const TimedGames& t) { return rate(static_cast<double>(t.plies), t.seconds); };
  std::cout << fmt::format(
      "plies per CPU second, one thread, measured in this run: whole games 0, 1, 2, ... of the bench seeds until\n"
      "{} plies (engine legal: legal_mask + play_fast), {} (engine sampler: the random player play_random), {} "
      "(model):\n",
      kBenchLegalPlies, kBenchSamplerPlies, kBenchModelPlies);
  std::cout << fmt::format("{:<12} {:>14} {:>14} {:>12} {:>13} {:>15}  {}\n", "config", "engine legal",
                           "engine sampler", "model", "legal/model", "sampler/model",
                           "games (legal, sampler, model), CPU seconds");
  for (const ConfigFigures& c : f.configs) {
    const double legal = plies_per_second(c.legal), sampler = plies_per_second(c.sampler),
                 model = plies_per_second(c.model);
    std::cout << fmt::format(
        "{:<12} {:>14.0f} {:>14.0f} {:>12.0f} {:>13.1f} {:>15.1f}  {}, {}, {} games, {:.2f}, {:.2f}, {:.2f} s\n",
        fmt::format("{} 2x{}", variant_name(c.variant), c.holes_per_row), legal, sampler, model, rate(legal, model),
        rate(sampler, model), c.legal.games, c.sampler.games, c.model.games, c.legal.seconds, c.sampler.seconds,
        c.model.seconds);
    auto timed = [](const TimedGames& t) {
      return boost::json::object{{"games", t.games}, {"plies", t.plies}, {"cpu_seconds", t.seconds}};
    };
    configs.push_back(boost::json::object{
        {"variant", variant_name(c.variant)},
        {"holes_per_row", c.holes_per_row},
        {"engine_legal", legal},
        {"engine_sampler", sampler},
        {"model", model},
        {"legal_over_model", rate(legal, model)},
        {"sampler_over_model", rate(sampler, model)},
        {"timed",
         {{"engine_legal", timed(c.legal)}, {"engine_sampler", timed(c.sampler)}, {"model", timed(c.model)}}}});
  }
  document["configs"] = std::move(configs);
  const double one = rate(f.simulate_games, f.simulate_seconds_1), two = rate(f.simulate_games, f.simulate_seconds_2);
  auto seconds_list = [](const std::vector<double>& runs) {
    std::string out;
    for (const double s : runs) out += fmt::format("{}{:.2f}", out.empty() ? "" : ", ", s);
    return out;
  };
  std::cout << fmt::format(
      "simulate (run_simulation, random vs random, hoyito2 2x6, {} games, {} plies, wall clock): "
      "1 thread {:.2f} s, {:.0f} games/s; 2 threads {:.2f} s, {:.0f} games/s (the median of {} runs "
      "each, alternated: 1 thread {} s, 2 threads {} s); ratio {:.2f}\n",
      f.simulate_games, f.simulate_plies, f.simulate_seconds_1, one, f.simulate_seconds_2, two, kBenchSimulateRuns,
      seconds_list(f.simulate_runs_1), seconds_list(f.simulate_runs_2), rate(two, one));
  print_sampler_over_plain(f, document);
  print_simulate_over_sampler(f, document);
  std::cout << fmt::format(
      "exhaustive (2x6, at most {} seeds, 2 threads): {} positions in {:.2f} s: {:.0f} positions/s\n",
      kBenchExhaustiveSeeds, f.exhaustive_positions, f.exhaustive_seconds,
      rate(static_cast<double>(f.exhaustive_positions), f.exhaustive_seconds));
  document["protocol"] = protocol_figures(f);
  std::cout << fmt::format("bench signature: {}\n", f.signature);
  document["simulate"] = {{"games", f.simulate_games},
                          {"plies", f.simulate_plies},
                          {"seconds_1_thread", f.simulate_seconds_1},
                          {"seconds_2_threads", f.simulate_seconds_2},
                          {"runs_1_thread", boost::json::value_from(f.simulate_runs_1)},
                          {"runs_2_threads", boost::json::value_from(f.simulate_runs_2)},
                          {"games_per_second_1_thread", one},
                          {"games_per_second_2_threads", two},
                          {"ratio", rate(two, one)}};
  document["exhaustive"] = {
      {"max_seeds", kBenchExhaustiveSeeds},
      {"positions", f.exhaustive_positions},
      {"seconds", f.exhaustive_seconds},
      {"positions_per_second", rate(static_cast<double>(f.exhaustive_positions), f.exhaustive_seconds)}};
  document["signature"] = f.signature;
  write_result(json_file, document);
  return 0;
}

}  // namespace

CommandRun add_bench(CLI::App& cmd) {
  auto args = std::make_shared<BenchArgs>();
  cmd.add_option("--games", args->games,
                 "bench games per variant and size: the signature's, and the fewest timed (at least 1)")
      ->default_val(kBenchGames)
      ->check(at_least(1));
  cmd.add_option("--json", args->json,
                 "also write the figures and the signature as JSON to this file (specs/command-result.schema.json)");
  return [args] { return command_bench(*args); };
}

}  // namespace hoyito
