// `hoyito suite`: writes the conformance suite (specs/suite.md) into a folder.
#include <filesystem>
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/validators.h"
#include "harness/base/reporter.h"
#include "harness/verify/hard_positions.h"
#include "harness/verify/suite.h"
#include "io/output.h"

namespace hoyito {

namespace {

struct SuiteArgs {
  std::string out;
  int depth = 4;
  std::uint64_t seed = 1;
  bool force = false;
  std::string search_hard;  // --search-hard FILE
};

// --search-hard FILE: the search for hard positions, written as specs/hard-positions.json is.
int search_hard(const std::string& file) {
  const std::filesystem::path folder = std::filesystem::absolute(file).parent_path();
  if (std::error_code error; !std::filesystem::is_directory(folder, error))  // said before a minute of search
    throw InputError(fmt::format("--search-hard {}: no folder {}", file, folder.string()));
  const Stopwatch clock;
  const HardPositions found = find_hard_positions(kHardSeed);
  write_whole_file(file, hard_positions_text(found, kHardSeed));
  for (const HardSearchSummary& s : found.searches)
    write_stdout(fmt::format("{} 2x{} {}: {} positions walked, longest finite sowing {} laps, longest cycle {} laps\n",
                             variant_name(s.rules.variant), s.rules.holes_per_row, s.reading, s.positions,
                             s.longest_finite, s.longest_cycle));
  write_stdout(fmt::format("{} hard positions written to {} (seed {}, {:.1f} s)\n", found.vectors.size(), file,
                           kHardSeed, clock.seconds()));
  return 0;
}

int command_suite(const SuiteArgs& args) {
  if (!args.search_hard.empty()) return search_hard(args.search_hard);
  if (args.out.empty()) throw InputError("--out: required (the folder to write), unless --search-hard is given");
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
      "({} plies), {} scenarios, {} endless positions, {} hard positions; model and engine agree on every number\n",
      kSuiteVersion, args.out, clock.seconds(), c.configurations, c.positions, args.depth, c.playthroughs, c.plies,
      c.scenarios, c.endless, c.hard));
  return 0;
}

}  // namespace

CommandRun add_suite(CLI::App& cmd) {
  auto args = std::make_shared<SuiteArgs>();
  cmd.add_option("--out", args->out, "the folder to write (must not exist, or be empty)");
  cmd.add_option("--depth", args->depth, "perft counts at depths 1..D (1 to 6)")
      ->default_val(4)
      ->check(whole_number_in(1, 6));
  cmd.add_option("--search-hard", args->search_hard,
                 "instead, run the search for hard positions (about a minute) and write its file (as "
                 "specs/hard-positions.json, which the suite and verify --engine read)");
  cmd.add_option("--seed", args->seed,
                 "seed of the playthroughs, made-up positions, endless and hard-positions searches")
      ->default_val(1)
      ->check(seed_digits());  // CLI11 alone takes -1 and 2^64 as 2^64 - 1 (issue 36 item 8)
  cmd.add_flag("--force", args->force, "replace an --out folder that holds an earlier suite and nothing else");
  return [args] { return command_suite(*args); };
}

}  // namespace hoyito
