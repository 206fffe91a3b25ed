// The rules configurations a verification campaign covers: every variant, both board sizes,
// and every combination of the option values that change play (G1 skip_origin, G6
// endless_sowing, G7 endless_game), plus for Hoyito III the round cases of the last-four award
// (END-III-2..4, G8). Options that only matter in a Hoyito III round 3+ after a draw (G8) are
// varied there only; they do not interact with sowing.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/rules.h"

namespace hoyito {

struct Configuration {
  std::string name;  // e.g. "hoyito2-2x6-skip-void-repetition"
  Rules rules;

  std::uint64_t salt() const;  // mixes the name into the game seeds
  // Games to play of a campaign's `games_2x6` per 2x6 configuration: 2x12 games are longer.
  int games(int games_2x6) const { return rules.holes_per_row == 6 ? games_2x6 : games_2x12(games_2x6); }
  static int games_2x12(int games_2x6) { return std::max(1, games_2x6 / 4); }
};

std::vector<Configuration> all_configurations();
// Filters by variant ("" for all), holes (0 for both) and exact name ("" for all).
std::vector<Configuration> select_configurations(const std::string& variant, int holes, const std::string& name);

}  // namespace hoyito
