// One engine process behind the engine protocol (specs/engine-protocol.md), from hoyito's side:
// start, handshake (protocol_version, name, version, supports), one command at a time with a
// deadline, and a fresh process after a hang, a crash or garbage.
//
// The engine is untrusted: its responses are read through the protocol's bounded reader, every
// command has a deadline, and whatever goes wrong is one EngineFailure line naming the engine, the
// command and the position it was given (`context`), after which the session has restarted the
// process and can be used again (what the engine held is then unknown: RemoteGame sends it again).
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/game.h"
#include "io/engine_protocol.h"

namespace hoyito {

class Subprocess;

// The engine hung, crashed or broke the protocol (it has been restarted). Not an InputError: no
// caller may take it for a move refused by the rules.
struct EngineFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The engine's command cannot be run at all: at its first start it exited (or closed its
// output) before answering anything (not found, not executable, exits at once). Bad input, as a
// wrong file name is: one line naming the command, exit 2.
struct EngineNotRunnable : InputError {
  using InputError::InputError;
};

// The engine refused a command for a reason of the protocol (illegal, endless, game_over,
// invalid, unsupported, ...). An InputError, as the in-tree games' refusals are; `refusal` is the
// reason as core's Refusal where the protocol's maps to one (illegal, endless, game_over), as
// engine::Game and model::Game give it. An `undecided` move is thrown as UndecidedMove instead
// (core/refusal.h), as they do.
struct EngineRefusal : InputError, CarriesRefusal {
  EngineRefusal(protocol::Reason why, const std::string& message)
      : InputError(message), reason(why), refusal(protocol::refusal_of(why)) {}
  std::optional<Refusal> carried_refusal() const override { return refusal; }  // core refusal_of() reads it
  protocol::Reason reason;
  std::optional<Refusal> refusal;  // nullopt for invalid, unsupported, syntax, ...
};

struct EngineOptions {
  std::string command;                        // run by /bin/sh -c
  std::chrono::milliseconds timeout{10'000};  // per command
  int long_factor = 10;                       // perft and divide get timeout * long_factor
  std::chrono::milliseconds startup{10'000};  // the handshake's limit, if longer (an engine loads)
  std::string stderr_log;                     // the engine's standard error ("" : discarded)
};

struct EngineInfo {
  std::string name, version;
  protocol::Capabilities capabilities;
};

class EngineSession {
 public:
  // Starts the engine and shakes hands; throws EngineFailure when it cannot.
  explicit EngineSession(EngineOptions options);
  ~EngineSession();  // `quit`, a short grace, then the process group killed
  EngineSession(const EngineSession&) = delete;
  EngineSession& operator=(const EngineSession&) = delete;

  const EngineInfo& info() const { return info_; }
  const EngineOptions& options() const { return options_; }
  int restarts() const { return restarts_; }

  // Sends the commands at once (a pipeline) and reads one response each, each within the
  // timeout (times long_factor when `long_running`). Throws EngineFailure (after a restart).
  std::vector<protocol::Response> call(const std::vector<std::string>& commands, bool long_running = false);
  protocol::Response call(const std::string& command, bool long_running = false);
  // Throws the refusal of `response` to `command` as EngineRefusal or UndecidedMove.
  static void throw_refusal(const protocol::Response& response, std::string_view command);

  // What the engine holds now, kept by RemoteGame (known = false after a restart).
  struct Held {
    bool known = false;
    Rules rules;
    Position start;
    std::vector<Move> moves;
  };
  Held held;
  std::function<std::string()> context;  // where the engine is (set by RemoteGame), for failure reports
  const void* context_owner = nullptr;   // the game that set it (it clears it when destroyed)

 private:
  void start();
  void handshake();
  [[noreturn]] void fail(std::string_view command, const std::string& what);
  void check_runnable(std::string_view command);  // throws EngineNotRunnable when it never answered

  EngineOptions options_;
  EngineInfo info_;
  std::unique_ptr<Subprocess> process_;
  std::unique_ptr<protocol::LineReader> reader_;
  std::chrono::steady_clock::time_point deadline_;
  int restarts_ = 0;
  bool in_handshake_ = false;
  bool answered_ = false;  // some process of this session has answered a command
};

}  // namespace hoyito
