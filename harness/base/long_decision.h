// The progress line of one move's long decision (core/lap_watch.h), as `hoyito` prints it on
// standard error (cli/app.cpp). A decision may walk the move's sowing more than once: to its end
// or a repeat, then to its first exact repeat (SOW-6, Q-LIMIT), and again to word a refusal. Each
// walk counts its laps from 1, so a plain count went down from one line to the next (the 2x12
// move of issue 24: 33,554,432 then 29,360,128); the line names the walk it is on instead.
#pragma once

#include <cstdint>
#include <string>

namespace hoyito {

class DecisionWalks {
 public:
  // A new decision: the next call of the watch is on its first walk.
  void restart() { walk_ = 0, laps_ = 0; }
  // A call of the watch with the laps of the walk it comes from. The watch is called at laps
  // that grow within a walk, so a count not above the last one is the next walk. (A walk too
  // short to reach a call of the watch is not counted: it made no line either.)
  void see(std::uint64_t laps) {
    if (walk_ == 0 || laps <= laps_) ++walk_;
    laps_ = laps;
  }
  int walk() const { return walk_; }
  std::uint64_t laps() const { return laps_; }

 private:
  int walk_ = 0;
  std::uint64_t laps_ = 0;
};

// "hoyito: deciding one move (Q-LIMIT): walk 2 of its sowing, lap 29360128 of it (lap_limit
// 2000000000), 14 s (Ctrl-C stops it)", without the newline.
std::string decision_line(const DecisionWalks& walks, std::uint64_t limit, double seconds);

}  // namespace hoyito
