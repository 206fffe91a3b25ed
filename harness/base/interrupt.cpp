// Interrupts: see harness/base/interrupt.h.
#include "harness/base/interrupt.h"

#include <atomic>
#include <csignal>
#include <ctime>

#include <fmt/format.h>

namespace hoyito {

namespace {

// Set by the signal handler: a lock-free atomic is safe to store to from a handler.
std::atomic<int> received_signal{0};
std::atomic<long long> first_signal_ns{0};  // CLOCK_MONOTONIC time of the first signal
static_assert(std::atomic<int>::is_always_lock_free && std::atomic<long long>::is_always_lock_free);

// A second signal within this long of the first is the same interrupt: `timeout` and job managers
// send it to the process and to its process group, so that one interrupt can arrive twice.
constexpr long long kRepeatWindowNs = 1'000'000'000;

long long monotonic_ns() {
  timespec now{};
  clock_gettime(CLOCK_MONOTONIC, &now);  // async-signal-safe (POSIX)
  return static_cast<long long>(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

extern "C" void on_interrupt(int signal) {
  if (received_signal.load() == 0) {
    first_signal_ns.store(monotonic_ns());
    received_signal.store(signal);
    return;
  }
  if (monotonic_ns() - first_signal_ns.load() < kRepeatWindowNs) return;
  std::signal(signal, SIG_DFL);  // a later second signal: the default action, at once
  std::raise(signal);
}

thread_local bool interruptible_thread = false;  // InterruptibleThread

}  // namespace

InterruptibleThread::InterruptibleThread() : was_(interruptible_thread) { interruptible_thread = true; }
InterruptibleThread::~InterruptibleThread() { interruptible_thread = was_; }
bool on_interruptible_thread() { return interruptible_thread; }

void install_interrupt_handlers() {
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // on_interrupt itself ends the process at a later second signal
  for (int signal : {SIGINT, SIGTERM}) sigaction(signal, &action, nullptr);
}

bool interrupted() { return received_signal.load() != 0; }

int interrupt_signal() { return received_signal.load(); }

std::string interrupt_note() {
  const int signal = received_signal.load();
  if (signal == 0) return "";
  return fmt::format(" (interrupted by {})", signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "a signal");
}

}  // namespace hoyito
