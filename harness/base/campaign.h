// A campaign: many independent units of work (games, most often) played on worker threads,
// the way `hoyito verify` plays its lockstep games and `hoyito simulate` plays its games.
//
//   Campaign campaign(options, reporter);
//   std::vector<Tally> tallies(campaign.workers());      // one accumulator per worker: no lock
//   const CampaignSummary summary = campaign.run(
//       games,
//       [&](std::size_t game, std::size_t worker) {
//         SplitMix64 rng{Campaign::seed_of(seed, game)};  // game i depends on (seed, i) only
//         tallies[worker].add(play_one_game(rng));
//       },
//       [&](std::size_t game) { return WorkName{fmt::format("game {}", game), replay_command(game)}; });
//
// What it does for its callers:
// - Work is handed out in index order, one unit at a time, to `threads` workers. A unit's result
//   must depend on its index alone (seed it with seed_of(seed, index)), and results must be
//   merged in a way that does not depend on which worker played which unit (a sum, a count, a
//   per-index slot): then a campaign gives the same result on any number of threads.
// - `seconds` > 0: no unit starts after that many seconds (the summary says timed_out).
// - stop(): no unit starts after the call (for fail-fast, from a unit or from outside).
// - An interrupt (SIGINT, SIGTERM: interrupted(), harness/base/interrupt.h): no unit starts after it; the units in
//   flight finish, so what they write is whole (the summary says interrupted), or stop by throwing Interrupted
//   (a worker is an InterruptibleThread: one move's long decision stops so, core/lap_watch.h), and are not played.
// - The hung-work watch: a unit that runs longer than `work_timeout` seconds is taken as hung
//   (a loop in an implementation: no real game comes near the default of 300 s). A thread cannot
//   be stopped from outside, so the process ends there with exit code 1, after one report line
//   naming the check, the unit (`describe(index)`) and the command that replays it.
// - An exception escaping a unit is caught, the unit counted as failed and named in the summary
//   (the other units go on): one broken game does not hide the rest of the run. Out of memory
//   (std::bad_alloc) is not a unit's failure: no unit starts after it, and run() throws it again.
// - Progress (done / total `unit`) goes to the Reporter about five times a second.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

#include "harness/base/interrupt.h"
#include "harness/base/reporter.h"

namespace hoyito {

struct CampaignOptions {
  std::string check = "lockstep";  // the check it serves, named by the hung-work watch
  std::string unit = "games";      // what a unit of work is, for the progress line
  int threads = 2;                 // capped at the cores (worker_count): more threads only cost memory (issue 36)
  double seconds = 0;              // no unit starts after this long (0: no limit; but see at_least)
  double work_timeout = 300;       // a unit running longer is reported as hung, and the run ends
  std::string timeout_flag = "--game-timeout";  // the option that sets work_timeout, for the report
  std::size_t at_least = 0;                     // the first `at_least` units start whatever `seconds` says
};

// How the hung-work watch and the failure list name a unit of work.
struct WorkName {
  std::string what;    // e.g. "hoyito2-2x6-skip-void-plylimit game 17"
  std::string replay;  // the command that replays it alone
};

// A unit whose work threw: its name and the exception's message.
struct WorkFailure {
  std::size_t index;
  WorkName name;
  std::string error;
};

struct CampaignSummary {
  std::size_t units = 0;     // units asked for
  std::size_t finished = 0;  // units played to their end (those that threw included)
  bool timed_out = false;    // stopped by CampaignOptions::seconds
  bool stopped = false;      // stopped by stop()
  bool interrupted = false;  // stopped by SIGINT or SIGTERM (interrupted())
  double seconds = 0;
  std::vector<WorkFailure> failures;  // units that threw, in the order they threw
};

class Campaign {
 public:
  using Work = std::function<void(std::size_t index, std::size_t worker)>;
  using Describe = std::function<WorkName(std::size_t index)>;

  Campaign(CampaignOptions options, Reporter& reporter);

  std::size_t workers() const;  // the number of worker threads run() uses (at least 1)
  // The workers for `threads` asked: at most the cores this machine has (a thread beyond them
  // runs no faster, yet each holds its own statistics or checker: 1.2 GB at --threads 256 on a
  // sweep of 100 values); results do not depend on it (every unit's result is its own).
  static std::size_t worker_count(int threads);

  // Plays work(index, worker) for every index in [0, units); returns when every unit is done or
  // none may start any more (time limit, stop()). Runs once per Campaign.
  CampaignSummary run(std::size_t units, const Work& work, const Describe& describe);

  void stop() { stopped_ = true; }
  // What a worker is doing within its unit now, said by the hung-work watch ("" for nothing
  // more than the unit): e.g. "shrinking its disagreement". Called from that worker's thread.
  void set_activity(std::size_t worker, const char* activity);

  // The seed of unit `index` of a campaign seeded with `seed` (harness/base/random.h game_seed).
  static std::uint64_t seed_of(std::uint64_t seed, std::uint64_t index);

 private:
  // What one worker is doing, read by the hung-work watch.
  struct WorkerState {
    std::atomic<long> unit{-1};                            // the unit it plays, or -1
    std::atomic<std::chrono::steady_clock::rep> since{0};  // since when
    std::atomic<const char*> activity{""};                 // set_activity()
  };
  void work_loop(std::size_t worker, const Work& work, const Describe& describe);
  void watch(const Describe& describe);  // progress and the hung-work watch, until done

  CampaignOptions options_;
  Reporter& reporter_;
  std::vector<WorkerState> workers_;
  std::size_t units_ = 0;
  std::atomic<std::size_t> next_{0}, finished_{0};
  std::atomic<bool> stopped_{false}, timed_out_{false}, interrupted_{false}, done_{false}, out_of_memory_{false};
  std::chrono::steady_clock::time_point start_;
  std::mutex failures_mutex_;
  std::mutex done_mutex_;  // done_ and done_signal_: the watch wakes at the end
  std::condition_variable done_signal_;
  std::vector<WorkFailure> failures_;
};

}  // namespace hoyito
