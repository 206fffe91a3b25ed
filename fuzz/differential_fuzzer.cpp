// Differential fuzz target: the input bytes become rules, a start position and a move sequence;
// the reference model and the engine play it in lockstep (hoyito::compare_moves) and must agree
// on every legal-ply list, event, position and result, on every path of the engine's API:
// legal_moves()/play(), legal_mask()/play_fast(), the simulation sampler play_random() (made to
// draw the fuzzed move), play() and play_fast() without asking first, and on every fourth ply
// is_legal() of every hole and an illegal hole refused for the same reason. A disagreement is shrunk, written as a
// transcript ./fuzz-disagreement-<hash>.json (format hoyito-disagreement/1, which `hoyito replay`
// reproduces), and the target aborts. With HOYITO_FUZZ_VERBOSE set, it prints the decoded rules,
// start and plies as it goes (e.g. differential_fuzzer_replay on one input).
//
// Input layout (FuzzedDataProvider; every value is one byte taken from the end of the input):
//   variant (b % 3: hoyito2, hoyito1, hoyito3), 2x12 (bool), seeds per hole (4 - b % 4),
//   skip_origin, endless_sowing=void, endless_game=third_repetition (bools),
//   ply_limit (64 - b % 64), drawn_previous_last_four=split, match_starter=loser,
//   capture_sides=opponent, no_seeds=round_ends, later_rounds_last_four=capturer (bools),
//   a small lap_limit (bool, then 1 + b % 64; otherwise the default),
//   Hoyito III only: round (1 + b % 5), previous winner (rounds 1-2: none/south/north/draw;
//   round 3+: south/north/draw),
//   to_move=north (bool), custom position (bool; otherwise the start position): per hole a
//   count (b < 128: b % 16, else b - 128; at most the seeds left), then South's captures
//   (b % (left + 1)), North's are the rest,
//   number of plies (b % 65), per ply b: b < 0xF0 picks legal[b % legal plies] of the model,
//   otherwise the next byte is any ply (b % (holes + 1) - 1, where -1 is a pass), legal or not.
//   The plies stop at the first one refused, and where the model cannot tell the legal plies (a
//   sowing too long to decide, Q-LIMIT of specs/open-questions.md): the engine must refuse too.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <fuzzer/FuzzedDataProvider.h>
#include <boost/json.hpp>

#include "core/game.h"
#include "engine/sides.h"
#include "fuzz/fuzzer_common.h"
#include "harness/verify/differential.h"
#include "io/record.h"
#include "model/model.h"

