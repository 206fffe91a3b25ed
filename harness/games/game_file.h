// The game a file describes, for `hoyito show` and `hoyito annotate`: a game record (or one record
// of a JSON Lines file), a scenario of specs/scenarios/, or a disagreement file of `hoyito verify`
// or `hoyito exhaustive`. Each is read by its own reader (io/record.h, io/scenario.h,
// io/transcript.h); this file only picks the reader and turns what it read into a record.
#pragma once

#include <string>
#include <string_view>

#include "core/game.h"

namespace hoyito {

enum class GameFileKind { record, scenario, disagreement };

struct GameOfFile {
  GameFileKind kind = GameFileKind::record;
  std::string title;         // one line: where it came from
  std::string title_es;      // a scenario's in Spanish (its title_es), for Spanish pages; empty otherwise
  std::string source;        // the file, and the record or part of it
  std::string note;          // what a reader should know (the disagreement's field, a refused step)
  std::string refused_move;  // the move the game stops before, refused by the rules ("a", "pass"), if any
  GameRecord record;         // a record as read (not replayed); a scenario or disagreement as the model plays it
};

// Reads document `record` (from 1) of FILE, streaming: the documents before it are parsed and
// dropped, those after it not read. A scenario's moves are played by the reference model up to
// its first refused step; a disagreement file's original moves likewise (its last move left out
// when the model refuses it). Throws InputError naming the file and field.
GameOfFile read_game_file(const std::string& path, int record);
// The same of one JSON document given as text (a scenario built into the program), `name` standing
// for the file in errors.
GameOfFile game_of_text(std::string_view json, const std::string& name);

}  // namespace hoyito
