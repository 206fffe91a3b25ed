// One move, seed by seed: SOW-1..SOW-6, CAP-I/II/III, and the end of the game by END-1 with the
// last-four award (END-I-1, END-II-1, END-III-2..4). See specs/rules.md.
//
// A move is sown step by step with its events: lift, laps and relays, what the last seed did,
// and the end of the move. Nearly every move ends within a few laps, and one that ends is not
// endless: a move whose last seed lands (SOW-4, or a casa) by lap kLapsSownAtOnce is decided by
// that. A move still relaying then is walked again without events to decide whether its relay
// sowing ends (SOW-6), exactly and in constant memory (Brent's cycle detection on the lap-end
// states), within the Q-LIMIT guard, and sown again with its events only if it ends: so an
// endless move's events never pile up.
#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <numeric>
#include <utility>

#include <fmt/format.h>

#include "core/lap_watch.h"
#include "model/model.h"

namespace hoyito::model {

namespace {

constexpr int kCasa = 4;                       // a hole holding exactly four (CAP-II-1, CAP-III-1, CAP-I-1)
constexpr int kMostHoles = 24;                 // 2x12 (BRD-2)
constexpr std::uint64_t kLapsSownAtOnce = 64;  // laps a move is sown before SOW-6 is decided for it

// SOW-6: what fixes the rest of a relay sowing: the board and the hole the lap's last seed fell
// into. Holes from 2N on stay 0.
struct LapEnd {
  int hole = -1;  // first, so that two states are told apart by it before their boards are compared
  std::array<int, kMostHoles> board{};
  bool operator==(const LapEnd&) const = default;
};

// What the last seed of a lap did.
enum class Landing {
  empty_hole,  // SOW-4: the hole was empty (now 1): the move ends
  casa,        // G3: the hole now holds four: it is captured and the sowing ends
  relay,       // SOW-5: any other occupied hole: it is lifted and sown on
};

Event make_event(EventKind kind, RuleId rule) {
  Event e;
  e.kind = kind;
  e.rule = rule;
  return e;
}

// A move in progress, one rule step per function. With `events` null the move is only walked
// (to decide SOW-6) and nothing is recorded.
struct Sowing {
  const Rules& rules;
  std::vector<Event>* events;
  int holes;
  Player mover;
  LapEnd state;     // the board, and the hole the last seed fell into
  int origin = -1;  // the hole the current lap was lifted from
  int in_hand = 0;
  std::uint64_t laps = 0;       // laps sown so far
  std::array<int, 2> captured;  // the position's captures and this move's
  bool captured_this_move = false;
  bool last_lap_undoable = false;  // the last lap had fewer than 2N seeds and no en passant capture
  Player to_move;                  // who moves after the move (set when it ends)
  bool ended_game = false;

  Sowing(const Rules& r, const Position& position, std::vector<Event>* recorded)
      : rules(r),
        events(recorded),
        holes(r.holes()),
        mover(position.to_move),
        captured(position.captured),
        to_move(position.to_move) {
    std::copy(position.board.begin(), position.board.end(), state.board.begin());
  }

  // (A comparison, not `% holes`: a division for every seed sown was the model's largest cost.)
  int next_hole(int h) const { return h + 1 == holes ? 0 : h + 1; }      // SOW-2: counterclockwise
  int previous_hole(int h) const { return h == 0 ? holes - 1 : h - 1; }  // CAP-II-2: backward
  int seeds_on_board() const { return std::accumulate(state.board.begin(), state.board.end(), 0); }
  void emit(const Event& e) {
    if (events) events->push_back(e);
  }

  // Every seed of `hole` into the hand, to be sown from the next hole.
  void pick_up(int hole, EventKind kind, RuleId rule) {
    origin = hole;
    in_hand = std::exchange(state.board[hole], 0);
    if (!events) return;  // a trial sowing (SOW-6's decision) records nothing
    Event e = make_event(kind, rule);
    e.hole = hole;
    e.seeds = in_hand;
    emit(e);
  }

  // SOW-1: lift every seed of the chosen hole.
  void lift(int hole) { pick_up(hole, EventKind::lift, RuleId::SOW_1); }

