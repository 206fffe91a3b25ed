// Rule coverage: how often each rule of specs/rules.md fired in the plies the model played
// (trial sowings for legality do not count). Thread-safe; `hoyito verify` and the tests read it.
#pragma once

#include <array>
#include <cstdint>

#include "core/game.h"

namespace hoyito::model {

void count_rule(RuleId id);
std::array<std::uint64_t, kRuleCount> rule_counts();
void reset_rule_counts();

}  // namespace hoyito::model
