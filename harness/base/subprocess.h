// A child process hoyito did not write, driven over pipes: an engine behind the engine protocol.
//
// The child runs in its own process group (so that killing the group also ends what it started,
// e.g. the engine under `/bin/sh -c`), its standard error is appended to a log file through a
// pipe that every wait here drains (so a chatty child never blocks), at most kMostStderrLogBytes
// of it, and every read and write has a deadline (poll). The group is killed on a timeout, when the object is
// destroyed, and by kill_all_subprocesses() (which is async-signal-safe: an interrupt handler may
// call it); the child is always waited for, so no zombie is left behind.
//
// No model, engine or protocol here: bytes, deadlines and processes only.
#pragma once

#include <chrono>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <sys/types.h>

namespace hoyito {

// The child did not answer in time. The message names what was being waited for.
struct SubprocessTimeout : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// The child cannot be started, or its pipes failed (it exited: see Subprocess::exit_text()).
struct SubprocessError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The most a log file of children's standard error grows to: past it the rest is read and
// dropped, and one line says so (an engine writing gigabytes costs no disk).
inline constexpr long long kMostStderrLogBytes = 10LL << 20;

class Subprocess {
 public:
  using Clock = std::chrono::steady_clock;

  // Starts `/bin/sh -c command_line` (shell syntax: quotes, variables, pipes). Standard error is
  // appended to `stderr_log` ("" : /dev/null), up to kMostStderrLogBytes of the file. Throws
  // SubprocessError when it cannot be started.
  Subprocess(const std::string& command_line, const std::string& stderr_log);
  // Starts argv[0] with these arguments, no shell (argv[0] found on PATH).
  Subprocess(const std::vector<std::string>& argv, const std::string& stderr_log);
  ~Subprocess();  // kills the process group (if still running) and waits for the child
  Subprocess(const Subprocess&) = delete;
  Subprocess& operator=(const Subprocess&) = delete;

  // Writes all of `bytes` to the child's standard input before `deadline`. Throws
  // SubprocessTimeout, or SubprocessError when the child closed its input (exited).
  void write(std::string_view bytes, Clock::time_point deadline);
  // Reads what the child has written, at most `size` bytes, waiting until `deadline` for the
  // first one. Returns 0 at the end of its output. Throws SubprocessTimeout.
  std::size_t read(char* buffer, std::size_t size, Clock::time_point deadline);
  void close_input();  // the child sees the end of its input

  // Kills the whole process group (SIGKILL) and waits for the child. Idempotent.
  void kill();
  // Waits up to `grace` for the child to exit by itself, then kills the group.
  void finish(std::chrono::milliseconds grace);
  bool running();           // the child has not exited (reaps it if it has)
  std::string exit_text();  // "exited with status 3", "killed by signal 9 (Killed)", "running"
  pid_t pid() const { return pid_; }

 private:
  void start(const std::vector<std::string>& argv, const std::string& stderr_log);
  void reap(bool wait);
  // Waits for `fd` to be ready for `events` until `deadline` (false: timed out), draining the
  // child's standard error meanwhile.
  bool wait_ready(int fd, short events, Clock::time_point deadline);
  void drain_stderr();  // what the child wrote to its standard error, into the log (non-blocking)
  void close_pipes();

  pid_t pid_ = -1;
  int in_ = -1;   // the child's standard input (we write)
  int out_ = -1;  // the child's standard output (we read)
  int err_ = -1;  // the child's standard error (we read, when it goes to a log)
  int log_ = -1;  // the log file (appended to)
  bool reaped_ = false;
  int wait_status_ = 0;
};

// Kills the process group of every Subprocess alive (SIGKILL). Async-signal-safe.
void kill_all_subprocesses();

}  // namespace hoyito
