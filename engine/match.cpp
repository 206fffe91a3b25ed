// A Hoyito III match as a running tally (MATCH-1..3): see engine/match.h.
#include "engine/match.h"

#include <cassert>

#include "engine/sides.h"

namespace hoyito::engine {

namespace {

// MATCH-2 (G9): who starts the game after one that `starter` started and that ended `result`.
// With `loser` the player who lost starts; after a draw (no loser), and always with
// `alternate`, the turn to start passes to the other player.
Player following_starter(MatchStarter rule, Player starter, Winner result) {
  if (rule == MatchStarter::loser && is_player(result)) return opponent_of(player_of(result));
  return opponent_of(starter);
}

// +1 for a game South won, -1 for North, 0 for a draw: the step of the games-won lead.
int won_step(Winner result) { return result == Winner::south ? 1 : result == Winner::north ? -1 : 0; }

}  // namespace

Match::Match(const Rules& base) : base_(base) {
  standing_.starters.push_back(Player::south);         // MATCH-2: South starts game 1
  standing_.previous_winners.push_back(Winner::none);  // MATCH-1: game 1 has no previous game
}

Rules Match::next_rules() const {
  return rules_for_round(base_, games_played() + 1, standing_.previous_winners.back());  // MATCH-1
}

void Match::add(const MatchGame& game) {
  // Q-MATCH: a finished game's captures hold every seed (END-1, END-3 share out the board).
  assert(game.captured[0] + game.captured[1] == seed_total(base_));
  const Winner result = winner_by_captures(game.captured);  // END-III-1: as END-2
  if (is_player(result)) standing_.games_won[index(player_of(result))] += 1;
  for (const Player p : kPlayers) standing_.seeds[index(p)] += game.captured[index(p)];
  won_lead_ += won_step(result);
  seed_lead_ += game.captured[index(Player::south)] - game.captured[index(Player::north)];
  // MATCH-2: the next game's starter; MATCH-1: this game's result is the next game's previous one.
  standing_.starters.push_back(following_starter(base_.options.match_starter, next_starter(), result));
  standing_.previous_winners.push_back(result);
  // MATCH-3: more games won; if equal, more seeds over all games; if those are equal too, drawn.
  standing_.winner = winner_by_lead(won_lead_ != 0 ? won_lead_ : seed_lead_);
}

MatchStanding match_standing(const Rules& rules, const std::vector<MatchGame>& games) {
  Match match(rules);
  for (const MatchGame& game : games) match.add(game);
  return match.standing();
}

Rules rules_for_round(const Rules& rules, int round, Winner previous_winner) {
  // MATCH-1: the round and the previous game's result are part of the game's rules (they pick
  // the last-four award of rounds 3 and later, END-III-3/4); round 1 has no previous game.
  Rules r = rules;
  r.round = round;
  r.previous_winner = round > 1 ? previous_winner : Winner::none;
  return r;
}

}  // namespace hoyito::engine
