// RemoteGame: a game played by an engine behind the engine protocol, as a GameImplementation
// (core/implementation.h), so that the templated checks (scenarios, perft, lockstep) drive an
// engine hoyito did not write exactly as they drive engine::Game and model::Game.
//
// A RemoteGame is a value, as the concept asks: its state is its rules, its start position and
// the plies played from there. Copies share one engine process (a shared EngineSession); before
// each command a game makes sure the process holds its own game, sending `rules` and `position`
// and then its moves (`playmoves`, one command) when the process holds another's, or only the
// moves it lacks when the process holds a prefix of its game. Position, status and result are
// cached from the engine's `state` after each ply, so reading them costs nothing.
//
// The concept constructs games from (rules, start) alone, so the session comes from the thread's
// current one: an EngineScope names it for its lifetime.
//
// Refusals come back as the in-tree games' do: UndecidedMove for `undecided` (Q-LIMIT),
// EngineRefusal (an InputError, with its protocol::Reason) for illegal, endless, game_over and
// unsupported or invalid rules; EngineFailure when the engine hung, crashed or broke the protocol.
#pragma once

#include <memory>
#include <vector>

#include "core/implementation.h"
#include "harness/games/engine_session.h"

namespace hoyito {

// Makes `session` the one RemoteGames constructed on this thread use, for its lifetime.
class EngineScope {
 public:
  explicit EngineScope(std::shared_ptr<EngineSession> session);
  ~EngineScope();
  EngineScope(const EngineScope&) = delete;
  EngineScope& operator=(const EngineScope&) = delete;

 private:
  std::shared_ptr<EngineSession> saved_;
};

class RemoteGame {
 public:
  // Uses the thread's EngineScope session (throws EngineFailure without one). Sends the rules and
  // the start; throws EngineRefusal when the engine refuses them (e.g. `unsupported`).
  RemoteGame(const Rules& rules, const Position& start);
  RemoteGame(std::shared_ptr<EngineSession> session, const Rules& rules, const Position& start);
  RemoteGame(const RemoteGame&) = default;
  RemoteGame& operator=(const RemoteGame&) = default;
  ~RemoteGame();  // the session no longer names this game in its failure reports

  const Rules& rules() const { return rules_; }
  Position position() const { return position_; }
  Status status() const { return result_.status; }
  Result result() const { return result_; }
  int plies_played() const { return plies_; }
  const std::vector<Move>& moves() const { return moves_; }
  EngineSession& session() const { return *session_; }

  std::vector<Move> legal_moves() const;
  Ply play(Move move);  // events from `events` when the engine offers them, else none
  // legal_moves() into `legal`, then play(hole), in one round trip (the commands pipelined): what
  // verify --engine asks at every ply. A refusal of `legal` is thrown as legal_moves() throws it.
  Ply play_after_legal(Move move, std::vector<Move>& legal);
  // Plays many plies in one command (`playmoves`); returns how many were played before the
  // first refusal, which is thrown after the game has taken the ones played.
  int play_moves(const std::vector<Move>& moves);
  std::uint64_t perft(int depth) const;                                 // the engine's own `perft`
  std::vector<std::pair<Move, std::uint64_t>> divide(int depth) const;  // ... and `divide`

 private:
  void sync() const;  // the process holds this game
  void read_state(const protocol::Response& response);
  std::vector<Move> read_legal(const protocol::Response& response) const;
  // The ply `hole` the engine played: the game takes it, then its state and events.
  Ply take_ply(Move move, const protocol::Response& state, const protocol::Response* events);
  std::string where() const;  // this game for failure reports: the start and the moves
  [[noreturn]] void garbage(const protocol::ProtocolError& e) const;  // as an EngineFailure
  void read_divide(const std::vector<std::string>& lines, const std::string& command,
                   std::vector<std::pair<Move, std::uint64_t>>& out) const;

  std::shared_ptr<EngineSession> session_;
  Rules rules_;
  Position start_;
  std::vector<Move> moves_;
  Position position_;
  Result result_;
  int plies_ = 0;
};
static_assert(GameImplementation<RemoteGame>);

}  // namespace hoyito
