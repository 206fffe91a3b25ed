#include "harness/games/players.h"

#include <bit>
#include <charconv>

#include <fmt/format.h>

#include "harness/games/search.h"

namespace hoyito {

std::string PlayerSpec::name() const {
  switch (kind) {
    case Kind::random:
      return "random";
    case Kind::greedy:
      return "greedy";
    case Kind::search:
      return fmt::format("search:{}", depth);
  }
  return "?";
}

PlayerSpec parse_player_spec(std::string_view text) {
  if (text == "random") return {PlayerSpec::Kind::random, 0};
  if (text == "greedy") return {PlayerSpec::Kind::greedy, 0};
  if (text.starts_with("search:")) {
    const std::string_view digits = text.substr(7);
    int depth = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), depth);
    if (error == std::errc{} && end == digits.data() + digits.size() && depth >= 1 && depth <= kMaxSearchDepth)
      return {PlayerSpec::Kind::search, depth};
    throw InputError(fmt::format("player '{}': the depth must be a whole number from 1 to {}", text, kMaxSearchDepth));
  }
  throw InputError(fmt::format("player '{}' is not random, greedy or search:D", text));
}

int nth_legal_ply(std::uint64_t mask, int k) {
  for (; k > 0; --k) mask &= mask - 1;
  const int bit = std::countr_zero(mask);
  return bit == 63 ? kPass : bit;
}

int random_ply(std::uint64_t mask, SplitMix64& rng) {
  return nth_legal_ply(mask, static_cast<int>(rng.below(static_cast<std::uint64_t>(std::popcount(mask)))));
}

int greedy_ply(const engine::Game& game, std::uint64_t mask, SplitMix64& rng) {
  if (mask == engine::kPassBit) return kPass;
  const Player mover = game.to_move();
  const int before = game.result().captured[index(mover)];
  int best = -1;
  std::uint64_t best_mask = 0;
  for (std::uint64_t rest = mask; rest != 0; rest &= rest - 1) {
    const int hole = std::countr_zero(rest);
    engine::Game child = game;
    child.play_fast(hole);
    const int gained = child.result().captured[index(mover)] - before;
    if (gained > best) {
      best = gained;
      best_mask = 0;
    }
    if (gained == best) best_mask |= std::uint64_t{1} << hole;
  }
  return random_ply(best_mask, rng);
}

int choose_ply(const PlayerSpec& player, const engine::Game& game, std::uint64_t mask, SplitMix64& rng) {
  switch (player.kind) {
    case PlayerSpec::Kind::random:
      return random_ply(mask, rng);
    case PlayerSpec::Kind::greedy:
      return greedy_ply(game, mask, rng);
    case PlayerSpec::Kind::search:
      if (mask == engine::kPassBit) return kPass;  // nothing to choose: no search, no draw
      return search::choose_best(game, player.depth, rng);
  }
  return random_ply(mask, rng);
}

}  // namespace hoyito
