// The lockstep check: random games played by the reference model and the engine in lockstep
// (harness/verify/differential.h) for every rules configuration of harness/verify/configurations.h, compared
// at every ply; then one row per configuration. Each disagreement is written to
// OUT/disagreement-N.json with the command that replays its game.
#include <algorithm>
#include <atomic>
#include <mutex>

#include <fmt/format.h>

#include "harness/base/campaign.h"
#include "harness/verify/checks.h"
#include "harness/verify/configurations.h"

namespace hoyito {

namespace {

constexpr int kMostTranscripts = 20;  // disagreement files written; the table counts them all

struct ConfigStats {
  int games = 0;
  long plies = 0;
  int endless = 0, unterminated = 0, voided = 0, disagreements = 0, undecided = 0;
  DistinctCounter positions;       // bounded memory: 4 KiB a configuration at any run length
  std::vector<std::string> files;  // its disagreement files (at most kMostTranscripts in all)

  void add(const LockstepGame& game, const DistinctCounter& game_positions) {
    positions.merge(game_positions);
    games += 1;
    plies += game.plies;
    endless += game.endless_moves;
    unterminated += game.result.status == Status::unterminated;
    voided += game.result.status == Status::void_game;
    disagreements += game.disagreement.has_value();
    undecided += game.undecided_ply > 0;
  }
};

// A unit of the campaign: one game of one configuration.
struct Task {
  size_t config;
  int game;
};

// The order of the units: every configuration's game 0, then game 1, ... (interleaved, so that a
// time limit still covers every configuration), worked out from the index: the plan of
// --games 2147483647 (tens of billions of units) is not held in memory. Configurations play
// different numbers of games (Configuration::games): the plan is cut into segments of rounds in
// which the same configurations play.
class TaskPlan {
 public:
  TaskPlan(const std::vector<Configuration>& configs, int games, int only_game) {
    std::vector<long> counts;  // each configuration's games, or 1 for the one --game it has
    for (const Configuration& c : configs)
      counts.push_back(only_game < 0 ? c.games(games) : only_game < c.games(games));
    std::vector<long> ends = counts;
    std::sort(ends.begin(), ends.end());
    ends.erase(std::unique(ends.begin(), ends.end()), ends.end());
    long begin = 0;
    for (const long end : ends) {
      if (end <= begin) continue;
      Segment s{begin, {}, size_};
      for (size_t c = 0; c < configs.size(); ++c)
        if (counts[c] >= end) s.configs.push_back(c);
      size_ += static_cast<std::size_t>(end - begin) * s.configs.size();
      segments_.push_back(std::move(s));
      begin = end;
    }
    offset_ = only_game < 0 ? 0 : only_game;
  }
  std::size_t size() const { return size_; }
  Task at(std::size_t index) const {
    std::size_t k = segments_.size() - 1;
    while (segments_[k].first_index > index) --k;
    const Segment& s = segments_[k];
    const std::size_t within = index - s.first_index;
    return {s.configs[within % s.configs.size()],
            static_cast<int>(offset_ + s.first_round + static_cast<long>(within / s.configs.size()))};
  }

 private:
  struct Segment {
    long first_round;
    std::vector<size_t> configs;  // the configurations playing in these rounds
    std::size_t first_index;
  };
  std::vector<Segment> segments_;
  std::size_t size_ = 0;
  long offset_ = 0;  // --game K: the one round is K
};

class Lockstep {
 public:
  Lockstep(const VerifyOptions& options, Reporter& reporter)
      : options_(options),
        reporter_(reporter),
        configs_(select_configurations(options.variant, options.holes, options.config)),
        stats_(configs_.size()),
        plan_(configs_, options.games, options.game) {}

  CheckResult run() {
    // --seconds counts from the start of the run (limits has a quarter of it): what is left.
    CampaignOptions campaign_options{"lockstep", "games", options_.threads, seconds_left(options_),
                                     options_.game_timeout};
    if (options_.after_fixed_checks) campaign_options.at_least = 1;  // the fixed checks spent --seconds
    Campaign campaign(campaign_options, reporter_);
    const CampaignSummary summary = campaign.run(
        plan_.size(), [&](std::size_t i, std::size_t worker) { play(plan_.at(i), campaign, worker); },
        [&](std::size_t i) { return name_of(plan_.at(i)); });
    for (const WorkFailure& f : summary.failures) {
      reporter_.line(fmt::format("FAIL {}: {}", f.name.what, f.error));
      stats_[plan_.at(f.index).config].disagreements += 1;
    }
    return print_table(summary);
  }

 private:
  WorkName name_of(const Task& t) const {
    const std::string& config = configs_[t.config].name;
    return {fmt::format("{} game {}", config, t.game),
            fmt::format("hoyito verify --seed {} --games {} --config {} --game {}", options_.seed, options_.games,
                        config, t.game)};
  }

  void play(const Task& task, Campaign& campaign, std::size_t worker) {
    const Configuration& config = configs_[task.config];
    SplitMix64 rng{Campaign::seed_of(options_.seed ^ config.salt(), static_cast<std::uint64_t>(task.game))};
    const Position start = config.start(rng);
    DistinctCounter positions;
    const LockstepGame game = lockstep_game(config.rules, start, rng, &positions);
    if (game.undecided_ply > 0) {  // Q-LIMIT: said where, never dropped silently
      const WorkName name = name_of(task);
      reporter_.line(
          fmt::format("UNDECIDED {}: ply {} could not be decided within lap_limit {} lap ends (Q-LIMIT); "
                      "the game stops there, model and engine agreeing (again: {})",
                      name.what, game.undecided_ply, config.rules.options.lap_limit, name.replay));
    }
    if (game.disagreement) {
      if (options_.fail_fast) campaign.stop();
      write_disagreement(*game.disagreement, task, campaign, worker);  // shrinks: not under the lock
    }
    std::lock_guard<std::mutex> lock(mutex_);
    stats_[task.config].add(game, positions);
  }

