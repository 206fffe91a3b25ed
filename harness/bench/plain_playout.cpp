#include "harness/bench/plain_playout.h"

#include <array>

namespace hoyito {

namespace {

constexpr int kMaxHoles = 24;
constexpr int kPlyLimit = 5000;      // END-3, G7 default ply_limit
constexpr long kRememberAfter = 64;  // laps before a sowing starts looking for a repeated lap-end state

using Board = std::array<int, kMaxHoles>;

enum class Sown { ended, captured, endless };

struct Sowing {
  Board board;
  int captured = 0;
  Sown how = Sown::ended;
};

// CAP-II-1, CAP-II-2: the landing hole's four, then every four in an unbroken run backward.
int capture_from(Board& b, int hole, int holes) {
  int taken = 0;
  for (int h = hole; b[h] == 4; h = (h + holes - 1) % holes) {
    b[h] = 0;
    taken += 4;
  }
  return taken;
}

// SOW-1, SOW-2, SOW-4, SOW-5 relayed lap after lap; SOW-6: a lap-end state (board, landing hole)
// that comes back is an endless sowing, found by Brent's method (one state kept, compared at
// every lap end, replaced at each power of two) once a sowing passes kRememberAfter laps: every
// sowing that ends sooner pays nothing for it.
Sowing sow(const Board& start, int hole, int holes) {
  Sowing s{start, 0, Sown::ended};
  Board kept{};
  int kept_hole = -1;
  long power = kRememberAfter;
  int hand = s.board[hole];
  s.board[hole] = 0;
  for (long lap = 1;; ++lap) {
    for (; hand > 0; --hand) {
      if (++hole == holes) hole = 0;
      s.board[hole] += 1;
    }
    if (s.board[hole] == 1) return s;  // SOW-4
    if (s.board[hole] == 4) {          // CAP-II-1
      s.captured = capture_from(s.board, hole, holes);
      s.how = Sown::captured;
      return s;
    }
    if (hole == kept_hole && s.board == kept) {
      s.how = Sown::endless;
      return s;
    }
    if (lap == power) {
      kept = s.board;
      kept_hole = hole;
      power *= 2;
    }
    hand = s.board[hole];  // SOW-5: the landing hole's seeds, the last one included
    s.board[hole] = 0;
  }
}

class Plain {
 public:
  explicit Plain(int n) : n_(n), holes_(2 * n) {
    board_.fill(0);
    for (int h = 0; h < holes_; ++h) board_[h] = 4;  // BRD-3
  }

  PlainGame play(SplitMix64& rng) {
    while (!game_.finished && game_.plies < kPlyLimit) ply(rng);
    return game_;
  }

 private:
  // The sampler's draw: k = below(candidates) picks the k-th lowest of the mover's non-empty
  // holes; an endless one leaves the candidates; none left: the pass (PASS-1/2, PASS-3).
  void ply(SplitMix64& rng) {
    int candidates[12];
    int count = 0;
    for (int h = mover_ * n_; h < (mover_ + 1) * n_; ++h)
      if (board_[h] > 0) candidates[count++] = h;
    while (count > 0) {
      const int k = static_cast<int>(rng.below(static_cast<std::uint64_t>(count)));
      const Sowing s = sow(board_, candidates[k], holes_);
      if (s.how != Sown::endless) return move(candidates[k], s);
      for (int i = k; i + 1 < count; ++i) candidates[i] = candidates[i + 1];
      --count;
    }
    record(1);
    mover_ = 1 - mover_;
  }

  // CAP-II-3: a capture earns another ply, unless it ended the game (END-1, END-II-1: the mover
  // takes the four or fewer left).
  void move(int hole, const Sowing& s) {
    record(static_cast<std::uint64_t>(hole + 2));
    board_ = s.board;
    if (s.how != Sown::captured) {
      mover_ = 1 - mover_;
      return;
    }
    game_.captured[mover_] += s.captured;
    int left = 0;
    for (int h = 0; h < holes_; ++h) left += board_[h];
    if (left > 4) return;
    game_.captured[mover_] += left;
    game_.finished = true;
  }

  void record(std::uint64_t ply) {
    game_.ply_hash = (game_.ply_hash ^ ply) * 0x100000001b3ULL;
    game_.plies += 1;
  }

  const int n_, holes_;
  Board board_;
  int mover_ = 0;  // South first
  PlainGame game_{0, 0xcbf29ce484222325ULL, {0, 0}, false};
};

}  // namespace

PlainGame plain_random_game(int holes_per_row, SplitMix64& rng) { return Plain(holes_per_row).play(rng); }

}  // namespace hoyito