namespace {

using namespace hoyito;

constexpr std::string_view kTarget = "differential";

Rules read_rules(FuzzedDataProvider& in) {
  Rules r;
  constexpr Variant kVariants[] = {Variant::hoyito2, Variant::hoyito1, Variant::hoyito3};
  r.variant = kVariants[in.ConsumeIntegralInRange<int>(0, 2)];
  r.holes_per_row = in.ConsumeBool() ? 12 : 6;
  r.seeds_per_hole = fuzz::kMaxSeedsPerHole - in.ConsumeIntegralInRange<int>(0, fuzz::kMaxSeedsPerHole - 1);
  Options& o = r.options;
  o.skip_origin = in.ConsumeBool();
  o.endless_sowing = in.ConsumeBool() ? EndlessSowing::void_game : EndlessSowing::illegal;
  o.endless_game = in.ConsumeBool() ? EndlessGame::third_repetition : EndlessGame::ply_limit;
  o.ply_limit = fuzz::kMaxPlyLimit - in.ConsumeIntegralInRange<int>(0, fuzz::kMaxPlyLimit - 1);
  o.drawn_previous_last_four = in.ConsumeBool() ? DrawnPreviousLastFour::split : DrawnPreviousLastFour::capturer;
  o.match_starter = in.ConsumeBool() ? MatchStarter::loser : MatchStarter::alternate;
  o.capture_sides = in.ConsumeBool() ? CaptureSides::opponent : CaptureSides::both;  // G2
  o.no_seeds = in.ConsumeBool() ? NoSeeds::round_ends : NoSeeds::pass;               // G14, END-4
  o.later_rounds_last_four =
      in.ConsumeBool() ? LaterRoundsLastFour::capturer : LaterRoundsLastFour::previous_winner;  // G15
  if (in.ConsumeBool()) o.lap_limit = 1 + in.ConsumeIntegralInRange<int>(0, 63);                // Q-LIMIT boundaries
  if (r.variant == Variant::hoyito3) {
    r.round = 1 + in.ConsumeIntegralInRange<int>(0, 4);
    if (r.round >= 3) {
      constexpr Winner kKnown[] = {Winner::south, Winner::north, Winner::draw};
      r.previous_winner = kKnown[in.ConsumeIntegralInRange<int>(0, 2)];
    } else {
      constexpr Winner kAny[] = {Winner::none, Winner::south, Winner::north, Winner::draw};
      r.previous_winner = kAny[in.ConsumeIntegralInRange<int>(0, 3)];
    }
  }
  return r;
}

Position read_position(FuzzedDataProvider& in, const Rules& rules) {
  const Player to_move = in.ConsumeBool() ? Player::north : Player::south;
  if (!in.ConsumeBool()) return engine::opening_position(rules, to_move);
  Position p;
  p.to_move = to_move;
  int left = engine::seed_total(rules);
  for (int h = 0; h < rules.holes(); ++h) {
    const int b = in.ConsumeIntegral<std::uint8_t>();
    const int count = std::min(left, b < 128 ? b % 16 : b - 128);
    p.board.push_back(count);
    left -= count;
  }
  p.captured[index(Player::south)] = in.ConsumeIntegralInRange<int>(0, left);
  p.captured[index(Player::north)] = left - p.captured[index(Player::south)];
  return p;
}

// Chooses the plies with the model (mostly legal ones, so games get deep) and checks on the way
// that every position it reaches is valid (no seed lost or made).
std::vector<Move> read_moves(FuzzedDataProvider& in, const Rules& rules, const Position& start) {
  model::Game game(rules, start);
  std::vector<Move> moves;
  const int plies = in.ConsumeIntegralInRange<int>(0, fuzz::kMaxPlies);
  while (static_cast<int>(moves.size()) < plies) {
    if (fuzz::verbose())
      std::fprintf(stderr, "  ply %zu from %s\n", moves.size() + 1,
                   boost::json::serialize(to_json(game.position())).c_str());
    std::vector<Move> legal;
    bool undecided = false;
    try {
      legal = game.legal_moves();
    } catch (const InputError&) {  // a sowing too long to decide (Q-LIMIT)
      undecided = true;
    }
    const int b = in.ConsumeIntegral<std::uint8_t>();
    const bool any = b >= 0xF0 || legal.empty();
    const int any_hole = any ? in.ConsumeIntegralInRange<int>(-1, rules.holes() - 1) : 0;  // -1: the pass
    const Move ply = !any           ? legal[static_cast<std::size_t>(b) % legal.size()]
                     : any_hole < 0 ? Move::pass()
                                    : Move::at(any_hole);
    if (fuzz::verbose())
      std::fprintf(stderr, "  ply %zu: %s%s\n", moves.size() + 1, move_text(ply, rules.holes_per_row).c_str(),
                   undecided ? " (the model cannot decide the legal plies: Q-LIMIT)" : "");
    moves.push_back(ply);
    if (undecided) break;  // compare_moves checks that the engine refuses there too
    Ply played;
    try {
      played = game.play(ply);
    } catch (const InputError&) {
      break;  // refused: compare_moves checks that the engine refuses it too, and stops there
    }
    try {
      validate(played.after, rules, "after");
    } catch (const InputError& e) {
      fuzz::fail(kTarget, std::string("the model reached an invalid position: ") + e.what());
    }
    if (in.remaining_bytes() == 0) break;
  }
  return moves;
}

[[noreturn]] void report(const Disagreement& d, const std::uint8_t* data, std::size_t size) {
  Disagreement shrunk = d;
  try {
    shrunk = shrink(d);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "differential: shrinking failed (%s); the transcript holds the unshrunk case twice\n",
                 e.what());
  }
  const std::uint64_t hash = fuzz::input_hash(data, size);
  const std::string file = "fuzz-disagreement-" + fuzz::hex(hash) + ".json";
  const boost::json::object transcript = disagreement_to_json(d, shrunk, "hoyito replay " + file, hash);
  const bool written = fuzz::write_file(file, boost::json::serialize(transcript) + "\n");
  fuzz::fail(kTarget, "model and engine disagree at ply " + std::to_string(d.moves.size()) + " in '" + d.field +
                          "' (shrunk: " + std::to_string(shrunk.moves.size()) + " ply(s) in '" + shrunk.field + "'); " +
                          (written ? "transcript written to ./" + file + " (hoyito replay " + file + ")"
                                   : "could not write ./" + file));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  const Rules rules = read_rules(in);
  const Position start = read_position(in, rules);
  try {
    validate(rules);
    validate(start, rules, "start");
  } catch (const InputError& e) {
    fuzz::fail(kTarget, std::string("the input decoder made invalid rules or a bad start: ") + e.what());
  }
  if (fuzz::verbose())
    std::fprintf(stderr, "differential: rules %s\n  start %s\n", boost::json::serialize(to_json(rules)).c_str(),
                 boost::json::serialize(to_json(start)).c_str());
  const std::vector<Move> moves = read_moves(in, rules, start);
  if (const auto d = compare_moves(rules, start, moves)) report(*d, data, size);
  return 0;
}
