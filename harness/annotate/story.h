// Annotated games for rule books (`hoyito annotate`, `hoyito examples`).
//
// Everything said about a ply comes from one place: tell_ply() turns the ply's recorded events
// (specs/game-record.md "Events") into a PlyStory, and the account (account.h), the alt
// text, the SVG diagram (diagram.h) and the notation (notation.h) are all read off that story,
// so the picture, the words and the move text cannot disagree.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "harness/games/game_file.h"

namespace hoyito {

// One lap of a move as its events tell it.
struct LapStory {
  enum class End { relay, empty, capture, stopped };  // SOW-5, SOW-4, a casa, END-1 mid-lap (Hoyito I)
  int number = 1;                                     // from 1
  int from = 0, to = 0, seeds = 0;
  bool skipped_origin = false;  // SOW-3 with skip_origin: the lap went past its own hole
  std::vector<int> path;        // every hole a seed fell into, in order (path.back() == to)
  End end = End::empty;
  int landing_count = 0;  // what `to` held once the lap's last seed was in it
};

// One captured hole, in capture order.
struct CaptureStory {
  int order = 1;  // from 1
  int hole = 0, seeds = 0;
  std::optional<Player> player;  // as the event has it (a record may lack it)
  RuleId rule = RuleId::CAP_II_1;
  bool chain = false;       // CAP-II-2: part of the backward run after the landing hole
  bool en_passant = false;  // CAP-I-1
  int lap = 1;              // the lap it happened in
};

// A board after one step of a move: what the HTML page animates, seed by seed.
struct Frame {
  std::vector<int> board;
  std::array<int, 2> captured{0, 0};
  int hole = -1;  // the hole this step touched
  int lap = 0;
};

// A move of the mover whose relay sowing never ends (SOW-6): the state at the end of lap `lap`
// repeats that of lap `repeated_lap` (model::MoveVerdict).
struct EndlessMove {
  int hole = 0;
  long lap = 0, repeated_lap = 0;
};

// SOW-6: the mover's non-empty holes whose sowing is endless on `position`, in hole order (a move
// undecided by Q-LIMIT is left out: it is neither endless nor known to end).
std::vector<EndlessMove> endless_moves(const Rules& rules, const Position& position);

struct PlyStory {
  int number = 1;  // the ply's number in its game, from 1
  Position before;
  Ply ply;
  std::vector<LapStory> laps;
  std::vector<CaptureStory> captures;
  std::vector<Frame> frames;            // empty when the events do not rebuild `ply.after` (then no animation)
  std::vector<EndlessMove> endless;     // SOW-6: the mover's endless moves before the ply (the played one under void)
  Status end_status = Status::playing;  // the game_end event's status and winner: the game is over after the ply
  Winner end_winner = Winner::none;
  // END-3 under third_repetition: the position whose third occurrence ended the game (the one
  // before the side awards) and where it stood before it: 0 for the start, K for after ply K
  // (tell_game_ply; tell_ply alone leaves `earlier` empty).
  std::optional<Position> repeated;
  std::vector<int> earlier;
  bool game_over() const { return end_status != Status::playing; }
  bool captured_any() const { return !captures.empty(); }
};

// Builds the story of `ply` played on `before`; throws InputError when the events do not fit the
// position (a lap from an empty hole, a hole off the board).
PlyStory tell_ply(const Rules& rules, const Position& before, const Ply& ply, int number);
// Ply k (from 1) of `record` told as tell_ply does, with what only the whole game says: where a
// third repetition's position stood before (END-3).
PlyStory tell_game_ply(const GameRecord& record, int k);

// A game to annotate: the game a record, scenario or disagreement file describes (harness/games/game_file.h).
using AnnotatedGame = GameOfFile;

// Reads FILE as read_game_file does (`record` picks one, from 1), a game record replayed against
// the rules so that only what the rules give is annotated. Throws InputError naming the file and field.
AnnotatedGame load_annotated_game(const std::string& path, int record);

// A range of plies "K..L", "K" or "" (every ply); throws InputError naming --plies.
struct PlyRange {
  int first = 1, last = -1;  // last -1: to the end
};
PlyRange parse_ply_range(std::string_view text);

}  // namespace hoyito
