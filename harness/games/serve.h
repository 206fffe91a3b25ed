// `hoyito serve`: the in-tree engine or reference model behind the engine protocol
// (specs/engine-protocol.md), so that the protocol path can be checked against the in-tree
// games and so that other engines' wrappers have a model to copy.
//
// The server never ends on bad input: every malformed command gets one `? REASON` line naming
// the command, the field and the value, and the next command is read. Command lines are read
// with the protocol's line bound; a longer one is refused and skipped whole.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "io/engine_protocol.h"

namespace hoyito {

enum class ServeImpl { engine, model };
ServeImpl parse_serve_impl(std::string_view text);  // "engine" | "model"; throws InputError

// Answers one command line after another until `quit` or the end of input. `read` is the byte
// source of the commands, `write` receives each whole response (the caller flushes).
// Returns 0 (after quit or end of input).
int serve(ServeImpl impl, std::string_view version, const protocol::ReadBytes& read,
          const std::function<void(std::string_view)>& write);

// One server's state, for tests and the fuzz target: answer(line) is the response text.
// `version` is what the `version` command answers (the program's version).
class Server {
 public:
  struct Games;  // the game behind it: engine::Game or model::Game (serve.cpp)
  Server(ServeImpl impl, std::string_view version);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;
  std::string answer(std::string_view line);
  bool quit() const { return quit_; }

 private:
  std::unique_ptr<Games> games_;
  bool quit_ = false;
};

}  // namespace hoyito
