// The limits check, at the Q-LIMIT boundary (harness/verify/lap_limits.h): every move of sampled
// positions played with lap_limit at its own length and one lap less, on model and engine. The
// positions: every position of the hand-derived scenarios (among them the endless sowings of
// specs/), positions of random games of each variant, size and G1 value, and made-up boards of
// small counts, where endless sowings are less rare than in play. Then, per group, the endless
// moves only a cycle detector decides (a lap of 2N seeds or more in the cycle), searched for on
// purpose and played at their first repeat lap and one less, comparing the (L, M) each names.
#include <functional>
#include <map>

#include <fmt/format.h>

#include "harness/base/campaign.h"
#include "harness/games/play.h"
#include "harness/verify/checks.h"
#include "harness/verify/configurations.h"
#include "harness/verify/lap_limits.h"
#include "io/scenario.h"

namespace hoyito {

namespace {

// A unit of the check: the positions of one scenario, or of one variant, size and G1 value.
struct PositionGroup {
  std::string name;
  Rules rules;
  std::vector<Position> positions;  // a scenario's, filled at once
  bool sampled = false;             // positions from random games and made-up boards, made when checked
  bool stop_at_first = false;       // a sampled group stops at its first disagreement
};

constexpr double kSecondsShare = 0.25;                    // of --seconds: the rest is the lockstep check's
constexpr std::uint64_t kMadeUpSalt = 0x6c696d6974ULL;    // "limit": the seed of the made-up boards
constexpr std::uint64_t kDetectorSalt = 0x6379636c65ULL;  // "cycle": the seed of the detector moves' search
// The detector moves' search, per group (variant, size, G1): at most this many moves from at most
// this many boards (about a second of the model's time per group; the same moves at any --games).
constexpr int kDetectorMoves = 240;
constexpr long kDetectorBoards = 150000;

std::vector<PositionGroup> position_groups(const VerifyOptions& options) {
  std::vector<PositionGroup> groups;
  for (const Scenario& s : load_scenarios(options.specs + "/scenarios")) {
    if (s.match) continue;
    PositionGroup g{"scenario " + s.id, s.rules, {s.start}};
    for (const ScenarioStep& step : s.steps)
      if (step.after) g.positions.push_back(*step.after);
    groups.push_back(std::move(g));
  }
  for (Variant v : {Variant::hoyito1, Variant::hoyito2, Variant::hoyito3})
    for (int n : {6, 12})
      for (bool skip : {false, true}) {
        Rules rules;
        rules.variant = v;
        rules.holes_per_row = n;
        rules.options.skip_origin = skip;
        groups.push_back(
            {fmt::format("{}-2x{}-{}", variant_name(v), n, skip ? "skip" : "noskip"), rules, {}, true, true});
      }
  return groups;
}

// Calls check(p) on each sampled position of `g` as it is made (none is kept: --games 2147483647
// asks for ten billion of them) until check returns true (stop), an interrupt or --seconds.
void sample_positions(const PositionGroup& g, const VerifyOptions& options,
                      const std::function<bool(const Position&)>& check) {
  const std::uint64_t salt = Configuration{g.name, g.rules}.salt();
  const long games = std::max(1, options.games / 200);
  const long made_up = std::max(1L, static_cast<long>(options.games) * 5);
  const auto over = [&] { return interrupted() || past_seconds(options, kSecondsShare); };
  for (long i = 0; i < games && !over(); ++i) {
    const GameRecord record = random_game(g.rules, options.seed ^ salt, static_cast<std::uint64_t>(i));
    if (check(record.start)) return;
    for (const Ply& ply : record.plies)
      if (check(ply.after)) return;
  }
  SplitMix64 rng{game_seed(options.seed ^ salt, kMadeUpSalt)};
  for (long i = 0; i < made_up && !over(); ++i)
    if (check(small_counts_position(g.rules, 1 + static_cast<int>(i % 3), rng))) return;
}

std::string variant_and_size(const Rules& rules) {
  return fmt::format("{} 2x{}", variant_name(rules.variant), rules.holes_per_row);
}

// The per variant and size line of the detector moves played (every group is named, found or not).
std::string detector_line(const std::map<std::string, long>& played) {
  std::string line = "limits: detector-decided endless moves played at lap_limit = their first repeat and one less:";
  for (const auto& [where, moves] : played) line += fmt::format(" {} {},", where, moves);
  line.back() = ' ';
  return line + "(a lap of 2N seeds or more in the cycle; model and engine compared on the reason and (L, M))";
}

}  // namespace

CheckResult run_limits(const VerifyOptions& options, Reporter& reporter) {
  const Stopwatch clock;
  std::vector<PositionGroup> groups = position_groups(options);
  LapLimitCounts counts;
  CheckResult result;
  int disagreements = 0;  // numbers the files
  // The group's disagreements (with --fail-fast, or for a group that stops at its first: 0 or 1).
  // Writes a disagreement of group g; true when the group stops there (its first disagreement).
  auto report = [&](const PositionGroup& g, const Disagreement& found_one, int& found) {
    const Disagreement* d = &found_one;
    found += 1;
    const std::string path = fmt::format("{}/lap-limit-disagreement-{}.json", options.out, ++disagreements);
    write_transcript(path, *d, shrink(*d), "hoyito replay " + path, options.seed);
    result.files.push_back(path);
    reporter.line(fmt::format("DISAGREEMENT at the lap limit ({}, lap_limit={}): {} differs (written to {})", g.name,
                              d->rules.options.lap_limit, d->field, path));
    return options.fail_fast || g.stop_at_first;
  };
  auto check_one = [&](const PositionGroup& g, const Position& p, int& found) {
    const auto d = check_lap_limits(g.rules, p, counts);
    return d && report(g, *d, found);
  };
  // The detector moves of a sampled group (harness/verify/lap_limits.h), each at L and L - 1.
  std::map<std::string, long> detector_played;
  DetectorCounts detector;
  auto check_detector_moves = [&](const PositionGroup& g, int& found) {
    long& played = detector_played[variant_and_size(g.rules)];
    const std::uint64_t seed = options.seed ^ Configuration { g.name, g.rules }.salt() ^ kDetectorSalt;
    for (const DetectorMove& m : find_detector_moves(g.rules, seed, kDetectorMoves, kDetectorBoards)) {
      if (interrupted()) return;
      const long before = detector.moves;
      const auto d = check_at_repeat_lap(g.rules, m, detector);
      played += detector.moves - before;
      if (d && report(g, *d, found)) return;
    }
  };
  auto check_group = [&](const PositionGroup& g) {
    int found = 0;
    if (g.sampled) {
      sample_positions(g, options, [&](const Position& p) { return check_one(g, p, found); });
      if (found == 0 || !g.stop_at_first) check_detector_moves(g, found);
      return found;
    }
    for (const Position& p : g.positions)
      if (interrupted() || check_one(g, p, found)) break;
    return found;
  };
  // One by one: the disagreement files are numbered in the order of the groups.
  result.failures += run_one_by_one(
      "limits", "position groups", groups.size(),
      [&](std::size_t i) {
        const int found = check_group(groups[i]);
        groups[i].positions = {};  // memory: one group's positions at a time
        return found;
      },
      [&](std::size_t i) { return "limits " + groups[i].name; }, options, reporter,
      seconds_left(options, kSecondsShare));
  result.checked = counts.moves;
  if (options.fail_fast && result.failures > 0) return result;
  reporter.line(fmt::format(
      "limits: {} positions, {} moves played at lap_limit = their length and one less ({} endless; "
      "{} longer than {} laps skipped), {} disagreements ({:.1f} s)",
      counts.positions, counts.moves, counts.endless, counts.too_long, kMeasureLaps, result.failures, clock.seconds()));
  reporter.line(detector_line(detector_played));
  counts.model_inconsistent += detector.model_inconsistent;
  if (counts.model_inconsistent > 0)
    reporter.line(
        fmt::format("  FAIL the model decided {} move(s) against its own lap count", counts.model_inconsistent));
  result.failures += static_cast<int>(counts.model_inconsistent);
  return result;
}

}  // namespace hoyito
