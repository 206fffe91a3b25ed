#include "io/event_replay.h"

#include <algorithm>
#include <vector>

namespace hoyito {

namespace {

std::string events_text(const std::vector<Event>& events, int n) {
  std::string s;
  for (const auto& e : events) {
    s += "\n    ";
    s += describe(e, n);
  }
  return s;
}

}  // namespace

namespace {

// One ply's events applied to a position in their order, each checked against the position
// (a step per event kind). Each step returns "" or what is wrong; fail() adds where.
class Replayer {
 public:
  Replayer(const Rules& r, Position& pos, const Ply& ply, const ReplayWatch& watch)
      : r_(r),
        pos_(pos),
        b_(pos.board),
        ply_(ply),
        watch_(watch),
        holes_(r.holes()),
        n_(r.holes_per_row),
        mover_(ply.player) {}

  std::string run() {
    for (; i_ < ply_.events.size(); ++i_) {
      const Event& e = ply_.events[i_];
      if (e.kind != EventKind::chain_capture && !chain_done()) return fail("the chain stopped at a four");
      if (!holes_on_board(e)) return fail("a hole off the board");
      if (std::string wrong = apply(e); !wrong.empty()) return fail(wrong);
    }
    if (!chain_done()) return fail("the chain stopped at a four");
    if (hand_ != 0) return fail("seeds left in hand");
    return {};
  }

 private:
  std::string fail(const std::string& what) const {
    return what + " at event " + std::to_string(i_) + events_text(ply_.events, n_);
  }
  int& hole(int h) { return b_[static_cast<size_t>(h)]; }
  bool on_board(int h) const { return h >= 0 && h < holes_; }
  // The holes an event names (a record read from a file may name any number).
  bool holes_on_board(const Event& e) const {
    switch (e.kind) {
      case EventKind::lap:
        return on_board(e.from) && on_board(e.to);
      case EventKind::lift:
      case EventKind::relay:
      case EventKind::capture:
      case EventKind::chain_capture:
      case EventKind::sow_end:
        return on_board(e.hole);
      default:
        return true;
    }
  }
  void tell(ReplayStep step, int h, const Event& cause) const {
    if (watch_) watch_(step, pos_, h, lap_, cause);
  }
  // The row of a hole from its index, a layout fact of the record (holes 0..N-1 are the first
  // row, South's): no rule helper here, the implementations keep theirs.
  Player row_of(int h) const { return h < n_ ? Player::south : Player::north; }

  // G2: a hole of four is a casa the mover takes: on either row, or (capture_sides = opponent)
  // only on the opponent's row; a four on the mover's own row is then an ordinary hole.
  bool is_casa(int h) {
    return hole(h) == 4 && (r_.options.capture_sides == CaptureSides::both || row_of(h) != mover_);
  }

  // CAP-II-2: the chain stops at the first hole that is not a casa.
  bool chain_done() {
    const bool ok = chain_at_ < 0 || !is_casa((chain_at_ + holes_ - 1) % holes_);
    chain_at_ = -1;
    return ok;
  }

  std::string apply(const Event& e) {
    switch (e.kind) {
      case EventKind::lift:
        return lift(e);
      case EventKind::relay:
        return relay(e);
      case EventKind::capture:
        return capture(e);
      case EventKind::chain_capture:
        return chain_capture(e);
      case EventKind::lap:
        return lap(e);
      case EventKind::sow_end:
        return hole(e.hole) != 1 ? "bad sow_end" : "";
      case EventKind::extra_move:
        return r_.variant == Variant::hoyito1 || e.player != mover_ ? "bad extra move" : "";
      case EventKind::pass:
        return i_ != 0 || !ply_.move.is_pass() ? "bad pass" : "";
      case EventKind::last_four_award:
        return last_four_award(e);
      case EventKind::side_award:
        return side_award(e);
      case EventKind::game_end:
        return i_ + 1 != ply_.events.size() ? "game_end not last" : "";
      case EventKind::endless_sowing:
        return "";
    }
    return "";
  }

  std::string lift(const Event& e) {
    if (i_ != 0 || e.hole != ply_.move.index() || hole(e.hole) != e.seeds || e.seeds == 0) return "bad lift";
    if (row_of(e.hole) != mover_) return "lift from the opponent's hole";
    take_in_hand(e);
    return "";
  }

  std::string relay(const Event& e) {
    if (hole(e.hole) != e.seeds || e.seeds == 1 || is_casa(e.hole)) return "bad relay";
    take_in_hand(e);
    return "";
  }

  void take_in_hand(const Event& e) {
    hand_ = e.seeds;
    from_ = e.hole;
    hole(e.hole) = 0;
    tell(ReplayStep::lift, e.hole, e);
  }

