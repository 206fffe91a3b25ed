// `hoyito solve`: endgame tables by retrograde analysis (harness/solve/, specs/endgame-tables.md),
// and `hoyito solve --verify DIR`: every table of DIR re-checked.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/validators.h"
#include "engine/engine.h"
#include "harness/base/campaign.h"
#include "harness/games/table_play.h"
#include "harness/simulate/simulate.h"  // parse_shard: the K/M of --shard, for --block
#include "harness/solve/estimate.h"
#include "harness/solve/solver.h"

namespace hoyito {

namespace {

struct SolveArgs {
  RulesArgs rules;
  int max_seeds = 8;
  int threads = 2;
  std::string out = ".";
  std::string verify;       // --verify DIR (or one table file)
  std::string probe;        // --probe DIR (or one table file)
  std::string position;     // --position JSON or a file, for --probe
  bool force = false;       // --force: past the machine's memory or the free disk the estimate gives
  int layer = 0;            // --layer L with --block B/NB: one block of one layer's moves
  std::string block;        // "B/NB"
  int merge_layer = 0;      // --merge-layer L: the layer from its blocks' parts
  bool all_layers = false;  // --all-layers: every layer, not only those a game reaches
};

std::string layer_line(const solve::LayerReport& r) {
  const double share = r.positions == 0 ? 0 : 100.0 / static_cast<double>(r.positions);
  return fmt::format(
      "layer {:>2}: {:>12} positions  {:>8.1f} MB  {:>7.2f} s  {:>3} sweeps ({} rounds)  exact {:.1f}%  "
      "won {:.1f}% drawn {:.1f}% lost {:.1f}%",
      r.seeds, r.positions, static_cast<double>(r.bytes) / 1e6, r.seconds, r.sweeps, r.rounds,
      share * static_cast<double>(r.exact), share * static_cast<double>(r.won), share * static_cast<double>(r.drawn),
      share * static_cast<double>(r.lost));
}

// The tables are of G7 third_repetition (specs/endgame-tables.md): solve takes that reading
// whatever the rules' default, and refuses another one asked for.
void refuse_other_g7(const RulesArgs& rules) {
  for (const std::string& option : rules.options)
    if (option.rfind("endless_game=", 0) == 0 && option != "endless_game=third_repetition")
      throw InputError(
          fmt::format("solve: --option {}: the tables are of G7 third_repetition (under ply_limit a game "
                      "that goes round for ever has no value); leave it out",
                      option));
}

int command_solve(const SolveArgs& args) {
  refuse_other_g7(args.rules);
  solve::SolveOptions options;
  options.rules = rules_from_args(args.rules);
  options.max_seeds = args.max_seeds;
  options.threads = static_cast<int>(Campaign::worker_count(args.threads));  // no more than the cores
  options.out_dir = args.out;
  options.all_layers = args.all_layers;
  solve::check_solvable(options.rules, options.max_seeds, options.layer_set());  // bad input before any work
  const solve::SolveEstimate estimate =
      solve::estimate_solve(options.rules, options.max_seeds, options.threads, options.layer_set());
  solve::check_machine_holds(estimate, options.out_dir, args.force);
  solve::check_table_output(options);  // before the estimate is said: a refusal stays one line
  std::cerr << solve::estimate_line(estimate, options.threads) << std::endl;
  const std::string path =
      solve::solve_tables(options, [](const solve::LayerReport& r) { std::cout << layer_line(r) << std::endl; });
  std::cout << "wrote " << path << "\n";
  return 0;
}

// --layer L --block B/NB and --merge-layer L: a layer solved in blocks (docs/solve.md).
int command_shard(const SolveArgs& args) {
  refuse_other_g7(args.rules);
  solve::SolveOptions options;
  options.rules = rules_from_args(args.rules);
  options.threads = static_cast<int>(Campaign::worker_count(args.threads));  // no more than the cores
  options.out_dir = args.out;
  options.all_layers = args.all_layers;
  if (args.merge_layer > 0) {
    const std::string path = solve::merge_layer(
        options, args.merge_layer, [](const solve::LayerReport& r) { std::cout << layer_line(r) << "\n"; });
    std::cout << "wrote " << path << "\n";
    return 0;
  }
  if (args.layer == 0 || args.block.empty()) throw InputError("solve: --layer L and --block B/NB go together");
  const Shard block = parse_shard(args.block);
  std::cout << "wrote " << solve::solve_block(options, args.layer, block.index, block.count) << "\n";
  return 0;
}

int command_verify(const SolveArgs& args) {
  int failed = 0;
  for (const std::string& file : table_files(args.verify)) {
    const solve::VerifyReport report = solve::verify_table(file, args.threads, [](const solve::LayerReport& r) {
      std::cout << fmt::format(
                       "layer {:>2}: {:>12} positions checked, {:>10} third_repetition only (lo < hi), {:>10} "
                       "decided by captures  {:>7.2f} s\n",
                       r.seeds, r.positions, r.positions - r.exact, r.decided, r.seconds)
                << std::flush;
    });
    const bool ok = report.ok();
    std::cout << fmt::format(
        "{}: checksum {}, {} of {} positions inconsistent, {} unlike the attractors' fixed point, {} "
        "third_repetition only (lo < hi), {} decided by captures: {}\n",
        file, report.checksum_ok ? "ok" : "WRONG", report.inconsistent, report.positions, report.rederived_wrong,
        report.intervals, report.decided, ok ? "ok" : "FAILED");
    if (!report.first_bad.empty()) std::cout << "  first: " << report.first_bad << "\n";
    failed += ok ? 0 : 1;
  }
  return failed == 0 ? 0 : 1;
}

int seeds_on(const Position& position) {
  int seeds = 0;
  for (int c : position.board) seeds += c;
  return seeds;
}

// --probe: the tables' value of --position and of each of its legal plies; an interval is marked
// as holding only under G7 third_repetition, and an exact value of the position as decided by
// captures or not (specs/endgame-tables.md).
int command_probe(const SolveArgs& args) {
  if (args.position.empty()) throw InputError("--probe: give the position with --position (JSON text or a file)");
  const Rules rules = rules_from_args(args.rules);
  const Position position = read_position(args.position, rules);
  const TableSet tables(args.probe);
  tables.require_rules(rules);  // a table of other rules: one line naming it and both rules
  const EndgameTable* table = tables.find(position, rules);
  if (table == nullptr)
    throw InputError(fmt::format("--probe {}: no table there covers this position ({} seeds, {})", args.probe,
                                 seeds_on(position), table_rules_text(rules)));
  const TableValue value = table->value(position, rules);
  const auto mark = [](const TableValue& v) { return v.exact() ? "" : "  third_repetition only"; };
  const char* decided = !value.exact() ? ""
                        : solve::decided_by_captures(*table, position, rules, args.threads)
                            ? "  decided by captures"
                            : "  third_repetition only (best play goes round)";
  const engine::Game game(rules, position);
  const int lead = mover_lead(game);  // the verdicts count the captures so far (END-2)
  std::cout << board_text(position, rules.holes_per_row) << "\n"
            << fmt::format("{}: {} seeds on the board, value {}{}{}; with the captures so far ({:+}): {}\n",
                           table->path(), seeds_on(position), table_value_text(value), mark(value), decided, lead,
                           verdict_name(verdict_of(value, lead)));
  for (const TableMoveValue& m : table_move_values(game, tables))
    std::cout << fmt::format("  {:<4} {}  {}{}{}\n", move_text(m.move, rules.holes_per_row), table_value_text(m.value),
                             verdict_name(verdict_of(m.value, lead)), m.value.lo == value.lo ? "  keeps the value" : "",
                             mark(m.value));
  return 0;
}

}  // namespace

CommandRun add_solve(CLI::App& cmd) {
  auto args = std::make_shared<SolveArgs>();
  add_rules_options(cmd, args->rules);
  cmd.add_option("--max-seeds", args->max_seeds, "solve every position with at most K seeds on the board")
      ->default_val(8)
      ->check(whole_number_in(1, 48));
  cmd.add_option("--threads", args->threads, "worker threads")->default_val(2)->check(whole_number_in(1, 256));
  cmd.add_option("--out", args->out, "folder the table file is written to")->default_val(".");
  cmd.add_flag("--all-layers", args->all_layers,
               "solve every layer 0..K, not only the seed counts a game from the start reaches (K, K-4, ...: "
               "captures take fours), for made-up positions");
  cmd.add_flag("--force", args->force,
               "solve even past the machine's memory or the free disk of --out (the estimate said first)");
  cmd.add_option("--verify", args->verify,
                 "re-check the table files of DIR (or one file): checksum and every position's value");
  cmd.add_option("--probe", args->probe,
                 "the value of --position and of each of its moves from the tables of DIR (or one file)");
  cmd.add_option("--position", args->position, "the position --probe looks up: JSON text or a file");
  cmd.add_option("--layer", args->layer, "with --block: build the moves of one block of layer L into a part file")
      ->check(whole_number_in(1, 48));
  cmd.add_option(
      "--block", args->block,
      "with --layer: block B of NB (B/NB), read against the table of K = L-4 in --out (L-1 with --all-layers)");
  cmd.add_option("--merge-layer", args->merge_layer,
                 "solve layer L from its blocks' part files in --out and write the table of K = L")
      ->check(whole_number_in(1, 48));
  return [args] {
    if (!args->probe.empty()) return command_probe(*args);
    if (args->layer > 0 || !args->block.empty() || args->merge_layer > 0) return command_shard(*args);
    return args->verify.empty() ? command_solve(*args) : command_verify(*args);
  };
}

}  // namespace hoyito
