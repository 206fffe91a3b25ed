// What `hoyito simulate` counts, and the figures derived from the counts.
//
// Every count is an integer kept in a structure of fixed size (a few histograms and tables sized
// by the rules, never by the number of games), so that memory does not grow with a run, two
// counts merge by addition (and max), and the merged JSON of shards is the same bytes as one
// run's. The figures (rates with 95% Wilson intervals, means, quartiles, fairness p-values) are
// computed from the counts only when they are written.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <boost/json.hpp>

#include "core/game.h"

namespace hoyito {

// The five ways a game can come out, by seat.
enum Outcome : int { south_win, north_win, draw, unterminated, void_result };
inline constexpr int kOutcomes = 5;
inline constexpr std::array<const char*, kOutcomes> kOutcomeNames = {"south", "north", "draw", "unterminated", "void"};
Outcome outcome_of(const Result& result);

// Counts of whole numbers 0..size-1 (one bin each), with the values past them in `overflow`.
struct Histogram {
  std::vector<std::uint64_t> bins;
  std::uint64_t overflow = 0;
  std::uint64_t total = 0;  // values added
  std::uint64_t sum = 0;    // of every value added, overflow included
  std::uint64_t max = 0;

  Histogram() = default;
  explicit Histogram(std::size_t size) : bins(size, 0) {}
  void add(std::uint64_t value);
  void merge(const Histogram& other);
  std::optional<double> mean() const;    // none when empty
  std::optional<double> stddev() const;  // sample standard deviation; none when n < 2 or overflow
  // Nearest rank: the smallest value v with at least ceil(q * total) values <= v; none when
  // empty or when that rank falls in the overflow.
  std::optional<std::uint64_t> quantile(double q) const;
  std::optional<std::uint64_t> min() const;  // the smallest value added; none when empty or all in the overflow
  bool operator==(const Histogram&) const = default;
};

// Counts by powers of two: bin 0 holds the value 0, bin k (k >= 1) the values 2^(k-1)..2^k-1.
struct Log2Histogram {
  std::array<std::uint64_t, 65> bins{};
  std::uint64_t total = 0, sum = 0, max = 0;
  static int bin_of(std::uint64_t value);
  void add(std::uint64_t value);
  void merge(const Log2Histogram& other);
  bool operator==(const Log2Histogram&) const = default;
};

// A per-ply rate k/n whose plies come in clusters (games): the plies of one game are not
// independent (a forced ply makes the next more likely forced), so the interval is computed from
// the spread between games, not between plies. Kept as sums over clusters that merge by addition.
struct ClusterSums {
  std::uint64_t clusters = 0;            // games with n > 0
  std::uint64_t k = 0, n = 0;            // successes and trials, summed
  std::uint64_t kk = 0, kn = 0, nn = 0;  // sums of k_i^2, k_i n_i, n_i^2 over the games
  void add(std::uint64_t ki, std::uint64_t ni) {
    if (ni == 0) return;
    clusters += 1;
    k += ki;
    n += ni;
    kk += ki * ki;
    kn += ki * ni;
    nn += ni * ni;
  }
  void merge(const ClusterSums& o) {
    clusters += o.clusters;
    k += o.k;
    n += o.n;
    kk += o.kk;
    kn += o.kn;
    nn += o.nn;
  }
  bool operator==(const ClusterSums&) const = default;
};

// The smallest deal index seen (kept as deal + 1; 0: none): merged by taking the smaller.
struct SmallestDeal {
  std::uint64_t plus_one = 0;
  void add(std::uint64_t deal) { merge(SmallestDeal{deal + 1}); }
  void merge(const SmallestDeal& other) {
    if (other.plus_one != 0 && (plus_one == 0 || other.plus_one < plus_one)) plus_one = other.plus_one;
  }
  bool operator==(const SmallestDeal&) const = default;
};

// One player's moves in one game made in positions an endgame table covers (simulate --tables
// DIR; docs/simulate.md, "Skill against the endgame tables"). A move keeps the value when its
// table value's lo is the best lo over the legal plies (specs/endgame-tables.md: the moves that
// keep the value); the seeds it loses are that best lo minus its lo. Passes are not counted.
struct SkillGame {
  std::uint64_t moves = 0;           // moves in table positions
  std::uint64_t kept = 0;            // ... that keep the value
  std::uint64_t lost = 0;            // seeds lost, summed over them
  std::uint64_t interval_moves = 0;  // ... made where some legal ply's value is an interval (lo < hi)
};

// The same summed over games, clustered by game (the moves of one game are not independent).
struct SkillCounts {
  ClusterSums kept;                  // k: moves that keep the value, n: moves in table positions
  ClusterSums lost;                  // k: seeds lost, n: as kept's (k may exceed n: a move can lose many)
  std::uint64_t interval_moves = 0;  // of kept.n
  void add(const SkillGame& g) {
    kept.add(g.kept, g.moves);
    lost.add(g.lost, g.moves);
    interval_moves += g.interval_moves;
  }
  void merge(const SkillCounts& o) {
    kept.merge(o.kept);
    lost.merge(o.lost);
    interval_moves += o.interval_moves;
  }
  bool operator==(const SkillCounts&) const = default;
};

// One finished (or stopped) game, as the game loop sums it up.
struct GameObservation {
  Outcome outcome = draw;
  Player starter = Player::south;         // who moved first
  int south_player = 0;                   // which player (0: the first of --players, 1: the second) sat South
  int round = 1;                          // Hoyito III match round (1 outside matches)
  Winner previous_winner = Winner::none;  // the previous game's result in a match (END-III-3)
  std::uint64_t plies = 0;                // moves and passes (END-3 counts both)
  std::uint64_t moves = 0;
  std::uint64_t passes = 0;         // PASS-1/2/3
  std::uint64_t extra_moves = 0;    // CAP-II-3, CAP-III-3: plies that earned the mover another
  std::uint64_t capture_plies = 0;  // plies after which the mover had captured more
  // The choice at each ply, measured where the legal plies were listed (every ply but those of
  // the random player's sampler, which decides only the move it draws: game_loop.cpp).
  std::uint64_t choice_plies = 0;           // plies whose legal plies were counted
  std::uint64_t legal_sum = 0;              // legal plies summed over those plies (a pass counts as one)
  std::uint64_t forced_plies = 0;           // ... with exactly one legal ply (forced passes included)
  Move opening;                             // the first ply, or the pass (a pass, or no ply at all)
  int seeds_left = 0;                       // on the board at the end
  int margin = 0;                           // |captures South - captures North| at the end of a finished game
  bool repeating = false;                   // unterminated, and its last position had occurred before in the game
  bool detailed = false;                    // played with events (--detail-every): the choice and events were counted
  std::uint64_t detail_moves = 0;           // moves with events ...
  std::uint64_t endless_refused_moves = 0;  // ... of which some hole was left out as endless (SOW-6)
  bool round_rule_applied = false;          // END-III-3/4 gave the last seeds (some to the non-capturer)
  bool round_rule_decided = false;          // ... and the capturer taking them would change the winner
  std::array<SkillGame, 2> skill{};         // [player: 0 the first of --players]; with --tables only
};

// One move played with its events (the sampled games of --detail-every).
struct MoveObservation {
  std::uint64_t laps = 0;       // lap events (SOW-2/3)
  std::uint64_t relays = 0;     // relay events (SOW-5)
  std::vector<int> chains;      // Hoyito II: chain_capture events after each capture (CAP-II-2)
  std::optional<RuleId> award;  // last_four_award's rule (END-I-1, END-II-1, END-III-2/3/4)
  bool endless_played = false;  // SOW-6 void: the move was endless and voided the game
  int endless_refused = 0;      // SOW-6 illegal: the mover's non-empty holes left out as endless
  // SOW-6: for each endless move met (refused or played), the first lap whose lap-end state
  // repeats an earlier one exactly (its cycle's transient plus length, mu + lambda).
  std::vector<std::uint64_t> endless_repeat_laps;
};

// One Hoyito III match (--match).
struct MatchObservation {
  int south_player = 0;
  Winner winner = Winner::draw;  // MATCH-3: south, north or draw
};

struct Statistics {
  // Sized by the rules: the game-length bins cover 0..ply_limit (capped), the seeds-left bins
  // the whole board, the opening table every hole and the pass, the round table `match_rounds`.
  // `skill`: the run measures skill against endgame tables (--tables): the counts hold `skill`.
  Statistics(const Rules& rules, int match_rounds, bool skill = false);

