#include "engine/config.h"

namespace hoyito::engine {

Config make_config(const Rules& rules) {
  Config c;
  c.variant = rules.variant;
  c.n = rules.holes_per_row;
  c.holes = rules.holes();
  c.total = seed_total(rules);  // BRD-3 (engine/sides.h)
  c.skip_origin = rules.options.skip_origin;
  c.opponent_row_only = rules.options.capture_sides == CaptureSides::opponent;  // G2
  c.round_ends = rules.options.no_seeds == NoSeeds::round_ends;                 // G14, END-4
  c.endless_void = rules.options.endless_sowing == EndlessSowing::void_game;
  c.third_repetition = rules.options.endless_game == EndlessGame::third_repetition;
  c.ply_limit = rules.options.ply_limit;
  c.lap_limit = static_cast<std::uint64_t>(rules.options.lap_limit);  // Q-LIMIT (validated >= 1)
  c.give_up_laps = give_up_point(c.lap_limit);
  c.shape = &board_shape(rules.holes_per_row);
  switch (rules.variant) {
    case Variant::hoyito1:
      c.chain = false;
      c.extra_move = false;              // CAP-I-3
      c.capture_rule = RuleId::CAP_I_2;  // en passant captures cite CAP-I-1
      c.extra_rule = RuleId::CAP_I_3;    // never cited
      c.award = Award::capturer;
      c.award_rule = RuleId::END_I_1;
      break;
    case Variant::hoyito2:
      c.chain = true;
      c.extra_move = true;
      c.capture_rule = RuleId::CAP_II_1;
      c.extra_rule = RuleId::CAP_II_3;
      c.award = Award::capturer;
      c.award_rule = RuleId::END_II_1;
      break;
    case Variant::hoyito3:
      c.chain = false;
      c.extra_move = true;
      c.capture_rule = RuleId::CAP_III_1;
      c.extra_rule = RuleId::CAP_III_3;
      if (rules.round <= 2 || rules.previous_winner == Winner::none) {
        c.award = Award::capturer;  // END-III-2 (a single game is round 1)
        c.award_rule = RuleId::END_III_2;
      } else if (is_player(rules.previous_winner)) {
        // END-III-3: to the previous game's winner, or (G15 capturer) to the capturer.
        if (rules.options.later_rounds_last_four == LaterRoundsLastFour::capturer)
          c.award = Award::capturer;
        else
          c.award = rules.previous_winner == Winner::south ? Award::south : Award::north;
        c.award_rule = RuleId::END_III_3;
      } else {  // previous game drawn: END-III-4, G8
        c.award =
            rules.options.drawn_previous_last_four == DrawnPreviousLastFour::split ? Award::split : Award::capturer;
        c.award_rule = RuleId::END_III_4;
      }
      break;
  }
  return c;
}

}  // namespace hoyito::engine
