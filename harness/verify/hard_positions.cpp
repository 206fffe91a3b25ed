// The search for hard positions (harness/verify/hard_positions.h). A fast lap walker of its own
// proposes (its sowing is the rule text of SOW-1..5, CAP-I-1 and G2, nothing more); the reference
// model measures every vector found, and a vector it does not confirm is a bug (std::logic_error).
//
// Long finite sowings are rare (in random play about one move in 10^5 sows 76 laps or more), so
// the search keeps the longest finite sowing it meets and cuts it: the lap-end state at lap j of a
// move of L laps, with the mover to lift its landing hole, is a position whose move sows exactly
// L - j laps (the same laps, SOW-5), so one long sowing answers every target up to its length.
#include "harness/verify/hard_positions.h"

#include <algorithm>
#include <array>
#include <numeric>
#include <optional>
#include <set>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "harness/base/interrupt.h"
#include "harness/base/random.h"
#include "harness/verify/lap_limits.h"
#include "harness/verify/suite.h"
#include "io/record.h"
#include "model/model.h"

namespace hoyito {

namespace {

constexpr std::uint64_t kHardSalt = 0x68617264ULL;  // "hard"
constexpr int kMostHoles = 24;                      // 2x12 (BRD-2)
constexpr int kCasa = 4;                            // CAP-II-1, CAP-III-1, CAP-I-1
constexpr int kMostLeft = 5;                        // last-seeds: 0..4 end the game (END-1), 5 does not
constexpr int kGamePlies = 400;                     // plies of each random model game the search takes positions from
constexpr int kWalkedGamePlies = 60;                // plies of each walked game (long sowings come early: plies 5-20)
constexpr std::size_t kMostDecided = 3000;          // positions of the walks kept for the small searches

int made_up_boards(int holes_per_row) { return holes_per_row == 6 ? 20000 : 8000; }
int random_games(int holes_per_row) { return holes_per_row == 6 ? 6 : 2; }
int walked_games(int holes_per_row) { return holes_per_row == 6 ? 40000 : 60000; }

// A lap-end state of the walker: the board and the hole the last seed fell into.
struct WalkState {
  std::array<int, kMostHoles> board{};
  int hole = -1;
  int taken = 0;  // seeds captured en passant so far (Hoyito I, CAP-I-1)
  bool operator==(const WalkState& o) const { return hole == o.hole && board == o.board; }
};

struct Walk {
  enum Kind { finite, endless, undecided } kind = undecided;
  std::int64_t laps = 0;   // finite: the lap the move ends at
  std::int64_t cycle = 0;  // endless: the cycle's length in laps
};

// The search's lap walker, for one rules reading and one mover.
class LapWalker {
 public:
  LapWalker(const Rules& rules, Player mover) : rules_(rules), holes_(rules.holes()), mover_(mover) {}

  // G2: a four is a casa on either row, or only on the mover's opponent's row.
  bool casa(const WalkState& s, int h) const {
    return s.board[h] == kCasa &&
           (rules_.options.capture_sides == CaptureSides::both || model::hole_owner(h, rules_.holes_per_row) != mover_);
  }
  // SOW-2: lift s.hole and sow on, one seed a hole (SOW-3: past the origin under skip_origin);
  // CAP-I-1: in Hoyito I a seed that is not the lap's last and makes a casa is captured.
  void lap(WalkState& s) const {
    const int origin = s.hole;
    int in_hand = std::exchange(s.board[origin], 0);
    const bool skip = rules_.options.skip_origin && in_hand >= holes_;
    int h = origin;
    while (in_hand > 0) {
      h = h + 1 == holes_ ? 0 : h + 1;
      if (skip && h == origin) h = h + 1 == holes_ ? 0 : h + 1;
      s.board[h] += 1;
      in_hand -= 1;
      if (rules_.variant == Variant::hoyito1 && in_hand > 0 && casa(s, h)) s.board[h] = 0, s.taken += kCasa;
    }
    s.hole = h;
  }
  // SOW-4, G3, SOW-5: the move goes on unless the last seed made a one or a casa.
  bool relays(const WalkState& s) const { return s.board[s.hole] != 1 && !casa(s, s.hole); }

  WalkState start(const Position& p, int hole) const {
    WalkState s;
    std::copy(p.board.begin(), p.board.end(), s.board.begin());
    s.hole = hole;
    return s;
  }

