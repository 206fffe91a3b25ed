// What a verification run tells its user while it runs: one line at a time from any thread,
// progress (a bar redrawn in place on a terminal, a plain line every 10 s otherwise, as in a CI
// log), and tables of fixed-width columns. Checks and campaigns write through a Reporter, never
// to std::cout, so that another form of output (JSON, for machines) can take its place.
#pragma once

#include <chrono>
#include <cstdint>
#include <mutex>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace hoyito {

class Reporter {
 public:
  // `terminal`: draw the progress bar in place (else plain progress lines). `plain_progress`:
  // where plain progress lines go (default: `out`).
  Reporter(std::ostream& out, bool terminal, std::ostream* plain_progress = nullptr);
  // A terminal when standard output is one; plain progress lines go to stderr, so that the
  // standard output of a run in a pipe or a CI log holds its report only.
  static Reporter to_stdout();
  virtual ~Reporter() = default;

  // One line of text (no newline at its end), written whole and flushed; safe from any thread.
  // A progress bar on the screen is cleared first.
  virtual void line(std::string_view text);
  // `done` of `total` units ("games", "boards") after `seconds`: redraws the bar, or writes a
  // plain line when 10 s have passed since the last one.
  virtual void progress(std::uint64_t done, std::uint64_t total, std::string_view unit, double seconds);
  // Clears the bar, if one is drawn.
  virtual void end_progress();

 private:
  void clear_bar();  // with the lock held

  std::ostream& out_;
  std::ostream& plain_progress_;
  bool terminal_;
  bool bar_shown_ = false;
  std::chrono::steady_clock::time_point last_plain_line_;
  std::mutex mutex_;
};

// Seconds since it was made: the time each check and campaign reports.
class Stopwatch {
 public:
  double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// Columns of fixed width: the first left-aligned (a name), the others right-aligned (numbers).
class Table {
 public:
  struct Column {
    std::string title;
    int width;
  };
  explicit Table(std::vector<Column> columns) : columns_(std::move(columns)) {}
  std::string header() const;
  std::string row(const std::vector<std::string>& cells) const;  // one cell per column

 private:
  std::vector<Column> columns_;
};

}  // namespace hoyito
