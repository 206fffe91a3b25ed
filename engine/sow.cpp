#include "engine/sow.h"

#include "engine/events.h"
#include "engine/mutants.h"

namespace hoyito::engine {

namespace {

// ---------------------------------------------------------------------------------------------
// The board in registers while a move is sown.
//
// The packed board (engine/board.h) as three local words, never indexed at run time, so that the
// compiler keeps them in registers: every lap is a few word-wise additions of masks from the
// tables of BoardShape, with no store and reload on the chain from one lap to the next.
// kHoles = 2N; on 2x6 the third word stays 0 and is left alone.
template <int kHoles>
struct Reg {
  std::uint64_t w0 = 0, w1 = 0, w2 = 0;

  static Reg load(const Board& b) { return Reg{b.w[0], b.w[1], b.w[2]}; }
  void store(Board& b) const { b.w = {w0, w1, kHoles > 16 ? w2 : 0}; }

  // Seeds in hole h, without a branch on the word.
  int at(int h) const {
    const auto word = static_cast<unsigned>(h) >> 3;
    const std::uint64_t in0 = std::uint64_t{0} - static_cast<std::uint64_t>(word == 0);
    const std::uint64_t in1 = std::uint64_t{0} - static_cast<std::uint64_t>(word == 1);
    std::uint64_t x = (w0 & in0) | (w1 & in1);
    if constexpr (kHoles > 16) x |= w2 & ~(in0 | in1);
    return static_cast<int>(x >> ((h & 7) * 8) & 0xff);
  }

  // Adds `times` (may be negative) seeds to every hole of the 0/1 mask `m`. The words are
  // sums of bytes modulo 2^64: whatever the order of the additions, the result is exact as long
  // as every hole ends between 0 and 255, which it does (at most 240 seeds).
  void add(const Board& m, std::int64_t times) {
    const auto t = static_cast<std::uint64_t>(times);
    w0 += m.w[0] * t;
    w1 += m.w[1] * t;
    if constexpr (kHoles > 16) w2 += m.w[2] * t;
  }
  void add(const Board& m) {
    w0 += m.w[0];
    w1 += m.w[1];
    if constexpr (kHoles > 16) w2 += m.w[2];
  }

  // True when some hole of the mask `m` holds exactly `seeds` (see any_equal in board.h).
  bool any_equal(const Board& m, int seeds) const {
    Board b;
    store(b);
    return engine::any_equal(b, m, seeds);
  }
};

template <int kHoles>
inline int next_hole(int h) {
  return h + 1 == kHoles ? 0 : h + 1;
}
template <int kHoles>
inline int prev_hole(int h) {
  return h == 0 ? kHoles - 1 : h - 1;
}
template <int kHoles>
inline int wrap(int h) {
  return h >= kHoles ? h - kHoles : h;
}

// The rule a lap event cites: SOW-3 when the origin hole was skipped (SOW-3, G1).
inline RuleId lap_rule(const Config& c, int seeds) {
  return c.skip_origin && seeds >= c.holes ? RuleId::SOW_3 : RuleId::SOW_2;
}

// One lap: lifts the k seeds of hole p (which holds k) and sows them arithmetically (SOW-2,
// SOW-3). Returns the hole the last seed fell into.
template <int kHoles>
inline int sow_lap(const Config& c, Reg<kHoles>& r, int p, int k) {
  const BoardShape& shape = *c.shape;
  const auto first = static_cast<unsigned>(next_hole<kHoles>(p));
  if (c.skip_origin && k >= kHoles) {  // the 2N-1 other holes, in turn: p+1 .. p+2N-1
    constexpr int others = kHoles - 1;
    const int full = k / others;
    const int rem = k - full * others;
    r.add(shape.all, full);
    r.add(shape.run[first][static_cast<unsigned>(rem)]);
    r.add(shape.unit[static_cast<unsigned>(p)], -(k + full));  // lifted, and skipped
    return wrap<kHoles>(p + (rem == 0 ? others : rem));
  }
  // k / 2N to every hole and one more to the next k % 2N, without a branch on the size of the
  // lap (laps of 2N seeds or more are common with many seeds; a mispredicted branch costs more
  // than the arithmetic).
  const int full = k / kHoles;
  const int rem = k - full * kHoles;
  r.add(shape.all, full);
  r.add(shape.run[first][static_cast<unsigned>(rem)]);
  r.add(shape.unit[static_cast<unsigned>(p)], -k);  // lifted
  return wrap<kHoles>(p + rem);
}

// A capture left `left` seeds in play (board and hand; left <= 4): award them (END-I-1, END-II-1,
// END-III-2..4), clear the board and end the game (END-1).
template <bool kRecord>
void end_by_capture(const Config& c, Board& b, std::array<int, 2>& cap, int mover, int left,
                    std::vector<Event>* events) {
  if (left > 0) {
    switch (c.award) {
      case Award::capturer:
      case Award::south:
      case Award::north: {
        const int to = c.award == Award::capturer ? mover : c.award == Award::south ? kSouth : kNorth;
        cap[static_cast<std::size_t>(to)] += left;
        if constexpr (kRecord) events->push_back(ev::last_four_award(c.award_rule, to, left));
        break;
      }
      case Award::split: {
        // Two and two (G8), South first. Odd counts cannot arise in Hoyito III (the total is a
        // multiple of four), but South would take the larger half.
        const int north = left / 2;
        const int south = left - north;
        cap[kSouth] += south;
        cap[kNorth] += north;
        if constexpr (kRecord) {
          events->push_back(ev::last_four_award(c.award_rule, kSouth, south));
          events->push_back(ev::last_four_award(c.award_rule, kNorth, north));
        }
        break;
      }
    }
  }
  b = Board{};
  if constexpr (kRecord) events->push_back(ev::game_end(RuleId::END_1, Status::finished, winner_by_captures(cap)));
}

// Brent's cycle detection on lap-end states, up to rotation.
//
// The sowing of one move does not depend on where on the ring it happens (no rule looks at the
// sides until the move is over; the skipped origin, the casa, en passant captures and END-1's
// count are all relative or global), so the lap-end state (board, landing hole h) behaves like
// the state rotated by -h (landing hole 0). A rotated state that comes back means the state comes
// back rotated, and the sowing repeats itself rotated for ever: endless (SOW-6). Conversely an
// endless sowing repeats a state, so a rotated one. Comparing rotated states finds the cycle up
// to 2N times sooner (a cycle on the ring often is 2N/d rotated copies of one stretch).
template <int kHoles>
struct CycleDetector {
  Board saved;            // rotated so that its landing hole is hole 0
  int saved_count = -1;   // saved[0], the seeds in its landing hole (-1: nothing saved yet)
  std::uint32_t power = 1;
  std::uint32_t steps = 0;

