// The matches check: Hoyito III matches of four games (MATCH-1..3, END-III-2..4, G8, G9). Each
// match runs on the model's match rules (model/match.cpp) and on the engine's (engine::Match,
// engine/match.h) side by side: before every game and at the end the two must agree on the next
// game's rules (MATCH-1), its starter (MATCH-2) and the standing (MATCH-3: games won, seeds,
// winner, the history). Each game is played in lockstep, for every G8 x G9 x board size. A
// difference between the two matches is written to OUT/match-disagreement-N.json.
#include <optional>

#include <fmt/format.h>
#include <boost/json.hpp>

#include "engine/match.h"
#include "engine/sides.h"
#include "harness/base/campaign.h"
#include "harness/verify/checks.h"
#include "harness/verify/configurations.h"
#include "io/output.h"
#include "io/record.h"
#include "model/model.h"

namespace hoyito {

namespace {

constexpr std::uint64_t kMatchSalt = 0x6d61746368ULL;  // "match": mixed into the seed of every match game
constexpr int kRounds = 4;                             // games in a match
constexpr int kMatchesPerGames = 10;                   // one match per ten lockstep games of --games

struct Match {
  Rules base;  // round 1's rules; G8 and G9 set
  long index;  // the match's number in the run, which seeds its games
};

// The matches of a run, one rules set after another, worked out from the index (--games
// 2147483647 asks for a billion of them: not held in memory).
class MatchPlan {
 public:
  explicit MatchPlan(const VerifyOptions& options) : rules_(match_rules()) {
    for (const Rules& base : rules_) {
      const int n = base.holes_per_row;
      ends_.push_back(size() +
                      static_cast<std::size_t>(std::max(
                          1, (n == 6 ? options.games : Configuration::games_2x12(options.games)) / kMatchesPerGames)));
    }
  }
  std::size_t size() const { return ends_.empty() ? 0 : ends_.back(); }
  Match at(std::size_t index) const {
    std::size_t k = 0;
    while (ends_[k] <= index) ++k;
    return {rules_[k], static_cast<long>(index)};
  }

