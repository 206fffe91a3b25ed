#include "engine/sow.h"

#include "engine/events.h"
#include "engine/mutants.h"

namespace hoyito::engine {

namespace {

inline int next_hole(int h, int holes) { return h + 1 == holes ? 0 : h + 1; }
inline int prev_hole(int h, int holes) { return h == 0 ? holes - 1 : h - 1; }
inline int wrap(int h, int holes) { return h >= holes ? h - holes : h; }

// The rule a lap event cites: SOW-3 when the origin hole was skipped (SOW-3, G1).
inline RuleId lap_rule(const Config& c, int seeds) {
  return c.skip_origin && seeds >= c.holes ? RuleId::SOW_3 : RuleId::SOW_2;
}

// One lap of `k` seeds lifted from `p` (which holds 0), computed arithmetically (SOW-2, SOW-3).
// Returns the hole the last seed fell into. kHoles = 2N (a constant, for cheap division).
template <int kHoles>
inline int sow_lap(const Config& c, Board& b, int p, int k) {
  constexpr int holes = kHoles;
  const BoardShape& shape = *c.shape;
  const auto first = static_cast<unsigned>(next_hole(p, holes));
  if (k < holes) {  // one seed each to p+1 .. p+k: the usual lap
    b.add(shape.run[first][static_cast<unsigned>(k)]);
    return wrap(p + k, holes);
  }
  if (c.skip_origin) {  // the 2N-1 other holes, in turn: p+1 .. p+2N-1
    const int others = holes - 1;
    const int full = k / others;
    const int rem = k % others;
    b.add_times(shape.all, full);
    b.clear(p);  // skipped: it was emptied by the lift
    b.add(shape.run[first][static_cast<unsigned>(rem)]);
    return wrap(p + (rem == 0 ? others : rem), holes);
  }
  const int full = k / holes;
  const int rem = k % holes;
  b.add_times(shape.all, full);
  b.add(shape.run[first][static_cast<unsigned>(rem)]);
  return wrap(p + rem, holes);
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
        // Two and two (G8); South first. Odd counts cannot arise in Hoyito III (the total is a
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
// to 2N times sooner (a cycle of the ring often is 2N/d copies of one rotated stretch).
template <int kHoles>
struct CycleDetector {
  Board saved;  // rotated so that its landing hole is hole 0
  int saved_count = -1;  // saved[0], the seeds in its landing hole (-1: nothing saved yet)
  std::uint32_t power = 1;
  std::uint32_t steps = 0;

  // Does the state (b, landing) equal the saved one up to rotation? `count` is b[landing], which
  // usually decides it.
  bool same_as_saved(const Board& b, int landing, int count) const {
    if (count != saved_count) return false;
    int h = landing;
    for (int i = 1; i < kHoles; ++i) {
      h = h + 1 == kHoles ? 0 : h + 1;
      if (b[h] != saved[i]) return false;
    }
    return true;
  }

  // True when the state (b, landing) repeats one seen before up to rotation: the relay sowing
  // is endless. `count` is b[landing].
  bool seen(const Board& b, int landing, int count) {
    if (same_as_saved(b, landing, count)) return true;
    if (++steps == power) {
      saved = Board{};
      for (int i = 0, h = landing; i < kHoles; ++i, h = h + 1 == kHoles ? 0 : h + 1) saved.set(i, b[h]);
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
  constexpr int holes = kHoles;
  int from = hole;
  int k = b[from];
  b.clear(from);
  if constexpr (kRecord) events->push_back(ev::lift(hole, k));
  CycleDetector<kHoles> cycle;
  for (;;) {
    const int to = sow_lap<kHoles>(c, b, from, k);
    if constexpr (kRecord) events->push_back(ev::lap(lap_rule(c, k), from, to, k));
    const int now = b[to];
    if (now == 1) {  // SOW-4
      if constexpr (kRecord) events->push_back(ev::sow_end(to));
      return MoveEnd::quiet;
    }
    if (now == 4) {  // CAP-II-1 / CAP-III-1 (G3: the sowing ends)
      b.clear(to);
      cap[static_cast<std::size_t>(mover)] += 4;
      if constexpr (kRecord) events->push_back(ev::capture(c.capture_rule, to, 4, mover));
      if (c.chain) {  // CAP-II-2: backward, both rows, up to the first hole not holding four
        for (int h = prev_hole(to, holes); b[h] == 4; h = prev_hole(h, holes)) {
#if HOYITO_MUTANT == 1
          if (b[prev_hole(h, holes)] != 4) break;  // mutant 1: the chain stops one hole early
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
    if (cycle.seen(b, to, now)) return MoveEnd::endless;  // SOW-6
    if constexpr (kRecord) events->push_back(ev::relay(to, now));  // SOW-5
    from = to;
    k = now;
    b.clear(to);
  }
}

// Hoyito I: seed by seed, en passant captures (CAP-I-1), capture by the last seed ends the move
// (CAP-I-2), END-1 counted on the board and in hand.
template <bool kRecord, int kHoles>
MoveEnd sow_en_passant(const Config& c, Board& b, std::array<int, 2>& cap, int mover, int hole,
                       std::vector<Event>* events) {
  constexpr int holes = kHoles;
  const BoardShape& shape = *c.shape;
  int in_play = c.total - cap[kSouth] - cap[kNorth];  // board + hand
  bool any_capture = false;
  int from = hole;
  int k = b[from];
  b.clear(from);
  if constexpr (kRecord) events->push_back(ev::lift(hole, k));
  CycleDetector<kHoles> cycle;
  for (;;) {
    const auto first = static_cast<unsigned>(next_hole(from, holes));
    int pos;
    if (k < holes && !any_equal(b, shape.run[first][static_cast<unsigned>(k - 1)], 3)) {
      // One seed each to from+1 .. from+k, and none but the last can make a casa.
      b.add(shape.run[first][static_cast<unsigned>(k)]);
      pos = wrap(from + k, holes);
    } else {
      pos = from;
      int hand = k;
      while (hand > 0) {
        pos = next_hole(pos, holes);
        if (c.skip_origin && pos == from) pos = next_hole(pos, holes);  // SOW-3 (only when k >= 2N)
        b.add(pos, 1);
        --hand;
        if (hand > 0 && b[pos] == 4) {  // CAP-I-1: a seed that is not the last makes a casa
          b.clear(pos);
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
    }
    const int to = pos;
    if constexpr (kRecord) events->push_back(ev::lap(lap_rule(c, k), from, to, k));
    const int now = b[to];
    if (now == 1) {  // SOW-4
      if constexpr (kRecord) events->push_back(ev::sow_end(to));
      return any_capture ? MoveEnd::captured : MoveEnd::quiet;
    }
    if (now == 4) {  // CAP-I-2: the move ends
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
    if (cycle.seen(b, to, now)) return MoveEnd::endless;  // SOW-6 (a cycle holds no capture)
    if constexpr (kRecord) events->push_back(ev::relay(to, now));  // SOW-5
    from = to;
    k = now;
    b.clear(to);
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
