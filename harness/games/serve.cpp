// The server of `hoyito serve`: one protocol command at a time, answered from an engine::Game or a
// model::Game (specs/engine-protocol.md). Each command is one member function; a bad argument is
// a CommandRefused carrying its reason, turned into one `? REASON` line by answer().
#include "harness/games/serve.h"

#include <algorithm>
#include <cassert>
#include <map>
#include <optional>

#include <fmt/format.h>

#include "engine/engine.h"
#include "engine/sides.h"
#include "harness/base/interrupt.h"
#include "harness/games/perft_count.h"
#include "model/model.h"

namespace hoyito {

namespace {

using protocol::Reason;

// A command refused, with the protocol's reason.
struct CommandRefused {
  Reason reason;
  std::string message;
};

[[noreturn]] void refuse(Reason reason, std::string message) { throw CommandRefused{reason, std::move(message)}; }

// A core InputError (bad option, invalid position) as a refusal of `reason`; a malformed
// argument as `syntax`; a whole number out of range as `out_of_range`: `invalid` for a value of
// the rules or a position (seeds per hole 11, a negative count: the refusal table of
// specs/engine-protocol.md, tests/refusal_table.py), `syntax` for a perft depth.
template <typename Body>
auto refusing(Reason reason, Body&& body, Reason out_of_range = Reason::invalid) {
  try {
    return body();
  } catch (const protocol::NumberOutOfRange& e) {
    refuse(out_of_range, e.what());
  } catch (const protocol::ProtocolError& e) {
    refuse(Reason::syntax, e.what());
  } catch (const InputError& e) {
    refuse(reason, e.what());
  }
}

void expect_args(const protocol::Command& c, std::size_t low, std::size_t high, std::string_view usage) {
  if (c.args.size() < low || c.args.size() > high)
    refuse(Reason::syntax, fmt::format("{}: {} argument(s), expected: {}", c.name, c.args.size(), usage));
}

constexpr const char* kCommands[] = {
    "protocol_version", "name",  "version", "list_commands", "supports", "rules", "start", "position", "legal", "play",
    "playmoves",        "state", "events",  "perft",         "divide",   "quit"};

}  // namespace

struct Server::Games {
  virtual ~Games() = default;
  virtual std::string run(const protocol::Command& command) = 0;  // the success content; throws CommandRefused
};

namespace {

template <GameImplementation G>
class GameServer final : public Server::Games {
 public:
  GameServer(std::string name, std::string version) : name_(std::move(name)), version_(std::move(version)) {}

  std::string run(const protocol::Command& c) override {
    using Handler = std::string (GameServer::*)(const protocol::Command&);
    static const std::map<std::string, Handler, std::less<>> handlers = {
        {"protocol_version", &GameServer::info}, {"name", &GameServer::info},
        {"version", &GameServer::info},          {"list_commands", &GameServer::info},
        {"supports", &GameServer::info},         {"rules", &GameServer::rules},
        {"start", &GameServer::start},           {"position", &GameServer::position},
        {"legal", &GameServer::legal},           {"play", &GameServer::play},
        {"playmoves", &GameServer::playmoves},   {"state", &GameServer::state},
        {"events", &GameServer::events},         {"perft", &GameServer::perft},
        {"divide", &GameServer::perft},          {"quit", &GameServer::info}};
    // list_commands answers kCommands: the same names as the handlers, one each.
    assert(
        handlers.size() == std::size(kCommands) &&
        std::all_of(std::begin(kCommands), std::end(kCommands), [](const char* n) { return handlers.count(n) == 1; }));
    const auto handler = handlers.find(c.name);
    if (handler == handlers.end())
      refuse(Reason::unknown_command, fmt::format("unknown command '{}'", one_line(c.name)));
    return (this->*handler->second)(c);
  }

 private:
  std::string info(const protocol::Command& c) {
    expect_args(c, 0, 0, c.name);
    if (c.name == "protocol_version") return std::to_string(protocol::kVersion);
    if (c.name == "name") return name_;
    if (c.name == "version") return version_;
    if (c.name == "quit") return "";
    std::vector<std::string> lines;
    if (c.name == "supports")
      lines = protocol::format_capabilities(protocol::full_capabilities());
    else
      lines.assign(std::begin(kCommands), std::end(kCommands));
    return join_lines(lines);
  }

  static std::string join_lines(const std::vector<std::string>& lines) {
    std::string out;
    for (const std::string& line : lines) out += (out.empty() ? "" : "\n") + line;
    return out;
  }

