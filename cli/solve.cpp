// `hoyito solve`: endgame tables by retrograde analysis (harness/solve/, specs/endgame-tables.md),
// and `hoyito solve --verify DIR`: every table of DIR re-checked.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/validators.h"
#include "harness/solve/solver.h"

namespace hoyito {

namespace {

struct SolveArgs {
  RulesArgs rules;
  int max_seeds = 8;
  int threads = 2;
  std::string out = ".";
  std::string verify;  // --verify DIR (or one table file)
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

int command_solve(const SolveArgs& args) {
  solve::SolveOptions options;
  options.rules = make_rules(args.rules);
  options.max_seeds = args.max_seeds;
  options.threads = args.threads;
  options.out_dir = args.out;
  solve::check_solvable(options.rules, options.max_seeds);  // bad input before any work
  const std::string path =
      solve::solve_tables(options, [](const solve::LayerReport& r) { std::cout << layer_line(r) << std::endl; });
  std::cout << "wrote " << path << "\n";
  return 0;
}

// The table files of `where`: the file itself, or every *.tbl of the folder (sorted).
std::vector<std::string> table_files(const std::string& where) {
  namespace fs = std::filesystem;
  std::error_code error;
  if (!fs::is_directory(where, error)) return {where};
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(where, error))
    if (entry.path().extension() == ".tbl") files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  if (files.empty()) throw InputError(fmt::format("--verify {}: no table file (*.tbl) in the folder", where));
  return files;
}

int command_verify(const SolveArgs& args) {
  int failed = 0;
  for (const std::string& file : table_files(args.verify)) {
    const solve::VerifyReport report = solve::verify_table(file, args.threads, [](const solve::LayerReport& r) {
      std::cout << fmt::format("layer {:>2}: {:>12} positions checked  {:>7.2f} s\n", r.seeds, r.positions, r.seconds)
                << std::flush;
    });
    const bool ok = report.checksum_ok && report.inconsistent == 0;
    std::cout << fmt::format("{}: checksum {}, {} of {} positions inconsistent: {}\n", file,
                             report.checksum_ok ? "ok" : "WRONG", report.inconsistent, report.positions,
                             ok ? "ok" : "FAILED");
    if (!report.first_bad.empty()) std::cout << "  first: " << report.first_bad << "\n";
    failed += ok ? 0 : 1;
  }
  return failed == 0 ? 0 : 1;
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
  cmd.add_option("--verify", args->verify,
                 "re-check the table files of DIR (or one file): checksum and every position's value");
  return [args] { return args->verify.empty() ? command_solve(*args) : command_verify(*args); };
}

}  // namespace hoyito
