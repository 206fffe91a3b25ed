// `hoyito exhaustive`: every small board, every move, model against engine.
#include <filesystem>
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/validators.h"
#include "harness/base/campaign.h"
#include "harness/verify/checks.h"
#include "harness/verify/exhaustive.h"
#include "io/output.h"

namespace hoyito {

namespace {

struct ExhaustiveArgs {
  int holes = 6;
  int max_seeds = 16;
  int threads = 2;
  std::string out;     // where the first disagreement goes
  bool force = false;  // run even when the estimate is past a day
};

// Boards checked a second by one thread, measured on 2x6 and 2x12 (about 20,000 on a 2-core
// machine under load, docs/reference.md): the run's estimate, said before it starts.
constexpr double kBoardsPerThreadSecond = 16000;
constexpr double kMostEstimatedSeconds = 24 * 3600;  // longer runs need --force

std::string duration_text(double seconds) {
  if (seconds < 120) return fmt::format("{:.0f} s", seconds);
  if (seconds < 7200) return fmt::format("{:.0f} minutes", seconds / 60);
  if (seconds < 3 * 86400) return fmt::format("{:.0f} hours", seconds / 3600);
  if (seconds < 2 * 365.25 * 86400) return fmt::format("{:.0f} days", seconds / 86400);
  return fmt::format("{:.2g} years", seconds / (365.25 * 86400));
}

// The estimated time of the run, printed; a run past a day is refused unless --force.
void estimate_run(const ExhaustiveArgs& args) {
  const double boards = static_cast<double>(count_boards(2 * args.holes, args.max_seeds));
  const double seconds = boards / (kBoardsPerThreadSecond * args.threads);
  const std::string estimate =
      fmt::format("about {} ({:.3g} boards at about {:.0f} boards a second a thread, {} thread{})",
                  duration_text(seconds), boards, kBoardsPerThreadSecond, args.threads, args.threads == 1 ? "" : "s");
  if (seconds > kMostEstimatedSeconds && !args.force)
    throw InputError(fmt::format("--max-seeds {} --holes {}: {}: more than a day; give --force to run it anyway",
                                 args.max_seeds, args.holes, estimate));
  std::cout << "estimate: " << estimate << "\n";
}

int command_exhaustive(const ExhaustiveArgs& given) {
  ExhaustiveArgs args = given;
  args.threads = static_cast<int>(Campaign::worker_count(args.threads));  // no more than the cores
  estimate_run(args);
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

}  // namespace

CommandRun add_exhaustive(CLI::App& cmd) {
  auto args = std::make_shared<ExhaustiveArgs>();
  cmd.add_option("--holes", args->holes, "holes per row: 6 or 12")->default_val(6)->check(CLI::IsMember({6, 12}));
  cmd.add_option("--max-seeds", args->max_seeds, "at most this many seeds on the board (1 to 40)")
      ->default_val(16)
      ->check(whole_number_in(1, 40));
  cmd.add_option("--threads", args->threads, "worker threads (1 to 256)")->default_val(2)->check(threads_range());
  cmd.add_option("--out", args->out,
                 "file for the first disagreement (default: exhaustive-disagreement.json in the user's cache folder, "
                 "$XDG_CACHE_HOME/hoyito or ~/.cache/hoyito)");
  cmd.add_flag("--force", args->force, "run even when the estimate (printed first) is more than a day");
  return [args] { return command_exhaustive(*args); };
}

}  // namespace hoyito
