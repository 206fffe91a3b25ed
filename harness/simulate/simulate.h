// `hoyito simulate`: many engine games (or Hoyito III matches) with chosen players, counted
// into harness/statistics.h.
//
// A run is a list of deals 0..games-1. Deal i is played from the generator seeded by
// game_seed(seed, i) alone, so its games are the same at any thread count and in any shard:
// with --paired it is played twice from that same seed, the players' seats swapped; with
// --match it is a whole match; with --sweep it is played once under each option value. The
// statistics of a deal do not depend on which worker played it, and counts add up, so a run's
// statistics (and JSON) are the same however it is split.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/json.hpp>

#include "core/game.h"
#include "harness/games/players.h"
#include "harness/simulate/statistics.h"
#include "harness/simulate/summary.h"

namespace hoyito {

inline constexpr const char* kSimulationFormat = "hoyito-simulation/1";
// The bound of one shard read by `hoyito merge`: 64 MB, above what simulate writes for the
// longest --sweep it accepts (a record's bound, 12 MB, refused merge's own shards).
inline constexpr std::size_t kMostShardBytes = std::size_t{64} << 20;

struct Shard {
  int index = 1;  // 1..count
  int count = 1;
  bool operator==(const Shard&) const = default;
};
Shard parse_shard(std::string_view text);  // "K/M" with 1 <= K <= M; throws InputError

struct Sweep {
  std::string option;               // an option of core/rules.h's option table
  std::vector<std::string> values;  // at least two, each valid for the option
  bool operator==(const Sweep&) const = default;
};
// Values a sweep may take: each keeps its own statistics on every thread (100 values on 2 threads:
// about 20 MB; 5,000 took 613 MB), so more are refused rather than run out of memory.
inline constexpr std::size_t kMostSweepValues = 100;
// "NAME=V1,V2,..." (2 to kMostSweepValues values); checks every value against `rules`; throws
// InputError naming the bad part.
Sweep parse_sweep(std::string_view text, const Rules& rules);

struct SimulationSpec {
  Rules rules;                        // of a single game, or of round 1 of a match
  std::array<PlayerSpec, 2> players;  // the first sits South, the second North (swapped too with --paired)
  bool paired = false;
  std::uint64_t seed = 1;
  std::uint64_t games = 1000;  // deals
  int match_rounds = 0;        // 0: single games; otherwise Hoyito III matches of this many games
  int detail_every = 1;        // deal i is also played with events (laps, relays, chains) when i % this == 0
  Shard shard;
  std::optional<Sweep> sweep;
  std::string version, commit;  // of the program that plays (written so that a result can be reproduced)
  // --tables DIR (or the first perfect:DIR player's): every player's moves in table positions are
  // judged against the tables (SkillCounts); empty: no skill statistics. `table_set` is mapped
  // by load_skill_tables() (a spec read back for merging names the folder and need not load it).
  std::string tables;
  std::shared_ptr<const TableSet> table_set;
  // Every endgame table the run reads (skill and perfect players): file name and checksum, as
  // TableSet::identities(); written in the result's run, so that merge refuses shards played
  // with different tables.
  std::vector<std::string> table_files;
  bool measures_skill() const { return !tables.empty(); }