  void add(const GameObservation& game);
  void add(const MoveObservation& move);
  void add(const MatchObservation& match);
  void add_pass(RuleId rule) { passes_by_rule[static_cast<std::size_t>(rule)] += 1; }  // from a pass event
  // A game stopped because a move's legality was undecided within the lap_limit guard (Q-LIMIT):
  // reported and left out of every per-game figure, never taken for a rule.
  void add_undecided(std::uint64_t deal) {
    undecided_games += 1;
    first_undecided_deal.add(deal);
  }
  // Positions or plies a search player met undecided inside its tree (Q-LIMIT) and valued as they
  // stood (harness/games/search.h): the game went on; counted, with the first deal, to replay it.
  void add_search_undecided(std::uint64_t deal, std::uint64_t positions) {
    if (positions == 0) return;
    search_undecided += positions;
    first_search_undecided_deal.add(deal);
  }
  void merge(const Statistics& other);

  // The raw counts (mergeable), and the whole block with the derived figures.
  boost::json::object counts_json() const;
  boost::json::object to_json() const;
  // Reads counts_json() back; throws InputError naming `where` and the field, also for a count
  // above `most_count`. 2^60 by default: above any run (a run has at most 2^48 deals), and so far
  // below 2^64 that the sums made of counts (a table's row, a merge) cannot wrap around; hoyito
  // merge passes 2^60 / (number of shards), so that the shards' sum stays within it too.
  static constexpr std::uint64_t kMostCount = std::uint64_t{1} << 60;
  static Statistics from_counts_json(const Rules& rules, int match_rounds, const boost::json::value& counts,
                                     const std::string& where, std::uint64_t most_count = kMostCount,
                                     bool skill = false);
  bool operator==(const Statistics&) const = default;

