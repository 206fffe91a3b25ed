#include "engine/config.h"

#include <algorithm>

namespace hoyito::engine {

Config make_config(const Rules& rules) {
  Config c;
  c.variant = rules.variant;
  c.n = rules.holes_per_row;
  c.holes = rules.holes();
#if HOYITO_MUTANT == 35
  c.total = 2 * 6 * rules.seeds_per_hole;  // mutant 35: the seed total of a 2x6 board, whatever the size
#else
  c.total = rules.total_seeds();
#endif
  c.skip_origin = rules.options.skip_origin;
  c.endless_void = rules.options.endless_sowing == EndlessSowing::void_game;
  c.third_repetition = rules.options.endless_game == EndlessGame::third_repetition;
  c.ply_limit = rules.options.ply_limit;
  // Q-LIMIT. The cycle detector finds a cycle entered at lap M, of L laps up to rotation, by lap
  // 1.5 * max(M, L / 15, 2^14) + L at the latest (sow.h), and M + L <= the first exact repeat:
  // a sowing still undecided after 4 * max(limit, 2^14) laps cannot be decided within the limit.
  c.lap_limit = static_cast<std::uint64_t>(rules.options.lap_limit);
  c.give_up_laps = 4 * std::max<std::uint64_t>(c.lap_limit, std::uint64_t{1} << 14);
  c.shape = &board_shape(rules.holes_per_row);
  switch (rules.variant) {
    case Variant::hoyito1:
      c.chain = false;
#if HOYITO_MUTANT == 19
      c.extra_move = true;                 // mutant 19: Hoyito I gets an extra move after a capture
#else
      c.extra_move = false;                // CAP-I-3
#endif
      c.capture_rule = RuleId::CAP_I_2;    // en passant captures cite CAP-I-1
      c.extra_rule = RuleId::CAP_I_3;      // never cited
      c.award = Award::capturer;
      c.award_rule = RuleId::END_I_1;
      break;
    case Variant::hoyito2:
#if HOYITO_MUTANT == 18
      c.chain = true;
      c.extra_move = false;  // mutant 18: Hoyito II gets no extra move after a capture
#else
      c.chain = true;
      c.extra_move = true;
#endif
      c.capture_rule = RuleId::CAP_II_1;
      c.extra_rule = RuleId::CAP_II_3;
      c.award = Award::capturer;
      c.award_rule = RuleId::END_II_1;
      break;
    case Variant::hoyito3:
#if HOYITO_MUTANT == 17
      c.chain = true;  // mutant 17: Hoyito III takes the backward chain too
      c.extra_move = true;
      c.capture_rule = RuleId::CAP_III_1;
#else
      c.chain = false;
      c.extra_move = true;
#if HOYITO_MUTANT == 36
      c.capture_rule = RuleId::CAP_II_1;  // mutant 36: Hoyito III captures cite Hoyito II's rule
#else
      c.capture_rule = RuleId::CAP_III_1;
#endif
#endif
      c.extra_rule = RuleId::CAP_III_3;
#if HOYITO_MUTANT == 26
      if (rules.round < 2 || rules.previous_winner == kNobody) {  // mutant 26: round 2 awarded like round 3
#else
      if (rules.round <= 2 || rules.previous_winner == kNobody) {
#endif
        c.award = Award::capturer;  // END-III-2 (a single game is round 1)
        c.award_rule = RuleId::END_III_2;
      } else if (rules.previous_winner == kSouth || rules.previous_winner == kNorth) {
#if HOYITO_MUTANT == 27
        c.award = Award::capturer;  // mutant 27: the previous winner is ignored (END-III-3 cited)
#else
        c.award = rules.previous_winner == kSouth ? Award::south : Award::north;  // END-III-3
#endif
        c.award_rule = RuleId::END_III_3;
      } else {  // previous game drawn: END-III-4, G8
        c.award = rules.options.drawn_previous_last_four == DrawnPreviousLastFour::split ? Award::split
                                                                                         : Award::capturer;
        c.award_rule = RuleId::END_III_4;
      }
      break;
  }
  return c;
}

}  // namespace hoyito::engine