  // SOW-2: one lap, seed by seed, into the holes after its origin. SOW-3 (G1): with skip_origin,
  // a lap of 2N or more seeds passes over its origin. CAP-I-1: in Hoyito I a seed that is not the
  // last of its lap and makes a casa is captured at once, and sowing goes on (G13).
  void sow_lap() {
    const int lap_seeds = in_hand;
    const bool skip = rules.options.skip_origin && lap_seeds >= holes;
    last_lap_undoable = lap_seeds < holes;  // specs/endless-sowing.md: such a lap can be undone
    int h = origin;
    while (in_hand > 0) {
      h = next_hole(h);
      if (skip && h == origin) h = next_hole(h);
      state.board[h] += 1;
      in_hand -= 1;
      if (rules.variant == Variant::hoyito1 && in_hand > 0 && is_casa(h)) {
        take_casa(h, EventKind::capture, RuleId::CAP_I_1);
        last_lap_undoable = false;  // an en passant capture is not undone by the lap's inverse
      }
    }
    state.hole = h;
    laps += 1;
    if (!events) return;
    Event e = make_event(EventKind::lap, skip ? RuleId::SOW_3 : RuleId::SOW_2);
    e.from = origin;
    e.to = h;
    e.seeds = lap_seeds;
    emit(e);
  }

  // G2: a hole holding exactly four is a casa the mover takes: on either row (capture_sides =
  // both), or only on the opponent's row (`opponent`). A four on the mover's own row is then an
  // occupied hole like any other: a lap ending there relays (SOW-5), a seed passing there sows on.
  bool is_casa(int hole) const {
    if (state.board[hole] != kCasa) return false;
    return rules.options.capture_sides == CaptureSides::both || hole_owner(hole, rules.holes_per_row) != mover;
  }

  Landing landing() const {
    if (state.board[state.hole] == 1) return Landing::empty_hole;
    if (is_casa(state.hole)) return Landing::casa;
    return Landing::relay;
  }

  // SOW-5: lift the landing hole, last seed included, and sow it on from the next hole.
  void sow_relay_lap() {
    pick_up(state.hole, EventKind::relay, RuleId::SOW_5);
    sow_lap();
  }

  // SOW-4: the last seed fell into an empty hole; the move ends.
  void end_in_empty_hole() {
    Event e = make_event(EventKind::sow_end, RuleId::SOW_4);
    e.hole = state.hole;
    emit(e);
  }

  // The mover takes the four in `hole` (G2: a casa by is_casa).
  void take_casa(int hole, EventKind kind, RuleId rule) {
    state.board[hole] -= kCasa;
    captured[index(mover)] += kCasa;
    captured_this_move = true;
    Event e = make_event(kind, rule);
    e.hole = hole;
    e.seeds = kCasa;
    e.player = mover;
    emit(e);
  }

  // G3: the casa the lap ended on is captured (CAP-I-2, CAP-II-1, CAP-III-1), and in Hoyito II the
  // unbroken run of fours backward from it, across both rows (CAP-II-2, G4). CAP-III-2: no chain.
  // G2 opponent: the run takes only casas of the opponent's row and stops at the first hole that
  // is not one (a four on the mover's own row included).
  void capture_landing() {
    const int landing_hole = state.hole;
    switch (rules.variant) {
      case Variant::hoyito1:
        take_casa(landing_hole, EventKind::capture, RuleId::CAP_I_2);
        return;
      case Variant::hoyito3:
        take_casa(landing_hole, EventKind::capture, RuleId::CAP_III_1);
        return;
      case Variant::hoyito2:
        take_casa(landing_hole, EventKind::capture, RuleId::CAP_II_1);
        break;
    }
    for (int h = previous_hole(landing_hole); h != landing_hole && is_casa(h); h = previous_hole(h))
      take_casa(h, EventKind::chain_capture, RuleId::CAP_II_2);
  }

  // END-1 (G13 for Hoyito I): a move that captured and left four or fewer seeds on the board
  // ends the game. Counted once, when the move is over (a chain, or further en passant captures,
  // included).
  bool leaves_last_seeds() const { return captured_this_move && seeds_on_board() <= kCasa; }

  // END-1: the seeds left go by END-I-1, END-II-1 or END-III-2..4; the game is scored (END-2).
  void end_game() {
    const int left = seeds_on_board();
    state.board.fill(0);
    if (left > 0) award_last_seeds(left);
    Event e = make_event(EventKind::game_end, RuleId::END_1);
    e.status = Status::finished;
    e.winner = winner_by_captures(captured);
    emit(e);
    ended_game = true;
    to_move = opponent_of(mover);  // TURN-1: no extra move after the game's last capture
  }

