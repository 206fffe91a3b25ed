#include "harness/base/reporter.h"

#include <unistd.h>

#include <iostream>

#include <fmt/format.h>

namespace hoyito {

namespace {
constexpr int kBarWidth = 40;             // characters of the progress bar
constexpr double kPlainLineSeconds = 10;  // between plain progress lines
constexpr std::size_t kClearWidth = 80;   // blanks that wipe a drawn bar
}  // namespace

Reporter::Reporter(std::ostream& out, bool terminal, std::ostream* plain_progress)
    : out_(out),
      plain_progress_(plain_progress ? *plain_progress : out),
      terminal_(terminal),
      last_plain_line_(std::chrono::steady_clock::now()) {}

Reporter Reporter::to_stdout() { return Reporter(std::cout, isatty(STDOUT_FILENO) != 0, &std::cerr); }

void Reporter::clear_bar() {
  if (!bar_shown_) return;
  out_ << "\r" << std::string(kClearWidth, ' ') << "\r";
  bar_shown_ = false;
}

void Reporter::line(std::string_view text) {
  std::lock_guard<std::mutex> lock(mutex_);
  clear_bar();
  out_ << text << "\n" << std::flush;
}

void Reporter::progress(std::uint64_t done, std::uint64_t total, std::string_view unit, double seconds) {
  std::lock_guard<std::mutex> lock(mutex_);
  const double fraction = total == 0 ? 1.0 : static_cast<double>(done) / static_cast<double>(total);
  if (terminal_) {
    const int filled = static_cast<int>(fraction * kBarWidth);
    out_ << fmt::format("\r  [{}{}] {:>3.0f}%  {} / {} {}  {:.0f} s", std::string(static_cast<size_t>(filled), '#'),
                        std::string(static_cast<size_t>(kBarWidth - filled), '.'), 100 * fraction, done, total, unit,
                        seconds)
         << std::flush;
    bar_shown_ = true;
    return;
  }
  const auto now = std::chrono::steady_clock::now();
  if (std::chrono::duration<double>(now - last_plain_line_).count() < kPlainLineSeconds) return;
  last_plain_line_ = now;
  plain_progress_ << fmt::format("  progress: {} / {} {}, {:.0f} s\n", done, total, unit, seconds) << std::flush;
}

void Reporter::end_progress() {
  std::lock_guard<std::mutex> lock(mutex_);
  clear_bar();
  out_ << std::flush;
}

std::string Table::header() const {
  std::vector<std::string> titles;
  for (const Column& c : columns_) titles.push_back(c.title);
  return row(titles);
}

std::string Table::row(const std::vector<std::string>& cells) const {
  std::string out;
  for (std::size_t i = 0; i < columns_.size() && i < cells.size(); ++i) {
    if (i > 0) out += ' ';
    out += i == 0 ? fmt::format("{:<{}}", cells[i], columns_[i].width)
                  : fmt::format("{:>{}}", cells[i], columns_[i].width);
  }
  return out;
}

}  // namespace hoyito
