#include "harness/base/subprocess.h"

#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <mutex>
#include <thread>

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
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

// The children of one run share a log file: its size is checked and written under this lock.
std::mutex log_mutex;

// Writes all of `bytes` to `fd`; false when it cannot (the log is then left as it is: an engine's
// run does not depend on its log).
bool write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

// Appends `bytes` to the log `fd` while the file is under kMostStderrLogBytes; the write that
// reaches the bound keeps what fits and ends with one line saying the rest is dropped.
void append_capped(int fd, std::string_view bytes) {
  const std::lock_guard<std::mutex> lock(log_mutex);
  struct stat file {};
  if (::fstat(fd, &file) != 0 || file.st_size >= kMostStderrLogBytes) return;
  const auto room = static_cast<std::size_t>(kMostStderrLogBytes - file.st_size);
  if (bytes.size() < room) {
    write_all(fd, bytes);
    return;
  }
  if (write_all(fd, bytes.substr(0, room)))
    write_all(fd, fmt::format("\n[hoyito: this log reached {} MiB: the rest of the engine's standard error was read "
                              "and dropped]\n",
                              kMostStderrLogBytes >> 20));
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
  // The child's ends are closed when this function returns; ours are kept by the object (all
  // closed here if it cannot start: no destructor runs for an object whose constructor threw).
  int to_child[2] = {-1, -1}, from_child[2] = {-1, -1}, err_child = -1;
  const auto close_child_ends = [&] {
    for (int fd : {to_child[0], from_child[1], err_child})
      if (fd >= 0) ::close(fd);
  };
  const auto fail = [&](const std::string& what) {
    close_child_ends();
    close_pipes();
    throw SubprocessError(what);
  };
  if (::pipe2(to_child, O_CLOEXEC) != 0) throw SubprocessError(system_error("pipe"));
  in_ = to_child[1];
  if (::pipe2(from_child, O_CLOEXEC) != 0) fail(system_error("pipe"));
  out_ = from_child[0];
  if (stderr_log.empty()) {
    err_child = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
  } else {
    log_ = ::open(stderr_log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (log_ < 0) fail(system_error(fmt::format("engine log {}", stderr_log)));
    int err_pipe[2];
    if (::pipe2(err_pipe, O_CLOEXEC) != 0) fail(system_error("pipe"));
    err_ = err_pipe[0], err_child = err_pipe[1];
    ::fcntl(err_, F_SETFL, ::fcntl(err_, F_GETFL) | O_NONBLOCK);
  }
  if (err_child < 0) fail(system_error("standard error"));
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_ = ::fork();
  if (pid_ == 0) exec_child(args.data(), to_child[0], from_child[1], err_child);
  const int fork_errno = errno;
  if (pid_ < 0) {
    errno = fork_errno;
    fail(system_error("fork"));
  }
  close_child_ends();
  ::setpgid(pid_, pid_);  // also here: the group exists before the first kill, whoever runs first
  remember(pid_);
  ::fcntl(in_, F_SETFL, ::fcntl(in_, F_GETFL) | O_NONBLOCK);
}

Subprocess::~Subprocess() {
  kill();
  close_pipes();
}

void Subprocess::close_pipes() {
  for (int* fd : {&in_, &out_, &err_, &log_})
    if (*fd >= 0) ::close(*fd), *fd = -1;
}

bool Subprocess::wait_ready(int fd, short events, Clock::time_point deadline) {
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left < 0) return false;
    pollfd p[2] = {{fd, events, 0}, {err_, POLLIN, 0}};
    const int ready = ::poll(p, err_ >= 0 ? 2 : 1, static_cast<int>(std::min<long long>(left + 1, 60'000)));
    if (ready < 0 && errno != EINTR) throw SubprocessError(system_error("poll"));
    if (ready <= 0) continue;
    if (err_ >= 0 && p[1].revents != 0) drain_stderr();
    if (p[0].revents != 0) return true;
  }
}

void Subprocess::drain_stderr() {
  char buffer[65536];
  for (int i = 0; i < 16 && err_ >= 0; ++i) {  // 1 MiB at most a call: the caller's deadline still rules
    const ssize_t n = ::read(err_, buffer, sizeof buffer);
    if (n > 0) {
      append_capped(log_, std::string_view(buffer, static_cast<std::size_t>(n)));
    } else if (n == 0) {  // every writer has closed it (the child and what it started exited)
      ::close(err_), err_ = -1;
    } else if (errno != EINTR) {
      return;  // EAGAIN: nothing more for now
    }
  }
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
  drain_stderr();  // its last words: what is left in the pipe
}

void Subprocess::kill() {
  if (pid_ <= 0 || reaped_) return;
  ::kill(-pid_, SIGKILL);  // the whole group: what the engine started too
  reap(true);
}

void Subprocess::finish(std::chrono::milliseconds grace) {
  close_input();
  const auto end = Clock::now() + grace;
  while (running() && Clock::now() < end) {
    drain_stderr();  // an engine may flush its log as it quits
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
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
