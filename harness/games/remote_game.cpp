#include "harness/games/remote_game.h"

#include <algorithm>
#include <cassert>
#include <span>

#include <fmt/format.h>

namespace hoyito {

namespace {
thread_local std::shared_ptr<EngineSession> current_session;

// " a c D": the moves from `from` on, each after a space (a `playmoves` line's tail); "" for none.
std::string moves_tail(std::span<const Move> moves, std::size_t from, int holes_per_row) {
  if (from >= moves.size()) return "";
  std::string tail(" ");  // (not " " + text: GCC 12 warns of a false -Wrestrict in that operator+)
  tail += moves_text(moves.subspan(from), holes_per_row);
  return tail;
}
}  // namespace

EngineScope::EngineScope(std::shared_ptr<EngineSession> session) : saved_(std::move(current_session)) {
  current_session = std::move(session);
}

EngineScope::~EngineScope() { current_session = std::move(saved_); }

RemoteGame::RemoteGame(const Rules& rules, const Position& start) : RemoteGame(current_session, rules, start) {}

RemoteGame::RemoteGame(std::shared_ptr<EngineSession> session, const Rules& rules, const Position& start)
    : session_(std::move(session)), rules_(rules), start_(start), position_(start) {
  if (!session_) throw EngineFailure("RemoteGame: no engine session (make an EngineScope first)");
  if (const std::string why = session_->info().capabilities.unsupported(rules); !why.empty())
    throw EngineRefusal(protocol::Reason::unsupported,
                        fmt::format("engine {}: does not support {}", session_->info().name, why));
  sync();
  read_state(session_->call("state"));
}

RemoteGame::~RemoteGame() {
  if (session_ && session_->context_owner == this) session_->context = nullptr, session_->context_owner = nullptr;
}

std::string RemoteGame::where() const {
  return fmt::format("{} {} moves:{}", protocol::rules_command(rules_), protocol::position_command(rules_, start_),
                     moves_.empty() ? std::string(" none") : moves_tail(moves_, 0, rules_.holes_per_row));
}

void RemoteGame::sync() const {
  EngineSession& s = *session_;
  s.context = [this] { return where(); };  // built only when a failure is reported
  s.context_owner = this;
  EngineSession::Held& held = s.held;
  const bool same_game = held.known && held.rules == rules_ && held.start == start_ &&
                         held.moves.size() <= moves_.size() &&
                         std::equal(held.moves.begin(), held.moves.end(), moves_.begin());
  std::vector<std::string> commands;
  if (!same_game) {
    held.known = false;
    commands = {protocol::rules_command(rules_), protocol::position_command(rules_, start_)};
  }
  const std::size_t from = same_game ? held.moves.size() : 0;
  if (from < moves_.size()) commands.push_back("playmoves" + moves_tail(moves_, from, rules_.holes_per_row));
  if (commands.empty()) return;
  const std::vector<protocol::Response> responses = s.call(commands);
  const bool replays = from < moves_.size();  // the last command replays moves the engine played before
  for (std::size_t i = 0; i < responses.size(); ++i)
    if (!responses[i].ok) {
      if (!replays || i + 1 < responses.size()) EngineSession::throw_refusal(responses[i], commands[i]);
      // The engine refuses now a move it played before: it is not a function of its input.
      throw EngineFailure(fmt::format("engine '{}': {}: refused a move it accepted before ({}) (at {})",
                                      s.options().command, commands[i], responses[i].message, where()));
    }
  held = EngineSession::Held{true, rules_, start_, moves_};
  assert(responses.size() == commands.size());
}

void RemoteGame::read_state(const protocol::Response& response) {
  if (!response.ok) EngineSession::throw_refusal(response, "state");
  try {
    const protocol::StateLine state = protocol::parse_state(response.first(), rules_.holes_per_row, "state");
    position_ = state.position;
    result_ = Result{state.status, state.position.captured, state.winner};
    plies_ = state.plies;
  } catch (const protocol::ProtocolError& e) {
    garbage(e);
  }
}

void RemoteGame::garbage(const protocol::ProtocolError& e) const {
  throw EngineFailure(fmt::format("engine '{}': {} (at {})", session_->options().command, e.what(), where()));
}

std::vector<Move> RemoteGame::legal_moves() const {
  sync();
  return read_legal(session_->call("legal"));
}

std::vector<Move> RemoteGame::read_legal(const protocol::Response& r) const {
  if (!r.ok) EngineSession::throw_refusal(r, "legal");
  std::vector<Move> plies;
  try {
    for (const std::string& token : protocol::split_words(r.first()))
      plies.push_back(protocol::parse_move(token, rules_.holes_per_row, "legal"));
  } catch (const protocol::ProtocolError& e) {
    garbage(e);
  }
  return plies;
}

Ply RemoteGame::play(Move move) {
  sync();
  const std::string command = "play " + move_text(move, rules_.holes_per_row);
  const bool events = session_->info().capabilities.has("events");
  std::vector<std::string> commands{command, "state"};
  if (events) commands.push_back("events");
  const std::vector<protocol::Response> r = session_->call(commands);  // one round trip
  assert(r.size() == commands.size());
  if (!r[0].ok) EngineSession::throw_refusal(r[0], command);
  return take_ply(move, r[1], events ? &r[2] : nullptr);
}

Ply RemoteGame::play_after_legal(Move move, std::vector<Move>& legal) {
  sync();
  const std::string command = "play " + move_text(move, rules_.holes_per_row);
  const bool events = session_->info().capabilities.has("events");
  std::vector<std::string> commands{"legal", command, "state"};
  if (events) commands.push_back("events");
  const std::vector<protocol::Response> r = session_->call(commands);  // one round trip
  assert(r.size() == commands.size());
  if (!r[0].ok && r[1].ok) session_->held.known = false;  // it played a move after refusing `legal`: send it all again
  legal = read_legal(r[0]);
  if (!r[1].ok) EngineSession::throw_refusal(r[1], command);
  return take_ply(move, r[2], events ? &r[3] : nullptr);
}

Ply RemoteGame::take_ply(Move move, const protocol::Response& state, const protocol::Response* events) {
  // sync() made the engine hold this game; after a refused `legal` it is marked unknown instead.
  assert(!session_->held.known || session_->held.moves == moves_);
  Ply ply;
  ply.player = position_.to_move;
  ply.move = move;
  moves_.push_back(move);
  session_->held.moves.push_back(move);
  read_state(state);
  ply.after = position_;
  if (events && events->ok) try {
      for (const std::string& line : events->lines)
        if (!line.empty()) ply.events.push_back(protocol::parse_event(line, "events"));
    } catch (const protocol::ProtocolError& e) {
      garbage(e);
    }
  return ply;
}

int RemoteGame::play_moves(const std::vector<Move>& moves) {
  sync();
  const std::string command = "playmoves" + moves_tail(moves, 0, rules_.holes_per_row);
  const std::vector<protocol::Response> r = session_->call({command, "state"});
  int played = static_cast<int>(moves.size());
  if (!r[0].ok) {
    const auto fields = protocol::split_words(r[0].message);
    if (fields.empty() || fields[0].rfind("played=", 0) != 0)
      garbage(protocol::ProtocolError(command + ": a refusal without played=K"));
    try {
      played = static_cast<int>(protocol::parse_number(fields[0].substr(7), "playmoves played=", 0,
                                                       static_cast<long long>(moves.size()) - 1));
    } catch (const protocol::ProtocolError& e) {
      garbage(e);
    }
  }
  assert(played >= 0 && static_cast<std::size_t>(played) <= moves.size());  // parse_number's range
  moves_.insert(moves_.end(), moves.begin(), moves.begin() + played);
  session_->held.moves = moves_;
  read_state(r[1]);
  if (!r[0].ok) EngineSession::throw_refusal(r[0], command);
  return played;
}

std::uint64_t RemoteGame::perft(int depth) const {
  sync();
  const std::string command = fmt::format("perft {}", depth);
  const protocol::Response r = session_->call(command, true);
  if (!r.ok) EngineSession::throw_refusal(r, command);
  try {
    return static_cast<std::uint64_t>(protocol::parse_number(r.first(), command, 0, INT64_MAX));
  } catch (const protocol::ProtocolError& e) {
    garbage(e);
  }
}

std::vector<std::pair<Move, std::uint64_t>> RemoteGame::divide(int depth) const {
  sync();
  const std::string command = fmt::format("divide {}", depth);
  const protocol::Response r = session_->call(command, true);
  if (!r.ok) EngineSession::throw_refusal(r, command);
  std::vector<std::pair<Move, std::uint64_t>> out;
  try {
    read_divide(r.lines, command, out);
  } catch (const protocol::ProtocolError& e) {
    garbage(e);
  }
  return out;
}

void RemoteGame::read_divide(const std::vector<std::string>& lines, const std::string& command,
                             std::vector<std::pair<Move, std::uint64_t>>& out) const {
  for (const std::string& line : lines) {
    const std::vector<std::string> words = protocol::split_words(line);
    if (words.empty()) continue;
    if (words.size() != 2)
      throw protocol::ProtocolError(fmt::format("{}: line '{}' is not MOVE COUNT", command, one_line(line)));
    out.emplace_back(protocol::parse_move(words[0], rules_.holes_per_row, command),
                     static_cast<std::uint64_t>(protocol::parse_number(words[1], command, 0, INT64_MAX)));
  }
}

}  // namespace hoyito