 private:
  std::vector<Rules> rules_;
  std::vector<std::size_t> ends_;  // the end of each rules set's matches in the index
};

struct MatchCounts {
  int games = 0, disagreements = 0, match_disagreements = 0;
  long plies = 0;
};

// What one implementation says of a match before its next game (or, without next_rules, at its
// end).
struct MatchView {
  std::optional<Rules> next_rules;  // MATCH-1
  MatchStanding standing;           // MATCH-2 (starters), MATCH-3 (games won, seeds, winner)
};

// The model's view: one match_standing and (before a game) one rules_for_round, as many calls
// as before the engine had a match of its own, so that the rule coverage counts stay the same.
MatchView model_view(const Rules& base, const std::vector<MatchGame>& played, bool before_a_game) {
  MatchView v{std::nullopt, model::match_standing(base, played)};
  if (before_a_game)
    v.next_rules =
        model::rules_for_round(base, static_cast<int>(played.size()) + 1, v.standing.previous_winners.back());
  return v;
}

MatchView engine_view(const engine::Match& match, bool before_a_game) {
  MatchView v{std::nullopt, match.standing()};
  if (before_a_game) v.next_rules = match.next_rules();
  return v;
}

// The first thing the two views differ in, named by its rule; nothing when they agree.
std::optional<std::string> first_difference(const MatchView& m, const MatchView& e) {
  if (m.next_rules != e.next_rules) return "the next game's rules (MATCH-1)";
  if (m.standing.starters != e.standing.starters) return "the starters (MATCH-2)";
  if (m.standing.previous_winners != e.standing.previous_winners) return "the previous winners (MATCH-1)";
  if (m.standing.games_won != e.standing.games_won) return "the games won (MATCH-3)";
  if (m.standing.seeds != e.standing.seeds) return "the seeds (MATCH-3)";
  if (m.standing.winner != e.standing.winner) return "the match winner (MATCH-3)";
  return std::nullopt;
}

boost::json::object view_json(const MatchView& v) {
  boost::json::array starters, previous, won{v.standing.games_won[0], v.standing.games_won[1]},
      seeds{v.standing.seeds[0], v.standing.seeds[1]};
  for (const Player p : v.standing.starters) starters.emplace_back(player_name(p));
  for (const Winner w : v.standing.previous_winners) previous.emplace_back(winner_name(w));
  boost::json::object out{{"starters", starters},
                          {"previous_winners", previous},
                          {"games_won", won},
                          {"seeds", seeds},
                          {"winner", winner_name(v.standing.winner)}};
  if (v.next_rules) out["next_rules"] = to_json(*v.next_rules);
  return out;
}

// Writes OUT/match-disagreement-N.json: the match, the games played so far (their captures) and
// both views, whole (io/output.h).
std::string write_match_disagreement(const VerifyOptions& options, int number, const Match& match,
                                     const std::vector<MatchGame>& played, const MatchView& m, const MatchView& e,
                                     const std::string& field) {
  boost::json::array games;
  for (const MatchGame& g : played) games.push_back(boost::json::array{g.captured[0], g.captured[1]});
  const boost::json::object doc{{"check", "matches"},           {"match", match.index},  {"seed", options.seed},
                                {"rules", to_json(match.base)}, {"differs_in", field},   {"games", games},
                                {"model", view_json(m)},        {"engine", view_json(e)}};
  const std::string path = fmt::format("{}/match-disagreement-{}.json", options.out, number);
  write_whole_file(path, boost::json::serialize(doc) + "\n");
  return path;
}

// Reports and writes a difference between the two views of a match after `played`. Returns 1
// when they differ, 0 when they agree.
int compare_matches(const Match& match, const std::vector<MatchGame>& played, const MatchView& m, const MatchView& e,
                    const VerifyOptions& options, MatchCounts& counts, Reporter& reporter) {
  const std::optional<std::string> field = first_difference(m, e);
  if (!field) return 0;
  const std::string path = write_match_disagreement(options, ++counts.match_disagreements, match, played, m, e, *field);
  reporter.line(
      fmt::format("DISAGREEMENT in hoyito3 2x{} match {} after {} games: the engine's match differs from "
                  "the model's in {}, written to {}",
                  match.base.holes_per_row, match.index, played.size(), *field, path));
  return 1;
}

// Plays one match in lockstep until its last round, a disagreement (of a game or of the two
// matches), or a game with no winner. Returns the disagreements (0 or 1).
int play_match(const Match& match, const VerifyOptions& options, MatchCounts& counts, Reporter& reporter) {
  std::vector<MatchGame> played;
  engine::Match engine_match(match.base);
  for (int round = 1; round <= kRounds; ++round) {
    const MatchView view = model_view(match.base, played, true);
    if (compare_matches(match, played, view, engine_view(engine_match, true), options, counts, reporter)) return 1;
    const Rules& rules = *view.next_rules;
    SplitMix64 rng{Campaign::seed_of(options.seed ^ kMatchSalt,
                                     static_cast<std::uint64_t>(match.index) * 8 + static_cast<std::uint64_t>(round))};
    const LockstepGame game = lockstep_game(rules, engine::opening_position(rules, view.standing.starters.back()), rng);
    counts.games += 1;
    counts.plies += game.plies;
    if (game.disagreement) {
      reporter.line(fmt::format("DISAGREEMENT in a hoyito3 2x{} match, round {}: {} at ply {}", rules.holes_per_row,
                                round, game.disagreement->field, game.disagreement->moves.size()));
      return 1;
    }
    if (game.result.status != Status::finished) break;  // no winner: the match cannot go on (Q-MATCH)
    played.push_back({game.result.captured});
    engine_match.add(played.back());
  }
  // The final standing (MATCH-3 fires: rule coverage).
  return compare_matches(match, played, model_view(match.base, played, false), engine_view(engine_match, false),
                         options, counts, reporter);
}

}  // namespace

CheckResult run_matches(const VerifyOptions& options, Reporter& reporter) {
  const Stopwatch clock;
  const MatchPlan matches(options);
  MatchCounts counts;
  std::size_t played = 0;
  // One by one: the check takes a few seconds, and its counts need no lock.
  counts.disagreements = run_one_by_one(
      "matches", "matches", matches.size(),
      [&](std::size_t i) {
        played += 1;
        return play_match(matches.at(i), options, counts, reporter);
      },
      [&](std::size_t i) { return fmt::format("hoyito3 2x{} match {}", matches.at(i).base.holes_per_row, i); }, options,
      reporter, seconds_left(options));
  reporter.line(
      fmt::format("matches: {} hoyito3 matches{}, {} games, {} plies in lockstep, {} disagreements ({:.1f} s)", played,
                  played < matches.size() ? fmt::format(" of {}", matches.size()) : "", counts.games, counts.plies,
                  counts.disagreements, clock.seconds()));
  CheckResult result;
  result.failures = counts.disagreements;
  result.checked = counts.games;
  return result;
}

}  // namespace hoyito
