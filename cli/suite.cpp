// `hoyito suite`: writes the conformance suite (specs/suite.md) into a folder.
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/validators.h"
#include "harness/base/reporter.h"
#include "harness/verify/suite.h"
#include "io/output.h"

namespace hoyito {

namespace {

struct SuiteArgs {
  std::string out;
  int depth = 4;
  std::uint64_t seed = 1;
  bool force = false;
};

int command_suite(const SuiteArgs& args) {
  const Stopwatch clock;
  SuiteOptions options;
  options.depth = args.depth;
  options.seed = args.seed;
  options.specs_folder = default_specs_folder();
  options.generator = version_text();
  Suite suite;
  try {
    suite = build_suite(options);
  } catch (const SuiteDisagreement& e) {
    std::cerr << fmt::format("hoyito suite: NOT written: {}\n", e.what());
    return 1;
  }
  write_suite(suite, args.out, args.force);
  const SuiteCounts& c = suite.counts;
  write_stdout(fmt::format(
      "suite {} written to {} ({:.1f} s): {} perft configurations, {} positions (depths 1..{}), {} playthroughs "
      "({} plies), {} scenarios, {} endless positions; model and engine agree on every number\n",
      kSuiteVersion, args.out, clock.seconds(), c.configurations, c.positions, args.depth, c.playthroughs, c.plies,
      c.scenarios, c.endless));
  return 0;
}

}  // namespace

CommandRun add_suite(CLI::App& cmd) {
  auto args = std::make_shared<SuiteArgs>();
  cmd.add_option("--out", args->out, "the folder to write (must not exist, or be empty)")->required();
  cmd.add_option("--depth", args->depth, "perft counts at depths 1..D (1 to 6)")
      ->default_val(4)
      ->check(whole_number_in(1, 6));
  cmd.add_option("--seed", args->seed, "seed of the playthroughs, made-up positions and endless search")
      ->default_val(1)
      ->check(seed_digits());  // CLI11 alone takes -1 and 2^64 as 2^64 - 1 (issue 36 item 8)
  cmd.add_flag("--force", args->force, "replace an --out folder that holds an earlier suite and nothing else");
  return [args] { return command_suite(*args); };
}

}  // namespace hoyito
