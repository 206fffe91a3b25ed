#include "model/rule_counts.h"

#include <atomic>

namespace hoyito::model {

namespace {

// The counts of the threads that have ended. A thread counts into its own array, with no shared
// write per rule (two workers incrementing shared atomics would fight over the same cache lines
// at every ply), and adds it here when it ends.
std::array<std::atomic<std::uint64_t>, kRuleCount> ended_threads{};

struct ThreadCounts {
  std::array<std::uint64_t, kRuleCount> counts{};
  ~ThreadCounts() {
    for (std::size_t i = 0; i < counts.size(); ++i) ended_threads[i].fetch_add(counts[i], std::memory_order_relaxed);
  }
};
thread_local ThreadCounts this_thread;

}  // namespace

void count_rule(RuleId id) { this_thread.counts[static_cast<std::size_t>(id)] += 1; }

void count_rules(std::span<const RuleId> ids) {
  auto& counts = this_thread.counts;
  for (const RuleId id : ids) counts[static_cast<std::size_t>(id)] += 1;
}

bool count_event_rules(const std::vector<Event>& events, EventKind kind) {
  auto& counts = this_thread.counts;
  bool seen = false;
  for (const Event& e : events) {
    counts[static_cast<std::size_t>(e.rule)] += 1;
    seen = seen || e.kind == kind;
  }
  return seen;
}

std::array<std::uint64_t, kRuleCount> rule_counts() {
  std::array<std::uint64_t, kRuleCount> out{};
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = ended_threads[i].load(std::memory_order_relaxed) + this_thread.counts[i];
  return out;
}

void reset_rule_counts() {
  for (auto& c : ended_threads) c.store(0, std::memory_order_relaxed);
  this_thread.counts.fill(0);
}

}  // namespace hoyito::model
