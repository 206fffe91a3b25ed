// The compact game notation (specs/notation.md): one token per ply, the hole letter (South's
// a.., North's A..: BRD-4) or `pass`, with `*` after a move that captured. `hoyito apply
// --moves` reads it back and checks every `*` against the captures the move really makes.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "harness/games/play.h"

namespace hoyito {

std::string ply_notation(const Ply& ply, int holes_per_row);                  // "c", "A*", "pass"
std::string game_notation(const std::vector<Ply>& plies, int holes_per_row);  // tokens, space-separated

struct NotationMove {
  std::string move;             // a hole letter or "pass", as play_moves() takes it
  bool marked_capture = false;  // written with `*`
};
// Splits a move list on white space and commas; throws InputError naming --moves and the token.
std::vector<NotationMove> parse_notation(std::string_view text);

// Plays a move list in the notation from `start` with the reference model; a `*` on a move that
// captures nothing is refused with the move's number. A capturing move written without its `*`
// is accepted (plain letter lists, as `hoyito apply` always took, stay valid).
GameRecord play_notation(const Rules& rules, const Position& start, std::string_view text,
                         PlayedBy by = PlayedBy::model);

}  // namespace hoyito