  // An unknown option name is a malformed command (`syntax`: "an unknown key"); a value of a known
  // option that the rules do not define is `invalid` (specs/engine-protocol.md, "Refusal reasons").
  static void set_named_option(Rules& rules, const std::string& name, const std::string& value) {
    const auto& table = option_table();
    const auto info = std::find_if(table.begin(), table.end(), [&](const OptionInfo& o) { return o.name == name; });
    if (info == table.end())
      refuse(Reason::syntax, fmt::format("rules: unknown option '{}' (hoyito rules names them)", one_line(name)));
    refusing(Reason::invalid, [&] {
      set_option(rules, name, value);
      return 0;
    });
  }

  std::string rules(const protocol::Command& c) {
    expect_args(c, 3, 3 + option_table().size(), "rules VARIANT HOLES SEEDS [NAME=VALUE ...]");
    Rules rules;
    rules.variant = refusing(Reason::invalid, [&] { return parse_variant(c.args[0]); });
    rules.holes_per_row = static_cast<int>(
        refusing(Reason::invalid, [&] { return protocol::parse_number(c.args[1], "rules HOLES", 6, 12); }));
    rules.seeds_per_hole = static_cast<int>(
        refusing(Reason::invalid, [&] { return protocol::parse_number(c.args[2], "rules SEEDS", 1, 10); }));
    std::vector<std::string> named;
    for (const auto& [name, value] : refusing(Reason::syntax, [&] {
           return protocol::parse_fields(c.args.size() > 3 ? join_args(c, 3) : "", "rules");
         })) {
      if (std::find(named.begin(), named.end(), name) != named.end())
        refuse(Reason::syntax, fmt::format("rules: option {} given twice", name));
      named.push_back(name);
      set_named_option(rules, name, value);
    }
    refusing(Reason::invalid, [&] {
      validate(rules);
      return 0;
    });
    rules_ = rules;
    new_game(engine::opening_position(rules_));
    return "";
  }

  static std::string join_args(const protocol::Command& c, std::size_t from) {
    std::string out;
    for (std::size_t i = from; i < c.args.size(); ++i) out += (i > from ? " " : "") + c.args[i];
    return out;
  }

  // Round and previous winner of a `start` or `position` into a copy of the rules.
  Rules with_round(const protocol::StateLine& s) const {
    Rules rules = rules_;
    rules.round = s.keys.count("round") ? s.round : 1;
    rules.previous_winner = s.keys.count("previous_winner") ? s.previous_winner : Winner::none;
    refusing(Reason::invalid, [&] {
      validate(rules);
      return 0;
    });
    return rules;
  }

  std::string start(const protocol::Command& c) {
    const std::string fields = join_args(c, 0);
    bool to_move = false;
    for (const auto& [key, value] : refusing(Reason::syntax, [&] { return protocol::parse_fields(fields, "start"); })) {
      if (key != "to_move" && key != "round" && key != "previous_winner")
        refuse(Reason::syntax, fmt::format("start: unknown key '{}' (to_move, round, previous_winner)", one_line(key)));
      to_move = to_move || key == "to_move";
    }
    // Read as a state line with the start's board and captures filled in.
    std::string board;
    for (int h = 0; h < rules_.holes(); ++h) board += fmt::format("{}{}", h ? "," : "", rules_.seeds_per_hole);
    const std::string line = fmt::format("board={} captured=0,0 {}{}", board, to_move ? "" : "to_move=south ", fields);
    const protocol::StateLine s =
        refusing(Reason::syntax, [&] { return protocol::parse_state(line, rules_.holes_per_row, "start", true); });
    rules_ = with_round(s);
    new_game(engine::opening_position(rules_, s.position.to_move));
    return "";
  }

  std::string position(const protocol::Command& c) {
    const protocol::StateLine s = refusing(
        Reason::syntax, [&] { return protocol::parse_state(join_args(c, 0), rules_.holes_per_row, "position", true); });
    Rules rules = with_round(s);
    refusing(Reason::invalid, [&] {
      validate(s.position, rules, "position");
      return 0;
    });
    rules_ = rules;
    new_game(s.position);
    return "";
  }

  void new_game(const Position& start) {
    game_.emplace(rules_, start);
    events_.clear();
  }

  G& game() {
    if (!game_) new_game(engine::opening_position(rules_));
    return *game_;
  }

  std::string legal(const protocol::Command& c) {
    expect_args(c, 0, 0, "legal");
    std::vector<Move> plies;
    try {
      plies = game().legal_moves();
    } catch (const UndecidedMove& e) {
      refuse(Reason::undecided, e.what());
    }
    return moves_text(plies, rules_.holes_per_row);
  }

