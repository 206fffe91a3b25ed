#include "harness/annotate/story.h"

#include <algorithm>
#include <charconv>

#include <fmt/format.h>

#include "harness/games/play.h"
#include "model/model.h"

namespace hoyito {

namespace {

// The holes a lap of `seeds` seeds from `from` sows, in order (SOW-2; SOW-3 skips the origin).
std::vector<int> lap_path(int from, int seeds, bool skip_origin, int holes) {
  std::vector<int> path;
  int hole = from;
  for (int k = 0; k < seeds; ++k) {
    hole = (hole + 1) % holes;
    if (skip_origin && hole == from) hole = (hole + 1) % holes;
    path.push_back(hole);
  }
  return path;
}

// What the last seed of the lap did, told by the event that follows the lap event.
LapStory::End lap_end(const std::vector<Event>& events, size_t lap_index) {
  if (lap_index + 1 >= events.size()) return LapStory::End::stopped;
  switch (events[lap_index + 1].kind) {
    case EventKind::relay:
      return LapStory::End::relay;
    case EventKind::sow_end:
      return LapStory::End::empty;
    case EventKind::capture:
      return LapStory::End::capture;
    default:
      return LapStory::End::stopped;  // Hoyito I: an en passant capture ended the game mid-lap
  }
}

// Tells one ply from its events: a step per event kind, each moving the seeds on a board rebuilt
// from `before` and adding the frames it shows; the frames are kept only when the board so
// rebuilt is the ply's `after`.
class Teller {
 public:
  Teller(const Rules& rules, const Position& before, const Ply& ply, int number)
      : rules_(rules),
        before_(before),
        ply_(ply),
        number_(number),
        holes_(rules.holes()),
        board_(before.board),
        captured_(before.captured) {
    story_.number = number;
    story_.before = before;
    story_.ply = ply;
  }

  PlyStory tell() {
    frame(-1, 0);
    for (i_ = 0; i_ < ply_.events.size(); ++i_) tell_event(ply_.events[i_]);
    if (rebuilt_ && en_passant_.empty() && board_ == ply_.after.board && captured_ == ply_.after.captured)
      story_.frames = std::move(frames_);
    return std::move(story_);
  }

 private:
  void tell_event(const Event& e) {
    switch (e.kind) {
      case EventKind::lift:
      case EventKind::relay:
        return lift(e);
      case EventKind::lap:
        return lap(e);
      case EventKind::capture:
      case EventKind::chain_capture:
        return capture(e);
      case EventKind::last_four_award:
        return last_four_award(e);
      case EventKind::side_award:
        return side_award(e);
      case EventKind::endless_sowing:  // SOW-6 void: nothing is sown
        board_ = before_.board;
        captured_ = before_.captured;
        return;
      case EventKind::game_end:  // END-1..3, SOW-6 void: no side is to move any more
        story_.end_status = e.status;
        story_.end_winner = e.winner;
        return;
      case EventKind::sow_end:
      case EventKind::extra_move:
      case EventKind::pass:
        return;
    }
  }

  int lap_number() const { return static_cast<int>(story_.laps.size()); }
  int& hole(int h) { return board_[static_cast<size_t>(h)]; }
  void frame(int hole, int lap) { frames_.push_back({board_, captured_, hole, lap}); }

  void check_hole(int hole, std::string_view field) const {
    if (hole < 0 || hole >= holes_)
      throw InputError(
          fmt::format("ply {}: event {} {} is not a hole of a 2x{} board", number_, field, hole, rules_.holes_per_row));
  }

  void take(int h, int seeds, std::optional<Player> player) {
    if (hole(h) < seeds) rebuilt_ = false;
    hole(h) -= std::min(seeds, hole(h));
    if (player) captured_[index(*player)] += seeds;
  }

  void lift(const Event& e) {  // SOW-1, SOW-5: the whole hole goes into the hand
    check_hole(e.hole, "hole");
    if (hole(e.hole) != e.seeds) rebuilt_ = false;
    hole(e.hole) = 0;
    frame(e.hole, lap_number());
  }

  void lap(const Event& e) {
    check_hole(e.from, "from");
    check_hole(e.to, "to");
    LapStory lap;
    lap.number = lap_number() + 1;
    lap.from = e.from;
    lap.to = e.to;
    lap.seeds = e.seeds;
    lap.skipped_origin = e.rule == RuleId::SOW_3;  // game-record.md: SOW-3 names a skipped origin
    lap.path = lap_path(e.from, std::max(e.seeds, 0), lap.skipped_origin, holes_);
    if (lap.path.empty() || lap.path.back() != e.to) rebuilt_ = false;
    lap.end = lap_end(ply_.events, i_);
    for (int h : lap.path) sow_seed(h, lap.number);
    lap.landing_count = hole(e.to);
    story_.laps.push_back(std::move(lap));
  }

