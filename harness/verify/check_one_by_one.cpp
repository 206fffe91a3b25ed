#include <fmt/format.h>

#include "harness/base/campaign.h"
#include "harness/verify/checks.h"

namespace hoyito {

double seconds_left(const VerifyOptions& options, double share) {
  if (options.seconds <= 0) return 0;
  const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - options.started).count();
  return std::max(1e-9, options.seconds * share - spent);
}

bool past_seconds(const VerifyOptions& options, double share) {
  return options.seconds > 0 && seconds_left(options, share) <= 1e-9;
}

int run_one_by_one(const char* check, const char* unit, std::size_t units, const std::function<int(std::size_t)>& work,
                   const std::function<std::string(std::size_t)>& name_of, const VerifyOptions& options,
                   Reporter& reporter, double seconds) {
  CampaignOptions campaign_options{check, unit, 1, seconds, options.game_timeout};
  campaign_options.at_least = 1;
  Campaign campaign(campaign_options, reporter);
  int found = 0;  // one worker: no lock
  const CampaignSummary summary = campaign.run(
      units,
      [&](std::size_t i, std::size_t) {
        const int failures = work(i);
        found += failures;
        if (failures > 0 && options.fail_fast) campaign.stop();
      },
      [&](std::size_t i) {
        return WorkName{name_of(i), command_running_only(check, options)};
      });
  for (const WorkFailure& f : summary.failures) reporter.line(fmt::format("  FAIL {}: {}", f.name.what, f.error));
  return found + static_cast<int>(summary.failures.size());
}

}  // namespace hoyito
