#include "harness/configurations.h"

#include <fmt/format.h>

namespace hoyito {

std::uint64_t Configuration::salt() const {
  std::uint64_t h = 1469598103934665603ULL;  // FNV-1a
  for (char c : name) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
  return h;
}

std::vector<Configuration> all_configurations() {
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
            out.push_back({fmt::format("{}-2x{}-{}-{}-{}", variant_name(v), n, skip ? "skip" : "noskip",
                                       sowing == EndlessSowing::illegal ? "illegal" : "void",
                                       game == EndlessGame::ply_limit ? "plylimit" : "repetition"),
                           r});
          }
      if (v != Variant::hoyito3) continue;
      // END-III-2: round 2 after either winner (the capturer still takes the last four);
      // END-III-3 and END-III-4 (G8): round 3 after each previous result.
      struct RoundCase {
        const char* name;
        int round;
        int previous;
        DrawnPreviousLastFour drawn;
      };
      for (const RoundCase& c : {RoundCase{"round2-south", 2, kSouth, DrawnPreviousLastFour::capturer},
                                 RoundCase{"round2-north", 2, kNorth, DrawnPreviousLastFour::capturer},
                                 RoundCase{"round3-south", 3, kSouth, DrawnPreviousLastFour::capturer},
                                 RoundCase{"round3-north", 3, kNorth, DrawnPreviousLastFour::capturer},
                                 RoundCase{"round3-draw-capturer", 3, kDraw, DrawnPreviousLastFour::capturer},
                                 RoundCase{"round3-draw-split", 3, kDraw, DrawnPreviousLastFour::split}}) {
        Rules r;
        r.variant = v;
        r.holes_per_row = n;
        r.round = c.round;
        r.previous_winner = c.previous;
        r.options.drawn_previous_last_four = c.drawn;
        out.push_back({fmt::format("hoyito3-2x{}-{}", n, c.name), r});
      }
    }
  return out;
}

std::vector<Configuration> select_configurations(const std::string& variant, int holes, const std::string& name) {
  std::vector<Configuration> out;
  const bool any_variant = variant.empty();
  const Variant v = any_variant ? Variant::hoyito2 : parse_variant(variant);
  if (holes != 0 && holes != 6 && holes != 12) throw InputError(fmt::format("--holes: {} is not 6 or 12", holes));
  for (auto& c : all_configurations())
    if ((any_variant || c.rules.variant == v) && (holes == 0 || c.rules.holes_per_row == holes) &&
        (name.empty() || c.name == name))
      out.push_back(std::move(c));
  if (!name.empty() && out.empty()) throw InputError(fmt::format("--config: no configuration named '{}'", name));
  return out;
}

}  // namespace hoyito
