// `hoyito serve`: the in-tree engine or model behind the engine protocol on standard input and
// output (specs/engine-protocol.md; the work is in harness/games/serve.h).
#include <cerrno>
#include <cstring>
#include <memory>

#include <fmt/format.h>
#include <unistd.h>

#include "cli/commands.h"
#include "harness/base/interrupt.h"
#include "harness/games/serve.h"
#include "io/output.h"
#include "version.h"  // generated: HOYITO_VERSION, HOYITO_COMMIT

namespace hoyito {

namespace {

struct ServeArgs {
  std::string impl = "engine";
};

// Reads what standard input holds now, at least one byte (0 at its end), straight from the file
// descriptor: a command is answered as soon as its line is whole, and a batch of commands
// written at once arrives in one read.
std::size_t read_stdin(char* buffer, std::size_t size) {
  for (;;) {
    const ssize_t got = ::read(STDIN_FILENO, buffer, size);
    if (got >= 0) return static_cast<std::size_t>(got);
    // A signal ends the wait for a command (the handler has no SA_RESTART): Ctrl-C stops serve.
    if (errno == EINTR) throw_if_interrupted("serve: stopped while waiting for a command");
    if (errno != EINTR) throw InputError(fmt::format("serve: standard input: cannot read: {}", std::strerror(errno)));
  }
}

int command_serve(const ServeArgs& args) {
  const ServeImpl impl = parse_serve_impl(args.impl);
  return serve(impl, HOYITO_VERSION, read_stdin, [](std::string_view response) {
    write_stdout(response);
    flush_stdout();  // the client waits for this response before it sends the next command
  });
}

}  // namespace

CommandRun add_serve(CLI::App& cmd) {
  auto args = std::make_shared<ServeArgs>();
  cmd.add_option("--impl", args->impl, "the implementation served: engine (default) or model")
      ->check(CLI::IsMember({"engine", "model"}));
  return [args] { return command_serve(*args); };
}

}  // namespace hoyito
