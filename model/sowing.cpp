// One move, seed by seed: SOW-1..SOW-6, CAP-I/II/III, and the end of the game by END-1 with the
// last-four award (END-I-1, END-II-1, END-III-2..4). See specs/rules.md.
#include <numeric>
#include <set>

#include <fmt/format.h>

#include "model/model.h"

namespace hoyito::model {

namespace {

constexpr int kCasa = 4;  // a hole holding exactly four (CAP-II-1, CAP-III-1, CAP-I-1)

int board_total(const std::vector<int>& board) { return std::accumulate(board.begin(), board.end(), 0); }

Event make_event(EventKind kind, RuleId rule) {
  Event e;
  e.kind = kind;
  e.rule = rule;
  return e;
}

// Everything a move is doing, kept together so each rule below is a short function.
struct Move {
  const Rules& rules;
  MoveOutcome out;
  int mover;
  int holes;
  int in_hand = 0;

  std::vector<int>& board() { return out.after.board; }
  int next_hole(int h) const { return (h + 1) % holes; }      // SOW-2: counterclockwise
  int previous_hole(int h) const { return (h + holes - 1) % holes; }  // CAP-II-2: backward
  void emit(const Event& e) { out.events.push_back(e); }

  // The mover takes the four in `hole` (G2: either side).
  void take_casa(int hole, EventKind kind, RuleId rule) {
    board()[hole] -= kCasa;
    out.after.captured[mover] += kCasa;
    Event e = make_event(kind, rule);
    e.hole = hole;
    e.seeds = kCasa;
    e.player = mover;
    emit(e);
  }

  // CAP-II-2: the unbroken run of fours backward from the landing hole, across both rows (G4).
  void chain_capture(int landing) {
    for (int h = previous_hole(landing); h != landing && board()[h] == kCasa; h = previous_hole(h))
      take_casa(h, EventKind::chain_capture, RuleId::CAP_II_2);
  }

  // Who gets the last seeds, and by which rule (END-I-1, END-II-1, END-III-2..4).
  void award_last_seeds(int seeds) {
    auto award = [&](int player, int count, RuleId rule) {
      out.after.captured[player] += count;
      Event e = make_event(EventKind::last_four_award, rule);
      e.player = player;
      e.seeds = count;
      emit(e);
    };
    switch (rules.variant) {
      case Variant::hoyito1: award(mover, seeds, RuleId::END_I_1); return;
      case Variant::hoyito2: award(mover, seeds, RuleId::END_II_1); return;
      case Variant::hoyito3: break;
    }
    if (rules.round <= 2) return award(mover, seeds, RuleId::END_III_2);
    if (rules.previous_winner != kDraw) return award(rules.previous_winner, seeds, RuleId::END_III_3);
    if (rules.options.drawn_previous_last_four == DrawnPreviousLastFour::capturer)
      return award(mover, seeds, RuleId::END_III_4);
    // G8 split: two and two (an odd seed, possible only in made-up positions, to the capturer).
    const int to_other = seeds / 2;
    const int south = mover == kSouth ? seeds - to_other : to_other;
    award(kSouth, south, RuleId::END_III_4);
    award(kNorth, seeds - south, RuleId::END_III_4);
  }

  // END-1: a capture that leaves four or fewer seeds in play ends the game. The seeds still in
  // play (on the board, and in Hoyito I also in hand) are awarded, then the game is scored (END-2).
  void end_game() {
    const int left = board_total(board()) + in_hand;
    std::fill(board().begin(), board().end(), 0);
    in_hand = 0;
    if (left > 0) award_last_seeds(left);
    Event e = make_event(EventKind::game_end, RuleId::END_1);
    e.status = Status::finished;
    e.winner = winner_by_captures(out.after.captured);
    emit(e);
    out.ended_game = true;
    out.after.to_move = 1 - mover;  // TURN-1: no extra move after the game's last capture
  }