  int holes = 12;
  int match_rounds = 0;
  std::uint64_t games = 0;
  std::uint64_t undecided_games = 0;  // not in `games`
  SmallestDeal first_undecided_deal;
  std::uint64_t search_undecided = 0;  // add_search_undecided: positions, not games
  SmallestDeal first_search_undecided_deal;
  // outcomes[south_player][starter][outcome]: seat, starter and player can all be read apart.
  std::array<std::array<std::array<std::uint64_t, kOutcomes>, 2>, 2> outcomes{};
  Histogram length;                          // plies per game
  Histogram capture_plies;                   // per game
  Histogram seeds_left_unterminated;         // seeds on the board when the ply limit stopped a game
  std::uint64_t unterminated_repeating = 0;  // ... whose last position had occurred before in the game
  Histogram margin;                          // |South's captures - North's| of finished games
  std::uint64_t moves = 0, passes = 0, extra_moves = 0, choice_plies = 0, legal_sum = 0, forced_plies = 0;
  std::vector<std::array<std::uint64_t, kOutcomes>> by_opening;  // holes 0..2N-1, then the pass
  std::vector<std::array<std::uint64_t, kOutcomes>> by_round;    // rounds 1..match_rounds
  // By round: [games after a won game, of which the previous game's winner won] (END-III-3).
  std::vector<std::array<std::uint64_t, 2>> previous_winner_by_round;
  std::uint64_t round_rule_applied = 0, round_rule_decided = 0;
  // Sampled games, with events (--detail-every): games, not deals nor matches.
  std::uint64_t detail_games = 0, detail_moves = 0;
  ClusterSums forced_by_game;           // forced plies of choice plies, per detailed game
  ClusterSums endless_refused_by_game;  // moves with a hole refused as endless, of moves, per detailed game
  Log2Histogram laps, relays;
  Log2Histogram endless_repeat_laps;  // SOW-6: first exact repeat lap of each endless move met
  Histogram chain_lengths;
  std::array<std::uint64_t, kRuleCount> awards{};
  std::array<std::uint64_t, kRuleCount> passes_by_rule{};  // PASS-1, PASS-2, PASS-3
  std::uint64_t endless_played = 0, endless_refused = 0, moves_with_endless_refused = 0;
  // Matches: match_winners[south_player][index(Winner): south, north, draw].
  std::uint64_t matches = 0;
  std::array<std::array<std::uint64_t, 3>, 2> match_winners{};
  // Skill against the endgame tables (--tables), by player (0: the first of --players); written
  // and read only when `skill_measured`, so a run without tables writes what it always did.
  bool skill_measured = false;
  std::array<SkillCounts, 2> skill{};
};

// 95% Wilson score interval of k successes in n trials (z = 1.959963984540054).
struct Interval {
  double low = 0, high = 0;
};
// Exactly 0 below for k = 0 and exactly 1 above for k = n.
Interval wilson_interval(std::uint64_t k, std::uint64_t n);
// A Wilson interval for a per-ply rate clustered by game: on the effective number of plies
// n / deff, deff being the design effect of the ratio estimator (its between-game variance
// over the variance plies drawn independently would have), never below 1.
Interval clustered_interval(const ClusterSums& c);
// A 95% interval for a per-ply mean k/n clustered by game (k_i may exceed n_i): the mean plus or
// minus 1.96 standard errors of the ratio estimator from the games' residuals (Cochran, 6.9),
// not below 0; none with fewer than two games.
std::optional<Interval> clustered_mean_interval(const ClusterSums& c);
// Newcombe's hybrid score interval (his method 10) for the difference of two rates k1/n1 - k2/n2.
Interval difference_interval(std::uint64_t k1, std::uint64_t n1, std::uint64_t k2, std::uint64_t n2);
// Chi-square test (1 degree of freedom) that a and b come from an even split: the statistic
// (a - b)^2 / (a + b) and its p-value erfc(sqrt(chi2 / 2)). p = 1 when a + b = 0.
struct FairnessTest {
  double chi_square = 0, p_value = 1;
};
FairnessTest even_split_test(std::uint64_t a, std::uint64_t b);
// Pearson chi-square statistic of observed counts against equal expected counts, and the
// upper-tail p-value with k-1 degrees of freedom (regularised incomplete gamma function).
FairnessTest uniformity_test(const std::vector<std::uint64_t>& observed);

// The expected score of a side over `wins + losses + draws` games (draws count 1/2), with a 95%
// normal interval from the games' scores: {"score", "low", "high", "of"}.
struct Score {
  double score = 0, low = 0, high = 1;
  std::uint64_t of = 0;
};
Score expected_score(std::uint64_t wins, std::uint64_t losses, std::uint64_t draws);

}  // namespace hoyito
