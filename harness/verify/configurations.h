// The rules configurations a verification campaign covers: every variant, both board sizes,
// and every combination of the option values that change play (G1 skip_origin, G6
// endless_sowing, G7 endless_game), plus for Hoyito III the round cases of the last-four award
// (END-III-2..4, G8). Options that only matter in a Hoyito III round 3+ after a draw (G8) are
// varied there only; they do not interact with sowing. Then the cases the standard start never
// reaches (issue 11): made-up starts of few seeds (a random valid position: odd leftovers, boards
// near their end, endless sowings), under every variant, option and Hoyito III round case; other
// seed counts (BRD-3: 1, 2, 3, 5, 6 a hole); and small ply limits (G7, END-3) under both
// endless_game options. Those play a share of the games: they are short, or many. So do the
// standard 2x12 configurations, whose games are long.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/rules.h"
#include "harness/base/random.h"

namespace hoyito {

struct Configuration {
  std::string name;  // e.g. "hoyito2-2x6-skip-void-repetition"
  Rules rules;
  int made_up_most = 0;  // 0: the standard start; else a made-up start of 0..1-made_up_most seeds a hole
  int share = 1;         // plays games(...) / share games

  // The start of a game: the standard one (BRD-2), or a made-up one drawn from `rng`.
  Position start(SplitMix64& rng) const;

  std::uint64_t salt() const;  // mixes the name into the game seeds
  // Games to play of a campaign's `games_2x6` per 2x6 configuration: 2x12 games are longer.
  int games(int games_2x6) const {
    return std::max(1, (rules.holes_per_row == 6 ? games_2x6 : games_2x12(games_2x6)) / share);
  }
  static int games_2x12(int games_2x6) { return std::max(1, games_2x6 / 4); }
};

std::vector<Configuration> all_configurations();       // the standard start, 4 seeds a hole
std::vector<Configuration> lockstep_configurations();  // those and the edge cases above
// The Hoyito III match rules a campaign plays matches under: each board size, each G9
// match_starter and each G8 drawn_previous_last_four, round 1.
std::vector<Rules> match_rules();

// Filters by variant ("" for all), holes (0 for both) and exact name ("" for all).
std::vector<Configuration> select_configurations(const std::string& variant, int holes, const std::string& name);

}  // namespace hoyito
