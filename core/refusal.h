// Why a ply is refused, as a value: the model and the engine each throw a RefusedPly carrying
// one of these reasons (each sets it on its own), and callers test the reason, never the
// message text (whose wording the two need not share).
#pragma once

#include <cstdint>
#include <exception>
#include <optional>
#include <string>
#include <string_view>

#include "core/rules.h"

namespace hoyito {

enum class Refusal : std::uint8_t {
  illegal,    // not a legal ply here (SOW-1, PASS-1..3: not the mover's non-empty hole, a pass not due)
  endless,    // its relay sowing never ends (SOW-6, endless_sowing = illegal)
  undecided,  // neither ends nor repeats a lap-end state within lap_limit (Q-LIMIT): legality unknown
  game_over,  // the game is over (END-1..3): no ply can be played
};
std::string_view refusal_name(Refusal reason);  // "illegal", "endless", "undecided", "game_over"

// A ply refused by the rules (model::Game::play, engine::Game::play, legal_moves for undecided).
// An InputError: the message is one line for people; `reason` is for programs.
struct RefusedPly : InputError {
  RefusedPly(Refusal why, const std::string& message) : InputError(message), reason(why) {}
  Refusal reason;
};

// A move whose legality cannot be decided within the rules' lap_limit guard (Q-LIMIT): its relay
// sowing has neither ended nor repeated a lap-end state. Met in 2x12 play about once in a million
// games at the default guard (core/rules.h kDefaultLapLimit, specs/endless-sowing.md), and at once with a
// small lap_limit. Its own type so that callers may catch it alone.
struct UndecidedMove : RefusedPly {
  explicit UndecidedMove(const std::string& message) : RefusedPly(Refusal::undecided, message) {}
};

// An error that may carry the refusal of a ply without being a RefusedPly: an engine's refusal
// over the protocol (harness/games/engine_session.h), whose reason may also be one that refuses
// no ply (unsupported, invalid). refusal_of() reads it.
struct CarriesRefusal {
  virtual ~CarriesRefusal() = default;
  virtual std::optional<Refusal> carried_refusal() const = 0;
};

// The reason of `error` when it is a refused ply; nullopt for any other error.
std::optional<Refusal> refusal_of(const std::exception& error);

}  // namespace hoyito
