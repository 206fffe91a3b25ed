// `hoyito simulate`: flags to a SimulationSpec, the run, and its outputs (table on stdout,
// progress on stderr, --json, --csv, --charts). Bad flag values end with one line and exit 2.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <thread>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/commands.h"
#include "cli/validators.h"
#include "harness/base/campaign.h"
#include "harness/simulate/report.h"
#include "harness/simulate/simulate.h"
#include "io/output.h"
#include "io/record.h"
#include "version.h"

namespace hoyito {

namespace {

struct SimulateArgs {
  RulesArgs rules;
  std::uint64_t games = 10000;
  std::vector<std::string> players{"random", "random"};
  int threads = 0;  // 0: every core
  std::uint64_t seed = 1;
  std::string shard;
  int match = 0;
  bool paired = false;
  std::string sweep;
  std::string tables;      // --tables DIR: skill statistics against these endgame tables
  int detail_every = 100;  // every 100th deal with events (laps, relays, chains, awards, choice)
  std::string json, csv, charts;
  bool per_game = false;
  bool timing = false;
  bool quiet = false;
};

// A CLI11 check that runs one of our parsers (the message is the parser's own line).
template <class Parse>
CLI::Validator parsed_by(Parse parse, const std::string& name) {
  return CLI::Validator(
      [parse](std::string& value) {
        try {
          parse(value);
        } catch (const InputError& e) {
          return std::string(e.what());
        }
        return std::string();
      },
      "", name);
}

// The command that plays deal `deal` alone with these flags (under `sweep_value`, when swept):
// --shard D+1/D+1 of D+1 deals is deal D (a deal is played from (seed, index) alone).
std::string deal_command(const SimulateArgs& args, std::uint64_t deal, const std::string& sweep_value) {
  std::string command = "hoyito simulate" + rules_flags(args.rules);
  if (!sweep_value.empty())
    command += fmt::format(" --option {}={}", args.sweep.substr(0, args.sweep.find('=')), sweep_value);
  command += fmt::format(" --players {},{} --seed {}", args.players[0], args.players[1], args.seed);
  if (args.paired) command += " --paired";
  if (args.match > 0) command += fmt::format(" --match {}", args.match);
  return command + fmt::format(" --games {} --shard {}/{}", deal + 1, deal + 1, deal + 1);
}

// Deals stopped by an undecided move (Q-LIMIT) are left out of the figures: say so under the
// table, with the laps tried and the command that plays the first such deal again.
void report_undecided(const SimulateArgs& args, const SimulationSpec& spec, const SimulationResult& result) {
  for (std::size_t v = 0; v < result.per_value.size(); ++v) {
    const Statistics& s = result.per_value[v];
    const std::string value = spec.sweep ? spec.sweep->values[v] : "";
    const std::string under = value.empty() ? "" : fmt::format(" under {}={}", spec.sweep->option, value);
    const Rules rules = spec.rules_per_value()[v];
    const auto replay = [&](const SmallestDeal& deal) {
      const std::uint64_t first = deal.plus_one - 1;
      return fmt::format(
          "deal {}, alone: {}", first,
          first < 1'000'000 ? deal_command(args, first, value) : "(past --shard's bound of 1000000 deals)");
    };
    if (s.undecided_games != 0)
      std::cout << fmt::format(
          "undecided (Q-LIMIT){}: {} game{} stopped at a move that neither ended nor repeated a lap-end "
          "state within {} laps, left out of the figures above; the first, {}\n",
          under, s.undecided_games, s.undecided_games == 1 ? "" : "s", rules.options.lap_limit,
          replay(s.first_undecided_deal));
    if (s.search_undecided != 0)
      std::cout << fmt::format(
          "undecided inside searches (Q-LIMIT){}: {} position{} a search player looked at were undecided within {} "
          "laps and valued as they stood (the games went on); the first in {}\n",
          under, s.search_undecided, s.search_undecided == 1 ? "" : "s", rules.options.lap_limit,
          replay(s.first_search_undecided_deal));
  }
}

// What is run, from the flags (CLI11 has checked each flag alone).
SimulationSpec spec_of(const SimulateArgs& args) {
  // Before the rules are made: --round 3 without --previous-winner is refused there, in words
  // that do not say --match plays the rounds itself.
  if (args.match > 0 && (args.rules.round != 1 || !args.rules.previous_winner.empty()))
    throw InputError("--match plays rounds 1 to ROUNDS itself: leave out --round and --previous-winner");
  if (args.players.size() != 2)
    throw InputError(fmt::format("--players {}: {} player{}, expected two: South's and North's (e.g. random,greedy)",
                                 fmt::join(args.players, ","), args.players.size(),
                                 args.players.size() == 1 ? "" : "s"));
  SimulationSpec spec;
  spec.rules = rules_from_args(args.rules);
  for (std::size_t k = 0; k < 2; ++k) {
    spec.players[k] = parse_player_spec(args.players[k]);
    load_player_tables(spec.players[k]);  // a folder without tables: one line, before any game
  }
  spec.paired = args.paired;
  spec.seed = args.seed;
  spec.games = args.games;
  spec.match_rounds = args.match;
  spec.detail_every = args.detail_every;
  spec.tables = args.tables;
  load_skill_tables(spec);  // --tables, or a perfect:DIR player's: one line when no table is there
  if (!args.shard.empty()) spec.shard = parse_shard(args.shard);  // checked by CLI11 already
  // The swept option takes each of its values in turn: setting it with --option too says two things.
  const std::string swept = args.sweep.substr(0, args.sweep.find('='));
  for (const std::string& option : args.rules.options)
    if (!args.sweep.empty() && option.substr(0, option.find('=')) == swept)
      throw InputError(
          fmt::format("--option {}: {} is swept (--sweep {}): give it one way, not both", option, swept, args.sweep));
  try {
    if (!args.sweep.empty()) spec.sweep = parse_sweep(args.sweep, spec.rules);  // values against these rules
  } catch (const InputError& e) {
    throw InputError(fmt::format("--sweep: {}", e.what()));
  }
  check_run_tables(spec);  // tables of other rules: one line, before any game
  spec.version = HOYITO_VERSION;
  spec.commit = HOYITO_COMMIT;
  return spec;
}

// The flags that make sense alone but not together; a sweep that cannot act on these games.
void check_together(const SimulateArgs& args, const SimulationSpec& spec) {
  check_rules_of_run(spec);  // MATCH-1, MATCH-2, G8, G9, G15: harness/simulate
  if (args.per_game && args.csv.empty()) throw InputError("--per-game writes the --csv file: give --csv FILE");
}

// The files of a whole run: --json, --csv (unless it holds the rows of --per-game), --charts.
void write_files(const SimulateArgs& args, const SimulationReport& report, const boost::json::object& document,
                 std::optional<WholeFile>& json_file, std::optional<WholeFile>& csv_file) {
  if (json_file) {
    json_file->write(to_text(document));
    json_file->commit();
  }
  if (csv_file) {
    if (!args.per_game) {
      std::ostringstream csv;
      write_statistics_csv(csv, report);
      csv_file->write(csv.str());
    }
    csv_file->commit();
  }
  if (!args.charts.empty()) write_charts(args.charts, report);
}

int run(const SimulateArgs& args) {
  const SimulationSpec spec = spec_of(args);
  check_together(args, spec);
  RunOptions options;
  options.threads =
      args.threads > 0 ? args.threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  options.progress = !args.quiet;
  // The output files are made before the run, so that a path that cannot be written fails at
  // once rather than after the games; each is committed once the run is whole, else removed.
  if (!args.charts.empty() && !on_path("gnuplot"))  // found now, not after the whole run
    throw InputError("--charts: gnuplot is not on PATH (Debian's gnuplot-nox: scripts/setup.sh): nothing run");
  std::optional<WholeFile> json_file, csv_file;
  if (!args.json.empty()) json_file.emplace(args.json);
  if (!args.csv.empty()) csv_file.emplace(args.csv);
  std::error_code exists_error;
  const bool charts_folder_new = !args.charts.empty() && !std::filesystem::exists(args.charts, exists_error);
  if (!args.charts.empty()) make_folder(args.charts, "--charts");
  // The --charts folder made for this run is not left behind, empty, by a run that fails or is
  // interrupted (the charts themselves are moved in whole at the end: write_charts).
  struct RemoveIfEmpty {
    std::string folder;
    ~RemoveIfEmpty() {
      std::error_code error;
      if (!folder.empty() && std::filesystem::is_empty(folder, error)) std::filesystem::remove(folder, error);
    }
  } made_folder{charts_folder_new ? args.charts : std::string()};
  if (args.per_game) {
    WholeFile* per_game = &*csv_file;
    per_game->write(game_csv_header());
    options.rows = [per_game, &spec](const std::vector<GameRow>& rows) {
      for (const GameRow& row : rows) per_game->write(game_csv_row(row, spec));
    };
  }

  const SimulationResult result = run_simulation(spec, options);
  const boost::json::value timing = boost::json::object{
      {"seconds", result.seconds},
      {"threads", result.threads},
      {"games_played", result.games_played},
      {"games_per_second", result.seconds > 0 ? static_cast<double>(result.games_played) / result.seconds : 0.0}};
  const SimulationReport report = make_report(spec, result.per_value);
  const boost::json::object document = simulation_json(report, args.timing ? &timing : nullptr);

  write_table(std::cout, report);
  std::cout << fmt::format("{} games played in {:.1f} s on {} thread(s): {:.0f} games/s\n", result.games_played,
                           result.seconds, result.threads,
                           result.seconds > 0 ? static_cast<double>(result.games_played) / result.seconds : 0.0);
  report_undecided(args, spec, result);
  if (result.interrupted) {
    // The statistics above are of the deals played; no file is written, so that none holds a
    // partial run that reads like a whole one. run_cli exits 130 (SIGINT) or 143 (SIGTERM).
    std::cout << fmt::format(
        "INTERRUPTED{}: {} games played, fewer than the {} deals asked for; no --json, --csv or --charts file "
        "written\n",
        interrupt_note(), result.games_played, spec.deals_in_shard());
    return 0;
  }
  write_files(args, report, document, json_file, csv_file);
  std::cout.flush();
  if (!std::cout) throw InputError("simulate: writing to standard output failed");
  return 0;
}

}  // namespace

CommandRun add_simulate(CLI::App& command) {
  auto args = std::make_shared<SimulateArgs>();
  CLI::App* cmd = &command;
  add_rules_options(command, args->rules);
  cmd->add_option("--games", args->games, "deals (each is one game, two with --paired, a match with --match)")
      ->default_val(args->games)
      ->check(whole_number_in(1, 1LL << 48));
  cmd->add_option("--players", args->players,
                  "South's and North's player: random, greedy, search:D or perfect:DIR (endgame tables of DIR)")
      ->delimiter(',')
      ->expected(1, 64)  // the count is checked by spec_of, in words (CLI11: "At Most 2 required")
      ->default_str("random,random")
      ->check(parsed_by([](const std::string& p) { parse_player_spec(p); }, "PLAYER"));
  cmd->add_option("--threads", args->threads, "worker threads (default: every core)")->check(threads_range());
  cmd->add_option("--seed", args->seed, "random seed: deal i is played from (seed, i) alone")
      ->default_val(args->seed)
      ->check(seed_digits());
  cmd->add_option("--shard", args->shard, "play only the deals i with i mod M = K-1 (K/M), for hoyito merge")
      ->check(parsed_by([](const std::string& s) { parse_shard(s); }, "K/M"));
  cmd->add_option("--match", args->match, "Hoyito III matches of this many games (MATCH-1..3, G8, G9)")
      ->check(whole_number_in(1, 64));
  cmd->add_flag("--paired", args->paired, "also play every deal with the seats swapped, from the same seed");
  cmd->add_option("--sweep", args->sweep,
                  "play the same deals under each value of one option: NAME=V1,V2,... (2 to 100 values: each keeps its "
                  "own statistics on every thread)")
      ->check(parsed_by([](const std::string& s) { parse_sweep(s, Rules{}); }, "NAME=V1,V2"));
  cmd->add_option("--detail-every", args->detail_every,
                  "play deal i also with events when i mod K = 0 (laps, relays, chains, awards, forced plies, "
                  "branching; 0: never)")
      ->default_val(args->detail_every)
      ->check(whole_number_in(0, 1 << 30));
  cmd->add_option("--tables", args->tables,
                  "judge every player's moves in positions the endgame tables of DIR cover: the share that keeps "
                  "the value, the seeds lost per move (implied by a perfect:DIR player)");
  cmd->add_option("--json", args->json, "write the results as JSON (specs/simulation.schema.json)");
  cmd->add_option("--csv", args->csv, "write one row per statistic as CSV (one per game with --per-game)");
  cmd->add_flag("--per-game", args->per_game, "the --csv file holds one row per game");
  cmd->add_option("--charts", args->charts, "write SVG charts drawn by gnuplot into this folder");
  cmd->add_flag("--timing", args->timing,
                "add the run's timing to the JSON (field 'timing'; it then differs run to run)");
  cmd->add_flag("--quiet", args->quiet, "no progress on stderr");
  return [args] { return run(*args); };
}

}  // namespace hoyito
