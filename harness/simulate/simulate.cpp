#include "harness/simulate/simulate.h"

#include <unistd.h>

#include <algorithm>
#include <bit>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <iostream>
#include <map>
#include <mutex>
#include <ostream>

#include <fmt/format.h>

#include "engine/engine.h"
#include "engine/match.h"
#include "engine/sides.h"
#include "harness/base/campaign.h"
#include "harness/base/interrupt.h"
#include "harness/simulate/merge_checks.h"
#include "io/record.h"

namespace hoyito {

namespace json = boost::json;

// --- What is run ------------------------------------------------------------------------------

namespace {

std::optional<std::uint64_t> whole_number(std::string_view text) {
  std::uint64_t v = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (error != std::errc{} || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return v;
}

// The options a sweep may vary: those with more than one value that change how games go
// (G1, G2, G6, G7, G8, G9, G14, G15) and the ply limit (G7).
constexpr std::array<std::string_view, 9> kSweepable = {"skip_origin",   "capture_sides", "endless_sowing",
                                                        "endless_game",  "ply_limit",     "drawn_previous_last_four",
                                                        "match_starter", "no_seeds",      "later_rounds_last_four"};

}  // namespace

Shard parse_shard(std::string_view text) {
  const auto slash = text.find('/');
  const auto k = whole_number(text.substr(0, slash));
  const auto m = slash == std::string_view::npos ? std::nullopt : whole_number(text.substr(slash + 1));
  if (!k || !m || *k < 1 || *k > *m || *m > 1'000'000)
    throw InputError(fmt::format("'{}': expected K/M with 1 <= K <= M <= 1000000, e.g. 2/4", text));
  return {static_cast<int>(*k), static_cast<int>(*m)};
}

Sweep parse_sweep(std::string_view text, const Rules& rules) {
  const auto eq = text.find('=');
  if (eq == std::string_view::npos)
    throw InputError(fmt::format("'{}': expected NAME=V1,V2,... (e.g. skip_origin=false,true)", text));
  Sweep sweep{std::string(text.substr(0, eq)), {}};
  if (std::find(kSweepable.begin(), kSweepable.end(), sweep.option) == kSweepable.end()) {
    std::string names;
    for (auto n : kSweepable) names += fmt::format("{}{}", names.empty() ? "" : ", ", n);
    throw InputError(fmt::format("'{}': option '{}' cannot be swept (one of: {})", text, sweep.option, names));
  }
  std::string_view rest = text.substr(eq + 1);
  while (true) {
    const auto comma = rest.find(',');
    const std::string value(rest.substr(0, comma));
    Rules probe = rules;
    try {
      set_option(probe, sweep.option, value);
      validate(probe);
    } catch (const InputError& e) {
      throw InputError(fmt::format("'{}': {}", text, e.what()));
    }
    if (std::find(sweep.values.begin(), sweep.values.end(), value) != sweep.values.end())
      throw InputError(fmt::format("'{}': value '{}' is given twice", text, value));
    sweep.values.push_back(value);
    if (sweep.values.size() > kMostSweepValues)  // memory: 5,000 values took 613 MB
      throw InputError(
          fmt::format("'{}...': more than {} values; each value keeps its own statistics on every thread, "
                      "so memory grows with them: sweep at most {} values a run",
                      text.substr(0, std::min<std::size_t>(text.size(), 60)), kMostSweepValues, kMostSweepValues));
    if (comma == std::string_view::npos) break;
    rest = rest.substr(comma + 1);
  }
  if (sweep.values.size() < 2) throw InputError(fmt::format("'{}': give at least two values", text));
  return sweep;
}

std::vector<Rules> SimulationSpec::rules_per_value() const {
  if (!sweep) return {rules};
  std::vector<Rules> out;
  for (const std::string& value : sweep->values) {
    Rules r = rules;
    set_option(r, sweep->option, value);
    out.push_back(r);
  }
  return out;
}

void load_skill_tables(SimulationSpec& spec) {
  for (const PlayerSpec& p : spec.players)
    if (spec.tables.empty() && p.kind == PlayerSpec::Kind::perfect) spec.tables = p.tables;
  if (spec.tables.empty()) return;
  for (const PlayerSpec& p : spec.players)
    if (p.kind == PlayerSpec::Kind::perfect && p.tables == spec.tables && p.table_set) spec.table_set = p.table_set;
  if (!spec.table_set) spec.table_set = std::make_shared<const TableSet>(spec.tables);
}

void check_run_tables(SimulationSpec& spec) {
  std::vector<const TableSet*> sets;
  if (spec.table_set) sets.push_back(spec.table_set.get());
  for (const PlayerSpec& p : spec.players)
    if (p.table_set) sets.push_back(p.table_set.get());
  spec.table_files.clear();
  for (const TableSet* set : sets) {
    for (const Rules& rules : spec.rules_per_value()) set->require_rules(rules);
    for (const std::string& id : set->identities()) spec.table_files.push_back(id);
  }
  std::sort(spec.table_files.begin(), spec.table_files.end());
  spec.table_files.erase(std::unique(spec.table_files.begin(), spec.table_files.end()), spec.table_files.end());
}

std::uint64_t SimulationSpec::deals_in_shard() const {
  const auto m = static_cast<std::uint64_t>(shard.count), k = static_cast<std::uint64_t>(shard.index - 1);
  return games > k ? (games - k + m - 1) / m : 0;
}

// --- The game loop ----------------------------------------------------------------------------

namespace {

struct PlayedGame {
  Result result;
  GameObservation observation;
};

// What a move's events say (detailed games): laps, relays, chains, the last-four award.
MoveObservation observe_events(const Ply& ply, std::array<int, 2>& awarded) {
  MoveObservation m;
  for (const Event& e : ply.events) {
    switch (e.kind) {
      case EventKind::lap:
        m.laps += 1;
        break;
      case EventKind::relay:
        m.relays += 1;
        break;
      case EventKind::capture:
        if (e.rule == RuleId::CAP_II_1) m.chains.push_back(0);  // a Hoyito II chain starts here (CAP-II-2)
        break;
      case EventKind::chain_capture:
        if (!m.chains.empty()) m.chains.back() += 1;
        break;
      case EventKind::last_four_award:
        m.award = e.rule;
        awarded[index(*e.player)] += e.seeds;  // the engine's award has its player
        break;
      case EventKind::endless_sowing:
        m.endless_played = true;
        break;
      default:
        break;
    }
  }
  return m;
}

// SOW-6: the first exact repeat lap of every endless move of `p`: the mover's non-empty holes
// outside `legal` (endless_sowing = illegal), or every endless one (void: all are legal).
std::vector<std::uint64_t> endless_repeat_laps(const Rules& rules, const Position& p, std::uint64_t legal) {
  const engine::Config config = engine::make_config(rules);
  engine::Board board;
  for (std::size_t h = 0; h < p.board.size(); ++h) board.set(static_cast<int>(h), p.board[h]);
  const int n = rules.holes_per_row;
  std::vector<std::uint64_t> laps;
  for (int h = p.to_move == Player::south ? 0 : n, end = h + n; h < end; ++h) {
    if (p.board[static_cast<std::size_t>(h)] == 0) continue;
    const bool refused = (legal >> h & 1) == 0;
    if (!refused && !config.endless_void) continue;
    if (config.endless_void) {  // legal, but is it endless? sow it on a copy
      engine::Board copy = board;
      std::array<int, 2> captured = p.captured;
      if (engine::sow_move<false>(config, copy, captured, p.to_move, h, nullptr) != engine::MoveEnd::endless) continue;
    }
    laps.push_back(engine::endless_repeat(config, board, h).repeat_lap);
  }
  return laps;
}

int own_nonempty_holes(const Position& p) {
  const int n = static_cast<int>(p.board.size()) / 2;
  const int first = p.to_move == Player::south ? 0 : n;
  return static_cast<int>(
      std::count_if(p.board.begin() + first, p.board.begin() + first + n, [](int c) { return c > 0; }));
}

// The ply engine::Game::play_random would play at `position`, given its legal plies `legal`
// (legal_mask), drawing from `below` as it does (engine/game.h): the k-th lowest of the mover's
// non-empty holes not yet tried, k drawn below their number; a hole that is not legal (endless,
// SOW-6) is set aside and another drawn; when none is legal (or none has seeds), the pass.
template <typename Below>
Move draw_as_sampler(const Position& position, std::uint64_t legal, Below& below) {
  const int n = static_cast<int>(position.board.size()) / 2;
  const int first = position.to_move == Player::south ? 0 : n;
  std::uint64_t untried = 0;  // bit h: hole h
  for (int h = first; h < first + n; ++h)
    if (position.board[static_cast<std::size_t>(h)] > 0) untried |= std::uint64_t{1} << h;
  while (untried != 0) {
    std::uint64_t k = below(static_cast<std::uint64_t>(std::popcount(untried)));
    std::uint64_t rest = untried;
    for (; k > 0; --k) rest &= rest - 1;  // drop the k lowest
    const int hole = std::countr_zero(rest);
    if (legal >> hole & 1) return Move::at(hole);
    untried &= ~(std::uint64_t{1} << hole);
  }
  return Move::pass();
}

// The ply the player to move chooses; unless the game is `detailed` the ply is also played
// (play_random, play_fast). The choice (legal plies, forced plies) is counted into `g` in the
// games sampled by --detail-every (g.detailed) and in no other, for every player alike: the
// random player's fast path decides only the move it draws, so counting elsewhere would weigh
// the players differently and make the figure depend on --detail-every.
Move choose_and_play_fast(engine::Game& game, const PlayerSpec& player, bool detailed, const Position& before,
                          GameObservation& g, SplitMix64& rng) {
  auto below = [&rng](std::uint64_t n) { return rng.below(n); };
  if (!detailed && player.kind == PlayerSpec::Kind::random) return game.play_random(below);  // the fast path
  const std::uint64_t mask = game.legal_mask();
  if (g.detailed) {
    const int legal = std::popcount(mask);
    g.choice_plies += 1;
    g.legal_sum += static_cast<std::uint64_t>(legal);
    g.forced_plies += legal == 1;
  }
  // A detailed game draws its random plies exactly as the fast path does (draw_as_sampler),
  // so that a deal is the same game whether or not it is played with events:
  // --detail-every changes what is counted, not what is played.
  if (player.kind == PlayerSpec::Kind::random) return draw_as_sampler(before, mask, below);
  const Move ply = choose_ply(player, game, mask, rng);
  if (!detailed) game.play_fast(ply);
  return ply;
}

// Plays `ply` with its events and counts what they show (laps, relays, chains, awards, passes,
// endless moves refused or played); `before` moves on to the position after it.
void play_detailed(const GameSetup& setup, engine::Game& game, Move ply, bool round_rule, Position& before,
                   GameObservation& g, Statistics& stats) {
  const Player mover = game.to_move();
  const std::uint64_t mask_before = game.legal_mask();
  const int legal = std::popcount(mask_before);
  std::array<int, 2> awarded{0, 0};
  Ply played = game.play(ply);
  if (ply.is_pass() && setup.detailed) stats.add_pass(played.events.front().rule);  // PASS-1/2/3
  if (!ply.is_pass()) {
    MoveObservation m = observe_events(played, awarded);
    m.endless_refused = own_nonempty_holes(before) - legal;  // SOW-6 illegal: left out of the mask
    if (m.endless_refused > 0 || m.endless_played)
      m.endless_repeat_laps = endless_repeat_laps(setup.rules, before, mask_before);
    if (setup.detailed) {
      stats.add(m);
      g.detail_moves += 1;
      g.endless_refused_moves += m.endless_refused > 0;
    }
    const Player other = engine::opponent_of(mover);
    if (round_rule && m.award && awarded[index(other)] > 0) {
      // The round rule gave seeds to the non-capturer: would the capturer taking them
      // have changed the winner?
      auto counterfactual = game.result().captured;
      counterfactual[index(other)] -= awarded[index(other)];
      counterfactual[index(mover)] += awarded[index(other)];
      g.round_rule_applied = true;
      g.round_rule_decided = engine::winner_by_captures(counterfactual) != game.result().winner;
    }
  }
  before = std::move(played.after);
}

// END-3, G7: whether an unterminated game's last position (board, captures, side to move, as
// engine::Game::hash keys it) had occurred before in the game: the play was going round in a
// cycle when the limit came (MancalaGames keeps such a result apart as LOOPED). The plies are
// kept (a byte each) and replayed only for a game that ends unterminated, so that the other
// games pay nothing but the byte.
class RepetitionWatch {
 public:
  // The plies' storage is the thread's, kept from game to game: no allocation once it has grown.
  RepetitionWatch() : plies_(thread_plies()) { plies_.clear(); }
  void add(Move ply) { plies_.push_back(ply); }
  bool last_repeats(const Rules& rules, const Position& start) const {
    engine::Game replay(rules, start);
    std::vector<std::uint64_t> seen{replay.hash()};
    for (const Move ply : plies_) {
      replay.play_fast(ply);
      seen.push_back(replay.hash());
    }
    return std::find(seen.begin(), seen.end() - 1, seen.back()) != seen.end() - 1;
  }

