// A game, ply by ply: legal plies (SOW-1, SOW-6), passes (PASS-1..3), turns (TURN-1) and the
// end of a game that would not end (END-3). One move itself is sowing.cpp's.
#include <algorithm>
#include <cassert>
#include <utility>

#include <fmt/format.h>

#include "model/model.h"
#include "model/rule_counts.h"

namespace hoyito::model {

namespace {

bool has_seeds_on_own_side(const Position& p, Player player, int holes_per_row) {
  for (int h = 0; h < 2 * holes_per_row; ++h)
    if (hole_owner(h, holes_per_row) == player && p.board[h] > 0) return true;
  return false;
}

// BRD-3: every hole holds seeds_per_hole, nothing captured (start_position, without building one).
bool is_start_position(const Rules& rules, const Position& p) {
  return p.board.size() == static_cast<std::size_t>(rules.holes()) && p.captured == std::array<int, 2>{0, 0} &&
         std::all_of(p.board.begin(), p.board.end(), [&](int seeds) { return seeds == rules.seeds_per_hole; });
}

Event game_end_event(RuleId rule, Status status, Winner winner) {
  Event e;
  e.kind = EventKind::game_end;
  e.rule = rule;
  e.status = status;
  e.winner = winner;
  return e;
}

}  // namespace

Position opening_position(const Rules& rules, Player to_move) {
  Position p;
  // BRD-1, BRD-2: two rows of holes_per_row holes; BRD-3: four seeds in each (seeds_per_hole).
  for (int h = 0; h < 2 * rules.holes_per_row; ++h) p.board.push_back(rules.seeds_per_hole);
  p.captured = {0, 0};  // BRD-3: nothing has been captured at the start
  p.to_move = to_move;  // BRD-4: South moves first in game 1; MATCH-2 names later games' starter
  return p;
}

Game::Game(const Rules& rules, const Position& start) : rules_(rules), position_(start) {
  assert(is_valid(start, rules) && "model::Game: the start must be valid for the rules (core validate())");
  count_start();
  end_if_board_empty();
}

void Game::restart(const Position& start) {
  assert(is_valid(start, rules_) && "model::Game::restart: the start must be valid for the rules");
  position_ = start;
  status_ = Status::playing;
  winner_ = Winner::none;
  plies_played_ = 0;
  extra_move_pending_ = false;
  occurrences_.clear();
  count_start();
  end_if_board_empty();
}

void Game::end_if_board_empty() {
  // END-1: a position with no seed on the board is over (only a made-up start has one: in play a
  // capture empties the board, and that ends the game); END-2 decides by the captures.
  for (const int seeds : position_.board)
    if (seeds != 0) return;
  status_ = Status::finished;
  winner_ = winner_by_captures(position_.captured);
}

void Game::count_start() {
  // BRD-1: two rows, one per player, no stores; BRD-2: 6 or 12 holes per row (validated in core);
  // BRD-3: four seeds a hole.
  const std::array<RuleId, 3> board_rules{RuleId::BRD_1, RuleId::BRD_2, RuleId::BRD_3};
  count_rules({board_rules.data(), is_start_position(rules_, position_) ? 3u : 2u});
  if (rules_.options.endless_game == EndlessGame::third_repetition) count_position();  // END-3: the start counts
}

Result Game::result() const { return Result{status_, position_.captured, winner_}; }

std::vector<Move> Game::legal_moves() const {
  std::vector<Move> moves;
  legal_moves(moves);
  return moves;
}

void Game::legal_moves(std::vector<Move>& moves) const {
  moves.clear();
  if (status_ != Status::playing) return;
  moves.reserve(static_cast<std::size_t>(rules_.holes_per_row));                    // one allocation
  const int first = position_.to_move == Player::south ? 0 : rules_.holes_per_row;  // SOW-1: the mover's row (BRD-4)
  const bool endless_illegal = rules_.options.endless_sowing == EndlessSowing::illegal;
  for (int h = first; h < first + rules_.holes_per_row; ++h) {
    if (position_.board[static_cast<std::size_t>(h)] == 0) continue;    // SOW-1: not empty
    if (endless_illegal && is_endless(rules_, position_, h)) continue;  // SOW-6 (G6 illegal)
    moves.push_back(Move::at(h));
  }
  if (moves.empty()) moves.push_back(Move::pass());  // PASS-1, PASS-2, PASS-3
  assert(well_formed_moves(moves, rules_.holes(), status_));
}

void Game::reject(Move move) const {
  if (status_ != Status::playing)
    throw RefusedPly(Refusal::game_over, fmt::format("move {}: the game is over ({})",
                                                     move_text(move, rules_.holes_per_row), status_name(status_)));
  const bool named = move.is_pass() || move.hole() < rules_.holes();
  std::string legal;
  try {
    for (Move m : legal_moves()) {
      if (!legal.empty()) legal += ' ';
      legal += move_text(m, rules_.holes_per_row);
    }
  } catch (const InputError&) {
    legal = "unknown: another move is undecided, Q-LIMIT";
  }
  throw RefusedPly(Refusal::illegal,
                   fmt::format("move {}: not legal for {} here (legal: {})",
                               named ? move_text(move, rules_.holes_per_row) : std::to_string(move.hole()),
                               player_name(position_.to_move), legal));
}

int Game::count_position() {
  // END-3: a position is the board, the captures and the side to move; the start counts.
  // Only the third_repetition reading needs the count. The map holds one entry per distinct
  // position of this game, so at most ply_limit + 1 of them (at most 10^6 + 1): the game stops
  // at the ply limit (END-3).
  if (rules_.options.endless_game != EndlessGame::third_repetition) return 0;
  auto key = std::make_pair(position_.board, std::array<int, 3>{position_.captured[0], position_.captured[1],
                                                                static_cast<int>(position_.to_move)});
  return ++occurrences_[key];
}

Ply Game::play(Move move) {
  Ply ply;
  play(move, ply);
  return ply;
}

void Game::play(Move move, Ply& ply) {
  ply.player = position_.to_move;
  ply.move = move;
  ply.events.clear();
  if (move.is_pass())
    play_pass(ply);  // PASS-1, PASS-2, PASS-3
  else
    play_move(ply);  // SOW, CAP, END-1 (sowing.cpp)
  plies_played_ += 1;
  end_round_without_seeds(ply);        // END-4 (G14 round_ends)
  share_out_at_third_repetition(ply);  // END-3 (G7 third_repetition)
  stop_at_ply_limit(ply);              // END-3 (G7 ply_limit, and the backstop)
  ply.after = position_;
  count_rules_of(ply);
  // A ply keeps every seed (BRD-3: board and captures add up to the total) and the board's size.
  assert(is_valid(ply.after, rules_) && "model::Game::play: the position after the ply is not valid");
}

void Game::play_pass(Ply& ply) {
  // A pass must be the only legal ply (PASS-1..3).
  if (status_ != Status::playing || legal_moves() != std::vector<Move>{Move::pass()}) reject(Move::pass());
  // END-4 (G14 round_ends): a player with no seeds does not pass; the round ends at their turn
  // (end_round_without_seeds). Only a made-up start gives such a player a ply at all.
  if (rules_.options.no_seeds == NoSeeds::round_ends &&
      !has_seeds_on_own_side(position_, ply.player, rules_.holes_per_row))
    return;
  // Which pass is it (Q-PASS): every move endless (PASS-3), an extra move without seeds
  // (PASS-2, G5), or simply no seeds on the player's side (PASS-1).
  Event e;
  e.kind = EventKind::pass;
  e.player = ply.player;
  if (has_seeds_on_own_side(position_, ply.player, rules_.holes_per_row))
    e.rule = RuleId::PASS_3;
  else if (extra_move_pending_)
    e.rule = RuleId::PASS_2;
  else
    e.rule = RuleId::PASS_1;
  ply.events.push_back(e);
  position_.to_move = opponent_of(ply.player);  // TURN-1
  extra_move_pending_ = false;
}

void Game::play_move(Ply& ply) {
  // SOW-1: one of the mover's own holes, not empty. Only the chosen move is sown: another move
  // may be undecided (Q-LIMIT) without making this one so.
  const int hole = ply.move.hole();
  if (status_ != Status::playing || hole >= rules_.holes() ||
      hole_owner(hole, rules_.holes_per_row) != position_.to_move ||
      position_.board[static_cast<std::size_t>(hole)] == 0)
    reject(ply.move);
  // The events go straight into the ply, and the position after into the game's own (an endless
  // move leaves it as it was). Throws UndecidedMove (Q-LIMIT) with nothing changed.
  const MoveVerdict outcome = sow_move(rules_, position_, hole, ply.events, position_);
  // SOW-6 (G6 illegal): an endless move is not legal, and the message says why.
  if (outcome.endless && rules_.options.endless_sowing == EndlessSowing::illegal)
    throw RefusedPly(
        Refusal::endless,
        fmt::format(
            "move {}: not legal for {}: its relay sowing never ends (SOW-6): the state at the end of lap {} repeats "
            "that of lap {}",
            move_text(ply.move, rules_.holes_per_row), player_name(position_.to_move), outcome.laps,
            outcome.repeated_lap));
  extra_move_pending_ = false;
  if (outcome.endless) {
    // SOW-6 (G6 void): the game is void at this point; nothing is sown.
    ply.events.push_back(game_end_event(RuleId::SOW_6, Status::void_game, Winner::none));
    status_ = Status::void_game;
    return;
  }
  if (outcome.ended_game) {
    status_ = Status::finished;
    winner_ = winner_by_captures(position_.captured);
  }
  extra_move_pending_ = !outcome.ended_game && position_.to_move == ply.player;
}

void Game::share_out_at_third_repetition(Ply& ply) {
  // END-3 (G7 third_repetition): the third occurrence of a position shares out the board.
  if (status_ != Status::playing || rules_.options.endless_game != EndlessGame::third_repetition) return;
  if (count_position() < 3) return;
  take_own_rows(ply, RuleId::END_3);
}

void Game::end_round_without_seeds(Ply& ply) {
  // END-4 (G14 round_ends): when the player to move has no seeds on their own row (after any
  // ply: a move, an extra move's earner left without seeds, or a pass), the game ends at once.
  if (status_ != Status::playing || rules_.options.no_seeds != NoSeeds::round_ends) return;
  if (has_seeds_on_own_side(position_, position_.to_move, rules_.holes_per_row)) return;
  take_own_rows(ply, RuleId::END_4);
}

void Game::take_own_rows(Ply& ply, RuleId rule) {
  // END-3, END-4: each player takes the seeds on their own side (BRD-4); the game is scored by END-2.
  for (const Player player : kPlayers) {
    Event e;
    e.kind = EventKind::side_award;
    e.rule = rule;
    e.player = player;
    e.seeds = 0;
    for (int h = 0; h < rules_.holes(); ++h)
      if (hole_owner(h, rules_.holes_per_row) == player)
        e.seeds += std::exchange(position_.board[static_cast<std::size_t>(h)], 0);
    position_.captured[index(player)] += e.seeds;
    ply.events.push_back(e);
  }
  status_ = Status::finished;
  winner_ = winner_by_captures(position_.captured);
  ply.events.push_back(game_end_event(rule, status_, winner_));
}

void Game::stop_at_ply_limit(Ply& ply) {
  // END-3 (G7 ply_limit, and the backstop under third_repetition): unterminated, seeds unassigned.
  if (status_ != Status::playing || plies_played_ < rules_.options.ply_limit) return;
  status_ = Status::unterminated;
  ply.events.push_back(game_end_event(RuleId::END_3, status_, Winner::none));
}

void Game::count_rules_of(const Ply& ply) const {
  // Rule coverage: every event's rule, and the rules that leave no event of their own (one pass
  // over the events: hoyito exhaustive counts a ply for every move of every position).
  const bool captured = count_event_rules(ply.events, EventKind::capture);
  std::array<RuleId, 5> more{};
  std::size_t n = 0;
  more[n++] = RuleId::TURN_1;
  if (!ply.move.is_pass()) more[n++] = RuleId::BRD_4;                                 // the mover's own hole
  if (captured && rules_.variant == Variant::hoyito3) more[n++] = RuleId::CAP_III_2;  // no chain taken
  if (captured && rules_.variant == Variant::hoyito1 && status_ == Status::playing)
    more[n++] = RuleId::CAP_I_3;  // no extra move: the opponent plays
  if (status_ == Status::finished) {
    more[n++] = RuleId::END_2;
    if (rules_.variant == Variant::hoyito3) more[n++] = RuleId::END_III_1;
  }
  count_rules({more.data(), n});
}

}  // namespace hoyito::model
