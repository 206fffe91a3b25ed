// The reference model of Hoyito I, II and III.
//
// Read it beside specs/rules.md: every step names the rule ID it applies. It is written to be
// obviously right, not fast: seeds are sown one at a time, and an endless sowing is found exactly,
// in constant memory, by Brent's cycle detection on the move's lap-end states (SOW-6).
//
// Sources: ../shared/seeds/ (BG 000_*: Hoyito II; CS 002_*, KY 003_*, SW 004_*: Hoyito III) and
// ../shared/RULES-NOTES.md (Hoyito I, conventions, decisions G1-G13), as restated in specs/.
//
//   sowing.cpp  one move: lift, laps, relays, captures, chains, the last-four award (SOW, CAP, END-1)
//   game.cpp    a game: legal plies, passes, extra moves, ply limit and repetition (TURN, PASS, END-3)
//   match.cpp   a Hoyito III match: rounds, who starts, who wins (MATCH)
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "core/game.h"
#include "core/implementation.h"

namespace hoyito::model {

// How one move went, besides its events and the position after it.
struct MoveVerdict {
  bool endless = false;          // SOW-6: the relay sowing never ends (then `after` is unchanged)
  bool ended_game = false;       // END-1: the move captured and left four or fewer seeds
  std::size_t laps = 0;          // laps sown, counted from 1: the lap that ended the move, or
                                 // (endless) L, the first lap whose lap-end state equals an earlier
                                 // one (Q-LIMIT)
  std::size_t repeated_lap = 0;  // endless: M < L, the lap whose lap-end state lap L repeats
};

// What one move does to a position, before the game-level rules (passes, ply limit) apply.
struct MoveOutcome : MoveVerdict {
  Position after;             // to_move already set: the mover again after an extra move
  std::vector<Event> events;  // lift .. extra_move / game_end, in the order of game-record.md
};

// Plays the move from `hole` (one of the mover's non-empty holes) on `position`. Throws
// UndecidedMove when the move neither ends nor repeats a lap-end state by lap lap_limit (Q-LIMIT).
MoveOutcome sow_move(const Rules& rules, const Position& position, int hole);
// The same, appending the events to `events` and writing the position after into `after`, which
// may be `position` itself: how Game plays a move, with no allocation once those have grown.
MoveVerdict sow_move(const Rules& rules, const Position& position, int hole, std::vector<Event>& events,
                     Position& after);

// SOW-6: whether the move from `hole` never ends, decided as sow_move decides it (same throw),
// but without sowing the move again with its events: what a legality test needs (G6 illegal).
bool is_endless(const Rules& rules, const Position& position, int hole);

// The seeds lifted for each lap of the move from `hole` (SOW-1, then SOW-5 for each relay): laps
// 1 to `laps`, fewer when the move lands first. What tells a lap of 2N seeds or more (which
// cannot be undone, specs/endless-sowing.md) from a short one, for a caller that must know which
// laps of an endless sowing's cycle are long (harness/verify/lap_limits.h). No events, no limit.
std::vector<int> lap_seeds(const Rules& rules, const Position& position, int hole, std::uint64_t laps);

// END-2: the winner by captures (south, north or draw).
Winner winner_by_captures(const std::array<int, 2>& captured);

// Who is who, the model's own (the engine has its own, engine/sides.h, and core none, so that
// differential testing sees a slip in either).
// BRD-4: South owns holes 0..N-1, North owns holes N..2N-1.
inline Player hole_owner(int hole, int holes_per_row) {
  if (hole < holes_per_row) return Player::south;
  return Player::north;
}
// TURN-1: the players alternate; the opponent of South is North and of North, South.
inline Player opponent_of(Player player) {
  if (player == Player::south) return Player::north;
  return Player::south;
}
// BRD-3: the start position: every hole holds seeds_per_hole seeds, nothing captured, `to_move`
// to play (South in game 1, MATCH-2 for later games of a match).
Position opening_position(const Rules& rules, Player to_move = Player::south);

// A game from a start position, ply by ply.
class Game {
 public:
  Game(const Rules& rules, const Position& start);
  // The game started again from `start` under the same rules, as if made anew (the board's
  // storage kept: no allocation): hoyito exhaustive does this for every position and move.
  void restart(const Position& start);

  const Rules& rules() const { return rules_; }
  const Position& position() const { return position_; }
  Status status() const { return status_; }
  Result result() const;
  int plies_played() const { return plies_played_; }

  // Every legal move: the mover's holes in ascending order, or the pass alone; {} once the game is
  // over.
  std::vector<Move> legal_moves() const;
  void legal_moves(std::vector<Move>& into) const;  // the same into `into`, its storage reused
  // Plays one ply (a hole or the pass); throws RefusedPly (core/refusal.h) when it is not legal,
  // with its reason: illegal, endless (SOW-6), undecided (Q-LIMIT, as UndecidedMove), game_over.
  Ply play(Move move);
  // The same, written into `ply` (its storage reused: no allocation once it has grown). After a
  // throw `ply` holds nothing of use.
  void play(Move move, Ply& ply);

 private:
  [[noreturn]] void reject(Move move) const;     // throws RefusedPly: game_over or illegal
  void play_pass(Ply& ply);                      // PASS-1..3
  void play_move(Ply& ply);                      // SOW-1..6 and the move (sowing.cpp)
  void share_out_at_third_repetition(Ply& ply);  // END-3, G7 third_repetition
  void end_round_without_seeds(Ply& ply);        // END-4, G14 round_ends
  void take_own_rows(Ply& ply, RuleId rule);     // END-3, END-4: each player takes their own row
  void stop_at_ply_limit(Ply& ply);              // END-3, G7 ply_limit
  void count_rules_of(const Ply& ply) const;     // rule coverage (model/rule_counts.h)
  int count_position();                          // END-3: how often the current position has occurred
  void count_start();                            // rule coverage and END-3 for the start position
  void end_if_board_empty();                     // END-1: a made-up start with no seed on the board is over

  Rules rules_;
  Position position_;
  Status status_ = Status::playing;
  Winner winner_ = Winner::none;
  int plies_played_ = 0;
  bool extra_move_pending_ = false;  // the last ply earned the player to move an extra move
  std::map<std::pair<std::vector<int>, std::array<int, 3>>, int> occurrences_;  // END-3
};
static_assert(GameImplementation<Game>);  // the contract with the harness: core/implementation.h

// A Hoyito III match (MATCH-1..3). MatchGame and MatchStanding are value types of core/game.h
// (the engine's match, engine/match.h, gives the same), named here as the harness knows them.
using hoyito::MatchGame;
using hoyito::MatchStanding;
MatchStanding match_standing(const Rules& rules, const std::vector<MatchGame>& games);

// The rules of game `round` (from 1) of a match, given the previous game's winner (MATCH-1).
Rules rules_for_round(const Rules& rules, int round, Winner previous_winner);

}  // namespace hoyito::model
