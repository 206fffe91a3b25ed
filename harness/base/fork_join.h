// The fork-join of the jobs that cut one range over threads (the endgame solver's passes, solve
// --verify's layers) and of the runner's workers (Campaign::run): one helper, so that how a
// range is cut, how the threads are joined and what becomes of a thread's exception is written
// once.
#pragma once

#include <algorithm>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace hoyito {

// Runs body(begin, end, part) over [0, count) cut into max(1, threads) contiguous parts (part p:
// count * p / parts up to count * (p + 1) / parts), one thread each, and joins them. The first
// exception a part throws is thrown again here once every thread has stopped (the other parts
// run to their end: a body that must stop early looks at its own flag, as interrupted()).
template <class Body>
void fork_join(int threads, std::uint64_t count, const Body& body) {
  const auto parts = static_cast<std::uint64_t>(std::max(1, threads));
  std::exception_ptr failure;
  std::mutex failure_mutex;
  std::vector<std::thread> workers;
  for (std::uint64_t p = 0; p < parts; ++p)
    workers.emplace_back([&, p] {
      try {
        body(count * p / parts, count * (p + 1) / parts, p);
      } catch (...) {
        const std::lock_guard lock(failure_mutex);
        if (!failure) failure = std::current_exception();
      }
    });
  for (std::thread& w : workers) w.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace hoyito
