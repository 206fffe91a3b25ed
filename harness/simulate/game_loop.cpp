// The game loop: one game, match or deal played on the engine and counted into Statistics.
#include <algorithm>
#include <bit>

#include "engine/engine.h"
#include "harness/games/search.h"
#include "harness/simulate/simulate.h"

namespace hoyito {

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

int own_nonempty_holes(const Position& p) {
  const int n = static_cast<int>(p.board.size()) / 2;
  const int first = p.to_move == Player::south ? 0 : n;
  return static_cast<int>(
      std::count_if(p.board.begin() + first, p.board.begin() + first + n, [](int c) { return c > 0; }));
}

// The ply engine::Game::play_random would play at `position`, given its legal plies `legal`
// (legal_mask), drawing from `below` in play_random's draw order (stated once, at play_random in
// engine/game.h) over the mover's non-empty holes.
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
      m.endless_repeat_laps = engine::endless_repeat_laps(setup.rules, before, mask_before);
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

// END-3, G7: whether an unterminated game's last position (board, captures, side to move) had
// occurred before in the game: the play was going round in a cycle when the limit came
// (MancalaGames keeps such a result apart as LOOPED). Captures only grow, so a position can only
// recur among those since the last capture, where the captures are equal: the watch keeps the
// board and side to move of each of those (32 bytes a ply, at most ply_limit of them) and
// compares the last with them at the end. Exact, and no game is played again (issue 33: the
// whole game replayed and hashed was 40% of a 2x12 simulation).
class RepetitionWatch {
 public:
  // The storage is the thread's, kept from game to game: no allocation once it has grown.
  explicit RepetitionWatch(const engine::Game& start) : seen_(thread_seen()) {
    seen_.clear();
    seen_.push_back(of(start));
  }
  void add(const engine::Game& game, bool captured) {
    if (captured) seen_.clear();  // no earlier position can come back
    seen_.push_back(of(game));
  }
  bool last_repeats() const { return std::find(seen_.begin(), seen_.end() - 1, seen_.back()) != seen_.end() - 1; }

 private:
  struct Seen {
    engine::Board board;
    Player to_move;
    bool operator==(const Seen&) const = default;
  };
  static Seen of(const engine::Game& game) { return {game.board(), game.to_move()}; }
  static std::vector<Seen>& thread_seen() {
    thread_local std::vector<Seen> seen;
    return seen;
  }
  std::vector<Seen>& seen_;  // since the last capture (or the start)
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
  RepetitionWatch watch(game);
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
    if (!values.empty()) count_skill(values, ply, g.skill[static_cast<std::size_t>(player)]);  // --tables only
    if (g.plies == 0) g.opening = ply;
    if (detailed) play_detailed(setup, game, ply, round_rule, before, g, stats);
    g.plies += 1;
    if (ply.is_pass()) {
      g.passes += 1;
    } else {
      g.moves += 1;
      if (game.status() == Status::playing && game.to_move() == mover) g.extra_moves += 1;  // CAP-II-3, CAP-III-3
    }
    const bool captured = game.captured()[index(mover)] > captured_before;
    g.capture_plies += captured;
    watch.add(game, captured);
  }
  const Result result = game.result();
  g.outcome = outcome_of(result);
  g.seeds_left = engine::seed_total(setup.rules) - result.captured[0] - result.captured[1];
  g.margin = std::abs(result.captured[0] - result.captured[1]);
  g.repeating = g.outcome == unterminated && watch.last_repeats();
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

}  // namespace

void play_deal(const SimulationSpec& spec, const Rules& rules, std::uint64_t deal, Statistics& stats,
               std::vector<GameRow>* rows) {
  const bool detailed = spec.detail_every > 0 && deal % static_cast<std::uint64_t>(spec.detail_every) == 0;
  const std::uint64_t search_undecided_before = search::undecided_leaves();  // this thread's count
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
  stats.add_search_undecided(deal, search::undecided_leaves() - search_undecided_before);
}

}  // namespace hoyito
