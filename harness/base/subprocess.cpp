#include "harness/base/subprocess.h"

#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <thread>

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

namespace hoyito {

namespace {

// The process groups alive, for kill_all_subprocesses() (from a signal handler: lock-free atomics
// only). 0 marks a free slot; more children than slots are still killed by their destructors.
std::array<std::atomic<pid_t>, 256> live_groups{};

void remember(pid_t group) {
  for (auto& slot : live_groups) {
    pid_t free = 0;
    if (slot.compare_exchange_strong(free, group)) return;
  }
}

void forget(pid_t group) {
  for (auto& slot : live_groups) {
    pid_t expected = group;
    if (slot.compare_exchange_strong(expected, 0)) return;
  }
}

std::string system_error(std::string_view what) { return fmt::format("{}: {}", what, std::strerror(errno)); }

// Waits for `fd` to be ready for `events` until `deadline`; false on timeout.
bool wait_ready(int fd, short events, Subprocess::Clock::time_point deadline) {
  for (;;) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Subprocess::Clock::now()).count();
    if (left < 0) return false;
    pollfd p{fd, events, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(std::min<long long>(left + 1, 60'000)));
    if (ready > 0) return true;
    if (ready < 0 && errno != EINTR) throw SubprocessError(system_error("poll"));
  }
}

// In the child, between fork and exec: only async-signal-safe calls.
[[noreturn]] void exec_child(char* const* argv, int in, int out, int err) {
  ::setpgid(0, 0);  // its own group: killed whole, and a Ctrl-C at the terminal does not reach it
  ::dup2(in, STDIN_FILENO);
  ::dup2(out, STDOUT_FILENO);
  ::dup2(err, STDERR_FILENO);
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  ::signal(SIGPIPE, SIG_DFL);
  ::execvp(argv[0], argv);
  ::_exit(127);
}

}  // namespace

void kill_all_subprocesses() {
  for (auto& slot : live_groups)
    if (const pid_t group = slot.load(); group > 0) ::kill(-group, SIGKILL);
}

Subprocess::Subprocess(const std::string& command_line, const std::string& stderr_log) {
  start({"/bin/sh", "-c", command_line}, stderr_log);
}

Subprocess::Subprocess(const std::vector<std::string>& argv, const std::string& stderr_log) {
  if (argv.empty()) throw SubprocessError("no command to start");
  start(argv, stderr_log);
}

void Subprocess::start(const std::vector<std::string>& argv, const std::string& stderr_log) {
  // A write to an engine that has exited must be an error (EPIPE), not the end of hoyito.
  if (std::signal(SIGPIPE, SIG_IGN) == SIG_ERR) throw SubprocessError(system_error("SIGPIPE"));
  int to_child[2], from_child[2];
  if (::pipe2(to_child, O_CLOEXEC) != 0) throw SubprocessError(system_error("pipe"));
  if (::pipe2(from_child, O_CLOEXEC) != 0) {
    ::close(to_child[0]), ::close(to_child[1]);
    throw SubprocessError(system_error("pipe"));
  }
  const std::string log = stderr_log.empty() ? "/dev/null" : stderr_log;
  const int err = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (err < 0) {
    for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1]}) ::close(fd);
    throw SubprocessError(system_error(fmt::format("engine log {}", log)));
  }
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_ = ::fork();
  if (pid_ == 0) exec_child(args.data(), to_child[0], from_child[1], err);
  const int fork_errno = errno;
  ::close(to_child[0]), ::close(from_child[1]), ::close(err);
  in_ = to_child[1], out_ = from_child[0];
  if (pid_ < 0) {
    ::close(in_), ::close(out_);
    errno = fork_errno;
    throw SubprocessError(system_error("fork"));
  }
  ::setpgid(pid_, pid_);  // also here: the group exists before the first kill, whoever runs first
  remember(pid_);
  ::fcntl(in_, F_SETFL, ::fcntl(in_, F_GETFL) | O_NONBLOCK);
}

Subprocess::~Subprocess() {
  kill();
  if (in_ >= 0) ::close(in_);
  if (out_ >= 0) ::close(out_);
}

void Subprocess::write(std::string_view bytes, Clock::time_point deadline) {
  while (!bytes.empty()) {
    if (in_ < 0) throw SubprocessError("its input is closed");
    if (!wait_ready(in_, POLLOUT, deadline))
      throw SubprocessTimeout("writing a command: the engine does not read its input");
    const ssize_t n = ::write(in_, bytes.data(), bytes.size());
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n < 0) throw SubprocessError(errno == EPIPE ? std::string("it closed its input") : system_error("write"));
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
}

std::size_t Subprocess::read(char* buffer, std::size_t size, Clock::time_point deadline) {
  for (;;) {
    if (!wait_ready(out_, POLLIN, deadline)) throw SubprocessTimeout("no response in time");
    const ssize_t n = ::read(out_, buffer, size);
    if (n >= 0) return static_cast<std::size_t>(n);
    if (errno != EINTR && errno != EAGAIN) throw SubprocessError(system_error("read"));
  }
}

void Subprocess::close_input() {
  if (in_ >= 0) ::close(in_);
  in_ = -1;
}

void Subprocess::reap(bool wait) {
  if (reaped_ || pid_ <= 0) return;
  // Peek first (WNOWAIT): while the exited child is a zombie its pid cannot be reused, so the
  // group it leads can still be killed safely: what it started dies with it.
  siginfo_t info{};
  int peeked;
  do {
    peeked = ::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOWAIT | (wait ? 0 : WNOHANG));
  } while (peeked < 0 && errno == EINTR);
  if (peeked == 0 && info.si_pid != pid_) return;  // still running (WNOHANG)
  ::kill(-pid_, SIGKILL);
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  reaped_ = true;
  wait_status_ = status;
  forget(pid_);
}

void Subprocess::kill() {
  if (pid_ <= 0 || reaped_) return;
  ::kill(-pid_, SIGKILL);  // the whole group: what the engine started too
  reap(true);
}

void Subprocess::finish(std::chrono::milliseconds grace) {
  close_input();
  const auto end = Clock::now() + grace;
  while (running() && Clock::now() < end) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  kill();
}

bool Subprocess::running() {
  reap(false);
  return !reaped_;
}

std::string Subprocess::exit_text() {
  if (running()) return "running";
  if (WIFEXITED(wait_status_)) return fmt::format("exited with status {}", WEXITSTATUS(wait_status_));
  if (WIFSIGNALED(wait_status_))
    return fmt::format("killed by signal {} ({})", WTERMSIG(wait_status_), strsignal(WTERMSIG(wait_status_)));
  return "ended";
}

}  // namespace hoyito
