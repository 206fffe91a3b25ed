#include "engine/sow.h"

#include <algorithm>
#include <cassert>
#include <numeric>
#include <type_traits>

#include "core/lap_watch.h"
#include "engine/events.h"

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
struct BoardInRegisters {
  std::uint64_t w0 = 0, w1 = 0, w2 = 0;

  static BoardInRegisters load(const Board& b) { return BoardInRegisters{b.w[0], b.w[1], b.w[2]}; }
  void store(Board& b) const { b.w = {w0, w1, kHoles > 16 ? w2 : 0}; }

  // Seeds in hole h, without a branch on the word (conditional moves: fewer instructions than
  // masking every word).
  int at(int h) const {
    std::uint64_t x = h < 8 ? w0 : w1;
    if constexpr (kHoles > 16) x = h < 16 ? x : w2;
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

  // True when some hole whose top bit is set in `tops` holds exactly `seeds` (equal_bytes in
  // board.h), word by word in registers (through a stored Board, over a mask of 0/1 bytes, it
  // was a third of a Hoyito I move, callgrind).
  bool any_equal(const Board& tops, int seeds) const {
    std::uint64_t found = equal_bytes(w0, tops.w[0], seeds) | equal_bytes(w1, tops.w[1], seeds);
    if constexpr (kHoles > 16) found |= equal_bytes(w2, tops.w[2], seeds);
    return found != 0;
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

// Where a lap ended: the hole its last seed fell into, and the seeds that hole now holds.
struct LapEnd {
  int landing;
  int seeds;
};

// One lap: lifts the `seeds` seeds of hole `origin` (which holds that many) and sows them
// arithmetically (SOW-2, SOW-3). The landing count is worked out from the board before the lap,
// which keeps the board's update off the chain of dependencies from one lap to the next.
template <int kHoles>
inline LapEnd sow_lap(const Config& c, BoardInRegisters<kHoles>& r, int origin, int seeds) {
  const BoardShape& shape = *c.shape;
  if (seeds < kHoles) {
    // Fewer than 2N seeds (nearly every lap): one each to the next `seeds` holes, none to the
    // origin, no skip; one table entry (board.h), the lifted seeds already taken from the origin.
    // (The test on the size was taken anyway, for the skip below; with it this lap needs no
    // division and no round.)
    const int landing = wrap<kHoles>(origin + seeds);
    const int landing_seeds = r.at(landing) + 1;
    r.add(shape.lap_from[static_cast<unsigned>(origin)][static_cast<unsigned>(seeds)]);
    return {landing, landing_seeds};
  }
  if (c.skip_origin) {  // the 2N-1 other holes, in turn: origin+1 .. origin+2N-1
    const auto first = static_cast<unsigned>(next_hole<kHoles>(origin));
    constexpr unsigned others = kHoles - 1;
    const int full = static_cast<int>(static_cast<unsigned>(seeds) / others);
    const int rem = seeds - full * static_cast<int>(others);
    const int landing = wrap<kHoles>(origin + (rem == 0 ? static_cast<int>(others) : rem));
    const int landing_seeds = r.at(landing) + full + (rem != 0);
    r.add(shape.all, full);
    r.add(shape.run[first][static_cast<unsigned>(rem)]);
    r.add(shape.unit[static_cast<unsigned>(origin)], -(seeds + full));  // lifted, and skipped
    return {landing, landing_seeds};
  }
  // 2N seeds or more: seeds / 2N to every hole and one more to the next seeds % 2N, without a
  // branch on the remainder. With seeds % 2N = 0 the last seed falls into the emptied origin.
  // Two table entries (board.h): `full` rounds of the ring and the rest of the lap, each with
  // its lifted seeds already taken from the origin.
  const int full = static_cast<int>(static_cast<unsigned>(seeds) / kHoles);
  const int rem = seeds - full * kHoles;
  const int landing = wrap<kHoles>(origin + rem);
  const int landing_seeds = (rem != 0 ? r.at(landing) + 1 : 0) + full;
  r.add(shape.round_from[static_cast<unsigned>(origin)], full);
  r.add(shape.lap_from[static_cast<unsigned>(origin)][static_cast<unsigned>(rem)]);
  return {landing, landing_seeds};
}

// A move that captured left `left` seeds on the board (left <= 4): award them (END-I-1,
// END-II-1, END-III-2..4), clear the board and end the game (END-1).
template <bool kRecord>
void end_by_capture(const Config& c, Board& b, std::array<int, 2>& cap, Player mover, int left,
                    std::vector<Event>* events) {
  if (left > 0) {
    switch (c.award) {
      case Award::capturer:
      case Award::south:
      case Award::north: {
        const Player to = c.award == Award::capturer ? mover : c.award == Award::south ? Player::south : Player::north;
        cap[index(to)] += left;
        if constexpr (kRecord) events->push_back(ev::last_four_award(c.award_rule, to, left));
        break;
      }
      case Award::split: {
        // Two and two (END-III-4, G8), South's share listed first, then North's. Another count
        // (a made-up start only): half each, the odd seed to the capturer; a share may be 0.
        const int south = left / 2 + (mover == Player::south ? left % 2 : 0);
        const int north = left - south;
        cap[index(Player::south)] += south;
        cap[index(Player::north)] += north;
        if constexpr (kRecord) {
          events->push_back(ev::last_four_award(c.award_rule, Player::south, south));
          events->push_back(ev::last_four_award(c.award_rule, Player::north, north));
        }
        break;
      }
    }
  }
  b = Board{};
  if constexpr (kRecord) events->push_back(ev::game_end(RuleId::END_1, Status::finished, winner_by_captures(cap)));
}

// A move that captured is over (Hoyito I: the whole move, G13; II and III: the capture, chain
// included): four or fewer seeds left on the board end the game (END-1). The hand is empty, so
// the seeds on the board are those not captured.
template <bool kRecord>
MoveEnd end_of_capturing_move(const Config& c, Board& b, std::array<int, 2>& cap, Player mover,
                              std::vector<Event>* events) {
  const int left = c.total - cap[index(Player::south)] - cap[index(Player::north)];
  if (left > 4) return MoveEnd::captured;
  end_by_capture<kRecord>(c, b, cap, mover, left, events);
  return MoveEnd::game_over;
}

// G2: may the mover take a casa in `hole`? Always with capture_sides = both; with `opponent`
// only on the opponent's row (CAP-II-1, CAP-II-2, CAP-III-1, CAP-I-1, CAP-I-2): a four on the
// mover's own row is any occupied hole (SOW-5: relay; CAP-I-1: sowing goes on).
inline bool takes_casa(const Config& c, Player mover, int hole) {
  return !c.opponent_row_only || hole_owner(hole, c.n) != mover;
}

// Cycle detection on lap-end states, up to rotation.
//
// The sowing of one move does not depend on where on the ring it happens (no rule looks at the
// sides until the move is over; the skipped origin, the casa, en passant captures and END-1's
// count are all relative or global), so the lap-end state (board, landing hole h) behaves like
// the state rotated by -h (landing hole 0). A rotated state that comes back means the state comes
// back rotated, and the sowing repeats itself rotated for ever: endless (SOW-6). Conversely an
// endless sowing repeats a state, so a rotated one. Comparing rotated states finds the cycle up
// to 2N times sooner (a cycle on the ring often is 2N/d rotated copies of one stretch).
//
// Every lap-end state is compared with the checkpoints kept, states saved at chosen laps. For
// the first kLongSowing laps the checkpoints are laps 1, 2, 4, 8, ... and only the latest is
// kept: that is Brent's algorithm, which finds a cycle of L laps entered after M laps within
// about max(M, L) + L laps, each rounded up to a power of two: 2L to 3L laps when M is small.
// Nearly every sowing that gets that far is endless, and its cycle may be billions of laps
// long; from there on the checkpoints are twice as dense (laps 2^k and 3 * 2^(k-1)) and the last
// kCheckpoints are kept, so that the first one taken inside the cycle is still there one cycle
// later: about max(1.5 M, L / 15) + L laps.
// With capture_sides = opponent (G2) the casa depends on the side, so a rotated state is not the
// same state: `exact` then also asks for the same landing hole, and the cycle found is exact.
template <int kHoles>
struct CycleDetector {
  static constexpr int kCheckpoints = 8;
  static constexpr std::uint64_t kLongSowing = kBrentLaps;
  static constexpr std::uint64_t kLanes16 = 0x0001000100010001ULL;

  // The checkpoints' boards (words of a Board), rotated so that their landing hole is hole 0,
  // and their laps. Left uninitialised: nearly every move ends before the first checkpoint, and
  // zeroing these 256 bytes cost more than the rest of a short move (callgrind); a slot is read
  // only once its key below says it holds a checkpoint.
  std::array<std::array<std::uint64_t, kWords>, kCheckpoints> saved;
  std::array<std::uint64_t, kCheckpoints> saved_lap;
  std::uint64_t laps = 0;  // lap-end states seen so far (the laps of the sowing, but its last)
  // Nearly every move ends within a few laps, so the first checkpoint is taken only at lap
  // kFirstCheckpoint (a power of two, so that the schedule from there on is Brent's as before):
  // the laps before it cost one increment each. A cycle is a cycle whenever it is looked for,
  // so starting late finds every endless sowing, at most kFirstCheckpoint laps later.
  static constexpr std::uint64_t kFirstCheckpoint = 32;
  // The rest is set when lap kFirstCheckpoint is seen (seen() is called at every lap end), not
  // here: setting it for every move cost a tenth of a short move (callgrind, play_random).
  // 16-bit lane i of keys[i / 4]: saved[i][0] | saved[i][1] << 8, the two holes from the landing
  // one; 0xffff for no checkpoint (counts are at most 240).
  std::array<std::uint64_t, 2> keys;
  std::uint64_t next_checkpoint;
  std::uint64_t period;  // once seen() is true: the cycle length in laps, up to rotation
  int slot;
  std::array<int, kCheckpoints> saved_landing;  // the checkpoints' landing holes (read only when `exact`)
  bool exact = false;                           // G2 opponent: compare states exactly, not up to rotation

  bool begun = false;  // begin() was called: the first checkpoint's lap is set

  // The detector starts at lap `lap` (whose state is the next one seen): the first checkpoint
  // is that state, then Brent's schedule from it. Used when the anchor rule (Anchor below) gave
  // way at a lap of 2N seeds or more, so that the laps before it need no checkpoint.
  void begin(std::uint64_t lap) {
    laps = lap - 1;
    keys = {~std::uint64_t{0}, ~std::uint64_t{0}};
    next_checkpoint = lap;
    period = 0;
    slot = 0;
    begun = true;
  }

  int key(int i) const { return static_cast<int>(keys[static_cast<unsigned>(i) / 4] >> (16 * (i % 4)) & 0xffff); }

  // Does the state (r, landing) equal saved[i] up to rotation? (The first two holes do.)
  bool same_as(const BoardInRegisters<kHoles>& r, int landing, int i) const {
    if (exact && saved_landing[static_cast<unsigned>(i)] != landing) return false;
    const Board s{saved[static_cast<unsigned>(i)]};
    int h = next_hole<kHoles>(landing);
    for (int j = 2; j < kHoles; ++j) {
      h = next_hole<kHoles>(h);
      if (r.at(h) != s[j]) return false;
    }
    return true;
  }

  // True when the state (r, landing) repeats one seen before up to rotation: the relay sowing
  // is endless. `count` is r.at(landing). Inline up to the first checkpoint, one increment a lap.
  bool seen(const BoardInRegisters<kHoles>& r, int landing, int count) {
    if (++laps < kFirstCheckpoint) return false;  // no checkpoint yet
    return seen_from_first_checkpoint(r, landing, count);
  }

  // `r` by value: a reference would make the caller keep its board in memory on every lap.
  [[gnu::noinline]] bool seen_from_first_checkpoint(const BoardInRegisters<kHoles> r, int landing, int count) {
    const std::uint64_t lap = laps;
    if (lap == kFirstCheckpoint && !begun) {  // no checkpoint yet: the first is taken below
      keys = {~std::uint64_t{0}, ~std::uint64_t{0}};
      next_checkpoint = kFirstCheckpoint;
      period = 0;
      slot = 0;
    }
    if (lap <= kLongSowing) {
      // One checkpoint (slot 0); its landing count rules it out nearly every time.
      if (count == (key(0) & 0xff) && r.at(next_hole<kHoles>(landing)) == key(0) >> 8 && same_as(r, landing, 0)) {
        period = lap - saved_lap[0];
        return true;
      }
    } else {
      // Eight checkpoints: the first two holes against all the keys at once, without a branch.
      const auto probe = static_cast<std::uint64_t>(count | r.at(next_hole<kHoles>(landing)) << 8);
      const std::uint64_t x0 = keys[0] ^ (probe * kLanes16);
      const std::uint64_t x1 = keys[1] ^ (probe * kLanes16);
      const std::uint64_t hit = ((x0 - kLanes16) & ~x0) | ((x1 - kLanes16) & ~x1);
      if ((hit & (kLanes16 << 15)) != 0) {
        for (int i = 0; i < kCheckpoints; ++i) {
          if (key(i) == static_cast<int>(probe) && same_as(r, landing, i)) {
            // The first match of a checkpoint inside the cycle comes one cycle after it, and a
            // checkpoint is kept from its lap on without a gap: lap - saved_lap is the cycle.
            period = lap - saved_lap[static_cast<unsigned>(i)];
            return true;
          }
        }
      }
    }
    if (lap == next_checkpoint) {
      if (lap < kLongSowing) {
        next_checkpoint <<= 1;  // Brent: one checkpoint, replaced at each power of two
      } else {
        slot = slot + 1 == kCheckpoints ? 0 : slot + 1;
        const bool power_of_two = (lap & (lap - 1)) == 0;
        next_checkpoint = power_of_two ? lap + lap / 2 : lap + lap / 3;  // 2^k, 3*2^(k-1), 2^(k+1)
      }
      saved_lap[static_cast<unsigned>(slot)] = lap;
      saved_landing[static_cast<unsigned>(slot)] = landing;
      Board s;
      for (int i = 0, h = landing; i < kHoles; ++i, h = next_hole<kHoles>(h)) s.set(i, r.at(h));
      saved[static_cast<unsigned>(slot)] = s.w;
      const int shift = 16 * (slot % 4);
      std::uint64_t& word = keys[static_cast<unsigned>(slot) / 4];
      word = (word & ~(std::uint64_t{0xffff} << shift)) | static_cast<std::uint64_t>(s[0] | s[1] << 8) << shift;
    }
    return false;
  }
};

// The anchor rule (specs/endless-sowing.md): a lap of fewer than 2N seeds can be undone in one
// way only, so on the lap-end states such laps reach the lap map is injective, and a relay
// sowing all of whose laps after lap a are short comes back, if it never ends, to the state of
// lap a first: its first exact repeat is (a, a + cycle). The anchor is the state after the last
// lap of 2N seeds or more (or lap 1); each later short lap's state is compared with it exactly.
// Hoyito II and III only: Hoyito I's en passant captures are not undone so (the proof's
// exceptions); the skipped origin (G1) and laps of 2N or more seeds move the anchor.
template <int kHoles>
struct Anchor {
  BoardInRegisters<kHoles> board;
  int landing = -1;
  std::uint64_t lap = 0;  // the anchor's lap, counted from 1

  void set(const BoardInRegisters<kHoles>& r, int at, std::uint64_t l) {
    board = r;
    landing = at;
    lap = l;
  }
  bool pure() const { return lap == 1; }  // no lap of 2N or more seeds since lap 1
  bool same(const BoardInRegisters<kHoles>& r, int at) const {
    std::uint64_t diff = (r.w0 ^ board.w0) | (r.w1 ^ board.w1);
    if constexpr (kHoles > 16) diff |= r.w2 ^ board.w2;
    return diff == 0 && at == landing;
  }
};

// The anchor after the first `laps` laps of the move from `hole` on `b` (all relays): those laps
// walked again (at most kShortLaps of them, once per long move).
template <int kHoles>
Anchor<kHoles> anchor_of_first_laps(const Config& c, const Board& b, int hole, std::uint64_t laps) {
  Anchor<kHoles> anchor;
  BoardInRegisters<kHoles> r = BoardInRegisters<kHoles>::load(b);
  LapEnd end{hole, r.at(hole)};
  for (std::uint64_t lap = 1; lap <= laps; ++lap) {
    const int seeds = end.seeds;
    end = sow_lap<kHoles>(c, r, end.landing, seeds);
    if (lap == 1 || seeds >= kHoles) anchor.set(r, end.landing, lap);
  }
  return anchor;
}

// How a stretch of pure short laps stopped.
enum class PureStop : std::uint8_t { handed_back, endless, undecided };

// The dedicated loop of a pure sowing (Hoyito II, III; the anchor at lap 1): short laps that
// neither end nor land on a four, on the board in registers, each compared with the anchor. No
// cycle detector is needed here: while every lap since lap 1 is short, any repeat brings the
// sowing back to lap 1's state first (specs/endless-sowing.md), so the anchor alone decides:
// endless at its first exact repeat, undecided once lap_limit laps have relayed without one
// (Q-LIMIT). A lap it does not take (2N or more seeds, a landing on an empty hole or a four) is
// handed back to sow_relay as it stands: `r`, `origin`, `seeds`, `laps` (lap-end states seen).
template <int kHoles>
PureStop pure_short_laps(const Config& c, const Anchor<kHoles>& anchor, BoardInRegisters<kHoles>& r, int& origin,
                         int& seeds, std::uint64_t& laps) {
  const BoardShape& shape = *c.shape;
  BoardInRegisters<kHoles> w = r;
  int from = origin;
  int k = seeds;
  std::uint64_t seen = laps;
  PureStop stop = PureStop::handed_back;
  // The loop stops at `stop_at`: the lap limit, or sooner the next lap the watch is called at
  // (core/lap_watch.h), so that the watch costs the hot loop no test of its own.
  std::uint64_t stop_at = std::min<std::uint64_t>(c.lap_limit, seen + kWatchLaps);
  while (k < kHoles) {
    const int landing = wrap<kHoles>(from + k);
    const int landing_seeds = w.at(landing) + 1;
    if (landing_seeds == 1 || landing_seeds == 4) break;  // may end the move: sow_relay decides
    w.add(shape.lap_from[static_cast<unsigned>(from)][static_cast<unsigned>(k)]);
    ++seen;  // the state of lap `seen`
    if (anchor.same(w, landing)) {
      stop = seen <= c.lap_limit ? PureStop::endless : PureStop::undecided;
      break;
    }
    from = landing;
    k = landing_seeds;
    if (seen >= stop_at) {
      if (seen >= c.lap_limit) {  // the next lap would be past the limit, and none before repeated
        stop = PureStop::undecided;
        break;
      }
      watch_laps(seen, c.lap_limit);  // may throw (an interrupt): `r` is a copy, the board untouched
      stop_at = std::min<std::uint64_t>(c.lap_limit, seen + kWatchLaps);
    }
  }
  r = w;
  origin = from;
  seeds = k;
  laps = seen;
  return stop;
}

// A lap without events (for walking a sowing again): Hoyito I's en passant captures included,
// END-1 not looked at (the sowings walked again are endless).
template <int kHoles>
LapEnd quiet_lap(const Config& c, BoardInRegisters<kHoles>& r, Player mover, int origin, int seeds) {
  const BoardShape& shape = *c.shape;
  if (c.variant != Variant::hoyito1) return sow_lap<kHoles>(c, r, origin, seeds);
  if (seeds < kHoles && !r.any_equal(shape.passed_from[static_cast<unsigned>(origin)][static_cast<unsigned>(seeds)], 3))
    return sow_lap<kHoles>(c, r, origin, seeds);
  r.add(shape.unit[static_cast<unsigned>(origin)], -seeds);
  int pos = origin;
  for (int hand = seeds; hand > 0;) {
    pos = next_hole<kHoles>(pos);
    if (c.skip_origin && pos == origin) pos = next_hole<kHoles>(pos);
    r.add(shape.unit[static_cast<unsigned>(pos)]);
    --hand;
    if (hand > 0 && r.at(pos) == 4 && takes_casa(c, mover, pos)) r.add(shape.unit[static_cast<unsigned>(pos)], -4);
  }
  return {pos, r.at(pos)};
}

// Are the lap-end states (a, ha) and (b, hb) equal up to rotation?
template <int kHoles>
bool same_rotated(const BoardInRegisters<kHoles>& a, int ha, const BoardInRegisters<kHoles>& b, int hb) {
  for (int i = 0; i < kHoles; ++i, ha = next_hole<kHoles>(ha), hb = next_hole<kHoles>(hb))
    if (a.at(ha) != b.at(hb)) return false;
  return true;
}

// The sowing of the move from `hole` on `start` is endless and its lap-end states repeat up to
// rotation with a cycle of `period` laps. Returns the lap (counted from 1) whose lap-end state
// is the first to repeat an earlier one exactly, and that earlier lap: the first lap M on the
// cycle (found by walking the sowing twice, `period` laps apart), and M plus the exact cycle,
// `period` * 2N / gcd(shift, 2N), the shift being how far the ring turns in one cycle up to
// rotation (a state repeats exactly once the turns add up to whole rounds of the ring).
template <int kHoles>
LapRepeat first_exact_repeat(const Config& c, const BoardInRegisters<kHoles>& start, int hole, std::uint64_t period) {
  BoardInRegisters<kHoles> a = start;
  BoardInRegisters<kHoles> b = start;
  const Player mover = hole_owner(hole, c.n);  // SOW-1: the hole is the mover's
  LapEnd ea{hole, start.at(hole)};
  LapEnd eb = ea;
  for (std::uint64_t i = 1; i <= period; ++i) {
    eb = quiet_lap<kHoles>(c, b, mover, eb.landing, eb.seeds);
    watch_every(i, c.lap_limit);  // progress, Ctrl-C (core/lap_watch.h): a cycle may be billions of laps
  }
  for (std::uint64_t lap = 1;; ++lap) {
    ea = quiet_lap<kHoles>(c, a, mover, ea.landing, ea.seeds);
    eb = quiet_lap<kHoles>(c, b, mover, eb.landing, eb.seeds);
    watch_every(period + lap, c.lap_limit);
    const bool same_landing = !c.opponent_row_only || ea.landing == eb.landing;  // G2 opponent: exact states
    if (ea.seeds == eb.seeds && same_landing && same_rotated<kHoles>(a, ea.landing, b, eb.landing)) {
      const int shift = eb.landing >= ea.landing ? eb.landing - ea.landing : eb.landing - ea.landing + kHoles;
      return {lap + period * static_cast<std::uint64_t>(kHoles / std::gcd(shift, kHoles)), lap};
    }
  }
}

// The verdict on a sowing whose lap-end states repeat up to rotation (Q-LIMIT).
template <int kHoles>
MoveEnd endless_or_undecided(const Config& c, const BoardInRegisters<kHoles>& start, int hole, std::uint64_t period) {
  return first_exact_repeat<kHoles>(c, start, hole, period).repeat_lap <= c.lap_limit ? MoveEnd::endless
                                                                                      : MoveEnd::undecided;
}

// endless_repeat (sow.h): the sowing walked again without events until the detector finds its
// cycle up to rotation, then its first exact repeat.
template <int kHoles>
LapRepeat endless_repeat_on(const Config& c, const Board& b, int hole) {
  if (c.variant != Variant::hoyito1) {  // the anchor rule first (specs/endless-sowing.md)
    BoardInRegisters<kHoles> r = BoardInRegisters<kHoles>::load(b);
    const LapEnd first = sow_lap<kHoles>(c, r, hole, r.at(hole));
    Anchor<kHoles> anchor;
    anchor.set(r, first.landing, 1);
    int origin = first.landing;
    int seeds = first.seeds;
    std::uint64_t laps = 1;
    if (pure_short_laps<kHoles>(c, anchor, r, origin, seeds, laps) == PureStop::endless) return {laps, 1};
  }
  const BoardInRegisters<kHoles> start = BoardInRegisters<kHoles>::load(b);
  BoardInRegisters<kHoles> r = start;
  LapEnd end{hole, r.at(hole)};
  CycleDetector<kHoles> cycle;
  cycle.exact = c.opponent_row_only;
  const Player mover = hole_owner(hole, c.n);
  do {
    assert(cycle.laps < c.give_up_laps);  // sow_move() found the sowing endless
    end = quiet_lap<kHoles>(c, r, mover, end.landing, end.seeds);
    watch_every(cycle.laps + 1, c.lap_limit);  // the lap seen() counts next (core/lap_watch.h)
  } while (!cycle.seen(r, end.landing, end.seeds));
  return first_exact_repeat<kHoles>(c, start, hole, cycle.period);
}

// The laps of a move before the cycle detector's first checkpoint (laps 1 to kFirstCheckpoint - 1):
// nearly every move ends within them. The `kLong = false` instances of sow_relay and
// sow_en_passant sow them with a plain lap count: no detector (its 256 bytes and its calls kept
// the whole loop in memory) and no test of the give-up point, which is far later. A sowing still
// going after them is handed over, as it stands, to the `kLong` instance, which goes on with the
// detector from lap kFirstCheckpoint. The board in memory is the one before the move until the
// move ends (sow.h), so the endless verdict reads the start from there: no copy is kept.
inline constexpr std::uint64_t kShortLaps = CycleDetector<12>::kFirstCheckpoint - 1;
static_assert(give_up_point(1) > kShortLaps + 1, "no sowing is given up within the short laps");

// The cycle detector of the long laps; nothing in the short ones.
struct NoDetector {};
template <bool kLong, int kHoles>
using DetectorOf = std::conditional_t<kLong, CycleDetector<kHoles>, NoDetector>;
struct NoAnchor {};
template <bool kLong, int kHoles>
using AnchorOf = std::conditional_t<kLong, Anchor<kHoles>, NoAnchor>;

template <bool kRecord, int kHoles, bool kLong>
MoveEnd sow_relay(const Config& c, Board& b, std::array<int, 2>& cap, Player mover, int hole,
                  BoardInRegisters<kHoles> r, int origin, int seeds, std::uint64_t laps, std::vector<Event>* events);

// The long laps out of line, so that the short loop stays small and in registers.

// With kRecord the move is told as it is sown, and the caller keeps the events of a move that
// ends only (engine::Game::play sows a move once). An endless sowing's cycle may run to millions
// of laps, so a sowing still going at lap kLapsToldUndecided (a long lap: after the detector's
// first checkpoint) is first decided without events, from the board before the move (`b`, in
// memory until the move ends): an endless or undecided one stops there, its events a few hundred
// at most, and one that ends is told on to its end.
inline constexpr std::uint64_t kLapsToldUndecided = 64;
static_assert(kLapsToldUndecided > kShortLaps, "the told verdict is taken in the long laps");

// `cap` holds the captures now: the mover's en passant captures of this move (CAP-I-1, Hoyito I)
// are in it but not in `b`, so the captures before the move are the opponent's as they are and
// the mover's what the game's total leaves (BRD-3).
bool ends_untold(const Config& c, const Board& b, const std::array<int, 2>& cap, Player mover, int hole,
                 MoveEnd& verdict) {
  Board board = b;
  std::array<int, 2> captured = cap;
  captured[index(mover)] = c.total - b.sum(c.shape->all) - cap[index(opponent_of(mover))];
  verdict = sow_move<false>(c, board, captured, mover, hole, nullptr);
  return verdict != MoveEnd::endless && verdict != MoveEnd::undecided;
}

// The long laps' checks, in both sowings, after a lap that neither ended the move nor captured
// (`lifted`: the seeds it sowed). First the anchor rule (specs/endless-sowing.md): a lap of 2N
// seeds or more moves the anchor to its state; a short lap whose state is the anchor's is the
// sowing's first exact repeat (SOW-6: endless, or undecided past the lap limit). While the anchor
// is lap 1's (pure) it decides alone, and lap_limit laps without a repeat are undecided
// (Q-LIMIT); once it has moved, the cycle detector (begun there) looks too: the lap-end state seen
// before up to rotation (endless, or undecided if its first exact repeat is past the lap limit;
// a cycle holds no capture), and the give-up point (Q-LIMIT). With kRecord, the verdict without
// events at lap kLapsToldUndecided. True: the move ends, `verdict` says how; false: the sowing
// goes on, `laps` the lap-end states seen. (A bool and an out parameter, as ends_untold:
// returning a std::optional<MoveEnd> kept the lap count in memory, a third more instructions in
// the long laps.) Hoyito I passes no anchor (nullptr): the detector alone.
template <bool kRecord, int kHoles>
[[gnu::always_inline]] inline bool long_lap_ends(const Config& c, const Board& b, const std::array<int, 2>& cap,
                                                 Player mover, int hole, const BoardInRegisters<kHoles>& r, int landing,
                                                 int landing_seeds, int lifted, CycleDetector<kHoles>& cycle,
                                                 Anchor<kHoles>* anchor, std::uint64_t& laps, MoveEnd& verdict) {
  const std::uint64_t lap = laps + 1;  // this lap's state
  if (anchor != nullptr) {
    if (lifted >= kHoles) {
      if (anchor->pure() && lap > 1) cycle.begin(lap);
      anchor->set(r, landing, lap);
    } else if (anchor->same(r, landing)) {
      verdict = lap <= c.lap_limit ? MoveEnd::endless : MoveEnd::undecided;
      return true;
    }
  }
  if (anchor != nullptr && anchor->pure()) {
    laps = lap;
    if (lap >= c.lap_limit) {  // no repeat and no end within the limit
      verdict = MoveEnd::undecided;
      return true;
    }
  } else {
    if (cycle.seen(r, landing, landing_seeds)) {
      verdict = endless_or_undecided<kHoles>(c, BoardInRegisters<kHoles>::load(b), hole, cycle.period);
      return true;
    }
    if (cycle.laps >= c.give_up_laps) {
      verdict = MoveEnd::undecided;
      return true;
    }
    laps = cycle.laps;
    // Progress and Ctrl-C (core/lap_watch.h) on the detector's walk too: Hoyito I, and sowings
    // with a lap of 2N seeds or more, may run to give_up_laps (2 x lap_limit) here.
    watch_every(laps, c.lap_limit);
  }
  if constexpr (kRecord) return laps == kLapsToldUndecided && !ends_untold(c, b, cap, mover, hole, verdict);
  return false;
}

template <bool kRecord, int kHoles>
[[gnu::noinline]] MoveEnd long_relay(const Config& c, Board& b, std::array<int, 2>& cap, Player mover, int hole,
                                     BoardInRegisters<kHoles> r, int origin, int seeds, std::uint64_t laps,
                                     std::vector<Event>* events) {
  return sow_relay<kRecord, kHoles, true>(c, b, cap, mover, hole, r, origin, seeds, laps, events);
}

// Hoyito II and III: arithmetic laps, capture only by the last seed of a lap. The sowing from
// `origin` with `seeds` in hand, `laps` lap-end states seen (the move's first lap: `hole`, its
// seeds, 0); `b` is the board before the move, `r` the board now.
template <bool kRecord, int kHoles, bool kLong>
MoveEnd sow_relay(const Config& c, Board& b, std::array<int, 2>& cap, Player mover, int hole,
                  BoardInRegisters<kHoles> r, int origin, int seeds, std::uint64_t laps, std::vector<Event>* events) {
  [[maybe_unused]] DetectorOf<kLong, kHoles> cycle;
  [[maybe_unused]] AnchorOf<kLong, kHoles> anchor;
  if constexpr (kLong) {
    cycle.laps = laps;
    cycle.exact = c.opponent_row_only;
    anchor = anchor_of_first_laps<kHoles>(c, b, hole, laps);
  }
  for (;;) {
    if constexpr (kLong && !kRecord) {
      if (anchor.pure()) {  // the dedicated loop while every lap since lap 1 is short
        const PureStop stop = pure_short_laps<kHoles>(c, anchor, r, origin, seeds, laps);
        if (stop != PureStop::handed_back) return stop == PureStop::endless ? MoveEnd::endless : MoveEnd::undecided;
      }
    }
    const auto [landing, landing_seeds] = sow_lap<kHoles>(c, r, origin, seeds);
    if constexpr (kRecord) events->push_back(ev::lap(lap_rule(c, seeds), origin, landing, seeds));
    const bool casa = landing_seeds == 4 && takes_casa(c, mover, landing);               // G2
    if ((landing_seeds == 1 || casa) && laps >= c.lap_limit) return MoveEnd::undecided;  // ends too late
    if (landing_seeds == 1) {                                                            // SOW-4
      r.store(b);
      if constexpr (kRecord) events->push_back(ev::sow_end(landing));
      return MoveEnd::quiet;
    }
    if (casa) {  // CAP-II-1 / CAP-III-1 (G3: the sowing ends)
      r.store(b);
      b.clear(landing);
      cap[index(mover)] += 4;
      if constexpr (kRecord) events->push_back(ev::capture(c.capture_rule, landing, 4, mover));
      if (c.chain) {  // CAP-II-2: backward, up to the first hole not holding four (G2 opponent: or on the mover's row)
        for (int h = prev_hole<kHoles>(landing); b[h] == 4 && takes_casa(c, mover, h); h = prev_hole<kHoles>(h)) {
          b.clear(h);
          cap[index(mover)] += 4;
          if constexpr (kRecord) events->push_back(ev::chain_capture(h, 4, mover));
        }
      }
      return end_of_capturing_move<kRecord>(c, b, cap, mover, events);  // END-1
    }
    if constexpr (kLong) {
      MoveEnd verdict;
      if (long_lap_ends<kRecord, kHoles>(c, b, cap, mover, hole, r, landing, landing_seeds, seeds, cycle, &anchor, laps,
                                         verdict))
        return verdict;  // SOW-6, Q-LIMIT
    }
    if constexpr (kRecord) events->push_back(ev::relay(landing, landing_seeds));  // SOW-5
    origin = landing;
    seeds = landing_seeds;
    if constexpr (!kLong) {
      if (++laps == kShortLaps)
        return long_relay<kRecord, kHoles>(c, b, cap, mover, hole, r, origin, seeds, laps, events);
    }
  }
}

// Hoyito I: en passant captures (CAP-I-1), capture by the last seed ends the move (CAP-I-2);
// END-1 only once the whole move is over, whatever the en passant captures left (G13). A lap of fewer than 2N seeds
// none of whose passing seeds meets a hole of three is sown arithmetically; any other lap seed by seed. The arguments
// as sow_relay's; `captured`: an en passant capture was made in this move (CAP-I-1).
template <bool kRecord, int kHoles, bool kLong>
MoveEnd sow_en_passant(const Config& c, Board& b, std::array<int, 2>& cap, Player mover, int hole,
                       BoardInRegisters<kHoles> r, int origin, int seeds, std::uint64_t laps, bool captured,
                       std::vector<Event>* events);

template <bool kRecord, int kHoles>
[[gnu::noinline]] MoveEnd long_en_passant(const Config& c, Board& b, std::array<int, 2>& cap, Player mover, int hole,
                                          BoardInRegisters<kHoles> r, int origin, int seeds, std::uint64_t laps,
                                          bool captured, std::vector<Event>* events) {
  return sow_en_passant<kRecord, kHoles, true>(c, b, cap, mover, hole, r, origin, seeds, laps, captured, events);
}

template <bool kRecord, int kHoles, bool kLong>
MoveEnd sow_en_passant(const Config& c, Board& b, std::array<int, 2>& cap, Player mover, int hole,
                       BoardInRegisters<kHoles> r, int origin, int seeds, std::uint64_t laps, bool captured,
                       std::vector<Event>* events) {
  const BoardShape& shape = *c.shape;
  [[maybe_unused]] DetectorOf<kLong, kHoles> cycle;
  if constexpr (kLong) {
    cycle.laps = laps;
    cycle.exact = c.opponent_row_only;
  }
  for (;;) {
    int landing;
    if (seeds < kHoles &&
        !r.any_equal(shape.passed_from[static_cast<unsigned>(origin)][static_cast<unsigned>(seeds)], 3)) {
      // One seed each to origin+1 .. origin+seeds, and none but the last can make a casa.
      landing = sow_lap<kHoles>(c, r, origin, seeds).landing;
    } else {
      r.add(shape.unit[static_cast<unsigned>(origin)], -seeds);  // lifted
      int pos = origin;
      int hand = seeds;
      while (hand > 0) {
        pos = next_hole<kHoles>(pos);
        if (c.skip_origin && pos == origin) pos = next_hole<kHoles>(pos);  // SOW-3 (only when seeds >= 2N)
        r.add(shape.unit[static_cast<unsigned>(pos)]);
        --hand;
        // CAP-I-1: a seed that is not the last makes a casa, taken at once; the sowing goes on
        // with the seeds in hand, to the end of the move (G13).
        if (hand > 0 && r.at(pos) == 4 && takes_casa(c, mover, pos)) {  // G2
          r.add(shape.unit[static_cast<unsigned>(pos)], -4);
          cap[index(mover)] += 4;
          captured = true;
          if constexpr (kRecord) events->push_back(ev::capture(RuleId::CAP_I_1, pos, 4, mover));
        }
      }
      landing = pos;
    }
    if constexpr (kRecord) events->push_back(ev::lap(lap_rule(c, seeds), origin, landing, seeds));
    const int landing_seeds = r.at(landing);
    const bool casa = landing_seeds == 4 && takes_casa(c, mover, landing);               // G2
    if ((landing_seeds == 1 || casa) && laps >= c.lap_limit) return MoveEnd::undecided;  // ends too late
    if (landing_seeds == 1) {                                                            // SOW-4: the move is over
      r.store(b);
      if constexpr (kRecord) events->push_back(ev::sow_end(landing));
      if (!captured) return MoveEnd::quiet;
      return end_of_capturing_move<kRecord>(c, b, cap, mover, events);  // END-1, END-I-1 (G13)
    }
    if (casa) {  // CAP-I-2: the move ends
      r.store(b);
      b.clear(landing);
      cap[index(mover)] += 4;
      if constexpr (kRecord) events->push_back(ev::capture(RuleId::CAP_I_2, landing, 4, mover));
      return end_of_capturing_move<kRecord>(c, b, cap, mover, events);  // END-1, END-I-1 (G13)
    }
    if constexpr (kLong) {
      MoveEnd verdict;
      if (long_lap_ends<kRecord, kHoles>(c, b, cap, mover, hole, r, landing, landing_seeds, seeds, cycle, nullptr, laps,
                                         verdict))
        return verdict;  // SOW-6, Q-LIMIT
    }
    if constexpr (kRecord) events->push_back(ev::relay(landing, landing_seeds));  // SOW-5
    origin = landing;
    seeds = landing_seeds;
    if constexpr (!kLong) {
      if (++laps == kShortLaps)
        return long_en_passant<kRecord, kHoles>(c, b, cap, mover, hole, r, origin, seeds, laps, captured, events);
    }
  }
}

// One move of a variant's kind (en passant: Hoyito I) on 2N = kHoles holes (sow.h, sow_move).
template <bool kRecord, bool kEnPassant, int kHoles>
MoveEnd sow_on(const Config& config, Board& board, std::array<int, 2>& captured, Player mover, int hole,
               std::vector<Event>* events) {
  // The preconditions of sow.h: a move of the mover's (SOW-1), from a hole with seeds, on a board
  // of the configuration's size whose seeds and captures add up to the game's total (BRD-3).
  assert(config.holes == kHoles);
  assert(hole >= 0 && hole < config.holes && hole_owner(hole, config.n) == mover);
  assert(board[hole] > 0);
  assert(board.sum(config.shape->all) + captured[0] + captured[1] == config.total);
  assert(!kRecord || events != nullptr);
  const int seeds = board[hole];
  if constexpr (kRecord) events->push_back(ev::lift(hole, seeds));
  const BoardInRegisters<kHoles> r = BoardInRegisters<kHoles>::load(board);
  if constexpr (kEnPassant) {
    // The en passant captures of a move that never ends (or is undecided) are not made: the
    // captures are put back, as the board is never stored then (sow.h).
    const std::array<int, 2> captured_before = captured;
    const MoveEnd end =
        sow_en_passant<kRecord, kHoles, false>(config, board, captured, mover, hole, r, hole, seeds, 0, false, events);
    if (end == MoveEnd::endless || end == MoveEnd::undecided) captured = captured_before;
    return end;
  } else {
    return sow_relay<kRecord, kHoles, false>(config, board, captured, mover, hole, r, hole, seeds, 0, events);
  }
}

// quiet_sowing (sow.h): one instance a variant kind and size.
template <bool kEnPassant, int kHoles>
MoveEnd quiet_sowing_on(const Config& config, Board& board, std::array<int, 2>& captured, Player mover, int hole) {
  return sow_on<false, kEnPassant, kHoles>(config, board, captured, mover, hole, nullptr);
}

}  // namespace

template <bool kRecord>
MoveEnd sow_move(const Config& config, Board& board, std::array<int, 2>& captured, Player mover, int hole,
                 std::vector<Event>* events) {
  if (config.variant == Variant::hoyito1)
    return config.holes == 24 ? sow_on<kRecord, true, 24>(config, board, captured, mover, hole, events)
                              : sow_on<kRecord, true, 12>(config, board, captured, mover, hole, events);
  return config.holes == 24 ? sow_on<kRecord, false, 24>(config, board, captured, mover, hole, events)
                            : sow_on<kRecord, false, 12>(config, board, captured, mover, hole, events);
}

QuietSowing quiet_sowing(const Config& config) {
  if (config.variant == Variant::hoyito1)
    return config.holes == 24 ? &quiet_sowing_on<true, 24> : &quiet_sowing_on<true, 12>;
  return config.holes == 24 ? &quiet_sowing_on<false, 24> : &quiet_sowing_on<false, 12>;
}

LapRepeat endless_repeat(const Config& config, const Board& board, int hole) {
  assert(board[hole] > 0);
  if (config.holes == 24) return endless_repeat_on<24>(config, board, hole);
  return endless_repeat_on<12>(config, board, hole);
}

template MoveEnd sow_move<true>(const Config&, Board&, std::array<int, 2>&, Player, int, std::vector<Event>*);
template MoveEnd sow_move<false>(const Config&, Board&, std::array<int, 2>&, Player, int, std::vector<Event>*);

}  // namespace hoyito::engine
