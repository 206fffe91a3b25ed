// The commands of the `hoyito` program. Each command is one line of the table in cli/app.cpp:
// its name, what it does, and a function that adds its options to its CLI11 subcommand and
// returns what runs it once the command line is parsed. The commands map flags to options and
// print; the work is done in harness/ (by job: verify/, simulate/, annotate/, bench/).
//
//   cli/rules.cpp    rules (and the rules options every command that plays takes)
//   cli/records.cpp  random, apply;  cli/replay.cpp replay;  cli/show.cpp show
//   cli/verify.cpp   verify
//   cli/exhaustive.cpp exhaustive;  cli/perft.cpp perft;  cli/bench.cpp bench
//   cli/annotate.cpp annotate;  cli/examples.cpp examples;  cli/rulebook.cpp rulebook
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/game.h"

namespace hoyito {

// Runs a parsed command; returns its exit code (0 success, 1 a check failed, 2 bad input).
using CommandRun = std::function<int()>;
// Adds a command's options to its subcommand; the CommandRun reads them when it runs.
using AddCommand = CommandRun (*)(CLI::App& command);

struct Command {
  const char* name;
  const char* description;
  AddCommand add;
};

CommandRun add_rules(CLI::App& command);
CommandRun add_random(CLI::App& command);
CommandRun add_apply(CLI::App& command);
CommandRun add_replay(CLI::App& command);
CommandRun add_show(CLI::App& command);
CommandRun add_verify(CLI::App& command);
CommandRun add_exhaustive(CLI::App& command);
CommandRun add_perft(CLI::App& command);
CommandRun add_bench(CLI::App& command);
CommandRun add_annotate(CLI::App& command);      // cli/annotate.cpp
CommandRun add_examples(CLI::App& command);      // cli/examples.cpp
CommandRun add_simulate(CLI::App& command);      // cli/simulate.cpp
CommandRun add_scan_sowings(CLI::App& command);  // cli/scan_sowings.cpp
CommandRun add_merge(CLI::App& command);         // cli/merge.cpp
CommandRun add_serve(CLI::App& command);         // cli/serve.cpp
CommandRun add_suite(CLI::App& command);         // cli/suite.cpp
CommandRun add_solve(CLI::App& command);         // cli/solve.cpp
CommandRun add_rulebook(CLI::App& command);      // cli/rulebook.cpp

// The rules options of every command that plays: --variant, --holes, --seeds-per-hole, --round,
// --previous-winner, --option NAME=VALUE.
struct RulesArgs {
  std::string variant = "hoyito2";
  int holes = 6;
  int seeds_per_hole = 4;
  int round = 1;
  std::string previous_winner;
  std::vector<std::string> options;  // NAME=VALUE
};
void add_rules_options(CLI::App& command, RulesArgs& args);
Rules rules_from_args(const RulesArgs& args);  // throws InputError
// The rules flags that make `args` again (" --variant hoyito2 --holes 12 --option lap_limit=30"),
// for the commands that reproduce one game (an undecided one: Q-LIMIT).
std::string rules_flags(const RulesArgs& args);

// "hoyito VERSION (commit HASH)": from CMake and git at configure time ("unknown" outside git).
std::string version_text();
// Where a default output named `name` goes, so that none lands in the current folder unasked:
// $XDG_CACHE_HOME/hoyito/NAME, else ~/.cache/hoyito/NAME, else TMPDIR/hoyito/NAME.
std::string default_output_path(const std::string& name);
// The specs folder: share/hoyito/specs beside an installed program, else the source tree's.
std::string default_specs_folder();

// True when an executable file `name` is in a folder of $PATH (a program a command will run).
bool on_path(const std::string& name);
// Throws OutputError "FLAG PATH: ..." when the folder `path` could not be made or written in,
// without making it: a run that ends by writing there fails before it starts.
void check_folder_writable(const std::string& path, const char* flag);

// A start position from --position: JSON text or a file (io/record.h); throws InputError naming
// it, and for an empty board (END-1: the game has ended).
Position read_position(const std::string& text_or_file, const Rules& rules);
// The board as text: North on top (seen from South, so F..A), South below (a..f).
std::string board_text(const Position& position, int holes_per_row, bool to_move = true);

}  // namespace hoyito
