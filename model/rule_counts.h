// Rule coverage: how often each rule of specs/rules.md fired in the plies the model played
// (trial sowings for legality do not count). Thread-safe: each thread counts on its own, and its
// counts join the total when it ends, so rule_counts() gives the calling thread's counts and those
// of every thread that has ended (read it after joining the workers, as `hoyito verify` does).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "core/game.h"

namespace hoyito::model {

void count_rule(RuleId id);
// The same for several rules, and for the rule of every event, with one look-up of this thread's
// counts (a look-up a rule was most of the model's bookkeeping a ply: hoyito exhaustive, callgrind).
void count_rules(std::span<const RuleId> ids);
// The rule of every event; returns, from the same pass, whether an event of kind `kind` is among them.
bool count_event_rules(const std::vector<Event>& events, EventKind kind);
std::array<std::uint64_t, kRuleCount> rule_counts();
void reset_rule_counts();

}  // namespace hoyito::model