  bool only_four_or_fewer_left() { return board_total(board()) + in_hand <= kCasa; }
};

}  // namespace

int winner_by_captures(const std::array<int, 2>& captured) {
  // END-2, G11: more captured seeds win; equal captures are a draw.
  if (captured[kSouth] > captured[kNorth]) return kSouth;
  if (captured[kNorth] > captured[kSouth]) return kNorth;
  return kDraw;
}

MoveOutcome sow_move(const Rules& rules, const Position& position, int hole) {
  Move m{rules, {position, {}, false, false}, position.to_move, rules.holes()};
  const Variant variant = rules.variant;

  // SOW-1: lift every seed of the chosen hole.
  m.in_hand = m.board()[hole];
  m.board()[hole] = 0;
  Event lift = make_event(EventKind::lift, RuleId::SOW_1);
  lift.hole = hole;
  lift.seeds = m.in_hand;
  m.emit(lift);

  int origin = hole;
  std::set<std::pair<std::vector<int>, int>> lap_end_states;  // SOW-6
  for (std::size_t lap_number = 1;; ++lap_number) {
    // Q-LIMIT: a move decides within lap_limit laps (it ends, or a lap-end state repeats) or it
    // is refused as undecided; it is never guessed endless or finite.
    if (lap_number > static_cast<std::size_t>(rules.options.lap_limit))
      throw UndecidedMove(fmt::format("move {}: undecided: no end and no repeated lap-end state within {} laps (Q-LIMIT)",
                                   hole_name(hole, rules.holes_per_row), rules.options.lap_limit));
    m.out.laps = lap_number;
    // One lap (SOW-2), seed by seed.
    const int lap_seeds = m.in_hand;
    const bool skip = rules.options.skip_origin && lap_seeds >= m.holes;  // SOW-3 (G1)
    int h = origin;
    int sown = 0;
    bool game_over = false;
    while (m.in_hand > 0) {
      h = m.next_hole(h);
      if (skip && h == origin) h = m.next_hole(h);  // SOW-3: the origin hole is passed over
      m.board()[h] += 1;
      m.in_hand -= 1;
      sown += 1;
      // CAP-I-1: in Hoyito I a seed that is not the last makes a casa: captured at once.
      if (variant == Variant::hoyito1 && m.in_hand > 0 && m.board()[h] == kCasa) {
        m.take_casa(h, EventKind::capture, RuleId::CAP_I_1);
        if (m.only_four_or_fewer_left()) {  // END-1 / END-I-1: the move stops here
          game_over = true;
          break;
        }
      }
    }
    Event lap = make_event(EventKind::lap, skip ? RuleId::SOW_3 : RuleId::SOW_2);
    lap.from = origin;
    lap.to = h;
    lap.seeds = sown;
    m.emit(lap);
    if (game_over) {
      m.end_game();
      return m.out;
    }

    // Where the last seed fell decides what happens next.
    if (m.board()[h] == 1) {  // SOW-4: it fell into an empty hole; the move ends.
      Event end = make_event(EventKind::sow_end, RuleId::SOW_4);
      end.hole = h;
      m.emit(end);
      m.out.after.to_move = 1 - m.mover;  // TURN-1
      return m.out;
    }
    if (m.board()[h] == kCasa) {  // G3: a casa at the lap's end is captured; the sowing ends.
      switch (variant) {
        case Variant::hoyito1: m.take_casa(h, EventKind::capture, RuleId::CAP_I_2); break;
        case Variant::hoyito2:
          m.take_casa(h, EventKind::capture, RuleId::CAP_II_1);
          m.chain_capture(h);  // CAP-II-2
          break;
        case Variant::hoyito3: m.take_casa(h, EventKind::capture, RuleId::CAP_III_1); break;  // CAP-III-2: no chain
      }
      if (m.only_four_or_fewer_left()) {  // END-1
        m.end_game();
        return m.out;
      }
      if (variant == Variant::hoyito1) {  // CAP-I-3: no extra move
        m.out.after.to_move = 1 - m.mover;
      } else {  // CAP-II-3, CAP-III-3: the mover moves again
        Event extra = make_event(EventKind::extra_move,
                                 variant == Variant::hoyito2 ? RuleId::CAP_II_3 : RuleId::CAP_III_3);
        extra.player = m.mover;
        m.emit(extra);
        m.out.after.to_move = m.mover;
      }
      return m.out;
    }

    // SOW-6: the same board with the last seed in the same hole means the relays go round forever.
    if (!lap_end_states.insert({m.board(), h}).second) {
      MoveOutcome endless;
      endless.after = position;
      endless.endless = true;
      endless.laps = lap_number;
      Event e = make_event(EventKind::endless_sowing, RuleId::SOW_6);
      e.hole = hole;
      endless.events.push_back(e);
      return endless;
    }

    // SOW-5: relay: lift the landing hole, last seed included, and sow on from the next hole.
    m.in_hand = m.board()[h];
    m.board()[h] = 0;
    Event relay = make_event(EventKind::relay, RuleId::SOW_5);
    relay.hole = h;
    relay.seeds = m.in_hand;
    m.emit(relay);
    origin = h;
  }
}

}  // namespace hoyito::model
