#include "model/rule_counts.h"

#include <atomic>

namespace hoyito::model {

namespace {
std::array<std::atomic<std::uint64_t>, kRuleCount> counts{};
}  // namespace

void count_rule(RuleId id) { counts[static_cast<size_t>(id)].fetch_add(1, std::memory_order_relaxed); }

std::array<std::uint64_t, kRuleCount> rule_counts() {
  std::array<std::uint64_t, kRuleCount> out{};
  for (size_t i = 0; i < out.size(); ++i) out[i] = counts[i].load(std::memory_order_relaxed);
  return out;
}

void reset_rule_counts() {
  for (auto& c : counts) c.store(0, std::memory_order_relaxed);
}

}  // namespace hoyito::model