  std::string capture(const Event& e) {
    if (r_.variant == Variant::hoyito1 && e.rule == RuleId::CAP_I_1) {
      pending_.push_back(e);  // Hoyito I en passant: listed before its lap, made by it
      return "";
    }
    if (!is_casa(e.hole) || e.seeds != 4 || e.player != mover_) return "bad capture";
    hole(e.hole) = 0;
    pos_.captured[index(mover_)] += 4;
    if (r_.variant == Variant::hoyito2) chain_at_ = e.hole;
    tell(ReplayStep::capture, e.hole, e);
    return "";
  }

  std::string chain_capture(const Event& e) {
    if (r_.variant != Variant::hoyito2 || !is_casa(e.hole) || e.seeds != 4 || chain_at_ < 0 ||
        e.hole != (chain_at_ + holes_ - 1) % holes_)
      return "bad chain capture";
    chain_at_ = e.hole;
    hole(e.hole) = 0;
    pos_.captured[index(mover_)] += 4;
    tell(ReplayStep::capture, e.hole, e);
    return "";
  }

  std::string lap(const Event& e) {
    if (e.from != from_ || e.seeds > hand_ || e.seeds <= 0) return "bad lap";
    const bool skipped = r_.options.skip_origin && hand_ >= holes_;
    if (e.rule != (skipped ? RuleId::SOW_3 : RuleId::SOW_2)) return "bad lap rule";
    ++lap_;
    int p = from_;
    size_t next_pending = 0;
    for (int s = 1; s <= e.seeds; ++s) {
      p = (p + 1) % holes_;
      if (r_.options.skip_origin && p == from_) p = (p + 1) % holes_;
      ++hole(p);
      tell(ReplayStep::seed, p, e);
      if (r_.variant == Variant::hoyito1 && s < hand_ && is_casa(p)) {
        if (next_pending >= pending_.size() || pending_[next_pending].hole != p) return "missed en passant";
        hole(p) = 0;
        pos_.captured[index(mover_)] += 4;
        tell(ReplayStep::capture, p, pending_[next_pending]);
        ++next_pending;
      }
    }
    if (next_pending != pending_.size()) return "en passant capture not made by the lap";
    pending_.clear();
    if (p != e.to) return "lap lands elsewhere";
    hand_ -= e.seeds;
    if (hand_ != 0) return "lap stopped early";  // G13: never, in Hoyito I neither
    return "";
  }

  std::string last_four_award(const Event& e) {
    int in_play = hand_;
    for (int x : b_) in_play += x;
    if (in_play > 4 || in_play <= 0 || !e.player) return "bad award";
    // With split there are two events, each told as its player takes its share.
    const bool split = i_ + 1 < ply_.events.size() && ply_.events[i_ + 1].kind == EventKind::last_four_award;
    if (split && !ply_.events[i_ + 1].player) return "bad award";
    if (e.seeds + (split ? ply_.events[i_ + 1].seeds : 0) != in_play) return "award does not take every seed left";
    std::fill(b_.begin(), b_.end(), 0);
    hand_ = 0;
    pos_.captured[index(*e.player)] += e.seeds;
    tell(ReplayStep::award, -1, e);
    if (!split) return "";
    const Event& second = ply_.events[++i_];
    pos_.captured[index(*second.player)] += second.seeds;
    tell(ReplayStep::award, -1, second);
    return "";
  }

  std::string side_award(const Event& e) {
    if (!e.player) return "bad side award";
    const int first = e.player == Player::south ? 0 : n_;
    int side = 0;
    for (int h = first; h < first + n_; ++h) side += hole(h);
    if (side != e.seeds) return "bad side award";
    for (int h = first; h < first + n_; ++h) hole(h) = 0;
    pos_.captured[index(*e.player)] += side;
    tell(ReplayStep::award, -1, e);
    return "";
  }

  const Rules& r_;
  Position& pos_;
  std::vector<int>& b_;
  const Ply& ply_;
  const ReplayWatch& watch_;
  const int holes_, n_;
  const Player mover_;
  int hand_ = 0;
  int from_ = -1;
  std::vector<Event> pending_;  // Hoyito I en passant captures, listed before their lap
  size_t i_ = 0;
  int chain_at_ = -1;  // Hoyito II: the last hole taken by the capture and its chain so far
  int lap_ = 0;        // lap events replayed so far
};

}  // namespace

std::string replay_events(const Rules& r, Position& pos, const Ply& ply, const ReplayWatch& watch) {
  return Replayer(r, pos, ply, watch).run();
}

}  // namespace hoyito
