// Endgame tables in play (harness/games/table_play.h): the exact move-quality line of
// `annotate --tables`, against the search's line on a position derived by hand, and the
// `perfect` player of `simulate`, against random from table positions.
//
// Would fail: a table line that reads a move's value from the wrong side (no sign turn after a
// quiet move, or one after an extra move), misses a capture's seeds or END-1's award, says
// "search" for an exact line or marks by the search's thresholds; a perfect player that
// throws a won position away against random (a wrong key for North to move, a move that does
// not keep the value).
#include <gtest/gtest.h>

#include <filesystem>

#include <fmt/format.h>

#include "engine/engine.h"
#include "harness/annotate/quality.h"
#include "harness/games/players.h"
#include "harness/games/table_play.h"
#include "tests/support/moves.h"
#include "tests/support/tables.h"

namespace hoyito {
namespace {

namespace fs = std::filesystem;

Position position_of(std::vector<int> board, Player to_move) {
  Position p;
  int seeds = 0;
  for (int c : board) seeds += c;
  p.board = std::move(board);
  p.captured = {(48 - seeds) / 2, 48 - seeds - (48 - seeds) / 2};
  p.to_move = to_move;
  return p;
}

// The position, derived by hand (specs/rules.md), South to move, 8 seeds: a=1 b=3 e=1, A=3
// (holes 0, 1, 4 and 6), the others empty; captures 20 and 20 (they do not enter the values).
//   a: 1 seed into b (3 -> 4): a casa, 4 captured (CAP-II-1); the chain stops at a, now empty
//      (CAP-II-2). 4 seeds left (e, A): the game ends and South takes them (END-1, END-II-1):
//      +8, at once.
//   b: 3 seeds into c, d, e (1 -> 2): the lap ends in an occupied hole, relay (SOW-5): 2 seeds
//      into f, A (3 -> 4): a casa on North's row (G2 both), 4 captured, the chain stops at f
//      (1). 4 left (a, c, d, f): South takes them: +8, at once.
//   e: 1 seed into f (empty): the move ends (SOW-4), nothing captured. North's only seeds are
//      A's 3: into B, C, D (all empty), the move ends. South plays a as above: +8. So e is worth
//      +8 with best play (no value is above the 8 seeds on the board), but a search of 2 plies
//      (e, then A) sees +0 and marks it "??" (8 short of a and b).
Position hand_position() { return position_of({1, 3, 0, 0, 1, 0, 3, 0, 0, 0, 0, 0}, Player::south); }

GameRecord one_ply_record(const Position& start, int hole) {
  GameRecord record;
  record.start = start;
  engine::Game game(record.rules, start);
  record.plies.push_back(game.play(Move::at(hole)));
  return record;
}

class TablePlay : public ::testing::Test {
 protected:
  // Hoyito II 2x6, every position of at most 8 seeds (the ctest fixture solve_tables_k8).
  static void SetUpTestSuite() { folder_ = new std::string(testing::k8_tables_folder()); }
  static void TearDownTestSuite() { delete folder_; }
  static std::string* folder_;
};
std::string* TablePlay::folder_ = nullptr;

TEST_F(TablePlay, ExactLineDiffersFromTheSearchWhereHandDerived) {
  const TableSet tables(*folder_);
  const GameRecord record = one_ply_record(hand_position(), 4);  // e, as derived above
  const QualityLine exact = quality_lines(record, 2, 1, 1, &tables).front();
  const QualityLine searched = quality_lines(record, 2, 1, 1).front();
  EXPECT_EQ(quality_text(exact, Move::at(4), 6, Lang::en),
            "Move quality, exact from the endgame tables: each legal move's value is the seeds the mover captures "
            "from here on minus the opponent's, with best play by both to the end (G7 third_repetition; [lo, hi]: "
            "it depends on the positions already seen, END-3), then its result with the captures so far; ?? gives up "
            "the result, ? keeps it but loses seeds for certain: a +8 win (best), b +8 win (best), e +8 win (best, "
            "played)");
  EXPECT_EQ(quality_text(searched, Move::at(4), 6, Lang::en),
            "Move quality: each legal move's value is the mover's captured seeds minus the opponent's after 2 plies "
            "of search (? loses 4 or more against the best, ?? 8 or more): a +8 (best), b +8 (best), e +0 ?? "
            "(played)");
}

TEST_F(TablePlay, BeyondTheTablesTheLineIsTheSearchs) {
  const TableSet tables(*folder_);
  // 9 seeds: one more than K. The line is the search's, word for word.
  const GameRecord record = one_ply_record(position_of({1, 3, 0, 0, 1, 0, 3, 0, 0, 0, 0, 1}, Player::south), 4);
  const QualityLine with = quality_lines(record, 2, 1, 1, &tables).front();
  EXPECT_FALSE(with.exact);
  EXPECT_EQ(quality_text(with, Move::at(4), 6, Lang::en),
            quality_text(quality_lines(record, 2, 1, 1).front(), Move::at(4), 6, Lang::en));
}

TEST(QualityMarks, ExactLinesMarkEverySeedLost) {
  EXPECT_EQ(quality_mark(0, true), "");
  EXPECT_EQ(quality_mark(1, true), "?");
  EXPECT_EQ(quality_mark(3, true), "?");
  EXPECT_EQ(quality_mark(4, true), "??");
  EXPECT_EQ(quality_mark(3, false), "");
  EXPECT_EQ(quality_mark(4, false), "?");
  EXPECT_EQ(quality_mark(8, false), "??");
  QualityLine line;
  line.exact = true;
  line.best = 5;
  line.moves = {{0, 5, 5, "", false, false, 0, "win"},
                {1, 2, 2, "?", false, false, 0, "win"},
                {2, -1, 3, "", false, false, 0, "depends on the repetition history"}};
  // b's hi (2) is 3 below the best lo (5): 3 seeds lost for certain; c's hi (3) is not: no loss said.
  EXPECT_EQ(quality_text(line, Move::at(1), 6, Lang::en)
                .substr(quality_text(line, Move::at(1), 6, Lang::en).find("certain: ") + 9),
            "a +5 win (best), b +2 win ? (played, loses 3), c [-1, +3] depends on the repetition history");
}

// A game from `start`, perfect seated for the side to move and random for the other, to its end:
// what perfect captured from there on minus what random did.
int perfect_against_random(const PlayerSpec& perfect, const Rules& rules, const Position& start, SplitMix64& rng) {
  const PlayerSpec random = parse_player_spec("random");
  engine::Game game(rules, start);
  while (game.status() == Status::playing) {
    const PlayerSpec& mover = game.to_move() == start.to_move ? perfect : random;
    game.play_fast(choose_ply(mover, game, game.legal_mask(), rng));
  }
  const Result result = game.result();
  const std::size_t me = index(start.to_move), other = 1 - me;
  return result.captured[me] - start.captured[me] - (result.captured[other] - start.captured[other]);
}

// Every position of layers 4 to 8 (every 7th board) that the table says the side to move wins
// (lo > 0): perfect, seated for the side to move (South, and North on the board turned half a
// ring), plays random to the end under G7 third_repetition, the reading the values are of. Where
// the win is one of captures (a finite conversion rank) perfect must win every game; where it
// rests on END-3's share (no rank) it must not lose (it is not claimed to win: see docs/solve.md).
TEST_F(TablePlay, PerfectNeverLosesAWonPositionToRandom) {
  PlayerSpec perfect = parse_player_spec("perfect:" + *folder_);
  load_player_tables(perfect);
  Rules rules;
  rules.options.endless_game = EndlessGame::third_repetition;
  const TableSet& tables = *perfect.table_set;
  const EndgameTable& table = *tables.find(hand_position(), rules);
  SplitMix64 rng(25);
  long by_captures = 0, by_share = 0, share_draws = 0;
  for (int n = 4; n <= 8; ++n)
    for (std::uint64_t e = 0; e < table.index().count(n); e += 7) {
      if (table.entry(n, e).lo <= 0) continue;
      std::uint8_t b[12];
      table.index().unrank(e, n, b);
      const bool ranked = tables.conversion_rank(table, n, e) != TableSet::kNoRank;
      for (Player seat : {Player::south, Player::north}) {
        std::vector<int> board(12);
        for (int h = 0; h < 12; ++h) board[static_cast<std::size_t>((h + (seat == Player::south ? 0 : 6)) % 12)] = b[h];
        const int lead = perfect_against_random(perfect, rules, position_of(board, seat), rng);
        const std::string where = fmt::format("layer {} entry {} seat {}", n, e, seat == Player::south ? "S" : "N");
        if (ranked) {
          ASSERT_GT(lead, 0) << where;
        } else {
          ASSERT_GE(lead, 0) << where;
          share_draws += lead == 0 ? 1 : 0;
        }
        ++(ranked ? by_captures : by_share);
      }
    }
  std::cout << "won positions played: " << by_captures << " won by captures (all won), " << by_share
            << " resting on END-3's share (" << share_draws << " drawn, none lost)\n";
  EXPECT_GT(by_captures, 1000);
}

TEST(PerfectPlayer, ParsesAndRefusesAFolderWithoutTables) {
  const PlayerSpec p = parse_player_spec("perfect:some/dir");
  EXPECT_EQ(p.kind, PlayerSpec::Kind::perfect);
  EXPECT_EQ(p.name(), "perfect:some/dir");
  EXPECT_THROW(parse_player_spec("perfect:"), InputError);
  const fs::path empty = fs::temp_directory_path() / fmt::format("hoyito-no-tables-{}", ::getpid());
  fs::create_directories(empty);
  PlayerSpec q = parse_player_spec("perfect:" + empty.string());
  EXPECT_THROW(load_player_tables(q), InputError);
  fs::remove_all(empty);
}

}  // namespace
}  // namespace hoyito
