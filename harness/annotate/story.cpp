#include "harness/annotate/story.h"

#include <algorithm>
#include <charconv>

#include <fmt/format.h>

#include "harness/games/play.h"

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
    case EventKind::relay: return LapStory::End::relay;
    case EventKind::sow_end: return LapStory::End::empty;
    case EventKind::capture: return LapStory::End::capture;
    default: return LapStory::End::stopped;  // Hoyito I: an en passant capture ended the game mid-lap
  }
}

}  // namespace

PlyStory tell_ply(const Rules& rules, const Position& before, const Ply& ply, int number) {
  PlyStory story;
  story.number = number;
  story.before = before;
  story.ply = ply;
  const int holes = rules.holes();
  auto check_hole = [&](int hole, std::string_view field) {
    if (hole < 0 || hole >= holes)
      throw InputError(fmt::format("ply {}: event {} {} is not a hole of a 2x{} board", number, field, hole,
                                   rules.holes_per_row));
  };
  std::vector<int> board = before.board;
  std::array<int, 2> captured = before.captured;
  bool rebuilt = true;  // the frames reproduce the recorded position so far
  std::vector<Frame> frames;
  auto frame = [&](int hole, int lap) { frames.push_back({board, captured, hole, lap}); };
  auto take = [&](int hole, int seeds, std::optional<Player> player) {
    if (board[static_cast<size_t>(hole)] < seeds) rebuilt = false;
    board[static_cast<size_t>(hole)] -= std::min(seeds, board[static_cast<size_t>(hole)]);
    if (player) captured[index(*player)] += seeds;
  };
  frame(-1, 0);
  std::vector<const Event*> en_passant;  // CAP-I-1 captures listed before the lap they happen in
  bool board_cleared = false;            // a last-four award takes whatever is left on the board
  for (size_t i = 0; i < ply.events.size(); ++i) {
    const Event& e = ply.events[i];
    const int lap_number = static_cast<int>(story.laps.size());
    switch (e.kind) {
      case EventKind::lift:
      case EventKind::relay:  // SOW-1, SOW-5: the whole hole goes into the hand
        check_hole(e.hole, "hole");
        if (board[static_cast<size_t>(e.hole)] != e.seeds) rebuilt = false;
        board[static_cast<size_t>(e.hole)] = 0;
        frame(e.hole, lap_number);
        break;
      case EventKind::lap: {
        check_hole(e.from, "from");
        check_hole(e.to, "to");
        LapStory lap;
        lap.number = lap_number + 1;
        lap.from = e.from;
        lap.to = e.to;
        lap.seeds = e.seeds;
        lap.skipped_origin = e.rule == RuleId::SOW_3;  // game-record.md: SOW-3 names a skipped origin
        lap.path = lap_path(e.from, std::max(e.seeds, 0), lap.skipped_origin, holes);
        if (lap.path.empty() || lap.path.back() != e.to) rebuilt = false;
        lap.end = lap_end(ply.events, i);
        for (int hole : lap.path) {
          ++board[static_cast<size_t>(hole)];
          frame(hole, lap.number);
          // CAP-I-1: a seed that makes a casa mid-lap captures it at once.
          if (!en_passant.empty() && en_passant.front()->hole == hole && board[static_cast<size_t>(hole)] == 4) {
            const Event& c = *en_passant.front();
            take(hole, c.seeds, c.player);
            story.captures.push_back({static_cast<int>(story.captures.size()) + 1, hole, c.seeds, c.player, c.rule,
                                      false, true, lap.number});
            en_passant.erase(en_passant.begin());
            frame(hole, lap.number);
          }
        }
        lap.landing_count = board[static_cast<size_t>(e.to)];
        story.laps.push_back(std::move(lap));
        break;
      }
      case EventKind::capture:
      case EventKind::chain_capture:
        check_hole(e.hole, "hole");
        if (e.rule == RuleId::CAP_I_1) {
          en_passant.push_back(&e);
          break;
        }
        take(e.hole, e.seeds, e.player);
        story.captures.push_back({static_cast<int>(story.captures.size()) + 1, e.hole, e.seeds, e.player, e.rule,
                                  e.kind == EventKind::chain_capture, false, std::max(lap_number, 1)});
        frame(e.hole, lap_number);
        break;
      case EventKind::last_four_award:  // END-1: what is left on the board goes to the award's player(s)
        if (!board_cleared) std::fill(board.begin(), board.end(), 0);
        board_cleared = true;
        if (e.player) captured[index(*e.player)] += e.seeds;
        frame(-1, lap_number);
        break;
      case EventKind::side_award:  // END-3: each player takes the seeds on their own side
        for (int k = 0; k < rules.holes_per_row; ++k) {
          const int hole = e.player == Player::south ? k : rules.holes_per_row + k;
          board[static_cast<size_t>(hole)] = 0;
        }
        if (e.player) captured[index(*e.player)] += e.seeds;
        frame(-1, lap_number);
        break;
      case EventKind::endless_sowing:  // SOW-6 void: nothing is sown
        board = before.board;
        captured = before.captured;
        break;
      case EventKind::sow_end:
      case EventKind::extra_move:
      case EventKind::pass:
      case EventKind::game_end:
        break;
    }
  }
  if (rebuilt && en_passant.empty() && board == ply.after.board && captured == ply.after.captured)
    story.frames = std::move(frames);
  return story;
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
