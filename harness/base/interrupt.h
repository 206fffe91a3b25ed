// Interrupts: one mechanism for every command. The program (cli/app.cpp run_cli) installs
// handlers for SIGINT and SIGTERM that only record the signal. Then either
// - a long loop asks interrupted() before it starts a unit of work, stops starting work, lets
//   what is in flight finish, writes what it has whole and prints its summary saying
//   "interrupted" (Campaign, simulate, exhaustive, random, verify), or
// - a computation whose partial result means nothing (a perft count, a bench figure, a page
//   being built) calls throw_if_interrupted(): Interrupted unwinds it, nothing more is printed
//   or written (a file being written is a temporary that is removed: io/output.h), and run_cli
//   prints "interrupted: <what was done>".
// Either way run_cli exits 128 + the signal (130 for SIGINT, 143 for SIGTERM). A second signal
// more than a second after the first ends the process at once; one sooner is the same interrupt
// delivered twice (timeout(1) signals the process and its group).
#pragma once

#include <stdexcept>
#include <string>

namespace hoyito {

void install_interrupt_handlers();
bool interrupted();
int interrupt_signal();        // the signal received, or 0
std::string interrupt_note();  // " (interrupted by SIGINT)", or "" when not interrupted

// Thrown at an interrupt by code that cannot stop with a whole result; what() says what was
// done ("perft depth 9: no count, the walk was not complete").
class Interrupted : public std::runtime_error {
 public:
  explicit Interrupted(const std::string& done) : std::runtime_error(done) {}
};

// Throws Interrupted(done()) when a signal has arrived; `done` is called only then.
template <class Done>
void throw_if_interrupted(const Done& done) {
  if (interrupted()) throw Interrupted(done());
}
inline void throw_if_interrupted(const char* done) {
  if (interrupted()) throw Interrupted(done);
}

// The threads on which an Interrupted exception is caught: the program's main thread (run_cli)
// and a Campaign's workers (campaign.cpp: the unit is not played). Code that may also run on a
// thread of its own, whose escaping exception would end the process (std::terminate), throws
// Interrupted only where on_interruptible_thread() says so: the watch of one move's long
// decision (core/lap_watch.h, cli/app.cpp) is such code. Marked for the lifetime of the object.
class InterruptibleThread {
 public:
  InterruptibleThread();
  ~InterruptibleThread();
  InterruptibleThread(const InterruptibleThread&) = delete;
  InterruptibleThread& operator=(const InterruptibleThread&) = delete;

 private:
  bool was_;
};
bool on_interruptible_thread();

}  // namespace hoyito
