// RapidCheck properties of the reference model, from random reachable and arbitrary positions,
// on both board sizes and every variant and option value (tests/support/generators.h).
#include <algorithm>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "model/model.h"
#include "tests/support/generators.h"
#include "tests/support/moves.h"

namespace hoyito {
namespace {

using testing::gen_position;
using testing::gen_reachable;
using testing::gen_rules;

int seeds_in(const Position& p) {
  int total = p.captured[0] + p.captured[1];
  for (int c : p.board) total += c;
  return total;
}

// Plays up to `plies` random legal plies and checks the per-ply invariants on each.
void check_invariants_while_playing(const Rules& rules, const Position& start, int plies) {
  model::Game game(rules, start);
  for (int i = 0; i < plies && game.status() == Status::playing; ++i) {
    const Position before = game.position();
    const auto legal = game.legal_moves();
    RC_ASSERT(!legal.empty());
    const Ply ply = game.play(legal[*rc::gen::inRange<size_t>(0, legal.size())]);

    // Seeds on the board plus captured seeds never change.
    RC_ASSERT(seeds_in(ply.after) == seeds_in(model::opening_position(rules)));

    int captured_by_captures = 0, captured_otherwise = 0;
    bool captured_this_ply = false;
    int last_lap_to = -1;
    for (size_t k = 0; k < ply.events.size(); ++k) {
      const Event& e = ply.events[k];
      if (e.kind == EventKind::lap) last_lap_to = e.to;
      if (e.kind == EventKind::capture || e.kind == EventKind::chain_capture) {
        RC_ASSERT(e.seeds == 4);  // captures come in fours
        RC_ASSERT(e.player == before.to_move);
        captured_by_captures += 4;
        captured_this_ply = true;
        if (rules.variant != Variant::hoyito1 && e.kind == EventKind::capture) {
          // II and III: only at a lap's end, in the hole its last seed fell into.
          RC_ASSERT(k > 0 && ply.events[k - 1].kind == EventKind::lap);
          RC_ASSERT(e.hole == ply.events[k - 1].to);
        }
      }
      if (e.kind == EventKind::chain_capture) RC_ASSERT(rules.variant == Variant::hoyito2);  // III: landing only
      if (e.kind == EventKind::last_four_award || e.kind == EventKind::side_award) captured_otherwise += e.seeds;
    }
    (void)last_lap_to;

    // Every lap sows all the seeds of its lift or relay: none is cut short, not even by an en
    // passant capture that leaves four or fewer seeds in play (G13).
    int lifted = -1;
    for (const Event& e : ply.events) {
      if (e.kind == EventKind::lift || e.kind == EventKind::relay) lifted = e.seeds;
      if (e.kind == EventKind::lap) RC_ASSERT(e.seeds == lifted);
    }
    // END-1 comes when the move is over: after its last step (an empty hole, or the capture at
    // the lap's end and its chain) and the award of the seeds left, which were on the board only.
    for (size_t k = 0; k < ply.events.size(); ++k) {
      if (ply.events[k].kind != EventKind::game_end || ply.events[k].rule != RuleId::END_1) continue;
      RC_ASSERT(k + 1 == ply.events.size());
      size_t last_step = k;
      while (last_step > 0 && ply.events[last_step - 1].kind == EventKind::last_four_award) --last_step;
      RC_ASSERT(last_step > 0);
      const EventKind step = ply.events[last_step - 1].kind;
      RC_ASSERT(step == EventKind::sow_end || step == EventKind::capture || step == EventKind::chain_capture);
      RC_ASSERT(std::all_of(ply.after.board.begin(), ply.after.board.end(), [](int c) { return c == 0; }));
    }
    const int gained = ply.after.captured[0] + ply.after.captured[1] - before.captured[0] - before.captured[1];
    RC_ASSERT(gained == captured_by_captures + captured_otherwise);

    // II and III: a capture earns an extra move unless the game ended; I: never.
    const bool ended = game.status() != Status::playing;
    const bool has_extra = !ply.events.empty() && std::any_of(ply.events.begin(), ply.events.end(), [](const Event& e) {
      return e.kind == EventKind::extra_move;
    });
    if (rules.variant == Variant::hoyito1) {
      RC_ASSERT(!has_extra);
    } else if (captured_this_ply && ply.events.back().kind != EventKind::game_end) {
      RC_ASSERT(has_extra);
      RC_ASSERT(ply.after.to_move == before.to_move);
    } else if (!captured_this_ply) {
      RC_ASSERT(!has_extra);
    }
    if (!ended && !ply.move.is_pass() && !has_extra) RC_ASSERT(ply.after.to_move == model::opponent_of(before.to_move));
  }
}

RC_GTEST_PROP(ModelProperties, InvariantsFromReachablePositions, ()) {
  const Rules rules = gen_rules();
  check_invariants_while_playing(rules, gen_reachable<model::Game>(rules, model::opening_position(rules), 60), 40);
}

RC_GTEST_PROP(ModelProperties, InvariantsFromArbitraryPositions, ()) {
  const Rules rules = gen_rules();
  check_invariants_while_playing(rules, gen_position(rules), 40);
}

RC_GTEST_PROP(ModelProperties, LegalPliesAreOwnNonEmptyHolesOrPass, ()) {
  const Rules rules = gen_rules();
  const Position p = gen_position(rules);
  model::Game game(rules, p);
  const auto legal = game.legal_moves();
  if (board_empty(p)) {  // END-1: a board without seeds is over at once (the generator makes one at times)
    RC_ASSERT(legal.empty());
    RC_ASSERT(game.status() == Status::finished);
    return;
  }
  RC_ASSERT(!legal.empty());
  if (legal.front().is_pass()) {
    RC_ASSERT(legal.size() == 1u);
    return;
  }
  for (Move m : legal) {
    RC_ASSERT(model::hole_owner(m.hole(), rules.holes_per_row) == p.to_move);
    RC_ASSERT(p.board[static_cast<size_t>(m.hole())] > 0);
  }
}

}  // namespace
}  // namespace hoyito