  void award(Player player, int seeds, RuleId rule) {
    captured[index(player)] += seeds;
    Event e = make_event(EventKind::last_four_award, rule);
    e.player = player;
    e.seeds = seeds;
    emit(e);
  }

  // Who gets the last seeds, and by which rule (END-I-1, END-II-1, END-III-2..4).
  void award_last_seeds(int seeds) {
    switch (rules.variant) {
      case Variant::hoyito1:
        return award(mover, seeds, RuleId::END_I_1);
      case Variant::hoyito2:
        return award(mover, seeds, RuleId::END_II_1);
      case Variant::hoyito3:
        break;
    }
    if (rules.round <= 2) return award(mover, seeds, RuleId::END_III_2);  // G12: a single game is round 1
    if (rules.previous_winner != Winner::draw) {
      // END-III-3: the previous game's winner (G15 previous_winner), or the capturer (G15 capturer).
      const bool to_capturer = rules.options.later_rounds_last_four == LaterRoundsLastFour::capturer;
      return award(to_capturer ? mover : player_of(rules.previous_winner), seeds, RuleId::END_III_3);
    }
    if (rules.options.drawn_previous_last_four == DrawnPreviousLastFour::capturer)
      return award(mover, seeds, RuleId::END_III_4);
    // G8 split: two and two (an odd seed, possible only in made-up positions, to the capturer).
    const int to_other = seeds / 2;
    const int south = mover == Player::south ? seeds - to_other : to_other;
    award(Player::south, south, RuleId::END_III_4);
    award(Player::north, seeds - south, RuleId::END_III_4);
  }

  // CAP-II-3, CAP-III-3: a capture earns the mover another move; CAP-I-3 and TURN-1: otherwise
  // the opponent plays.
  void hand_over_turn() {
    if (captured_this_move && rules.variant != Variant::hoyito1) {
      Event e =
          make_event(EventKind::extra_move, rules.variant == Variant::hoyito2 ? RuleId::CAP_II_3 : RuleId::CAP_III_3);
      e.player = mover;
      emit(e);
      to_move = mover;
    } else {
      to_move = opponent_of(mover);
    }
  }