  // Plays one token; a refusal names the move, with the reason of the protocol.
  void play_token(const std::string& token) {
    Move move;
    try {
      move = protocol::parse_move(token, rules_.holes_per_row, "move");
    } catch (const InputError& e) {
      refuse(Reason::illegal, e.what());  // not a hole of the board: not legal (SOW-1)
    }
    G& g = game();
    if (g.status() != Status::playing)
      refuse(Reason::game_over, fmt::format("move {}: the game is over ({})", token, status_name(g.status())));
    try {
      events_ = g.play(move).events;
    } catch (const RefusedPly& e) {
      refuse(protocol::reason_of(e.reason), e.what());  // illegal, endless (SOW-6), undecided (Q-LIMIT)
    } catch (const InputError& e) {
      refuse(Reason::illegal, e.what());
    }
  }

  std::string play(const protocol::Command& c) {
    expect_args(c, 1, 1, "play MOVE");
    play_token(c.args[0]);
    return "";
  }

  std::string playmoves(const protocol::Command& c) {
    for (std::size_t i = 0; i < c.args.size(); ++i) {
      try {
        play_token(c.args[i]);
      } catch (CommandRefused& r) {
        r.message = fmt::format("played={} {}", i, r.message);
        throw;
      }
    }
    return std::to_string(c.args.size());
  }

  std::string state(const protocol::Command& c) {
    expect_args(c, 0, 0, "state");
    const G& g = game();
    return protocol::format_state(g.position(), g.result(), g.plies_played());
  }

  std::string events(const protocol::Command& c) {
    expect_args(c, 0, 0, "events");
    std::vector<std::string> lines;
    for (const Event& e : events_) lines.push_back(protocol::format_event(e));
    return join_lines(lines);
  }

  std::string perft(const protocol::Command& c) {
    expect_args(c, 1, 1, c.name + " DEPTH");
    const int depth = static_cast<int>(refusing(
        Reason::syntax, [&] { return protocol::parse_number(c.args[0], c.name + " DEPTH", 0, 20); }, Reason::syntax));
    try {
      if (c.name == "perft") return std::to_string(hoyito::perft(game(), depth));
      std::vector<std::string> lines;
      for (const auto& [ply, count] : perft_divide(game(), depth))
        lines.push_back(fmt::format("{} {}", move_text(ply, rules_.holes_per_row), count));
      return join_lines(lines);
    } catch (const UndecidedMove& e) {
      refuse(Reason::undecided, e.what());
    }
  }

  std::string name_, version_;
  Rules rules_;
  std::optional<G> game_;
  std::vector<Event> events_;  // the last ply's
};

}  // namespace

ServeImpl parse_serve_impl(std::string_view text) {
  if (text == "engine") return ServeImpl::engine;
  if (text == "model") return ServeImpl::model;
  throw InputError(fmt::format("--impl: unknown implementation '{}' (engine, model)", one_line(text)));
}

Server::Server(ServeImpl impl, std::string_view version) {
  if (impl == ServeImpl::engine)
    games_ = std::make_unique<GameServer<engine::Game>>("hoyito-engine", std::string(version));
  else
    games_ = std::make_unique<GameServer<model::Game>>("hoyito-model", std::string(version));
}

Server::~Server() = default;

std::string Server::answer(std::string_view line) {
  const protocol::Command command = protocol::parse_command(line);
  if (command.name.empty()) return protocol::format_refusal(Reason::syntax, "an empty command line");
  try {
    const std::string content = games_->run(command);
    if (command.name == "quit") quit_ = true;
    std::vector<std::string> lines;
    for (std::size_t begin = 0;;) {  // the content's lines (a list: supports, events, divide)
      const std::size_t nl = content.find('\n', begin);
      lines.push_back(content.substr(begin, nl == std::string::npos ? nl : nl - begin));
      if (nl == std::string::npos) break;
      begin = nl + 1;
    }
    return protocol::format_success(lines);
  } catch (const CommandRefused& r) {
    return protocol::format_refusal(r.reason, r.message);
  } catch (const Interrupted&) {
    throw;  // Ctrl-C in one move's long decision (core/lap_watch.h): the program stops, not the engine
  } catch (const std::exception& e) {
    return protocol::format_refusal(Reason::internal, fmt::format("{}: {}", command.name, e.what()));
  }
}

int serve(ServeImpl impl, std::string_view version, const protocol::ReadBytes& read,
          const std::function<void(std::string_view)>& write) {
  Server server(impl, version);
  protocol::LineReader reader(read);
  while (!server.quit()) {
    std::optional<std::string> line;
    try {
      line = reader.next("command");
    } catch (const protocol::ProtocolError& e) {
      // A line past the bound: refused, and the rest of it skipped up to its newline.
      write(protocol::format_refusal(Reason::syntax, e.what()));
      if (!reader.skip_line()) return 0;
      continue;
    }
    if (!line) return 0;
    if (protocol::split_words(*line).empty()) continue;  // blank lines are no commands (GTP)
    write(server.answer(*line));
  }
  return 0;
}

}  // namespace hoyito
