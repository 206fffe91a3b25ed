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

std::string replay_events(const Rules& r, Position& pos, const Ply& ply) {
  const int holes = r.holes();
  const int n = r.holes_per_row;
  auto& b = pos.board;
  const Player mover = ply.player;
  int hand = 0;
  int from = -1;
  std::vector<Event> pending;  // Hoyito I en passant captures, listed before their lap
  size_t i = 0;
  auto fail = [&](const std::string& what) {
    return what + " at event " + std::to_string(i) + events_text(ply.events, n);
  };
  bool ended = false;
  int chain_at = -1;  // Hoyito II: the last hole taken by the capture and its chain so far
  auto chain_done = [&]() {  // CAP-II-2: the chain stops at the first hole not holding four
    const bool ok = chain_at < 0 || b[static_cast<size_t>((chain_at + holes - 1) % holes)] != 4;
    chain_at = -1;
    return ok;
  };
  for (; i < ply.events.size(); ++i) {
    const Event& e = ply.events[i];
    if (e.kind != EventKind::chain_capture && !chain_done()) return fail("the chain stopped at a four");
    switch (e.kind) {
      case EventKind::lift:
        if (i != 0 || e.hole != ply.hole || b[static_cast<size_t>(e.hole)] != e.seeds || e.seeds == 0)
          return fail("bad lift");
        if (owner(e.hole, n) != mover) return fail("lift from the opponent's hole");
        hand = e.seeds;
        from = e.hole;
        b[static_cast<size_t>(e.hole)] = 0;
        break;
      case EventKind::relay:
        if (b[static_cast<size_t>(e.hole)] != e.seeds || e.seeds == 1 || e.seeds == 4) return fail("bad relay");
        hand = e.seeds;
        from = e.hole;
        b[static_cast<size_t>(e.hole)] = 0;
        break;
      case EventKind::capture:
        if (r.variant == Variant::hoyito1 && e.rule == RuleId::CAP_I_1) {
          pending.push_back(e);
          break;
        }
        if (b[static_cast<size_t>(e.hole)] != 4 || e.seeds != 4 || e.player != mover) return fail("bad capture");
        b[static_cast<size_t>(e.hole)] = 0;
        pos.captured[index(mover)] += 4;
        if (r.variant == Variant::hoyito2) chain_at = e.hole;
        break;
      case EventKind::chain_capture:
        if (r.variant != Variant::hoyito2 || b[static_cast<size_t>(e.hole)] != 4 || e.seeds != 4 ||
            chain_at < 0 || e.hole != (chain_at + holes - 1) % holes)
          return fail("bad chain capture");
        chain_at = e.hole;
        b[static_cast<size_t>(e.hole)] = 0;
        pos.captured[index(mover)] += 4;
        break;
      case EventKind::lap: {
        if (e.from != from || e.seeds > hand || e.seeds <= 0) return fail("bad lap");
        const bool skipped = r.options.skip_origin && hand >= holes;
        if (e.rule != (skipped ? RuleId::SOW_3 : RuleId::SOW_2)) return fail("bad lap rule");
        int p = from;
        size_t next_pending = 0;
        for (int s = 1; s <= e.seeds; ++s) {
          p = (p + 1) % holes;
          if (r.options.skip_origin && p == from) p = (p + 1) % holes;
          ++b[static_cast<size_t>(p)];
          if (r.variant == Variant::hoyito1 && s < hand && b[static_cast<size_t>(p)] == 4) {
            if (next_pending >= pending.size() || pending[next_pending].hole != p) return fail("missed en passant");
            b[static_cast<size_t>(p)] = 0;
            pos.captured[index(mover)] += 4;
            ++next_pending;
          }
        }
        if (next_pending != pending.size()) return fail("en passant capture not made by the lap");
        pending.clear();
        if (p != e.to) return fail("lap lands elsewhere");
        hand -= e.seeds;
        if (hand != 0) return fail("lap stopped early");  // G13: never, in Hoyito I neither
        break;
      }
      case EventKind::sow_end:
        if (b[static_cast<size_t>(e.hole)] != 1) return fail("bad sow_end");
        break;
      case EventKind::extra_move:
        if (r.variant == Variant::hoyito1 || e.player != mover) return fail("bad extra move");
        break;
      case EventKind::pass:
        if (i != 0 || ply.hole != kPass) return fail("bad pass");
        break;
      case EventKind::last_four_award: {
        int in_play = hand;
        for (int x : b) in_play += x;
        if (in_play > 4 || in_play <= 0 || !e.player) return fail("bad award");
        pos.captured[index(*e.player)] += e.seeds;
        // With split there are two events; clear the board when all is handed out.
        int given = e.seeds;
        if (i + 1 < ply.events.size() && ply.events[i + 1].kind == EventKind::last_four_award) {
          if (!ply.events[i + 1].player) return fail("bad award");
          given += ply.events[i + 1].seeds;
          pos.captured[index(*ply.events[i + 1].player)] += ply.events[i + 1].seeds;
          ++i;
        }
        if (given != in_play) return fail("award does not take every seed left");
        std::fill(b.begin(), b.end(), 0);
        hand = 0;
        break;
      }
      case EventKind::side_award: {
        if (!e.player) return fail("bad side award");
        const int first = e.player == Player::south ? 0 : n;
        int side = 0;
        for (int h = first; h < first + n; ++h) side += b[static_cast<size_t>(h)];
        if (side != e.seeds) return fail("bad side award");
        for (int h = first; h < first + n; ++h) b[static_cast<size_t>(h)] = 0;
        pos.captured[index(*e.player)] += side;
        break;
      }
      case EventKind::game_end:
        if (i + 1 != ply.events.size()) return fail("game_end not last");
        ended = true;
        break;
      case EventKind::endless_sowing:
        break;
    }
  }
  (void)ended;
  if (!chain_done()) return fail("the chain stopped at a four");
  if (hand != 0) return fail("seeds left in hand");
  return {};
}

}  // namespace hoyito
