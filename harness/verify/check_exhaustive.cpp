// The exhaustive check (verify --full, and `hoyito exhaustive`): every small board, every move,
// model against engine (harness/verify/exhaustive.h).
#include <fmt/format.h>

#include "harness/base/campaign.h"
#include "harness/verify/checks.h"
#include "harness/verify/exhaustive.h"

namespace hoyito {

CheckResult run_exhaustive_pass(int holes, int max_seeds, int threads, const std::string& out, Reporter& reporter) {
  const Stopwatch clock;
  const std::uint64_t boards = count_boards(2 * holes, max_seeds);
  reporter.line(fmt::format("exhaustive: 2x{}, every board with at most {} seed{} ({} boards), {} thread(s)", holes,
                            max_seeds, max_seeds == 1 ? "" : "s", boards, threads));
  const ExhaustiveCounts c = exhaustive_check(holes, max_seeds, threads, &reporter);
  const double seconds = clock.seconds();
  const double per_second = seconds > 0 ? 1 / seconds : 0;
  reporter.line(fmt::format(
      "exhaustive 2x{} max {} seed{}: {} boards, {} configurations, {} positions, {} moves checked, "
      "{} disagreements ({:.1f} s, {:.0f} positions/s, {:.0f} moves/s){}",
      holes, max_seeds, max_seeds == 1 ? "" : "s", c.boards, c.configurations, c.positions, c.moves, c.disagreements,
      seconds, static_cast<double>(c.positions) * per_second, static_cast<double>(c.moves) * per_second,
      interrupted() ? fmt::format(" of {} boards{}", boards, interrupt_note()) : ""));
  CheckResult result;
  result.failures = static_cast<int>(std::min<std::uint64_t>(c.disagreements, 1U << 30));
  result.checked = static_cast<long>(c.moves);
  if (c.first) {
    result.files.push_back(out);
    write_transcript(out, *c.first, shrink(*c.first),
                     fmt::format("hoyito exhaustive --holes {} --max-seeds {}", holes, max_seeds), 0);
    reporter.line(fmt::format("first disagreement written to {} (hoyito replay {})", out, out));
  }
  return result;
}

CheckResult run_exhaustive(const VerifyOptions& options, Reporter& reporter) {
  CheckResult result;
  for (auto [holes, seeds] :
       {std::pair{6, options.exhaustive_seeds_2x6}, std::pair{12, options.exhaustive_seeds_2x12}}) {
    const CheckResult pass =
        run_exhaustive_pass(holes, seeds, options.threads,
                            fmt::format("{}/exhaustive-2x{}-disagreement.json", options.out, holes), reporter);
    result.failures += pass.failures;
    result.checked += pass.checked;
    result.files.insert(result.files.end(), pass.files.begin(), pass.files.end());
  }
  return result;
}

}  // namespace hoyito
