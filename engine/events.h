// Builders for the events of specs/game-record.md: one function per kind, with the fields that
// kind uses; every other field keeps its "unused" value.
#pragma once

#include "core/game.h"

namespace hoyito::engine::ev {

inline Event make(EventKind kind, RuleId rule) {
  Event e;
  e.kind = kind;
  e.rule = rule;
  return e;
}

inline Event lift(int hole, int seeds) {
  Event e = make(EventKind::lift, RuleId::SOW_1);
  e.hole = hole;
  e.seeds = seeds;
  return e;
}

inline Event lap(RuleId rule, int from, int to, int seeds) {
  Event e = make(EventKind::lap, rule);
  e.from = from;
  e.to = to;
  e.seeds = seeds;
  return e;
}

inline Event sow_end(int hole) {
  Event e = make(EventKind::sow_end, RuleId::SOW_4);
  e.hole = hole;
  return e;
}

inline Event relay(int hole, int seeds) {
  Event e = make(EventKind::relay, RuleId::SOW_5);
  e.hole = hole;
  e.seeds = seeds;
  return e;
}

inline Event capture(RuleId rule, int hole, int seeds, Player player) {
  Event e = make(EventKind::capture, rule);
  e.hole = hole;
  e.seeds = seeds;
  e.player = player;
  return e;
}

inline Event chain_capture(int hole, int seeds, Player player) {
  Event e = make(EventKind::chain_capture, RuleId::CAP_II_2);
  e.hole = hole;
  e.seeds = seeds;
  e.player = player;
  return e;
}

inline Event extra_move(RuleId rule, Player player) {
  Event e = make(EventKind::extra_move, rule);
  e.player = player;
  return e;
}

inline Event pass(RuleId rule, Player player) {
  Event e = make(EventKind::pass, rule);
  e.player = player;
  return e;
}

inline Event endless_sowing(int hole) {
  Event e = make(EventKind::endless_sowing, RuleId::SOW_6);
  e.hole = hole;
  return e;
}

inline Event last_four_award(RuleId rule, Player player, int seeds) {
  Event e = make(EventKind::last_four_award, rule);
  e.player = player;
  e.seeds = seeds;
  return e;
}

// END-3 (third repetition) or END-4 (no_seeds = round_ends): a player takes their own row.
inline Event side_award(RuleId rule, Player player, int seeds) {
  Event e = make(EventKind::side_award, rule);
  e.player = player;
  e.seeds = seeds;
  return e;
}

inline Event game_end(RuleId rule, Status status, Winner winner) {
  Event e = make(EventKind::game_end, rule);
  e.status = status;
  e.winner = winner;
  return e;
}

}  // namespace hoyito::engine::ev
