// What a disagreement with an engine means, for the engine's author: what differs (both sides'
// values, in words), which rules, and the class it falls in, so that a thousand disagreements of
// one bug are reported once (harness/verify/disagreement_classes.h).
//
// A class is named by a stable id, "SHAPE/RULE+RULE", e.g. "engine-lacks-long-relay/SOW-5+SOW-6":
// the shape says what differs (the engine lacks a legal move, ends the game early, captures fewer
// seeds, loses seeds, ...) and, where it matters, what kind of move it was; the rules are those
// of the model's events at the place where the two part. The id depends on the position and the
// rules only, never on counts or timings, so that an expect file (--expect) names it across runs.
//
// The shapes, in the order they are tried on a state after a ply: seeds not conserved (the
// engine's board and captures do not add up to the start's seeds) first, then the game's status,
// the winner, the captures, the board, the side to move.
#pragma once

#include <string>
#include <vector>

#include "core/game.h"
#include "io/transcript.h"

namespace hoyito {

// A relay sowing longer than this many laps is "long": where engines cap their sowings (a
// MancalaGames sowing stops at 75). One class for every cap above it.
inline constexpr long kLongSowingLaps = 32;

struct Diagnosis {
  std::string class_id;                  // "SHAPE/RULES": stable across runs
  std::string shape;                     // SHAPE alone
  std::string words;                     // the class in words, e.g. "the engine does not list a legal move ..."
  std::vector<RuleId> rules;             // sorted, distinct
  std::vector<std::string> differences;  // what differs at this ply, both sides, one line each
  long laps = 0;                         // the sowing concerned (the move missing or refused, or the ply): its laps
  int missing = 0;                       // seeds not conserved: how many the engine lost (negative: made)
};

// Diagnoses `d` (a disagreement of the model with another implementation, the model's side
// first) by replaying its moves on the reference model.
Diagnosis diagnose(const Disagreement& d);

// "SOW-5+SOW-6" (the rules of a class id).
std::string rules_text(const std::vector<RuleId>& rules, const char* separator = "+");

}  // namespace hoyito
