// engine::Game: one game under one rules configuration, from a start position to its end.
//
// State: the compact board (engine/board.h), captures, side to move, status and winner, the ply
// count, whether the player to move earned it by a capture (PASS-2 rather than PASS-1), and for
// third_repetition the occurrence counts of positions (engine/repetition.h). The legal moves are
// computed on demand and cached until the next ply: with endless_sowing = illegal that takes a
// trial sowing of every move (see engine/sow.h), whose outcomes play_fast() then reuses.
//
// A const Game is not safe to share between threads (the cache is filled on first use).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "core/game.h"
#include "engine/board.h"
#include "engine/config.h"
#include "engine/events.h"
#include "engine/repetition.h"
#include "engine/sow.h"

namespace hoyito::engine {

inline constexpr std::uint64_t kPassBit = std::uint64_t{1} << 63;
// The move of bit `bit` of a legal mask (legal_mask(): bit h for hole h, bit 63 for the pass).
constexpr Move move_of_bit(int bit) { return bit == 63 ? Move::pass() : Move::at(bit); }

class Game {
 public:
  // `start` must be valid for `rules` (core validate()); both are checked again here.
  Game(const Rules& rules, const Position& start);
  // The same without the checks, for a caller that has validated both already (hoyito
  // exhaustive makes millions of Games from positions it built and validated once).
  struct Validated {};
  Game(const Rules& rules, const Position& start, Validated);
  // The game started again from `start` under the same rules, as if made anew with Validated:
  // what hoyito exhaustive does for every position and move instead of making a Game (the
  // rules' configuration is kept, and nothing is allocated).
  void restart(const Position& start, Validated);

  const Rules& rules() const { return rules_; }
  Position position() const;
  Status status() const { return status_; }
  Result result() const;
  const std::array<int, 2>& captured() const { return captured_; }  // result().captured, without a copy
  int plies_played() const { return plies_; }
  Player to_move() const { return to_move_; }
  // The board as the engine keeps it (engine/board.h: a byte a hole in three words): compared
  // with ==, it tells two positions of equal captures apart without building a Position
  // (simulate's repetition watch, once a ply).
  const Board& board() const { return board_; }

  // Ascending holes; the pass alone when the player must pass (PASS-1/2/3); {} once over.
  std::vector<Move> legal_moves() const;
  void legal_moves(std::vector<Move>& into) const;  // the same into `into`, its storage reused
  // Bit h set when hole h is legal; kPassBit (bit 63) when the player must pass; 0 once over.
  std::uint64_t legal_mask() const;
  bool is_legal(Move move) const;

  // Plays a move (a hole or the pass). Throws RefusedPly (core/refusal.h: illegal, game_over) when it
  // is not legal or the game is over; for an endless move (SOW-6, endless_sowing = illegal) the message says
  // so (reason endless) and at which lap end its lap-end state first repeats an earlier one. Returns the player, the
  // hole, the events and the position after. Q-LIMIT: a move whose sowing is undecided within lap_limit lap ends is
  // refused with an UndecidedMove (reason undecided), the game unchanged; with endless_sowing = illegal the legality of
  // every move depends on it, so legal_moves() and legal_mask() refuse then too.
  Ply play(Move move);
  // The same, written into `ply` (its storage reused: no allocation once it has grown). A move
  // not tried yet (endless_sowing = void, or legality not asked for) is sown once, telling its
  // events. After a throw `ply` holds nothing of use.
  void play(Move move, Ply& ply);
  // The same effect as play(), without events: for simulation.
  void play_fast(Move move);

  // Plays a ply drawn uniformly among the legal ones (the forced pass when there is none) and
  // returns it (a hole or the pass): the random player of simulation. Rejection sampling, only
  // the drawn move sown. The draw order, stated here once (simulate's detailed games and verify's
  // replayed sampler follow it): the candidates are the mover's non-empty holes (its legal holes
  // when legal_mask() was asked for this ply); k = below(number of candidates) picks the k-th
  // lowest, from 0; an endless one (endless_sowing = illegal, SOW-6) leaves the candidates and
  // another is drawn; when none is left, the pass (PASS-1/2, PASS-3). The first legal hole of a
  // uniformly random order of the candidates is uniform among the legal holes, so this plays
  // the same distribution of games as a uniform pick from legal_mask(), from a different
  // stream of draws (tests/engine/engine_sampler_test.cpp checks both).
  // `below(n)` returns a uniform integer in [0, n). Throws RefusedPly (game_over) once the game is over,
  // UndecidedMove when a drawn move's sowing is undecided (Q-LIMIT), the game unchanged.
  template <typename Below>
  Move play_random(Below&& below);

