#include "harness/simulate/scan_sowings.h"

#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "harness/base/interrupt.h"
#include "harness/base/random.h"

namespace hoyito {

namespace {

using Clock = std::chrono::steady_clock;

// Keeps the `most` longest decided moves, longest first (ties: the first met stays ahead).
void keep_longest(std::vector<ScannedMove>& longest, std::size_t most, const ScannedMove& move) {
  if (longest.size() >= most && (most == 0 || move.length.laps <= longest.back().length.laps)) return;
  const auto at = std::upper_bound(longest.begin(), longest.end(), move.length.laps,
                                   [](std::uint64_t laps, const ScannedMove& m) { return laps > m.length.laps; });
  longest.insert(at, move);
  if (longest.size() > most) longest.pop_back();
}

void count_move(ScanReport& report, const ScanSpec& spec, const ScannedMove& move) {
  report.moves += 1;
  switch (move.length.kind) {
    case engine::SowingKind::undecided:  // Q-LIMIT: named, never dropped
      report.undecided += 1;
      report.undecided_moves.push_back(move);
      return;
    case engine::SowingKind::endless:
      report.endless += 1;
      break;
    case engine::SowingKind::finite:
      report.finite += 1;
      break;
  }
  report.laps[move.length.laps] += 1;
  keep_longest(report.longest, spec.longest_kept, move);
}

// Every move of the player to move at `game`'s position (SOW-1: each non-empty hole), decided and timed.
void scan_position(ScanReport& report, const ScanSpec& spec, ScannedMove& at) {
  report.positions += 1;
  const int n = spec.rules.holes_per_row;
  const int first = at.position.to_move == Player::south ? 0 : n;
  for (int hole = first; hole < first + n; ++hole) {
    if (at.position.board[static_cast<std::size_t>(hole)] == 0) continue;
    const auto start = Clock::now();
    at.hole = hole;
    at.length = engine::sowing_length(spec.rules, at.position, hole);
    at.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    count_move(report, spec, at);
  }
}

// Game `index`: every position scanned, then the sampler's ply; stops at the end of the game or
// at a drawn move that is undecided (UndecidedMove, Q-LIMIT: the game cannot go on).
void scan_game(ScanReport& report, const ScanSpec& spec, std::uint64_t index) {
  engine::Game game(spec.rules, engine::opening_position(spec.rules));
  SplitMix64 rng{game_seed(spec.seed, index)};
  ScannedMove at;
  at.game = index;
  while (game.status() == Status::playing) {
    at.position = game.position();
    scan_position(report, spec, at);
    try {
      const Move played = game.play_random([&](std::uint64_t k) { return rng.below(k); });
      if (!at.moves.empty()) at.moves += ' ';
      at.moves += move_text(played, spec.rules.holes_per_row);
      at.ply += 1;
    } catch (const UndecidedMove&) {
      report.stopped_games += 1;
      break;
    }
  }
  report.games += 1;
}

}  // namespace

std::uint64_t ScanReport::quantile(double q) const {
  const std::uint64_t decided = finite + endless;
  if (decided == 0) return 0;
  const auto wanted = static_cast<std::uint64_t>(q * static_cast<double>(decided) + 0.999999);
  std::uint64_t seen = 0;
  for (const auto& [lap, count] : laps)
    if ((seen += count) >= std::max<std::uint64_t>(wanted, 1)) return lap;
  return laps.rbegin()->first;
}

ScanReport scan_sowings(const ScanSpec& spec) {
  validate(spec.rules);
  ScanReport report;
  const auto start = Clock::now();
  for (std::uint64_t i = spec.first_game; i < spec.first_game + spec.games; ++i) {
    if (interrupted()) {
      report.interrupted = true;
      break;
    }
    scan_game(report, spec, i);
  }
  report.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return report;
}

namespace {

std::string kind_text(const engine::SowingLength& length) {
  switch (length.kind) {
    case engine::SowingKind::finite:
      return "finite";
    case engine::SowingKind::endless:
      return fmt::format("endless (lap {} repeats lap {}, exact cycle {})", length.laps, length.repeated_lap,
                         length.laps - length.repeated_lap);
    case engine::SowingKind::undecided:
      break;
  }
  return "undecided";
}

std::string move_line(const ScannedMove& m, const ScanSpec& spec, const std::string& rules_flags) {
  const std::string move = move_text(Move::at(m.hole), spec.rules.holes_per_row);
  const std::string moves = m.moves.empty() ? move : m.moves + " " + move;
  return fmt::format("  {} laps, {}, {:.3f} s: game {} ply {} move {}: hoyito apply{} --moves \"{}\"", m.length.laps,
                     kind_text(m.length), m.seconds, m.game, m.ply, move, rules_flags, moves);
}

std::vector<std::string> distribution_lines(const ScanReport& r) {
  std::vector<std::string> out;
  out.push_back(
      fmt::format("decision laps of the {} decided moves: median {}, 90% {}, 99% {}, 99.9% {}, 99.99% {}, "
                  "99.9999% {}, max {}",
                  r.finite + r.endless, r.quantile(0.5), r.quantile(0.9), r.quantile(0.99), r.quantile(0.999),
                  r.quantile(0.9999), r.quantile(0.999999), r.laps.empty() ? 0 : r.laps.rbegin()->first));
  std::string at_least = "moves deciding at lap >=";
  std::uint64_t bound = 10;
  for (int power = 1; power <= 12; ++power, bound *= 10) {
    std::uint64_t count = 0;
    for (auto it = r.laps.lower_bound(bound); it != r.laps.end(); ++it) count += it->second;
    if (count == 0) break;
    at_least += fmt::format(" 10^{}: {};", power, count);
  }
  out.push_back(at_least);
  return out;
}

}  // namespace

std::vector<std::string> scan_lines(const ScanReport& r, const ScanSpec& spec, const std::string& rules_flags) {
  std::vector<std::string> out;
  out.push_back(
      fmt::format("scan-sowings{}: games {}..{} (seed {}){}: {} positions, {} moves: {} finite, {} "
                  "endless, {} undecided within lap_limit {} (Q-LIMIT); {} game(s) stopped at an undecided "
                  "move; {:.1f} s",
                  rules_flags, spec.first_game, spec.first_game + r.games - (r.games > 0 ? 1 : 0), spec.seed,
                  r.interrupted ? " (interrupted)" : "", r.positions, r.moves, r.finite, r.endless, r.undecided,
                  spec.rules.options.lap_limit, r.stopped_games, r.seconds));
  for (std::string& line : distribution_lines(r)) out.push_back(std::move(line));
  out.push_back(fmt::format("the {} longest decided moves:", r.longest.size()));
  for (const ScannedMove& m : r.longest) out.push_back(move_line(m, spec, rules_flags));
  out.push_back(fmt::format("undecided moves: {}", r.undecided_moves.size()));
  for (const ScannedMove& m : r.undecided_moves) out.push_back(move_line(m, spec, rules_flags));
  return out;
}

}  // namespace hoyito