  // The move from `hole`, walked up to `most` laps; endless by Brent's cycle detection.
  Walk walk(const Position& p, int hole, std::int64_t most) const {
    WalkState s = start(p, hole), tortoise;
    lap(s);
    std::int64_t laps = 1, power = 1, since = 0;
    while (relays(s)) {
      if (laps >= most) return {};
      lap(s);
      laps += 1, since += 1;
      if (s == tortoise) return {Walk::endless, laps, since};
      if (since == power) tortoise = s, power *= 2, since = 0;
    }
    return {Walk::finite, laps, 0};
  }

 private:
  const Rules& rules_;
  int holes_;
  Player mover_;
};

struct Candidate {
  Position position;
  int hole = -1;
  Walk walk;
};

std::vector<int> own_nonempty_holes(const Position& p, int n) {
  std::vector<int> holes;
  for (int h = 0; h < 2 * n; ++h)
    if (model::hole_owner(h, n) == p.to_move && p.board[static_cast<std::size_t>(h)] > 0) holes.push_back(h);
  return holes;
}

int seed_total(const Rules& rules) { return rules.holes() * rules.seeds_per_hole; }

// A made-up board of the game's seed total: some seeds on the board in one of three shapes (even,
// heaped in the middle, heaped on the low holes), the rest captured; either side to move.
Position made_up_position(const Rules& rules, SplitMix64& rng) {
  const int holes = rules.holes(), total = seed_total(rules);
  Position p;
  p.board.assign(static_cast<std::size_t>(holes), 0);
  const int seeds =
      rules.holes_per_row + static_cast<int>(rng.below(static_cast<std::uint64_t>(total - holes / 2 + 1)));
  const auto shape = rng.below(3);
  for (int i = 0; i < seeds; ++i) {
    const auto n = static_cast<std::uint64_t>(holes);
    const std::uint64_t h = shape == 0   ? rng.below(n)
                            : shape == 1 ? (rng.below(n) + rng.below(n)) / 2
                                         : rng.below(1 + rng.below(n));
    p.board[h] += 1;
  }
  p.captured[0] = static_cast<int>(rng.below(static_cast<std::uint64_t>(total - seeds + 1)));
  p.captured[1] = total - seeds - p.captured[0];
  p.to_move = static_cast<Player>(rng.below(2));
  return p;
}

// Positions of random games from the start (the model's legal moves, drawn from `rng`), played
// with lap_limit cut to the walker's reach so that no move of them is walked for minutes.
std::vector<Position> random_game_positions(const Rules& rules, SplitMix64& rng) {
  Rules bounded = rules;
  bounded.options.lap_limit = kHardWalkLaps;
  std::vector<Position> out;
  for (int g = 0; g < random_games(rules.holes_per_row); ++g) {
    model::Game game(bounded, model::opening_position(bounded));
    try {
      for (int ply = 0; ply < kGamePlies && game.status() == Status::playing; ++ply) {
        out.push_back(game.position());
        const std::vector<Move> legal = game.legal_moves();
        game.play(legal[static_cast<std::size_t>(rng.below(legal.size()))]);
      }
    } catch (const InputError&) {  // a move undecided within the walker's reach: this game stops
    }
  }
  return out;
}

// What the walks of one configuration kept.
struct WalkFindings {
  std::optional<Candidate> longest_finite;
  std::vector<std::optional<Candidate>> endless;  // per kEndlessTargets: the shortest cycle at or above it
  std::vector<Position> decided;                  // positions whose every move the walker decided
  long positions = 0;
  std::int64_t longest_cycle = 0;
};

void keep_endless(WalkFindings& f, const Candidate& c) {
  f.longest_cycle = std::max(f.longest_cycle, c.walk.cycle);
  for (std::size_t t = 0; t < std::size(kEndlessTargets); ++t) {
    auto& best = f.endless[t];
    if (c.walk.cycle >= kEndlessTargets[t] && (!best || c.walk.cycle < best->walk.cycle)) best = c;
  }
}

// Every move of `p` walked; the position kept for the model's searches when each move is decided.
// Returns the holes whose move ends.
std::vector<int> walk_position(const Rules& rules, const Position& p, WalkFindings& f) {
  const LapWalker walker(rules, p.to_move);
  bool all_decided = true;
  std::vector<int> finite;
  f.positions += 1;
  for (int hole : own_nonempty_holes(p, rules.holes_per_row)) {
    const Walk w = walker.walk(p, hole, kHardWalkLaps);
    if (w.kind == Walk::undecided) all_decided = false;
    if (w.kind == Walk::endless) keep_endless(f, {p, hole, w});
    if (w.kind != Walk::finite) continue;
    finite.push_back(hole);
    if (!f.longest_finite || w.laps > f.longest_finite->walk.laps) f.longest_finite = Candidate{p, hole, w};
  }
  if (all_decided && f.decided.size() < kMostDecided) f.decided.push_back(p);
  return finite;
}

// The position after a walked move that ends: the landing casa taken and, in Hoyito II, the run of
// fours the mover may take behind it (CAP-*-1, CAP-II-2, G2); Hoyito II and III move again after a
// capture. None when the move ended the game (END-1). A proposal only: the model measures.
std::optional<Position> after_walked_move(const Rules& rules, const Position& p, int hole) {
  const LapWalker walker(rules, p.to_move);
  WalkState s = walker.start(p, hole);
  walker.lap(s);
  while (walker.relays(s)) walker.lap(s);
  int taken = s.taken;
  for (int h = s.hole; walker.casa(s, h); h = h == 0 ? rules.holes() - 1 : h - 1) {
    s.board[h] = 0, taken += kCasa;
    if (rules.variant != Variant::hoyito2) break;
  }
  Position after = p;
  after.board.assign(s.board.begin(), s.board.begin() + rules.holes());
  after.captured[index(p.to_move)] += taken;
  if (taken > 0 && std::accumulate(after.board.begin(), after.board.end(), 0) <= kCasa) return std::nullopt;
  const bool again = taken > 0 && rules.variant != Variant::hoyito1;
  after.to_move = again ? p.to_move : model::opponent_of(p.to_move);
  return after;
}

// Random games from the start, each move walked by the search's walker (a pass when none ends):
// positions of the early game, where long finite sowings are met.
void walked_games_positions(const Rules& rules, SplitMix64& rng, WalkFindings& f) {
  for (int g = 0; g < walked_games(rules.holes_per_row); ++g) {
    if (g % 1024 == 0) throw_if_interrupted("the search for hard positions: nothing written");
    Position p = model::opening_position(rules);
    for (int ply = 0, passes = 0; ply < kWalkedGamePlies && passes < 2; ++ply) {
      const std::vector<int> finite = walk_position(rules, p, f);
      if (finite.empty()) {
        p.to_move = model::opponent_of(p.to_move), passes += 1;
        continue;
      }
      passes = 0;
      const std::optional<Position> next =
          after_walked_move(rules, p, finite[static_cast<std::size_t>(rng.below(finite.size()))]);
      if (!next) break;
      p = *next;
    }
  }
}

WalkFindings walk_configuration(const Rules& rules, SplitMix64& rng) {
  WalkFindings f;
  f.endless.resize(std::size(kEndlessTargets));
  for (const Position& p : random_game_positions(rules, rng)) walk_position(rules, p, f);
  walked_games_positions(rules, rng, f);
  for (int i = 0; i < made_up_boards(rules.holes_per_row); ++i) walk_position(rules, made_up_position(rules, rng), f);
  return f;
}

HardPosition base_vector(const std::string& kind, const std::string& reading, const Rules& rules, const Position& p,
                         int hole) {
  HardPosition v;
  v.kind = kind;
  v.reading = reading;
  v.rules = rules;
  v.position = p;
  v.moves = {Move::at(hole)};
  return v;
}

[[noreturn]] void not_confirmed(const HardPosition& v, const std::string& what) {
  throw std::logic_error(fmt::format("hard positions: the model does not confirm {} (move {} at {}): {}", v.name(),
                                     move_text(v.moves.front(), v.rules.holes_per_row),
                                     fmt::join(v.position.board, ","), what));
}

// The position at lap `j` of a walked move: its board, the mover to lift the landing hole.
Position position_at_lap(const Rules& rules, const Candidate& c, std::int64_t j, int& hole) {
  const LapWalker walker(rules, c.position.to_move);
  WalkState s = walker.start(c.position, c.hole);
  for (std::int64_t lap = 0; lap < j; ++lap) walker.lap(s);
  Position p = c.position;
  p.board.assign(s.board.begin(), s.board.begin() + rules.holes());
  p.captured[index(p.to_move)] += s.taken;
  hole = s.hole;
  return p;
}

// For each finite target at most the longest sowing's length: the cut nearest at or above it.
void finite_vectors(const std::string& reading, const Rules& rules, const Candidate& longest,
                    std::vector<HardPosition>& out) {
  const LapWalker walker(rules, longest.position.to_move);
  const std::int64_t total = longest.walk.laps;
  std::vector<bool> mover_lands(static_cast<std::size_t>(total) + 1, false);  // after lap j: the landing is the mover's
  WalkState s = walker.start(longest.position, longest.hole);
  mover_lands[0] = true;
  for (std::int64_t j = 1; j < total; ++j) {
    walker.lap(s);
    mover_lands[static_cast<std::size_t>(j)] =
        model::hole_owner(s.hole, rules.holes_per_row) == longest.position.to_move;
  }
  for (std::int64_t target : kFiniteTargets) {
    std::int64_t j = total - target;
    while (j > 0 && !mover_lands[static_cast<std::size_t>(j)]) --j;
    if (j < 0) continue;
    int hole = longest.hole;
    const Position p = j == 0 ? longest.position : position_at_lap(rules, longest, j, hole);
    HardPosition v = base_vector("finite", reading, rules, p, hole);
    v.target = target;
    v.laps = total - j;
    const model::MoveOutcome o = model::sow_move(rules, p, hole);
    if (o.endless || static_cast<std::int64_t>(o.laps) != v.laps)
      not_confirmed(v, fmt::format("the model finds {} laps{}", o.laps, o.endless ? ", endless" : ""));
    out.push_back(std::move(v));
  }
}

void endless_vectors(const std::string& reading, const Rules& rules, const WalkFindings& f,
                     std::vector<HardPosition>& out) {
  std::set<std::pair<std::vector<int>, int>> seen;
  for (std::size_t t = 0; t < f.endless.size(); ++t) {
    const auto& c = f.endless[t];
    if (!c || !seen.insert({c->position.board, c->hole}).second) continue;
    HardPosition v = base_vector("endless", reading, rules, c->position, c->hole);
    v.target = kEndlessTargets[t];
    const model::MoveOutcome o = model::sow_move(rules, c->position, c->hole);
    v.laps = static_cast<std::int64_t>(o.laps);
    v.repeated_lap = static_cast<std::int64_t>(o.repeated_lap);
    if (!o.endless || v.cycle_length() != c->walk.cycle)
      not_confirmed(v, fmt::format("the model finds {} laps{}, the walker a cycle of {}", o.laps,
                                   o.endless ? " endless" : " finite", c->walk.cycle));
    out.push_back(std::move(v));
  }
}

bool row_empty(const Position& p, Player player, int n) {
  for (int h = 0; h < 2 * n; ++h)
    if (model::hole_owner(h, n) == player && p.board[static_cast<std::size_t>(h)] > 0) return false;
  return true;
}

// The holes a move captured (CAP-*), and whether they span a row end: both holes of a pair
// (N-1, N) or (2N-1, 0) among them.
struct Captures {
  std::set<int> holes;
  bool across_ends(int n) const {
    return (holes.count(n - 1) && holes.count(n)) || (holes.count(2 * n - 1) && holes.count(0));
  }
};
Captures captures_of(const std::vector<Event>& events) {
  Captures c;
  for (const Event& e : events)
    if (e.kind == EventKind::capture || e.kind == EventKind::chain_capture) c.holes.insert(e.hole);
  return c;
}

int awarded(const std::vector<Event>& events) {
  int seeds = 0;
  for (const Event& e : events)
    if (e.kind == EventKind::last_four_award) seeds += e.seeds;
  return seeds;
}

// The small searches of one configuration: what the model's move does at the game's edges.
struct EdgeFindings {
  std::array<std::optional<HardPosition>, kMostLeft + 1> last_seeds;
  std::optional<HardPosition> pass, extra_move, captures;
};

// The vector's moves: the move, then the pass when it is the only legal ply (PASS-1, PASS-2).
void add_forced_pass(HardPosition& v) {
  model::Game game(v.rules, v.position);
  game.play(v.moves.front());
  if (game.status() == Status::playing && game.legal_moves() == std::vector<Move>{Move::pass()})
    v.moves.push_back(Move::pass());
}

void classify_move(const std::string& reading, const Rules& rules, const Position& p, int hole, EdgeFindings& f) {
  const model::MoveOutcome o = model::sow_move(rules, p, hole);
  if (o.endless) return;
  const Captures caps = captures_of(o.events);
  const int n = rules.holes_per_row, on_board = std::accumulate(o.after.board.begin(), o.after.board.end(), 0);
  const int left = o.ended_game ? awarded(o.events) : on_board;
  const auto vector_of = [&](const char* kind) {
    HardPosition v = base_vector(kind, reading, rules, p, hole);
    v.laps = static_cast<std::int64_t>(o.laps);
    return v;
  };
  if (!caps.holes.empty() && left <= kMostLeft && !f.last_seeds[static_cast<std::size_t>(left)]) {
    HardPosition v = vector_of("last-seeds");
    v.left = left;
    f.last_seeds[static_cast<std::size_t>(left)] = v;
  }
  if (o.ended_game) return;
  const bool extra = o.after.to_move == p.to_move;
  auto& slot = extra ? f.extra_move : f.pass;
  if (!slot && row_empty(o.after, o.after.to_move, n) && (extra || caps.holes.empty())) {
    slot = vector_of(extra ? "extra-move" : "pass");
    add_forced_pass(*slot);
  }
  const int count = static_cast<int>(caps.holes.size());
  if (count >= 2 && (!f.captures || std::pair(caps.across_ends(n), count) >
                                        std::pair(f.captures->across_ends, f.captures->captured_holes))) {
    f.captures = vector_of("captures");
    f.captures->captured_holes = count;
    f.captures->across_ends = caps.across_ends(n);
  }
}

// A board near its end: two to seven holes of one to five seeds, the rest captured.
Position sparse_position(const Rules& rules, SplitMix64& rng) {
  Position p;
  p.board.assign(static_cast<std::size_t>(rules.holes()), 0);
  for (int i = 2 + static_cast<int>(rng.below(6)); i > 0; --i)
    p.board[rng.below(static_cast<std::uint64_t>(rules.holes()))] = 1 + static_cast<int>(rng.below(5));
  const int captured = seed_total(rules) - std::accumulate(p.board.begin(), p.board.end(), 0);
  p.captured[0] = static_cast<int>(rng.below(static_cast<std::uint64_t>(captured) + 1));
  p.captured[1] = captured - p.captured[0];
  p.to_move = static_cast<Player>(rng.below(2));
  return p;
}

// The small-board searches: made-up boards of small counts (the end of a game) and the decided
// positions of the walks (captures of many fours), every move played by the model.
EdgeFindings edge_configuration(const std::string& reading, const Rules& rules, const std::vector<Position>& decided,
                                SplitMix64& rng) {
  EdgeFindings f;
  std::vector<Position> positions = decided;
  for (int i = 0; i < 3000; ++i)
    positions.push_back(i % 2 ? small_counts_position(rules, 1 + i % 4, rng) : sparse_position(rules, rng));
  for (const Position& p : positions) {
    if (p.captured[0] < 0 || p.captured[1] < 0) continue;
    const LapWalker walker(rules, p.to_move);
    for (int hole : own_nonempty_holes(p, rules.holes_per_row))
      if (walker.walk(p, hole, 1000).kind == Walk::finite) classify_move(reading, rules, p, hole, f);
  }
  return f;
}

void search_configuration(const std::string& reading, const Rules& rules, SplitMix64& rng, HardPositions& out) {
  const WalkFindings walks = walk_configuration(rules, rng);
  if (walks.longest_finite) finite_vectors(reading, rules, *walks.longest_finite, out.vectors);
  endless_vectors(reading, rules, walks, out.vectors);
  EdgeFindings edges = edge_configuration(reading, rules, walks.decided, rng);
  for (auto& v : edges.last_seeds)
    if (v) out.vectors.push_back(std::move(*v));
  for (auto* v : {&edges.pass, &edges.extra_move, &edges.captures})
    if (*v) out.vectors.push_back(std::move(**v));
  out.searches.push_back({reading, rules, walks.positions, walks.longest_finite ? walks.longest_finite->walk.laps : 0,
                          walks.longest_cycle});
}

}  // namespace

std::string HardPosition::name() const {
  const std::string where = fmt::format("{} 2x{} {}", variant_name(rules.variant), rules.holes_per_row, reading);
  const std::string move = moves.empty() ? "" : move_text(moves.front(), rules.holes_per_row);
  if (kind == "finite") return fmt::format("{}: finite sowing of {} laps (target {})", where, laps, target);
  if (kind == "endless")
    return fmt::format("{}: endless sowing, a cycle of {} laps, first repeat at lap {}", where, cycle_length(), laps);
  if (kind == "last-seeds") return fmt::format("{}: capture {} leaving {} seed(s) on the board", where, move, left);
  if (kind == "pass") return fmt::format("{}: move {} leaves the player to move no seeds", where, move);
  if (kind == "extra-move") return fmt::format("{}: capture {} earns an extra move with no seeds left", where, move);
  return fmt::format("{}: move {} captures {} holes at once{}", where, move, captured_holes,
                     across_ends ? " across a row end" : "");
}

std::string cap_effect(const HardPosition& v, std::int64_t cap) {
  if (v.kind == "finite")
    return cap < v.laps ? fmt::format("a {}-lap cap refuses this finite move (it ends at lap {})", cap, v.laps)
                        : fmt::format("a {}-lap cap plays it (it ends at lap {})", cap, v.laps);
  if (v.kind == "endless")
    return cap < v.laps
               ? fmt::format("a {}-lap cap stops before its first repeat (lap {}): the move is endless all the same",
                             cap, v.laps)
               : fmt::format("a {}-lap cap meets its first repeat (lap {})", cap, v.laps);
  return "";
}

std::vector<std::pair<std::string, Rules>> hard_readings(Variant variant, int holes_per_row) {
  Rules defaults;
  defaults.variant = variant;
  defaults.holes_per_row = holes_per_row;
  Rules shipped = defaults;  // MancalaGames as shipped (issue 22): G2 opponent, G14 round_ends
  shipped.options.capture_sides = CaptureSides::opponent;
  shipped.options.no_seeds = NoSeeds::round_ends;
  return {{"defaults", defaults}, {"opponent-roundends", shipped}};
}

HardPositions find_hard_positions(std::uint64_t seed) {
  HardPositions out;
  std::uint64_t index = 0;
  for (Variant variant : {Variant::hoyito1, Variant::hoyito2, Variant::hoyito3})
    for (int holes : {6, 12})
      for (const auto& [reading, rules] : hard_readings(variant, holes)) {
        SplitMix64 rng{game_seed(seed ^ kHardSalt, index++)};
        search_configuration(reading, rules, rng, out);
      }
  return out;
}

namespace {

boost::json::object vector_json(const HardPosition& v) {
  boost::json::array moves;
  for (Move m : v.moves) moves.emplace_back(move_text(m, v.rules.holes_per_row));
  return {{"kind", v.kind},
          {"reading", v.reading},
          {"rules", to_json(v.rules)},
          {"position", to_json(v.position)},
          {"moves", std::move(moves)},
          {"laps", v.laps},
          {"repeated_lap", v.repeated_lap},
          {"target", v.target},
          {"left", v.left},
          {"captured_holes", v.captured_holes},
          {"across_ends", v.across_ends}};
}

std::int64_t whole(const boost::json::object& o, std::string_view key, const std::string& where) {
  const boost::json::value& v = required_field(o, key, where);
  if (!v.is_int64()) throw InputError(fmt::format("{}: \"{}\": expected a whole number", where, key));
  return v.as_int64();
}

std::string text_field(const boost::json::object& o, std::string_view key, const std::string& where) {
  const boost::json::value& v = required_field(o, key, where);
  if (!v.is_string()) throw InputError(fmt::format("{}: \"{}\": expected a string", where, key));
  return std::string(v.as_string());
}

HardPosition vector_from_json(const boost::json::value& value, const std::string& where) {
  if (!value.is_object()) throw InputError(fmt::format("{}: expected an object", where));
  const boost::json::object& o = value.as_object();
  HardPosition v;
  v.kind = text_field(o, "kind", where);
  v.reading = text_field(o, "reading", where);
  v.rules = rules_from_json(required_field(o, "rules", where), where + ".rules");
  v.position = position_from_json(required_field(o, "position", where), v.rules, where + ".position");
  const boost::json::value& moves = required_field(o, "moves", where);
  if (!moves.is_array() || moves.as_array().empty())
    throw InputError(fmt::format("{}: \"moves\": expected a list of moves", where));
  for (const auto& m : moves.as_array())
    v.moves.push_back(parse_move(m.is_string() ? std::string_view(m.as_string()) : "?", v.rules.holes_per_row));
  if (v.moves.front().is_pass()) throw InputError(fmt::format("{}: \"moves\": the first is a hole", where));
  v.laps = whole(o, "laps", where);
  v.repeated_lap = whole(o, "repeated_lap", where);
  v.target = whole(o, "target", where);
  v.left = static_cast<int>(whole(o, "left", where));
  v.captured_holes = static_cast<int>(whole(o, "captured_holes", where));
  v.across_ends =
      required_field(o, "across_ends", where).is_bool() && required_field(o, "across_ends", where).as_bool();
  return v;
}

// The model's measure of the vector's move (SOW-6): its laps, and M for an endless one.
void confirm_by_model(const HardPosition& v, const std::string& where) {
  const int hole = v.moves.front().hole();
  if (model::hole_owner(hole, v.rules.holes_per_row) != v.position.to_move ||
      v.position.board[static_cast<std::size_t>(hole)] == 0)
    throw InputError(fmt::format("{}: move {} is not one of the mover's non-empty holes", where,
                                 move_text(v.moves.front(), v.rules.holes_per_row)));
  const model::MoveOutcome o = model::sow_move(v.rules, v.position, hole);
  const bool endless = v.kind == "endless";
  if (o.endless != endless || static_cast<std::int64_t>(o.laps) != v.laps ||
      (endless && static_cast<std::int64_t>(o.repeated_lap) != v.repeated_lap))
    throw InputError(
        fmt::format("{}: {}: the model finds {} laps{} (first repeated lap {}): the file is stale, "
                    "write it again with `hoyito suite --search-hard`",
                    where, v.name(), o.laps, o.endless ? ", endless" : "", o.repeated_lap));
}

}  // namespace

std::string hard_positions_text(const HardPositions& found, std::uint64_t seed) {
  boost::json::array vectors, searches;
  for (const HardPosition& v : found.vectors) vectors.push_back(vector_json(v));
  for (const HardSearchSummary& s : found.searches)
    searches.push_back({{"reading", s.reading},
                        {"rules", to_json(s.rules)},
                        {"positions", s.positions},
                        {"longest_finite", s.longest_finite},
                        {"longest_cycle", s.longest_cycle}});
  return json_text({{"format", "hoyito-hard-positions/1"},
                    {"written_by", "hoyito suite --search-hard FILE (harness/verify/hard_positions.h)"},
                    {"seed", seed},
                    {"walk_laps", kHardWalkLaps},
                    {"searches", std::move(searches)},
                    {"positions", std::move(vectors)}});
}

HardPositions load_hard_positions(const std::string& path, std::int64_t measure_laps) {
  const boost::json::value document = parse_json(read_file(path), path);
  if (!document.is_object()) throw InputError(fmt::format("{}: expected a JSON object", path));
  const boost::json::object& o = document.as_object();
  if (text_field(o, "format", path) != "hoyito-hard-positions/1")
    throw InputError(fmt::format("{}: \"format\": expected hoyito-hard-positions/1", path));
  HardPositions out;
  const boost::json::value& positions = required_field(o, "positions", path);
  if (!positions.is_array()) throw InputError(fmt::format("{}: \"positions\": expected a list", path));
  for (std::size_t i = 0; i < positions.as_array().size(); ++i) {
    const std::string where = fmt::format("{}: positions[{}]", path, i);
    HardPosition v = vector_from_json(positions.as_array()[i], where);
    if (v.laps <= measure_laps) confirm_by_model(v, where);
    out.vectors.push_back(std::move(v));
  }
  const boost::json::value& searches = required_field(o, "searches", path);
  if (!searches.is_array()) throw InputError(fmt::format("{}: \"searches\": expected a list", path));
  for (std::size_t i = 0; i < searches.as_array().size(); ++i) {
    const std::string where = fmt::format("{}: searches[{}]", path, i);
    const boost::json::value& s = searches.as_array()[i];
    if (!s.is_object()) throw InputError(fmt::format("{}: expected an object", where));
    const boost::json::object& so = s.as_object();
    out.searches.push_back({text_field(so, "reading", where),
                            rules_from_json(required_field(so, "rules", where), where),
                            static_cast<long>(whole(so, "positions", where)), whole(so, "longest_finite", where),
                            whole(so, "longest_cycle", where)});
  }
  return out;
}

}  // namespace hoyito