  void write_disagreement(const Disagreement& d, const Task& task, Campaign& campaign, std::size_t worker) {
    const int number = ++disagreements_;
    if (number > kMostTranscripts) return;
    const WorkName name = name_of(task);
    const std::string path = fmt::format("{}/disagreement-{}.json", options_.out, number);
    // Written at once unshrunk (shrinking may hang with a broken engine), then again shrunk.
    write_transcript(path, d, d, name.replay, options_.seed);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stats_[task.config].files.push_back(path);
    }
    reporter_.line(fmt::format("DISAGREEMENT {}: {} differs at ply {}, written to {}; shrinking it", name.what, d.field,
                               d.moves.size(), path));
    campaign.set_activity(worker, "shrinking its disagreement");
    const Disagreement small = shrink(d);
    campaign.set_activity(worker, "");
    write_transcript(path, d, small, name.replay, options_.seed);
    reporter_.line(fmt::format("  shrunk (replay: hoyito replay {})", path));
  }

  CheckResult print_table(const CampaignSummary& summary) const {
    const Table table({{"configuration", 44},
                       {"games", 6},
                       {"plies", 9},
                       {"positions~", 10},
                       {"endless", 8},
                       {"unterm", 6},
                       {"void", 5},
                       {"disagr", 6}});
    reporter_.line(fmt::format("\n{}", table.header()));
    ConfigStats total;
    CheckResult result;
    long positions = 0;
    auto row = [&](const std::string& name, const ConfigStats& s, long distinct) {
      reporter_.line(table.row({name, fmt::to_string(s.games), fmt::to_string(s.plies), fmt::to_string(distinct),
                                fmt::to_string(s.endless), fmt::to_string(s.unterminated), fmt::to_string(s.voided),
                                fmt::to_string(s.disagreements)}));
    };
    for (size_t c = 0; c < configs_.size(); ++c) {
      const ConfigStats& s = stats_[c];
      const int most = configs_[c].games(options_.games);
      const int planned = options_.game < 0 ? most : options_.game < most ? 1 : 0;
      result.configurations.push_back(
          {configs_[c].name, planned, s.games, s.plies, s.disagreements, s.files, configs_[c].rules});
      result.files.insert(result.files.end(), s.files.begin(), s.files.end());
      if (s.games == 0) continue;
      row(configs_[c].name, s, s.positions.estimate());
      total.games += s.games;
      total.plies += s.plies;
      total.endless += s.endless;
      total.unterminated += s.unterminated;
      total.voided += s.voided;
      total.disagreements += s.disagreements;
      total.undecided += s.undecided;
      positions += s.positions.estimate();
    }
    row("total", total, positions);
    int made_up = 0, seed_counts = 0, ply_limits = 0, standard = 0;
    for (size_t c = 0; c < configs_.size(); ++c) {
      if (stats_[c].games == 0) continue;
      const Rules& r = configs_[c].rules;
      if (configs_[c].made_up_most > 0)
        made_up += 1;
      else if (r.seeds_per_hole != 4)
        seed_counts += 1;
      else if (r.options.ply_limit != Options{}.ply_limit)
        ply_limits += 1;
      else
        standard += 1;
    }
    reporter_.line(
        fmt::format("lockstep covered: {} standard-start, {} made-up-start, {} other-seed-count and {} small-"
                    "ply-limit configurations; every ply on legal_moves/play, legal_mask/play_fast, "
                    "play_random, unasked play/play_fast; every 4th ply is_legal of every hole (unasked, "
                    "then from the legal moves) and an illegal hole",
                    standard, made_up, seed_counts, ply_limits));
    reporter_.line(
        fmt::format("positions~: distinct positions reached, estimated in bounded memory (HyperLogLog, "
                    "relative standard error {:.1f} %; close to exact below 10000)",
                    100 * DistinctCounter::kRelativeError));
    reporter_.line(fmt::format("lockstep: {} games, {} plies compared in {:.1f} s on {} thread(s){}", total.games,
                               total.plies, summary.seconds, options_.threads,
                               summary.timed_out     ? fmt::format(" (stopped by --seconds {})", options_.seconds)
                               : summary.interrupted ? fmt::format(" of {}{}", plan_.size(), interrupt_note())
                                                     : ""));
    if (total.undecided > 0)
      reporter_.line(
          fmt::format("lockstep: {} game(s) stopped at a move undecided within lap_limit (Q-LIMIT), "
                      "counted in games and named above",
                      total.undecided));
    result.failures = total.disagreements;
    result.checked = total.games;
    return result;
  }

  const VerifyOptions& options_;
  Reporter& reporter_;
  std::vector<Configuration> configs_;
  std::vector<ConfigStats> stats_;
  TaskPlan plan_;
  std::atomic<int> disagreements_{0};
  std::mutex mutex_;
};

}  // namespace

CheckResult run_lockstep(const VerifyOptions& options, Reporter& reporter) { return Lockstep(options, reporter).run(); }

}  // namespace hoyito
