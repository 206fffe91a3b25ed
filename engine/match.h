// A Hoyito III match in the engine (MATCH-1..3), written from specs/rules.md apart from the
// model's model/match.cpp: differential testing compares the two round by round
// (tests/harness/verify/match_test.cpp, and hoyito verify's matches check, harness/verify/check_matches.cpp).
//
// The engine's way is a running tally: engine::Match takes the games one at a time, as they are
// played, and always knows the next game's rules (MATCH-1) and starter (MATCH-2) and the
// standing so far (MATCH-3), in constant work per game. match_standing() and rules_for_round()
// mirror the model's functions of the same names (model/model.h) on top of it, so that the
// harness can drive either implementation with the same calls and compare MatchStanding values.
//
// Q-MATCH: only finished games (a winner or a draw) enter a match; a game with no winner
// (unterminated, void, undecided) ends the match with no result, and the caller stops there.
#pragma once

#include <array>
#include <vector>

#include "core/game.h"

namespace hoyito::engine {

class Match {
 public:
  // `base`: the rules of every game (Hoyito III, G8 and G9 set); its round and previous winner
  // are replaced game by game.
  explicit Match(const Rules& base);

  int games_played() const { return static_cast<int>(standing_.previous_winners.size()) - 1; }
  // MATCH-1: the rules of the next game: round games_played() + 1, the previous game's result.
  Rules next_rules() const;
  // MATCH-2: who starts the next game.
  Player next_starter() const { return standing_.starters.back(); }
  // Adds a finished game (its captures, board seeds awarded) and moves the tally on.
  void add(const MatchGame& game);
  // MATCH-3 and the history: starters and previous winners of every game so far and the next.
  const MatchStanding& standing() const { return standing_; }

 private:
  Rules base_;
  MatchStanding standing_;
  int won_lead_ = 0;   // South's games won minus North's (MATCH-3, first criterion)
  int seed_lead_ = 0;  // South's seeds minus North's over all games (MATCH-3, second)
};

// The model's API (model/model.h), the engine's rules: the standing after `games` (MATCH-1..3)
// and the rules of game `round` given the previous game's result (MATCH-1).
MatchStanding match_standing(const Rules& rules, const std::vector<MatchGame>& games);
Rules rules_for_round(const Rules& rules, int round, Winner previous_winner);

}  // namespace hoyito::engine
