#include "harness/verify/configurations.h"

#include <fmt/format.h>

#include "engine/sides.h"
#include "harness/verify/lap_limits.h"

namespace hoyito {

std::uint64_t Configuration::salt() const {
  std::uint64_t h = 1469598103934665603ULL;  // FNV-1a
  for (char c : name) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
  return h;
}

Position Configuration::start(SplitMix64& rng) const {
  if (made_up_most == 0) return engine::opening_position(rules);
  return small_counts_position(rules, 1 + static_cast<int>(rng.below(static_cast<std::uint64_t>(made_up_most))), rng);
}

namespace {

std::string option_names(const Options& o) {
  return fmt::format("{}-{}-{}", o.skip_origin ? "skip" : "noskip",
                     o.endless_sowing == EndlessSowing::illegal ? "illegal" : "void",
                     o.endless_game == EndlessGame::ply_limit ? "plylimit" : "repetition");
}

// Issue 22: the readings of other sources (MancalaGames): G2 capture_sides = opponent and G14
// no_seeds = round_ends, each alone and together, on every variant and both sizes; made-up starts
// (where a row may be empty from the start: END-4 at the first ply) and a Hoyito III round 3
// after a draw (END-III-4 split) under both. Default options otherwise.
void add_other_source_configurations(std::vector<Configuration>& out) {
  constexpr int kShare2x12 = 4, kMadeUpShare = 8;
  struct Reading {
    const char* name;
    CaptureSides sides;
    NoSeeds no_seeds;
  };
  constexpr Reading kReadings[] = {{"opponent", CaptureSides::opponent, NoSeeds::pass},
                                   {"roundends", CaptureSides::both, NoSeeds::round_ends},
                                   {"opponent-roundends", CaptureSides::opponent, NoSeeds::round_ends}};
  for (Variant v : {Variant::hoyito1, Variant::hoyito2, Variant::hoyito3})
    for (int n : {6, 12})
      for (const Reading& reading : kReadings) {
        Rules r;
        r.variant = v;
        r.holes_per_row = n;
        r.options.capture_sides = reading.sides;
        r.options.no_seeds = reading.no_seeds;
        out.push_back({fmt::format("{}-2x{}-{}", variant_name(v), n, reading.name), r, 0, n == 12 ? kShare2x12 : 1});
        if (n == 6) {
          Configuration m = out.back();
          m.name += "-madeup";
          m.made_up_most = 3;
          m.rules.options.ply_limit = 300;
          m.share = kMadeUpShare;
          out.push_back(m);
        }
      }
  Rules r;
  r.variant = Variant::hoyito3;
  r.round = 3;
  r.previous_winner = Winner::draw;
  r.options.drawn_previous_last_four = DrawnPreviousLastFour::split;
  r.options.capture_sides = CaptureSides::opponent;
  r.options.no_seeds = NoSeeds::round_ends;
  out.push_back({"hoyito3-2x6-round3-draw-split-opponent-roundends", r, 0, 1});
}

// Issue 11: the configurations of made-up starts, other seed counts and small ply limits.
void add_edge_configurations(std::vector<Configuration>& out) {
  constexpr int kMadeUpMost = 3;        // at most 3 seeds a hole: few seeds, many small counts
  constexpr int kMadeUpPlyLimit = 300;  // made-up boards often loop: a short limit keeps them cheap
  // Made-up starts under every standard configuration: first the option crossings of round 1,
  // then every Hoyito III round case (END-III-2..4, G8: odd leftovers split), which get twice
  // the games. More than half of these games run to the limit: about 200 plies, twice a
  // standard 2x6 game, so an eighth of the games (round cases a quarter).
  constexpr int kMadeUpShare = 8, kMadeUpRoundCaseShare = 4;
  const std::vector<Configuration> standard = all_configurations();
  auto made_up = [&](const Configuration& c, std::string name, int share) {
    Configuration m = c;
    m.name = std::move(name);
    m.made_up_most = kMadeUpMost;
    m.rules.options.ply_limit = kMadeUpPlyLimit;
    m.share = share;
    out.push_back(m);
  };
  for (const Configuration& c : standard)
    if (c.rules.round == 1)
      made_up(c,
              fmt::format("{}-2x{}-madeup-{}", variant_name(c.rules.variant), c.rules.holes_per_row,
                          option_names(c.rules.options)),
              kMadeUpShare);
  for (const Configuration& c : standard)
    if (c.rules.round > 1) made_up(c, c.name + "-madeup", kMadeUpRoundCaseShare);
  // BRD-3: other seed counts, under each endless_sowing option.
  for (Variant v : {Variant::hoyito1, Variant::hoyito2, Variant::hoyito3})
    for (int n : {6, 12})
      for (int seeds : {1, 2, 3, 5, 6}) {
        Rules r;
        r.variant = v;
        r.holes_per_row = n;
        r.seeds_per_hole = seeds;
        r.options.skip_origin = seeds % 2 == 1;
        r.options.endless_sowing = seeds <= 3 ? EndlessSowing::void_game : EndlessSowing::illegal;
        out.push_back({fmt::format("{}-2x{}-seeds{}-{}", variant_name(v), n, seeds, option_names(r.options)), r, 0, 8});
      }
  // G7, END-3: small ply limits, the limit met at every kind of ply, under both options.
  for (Variant v : {Variant::hoyito1, Variant::hoyito2, Variant::hoyito3})
    for (EndlessGame game : {EndlessGame::ply_limit, EndlessGame::third_repetition})
      for (int limit : {1, 2, 3, 8, 25}) {
        Rules r;
        r.variant = v;
        r.options.endless_game = game;
        r.options.ply_limit = limit;
        out.push_back({fmt::format("{}-2x6-limit{}-{}", variant_name(v), limit, option_names(r.options)), r, 0, 8});
      }
  add_other_source_configurations(out);
}

}  // namespace

std::vector<Configuration> all_configurations() {
  // A 2x12 game from the standard start is about 2500 plies (a sixth of them run to the 5000-ply
  // limit, G7), 25 times a 2x6 one: at a quarter of the 2x6 games these 30 configurations took
  // three quarters of verify's time. A quarter of that again still plays every one of them.
  constexpr int kStandard2x12Share = 4;
  std::vector<Configuration> out;
  for (Variant v : {Variant::hoyito1, Variant::hoyito2, Variant::hoyito3})
    for (int n : {6, 12}) {
      for (bool skip : {false, true})
        for (EndlessSowing sowing : {EndlessSowing::illegal, EndlessSowing::void_game})
          for (EndlessGame game : {EndlessGame::ply_limit, EndlessGame::third_repetition}) {
            Rules r;
            r.variant = v;
            r.holes_per_row = n;
            r.options.skip_origin = skip;
            r.options.endless_sowing = sowing;
            r.options.endless_game = game;
            out.push_back({fmt::format("{}-2x{}-{}", variant_name(v), n, option_names(r.options)), r, 0,
                           n == 12 ? kStandard2x12Share : 1});
          }
      if (v != Variant::hoyito3) continue;
      // END-III-2: round 2 after either winner (the capturer still takes the last four);
      // END-III-3 (and G15, the rule switched off) and END-III-4 (G8): round 3 after each previous result.
      struct RoundCase {
        const char* name;
        int round;
        Winner previous;
        DrawnPreviousLastFour drawn;
        LaterRoundsLastFour later = LaterRoundsLastFour::previous_winner;
      };
      constexpr auto kCapturer = DrawnPreviousLastFour::capturer;
      for (const RoundCase& c :
           {RoundCase{"round2-south", 2, Winner::south, kCapturer},
            RoundCase{"round2-north", 2, Winner::north, kCapturer},
            RoundCase{"round3-south", 3, Winner::south, kCapturer},
            RoundCase{"round3-north", 3, Winner::north, kCapturer},
            RoundCase{"round3-south-later-capturer", 3, Winner::south, kCapturer, LaterRoundsLastFour::capturer},
            RoundCase{"round3-north-later-capturer", 3, Winner::north, kCapturer, LaterRoundsLastFour::capturer},
            RoundCase{"round3-draw-capturer", 3, Winner::draw, kCapturer},
            RoundCase{"round3-draw-split", 3, Winner::draw, DrawnPreviousLastFour::split}}) {
        Rules r;
        r.variant = v;
        r.holes_per_row = n;
        r.round = c.round;
        r.previous_winner = c.previous;
        r.options.drawn_previous_last_four = c.drawn;
        r.options.later_rounds_last_four = c.later;
        out.push_back({fmt::format("hoyito3-2x{}-{}", n, c.name), r, 0, n == 12 ? kStandard2x12Share : 1});
      }
    }
  return out;
}

std::vector<Configuration> lockstep_configurations() {
  std::vector<Configuration> out = all_configurations();
  add_edge_configurations(out);
  return out;
}

std::vector<Rules> match_rules() {
  std::vector<Rules> out;
  for (int n : {6, 12})
    for (MatchStarter starter : {MatchStarter::alternate, MatchStarter::loser})
      for (DrawnPreviousLastFour drawn : {DrawnPreviousLastFour::capturer, DrawnPreviousLastFour::split}) {
        Rules base;
        base.variant = Variant::hoyito3;
        base.holes_per_row = n;
        base.options.match_starter = starter;
        base.options.drawn_previous_last_four = drawn;
        out.push_back(base);
      }
  for (int n : {6, 12}) {  // G15: the round-3 rule switched off, in whole matches too
    Rules base;
    base.variant = Variant::hoyito3;
    base.holes_per_row = n;
    base.options.later_rounds_last_four = LaterRoundsLastFour::capturer;
    out.push_back(base);
  }
  return out;
}

std::vector<Configuration> select_configurations(const std::string& variant, int holes, const std::string& name) {
  std::vector<Configuration> out;
  const bool any_variant = variant.empty();
  const Variant v = any_variant ? Variant::hoyito2 : parse_variant(variant);
  if (holes != 0 && holes != 6 && holes != 12) throw InputError(fmt::format("--holes: {} is not 6 or 12", holes));
  for (auto& c : lockstep_configurations())
    if ((any_variant || c.rules.variant == v) && (holes == 0 || c.rules.holes_per_row == holes) &&
        (name.empty() || c.name == name))
      out.push_back(std::move(c));
  if (!name.empty() && out.empty()) {
    // A name that exists but not under --variant/--holes: say which filter leaves it out.
    for (const Configuration& c : lockstep_configurations())
      if (c.name == name)
        throw InputError(fmt::format("--config {}: a {} 2x{} configuration, left out by{}{}: give --config alone", name,
                                     variant_name(c.rules.variant), c.rules.holes_per_row,
                                     any_variant ? "" : fmt::format(" --variant {}", variant),
                                     holes == 0 ? "" : fmt::format(" --holes {}", holes)));
    throw InputError(fmt::format("--config: no configuration named '{}' (verify --list-configs lists them)", name));
  }
  return out;
}

}  // namespace hoyito