 private:
  static std::vector<Move>& thread_plies() {
    thread_local std::vector<Move> plies;
    return plies;
  }
  std::vector<Move>& plies_;  // a byte each
};

}  // namespace

void count_skill(const std::vector<TableMoveValue>& values, Move ply, SkillGame& skill) {
  if (values.empty() || ply.is_pass()) return;
  int best = values.front().value.lo, played = 0;
  bool interval = false;
  for (const TableMoveValue& v : values) {
    best = std::max(best, v.value.lo);
    interval = interval || !v.value.exact();
    if (v.move == ply) played = v.value.lo;
  }
  skill.moves += 1;
  skill.kept += played == best;
  skill.lost += static_cast<std::uint64_t>(best - played);
  skill.interval_moves += interval;
}

namespace {

PlayedGame play_game(const GameSetup& setup, SplitMix64& rng, Statistics& stats) {
  const Position start = setup.start ? *setup.start : engine::opening_position(setup.rules, setup.starter);
  engine::Game game(setup.rules, start);
  GameObservation g;
  g.starter = start.to_move;
  g.south_player = setup.south_player;
  g.round = setup.rules.round;
  g.previous_winner = setup.rules.previous_winner;
  g.detailed = setup.detailed;
  RepetitionWatch watch;
  // END-III-3/4 can give the last seeds to the player who did not capture them; only the
  // events tell the award apart from the capture, so those games are played with events.
  const bool round_rule = setup.rules.variant == Variant::hoyito3 && setup.rules.round >= 3;
  const bool detailed = setup.detailed || round_rule;
  Position before = detailed ? start : Position{};  // detailed only (no copy of the board otherwise)
  while (game.status() == Status::playing) {
    const Player mover = game.to_move();
    const int captured_before = game.captured()[index(mover)];
    std::vector<TableMoveValue> values;  // before the ply: the fast path plays it at once
    if (setup.skill_tables) values = table_move_values(game, *setup.skill_tables);
    const Move ply = choose_and_play_fast(game, *setup.seats[index(mover)], detailed, before, g, rng);
    const int player = mover == Player::south ? setup.south_player : 1 - setup.south_player;
    count_skill(values, ply, g.skill[static_cast<std::size_t>(player)]);
    if (g.plies == 0) g.opening = ply;
    if (detailed) play_detailed(setup, game, ply, round_rule, before, g, stats);
    g.plies += 1;
    if (ply.is_pass()) {
      g.passes += 1;
    } else {
      g.moves += 1;
      if (game.status() == Status::playing && game.to_move() == mover) g.extra_moves += 1;  // CAP-II-3, CAP-III-3
    }
    if (game.captured()[index(mover)] > captured_before) g.capture_plies += 1;
    watch.add(ply);
  }
  const Result result = game.result();
  g.outcome = outcome_of(result);
  g.seeds_left = engine::seed_total(setup.rules) - result.captured[0] - result.captured[1];
  g.margin = std::abs(result.captured[0] - result.captured[1]);
  g.repeating = g.outcome == unterminated && watch.last_repeats(setup.rules, start);
  stats.add(g);
  return {result, g};
}

GameRow row_of(const PlayedGame& played, std::uint64_t deal, int seating) {
  return {deal,
          0,
          seating,
          played.observation.round,
          played.observation.starter,
          played.result,
          played.observation.plies,
          played.observation.opening};
}

}  // namespace

Result play_counted_game(const GameSetup& setup, SplitMix64& rng, Statistics& stats) {
  return play_game(setup, rng, stats).result;
}

namespace {

// A Hoyito III match of one deal: each game's round, previous winner and starter from the
// engine's match (engine::Match: MATCH-1, MATCH-2, G9); the winner by MATCH-3. A game with no
// winner abandons the match, unscored: an undecided one (Q-LIMIT), and one that ended
// unterminated (END-3, G7) or void (SOW-6, G6 void), whose seeds are not assigned and so cannot
// decide the next game's last four (END-III-3) nor the match (MATCH-3). hoyito verify's matches
// check stops there too.
template <class Undecided>
void play_match(const SimulationSpec& spec, const Rules& rules, std::uint64_t deal, int seating, GameSetup& setup,
                SplitMix64& rng, Statistics& stats, std::vector<GameRow>* rows, const Undecided& undecided) {
  engine::Match match(rules);
  for (int round = 1; round <= spec.match_rounds; ++round) {
    setup.rules = match.next_rules();
    setup.starter = match.next_starter();
    try {
      const PlayedGame played = play_game(setup, rng, stats);
      if (rows) rows->push_back(row_of(played, deal, seating));
      if (played.result.status != Status::finished) return;
      match.add({played.result.captured});
    } catch (const UndecidedMove&) {
      undecided(round);
      return;
    }
  }
  stats.add(MatchObservation{seating, match.standing().winner});
}

void play_deal_rows(const SimulationSpec& spec, const Rules& rules, std::uint64_t deal, Statistics& stats,
                    std::vector<GameRow>* rows) {
  const bool detailed = spec.detail_every > 0 && deal % static_cast<std::uint64_t>(spec.detail_every) == 0;
  for (int seating = 0; seating < (spec.paired ? 2 : 1); ++seating) {
    // The same generator for both seatings: with --paired the seats are swapped, not the luck.
    SplitMix64 rng{game_seed(spec.seed, deal)};
    GameSetup setup{
        rules,
        Player::south,
        {&spec.players[static_cast<std::size_t>(seating)], &spec.players[static_cast<std::size_t>(1 - seating)]},
        seating,
        detailed,
        std::nullopt,
        spec.table_set.get()};
    // Q-LIMIT: a game whose legal moves the lap_limit guard cannot decide is stopped there,
    // counted as undecided (with the first such deal, to replay it) and left out of the figures.
    const auto undecided = [&](int round) {
      stats.add_undecided(deal);
      if (rows) rows->push_back(GameRow{deal, 0, seating, round, setup.starter, {}, 0, Move::pass(), true});
    };
    if (spec.match_rounds == 0) {
      try {
        const PlayedGame played = play_game(setup, rng, stats);
        if (rows) rows->push_back(row_of(played, deal, seating));
      } catch (const UndecidedMove&) {
        undecided(1);
      }
      continue;
    }
    play_match(spec, rules, deal, seating, setup, rng, stats, rows, [&](int round) { undecided(round); });
  }
}

}  // namespace

void play_deal(const SimulationSpec& spec, const Rules& rules, std::uint64_t deal, Statistics& stats) {
  play_deal_rows(spec, rules, deal, stats, nullptr);
}

// --- Running on threads -----------------------------------------------------------------------

namespace {

// Writes the rows of each chunk of deals in chunk order: a worker waits until every earlier
// chunk is written, so at most one chunk per worker is held.
class OrderedRows {
 public:
  explicit OrderedRows(const std::function<void(const std::vector<GameRow>&)>& sink) : sink_(sink) {}
  void write(std::uint64_t chunk, const std::vector<GameRow>& rows) {
    std::unique_lock lock(mutex_);
    turn_.wait(lock, [&] { return next_ == chunk || aborted_; });
    if (aborted_) return;
    sink_(rows);
    next_ += 1;
    turn_.notify_all();
  }
  // A worker failed: its chunk will never come, so nobody waits for it.
  void abort() {
    std::lock_guard lock(mutex_);
    aborted_ = true;
    turn_.notify_all();
  }

