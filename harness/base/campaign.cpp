#include "harness/base/campaign.h"

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <new>
#include <thread>

#include <fmt/format.h>

#include "harness/base/fork_join.h"
#include "harness/base/random.h"

namespace hoyito {

namespace {

using Clock = std::chrono::steady_clock;
constexpr auto kWatchInterval = std::chrono::milliseconds(200);  // progress and hung-work checks

double seconds_between(Clock::time_point from, Clock::time_point to) {
  return std::chrono::duration<double>(to - from).count();
}

}  // namespace

Campaign::Campaign(CampaignOptions options, Reporter& reporter)
    : options_(std::move(options)), reporter_(reporter), workers_(worker_count(options_.threads)) {}

std::size_t Campaign::workers() const { return workers_.size(); }

std::size_t Campaign::worker_count(int threads) {
  const std::size_t cores = std::max(1u, std::thread::hardware_concurrency());
  return std::min(static_cast<std::size_t>(std::max(1, threads)), cores);
}

std::uint64_t Campaign::seed_of(std::uint64_t seed, std::uint64_t index) { return game_seed(seed, index); }

void Campaign::set_activity(std::size_t worker, const char* activity) {
  assert(worker < workers_.size());  // the worker index run() passed to the unit
  workers_[worker].activity = activity;
}

CampaignSummary Campaign::run(std::size_t units, const Work& work, const Describe& describe) {
  assert(!done_ && next_ == 0 && finished_ == 0);  // a Campaign runs once: nothing resets its counters
  units_ = units;
  start_ = Clock::now();
  std::thread watcher([this, &describe] { watch(describe); });
  // One part per worker (fork_join, harness/base/fork_join.h): work_loop catches what a unit throws.
  fork_join(static_cast<int>(workers_.size()), workers_.size(),
            [&](std::uint64_t, std::uint64_t, std::uint64_t worker) { work_loop(worker, work, describe); });
  {
    std::lock_guard<std::mutex> lock(done_mutex_);
    done_ = true;
  }
  done_signal_.notify_all();
  watcher.join();
  // Every unit taken either finished or ended the run (interrupt, out of memory); a failure is a finished unit.
  assert(finished_ <= std::min(next_.load(), units_) && failures_.size() <= finished_);
  assert(finished_ == units || stopped_ || timed_out_ || interrupted_);
  if (out_of_memory_) throw std::bad_alloc();
  CampaignSummary summary;
  summary.units = units;
  summary.finished = finished_;
  summary.timed_out = timed_out_;
  summary.stopped = stopped_;
  summary.interrupted = interrupted_;
  summary.seconds = seconds_between(start_, Clock::now());
  summary.failures = std::move(failures_);
  return summary;
}

void Campaign::work_loop(std::size_t worker, const Work& work, const Describe& describe) {
  assert(worker < workers_.size());
  WorkerState& state = workers_[worker];
  const InterruptibleThread interruptible;  // an Interrupted unit is caught below: not played
  while (true) {
    state.unit = -1;
    if (stopped_) return;
    if (interrupted()) {
      interrupted_ = true;
      return;
    }
    if (options_.seconds > 0 && next_ >= options_.at_least &&
        seconds_between(start_, Clock::now()) > options_.seconds) {
      timed_out_ = true;
      return;
    }
    const std::size_t index = next_++;
    if (index >= units_) return;
    state.since = Clock::now().time_since_epoch().count();
    state.activity = "";
    state.unit = static_cast<long>(index);
    try {
      work(index, worker);
    } catch (const Interrupted&) {  // a unit that cannot end whole at an interrupt: not played, no failure
      interrupted_ = true;
      return;
    } catch (const std::bad_alloc&) {  // out of memory says nothing of the unit: the run ends (exit 3)
      std::lock_guard<std::mutex> lock(failures_mutex_);
      out_of_memory_ = true;
      stopped_ = true;
      return;
    } catch (const std::exception& e) {
      std::lock_guard<std::mutex> lock(failures_mutex_);
      failures_.push_back({index, describe(index), e.what()});
    }
    finished_ += 1;
  }
}

void Campaign::watch(const Describe& describe) {
  while (true) {
    {
      std::unique_lock<std::mutex> lock(done_mutex_);
      if (done_signal_.wait_for(lock, kWatchInterval, [this] { return done_.load(); })) break;
    }
    const auto now = Clock::now();
    for (const WorkerState& w : workers_) {
      const long unit = w.unit;
      if (unit < 0) continue;
      const double seconds = seconds_between(Clock::time_point(Clock::duration(w.since.load())), now);
      if (w.unit != unit || seconds < options_.work_timeout) continue;
      const WorkName name = describe(static_cast<std::size_t>(unit));
      const std::string activity = w.activity.load();
      reporter_.line(fmt::format("\nHUNG: {} has run for {:.0f} s{} ({} {}); replay it with {}", name.what, seconds,
                                 activity.empty() ? "" : ", " + activity, options_.timeout_flag, options_.work_timeout,
                                 name.replay));
      reporter_.line(fmt::format("first failure: {} (hung: {}) after {:.1f} s\nFAIL", options_.check, name.what,
                                 seconds_between(start_, now)));
      std::_Exit(1);  // a thread cannot be stopped from outside: the run ends here
    }
    reporter_.progress(finished_, units_, options_.unit, seconds_between(start_, now));
  }
  reporter_.end_progress();
}

}  // namespace hoyito
