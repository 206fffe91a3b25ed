// harness/base/campaign.h: every unit played once whatever the number of threads, units seeded by
// their index alone, exceptions caught and named, stop() and the time limit obeyed, and the
// hung-work watch ending the run with the unit named.
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <new>
#include <set>
#include <sstream>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "harness/base/campaign.h"
#include "harness/base/long_decision.h"
#include "harness/base/random.h"

namespace hoyito {
namespace {

WorkName name_of(std::size_t i) { return {fmt::format("unit {}", i), fmt::format("replay {}", i)}; }

// A campaign whose reports go to a string.
struct Quiet {
  explicit Quiet(int threads, double seconds = 0) : campaign({"test", "units", threads, seconds, 300}, reporter) {}
  std::ostringstream out;
  Reporter reporter{out, false};
  Campaign campaign;
};

// The sum of one random number per unit, each drawn from the unit's own seed.
std::uint64_t seeded_sum(int threads, std::size_t units, std::set<std::size_t>& played) {
  Quiet quiet(threads);
  Campaign& campaign = quiet.campaign;
  std::atomic<std::uint64_t> sum{0};
  std::mutex mutex;
  const CampaignSummary summary = campaign.run(
      units,
      [&](std::size_t i, std::size_t worker) {
        EXPECT_LT(worker, campaign.workers());
        SplitMix64 rng{Campaign::seed_of(42, i)};
        sum += rng.next() % 1000;
        std::lock_guard<std::mutex> lock(mutex);
        EXPECT_TRUE(played.insert(i).second) << "unit " << i << " played twice";
      },
      name_of);
  EXPECT_EQ(summary.finished, units);
  EXPECT_FALSE(summary.timed_out);
  EXPECT_TRUE(summary.failures.empty());
  return sum;
}

TEST(Campaign, EveryUnitOnceAndTheSameResultOnAnyNumberOfThreads) {
  std::set<std::size_t> one, two, three;
  const std::uint64_t a = seeded_sum(1, 500, one);
  EXPECT_EQ(seeded_sum(2, 500, two), a);
  EXPECT_EQ(seeded_sum(3, 500, three), a);
  EXPECT_EQ(one.size(), 500U);
  EXPECT_EQ(one, two);
  EXPECT_EQ(one, three);
  // The seed of a unit is game_seed's: the games of verify keep their seeds.
  EXPECT_EQ(Campaign::seed_of(7, 3), game_seed(7, 3));
  EXPECT_NE(Campaign::seed_of(7, 3), Campaign::seed_of(7, 4));
}

TEST(Campaign, AnExceptionFailsItsUnitAndNamesIt) {
  Quiet quiet(2);
  const CampaignSummary summary = quiet.campaign.run(
      10,
      [](std::size_t i, std::size_t) {
        if (i == 6) throw std::runtime_error("broken");
      },
      name_of);
  EXPECT_EQ(summary.finished, 10U);
  ASSERT_EQ(summary.failures.size(), 1U);
  EXPECT_EQ(summary.failures[0].index, 6U);
  EXPECT_EQ(summary.failures[0].name.what, "unit 6");
  EXPECT_EQ(summary.failures[0].error, "broken");
}

// Out of memory says nothing of the unit (issue 24: verify --games 2147483647 reported
// std::bad_alloc as "FAIL lockstep"): no unit starts after it and run() throws it again, so that
// the program ends with an internal error (exit 3). Fails if bad_alloc is counted as a failure.
TEST(Campaign, OutOfMemoryEndsTheRunAndIsThrownAgain) {
  // One worker: no unit starts after the one that ran out of memory (exactly units 0..3 start).
  {
    Quiet quiet(1);
    int started = 0;
    EXPECT_THROW(quiet.campaign.run(
                     1000000,
                     [&](std::size_t i, std::size_t) {
                       started += 1;
                       if (i == 3) throw std::bad_alloc();
                     },
                     name_of),
                 std::bad_alloc);
    EXPECT_EQ(started, 4);
  }
  // Two workers: the other one stops too, and the run throws again whichever worker met it.
  Quiet quiet(2);
  EXPECT_THROW(quiet.campaign.run(
                   1000000,
                   [&](std::size_t i, std::size_t) {
                     if (i == 3) throw std::bad_alloc();
                   },
                   name_of),
               std::bad_alloc);
}

// The first `at_least` units start whatever the time limit says (a check under verify --seconds
// plays one game at least, so that it checked something). Fails if the limit stops them.
TEST(Campaign, TheFirstUnitsStartWhateverTheTimeLimit) {
  std::ostringstream out;
  Reporter reporter{out, false};
  CampaignOptions options{"test", "units", 1, 1e-9, 300};
  options.at_least = 3;
  Campaign campaign(options, reporter);
  const CampaignSummary summary = campaign.run(
      100, [](std::size_t, std::size_t) { std::this_thread::sleep_for(std::chrono::milliseconds(2)); }, name_of);
  EXPECT_TRUE(summary.timed_out);
  EXPECT_EQ(summary.finished, 3U);
}

TEST(Campaign, StopEndsTheRunBeforeTheRest) {
  Quiet quiet(1);
  Campaign& campaign = quiet.campaign;
  const CampaignSummary summary = campaign.run(
      100,
      [&](std::size_t i, std::size_t) {
        if (i == 9) campaign.stop();
      },
      name_of);
  EXPECT_TRUE(summary.stopped);
  EXPECT_EQ(summary.finished, 10U);  // one worker: units 0..9, then no more
}

TEST(Campaign, NoUnitStartsAfterTheTimeLimit) {
  Quiet quiet(2, 0.05);
  const CampaignSummary summary = quiet.campaign.run(
      1000000, [](std::size_t, std::size_t) { std::this_thread::sleep_for(std::chrono::milliseconds(1)); }, name_of);
  EXPECT_TRUE(summary.timed_out);
  EXPECT_GT(summary.finished, 0U);
  EXPECT_LT(summary.finished, 1000000U);
}

TEST(Campaign, AHungUnitEndsTheRunNamingItAndItsReplay) {
  auto hang = [] {
    Reporter reporter = Reporter::to_stdout();
    Campaign campaign({"test", "units", 2, 0, 0.3}, reporter);
    campaign.run(
        4,
        [&](std::size_t i, std::size_t worker) {
          if (i != 2) return;
          campaign.set_activity(worker, "looping");
          while (true) std::this_thread::sleep_for(std::chrono::milliseconds(10));
        },
        name_of);
  };
  // The watch ends the process: run it in a child, whose standard output is captured.
  testing::internal::CaptureStdout();
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) hang();
  int status = 0;
  waitpid(pid, &status, 0);
  const std::string printed = testing::internal::GetCapturedStdout();
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 1);
  EXPECT_NE(printed.find("HUNG: unit 2 has run for"), std::string::npos) << printed;
  EXPECT_NE(printed.find(", looping"), std::string::npos) << printed;
  EXPECT_NE(printed.find("replay it with replay 2"), std::string::npos) << printed;
  EXPECT_NE(printed.find("first failure: test (hung: unit 2)"), std::string::npos) << printed;
}

