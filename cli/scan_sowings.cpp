// `hoyito scan-sowings`: the decision lengths of the moves of random games' positions (SOW-6,
// Q-LIMIT; harness/simulate/scan_sowings.h does the work).
#include <memory>

#include "cli/commands.h"
#include "cli/validators.h"
#include "harness/simulate/scan_sowings.h"
#include "io/output.h"

namespace hoyito {

namespace {

struct ScanArgs {
  RulesArgs rules;
  std::uint64_t games = 1000;
  std::uint64_t seed = 1;
  std::uint64_t first_game = 0;
  int longest = 10;
};

int command_scan_sowings(const ScanArgs& args) {
  const ScanSpec spec{.rules = rules_from_args(args.rules),
                      .seed = args.seed,
                      .first_game = args.first_game,
                      .games = args.games,
                      .longest_kept = static_cast<std::size_t>(args.longest)};
  const ScanReport report = scan_sowings(spec);
  for (const std::string& line : scan_lines(report, spec, rules_flags(args.rules))) write_stdout(line + "\n");
  return report.interrupted ? 130 : 0;
}

}  // namespace

CommandRun add_scan_sowings(CLI::App& cmd) {
  auto args = std::make_shared<ScanArgs>();
  add_rules_options(cmd, args->rules);
  cmd.add_option("--games", args->games, "random games (the engine's sampler) whose every position is scanned")
      ->default_val(args->games)
      ->check(whole_number_in(1, 1LL << 48));
  cmd.add_option("--seed", args->seed, "random seed: game i is played from (seed, i) alone")
      ->default_val(args->seed)
      ->check(seed_digits());
  cmd.add_option("--first-game", args->first_game, "the index of the first game (split a long scan over processes)")
      ->default_val(0)
      ->check(whole_number_in(0, 1LL << 48));
  cmd.add_option("--longest", args->longest, "how many of the longest decided moves to list")
      ->default_val(args->longest)
      ->check(whole_number_in(0, 1000));
  return [args] { return command_scan_sowings(*args); };
}

}  // namespace hoyito