  // Hash of the position (board, captured, to_move).
  std::uint64_t hash() const;

 private:
  struct Trial;
  template <bool kRecord>
  void apply(Move move, const Trial* trial, std::vector<Event>* events);
  const Trial* trial_of(Move move) const;               // nullptr for the pass
  void sow_told(int hole, std::vector<Event>& events);  // play(): a move sown once, with its events
  void write_position(Position& p) const;
  template <int kN, typename Below>
  Move play_random_on(Below& below);  // play_random on 2xkN
  template <int kN>
  std::uint64_t random_candidates() const;  // play_random: the holes it may draw from, from the row's first
  [[noreturn]] void throw_game_over() const;
  bool play_if_legal(Move move);             // play_random: plays `move` unless it is endless
  bool play_tried(Move move);                // ... a move of the legal moves (their trials kept), or the pass
  bool play_endless(int hole, MoveEnd end);  // ... a drawn hole found endless or undecided
  [[noreturn]] void throw_undecided(int hole) const;
  template <bool kRecord>
  void after_move(Player mover, MoveEnd end, std::vector<Event>* events);
  template <bool kRecord>
  void after_ply(std::vector<Event>* events);
  template <bool kRecord>
  void third_repetition_check(std::vector<Event>* events);
  template <bool kRecord>
  void end_round_without_seeds(std::vector<Event>* events);
  template <bool kRecord>
  void share_rows(RuleId rule, std::vector<Event>* events);
  void check_legal(Move move) const;
  std::string legal_text() const;  // "a c D" for an illegal move's refusal
  std::uint64_t compute_legal_mask() const;
  std::uint64_t own_occupied(Player player) const;
  // trials_ index of the mover's hole `hole`: its place in its row (no division).
  std::size_t trial_slot(int hole) const {
    return static_cast<std::size_t>(hole >= config_.n ? hole - config_.n : hole);
  }

