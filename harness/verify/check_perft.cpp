// The perft check (verify --full): perft of every variant and size from the start, at every
// depth up to the options' bound, on both implementations; the counts must be equal.
#include <fmt/format.h>

#include "engine/engine.h"
#include "engine/sides.h"
#include "harness/games/perft_count.h"
#include "harness/verify/checks.h"
#include "model/model.h"

namespace hoyito {

namespace {

template <GameImplementation G>
std::uint64_t timed_perft(const Rules& rules, int depth, double& seconds) {
  const Stopwatch clock;
  const std::uint64_t n = perft(G(rules, engine::opening_position(rules)), depth);
  seconds = clock.seconds();
  return n;
}

}  // namespace

CheckResult run_perft(const VerifyOptions& options, Reporter& reporter) {
  CheckResult result;
  for (Variant v : {Variant::hoyito1, Variant::hoyito2, Variant::hoyito3})
    for (int n : {6, 12}) {
      Rules rules;
      rules.variant = v;
      rules.holes_per_row = n;
      const int max_depth = n == 6 ? options.perft_depth_2x6 : options.perft_depth_2x12;
      for (int depth = 1; depth <= max_depth; ++depth) {
        double model_seconds = 0, engine_seconds = 0;
        const auto m = timed_perft<model::Game>(rules, depth, model_seconds);
        const auto e = timed_perft<engine::Game>(rules, depth, engine_seconds);
        const bool same = m == e;
        result.failures += !same;
        result.checked += 1;
        if (!same || depth == max_depth)
          reporter.line(fmt::format("perft {} 2x{} depth {}: model {}, engine {} {} ({:.1f} s / {:.1f} s)",
                                    variant_name(v), n, depth, m, e, same ? "agree" : "DISAGREE", model_seconds,
                                    engine_seconds));
      }
    }
  return result;
}

}  // namespace hoyito