  void write_position(Position& p) const {
    p.board.assign(state.board.begin(), state.board.begin() + holes);
    p.captured = captured;
    p.to_move = to_move;
  }
};

// How a move's relay sowing goes (SOW-6), decided exactly.
struct SowingLength {
  bool endless = false;
  std::uint64_t laps = 0;          // the lap the move ends at; endless: L, the first lap whose
                                   // lap-end state equals an earlier one
  std::uint64_t repeated_lap = 0;  // endless: M < L, the lap whose state lap L repeats
};

[[noreturn]] void throw_undecided(const Rules& rules, int hole) {
  throw UndecidedMove(fmt::format("move {}: undecided: no end and no repeated lap-end state within {} laps (Q-LIMIT)",
                                  hole_name(hole, rules.holes_per_row), rules.options.lap_limit));
}

bool is_power_of_two(std::uint64_t n) { return (n & (n - 1)) == 0; }

// SOW-6 with the cycle's period known: `ahead` walks `period` laps in front of `behind`, both from
// lap 1. The first lap at which their states agree is M, the cycle's first lap, and `ahead` is
// then at L = M + period, the first repeat.
SowingLength first_repeat(const Rules& rules, const Position& position, int hole, std::uint64_t period) {
  Sowing behind(rules, position, nullptr);
  Sowing ahead(rules, position, nullptr);
  behind.lift(hole);
  behind.sow_lap();
  ahead.lift(hole);
  ahead.sow_lap();
  const auto limit = static_cast<std::uint64_t>(rules.options.lap_limit);
  for (std::uint64_t lap = 0; lap < period; ++lap) {
    ahead.sow_relay_lap();
    if (ahead.laps % kWatchLaps == 0) watch_laps(ahead.laps, limit);  // progress, Ctrl-C (core/lap_watch.h)
  }
  while (ahead.state != behind.state) {
    if (ahead.laps >= limit) throw_undecided(rules, hole);  // Q-LIMIT: the first repeat comes later
    ahead.sow_relay_lap();
    behind.sow_relay_lap();
    if (ahead.laps % kWatchLaps == 0) watch_laps(ahead.laps, limit);
  }
  if (ahead.laps > limit) throw_undecided(rules, hole);
  return {true, ahead.laps, behind.laps};
}

// SOW-6, Q-LIMIT: the lap-end states S1, S2, ... of a move each fix the next (SOW-5), so the
// sowing is endless exactly when one repeats. Brent's method keeps one earlier state, the
// tortoise: that of the last lap numbered a power of two. When the hare (the walk itself) meets it,
// the period is the laps between them. If the first repeat L = M + period is at most lap_limit,
// a tortoise at a lap t >= lap_limit is on the cycle (t > M) and the hare meets it within one
// period, so within lap_limit laps: a hare further ahead of it than that proves L > lap_limit.
// The walk so stops before lap 3 * lap_limit. A move decided by neither an end nor a repeat by
// then, or ending after lap_limit, is undecided: it is refused, never guessed.
// Before Brent's test, the anchor rule (specs/endless-sowing.md, "The anchor rule"): the anchor is
// the state of lap 1 or of the last lap that cannot be undone (2N seeds or more, or an en passant
// capture); a later lap that can be undone and comes back to it is the first exact repeat. While
// the anchor is lap 1's, a walk past lap_limit without it is undecided.
SowingLength measure_sowing(const Rules& rules, const Position& position, int hole) {
  const auto limit = static_cast<std::uint64_t>(rules.options.lap_limit);
  Sowing hare(rules, position, nullptr);
  hare.lift(hole);
  hare.sow_lap();
  LapEnd tortoise;  // hole -1: equal to no lap-end state
  std::uint64_t tortoise_lap = 0;
  LapEnd anchor = hare.state;
  std::uint64_t anchor_lap = 1;
  for (;;) {
    if (hare.landing() != Landing::relay) {  // the move ends at this lap
      if (hare.laps > limit) throw_undecided(rules, hole);
      return {false, hare.laps, 0};
    }
    if (hare.laps > 1 && !hare.last_lap_undoable) {
      anchor = hare.state;
      anchor_lap = hare.laps;
    } else if (hare.laps > anchor_lap && hare.state == anchor) {
      if (hare.laps > limit) throw_undecided(rules, hole);
      return {true, hare.laps, anchor_lap};  // SOW-6: the first exact repeat
    }
    if (anchor_lap == 1 && hare.laps >= limit) throw_undecided(rules, hole);  // Q-LIMIT
    if (hare.laps % kWatchLaps == 0) watch_laps(hare.laps, limit);            // progress, Ctrl-C (core/lap_watch.h)
    if (hare.state == tortoise) return first_repeat(rules, position, hole, hare.laps - tortoise_lap);
    if (tortoise_lap >= limit && hare.laps - tortoise_lap >= limit) throw_undecided(rules, hole);
    if (is_power_of_two(hare.laps)) {
      tortoise = hare.state;
      tortoise_lap = hare.laps;
    }
    hare.sow_relay_lap();
  }
}

// SOW-1, SOW-2, SOW-5: lifts `hole` and sows lap after lap until the last seed lands in an empty
// hole or makes a casa (true), or until `most_laps` laps are sown with the last one relaying (false).
bool sow_until_landed(Sowing& move, int hole, std::uint64_t most_laps) {
  move.lift(hole);  // SOW-1
  move.sow_lap();   // SOW-2, SOW-3, CAP-I-1
  while (move.landing() == Landing::relay) {
    if (move.laps >= most_laps) return false;
    move.sow_relay_lap();  // SOW-5
  }
  return true;
}

// What the last seed did, and the end of the move, once it has landed.
MoveVerdict finish_move(Sowing& move, Position& after) {
  if (move.landing() == Landing::empty_hole)
    move.end_in_empty_hole();  // SOW-4
  else
    move.capture_landing();  // CAP-I-2, CAP-II-1, CAP-II-2, CAP-III-1
  if (move.leaves_last_seeds())
    move.end_game();  // END-1 and the last-four award
  else
    move.hand_over_turn();  // TURN-1, CAP-I-3, CAP-II-3, CAP-III-3
  move.write_position(after);
  MoveVerdict out;
  out.ended_game = move.ended_game;
  out.laps = move.laps;
  return out;
}

// The laps sown before SOW-6 is decided: within the Q-LIMIT guard, a move that lands is decided.
std::uint64_t laps_sown_at_once(const Rules& rules) {
  return std::min(kLapsSownAtOnce, static_cast<std::uint64_t>(rules.options.lap_limit));
}

// SOW-6: an endless move changes nothing; its only event names it.
MoveVerdict endless_move(const Position& position, int hole, const SowingLength& length, std::vector<Event>& events,
                         Position& after) {
  MoveVerdict out;
  if (&after != &position) after = position;
  out.endless = true;
  out.laps = length.laps;
  out.repeated_lap = length.repeated_lap;
  Event e = make_event(EventKind::endless_sowing, RuleId::SOW_6);
  e.hole = hole;
  events.push_back(e);
  return out;
}

}  // namespace

Winner winner_by_captures(const std::array<int, 2>& captured) {
  // END-2, G11: more captured seeds win; equal captures are a draw.
  if (captured[index(Player::south)] > captured[index(Player::north)]) return Winner::south;
  if (captured[index(Player::north)] > captured[index(Player::south)]) return Winner::north;
  return Winner::draw;
}

bool is_endless(const Rules& rules, const Position& position, int hole) {
  assert(rules.holes() <= kMostHoles && position.board.size() == static_cast<std::size_t>(rules.holes()));
  assert(hole >= 0 && hole < rules.holes() && position.board[static_cast<std::size_t>(hole)] > 0);  // SOW-1
  Sowing walk(rules, position, nullptr);                                     // laps walked, no events
  if (sow_until_landed(walk, hole, laps_sown_at_once(rules))) return false;  // it ends: not endless
  return measure_sowing(rules, position, hole).endless;                      // SOW-6, Q-LIMIT
}

std::vector<int> lap_seeds(const Rules& rules, const Position& position, int hole, std::uint64_t laps) {
  assert(hole >= 0 && hole < rules.holes() && position.board[static_cast<std::size_t>(hole)] > 0);  // SOW-1
  std::vector<int> seeds;
  Sowing walk(rules, position, nullptr);
  walk.lift(hole);  // SOW-1
  for (;;) {
    seeds.push_back(walk.in_hand);
    walk.sow_lap();  // SOW-2, SOW-3, CAP-I-1
    if (seeds.size() >= laps || walk.landing() != Landing::relay) return seeds;
    walk.pick_up(walk.state.hole, EventKind::relay, RuleId::SOW_5);  // SOW-5: the landing hole, lifted
  }
}

MoveOutcome sow_move(const Rules& rules, const Position& position, int hole) {
  MoveOutcome out;
  static_cast<MoveVerdict&>(out) = sow_move(rules, position, hole, out.events, out.after);
  return out;
}

MoveVerdict sow_move(const Rules& rules, const Position& position, int hole, std::vector<Event>& events,
                     Position& after) {
  assert(rules.holes() <= kMostHoles && position.board.size() == static_cast<std::size_t>(rules.holes()));
  assert(hole >= 0 && hole < rules.holes());
  assert(hole_owner(hole, rules.holes_per_row) == position.to_move);  // SOW-1: one of the mover's holes
  assert(position.board[static_cast<std::size_t>(hole)] > 0);         // SOW-1: not empty
  const std::size_t events_before = events.size();
  events.reserve(events_before +
                 kMostHoles);             // one allocation for most moves' events (a lift, laps, captures, the end)
  Sowing move(rules, position, &events);  // (`after` may be `position`: the move copies the board first)
  if (sow_until_landed(move, hole, laps_sown_at_once(rules))) return finish_move(move, after);
  // Still relaying: decide SOW-6 (Q-LIMIT) first, then sow again with the events if it ends.
  events.resize(events_before);
  const SowingLength length = measure_sowing(rules, position, hole);
  if (length.endless) return endless_move(position, hole, length, events, after);
  Sowing long_move(rules, position, &events);
  sow_until_landed(long_move, hole, length.laps);
  const MoveVerdict out = finish_move(long_move, after);
  assert(out.laps == length.laps);
  return out;
}

}  // namespace hoyito::model
