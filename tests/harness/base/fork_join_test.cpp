// fork_join (harness/base/fork_join.h): how a range is cut over threads, and a part's exception.
#include "harness/base/fork_join.h"

#include <atomic>
#include <map>
#include <mutex>
#include <stdexcept>
#include <utility>

#include <gtest/gtest.h>

namespace hoyito {
namespace {

// 10 entries over 3 threads: part p is 10 * p / 3 .. 10 * (p + 1) / 3, by hand 0..3, 3..6, 6..10.
TEST(ForkJoin, CutsTheRangeIntoContiguousPartsOneAThread) {
  std::mutex m;
  std::map<std::uint64_t, std::pair<std::uint64_t, std::uint64_t>> seen;
  fork_join(3, 10, [&](std::uint64_t begin, std::uint64_t end, std::uint64_t part) {
    const std::lock_guard lock(m);
    seen[part] = {begin, end};
  });
  const std::map<std::uint64_t, std::pair<std::uint64_t, std::uint64_t>> expected{
      {0, {0, 3}}, {1, {3, 6}}, {2, {6, 10}}};
  EXPECT_EQ(seen, expected);
}

TEST(ForkJoin, NoThreadsAskedIsOneThread) {
  std::atomic<int> calls{0};
  fork_join(0, 5, [&](std::uint64_t begin, std::uint64_t end, std::uint64_t) {
    EXPECT_EQ(begin, 0u);
    EXPECT_EQ(end, 5u);
    ++calls;
  });
  EXPECT_EQ(calls, 1);
}

// A part that throws: the others still run to their end, and the exception comes out of
// fork_join on the calling thread (a bare std::thread would have called std::terminate).
TEST(ForkJoin, APartsExceptionIsThrownAgainAfterEveryPartEnded) {
  std::atomic<int> ended{0};
  EXPECT_THROW(fork_join(4, 8,
                         [&](std::uint64_t, std::uint64_t, std::uint64_t part) {
                           if (part == 1) throw std::runtime_error("part 1");
                           ++ended;
                         }),
               std::runtime_error);
  EXPECT_EQ(ended, 3);
}

}  // namespace
}  // namespace hoyito
