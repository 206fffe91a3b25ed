#include "harness/simulate/merge_checks.h"

#include <algorithm>
#include <array>
#include <numeric>
#include <string_view>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "engine/engine.h"

namespace hoyito {

namespace {

// Throws "WHERE: WHAT" unless `holds`.
void require(bool holds, const std::string& where, const std::string& what) {
  if (!holds)
    throw InputError(
        fmt::format("{}: {} (counts that contradict each other: the file was changed or damaged)", where, what));
}

template <class Table>
std::uint64_t table_sum(const Table& rows) {
  std::uint64_t sum = 0;
  for (const auto& row : rows) sum += std::accumulate(row.begin(), row.end(), std::uint64_t{0});
  return sum;
}

void check_histogram(const Histogram& h, const char* name, const std::string& where) {
  const std::uint64_t in_bins = std::accumulate(h.bins.begin(), h.bins.end(), std::uint64_t{0});
  require(in_bins + h.overflow == h.total, where,
          fmt::format("{}: bins and overflow hold {} values, total says {}", name, in_bins + h.overflow, h.total));
  require(h.total > 0 || (h.sum == 0 && h.max == 0), where,
          fmt::format("{}: no value, but sum {} and max {}", name, h.sum, h.max));
  require(h.max <= h.sum, where, fmt::format("{}: max {} above the sum {}", name, h.max, h.sum));
  if (h.total == 0) return;
  // The largest value lies in the last non-empty bin (or in the overflow, past the bins).
  const auto last = std::find_if(h.bins.rbegin(), h.bins.rend(), [](std::uint64_t c) { return c > 0; });
  const std::uint64_t largest_in_bins =
      last == h.bins.rend() ? 0 : static_cast<std::uint64_t>(h.bins.rend() - last - 1);
  require(h.overflow > 0 ? h.max >= h.bins.size() : h.max == largest_in_bins, where,
          fmt::format("{}: max {} is not the largest value counted", name, h.max));
  require(h.sum / h.total <= h.max, where,
          fmt::format("{}: the mean {} is above the max {}", name, h.sum / h.total, h.max));
}

void check_log2(const Log2Histogram& h, const char* name, const std::string& where) {
  const std::uint64_t in_bins = std::accumulate(h.bins.begin(), h.bins.end(), std::uint64_t{0});
  require(in_bins == h.total, where, fmt::format("{}: the bins hold {} values, total says {}", name, in_bins, h.total));
  require(h.max <= h.sum && (h.total > 0 || h.sum == 0), where,
          fmt::format("{}: max {} or sum {} impossible", name, h.max, h.sum));
  if (h.total == 0) return;
  const auto last = std::find_if(h.bins.rbegin(), h.bins.rend(), [](std::uint64_t c) { return c > 0; });
  require(Log2Histogram::bin_of(h.max) == static_cast<int>(h.bins.rend() - last - 1), where,
          fmt::format("{}: max {} is not in the last non-empty bin", name, h.max));
}

// Games: the outcome tables, the per-game histograms and the unterminated games' seeds.
void check_games(const Statistics& s, const Rules& rules, const std::string& where) {
  std::uint64_t outcomes = 0, unterminated_games = 0;
  for (const auto& by_starter : s.outcomes)
    for (const auto& row : by_starter) {
      outcomes += std::accumulate(row.begin(), row.end(), std::uint64_t{0});
      unterminated_games += row[unterminated];
    }
  require(outcomes == s.games, where, fmt::format("outcomes sum to {} games, games says {}", outcomes, s.games));
  require(table_sum(s.by_opening) == s.games, where,
          fmt::format("by_opening sums to {} games, games says {}", table_sum(s.by_opening), s.games));
  require(s.by_round.empty() || table_sum(s.by_round) == s.games, where,
          fmt::format("by_round sums to {} games, games says {}", table_sum(s.by_round), s.games));
  check_histogram(s.length, "length", where);
  check_histogram(s.capture_plies, "capture_plies", where);
  check_histogram(s.seeds_left_unterminated, "seeds_left_unterminated", where);
  require(s.length.total == s.games && s.capture_plies.total == s.games, where,
          fmt::format("length counts {} games and capture_plies {}, games says {}", s.length.total,
                      s.capture_plies.total, s.games));
  require(s.seeds_left_unterminated.total == unterminated_games, where,
          fmt::format("seeds_left_unterminated counts {} games, the outcomes {} unterminated",
                      s.seeds_left_unterminated.total, unterminated_games));
  // END-3: no game goes past the ply limit (under G7 ply_limit; third_repetition may too).
  require(rules.options.endless_game != EndlessGame::ply_limit ||
              s.length.max <= static_cast<std::uint64_t>(rules.options.ply_limit),
          where, fmt::format("length.max {} above the ply limit {} (END-3)", s.length.max, rules.options.ply_limit));
  require(s.round_rule_decided <= s.round_rule_applied && s.round_rule_applied <= s.games, where,
          fmt::format("round_rule_decided {} and round_rule_applied {} of {} games", s.round_rule_decided,
                      s.round_rule_applied, s.games));
}

// Plies: moves and passes are the plies; what is counted per ply lies within them.
void check_plies(const Statistics& s, const std::string& where) {
  const std::uint64_t plies = s.length.sum;
  require(s.moves <= plies && s.passes <= plies - s.moves, where,
          fmt::format("moves {} and passes {} above the {} plies of length.sum", s.moves, s.passes, plies));
  require(s.extra_moves <= s.moves && s.capture_plies.sum <= plies, where,
          fmt::format("extra_moves {} or capture plies {} above the moves {} or plies {}", s.extra_moves,
                      s.capture_plies.sum, s.moves, plies));
  require(s.forced_plies <= s.choice_plies && s.choice_plies <= plies && s.legal_sum >= s.choice_plies, where,
          fmt::format("forced_plies {}, choice_plies {}, legal_sum {} against {} plies", s.forced_plies, s.choice_plies,
                      s.legal_sum, plies));
}

// The sampled games (--detail-every) and the matches.
void check_samples(const Statistics& s, const std::string& where) {
  require(s.detail_games <= s.games && s.detail_moves <= s.moves, where,
          fmt::format("detail_games {} or detail_moves {} above the games {} or moves {}", s.detail_games,
                      s.detail_moves, s.games, s.moves));
  check_log2(s.laps, "laps", where);
  check_log2(s.relays, "relays", where);
  check_log2(s.endless_repeat_laps, "endless_repeat_laps", where);
  check_histogram(s.chain_lengths, "chain_lengths", where);
  require(s.laps.total == s.detail_moves && s.relays.total == s.detail_moves, where,
          fmt::format("laps counts {} moves and relays {}, detail_moves says {}", s.laps.total, s.relays.total,
                      s.detail_moves));
  require(s.moves_with_endless_refused <= s.detail_moves && s.endless_played <= s.detail_moves, where,
          fmt::format("moves_with_endless_refused {} or endless_played {} above detail_moves {}",
                      s.moves_with_endless_refused, s.endless_played, s.detail_moves));
  require(table_sum(s.match_winners) == s.matches, where,
          fmt::format("match_winners sum to {} matches, matches says {}", table_sum(s.match_winners), s.matches));
}

// A per-game cluster sum (k_i successes of n_i trials, game by game): k_i <= n_i gives
// k <= n, sum k_i^2 <= sum k_i n_i <= sum n_i^2, and every counted game has n_i >= 1.
void check_clusters(const ClusterSums& c, const char* name, std::uint64_t games, const std::string& where) {
  require(c.k <= c.n && c.k <= c.kk && c.kk <= c.kn && c.kn <= c.nn && c.clusters <= c.n && c.n <= c.nn &&
              c.clusters <= games,
          where,
          fmt::format("{}: k {}, n {}, kk {}, kn {}, nn {}, clusters {} of {} games cannot come from games", name, c.k,
                      c.n, c.kk, c.kn, c.nn, c.clusters, games));
}

// What the statistics issue added: the final margin, the repeating unterminated games, the
// per-game clusters of the per-ply rates, the previous winner by round.
void check_per_game_figures(const Statistics& s, const Rules& rules, const std::string& where) {
  std::uint64_t finished = 0, unterminated_games = 0;
  for (const auto& by_starter : s.outcomes)
    for (const auto& row : by_starter) {
      finished += row[south_win] + row[north_win] + row[draw];
      unterminated_games += row[unterminated];
    }
  check_histogram(s.margin, "margin", where);
  require(s.margin.total == finished && s.margin.max <= static_cast<std::uint64_t>(engine::seed_total(rules)), where,
          fmt::format("margin counts {} games up to {} seeds; {} games finished with {} seeds in play", s.margin.total,
                      s.margin.max, finished, engine::seed_total(rules)));
  require(s.unterminated_repeating <= unterminated_games, where,
          fmt::format("unterminated_repeating {} above the {} unterminated games", s.unterminated_repeating,
                      unterminated_games));
  check_clusters(s.forced_by_game, "forced_by_game", s.detail_games, where);
  check_clusters(s.endless_refused_by_game, "endless_refused_by_game", s.detail_games, where);
  require(s.forced_by_game.k == s.forced_plies && s.forced_by_game.n == s.choice_plies, where,
          fmt::format("forced_by_game sums {} of {}, forced_plies {} of choice_plies {}", s.forced_by_game.k,
                      s.forced_by_game.n, s.forced_plies, s.choice_plies));
  for (std::size_t r = 0; r < s.previous_winner_by_round.size(); ++r) {
    const auto& [after_win, kept] = s.previous_winner_by_round[r];
    const std::uint64_t in_round =
        r < s.by_round.size() ? std::accumulate(s.by_round[r].begin(), s.by_round[r].end(), std::uint64_t{0}) : 0;
    require(kept <= after_win && after_win <= in_round, where,
            fmt::format(
                "previous_winner_by_round round {}: {} won by the previous winner of {} games after a win, {} games "
                "in the round",
                r + 1, kept, after_win, in_round));
  }
}

// Skill against the tables (--tables): per player, moves in table positions are moves, kept and
// lost are summed over the same games and moves, interval moves are some of them.
void check_skill(const Statistics& s, const std::string& where) {
  std::uint64_t table_moves = 0;
  for (std::size_t p = 0; p < s.skill.size(); ++p) {
    const SkillCounts& k = s.skill[p];
    check_clusters(k.kept, "skill.kept", s.games, where);
    require(k.lost.n == k.kept.n && k.lost.clusters == k.kept.clusters && k.lost.nn == k.kept.nn &&
                k.interval_moves <= k.kept.n && k.lost.kk >= k.lost.k,
            where,
            fmt::format("skill[{}]: lost over {} moves of {} games, kept over {} moves of {} games, {} interval "
                        "moves: not the same moves",
                        p, k.lost.n, k.lost.clusters, k.kept.n, k.kept.clusters, k.interval_moves));
    table_moves += k.kept.n;
  }
  require(table_moves <= s.moves, where,
          fmt::format("skill: {} moves in table positions, {} moves in all", table_moves, s.moves));
}

}  // namespace

void check_count_identities(const Statistics& s, const Rules& rules, const std::string& where) {
  check_games(s, rules, where);
  check_per_game_figures(s, rules, where);
  check_plies(s, where);
  check_samples(s, where);
  if (s.skill_measured) check_skill(s, where);
}

void check_top_level_fields(const boost::json::object& doc, const std::string& file) {
  static constexpr std::array<std::string_view, 7> kFields = {"format",  "version",     "commit", "run",
                                                              "results", "differences", "timing"};
  for (const auto& entry : doc)
    if (std::find(kFields.begin(), kFields.end(), std::string_view(entry.key())) == kFields.end())
      throw InputError(fmt::format("{}: unknown top-level field \"{}\" (specs/simulation.schema.json: {})", file,
                                   std::string_view(entry.key()).substr(0, 60), fmt::join(kFields, ", ")));
}

}  // namespace hoyito
