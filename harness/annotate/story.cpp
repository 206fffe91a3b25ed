#include "harness/annotate/story.h"

#include <algorithm>
#include <charconv>

#include <fmt/format.h>

#include "harness/games/play.h"
#include "io/event_replay.h"
#include "model/model.h"

namespace hoyito {

namespace {

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

// Tells one ply: its laps, captures and end from the events as recorded; the seed-by-seed frames,
// each lap's path and landing count from the one interpreter of events (io/event_replay), kept
// only when its replay is the ply's `after`.
class Teller {
 public:
  Teller(const Rules& rules, const Position& before, const Ply& ply, int number)
      : rules_(rules), ply_(ply), number_(number), holes_(rules.holes()) {
    story_.number = number;
    story_.before = before;
    story_.ply = ply;
  }

  PlyStory tell() {
    for (size_t i = 0; i < ply_.events.size(); ++i) tell_event(ply_.events[i], i);
    replay();
    return std::move(story_);
  }

 private:
  void tell_event(const Event& e, size_t i) {
    switch (e.kind) {
      case EventKind::lap:
        return lap(e, i);
      case EventKind::capture:
      case EventKind::chain_capture:
        return capture(e);
      case EventKind::game_end:  // END-1..3, SOW-6 void: no side is to move any more
        story_.end_status = e.status;
        story_.end_winner = e.winner;
        return;
      default:
        return;
    }
  }

  int lap_number() const { return static_cast<int>(story_.laps.size()); }

  void check_hole(int hole, std::string_view field) const {
    if (hole < 0 || hole >= holes_)
      throw InputError(
          fmt::format("ply {}: event {} {} is not a hole of a 2x{} board", number_, field, hole, rules_.holes_per_row));
  }

  void lap(const Event& e, size_t i) {
    check_hole(e.from, "from");
    check_hole(e.to, "to");
    LapStory lap;
    lap.number = lap_number() + 1;
    lap.from = e.from;
    lap.to = e.to;
    lap.seeds = e.seeds;
    lap.skipped_origin = e.rule == RuleId::SOW_3;  // game-record.md: SOW-3 names a skipped origin
    lap.end = lap_end(ply_.events, i);
    story_.laps.push_back(std::move(lap));
  }

  void capture(const Event& e) {
    check_hole(e.hole, "hole");
    const bool en_passant = e.rule == RuleId::CAP_I_1;  // CAP-I-1: listed before the lap it happens in
    story_.captures.push_back({static_cast<int>(story_.captures.size()) + 1, e.hole, e.seeds, e.player, e.rule,
                               e.kind == EventKind::chain_capture, en_passant,
                               en_passant ? lap_number() + 1 : std::max(lap_number(), 1)});
  }

  // Replays the events seed by seed: a frame a step, each seed on its lap's path.
  void replay() {
    Position now = story_.before;
    std::vector<Frame> frames{{now.board, now.captured, -1, 0}};
    const std::string wrong = replay_events(
        rules_, now, ply_, [&](ReplayStep step, const Position& at, int hole, int lap, const Event& cause) {
          if (step == ReplayStep::award && cause.rule == RuleId::END_3) repeated_before_awards(frames.back());
          frames.push_back({at.board, at.captured, hole, lap});
          if (step != ReplayStep::seed || lap < 1 || lap > lap_number()) return;
          LapStory& story = story_.laps[static_cast<size_t>(lap - 1)];
          story.path.push_back(hole);
          story.landing_count = at.board[static_cast<size_t>(hole)];
        });
    if (wrong.empty() && now.board == ply_.after.board && now.captured == ply_.after.captured)
      story_.frames = std::move(frames);
  }

  // END-3 third_repetition: the position that occurred a third time is the one before the awards.
  void repeated_before_awards(const Frame& last) {
    if (!story_.repeated) story_.repeated = Position{last.board, last.captured, ply_.after.to_move};
  }

  const Rules& rules_;
  const Ply& ply_;
  const int number_, holes_;
  PlyStory story_;
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