 private:
  const std::function<void(const std::vector<GameRow>&)>& sink_;
  std::mutex mutex_;
  std::condition_variable turn_;
  std::uint64_t next_ = 0;
  bool aborted_ = false;
};

// Plays chunk `chunk` of the shard's deals (chunk_size deals from chunk * chunk_size, each under
// every sweep value) into `mine`, and hands its rows, in deal order, to `ordered`.
void play_chunk(const SimulationSpec& spec, const std::vector<Rules>& rules, std::uint64_t chunk,
                std::uint64_t chunk_size, std::uint64_t deals, std::vector<Statistics>& mine, OrderedRows* ordered) {
  std::vector<GameRow> rows;
  const std::uint64_t first = chunk * chunk_size;
  const std::uint64_t last = std::min(deals, first + chunk_size);
  for (std::uint64_t k = first; k < last; ++k) {
    // The k-th deal of this shard (shard K of M plays the deals i with i mod M = K-1).
    const std::uint64_t deal =
        static_cast<std::uint64_t>(spec.shard.index - 1) + k * static_cast<std::uint64_t>(spec.shard.count);
    for (std::size_t v = 0; v < rules.size(); ++v) {
      // A chunk of a sweep or of matches is thousands of games: the interrupt is looked at before
      // each deal (a whole match), so that Ctrl-C stops within a second (issue 36 item 12); the
      // deals played so far are whole and counted, the chunk's rows never written.
      throw_if_interrupted("simulate: stopped inside a chunk of deals");
      const std::size_t row_start = rows.size();
      play_deal_rows(spec, rules[v], deal, mine[v], ordered ? &rows : nullptr);
      for (std::size_t i = row_start; i < rows.size(); ++i) rows[i].sweep_value = static_cast<int>(v);
    }
  }
  if (ordered) ordered->write(chunk, rows);
}

CampaignOptions simulate_campaign(int threads) {
  CampaignOptions options;
  options.check = "simulate";
  options.unit = "chunks of deals";
  options.threads = threads;
  options.work_timeout = 1e12;  // no hung-work watch: a simulation has no reference to compare with
  return options;
}

// The run's result: the workers' statistics merged (sums: the order of the workers does not
// matter), with the campaign's time and whether it was interrupted.
SimulationResult collect(const SimulationSpec& spec, const std::vector<Rules>& rules,
                         const std::vector<std::vector<Statistics>>& per_worker, const CampaignSummary& summary) {
  SimulationResult result;
  result.seconds = summary.seconds;
  result.interrupted = summary.interrupted;
  result.threads = per_worker.size();
  for (const Rules& r : rules) result.per_value.emplace_back(r, spec.match_rounds, spec.measures_skill());
  for (const auto& mine : per_worker)
    for (std::size_t v = 0; v < mine.size(); ++v) result.per_value[v].merge(mine[v]);
  for (const Statistics& s : result.per_value) result.games_played += s.games;
  return result;
}

}  // namespace

SimulationResult run_simulation(const SimulationSpec& spec, const RunOptions& options) {
  const std::vector<Rules> rules = spec.rules_per_value();
  const std::uint64_t deals = spec.deals_in_shard();
  const int threads = std::max(1, options.threads);
  // Small chunks for slow players, so that the threads share the work evenly.
  const bool searching =
      spec.players[0].kind != PlayerSpec::Kind::random || spec.players[1].kind != PlayerSpec::Kind::random;
  const std::uint64_t chunk_size = searching || spec.match_rounds > 0 ? 4 : 64;
  std::optional<OrderedRows> ordered;
  if (options.rows) ordered.emplace(options.rows);
  // The one runner (harness/base/campaign.h): chunks of deals in index order on the workers,
  // progress on stderr through the Reporter, no chunk started after an interrupt.
  std::ostream discard(nullptr);  // no progress: a stream that writes nothing
  Reporter reporter(options.progress ? std::cerr : discard, options.progress && isatty(STDERR_FILENO) != 0);
  Campaign campaign(simulate_campaign(threads), reporter);
  std::vector<std::vector<Statistics>> per_worker(campaign.workers());
  for (auto& mine : per_worker)
    for (const Rules& r : rules) mine.emplace_back(r, spec.match_rounds, spec.measures_skill());
  std::mutex failure_mutex;
  std::exception_ptr failure;  // the first exception of a chunk: the run stops and rethrows it
  const std::uint64_t chunks = (deals + chunk_size - 1) / chunk_size;
  const CampaignSummary summary = campaign.run(
      chunks,
      [&](std::size_t chunk, std::size_t worker) {
        try {
          play_chunk(spec, rules, chunk, chunk_size, deals, per_worker[worker], ordered ? &*ordered : nullptr);
        } catch (const Interrupted&) {
          // Ctrl-C in one move's long decision (core/lap_watch.h): the chunk stops unfinished, so
          // its rows never come (an interrupted run writes no file) and nobody waits for them;
          // the campaign takes the run as interrupted, and the table says so.
          if (ordered) ordered->abort();
          throw;
        } catch (...) {
          std::lock_guard lock(failure_mutex);
          if (!failure) failure = std::current_exception();
          campaign.stop();
          if (ordered) ordered->abort();
        }
      },
      [](std::size_t chunk) {
        return WorkName{fmt::format("chunk {}", chunk), ""};
      });
  if (failure) std::rethrow_exception(failure);

  return collect(spec, rules, per_worker, summary);
}

// --- JSON -------------------------------------------------------------------------------------

namespace {

json::object run_json(const SimulationSpec& spec) {
  json::array players;
  for (const auto& p : spec.players) players.push_back(json::string(p.name()));
  json::object run{{"rules", to_json(spec.rules)},
                   {"players", players},
                   {"paired", spec.paired},
                   {"seed", spec.seed},
                   {"games", spec.games},
                   {"match_rounds", spec.match_rounds},
                   {"detail_every", spec.detail_every}};
  if (spec.sweep) {
    json::array values;
    for (const auto& v : spec.sweep->values) values.push_back(json::string(v));
    run["sweep"] = json::object{{"option", spec.sweep->option}, {"values", values}};
  } else {
    run["sweep"] = nullptr;
  }
  if (spec.measures_skill()) run["tables"] = spec.tables;  // the skill statistics' tables (--tables)
  if (!spec.table_files.empty()) {                         // which tables exactly: shards of other tables do not merge
    json::array files;
    for (const std::string& id : spec.table_files) files.push_back(json::string(id));
    run["table_files"] = files;
  }
  // Only a shard names its place: the merged whole is written as one run is.
  if (spec.shard.count > 1) run["shard"] = json::object{{"index", spec.shard.index}, {"count", spec.shard.count}};
  return run;
}

// The rates compared across sweep values: each against the first value, with Newcombe's interval.
json::array differences_json(const std::vector<Difference>& differences) {
  json::array out;
  for (const Difference& d : differences) {
    json::object row{{"value", d.value}, {"against", d.against}};
    for (std::size_t o = 0; o < kOutcomes; ++o)
      row[kOutcomeNames[o]] =
          json::object{{"difference", d.differences[o]}, {"low", d.intervals[o].low}, {"high", d.intervals[o].high}};
    row["mean_length"] = json::object{{"difference", d.mean_length}};
    out.push_back(row);
  }
  return out;
}

}  // namespace

json::object simulation_json(const SimulationReport& report, const json::value* timing) {
  const SimulationSpec& spec = *report.spec;
  json::array results;
  for (std::size_t v = 0; v < report.summaries.size(); ++v) {
    json::object r;
    r["value"] = spec.sweep ? json::value(json::string(spec.sweep->values[v])) : json::value(nullptr);
    r["statistics"] =
        json::object{{"counts", report.statistics[v].counts_json()}, {"summary", to_json(report.summaries[v])}};
    results.push_back(r);
  }
  json::object out{{"format", kSimulationFormat}, {"version", spec.version},
                   {"commit", spec.commit},       {"run", run_json(spec)},
                   {"results", results},          {"differences", differences_json(report.differences)}};
  if (timing) out["timing"] = *timing;
  return out;
}

json::object simulation_json(const SimulationSpec& spec, const std::vector<Statistics>& per_value,
                             const json::value* timing) {
  return simulation_json(make_report(spec, per_value), timing);
}

std::string to_text(const json::value& v) { return json::serialize(v) + "\n"; }

// --- Merging shards ---------------------------------------------------------------------------

namespace {

struct ShardFile {
  std::string file;
  json::object doc;
  Shard shard;
};

const json::value& member(const json::object& o, const char* name, const std::string& where) {
  if (!o.contains(name)) throw InputError(fmt::format("{}: missing field '{}'", where, name));
  return o.at(name);
}

// Rebuilds what was run from "run" (the merged document is written by the same code as a run's).
SimulationSpec spec_from_json(const json::object& doc, const std::string& where) {
  SimulationSpec spec;
  const auto* run = member(doc, "run", where).if_object();
  if (!run) throw InputError(fmt::format("{}: run: expected an object", where));
  const auto at = [&](const char* name) { return fmt::format("{}: run.{}", where, name); };
  try {
    spec.rules = rules_from_json(member(*run, "rules", where + ": run"), where + ": run.rules");
    const auto& players = member(*run, "players", where + ": run").as_array();
    if (players.size() != 2) throw InputError(fmt::format("{}: expected two players", at("players")));
    for (std::size_t k = 0; k < 2; ++k) spec.players[k] = parse_player_spec(players[k].as_string());
    spec.paired = member(*run, "paired", where + ": run").as_bool();
    spec.seed = member(*run, "seed", where + ": run").to_number<std::uint64_t>();
    spec.games = member(*run, "games", where + ": run").to_number<std::uint64_t>();
    spec.match_rounds = member(*run, "match_rounds", where + ": run").to_number<int>();
    spec.detail_every = member(*run, "detail_every", where + ": run").to_number<int>();
    if (run->contains("tables")) spec.tables = std::string(run->at("tables").as_string());
    if (run->contains("table_files"))
      for (const auto& id : run->at("table_files").as_array()) spec.table_files.emplace_back(id.as_string());
    const auto& sweep = member(*run, "sweep", where + ": run");
    if (!sweep.is_null()) {
      Sweep s{std::string(sweep.at("option").as_string()), {}};
      for (const auto& v : sweep.at("values").as_array()) s.values.emplace_back(v.as_string());
      spec.sweep = s;
    }
    spec.version = std::string(member(doc, "version", where).as_string());
    spec.commit = std::string(member(doc, "commit", where).as_string());
  } catch (const std::exception& e) {
    if (dynamic_cast<const InputError*>(&e)) throw;
    throw InputError(fmt::format("{}: run: {}", where, e.what()));
  }
  return spec;
}

ShardFile read_shard(const std::string& file) {
  // A shard is simulate's own result, not a record: its own bound (a --sweep of many values
  // writes more than one record's 12 MB).
  const json::value v = parse_json(read_file(file, "simulate result", kMostShardBytes), file);
  const auto* doc = v.if_object();
  if (!doc || !doc->contains("format") || doc->at("format") != kSimulationFormat)
    throw InputError(fmt::format("{}: format: expected \"{}\"", file, kSimulationFormat));
  check_top_level_fields(*doc, file);
  ShardFile s{file, *doc, {}};
  const auto& run = member(*doc, "run", file);
  if (!run.is_object()) throw InputError(fmt::format("{}: run: expected an object", file));
  if (!run.as_object().contains("shard")) {
    s.shard = {1, 1};  // a whole run: the one shard of itself
    return s;
  }
  try {
    const auto& shard = run.as_object().at("shard").as_object();
    s.shard = {shard.at("index").to_number<int>(), shard.at("count").to_number<int>()};
  } catch (const std::exception&) {
    throw InputError(fmt::format("{}: run.shard: expected {{\"index\": K, \"count\": M}}", file));
  }
  return s;
}

// The first field by which `b` differs from `a` (both the "run" of a shard, shard taken out).
std::string first_differing_run_field(const json::object& a, const json::object& b) {
  for (const auto& [key, value] : a)
    if (key != "shard" && (!b.contains(key) || b.at(key) != value)) return std::string(key);
  for (const auto& [key, value] : b)
    if (key != "shard" && !a.contains(key)) return std::string(key);
  return {};
}

}  // namespace

std::string merge_simulations(const std::vector<std::string>& files) {
  if (files.empty()) throw InputError("merge: no files given");
  std::vector<ShardFile> shards;
  for (const auto& f : files) shards.push_back(read_shard(f));
  const ShardFile& first = shards.front();
  std::map<int, std::string> seen;
  for (const ShardFile& s : shards) {
    for (const char* field : {"version", "commit"})
      if (member(s.doc, field, s.file) != member(first.doc, field, first.file))
        throw InputError(fmt::format("merge: {}: {} is {}, {} has {}", s.file, field, json::serialize(s.doc.at(field)),
                                     first.file, json::serialize(first.doc.at(field))));
    const std::string diff = first_differing_run_field(first.doc.at("run").as_object(), s.doc.at("run").as_object());
    if (!diff.empty()) {
      const auto show = [&](const ShardFile& f) {
        const auto& run = f.doc.at("run").as_object();
        return run.contains(diff) ? json::serialize(run.at(diff)) : std::string("(none)");
      };
      throw InputError(fmt::format("merge: {}: run.{} is {}, {} has {} (shards of different runs)", s.file, diff,
                                   show(s), first.file, show(first)));
    }
    if (s.shard.count != first.shard.count)
      throw InputError(fmt::format("merge: {}: shard {}/{}, {} is a shard of {}", s.file, s.shard.index, s.shard.count,
                                   first.file, first.shard.count));
    if (s.shard.index < 1 || s.shard.index > s.shard.count)
      throw InputError(fmt::format("merge: {}: shard {}/{} does not exist", s.file, s.shard.index, s.shard.count));
    if (auto it = seen.find(s.shard.index); it != seen.end())
      throw InputError(
          fmt::format("merge: shard {}/{} given twice ({}, {})", s.shard.index, s.shard.count, it->second, s.file));
    seen[s.shard.index] = s.file;
  }
  for (int k = 1; k <= first.shard.count; ++k)
    if (!seen.count(k))
      throw InputError(fmt::format("merge: shard {}/{} missing (given: {} of {})", k, first.shard.count, seen.size(),
                                   first.shard.count));

  SimulationSpec spec = spec_from_json(first.doc, first.file);
  const std::vector<Rules> rules = spec.rules_per_value();
  std::vector<Statistics> merged;
  for (const Rules& r : rules) merged.emplace_back(r, spec.match_rounds, spec.measures_skill());
  for (const ShardFile& s : shards) {
    const auto* results = member(s.doc, "results", s.file).if_array();
    if (!results || results->size() != rules.size())
      throw InputError(fmt::format("{}: results: expected {} entries", s.file, rules.size()));
    for (std::size_t v = 0; v < rules.size(); ++v) {
      const std::string where = fmt::format("{}: results[{}].statistics", s.file, v);
      const auto* stats = (*results)[v].if_object();
      if (!stats || !stats->contains("statistics") || !stats->at("statistics").is_object())
        throw InputError(fmt::format("{}: missing", where));
      const Statistics counted = Statistics::from_counts_json(
          rules[v], spec.match_rounds, member(stats->at("statistics").as_object(), "counts", where), where,
          Statistics::kMostCount / static_cast<std::uint64_t>(first.shard.count),  // the sum cannot wrap around
          spec.measures_skill());
      // The games a shard plays: one a deal (two with --paired); a match's, up to its rounds.
      SimulationSpec shard = spec;
      shard.shard = s.shard;
      const std::uint64_t least =
          shard.deals_in_shard() * (spec.paired ? 2u : 1u);  // a match plays its game 1 at least
      const std::uint64_t most = least * static_cast<std::uint64_t>(std::max(1, spec.match_rounds));
      const std::uint64_t played = counted.games + counted.undecided_games;
      if (spec.match_rounds == 0 ? played != most : played > most || played < least)
        throw InputError(
            fmt::format("{}: counts.games {} and counts.undecided_games {}: {} games, but shard {}/{} of {} deals "
                        "plays {}",
                        where, counted.games, counted.undecided_games, played, s.shard.index, s.shard.count, spec.games,
                        spec.match_rounds == 0 ? fmt::to_string(most) : fmt::format("{} to {}", least, most)));
      check_count_identities(counted, rules[v], where + ".counts");
      merged[v].merge(counted);
    }
  }
  return to_text(simulation_json(spec, merged, nullptr));
}

}  // namespace hoyito
