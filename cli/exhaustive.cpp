// `hoyito exhaustive`: every small board, every move, model against engine.
#include <filesystem>
#include <memory>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/validators.h"
#include "io/output.h"
#include "harness/base/campaign.h"
#include "harness/verify/checks.h"

namespace hoyito {

namespace {

struct ExhaustiveArgs {
  int holes = 6;
  int max_seeds = 16;
  int threads = 2;
  std::string out;  // where the first disagreement goes
};

int command_exhaustive(const ExhaustiveArgs& args) {
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
  return [args] { return command_exhaustive(*args); };
}

}  // namespace hoyito