  Rules rules_;
  Config config_;
  QuietSowing sow_drawn_;  // play_random's sowing: sow_move<false> for this variant and size
  Board board_;
  std::array<int, 2> captured_{0, 0};
  Player to_move_ = Player::south;
  Status status_ = Status::playing;
  Winner winner_ = Winner::none;
  int plies_ = 0;
  bool extra_move_ = false;  // the player to move earned this ply by a capture (CAP-II-3, CAP-III-3)
  mutable bool mask_valid_ = false;
  mutable std::uint64_t mask_ = 0;
  // The trial sowings made to find the legal moves (endless_sowing = illegal): play_fast() takes
  // the outcome from here instead of sowing again (play() sows again, telling the events).
  // Bit h of trials_valid_: trials_[h % N] holds the outcome of hole h in the current position.
  struct Trial {
    Board board;
    std::array<int, 2> captured;
    MoveEnd end;
  };
  mutable std::uint64_t trials_valid_ = 0;
  mutable std::array<Trial, kMaxHoles / 2> trials_{};
  Repetitions repetitions_;  // used with endless_game = third_repetition only
};

template <typename Below>
Move Game::play_random(Below&& below) {
  return config_.n == 6 ? play_random_on<6>(below) : play_random_on<12>(below);
}

// play_random's draw order (stated there), with the candidates as the mover's row in bits from
// bit 0 (bit i: hole first + i), so that the k-th lowest is a table read per six holes (kSixBits,
// board.h).
template <int kN, typename Below>
Move Game::play_random_on(Below& below) {
  const int first = to_move_ == Player::south ? 0 : kN;
  for (std::uint64_t untried = random_candidates<kN>(); untried != 0;) {
    const std::uint64_t low = untried & 0x3f;
    const std::uint64_t k = below(std::uint64_t{kSixBits.count[low]} + (kN == 12 ? kSixBits.count[untried >> 6] : 0));
    const int place =
        k < kSixBits.count[low] ? kSixBits.select[low][k] : 6 + kSixBits.select[untried >> 6][k - kSixBits.count[low]];
    if (play_if_legal(Move::at(first + place))) return Move::at(first + place);
    untried &= ~(std::uint64_t{1} << place);  // endless (SOW-6): not legal, draw again
  }
  play_if_legal(Move::pass());  // PASS-1/2 (no seeds), PASS-3 (every move endless)
  return Move::pass();
}

// Inline, as the rest of the ply: one call a move drawn, its sowing (sow_drawn_).
inline bool Game::play_if_legal(Move move) {
  if (mask_valid_ || move.is_pass()) return play_tried(move);  // drawn among the legal moves, or the pass
  const int hole = move.hole();
  // Only this move is sown, on the game's own board: an endless or undecided one leaves board
  // and captures as they were (sow.h), so nothing is copied.
  const MoveEnd end = sow_drawn_(config_, board_, captured_, to_move_, hole);
  if (end == MoveEnd::endless || end == MoveEnd::undecided) return play_endless(hole, end);  // SOW-6, Q-LIMIT
  trials_valid_ = 0;  // (mask_valid_ is false here)
  ++plies_;
  after_move<false>(to_move_, end, nullptr);
  return true;
}

// The turn after a move that ended (`end`: quiet, captured or game_over), board and captures
// already those after it (TURN-1, CAP-I-3, CAP-II-3, CAP-III-3, END-1), then END-3. In the
// header, as play_if_legal's (apply in game.cpp uses them too).
template <bool kRecord>
inline void Game::after_move(Player mover, MoveEnd end, std::vector<Event>* events) {
  switch (end) {
    case MoveEnd::captured:
      if (config_.extra_move) {  // CAP-II-3, CAP-III-3: the mover plays again
        if constexpr (kRecord) events->push_back(ev::extra_move(config_.extra_rule, mover));
        extra_move_ = true;
        break;
      }
      [[fallthrough]];  // CAP-I-3: no extra move
    case MoveEnd::quiet:
      to_move_ = opponent_of(mover);
      extra_move_ = false;
      break;
    case MoveEnd::game_over:  // END-1 (the events are the move's own)
      status_ = Status::finished;
      winner_ = winner_by_captures(captured_);
      to_move_ = opponent_of(mover);
      extra_move_ = false;
      return;
    case MoveEnd::endless:
    case MoveEnd::undecided:
      break;  // not reached: decided by the trial
  }
  after_ply<kRecord>(events);
}

// The game-level end rules after a ply of a game still playing (END-4, END-3). Small enough to
// inline into every ply; the repetition table is looked up out of line.
template <bool kRecord>
inline void Game::after_ply(std::vector<Event>* events) {
  if (config_.round_ends && own_occupied(to_move_) == 0) {  // END-4 (G14): before END-3's count
    end_round_without_seeds<kRecord>(events);
    return;
  }
  if (config_.third_repetition) {
    third_repetition_check<kRecord>(events);
    if (status_ != Status::playing) return;
  }
  if (plies_ >= config_.ply_limit) {
    status_ = Status::unterminated;
    winner_ = Winner::none;
    if constexpr (kRecord) events->push_back(ev::game_end(RuleId::END_3, Status::unterminated, Winner::none));
  }
}

// Inline: called once a ply by play_random.
inline std::uint64_t Game::own_occupied(Player player) const {
  return board_.occupied_row(player == Player::south ? 0 : config_.n, config_.n);
}

template <int kN>
std::uint64_t Game::random_candidates() const {
  if (status_ != Status::playing) throw_game_over();
  const int first = to_move_ == Player::south ? 0 : kN;
  if (mask_valid_) return mask_ == kPassBit ? 0 : mask_ >> first;  // the legal moves are known: pick among them
  return board_.row_occupied<kN>(index(to_move_));                 // SOW-1: the mover's non-empty holes
}

}  // namespace hoyito::engine
