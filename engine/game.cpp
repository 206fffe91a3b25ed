#include "engine/game.h"

#include <bit>
#include <string>

#include <fmt/format.h>

#include "engine/events.h"
#include "engine/hash.h"
#include "engine/sow.h"

namespace hoyito::engine {

Game::Game(const Rules& rules, const Position& start) : rules_(rules), config_(make_config(rules)) {
  validate(rules);
  validate(start, rules, "start");
  for (int h = 0; h < config_.holes; ++h) board_.set(h, start.board[static_cast<std::size_t>(h)]);
  captured_ = start.captured;
  to_move_ = start.to_move;
  if (config_.third_repetition)
    repetitions_.record(position_key(board_, captured_, to_move_), captured_[0] + captured_[1]);  // END-3: the start counts
}

Position Game::position() const {
  Position p;
  p.board.resize(static_cast<std::size_t>(config_.holes));
  for (int h = 0; h < config_.holes; ++h) p.board[static_cast<std::size_t>(h)] = board_[h];
  p.captured = captured_;
  p.to_move = to_move_;
  return p;
}

Result Game::result() const {
  Result r;
  r.status = status_;
  r.captured = captured_;
  r.winner = status_ == Status::finished ? winner_ : kNobody;
  return r;
}

std::uint64_t Game::hash() const { return hash_key(position_key(board_, captured_, to_move_)); }

std::uint64_t Game::own_occupied(int player) const {
  return board_.occupied(player == kSouth ? 0 : config_.n, config_.n);
}

std::uint64_t Game::compute_legal_mask() const {
  if (status_ != Status::playing) return 0;
  const std::uint64_t own = own_occupied(to_move_);  // SOW-1
  if (own == 0) return kPassBit;                       // PASS-1, PASS-2
  if (config_.endless_void) return own;                // SOW-6 void: an endless move is legal
  // SOW-6 illegal: try every move; a player whose every move is endless passes (PASS-3).
  std::uint64_t legal = 0;
  for (std::uint64_t rest = own; rest != 0; rest &= rest - 1) {
    const int hole = std::countr_zero(rest);
    Board trial = board_;
    std::array<int, 2> cap = captured_;
    if (sow_move<false>(config_, trial, cap, to_move_, hole, nullptr) != MoveEnd::endless)
      legal |= std::uint64_t{1} << hole;
  }
  return legal != 0 ? legal : kPassBit;
}

std::uint64_t Game::legal_mask() const {
  if (!mask_valid_) {
    mask_ = compute_legal_mask();
    mask_valid_ = true;
  }
  return mask_;
}

bool Game::is_legal(int hole) const {
  const std::uint64_t mask = legal_mask();
  if (hole == kPass) return mask == kPassBit;
  return hole >= 0 && hole < config_.holes && (mask >> hole & 1) != 0;
}

std::vector<int> Game::legal_plies() const {
  const std::uint64_t mask = legal_mask();
  std::vector<int> plies;
  if (mask == kPassBit) {
    plies.push_back(kPass);
  } else {
    for (std::uint64_t rest = mask; rest != 0; rest &= rest - 1) plies.push_back(std::countr_zero(rest));
  }
  return plies;
}

void Game::check_legal(int hole) const {
  if (is_legal(hole)) return;
  const std::string move =
      hole == kPass || (hole >= 0 && hole < config_.holes) ? move_text(hole, config_.n) : std::to_string(hole);
  if (status_ != Status::playing)
    throw InputError(fmt::format("move {} is not legal: the game is over ({})", move, status_name(status_)));
  if (legal_mask() == kPassBit)
    throw InputError(fmt::format("move {} is not legal: {} must pass", move, player_name(to_move_)));
  throw InputError(fmt::format("move {} is not legal for {} here", move, player_name(to_move_)));
}

template <bool kRecord>
void Game::apply(int hole, std::vector<Event>* events) {
  const int mover = to_move_;
  mask_valid_ = false;
  ++plies_;
  if (hole == kPass) {
    // Q-PASS: PASS-2 for a passed extra move, PASS-3 when the player has seeds (every move is
    // endless), PASS-1 otherwise.
    const RuleId rule = own_occupied(mover) != 0 ? RuleId::PASS_3 : extra_move_ ? RuleId::PASS_2 : RuleId::PASS_1;
    if constexpr (kRecord) events->push_back(ev::pass(rule, mover));
    to_move_ = 1 - mover;
    extra_move_ = false;
    after_ply<kRecord>(events);
    return;
  }

  MoveEnd end;
  if (config_.endless_void) {
    // Try the move first: with endless_sowing = void an endless move leaves the position as it
    // was (Q-VOID) and voids the game (SOW-6).
    Board trial = board_;
    std::array<int, 2> cap = captured_;
    end = sow_move<false>(config_, trial, cap, mover, hole, nullptr);
    if (end == MoveEnd::endless) {
      if constexpr (kRecord) {
        events->push_back(ev::endless_sowing(hole));
        events->push_back(ev::game_end(RuleId::SOW_6, Status::void_game, kNobody));
      }
      status_ = Status::void_game;
      winner_ = kNobody;
      return;
    }
    if constexpr (kRecord) {
      end = sow_move<true>(config_, board_, captured_, mover, hole, events);
    } else {
      board_ = trial;
      captured_ = cap;
    }
  } else {
    end = sow_move<kRecord>(config_, board_, captured_, mover, hole, events);
  }

  switch (end) {
    case MoveEnd::captured:
      if (config_.extra_move) {  // CAP-II-3, CAP-III-3: the mover plays again
        if constexpr (kRecord) events->push_back(ev::extra_move(config_.extra_rule, mover));
        extra_move_ = true;
        break;
      }
      [[fallthrough]];  // CAP-I-3: no extra move
    case MoveEnd::quiet:
      to_move_ = 1 - mover;
      extra_move_ = false;
      break;
    case MoveEnd::game_over:  // END-1 (the events are the move's own)
      status_ = Status::finished;
      winner_ = winner_by_captures(captured_);
      to_move_ = 1 - mover;
      extra_move_ = false;
      return;
    case MoveEnd::endless:  // excluded by the legality check
      throw InputError(fmt::format("move {} is not legal: its sowing never ends", move_text(hole, config_.n)));
  }
  after_ply<kRecord>(events);
}

// The game-level end rules after a ply of a game still playing (END-3).
template <bool kRecord>
void Game::after_ply(std::vector<Event>* events) {
  if (config_.third_repetition &&
      repetitions_.record(position_key(board_, captured_, to_move_), captured_[0] + captured_[1]) >= 3) {
    // Third occurrence: each player takes the seeds on their side; scored by END-2.
    const int south = board_.sum(config_.shape->side[kSouth]);
    const int north = board_.sum(config_.shape->side[kNorth]);
    if constexpr (kRecord) {
      events->push_back(ev::side_award(kSouth, south));
      events->push_back(ev::side_award(kNorth, north));
    }
    captured_[kSouth] += south;
    captured_[kNorth] += north;
    board_ = Board{};
    status_ = Status::finished;
    winner_ = winner_by_captures(captured_);
    if constexpr (kRecord) events->push_back(ev::game_end(RuleId::END_3, Status::finished, winner_));
    return;
  }
  if (plies_ >= config_.ply_limit) {
    status_ = Status::unterminated;
    winner_ = kNobody;
    if constexpr (kRecord) events->push_back(ev::game_end(RuleId::END_3, Status::unterminated, kNobody));
  }
}

Ply Game::play(int hole) {
  check_legal(hole);
  Ply ply;
  ply.player = to_move_;
  ply.hole = hole;
  apply<true>(hole, &ply.events);
  ply.after = position();
  return ply;
}

void Game::play_fast(int hole) {
  check_legal(hole);
  apply<false>(hole, nullptr);
}

}  // namespace hoyito::engine
