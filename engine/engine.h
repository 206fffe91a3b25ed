// The optimised Hoyito engine: a second, independent implementation of specs/rules.md.
//
// It shares only core/ (the rules configuration, value types, the record format) with the
// reference model in model/, never any sowing, capture or game-end code: differential testing
// of two implementations proves something only when they were written apart.
//
// Its contract with the harness is the concept GameImplementation of core/implementation.h
// (and FastGame, for legal_mask and play_fast), checked at the end of this file.
#pragma once

#include <cstdint>
#include <vector>

#include "core/game.h"
#include "core/implementation.h"

namespace hoyito::engine {

class Game;  // defined in engine/game.h (the implementation's own layout)

}  // namespace hoyito::engine

#include "engine/game.h"

static_assert(hoyito::FastGame<hoyito::engine::Game>);  // core/implementation.h
