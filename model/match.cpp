// A Hoyito III match: rounds (MATCH-1), who starts (MATCH-2, G9) and who wins (MATCH-3, G9).
#include "model/model.h"
#include "model/rule_counts.h"

namespace hoyito::model {

Rules rules_for_round(const Rules& rules, int round, Winner previous_winner) {
  // MATCH-1: the round and the previous game's result belong to each game's rules; they decide
  // the last four in rounds 3 and later (END-III-3, END-III-4).
  count_rule(RuleId::MATCH_1);
  Rules r = rules;
  r.round = round;
  r.previous_winner = round == 1 ? Winner::none : previous_winner;
  return r;
}

MatchStanding match_standing(const Rules& rules, const std::vector<MatchGame>& games) {
  MatchStanding s;
  s.starters.push_back(Player::south);  // MATCH-2: South starts game 1
  s.previous_winners.push_back(Winner::none);
  for (const MatchGame& game : games) {
    const Winner winner = winner_by_captures(game.captured);  // END-III-1, END-2
    if (winner != Winner::draw) s.games_won[index(player_of(winner))] += 1;
    for (const Player p : kPlayers) s.seeds[index(p)] += game.captured[index(p)];
    const Player last_starter = s.starters.back();
    Player next_starter = opponent_of(last_starter);  // MATCH-2: the players alternate ...
    if (rules.options.match_starter == MatchStarter::loser && winner != Winner::draw)
      next_starter = opponent_of(player_of(winner));  // ... or (G9 loser) the loser starts; after a draw they alternate
    count_rule(RuleId::MATCH_2);
    s.starters.push_back(next_starter);
    s.previous_winners.push_back(winner);
  }
  if (!games.empty()) {
    count_rule(RuleId::MATCH_3);
    // MATCH-3: more games won, then more seeds over all games; otherwise drawn.
    if (s.games_won[index(Player::south)] != s.games_won[index(Player::north)])
      s.winner = s.games_won[index(Player::south)] > s.games_won[index(Player::north)] ? Winner::south : Winner::north;
    else
      s.winner = winner_by_captures(s.seeds);
  }
  return s;
}

}  // namespace hoyito::model
