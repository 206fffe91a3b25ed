// The exhaustive small-scope check: every board with at most `max_seeds` seeds, each side to
// move, every move, under every variant and option value that changes a single move; the
// model and the engine must agree on the legal plies and on every ply's events, position and
// result. (The small-scope hypothesis: most rule slips already show on small boards.)
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "harness/base/reporter.h"
#include "harness/verify/differential.h"

namespace hoyito {

struct ExhaustiveCounts {
  std::uint64_t boards = 0;     // distinct boards (seed counts per hole)
  std::uint64_t positions = 0;  // board x side to move x configuration
  std::uint64_t moves = 0;      // plies played on both implementations
  int configurations = 0;
  std::uint64_t disagreements = 0;
  std::optional<Disagreement> first;
};

// On the one runner (Campaign, harness/base/campaign.h) with `threads` workers; progress goes to
// `reporter` (none when null). An interrupt stops the walk: the counts are those of the boards
// checked.
ExhaustiveCounts exhaustive_check(int holes_per_row, int max_seeds, int threads, Reporter* reporter);

// The number of boards of `holes` holes holding at most `max_seeds` seeds in all.
std::uint64_t count_boards(int holes, int max_seeds);

}  // namespace hoyito
