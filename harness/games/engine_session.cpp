#include "harness/games/engine_session.h"

#include <algorithm>
#include <cassert>
#include <thread>

#include <fmt/format.h>

#include "harness/base/subprocess.h"

namespace hoyito {

EngineSession::EngineSession(EngineOptions options) : options_(std::move(options)) {
  start();
  handshake();
}

EngineSession::~EngineSession() {
  if (!process_) return;
  try {  // politely first: an engine may want to flush its log
    deadline_ = std::chrono::steady_clock::now() + std::chrono::milliseconds(200);
    process_->write("quit\n", deadline_);
  } catch (const std::exception&) {
  }
  process_->finish(std::chrono::milliseconds(200));
}

void EngineSession::start() {
  try {
    process_ = std::make_unique<Subprocess>(options_.command, options_.stderr_log);
  } catch (const SubprocessError& e) {
    throw EngineFailure(fmt::format("engine '{}': cannot start: {}", one_line(options_.command), e.what()));
  }
  // The reader reads from this process until the deadline of the command being answered.
  reader_ = std::make_unique<protocol::LineReader>(
      [this](char* buffer, std::size_t size) { return process_->read(buffer, size, deadline_); });
  held = Held{};
}

void EngineSession::handshake() {
  in_handshake_ = true;
  const std::vector<protocol::Response> r = call({"protocol_version", "name", "version", "supports"});
  assert(r.size() == 4);  // call() answers every command or throws
  for (std::size_t i = 0; i < 3; ++i)
    if (!r[i].ok) fail(std::vector<std::string>{"protocol_version", "name", "version"}[i], "refused: " + r[i].message);
  if (r[0].first() != std::to_string(protocol::kVersion))
    fail("protocol_version",
         fmt::format("speaks protocol '{}', hoyito speaks {}", one_line(r[0].first()), protocol::kVersion));
  info_.name = one_line(r[1].first()), info_.version = one_line(r[2].first());
  if (!r[3].ok) fail("supports", "refused: " + r[3].message);
  try {
    info_.capabilities = protocol::parse_capabilities(r[3].lines, "supports");
  } catch (const protocol::ProtocolError& e) {
    fail("supports", e.what());
  }
  in_handshake_ = false;
}

void EngineSession::fail(std::string_view command, const std::string& what) {
  const std::string where = context ? fmt::format(" (at {})", context()) : std::string();
  const std::string prefix = std::string(command) + ": ";  // a ProtocolError names the command already
  const std::string_view reason = what.rfind(prefix, 0) == 0 ? std::string_view(what).substr(prefix.size()) : what;
  std::string message = fmt::format("engine '{}': {}: {}{}", one_line(options_.command), one_line(command),
                                    one_line(protocol::escape_engine_text(reason)), where);
  process_.reset();                                 // kills the group, waits for it
  if (in_handshake_) throw EngineFailure(message);  // a fresh process failed too: no loop of restarts
  ++restarts_;
  try {
    start();
    handshake();
  } catch (const EngineFailure& e) {
    message += fmt::format("; restarting it failed too: {}", e.what());
  }
  throw EngineFailure(message);
}

std::vector<protocol::Response> EngineSession::call(const std::vector<std::string>& commands, bool long_running) {
  if (!process_) fail(commands.empty() ? "" : commands.front(), "the engine is not running");
  auto timeout = options_.timeout * (long_running ? options_.long_factor : 1);
  if (in_handshake_) timeout = std::max(timeout, options_.startup);
  std::string text;
  for (const std::string& c : commands) text += c + "\n";
  std::vector<protocol::Response> responses;
  std::string current = commands.empty() ? "" : commands.front();
  try {
    deadline_ = std::chrono::steady_clock::now() + timeout;
    process_->write(text, deadline_);
    for (const std::string& c : commands) {
      current = c;
      deadline_ = std::chrono::steady_clock::now() + timeout;
      std::vector<std::string> lines = protocol::read_response_lines(*reader_, c, protocol::most_response_lines(c));
      for (std::string& line : lines) line = protocol::escape_engine_text(line);  // never shown raw
      responses.push_back(protocol::parse_response(std::move(lines), c));
      answered_ = true;
    }
  } catch (const SubprocessTimeout& e) {
    fail(current, fmt::format("{} within {} ms: killed", e.what(), timeout.count()));
  } catch (const protocol::ProtocolError& e) {
    // A crash shows as the end of its output: say how it ended when it has (within half a second).
    for (int i = 0; i < 50 && reader_->at_end() && process_->running(); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    check_runnable(current);
    const std::string how = process_->running() ? "" : fmt::format(" (the engine {})", process_->exit_text());
    fail(current, std::string(e.what()) + how);
  } catch (const SubprocessError& e) {
    for (int i = 0; i < 50 && process_->running(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    check_runnable(current);
    fail(current, fmt::format("{} (the engine {})", e.what(), process_->exit_text()));
  }
  assert(responses.size() == commands.size());  // one response a command, in order (fail() throws)
  return responses;
}

void EngineSession::check_runnable(std::string_view command) {
  if (answered_ || process_->running()) return;
  const std::string how = process_->exit_text();
  const char* hint = how == "exited with status 127"   ? " (command not found)"
                     : how == "exited with status 126" ? " (not executable)"
                                                       : "";
  process_.reset();
  throw EngineNotRunnable(fmt::format(
      "--engine '{}': cannot be run: it {}{} before answering {}{}", one_line(options_.command), how, hint,
      one_line(command), options_.stderr_log.empty() ? "" : "; its standard error is in " + options_.stderr_log));
}

protocol::Response EngineSession::call(const std::string& command, bool long_running) {
  return call(std::vector<std::string>{command}, long_running).front();
}

void EngineSession::throw_refusal(const protocol::Response& response, std::string_view command) {
  assert(!response.ok);  // called on a refusal only
  const std::string message =
      fmt::format("{}: {} {}", one_line(command), protocol::reason_name(response.reason), response.message);
  if (response.reason == protocol::Reason::undecided) throw UndecidedMove(message);
  throw EngineRefusal(response.reason, message);
}

}  // namespace hoyito
