#include "engine/game.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <string>

#include <fmt/format.h>

#include "core/implementation.h"  // well_formed_moves: the contract of legal_moves (asserted)
#include "engine/events.h"
#include "engine/hash.h"
#include "engine/sow.h"

namespace hoyito::engine {

namespace {
constexpr std::size_t kPlyEvents = 32;  // events reserved for a ply's record (play)

// Hole h is byte h % 8 of word h / 8. Unrolled for each board size: a loop over the holes cost
// about 11 instructions a hole (6 to pack), and hoyito exhaustive unpacks a position every move
// and packs one for every Game it makes (callgrind).
template <int kHoles>
Board pack(const int* counts) {
  std::array<std::uint64_t, kWords> w{};
#pragma GCC unroll 24
  for (int h = 0; h < kHoles; ++h) w[h / 8] |= static_cast<std::uint64_t>(counts[h]) << (h % 8 * 8);
  return Board{w};
}

template <int kHoles>
void unpack(const Board& board, int* counts) {
#pragma GCC unroll 24
  for (int h = 0; h < kHoles; ++h) counts[h] = static_cast<int>(board.w[h / 8] >> (h % 8 * 8) & 0xff);
}

// The constructor's first step: the rules, once they and the start are checked.
const Rules& validated(const Rules& rules, const Position& start) {
  validate(rules);
  validate(start, rules, "start");
  return rules;
}
}  // namespace

Game::Game(const Rules& rules, const Position& start) : Game(validated(rules, start), start, Validated{}) {}

Game::Game(const Rules& rules, const Position& start, Validated validated)
    : rules_(rules), config_(make_config(rules)), sow_drawn_(quiet_sowing(config_)) {
  restart(start, validated);
}

void Game::restart(const Position& start, Validated) {
  // The board is read as config_.holes counts (pack): the caller validated `start` (Validated).
  assert(static_cast<int>(start.board.size()) == config_.holes && "engine::Game: the start's board has the wrong size");
  // Word by word, in registers: a set() per hole, a read-modify-write in memory each, was a
  // quarter of the cost of a Game (callgrind).
  board_ = config_.holes == 24 ? pack<24>(start.board.data()) : pack<12>(start.board.data());
  captured_ = start.captured;
  to_move_ = start.to_move;
  // END-1: a start with no seed on the board is over (a made-up one: in play a capture empties the
  // board and ends the game); END-2 decides by the captures.
  const bool empty = board_ == Board{};
  status_ = empty ? Status::finished : Status::playing;
  winner_ = empty ? winner_by_captures(captured_) : Winner::none;
  plies_ = 0;
  extra_move_ = false;
  mask_valid_ = false;
  mask_ = 0;
  trials_valid_ = 0;  // the trial slots are read only where this says they hold this position's
  repetitions_.clear();
  if (config_.third_repetition)
    repetitions_.record(position_key(board_, captured_, to_move_),
                        captured_[0] + captured_[1]);  // END-3: the start counts
}

Position Game::position() const {
  Position p;
  write_position(p);
  return p;
}

void Game::write_position(Position& p) const {
  p.board.resize(static_cast<std::size_t>(config_.holes));
  if (config_.holes == 24)
    unpack<24>(board_, p.board.data());
  else
    unpack<12>(board_, p.board.data());
  p.captured = captured_;
  p.to_move = to_move_;
}

Result Game::result() const {
  Result r;
  r.status = status_;
  r.captured = captured_;
  r.winner = status_ == Status::finished ? winner_ : Winner::none;
  return r;
}

std::uint64_t Game::hash() const { return hash_key(position_key(board_, captured_, to_move_)); }

std::uint64_t Game::compute_legal_mask() const {
  if (status_ != Status::playing) return 0;
  const std::uint64_t own = own_occupied(to_move_);  // SOW-1
  if (own == 0) return kPassBit;                     // PASS-1, PASS-2
  if (config_.endless_void) return own;              // SOW-6 void: an endless move is legal
  // SOW-6 illegal: try every move; a player whose every move is endless passes (PASS-3).
  std::uint64_t legal = 0;
  for (std::uint64_t rest = own; rest != 0; rest &= rest - 1) {
    const int hole = std::countr_zero(rest);
    Trial& trial = trials_[trial_slot(hole)];
    trial.board = board_;
    trial.captured = captured_;
    trial.end = sow_move<false>(config_, trial.board, trial.captured, to_move_, hole, nullptr);
    if (trial.end == MoveEnd::undecided) throw_undecided(hole);  // Q-LIMIT: legality unknown
    if (trial.end != MoveEnd::endless) legal |= std::uint64_t{1} << hole;
  }
  trials_valid_ = own;
  return legal != 0 ? legal : kPassBit;
}

void Game::throw_undecided(int hole) const {
  throw UndecidedMove(fmt::format(
      "move {} is undecided: its sowing neither ends nor repeats a lap-end state within {} lap ends (Q-LIMIT)",
      move_text(Move::at(hole), config_.n), config_.lap_limit));
}

const Game::Trial* Game::trial_of(Move move) const {
  if (move.is_pass()) return nullptr;
  const int hole = move.hole();
  Trial& trial = trials_[trial_slot(hole)];
  if ((trials_valid_ >> hole & 1) == 0) {
    // Not tried yet (endless_sowing = void, or a move played without the legal plies asked
    // for): try it now, before anything changes, so that an undecided move (Q-LIMIT) is refused
    // with the game as it was.
    trial.board = board_;
    trial.captured = captured_;
    trial.end = sow_move<false>(config_, trial.board, trial.captured, to_move_, hole, nullptr);
    if (trial.end == MoveEnd::undecided) throw_undecided(hole);
    trials_valid_ |= std::uint64_t{1} << hole;
  }
  return &trial;
}

std::uint64_t Game::legal_mask() const {
  if (!mask_valid_) {
    mask_ = compute_legal_mask();
    mask_valid_ = true;
  }
  return mask_;
}

bool Game::is_legal(Move move) const {
  const int hole = move.index();  // -1 for the pass
  if (!move.is_pass() && !mask_valid_ && status_ == Status::playing) {
    const bool own_seeds = hole < config_.holes && (own_occupied(to_move_) >> hole & 1) != 0;  // SOW-1
    if (config_.endless_void) return own_seeds;  // SOW-6 void: an endless move is legal too
    // SOW-6 illegal: a move is legal when it is from the mover's non-empty hole and not endless.
    // Only that move is tried: another move may be undecided (Q-LIMIT) without making this one so.
    return own_seeds && trial_of(move)->end != MoveEnd::endless;  // throws when the move itself is undecided
  }
  const std::uint64_t mask = legal_mask();
  if (move.is_pass()) return mask == kPassBit;
  return hole < config_.holes && (mask >> hole & 1) != 0;
}

std::vector<Move> Game::legal_moves() const {
  std::vector<Move> moves;
  legal_moves(moves);
  return moves;
}

void Game::legal_moves(std::vector<Move>& moves) const {
  const std::uint64_t mask = legal_mask();
  moves.clear();
  moves.reserve(mask == kPassBit ? 1 : static_cast<std::size_t>(count_bits(mask)));  // one allocation
  if (mask == kPassBit) {
    moves.push_back(Move::pass());
  } else {
    for (std::uint64_t rest = mask; rest != 0; rest &= rest - 1) moves.push_back(Move::at(std::countr_zero(rest)));
  }
  assert(well_formed_moves(moves, config_.holes, status_));
}

void Game::check_legal(Move m) const {
  if (is_legal(m)) return;
  const int hole = m.index();  // -1 for the pass
  const std::string move = m.is_pass() || hole < config_.holes ? move_text(m, config_.n) : std::to_string(hole);
  if (status_ != Status::playing)
    throw RefusedPly(Refusal::game_over,
                     fmt::format("move {} is not legal: the game is over ({})", move, status_name(status_)));
  if (!m.is_pass() && hole < config_.holes && (own_occupied(to_move_) >> hole & 1) != 0 &&
      trial_of(m)->end == MoveEnd::endless) {
    // SOW-6 with endless_sowing = illegal: say why, and where the sowing starts repeating itself.
    const LapRepeat repeat = endless_repeat(config_, board_, hole);
    throw RefusedPly(
        Refusal::endless,
        fmt::format(
            "move {}: not legal for {}: its relay sowing never ends (SOW-6): the state at the end of lap {} repeats "
            "that of lap {}",
            move, player_name(to_move_), repeat.repeat_lap, repeat.earlier_lap));
  }
  bool must_pass = false;
  try {
    must_pass = legal_mask() == kPassBit;
  } catch (const InputError&) {
    // another move is undecided (Q-LIMIT): this one is refused for its own reason below
  }
  const std::string why = must_pass ? fmt::format(": {} must pass", player_name(to_move_))
                                    : fmt::format(" for {} here", player_name(to_move_));
  throw RefusedPly(Refusal::illegal, fmt::format("move {} is not legal{} (legal: {})", move, why, legal_text()));
}

// The legal moves, as an illegal move's refusal lists them (the model's refusal words them the
// same after "(legal: "), or why they are unknown: another move is undecided (Q-LIMIT).
std::string Game::legal_text() const {
  try {
    return moves_text(legal_moves(), config_.n);
  } catch (const InputError&) {
    return "unknown: another move is undecided, Q-LIMIT";
  }
}

template <bool kRecord>
void Game::apply(Move move, const Trial* trial, std::vector<Event>* events) {
  const Player mover = to_move_;
  mask_valid_ = false;
  trials_valid_ = 0;
  ++plies_;
  if (move.is_pass()) {
    // Q-PASS: PASS-2 for a passed extra move, PASS-3 when the player has seeds (every move is
    // endless), PASS-1 otherwise. END-4 (G14 round_ends): a player without seeds does not pass
    // (only a made-up start gets here): the turn stays theirs and after_ply ends the round.
    const bool seedless = own_occupied(mover) == 0;
    if (!(seedless && config_.round_ends)) {
      const RuleId rule = !seedless ? RuleId::PASS_3 : extra_move_ ? RuleId::PASS_2 : RuleId::PASS_1;
      if constexpr (kRecord) events->push_back(ev::pass(rule, mover));
      to_move_ = opponent_of(mover);
    }
    extra_move_ = false;
    after_ply<kRecord>(events);
    return;
  }

  MoveEnd end = trial->end;
  if (end == MoveEnd::endless) {
    // Only legal with endless_sowing = void: the game is void and the position stays as it was
    // (SOW-6, Q-VOID).
    if constexpr (kRecord) {
      events->push_back(ev::endless_sowing(move.hole()));
      events->push_back(ev::game_end(RuleId::SOW_6, Status::void_game, Winner::none));
    }
    status_ = Status::void_game;
    winner_ = Winner::none;
    return;
  }
  if constexpr (kRecord) {
    end = sow_move<true>(config_, board_, captured_, mover, move.hole(), events);  // the same sowing, told
  } else {
    board_ = trial->board;
    captured_ = trial->captured;
  }
  after_move<kRecord>(mover, end, events);
}

// END-3 (third repetition, G7) and END-4 (no_seeds = round_ends, G14): each player takes the
// seeds on their own row; the game is over and scored by END-2.
template <bool kRecord>
void Game::share_rows(RuleId rule, std::vector<Event>* events) {
  const int south = board_.sum(config_.shape->side[index(Player::south)]);
  const int north = board_.sum(config_.shape->side[index(Player::north)]);
  if constexpr (kRecord) {
    events->push_back(ev::side_award(rule, Player::south, south));
    events->push_back(ev::side_award(rule, Player::north, north));
  }
  captured_[index(Player::south)] += south;
  captured_[index(Player::north)] += north;
  board_ = Board{};
  status_ = Status::finished;
  winner_ = winner_by_captures(captured_);
  if constexpr (kRecord) events->push_back(ev::game_end(rule, Status::finished, winner_));
}

// END-3 third repetition (G7).
template <bool kRecord>
[[gnu::noinline]] void Game::third_repetition_check(std::vector<Event>* events) {
  if (repetitions_.record(position_key(board_, captured_, to_move_), captured_[0] + captured_[1]) >= 3)
    share_rows<kRecord>(RuleId::END_3, events);  // third occurrence
}

// END-4 (G14 round_ends): the player to move has no seeds on their row: the round ends.
template <bool kRecord>
[[gnu::noinline]] void Game::end_round_without_seeds(std::vector<Event>* events) {
  share_rows<kRecord>(RuleId::END_4, events);
}

// after_ply (game.h) calls it from the header.
template void Game::third_repetition_check<false>(std::vector<Event>*);
template void Game::third_repetition_check<true>(std::vector<Event>*);
template void Game::end_round_without_seeds<false>(std::vector<Event>*);
template void Game::end_round_without_seeds<true>(std::vector<Event>*);

Ply Game::play(Move move) {
  Ply ply;
  play(move, ply);
  return ply;
}

void Game::play(Move move, Ply& ply) {
  check_legal(move);
  ply.player = to_move_;
  ply.move = move;
  ply.events.clear();
  // One allocation for the events of nearly every move (a lift, a few laps and relays, the end),
  // instead of the vector's growth, 1, 2, 4, 8, ... (hoyito exhaustive, callgrind).
  ply.events.reserve(kPlyEvents);
  if (move.is_pass() || (trials_valid_ >> move.hole() & 1) != 0)
    apply<true>(move, trial_of(move), &ply.events);  // tried for its legality: sown again, told
  else
    sow_told(move.hole(), ply.events);
  write_position(ply.after);
  // A ply keeps every seed (BRD-3: board and captures add up to the total).
  assert(is_valid(ply.after, rules_) && "engine::Game::play: the position after the ply is not valid");
}

void Game::sow_told(int hole, std::vector<Event>& events) {
  // Sown once, on the game's own board: an endless or undecided move leaves board and captures
  // as they were (sow.h), and only the events of a move that ends are kept.
  const Player mover = to_move_;
  const MoveEnd end = sow_move<true>(config_, board_, captured_, mover, hole, &events);
  if (end == MoveEnd::undecided) throw_undecided(hole);  // Q-LIMIT: the game as it was
  if (end == MoveEnd::endless) {
    events.clear();
    const Trial trial{board_, captured_, end};
    apply<true>(Move::at(hole), &trial, &events);  // SOW-6 void (check_legal refused it under illegal)
    return;
  }
  mask_valid_ = false;
  trials_valid_ = 0;
  ++plies_;
  after_move<true>(mover, end, &events);
}

void Game::throw_game_over() const {
  throw RefusedPly(Refusal::game_over,
                   fmt::format("no move can be played: the game is over ({})", status_name(status_)));
}

bool Game::play_tried(Move move) {
  apply<false>(move, trial_of(move), nullptr);
  return true;
}

bool Game::play_endless(int hole, MoveEnd end) {
  if (end == MoveEnd::undecided) throw_undecided(hole);  // Q-LIMIT
  if (!config_.endless_void) return false;               // SOW-6: not legal
  const Trial trial{board_, captured_, end};
  apply<false>(Move::at(hole), &trial, nullptr);  // SOW-6 void: the game is void
  return true;
}

void Game::play_fast(Move move) {
  check_legal(move);
  apply<false>(move, trial_of(move), nullptr);
}

}  // namespace hoyito::engine
