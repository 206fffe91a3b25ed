// The `hoyito` program: one command line for every job of the harness.
//
//   hoyito verify      the main job: scenarios, random games written, read back and replayed
//   hoyito rules       every rule ID and every option
//   hoyito random      uniformly random games as JSON Lines
//   hoyito apply       play moves from a position and print the record
//   hoyito replay      validate records
//   hoyito show        a record's board as text
//
// Bad input of any kind ends with one line on stderr and exit code 2. main.cpp calls run_cli;
// the command-line fuzz target calls it too.
#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/app.h"
#include "cli/commands.h"
#include "cli/simulate.h"

using namespace hoyito;

namespace {

// The rules options every command that plays takes.
void add_rules_options(CLI::App* cmd, RulesArgs& args) {
  cmd->add_option("--variant", args.variant, "hoyito1, hoyito2 or hoyito3")->default_val("hoyito2");
  cmd->add_option("--holes", args.holes, "holes per row: 6 or 12")->default_val(6);
  cmd->add_option("--seeds-per-hole", args.seeds_per_hole, "seeds per hole at the start (BRD-3)")->default_val(4);
  cmd->add_option("--round", args.round, "Hoyito III match round (MATCH-1)")->default_val(1);
  cmd->add_option("--previous-winner", args.previous_winner, "Hoyito III: south, north or draw");
  cmd->add_option("--option", args.options, "a rules option NAME=VALUE (repeatable; see `hoyito rules`)");
}

}  // namespace

