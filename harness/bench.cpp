#include "harness/bench.h"

#include <algorithm>

#include "engine/engine.h"
#include "harness/play.h"
#include "harness/reporter.h"

namespace hoyito {

namespace {

// FNV-1a over what a position is (board, captures, side to move): the signature depends on the
// engine's behaviour only, not on how it hashes or stores positions.
std::uint64_t mix_position(std::uint64_t h, const Position& p) {
  auto add = [&h](std::uint64_t v) { h = (h ^ v) * 0x100000001b3ULL; };
  for (int c : p.board) add(static_cast<std::uint64_t>(c));
  add(static_cast<std::uint64_t>(p.captured[0]));
  add(static_cast<std::uint64_t>(p.captured[1]));
  add(static_cast<std::uint64_t>(p.to_move));
  return h;
}

}  // namespace

std::uint64_t bench_games(int games_per_config, bool sign, long* plies_out) {
  // Each game's choices come from its own seed; the pass is kPassBit of the legal mask.
  std::uint64_t signature = 0xcbf29ce484222325ULL;
  long plies = 0;
  for (Variant v : {Variant::hoyito1, Variant::hoyito2, Variant::hoyito3})
    for (int n : {6, 12}) {
      Rules rules;
      rules.variant = v;
      rules.holes_per_row = n;
      for (int g = 0; g < games_per_config; ++g) {
        SplitMix64 rng{game_seed(kBenchSeed, static_cast<std::uint64_t>(g) * 8 + static_cast<std::uint64_t>(v) * 2 + (n == 12))};
        engine::Game game(rules, start_position(rules));
        while (game.status() == Status::playing) {
          const std::uint64_t mask = game.legal_mask();
          const int count = engine::count_bits(mask);
          std::uint64_t pick = rng.below(static_cast<std::uint64_t>(count));
          std::uint64_t bits = mask;
          while (pick--) bits &= bits - 1;
          const int bit = __builtin_ctzll(bits);
          game.play_fast((std::uint64_t{1} << bit) == engine::kPassBit ? kPass : bit);
          if (sign) signature = mix_position(signature, game.position());
          plies += 1;
        }
      }
    }
  if (plies_out) *plies_out = plies;
  return signature;
}

std::uint64_t bench_signature(int games_per_config) { return bench_games(games_per_config, true, nullptr); }

BenchFigures measure_bench(int games_per_config) {
  constexpr int kConfigs = 6;  // three variants, two sizes
  BenchFigures f;
  f.engine_games = kConfigs * games_per_config;
  const Stopwatch engine_clock;
  bench_games(games_per_config, false, &f.engine_plies);  // speed: the fast mode alone
  f.engine_seconds = engine_clock.seconds();
  f.signature = bench_signature(games_per_config);
  const int model_games = std::max(1, games_per_config / 10);
  f.model_games = kConfigs * model_games;
  const Stopwatch model_clock;
  for (Variant v : {Variant::hoyito1, Variant::hoyito2, Variant::hoyito3})
    for (int n : {6, 12}) {
      Rules rules;
      rules.variant = v;
      rules.holes_per_row = n;
      for (int g = 0; g < model_games; ++g)
        f.model_plies += static_cast<long>(random_game(rules, kBenchSeed, static_cast<std::uint64_t>(g)).plies.size());
    }
  f.model_seconds = model_clock.seconds();
  return f;
}

}  // namespace hoyito