  // Does the state (r, landing) equal the saved one up to rotation? `count` is r.at(landing),
  // which usually decides it.
  bool same_as_saved(const Reg<kHoles>& r, int landing, int count) const {
    if (count != saved_count) return false;
    int h = landing;
    for (int i = 1; i < kHoles; ++i) {
      h = next_hole<kHoles>(h);
      if (r.at(h) != saved[i]) return false;
    }
    return true;
  }

  // True when the state (r, landing) repeats one seen before up to rotation: the relay sowing
  // is endless. `count` is r.at(landing).
  bool seen(const Reg<kHoles>& r, int landing, int count) {
    if (same_as_saved(r, landing, count)) return true;
    if (++steps == power) {
      saved = Board{};
      for (int i = 0, h = landing; i < kHoles; ++i, h = next_hole<kHoles>(h)) saved.set(i, r.at(h));
      saved_count = count;
      power <<= 1;
      steps = 0;
    }
    return false;
  }
};

// Hoyito II and III: arithmetic laps, capture only by the last seed of a lap.
template <bool kRecord, int kHoles>
MoveEnd sow_relay(const Config& c, Board& b, std::array<int, 2>& cap, int mover, int hole,
                  std::vector<Event>* events) {
  Reg<kHoles> r = Reg<kHoles>::load(b);
  int from = hole;
  int k = r.at(from);
  if constexpr (kRecord) events->push_back(ev::lift(hole, k));
  CycleDetector<kHoles> cycle;
  for (;;) {
    const int to = sow_lap<kHoles>(c, r, from, k);
    if constexpr (kRecord) events->push_back(ev::lap(lap_rule(c, k), from, to, k));
    const int now = r.at(to);
    if (now == 1) {  // SOW-4
      r.store(b);
      if constexpr (kRecord) events->push_back(ev::sow_end(to));
      return MoveEnd::quiet;
    }
    if (now == 4) {  // CAP-II-1 / CAP-III-1 (G3: the sowing ends)
      r.store(b);
      b.clear(to);
      cap[static_cast<std::size_t>(mover)] += 4;
      if constexpr (kRecord) events->push_back(ev::capture(c.capture_rule, to, 4, mover));
      if (c.chain) {  // CAP-II-2: backward, both rows, up to the first hole not holding four
        for (int h = prev_hole<kHoles>(to); b[h] == 4; h = prev_hole<kHoles>(h)) {
#if HOYITO_MUTANT == 1
          if (b[prev_hole<kHoles>(h)] != 4) break;  // mutant 1: the chain stops one hole early
#endif
          b.clear(h);
          cap[static_cast<std::size_t>(mover)] += 4;
          if constexpr (kRecord) events->push_back(ev::chain_capture(h, 4, mover));
        }
      }
      const int left = c.total - cap[kSouth] - cap[kNorth];
      if (left <= 4) {  // END-1
        end_by_capture<kRecord>(c, b, cap, mover, left, events);
        return MoveEnd::game_over;
      }
      return MoveEnd::captured;
    }
    if (cycle.seen(r, to, now)) return MoveEnd::endless;  // SOW-6 (b is left as it was)
    if constexpr (kRecord) events->push_back(ev::relay(to, now));  // SOW-5
    from = to;
    k = now;
  }
}

// Hoyito I: en passant captures (CAP-I-1), capture by the last seed ends the move (CAP-I-2),
// END-1 counted on the board and in hand. A lap of fewer than 2N seeds none of whose passing
// seeds meets a hole of three is sown arithmetically; any other lap seed by seed.
template <bool kRecord, int kHoles>
MoveEnd sow_en_passant(const Config& c, Board& b, std::array<int, 2>& cap, int mover, int hole,
                       std::vector<Event>* events) {
  const BoardShape& shape = *c.shape;
  Reg<kHoles> r = Reg<kHoles>::load(b);
  int in_play = c.total - cap[kSouth] - cap[kNorth];  // board + hand
  bool any_capture = false;
  int from = hole;
  int k = r.at(from);
  if constexpr (kRecord) events->push_back(ev::lift(hole, k));
  CycleDetector<kHoles> cycle;
  for (;;) {
    const auto first = static_cast<unsigned>(next_hole<kHoles>(from));
    int to;
    if (k < kHoles && !r.any_equal(shape.run[first][static_cast<unsigned>(k - 1)], 3)) {
      // One seed each to from+1 .. from+k, and none but the last can make a casa.
      to = sow_lap<kHoles>(c, r, from, k);
    } else {
      r.add(shape.unit[static_cast<unsigned>(from)], -k);  // lifted
      int pos = from;
      int hand = k;
      while (hand > 0) {
        pos = next_hole<kHoles>(pos);
        if (c.skip_origin && pos == from) pos = next_hole<kHoles>(pos);  // SOW-3 (only when k >= 2N)
        r.add(shape.unit[static_cast<unsigned>(pos)]);
        --hand;
        if (hand > 0 && r.at(pos) == 4) {  // CAP-I-1: a seed that is not the last makes a casa
          r.add(shape.unit[static_cast<unsigned>(pos)], -4);
          cap[static_cast<std::size_t>(mover)] += 4;
          in_play -= 4;
          any_capture = true;
          if constexpr (kRecord) events->push_back(ev::capture(RuleId::CAP_I_1, pos, 4, mover));
          if (in_play <= 4) {  // END-1: the move stops at once; the lap so far, then the award
            if constexpr (kRecord) events->push_back(ev::lap(lap_rule(c, k), from, pos, k - hand));
            end_by_capture<kRecord>(c, b, cap, mover, in_play, events);
            return MoveEnd::game_over;
          }
        }
      }
      to = pos;
    }
    if constexpr (kRecord) events->push_back(ev::lap(lap_rule(c, k), from, to, k));
    const int now = r.at(to);
    if (now == 1) {  // SOW-4
      r.store(b);
      if constexpr (kRecord) events->push_back(ev::sow_end(to));
      return any_capture ? MoveEnd::captured : MoveEnd::quiet;
    }
    if (now == 4) {  // CAP-I-2: the move ends
      r.store(b);
      b.clear(to);
      cap[static_cast<std::size_t>(mover)] += 4;
      in_play -= 4;
      if constexpr (kRecord) events->push_back(ev::capture(RuleId::CAP_I_2, to, 4, mover));
      if (in_play <= 4) {
        end_by_capture<kRecord>(c, b, cap, mover, in_play, events);
        return MoveEnd::game_over;
      }
      return MoveEnd::captured;
    }
    if (cycle.seen(r, to, now)) return MoveEnd::endless;  // SOW-6 (a cycle holds no capture)
    if constexpr (kRecord) events->push_back(ev::relay(to, now));  // SOW-5
    from = to;
    k = now;
  }
}

}  // namespace

template <bool kRecord>
MoveEnd sow_move(const Config& config, Board& board, std::array<int, 2>& captured, int mover, int hole,
                 std::vector<Event>* events) {
  if (config.variant == Variant::hoyito1) {
    if (config.holes == 24) return sow_en_passant<kRecord, 24>(config, board, captured, mover, hole, events);
    return sow_en_passant<kRecord, 12>(config, board, captured, mover, hole, events);
  }
  if (config.holes == 24) return sow_relay<kRecord, 24>(config, board, captured, mover, hole, events);
  return sow_relay<kRecord, 12>(config, board, captured, mover, hole, events);
}

template MoveEnd sow_move<true>(const Config&, Board&, std::array<int, 2>&, int, int, std::vector<Event>*);
template MoveEnd sow_move<false>(const Config&, Board&, std::array<int, 2>&, int, int, std::vector<Event>*);

}  // namespace hoyito::engine