int hoyito::run_cli(int argc, const char* const* argv) {
  CLI::App app{"hoyito: rules verification and simulation for Hoyito I, II and III"};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "help on every command");

  RulesArgs rules_args;

  auto* rules_cmd = app.add_subcommand("rules", "every rule ID with a summary, and every option");
  bool rules_json = false;
  rules_cmd->add_flag("--json", rules_json, "print as JSON");

  auto* random_cmd = app.add_subcommand("random", "uniformly random games, one record per line");
  RandomArgs random_args;
  add_rules_options(random_cmd, rules_args);
  random_cmd->add_option("--games", random_args.games, "number of games")->default_val(1);
  random_cmd->add_option("--seed", random_args.seed, "random seed; the same seed gives the same games")->default_val(1);
  random_cmd->add_option("--out", random_args.out, "output file (default: standard output)");

  auto* apply_cmd = app.add_subcommand("apply", "play moves from a position and print the game record");
  ApplyArgs apply_args;
  add_rules_options(apply_cmd, rules_args);
  apply_cmd->add_option("--position", apply_args.position, "start position: JSON text or a file (default: the start)");
  apply_cmd->add_option("--moves", apply_args.moves, "moves, e.g. \"c A pass b\"")->required();

  auto* replay_cmd = app.add_subcommand("replay", "validate every record of a file (a record, or JSON Lines)");
  std::string replay_file;
  replay_cmd->add_option("FILE", replay_file, "record file")->required();

  auto* show_cmd = app.add_subcommand("show", "a record's board as text");
  std::string show_file;
  int show_ply = -1;
  show_cmd->add_option("FILE", show_file, "record file")->required();
  show_cmd->add_option("--ply", show_ply, "the position after ply K (0: the start; default: the last)");
  int show_record = 1;
  show_cmd->add_option("--record", show_record, "which record of a JSON Lines file (from 1)")->default_val(1);

  auto* verify_cmd = app.add_subcommand("verify", "the main job: scenarios and random games, checked");
  VerifyArgs verify_args;
  verify_cmd->add_option("--games", verify_args.games, "lockstep games per 2x6 configuration (2x12: a quarter)")
      ->default_val(verify_args.games);
  verify_cmd->add_option("--record-games", verify_args.record_games, "records per variant and size written and replayed")
      ->default_val(verify_args.record_games);
  verify_cmd->add_option("--seed", verify_args.seed, "random seed")->default_val(verify_args.seed);
  verify_cmd->add_option("--seconds", verify_args.seconds, "stop starting games after this many seconds (0: none)")
      ->default_val(verify_args.seconds);
  verify_cmd->add_option("--threads", verify_args.threads, "worker threads")->default_val(verify_args.threads);
  verify_cmd->add_option("--variant", verify_args.variant, "only this variant");
  verify_cmd->add_option("--holes", verify_args.holes, "only this board size (6 or 12)");
  verify_cmd->add_option("--config", verify_args.config, "only the configuration of this name");
  verify_cmd->add_option("--game", verify_args.game, "only this game number (reproduces one game)");
  verify_cmd->add_flag("--full", verify_args.full, "add the exhaustive small-scope and perft checks");
  verify_cmd->add_flag("--fail-fast", verify_args.fail_fast, "stop at the first failure (for mutation testing)");
  verify_cmd
      ->add_option("--game-timeout", verify_args.game_timeout,
                   "seconds after which a lockstep game is reported as hung (exit 1)")
      ->default_val(verify_args.game_timeout)
      ->check(CLI::PositiveNumber);
  verify_cmd
      ->add_option("--skip", verify_args.skip,
                   "leave out these checks (comma-separated: scenarios, records, limits, lockstep, matches)")
      ->delimiter(',')
      ->check(CLI::IsMember({"scenarios", "records", "limits", "lockstep", "matches"}));
  verify_cmd->add_option("--out", verify_args.out, "folder for the games written")->default_val(verify_args.out);
  verify_cmd->add_option("--specs", verify_args.specs, "the specs folder")->default_val(verify_args.specs);

  const std::vector<std::string> commands = {"verify", "rules", "random", "apply", "replay",
                                               "show", "exhaustive", "perft", "bench", "simulate", "merge"};
  if (argc > 1 && argv[1][0] != '-' && std::find(commands.begin(), commands.end(), argv[1]) == commands.end()) {
    std::string names;
    for (const auto& name : commands) names += (names.empty() ? "" : ", ") + name;
    std::cerr << fmt::format("hoyito: unknown command '{}' (commands: {})\n", argv[1], names);
    return 2;
  }
  auto* exhaustive_cmd = app.add_subcommand("exhaustive", "every small board, every move: model against engine");
  ExhaustiveArgs exhaustive_args;
  exhaustive_cmd->add_option("--holes", exhaustive_args.holes, "holes per row: 6 or 12")->default_val(6);
  exhaustive_cmd->add_option("--max-seeds", exhaustive_args.max_seeds, "at most this many seeds on the board")->default_val(16);
  exhaustive_cmd->add_option("--threads", exhaustive_args.threads, "worker threads")->default_val(2);
  exhaustive_cmd->add_option("--out", exhaustive_args.out, "file for the first disagreement");

  auto* perft_cmd = app.add_subcommand("perft", "count the ply sequences of exactly D plies from the start");
  PerftArgs perft_args;
  add_rules_options(perft_cmd, rules_args);
  perft_cmd->add_option("--depth", perft_args.depth, "plies")->required();
  perft_cmd->add_flag("--divide", perft_args.divide, "the count below each first ply");
  perft_cmd->add_option("--impl", perft_args.impl, "model, engine or both (compared)")->default_val("both");

  auto* bench_cmd = app.add_subcommand("bench", "seeded engine games: speed, and the signature of every position");
  BenchArgs bench_args;
  bench_cmd->add_option("--games", bench_args.games, "games per variant and size")->default_val(bench_args.games);
  const CommandRunner run_simulate = add_simulate_command(app, add_rules_options);
  const CommandRunner run_merge = add_merge_command(app);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);
    std::cerr << "hoyito: " << e.what() << "\n";
    return 2;
  }

  try {
    if (*rules_cmd) return command_rules(rules_json);
    if (*random_cmd) return command_random(rules_args, random_args);
    if (*apply_cmd) return command_apply(rules_args, apply_args);
    if (*replay_cmd) return command_replay(replay_file);
    if (*show_cmd) return command_show(show_file, show_ply, show_record);
    if (*verify_cmd) return command_verify(verify_args);
    if (*exhaustive_cmd) return command_exhaustive(exhaustive_args);
    if (*perft_cmd) return command_perft(rules_args, perft_args);
    if (*bench_cmd) return command_bench(bench_args);
    if (const auto code = run_simulate()) return *code;
    if (const auto code = run_merge()) return *code;
  } catch (const InputError& e) {
    std::cerr << "hoyito: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "hoyito: internal error: " << e.what() << "\n";
    return 3;
  }
  return 2;
}
