// The first check of `verify --engine`, "hard": the hard positions of the search
// (harness/verify/hard_positions.h) that the engine supports, each played on the engine and the
// model (the legal plies, the move's result and the ply after it, compare_with_engine), so that an
// engine that caps its sowings, loses seeds in a chain or misses a pass fails in seconds.
#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "harness/base/interrupt.h"
#include "harness/verify/engine_under_test.h"
#include "harness/verify/engine_verify_run.h"
#include "harness/verify/hard_positions.h"

namespace hoyito {

namespace {

// Moves of more laps than this are left to `hoyito suite`: an engine as slow as the Python
// example (about 5 microseconds a lap on 2x12) walks an endless move of a million laps for longer
// than a command may take.
constexpr std::int64_t kEngineHardLaps = 200'000;

struct HardTally {
  int played = 0, longer = 0;
};

void play_hard_position(EngineRun& run, const HardPosition& v, HardTally& tally) {
  if (!run.selected(v.rules)) return;  // --variant, --holes
  if (const std::string why = run.caps().unsupported(v.rules); !why.empty()) return run.skip("hard", v.name(), why);
  if (v.laps > kEngineHardLaps) {
    tally.longer += 1;
    return;
  }
  const std::string what = "hard " + v.name();
  const bool played = guarded(run, what, [&] {
    if (auto d = compare_with_engine(v.rules, v.position, v.moves)) run.disagreement(*d, what, *run.sessions.front());
  });
  tally.played += played;
}

}  // namespace

void engine_hard_positions(EngineRun& run) {
  const Stopwatch clock;
  if (!run.runs("hard") || run.gave_up()) return;
  const std::string path = run.o.specs + "/" + kHardPositionsFile;
  HardPositions found;
  try {
    found = load_hard_positions(path, kEngineHardLaps);
  } catch (const InputError& e) {
    run.r.line(fmt::format("  FAIL hard: {}", e.what()));
    run.failures += 1;
    return;
  }
  const double load_seconds = clock.seconds();
  std::int64_t longest_finite = 0, longest_cycle = 0;
  for (const HardSearchSummary& s : found.searches) {
    longest_finite = std::max(longest_finite, s.longest_finite);
    longest_cycle = std::max(longest_cycle, s.longest_cycle);
  }
  const EngineScope scope(run.sessions.front());
  const int before = run.disagreements, failures_before = run.failures;
  HardTally tally;
  for (const HardPosition& v : found.vectors) {
    if (run.gave_up() || run.out_of_time()) break;
    play_hard_position(run, v, tally);
  }
  run.checked += tally.played;
  const int differed = run.disagreements - before;
  run.summary({"hard", tally.played, 0, differed, run.failures - failures_before, clock.seconds(),
               fmt::format("hard: {} hard positions played of the {} of {} (read and measured by the model in {:.1f} "
                           "s; the search met finite sowings up to {} laps, cycles up to {}), {} of more than {} laps "
                           "left to `hoyito suite`, {} disagreement(s) ({:.1f} s)",
                           tally.played, found.vectors.size(), path, load_seconds, longest_finite, longest_cycle,
                           tally.longer, kEngineHardLaps, differed, clock.seconds())});
}

}  // namespace hoyito
