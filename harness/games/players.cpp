#include "harness/games/players.h"

#include <bit>
#include <charconv>
#include <stdexcept>

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
    case Kind::perfect:
      return fmt::format("perfect:{}", tables);
  }
  return "?";
}

PlayerSpec parse_player_spec(std::string_view text) {
  if (text == "random") return PlayerSpec(PlayerSpec::Kind::random);
  if (text == "greedy") return PlayerSpec(PlayerSpec::Kind::greedy);
  if (text.starts_with("search:")) {
    const std::string_view digits = text.substr(7);
    int depth = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), depth);
    if (error == std::errc{} && end == digits.data() + digits.size() && depth >= 1 && depth <= kMaxSearchDepth)
      return PlayerSpec(PlayerSpec::Kind::search, depth);
    throw InputError(fmt::format("player '{}': the depth must be a whole number from 1 to {}", text, kMaxSearchDepth));
  }
  if (text.starts_with("perfect:") && text.size() > 8) {
    PlayerSpec spec = PlayerSpec(PlayerSpec::Kind::perfect);
    spec.tables = std::string(text.substr(8));
    return spec;
  }
  throw InputError(fmt::format("player '{}' is not random, greedy, search:D or perfect:DIR", text));
}

void load_player_tables(PlayerSpec& player) {
  if (player.kind == PlayerSpec::Kind::perfect && !player.table_set)
    player.table_set = std::make_shared<const TableSet>(player.tables);
}

namespace {
// A table-best ply where the tables cover the position, search:kPerfectFallbackDepth elsewhere.
Move perfect_ply(const PlayerSpec& player, const engine::Game& game, SplitMix64& rng) {
  if (!player.table_set) throw std::logic_error("perfect player: its tables were not loaded");
  const std::vector<TableMoveValue> values = table_move_values(game, *player.table_set);
  if (values.empty()) return search::choose_best(game, kPerfectFallbackDepth, rng);
  return choose_table_best(game, values, *player.table_set, rng);
}
}  // namespace

Move nth_legal_ply(std::uint64_t mask, int k) {
  for (; k > 0; --k) mask &= mask - 1;
  return engine::move_of_bit(std::countr_zero(mask));
}

Move random_ply(std::uint64_t mask, SplitMix64& rng) {
  return nth_legal_ply(mask, static_cast<int>(rng.below(static_cast<std::uint64_t>(std::popcount(mask)))));
}

Move greedy_ply(const engine::Game& game, std::uint64_t mask, SplitMix64& rng) {
  if (mask == engine::kPassBit) return Move::pass();
  const Player mover = game.to_move();
  const int before = game.result().captured[index(mover)];
  int best = -1;
  std::uint64_t best_mask = 0;
  for (std::uint64_t rest = mask; rest != 0; rest &= rest - 1) {
    const int hole = std::countr_zero(rest);
    engine::Game child = game;
    child.play_fast(Move::at(hole));
    const int gained = child.result().captured[index(mover)] - before;
    if (gained > best) {
      best = gained;
      best_mask = 0;
    }
    if (gained == best) best_mask |= std::uint64_t{1} << hole;
  }
  return random_ply(best_mask, rng);
}

Move choose_ply(const PlayerSpec& player, const engine::Game& game, std::uint64_t mask, SplitMix64& rng) {
  switch (player.kind) {
    case PlayerSpec::Kind::random:
      return random_ply(mask, rng);
    case PlayerSpec::Kind::greedy:
      return greedy_ply(game, mask, rng);
    case PlayerSpec::Kind::search:
      if (mask == engine::kPassBit) return Move::pass();  // nothing to choose: no search, no draw
      return search::choose_best(game, player.depth, rng);
    case PlayerSpec::Kind::perfect:
      if (mask == engine::kPassBit) return Move::pass();
      return perfect_ply(player, game, rng);
  }
  return random_ply(mask, rng);
}

}  // namespace hoyito
