// The matches check: Hoyito III matches of four games (MATCH-1..3, END-III-2..4, G8, G9), each
// game played in lockstep with the round, previous winner and starter the model's match rules
// give, for every G8 x G9 x board size.
#include <fmt/format.h>

#include "harness/base/campaign.h"
#include "harness/verify/checks.h"
#include "harness/verify/configurations.h"
#include "model/model.h"

namespace hoyito {

namespace {

constexpr std::uint64_t kMatchSalt = 0x6d61746368ULL;  // "match": mixed into the seed of every match game
constexpr int kRounds = 4;                             // games in a match
constexpr int kMatchesPerGames = 10;                   // one match per ten lockstep games of --games

struct Match {
  Rules base;  // round 1's rules; G8 and G9 set
  int index;   // the match's number in the run, which seeds its games
};

std::vector<Match> matches_of(const VerifyOptions& options) {
  std::vector<Match> out;
  for (const Rules& base : match_rules()) {
    const int n = base.holes_per_row;
    const int count = std::max(1, (n == 6 ? options.games : Configuration::games_2x12(options.games)) / kMatchesPerGames);
    for (int m = 0; m < count; ++m) out.push_back({base, static_cast<int>(out.size())});
  }
  return out;
}

struct MatchCounts {
  int games = 0, disagreements = 0;
  long plies = 0;
};

// Plays one match in lockstep until its last round, a disagreement, or a game with no winner.
// Returns the disagreements (0 or 1).
int play_match(const Match& match, std::uint64_t seed, MatchCounts& counts, Reporter& reporter) {
  std::vector<model::MatchGame> played;
  for (int round = 1; round <= kRounds; ++round) {
    const model::MatchStanding standing = model::match_standing(match.base, played);
    const Rules rules = model::rules_for_round(match.base, round, standing.previous_winners.back());
    SplitMix64 rng{Campaign::seed_of(seed ^ kMatchSalt, static_cast<std::uint64_t>(match.index * 8 + round))};
    const LockstepGame game = lockstep_game(rules, start_position(rules, standing.starters.back()), rng);
    counts.games += 1;
    counts.plies += game.plies;
    if (game.disagreement) {
      reporter.line(fmt::format("DISAGREEMENT in a hoyito3 2x{} match, round {}: {} at ply {}", rules.holes_per_row, round,
                                game.disagreement->field, game.disagreement->moves.size()));
      return 1;
    }
    if (game.result.status != Status::finished) break;  // no winner: the match cannot go on
    played.push_back({game.result.captured});
  }
  model::match_standing(match.base, played);  // the final standing (MATCH-3 fires: rule coverage)
  return 0;
}

}  // namespace

CheckResult run_matches(const VerifyOptions& options, Reporter& reporter) {
  const Stopwatch clock;
  const std::vector<Match> matches = matches_of(options);
  MatchCounts counts;
  // One by one: the check takes a few seconds, and its counts need no lock.
  counts.disagreements = run_one_by_one(
      "matches", "matches", matches.size(), [&](std::size_t i) { return play_match(matches[i], options.seed, counts, reporter); },
      [&](std::size_t i) { return fmt::format("hoyito3 2x{} match {}", matches[i].base.holes_per_row, i); }, options,
      reporter);
  reporter.line(fmt::format("matches: {} hoyito3 matches, {} games, {} plies in lockstep, {} disagreements ({:.1f} s)",
                            matches.size(), counts.games, counts.plies, counts.disagreements, clock.seconds()));
  CheckResult result;
  result.failures = counts.disagreements;
  result.checked = counts.games;
  return result;
}

}  // namespace hoyito