  std::vector<Rules> rules_per_value() const;  // one per sweep value (just `rules` without --sweep)
  bool plays(std::uint64_t deal) const {
    return deal % static_cast<std::uint64_t>(shard.count) == static_cast<std::uint64_t>(shard.index - 1);
  }
  std::uint64_t deals_in_shard() const;
};

// Sets spec.tables to the first perfect:DIR player's folder when --tables was not given, and maps
// the tables (a perfect player's own set when it is the same folder); throws InputError naming
// the folder when it holds no table.
void load_skill_tables(SimulationSpec& spec);
// Refuses (InputError, one line) a table set of the run none of whose tables is of the rules of
// some sweep value (TableSet::require_rules), and fills spec.table_files. After the sweep is set.
void check_run_tables(SimulationSpec& spec);
// Refuses (InputError, one line naming the flags) a run whose options the rules cannot give it:
// --match outside Hoyito III (MATCH-1) or with a set round, and a --sweep of an option that cannot
// act on its games (match_starter without a second game, MATCH-2, G9; drawn_previous_last_four
// and later_rounds_last_four without a third round, G8, G15): their differences would be 0.
void check_rules_of_run(const SimulationSpec& spec);

// Judges the ply a player chose against `values`, table_move_values() of the position before it
// (--tables): nothing when no table covers the position (values empty) or for a pass (PASS-1..3:
// no choice). The ply keeps the value when its lo is the best lo of the legal plies
// (specs/endgame-tables.md); it loses the best lo minus its lo.
void count_skill(const std::vector<TableMoveValue>& values, Move ply, SkillGame& skill);

// One game from the start to its end, seen by `observe` after each ply. Played with play() and
// its events when `detailed`, with legal_mask() + play_fast() otherwise.
struct GameSetup {
  Rules rules;
  Player starter = Player::south;
  std::array<const PlayerSpec*, 2> seats{};  // [index(Player)]
  int south_player = 0;
  bool detailed = false;
  std::optional<Position> start;           // a made-up start (tests); the rules' start position otherwise
  const TableSet* skill_tables = nullptr;  // judge every move in a table position against these (--tables)
};
// Plays the game and counts it into `stats`; returns its result. Throws UndecidedMove (nothing
// of the game counted but the moves before it) when a move's legality is undecided (Q-LIMIT).
Result play_counted_game(const GameSetup& setup, SplitMix64& rng, Statistics& stats);

struct GameRow;
// Plays deal `deal` of the run under `rules` (one sweep value) into `stats`: the worker's whole
// job for one game index (a game, both seatings with --paired, or a match); each game's row is
// appended to `rows` when given (--per-game).
void play_deal(const SimulationSpec& spec, const Rules& rules, std::uint64_t deal, Statistics& stats,
               std::vector<GameRow>* rows = nullptr);

// A row of the per-game CSV (--per-game), written by the game loop when asked.
struct GameRow {
  std::uint64_t deal = 0;
  int sweep_value = 0;
  int seating = 0;  // 0, or 1 for the swapped game of --paired
  int round = 1;
  Player starter = Player::south;
  Result result;
  std::uint64_t plies = 0;
  Move opening;            // the first ply (the pass when there was none)
  bool undecided = false;  // stopped by the Q-LIMIT guard (Statistics::add_undecided)
};

struct RunOptions {
  int threads = 1;
  bool progress = true;                                   // on stderr
  std::function<void(const std::vector<GameRow>&)> rows;  // --per-game: the rows of one deal, in deal order
};

struct SimulationResult {
  std::vector<Statistics> per_value;  // one per rules_per_value()
  double seconds = 0;
  std::uint64_t games_played = 0;
  std::size_t threads = 0;  // the worker threads run: --threads capped at the cores (Campaign)
  // SIGINT or SIGTERM (harness/base/campaign.h interrupted()): no chunk of deals started after it;
  // the chunks in flight finished, so the statistics are those of the deals played, fewer than
  // asked for.
  bool interrupted = false;
};
SimulationResult run_simulation(const SimulationSpec& spec, const RunOptions& options);

// The JSON of a run (specs/simulation.schema.json): what was run (rules with every option,
// players, seed, games, shard, version, commit), then the statistics of each sweep value and,
// with a sweep, the differences. Timings only when `timing` is given, in their own field.
boost::json::object simulation_json(const SimulationReport& report, const boost::json::value* timing);
boost::json::object simulation_json(const SimulationSpec& spec, const std::vector<Statistics>& per_value,
                                    const boost::json::value* timing);
std::string to_text(const boost::json::value& v);  // the JSON text written to files, with a newline

// `hoyito merge`: the shards' JSON documents combined into the whole run's; throws InputError
// naming the file and field that differ, or the shard missing or given twice.
std::string merge_simulations(const std::vector<std::string>& files);

}  // namespace hoyito
