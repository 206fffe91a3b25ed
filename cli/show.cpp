// `hoyito show`: the board of a record, scenario or disagreement file as text, with the events of the ply.
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/validators.h"
#include "harness/games/game_file.h"
#include "io/record.h"

namespace hoyito {

namespace {

int command_show(const std::string& file, int ply, int which) {
  // A record, a scenario or a disagreement file; streamed to the record asked for.
  const GameOfFile game = read_game_file(file, which);
  const GameRecord& record = game.record;
  const int plies = static_cast<int>(record.plies.size());
  if (ply == -1) ply = plies;
  if (ply < 0 || ply > plies) throw InputError(fmt::format("--ply {}: {} has plies 0..{}", ply, game.source, plies));
  if (game.kind != GameFileKind::record) std::cout << game.title << "\n";
  if (!game.note.empty()) std::cout << game.note << "\n";
  const int n = record.rules.holes_per_row;
  if (ply == 0) {
    std::cout << fmt::format("{} 2x{}, start\n", variant_name(record.rules.variant), n);
    std::cout << board_text(record.start, n);
    return 0;
  }
  const Ply& p = record.plies[static_cast<size_t>(ply - 1)];
  std::cout << fmt::format("{} 2x{}, after ply {} ({} {})\n", variant_name(record.rules.variant), n, ply,
                           player_name(p.player), move_text(p.move, n));
  for (const Event& e : p.events) std::cout << "  " << describe(e, n) << "\n";
  // After the last ply of a finished game nobody is to move (END-1..3, SOW-6 void).
  const bool over = ply == plies && record.result.status != Status::playing;
  std::cout << board_text(p.after, n, !over);
  if (ply == plies && record.result.status != Status::playing)
    std::cout << fmt::format("result: {}, captured {}-{}, {}\n", status_name(record.result.status),
                             record.result.captured[0], record.result.captured[1], winner_words(record.result.winner));
  return 0;
}

}  // namespace

std::string board_text(const Position& p, int n, bool to_move) {
  std::string top = "        ", north = "North  ", south = "South  ", bottom = "        ";
  for (int k = n - 1; k >= 0; --k) {
    top += fmt::format("{:>3} ", hole_name(n + k, n));
    north += fmt::format("[{:>2}]", p.board[static_cast<size_t>(n + k)]);
  }
  for (int k = 0; k < n; ++k) {
    south += fmt::format("[{:>2}]", p.board[static_cast<size_t>(k)]);
    bottom += fmt::format("{:>3} ", hole_name(k, n));
  }
  const std::string mover = to_move ? fmt::format("{} to move\n", player_name(p.to_move)) : "";
  return fmt::format("{}\n{}   captured {}\n{}   captured {}\n{}\n{}", top, north, p.captured[index(Player::north)],
                     south, p.captured[index(Player::south)], bottom, mover);
}

CommandRun add_show(CLI::App& cmd) {
  struct ShowArgs {
    std::string file;
    int ply = -1;
    int record = 1;
  };
  auto args = std::make_shared<ShowArgs>();
  cmd.add_option("FILE", args->file,
                 fmt::format("record (or JSON Lines), scenario or disagreement file: a regular file or a pipe, one "
                             "record (a line) at most {} MB; read only up to --record",
                             kMostRecordBytes >> 20))
      ->required();
  cmd.add_option("--ply", args->ply, "the position after ply K (0: the start; default: the last)")->check(at_least(0));
  cmd.add_option("--record", args->record, "which record of a JSON Lines file (from 1)")
      ->default_val(1)
      ->check(at_least(1));
  return [args] { return command_show(args->file, args->ply, args->record); };
}

}  // namespace hoyito
