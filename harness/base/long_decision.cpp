#include "harness/base/long_decision.h"

#include <fmt/format.h>

namespace hoyito {

std::string decision_line(const DecisionWalks& walks, std::uint64_t limit, double seconds) {
  return fmt::format(
      "hoyito: deciding one move (Q-LIMIT): walk {} of its sowing, lap {} of it (lap_limit {}), {:.0f} s (Ctrl-C stops "
      "it)",
      walks.walk(), walks.laps(), limit, seconds);
}

}  // namespace hoyito