TEST(Table, ColumnsOfFixedWidth) {
  const Table table({{"name", 6}, {"n", 4}});
  EXPECT_EQ(table.header(), "name      n");
  EXPECT_EQ(table.row({"ab", "12"}), "ab       12");
}

// The progress line of a long decision names the walk of the move's sowing it is on
// (harness/base/long_decision.h). The calls of `apply` on issue 24's 2x12 move: the watch every
// 2^22 laps of the detector's walk to lap 33,554,432 (8 calls), then of the walk to the first
// exact repeat, counted afresh from lap 1, to 29,360,128 (7 calls). Before, the line said
// "33554432 laps so far" then "29360128 laps so far": it went down, naming no walk. Fails if a
// count that goes down, or comes again, is not the next walk, or if a new decision goes on
// counting the walks of the last.
TEST(LongDecision, TheLineNamesTheWalkItIsOn) {
  constexpr std::uint64_t k = std::uint64_t{1} << 22;
  DecisionWalks walks;
  for (std::uint64_t i = 1; i <= 8; ++i) {
    walks.see(i * k);
    EXPECT_EQ(walks.walk(), 1) << i;
  }
  EXPECT_EQ(decision_line(walks, 2'000'000'000, 9.4),
            "hoyito: deciding one move (Q-LIMIT): walk 1 of its sowing, lap 33554432 of it (lap_limit 2000000000), 9 s "
            "(Ctrl-C stops it)");
  for (std::uint64_t i = 1; i <= 7; ++i) {
    walks.see(i * k);
    EXPECT_EQ(walks.walk(), 2) << i;
  }
  EXPECT_EQ(
      decision_line(walks, 2'000'000'000, 14.0),
      "hoyito: deciding one move (Q-LIMIT): walk 2 of its sowing, lap 29360128 of it (lap_limit 2000000000), 14 s "
      "(Ctrl-C stops it)");
  walks.see(k);  // a third walk (the sowing walked again, for a refusal's words)
  EXPECT_EQ(walks.walk(), 3);
  walks.restart();  // another move: its first walk
  walks.see(k);
  EXPECT_EQ(walks.walk(), 1);
  walks.see(k);  // a walk of one call, then the next at the same count: another walk
  EXPECT_EQ(walks.walk(), 2);
  EXPECT_EQ(walks.laps(), k);
}

}  // namespace
}  // namespace hoyito
