// The optimised Hoyito engine: a second, independent implementation of specs/rules.md.
//
// It shares only core/ (the rules configuration, value types, the record format) with the
// reference model in model/, never any sowing, capture or game-end code: differential testing
// of two implementations proves something only when they were written apart.
//
// Public contract (used by the verification harness; the model offers the same one):
//   engine::Game g(rules, start);      // start must be valid for rules (core validate())
//   g.legal_plies();                   // ascending hole indices, or {kPass}; {} once over
//   Ply ply = g.play(hole_or_kPass);   // events as in specs/game-record.md; throws InputError
//   g.position(); g.status(); g.result(); g.plies_played();
//   g.play_fast(hole_or_kPass);        // same effect, no events: for simulation
#pragma once

#include <cstdint>
#include <vector>

#include "core/game.h"

namespace hoyito::engine {

class Game;  // defined in engine/game.h (the implementation's own layout)

}  // namespace hoyito::engine

#include "engine/game.h"
