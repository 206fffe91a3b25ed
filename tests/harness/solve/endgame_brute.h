// The brute forces' game graph for the endgame-table tests (tests/harness/solve/endgame_table_test.cpp,
// tests/harness/solve/endgame_brute_test.cpp): every ply made by the reference model (model::Game), not by the
// engine nor by the solver's moves (harness/games/table_moves.cpp).
#pragma once

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/game.h"
#include "harness/games/endgame_table.h"
#include "harness/solve/solver.h"
#include "model/model.h"

namespace hoyito::testing {

// The rules of a table case: round and previous winner (Hoyito III's award by round), G8 split.
inline Rules rules_of(Variant variant, int round = 1, Winner previous = Winner::none, bool split = false) {
  Rules rules;
  rules.variant = variant;
  rules.round = round;
  rules.previous_winner = previous;
  if (split) rules.options.drawn_previous_last_four = DrawnPreviousLastFour::split;
  return rules;
}

// This process's temporary folder of tables, removed when the process ends.
inline const std::filesystem::path& table_scratch() {
  struct Scratch {
    std::filesystem::path dir =
        std::filesystem::temp_directory_path() / ("hoyito-endgame-test-" + std::to_string(::getpid()));
    ~Scratch() {
      std::error_code ignored;
      std::filesystem::remove_all(dir, ignored);
    }
  };
  static const Scratch scratch;
  return scratch.dir;
}

// The table of `rules` up to `max_seeds` seeds, built by `hoyito solve`'s solver into a temporary
// folder of this process; its path. Every layer by default (--all-layers): the tests read made-up
// positions of every seed count.
inline std::string solved_table(const Rules& rules, int max_seeds, bool all_layers = true) {
  solve::SolveOptions options;
  options.rules = rules;
  options.max_seeds = max_seeds;
  options.all_layers = all_layers;
  options.out_dir = table_scratch().string();
  return solve::solve_tables(options, [](const solve::LayerReport&) {});
}

// The game graph: positions keyed by board and side to move, reached from the starts given. A
// play never comes back up a layer, so along one play a key is one position of the game (the
// captures of END-3's key are the same wherever the key recurs).
struct BruteGraph {
  struct Edge {
    int target = -1;     // -1: the ply ended the game (END-1)
    int south_gain = 0;  // South's captures minus North's made by the ply (the award included)
  };
  struct Node {
    bool south_to_move = true;
    int share = 0;  // END-3: South's side minus North's side of the board
    std::vector<Edge> edges;
  };
  std::vector<Node> nodes;
  std::map<std::pair<std::vector<int>, Player>, int> ids;
  std::vector<Position> positions;

  int id_of(const Position& p) {
    const auto [it, fresh] = ids.try_emplace({p.board, p.to_move}, static_cast<int>(nodes.size()));
    if (fresh) {
      Node node;
      node.south_to_move = p.to_move == Player::south;
      const int n = static_cast<int>(p.board.size()) / 2;
      for (int h = 0; h < 2 * n; ++h)
        node.share += h < n ? p.board[static_cast<std::size_t>(h)] : -p.board[static_cast<std::size_t>(h)];
      nodes.push_back(node);
      positions.push_back(p);
    }
    return it->second;
  }

  // Every position of the starts given and what they lead to.
  BruteGraph(const Rules& rules, const std::vector<Position>& starts) {
    for (const Position& start : starts) id_of(start);
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      const Position here = positions[i];
      const model::Game game(rules, here);
      for (Move ply : game.legal_moves()) {
        model::Game next = game;
        next.play(ply);
        const Position& after = next.position();
        const int gain = (after.captured[0] - here.captured[0]) - (after.captured[1] - here.captured[1]);
        const int target = next.status() == Status::playing ? id_of(after) : -1;
        nodes[i].edges.push_back({target, gain});
      }
    }
  }
};

// The positions of layer n of `table` with South to move, in the table's order (captures: the
// rest of the seed total to South).
inline std::vector<Position> layer_positions(const EndgameTable& table, int n) {
  std::vector<Position> out;
  const Rules& rules = table.header().rules;
  for (std::uint64_t e = 0; e < table.index().count(n); ++e) {
    Position p;
    p.board.resize(static_cast<std::size_t>(rules.holes()));
    std::uint8_t board[24];
    table.index().unrank(e, n, board);
    for (int h = 0; h < rules.holes(); ++h) p.board[static_cast<std::size_t>(h)] = board[h];
    p.captured = {2 * rules.holes_per_row * rules.seeds_per_hole - n, 0};
    out.push_back(p);
  }
  return out;
}

}  // namespace hoyito::testing