  void sow_seed(int h, int lap) {
    ++hole(h);
    frame(h, lap);
    // CAP-I-1: a seed that makes a casa mid-lap captures it at once.
    if (en_passant_.empty() || en_passant_.front()->hole != h || hole(h) != 4) return;
    const Event& c = *en_passant_.front();
    take(h, c.seeds, c.player);
    story_.captures.push_back(
        {static_cast<int>(story_.captures.size()) + 1, h, c.seeds, c.player, c.rule, false, true, lap});
    en_passant_.erase(en_passant_.begin());
    frame(h, lap);
  }

  void capture(const Event& e) {
    check_hole(e.hole, "hole");
    if (e.rule == RuleId::CAP_I_1) {
      en_passant_.push_back(&e);
      return;
    }
    take(e.hole, e.seeds, e.player);
    story_.captures.push_back({static_cast<int>(story_.captures.size()) + 1, e.hole, e.seeds, e.player, e.rule,
                               e.kind == EventKind::chain_capture, false, std::max(lap_number(), 1)});
    frame(e.hole, lap_number());
  }

  void last_four_award(const Event& e) {  // END-1: what is left on the board goes to the award's player(s)
    if (!board_cleared_) std::fill(board_.begin(), board_.end(), 0);
    board_cleared_ = true;
    if (e.player) captured_[index(*e.player)] += e.seeds;
    frame(-1, lap_number());
  }

  void side_award(const Event& e) {  // END-3, END-4: each player takes the seeds on their own side
    // END-3 third_repetition: the position that occurred a third time is the one before the awards.
    if (e.rule == RuleId::END_3 && !story_.repeated) story_.repeated = Position{board_, captured_, ply_.after.to_move};
    for (int k = 0; k < rules_.holes_per_row; ++k) hole(e.player == Player::south ? k : rules_.holes_per_row + k) = 0;
    if (e.player) captured_[index(*e.player)] += e.seeds;
    frame(-1, lap_number());
  }

  const Rules& rules_;
  const Position& before_;
  const Ply& ply_;
  const int number_, holes_;
  PlyStory story_;
  std::vector<int> board_;
  std::array<int, 2> captured_;
  bool rebuilt_ = true;  // the frames reproduce the recorded position so far
  std::vector<Frame> frames_;
  std::vector<const Event*> en_passant_;  // CAP-I-1 captures listed before the lap they happen in
  bool board_cleared_ = false;            // a last-four award takes whatever is left on the board
  size_t i_ = 0;
};

}  // namespace

PlyStory tell_ply(const Rules& rules, const Position& before, const Ply& ply, int number) {
  PlyStory story = Teller(rules, before, ply, number).tell();
  if (!ply.move.is_pass()) story.endless = endless_moves(rules, before);  // a pass has no move to draw
  return story;
}

PlyStory tell_game_ply(const GameRecord& record, int k) {
  const Position& before = k == 1 ? record.start : record.plies[static_cast<size_t>(k - 2)].after;
  PlyStory story = tell_ply(record.rules, before, record.plies[static_cast<size_t>(k - 1)], k);
  if (!story.repeated) return story;
  // END-3: where the repeated position stood before (the start counts), from the record's positions.
  if (record.start == *story.repeated) story.earlier.push_back(0);
  for (int j = 1; j < k; ++j)
    if (record.plies[static_cast<size_t>(j - 1)].after == *story.repeated) story.earlier.push_back(j);
  return story;
}

std::vector<EndlessMove> endless_moves(const Rules& rules, const Position& position) {
  std::vector<EndlessMove> out;
  const int n = rules.holes_per_row;
  for (int k = 0; k < n; ++k) {
    const int hole = position.to_move == Player::south ? k : n + k;  // BRD-4: the mover's row
    if (position.board[static_cast<size_t>(hole)] == 0) continue;    // SOW-1: not a move
    try {
      const model::MoveOutcome outcome = model::sow_move(rules, position, hole);
      if (outcome.endless)
        out.push_back({hole, static_cast<long>(outcome.laps), static_cast<long>(outcome.repeated_lap)});
    } catch (const UndecidedMove&) {  // Q-LIMIT: neither endless nor known to end
    }
  }
  return out;
}

PlyRange parse_ply_range(std::string_view text) {
  PlyRange range;
  if (text.empty()) return range;
  auto number = [&](std::string_view part) {
    int value = 0;
    const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), value);
    if (part.empty() || error != std::errc() || end != part.data() + part.size() || value < 1)
      throw InputError(fmt::format("--plies '{}': expected K or K..L with plies counted from 1", text));
    return value;
  };
  const auto dots = text.find("..");
  if (dots == std::string_view::npos) {
    range.first = range.last = number(text);
    return range;
  }
  range.first = number(text.substr(0, dots));
  range.last = number(text.substr(dots + 2));
  if (range.last < range.first)
    throw InputError(fmt::format("--plies '{}': the last ply comes before the first", text));
  return range;
}

AnnotatedGame load_annotated_game(const std::string& path, int record) {
  AnnotatedGame game = read_game_file(path, record);
  if (game.kind == GameFileKind::record) replay_record(game.record, game.source);  // annotate only what the rules give
  return game;
}

}  // namespace hoyito
