// The diagnosis of a disagreement with an engine (harness/verify/diagnosis.h), its classes
// (disagreement_classes.h) and expect files (engine_expect.h). Each case sets an exact position,
// plays the model's ply, and gives the engine's side by hand as a buggy engine would show it; the
// model's ply is first compared with what the rules give, derived by hand in the comments, so
// that the case is the one described. Fails when a class id, a rule or a measure changes.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "harness/verify/diagnosis.h"
#include "harness/verify/differential.h"
#include "harness/verify/disagreement_classes.h"
#include "harness/verify/engine_expect.h"
#include "io/scenario.h"
#include "model/model.h"

namespace hoyito {
namespace {

Rules hoyito2() {
  Rules r;
  r.variant = Variant::hoyito2;
  r.holes_per_row = 6;
  return r;
}

Position position(std::vector<int> board, int south, int north, Player to_move) {
  Position p;
  p.board = std::move(board);
  p.captured = {south, north};
  p.to_move = to_move;
  return p;
}

// The model's side of `move` from `start`, and a disagreement with `engine` there.
Disagreement with_engine(const Rules& rules, const Position& start, Move move, const Side& engine) {
  model::Game game(rules, start);
  const Side model = side_of(game, move);
  Disagreement d{rules, start, {move}, differing_field(model, engine), model, engine};
  EXPECT_FALSE(d.field.empty()) << "the engine's side must differ";
  return d;
}

// An engine side that plays the ply to `after` with `result`, listing `legal`.
Side engine_ply(const Side& model, const Position& after, const Result& result) {
  Side e = model;
  e.ply->after = after;
  e.result = result;
  return e;
}

// e (4 seeds) sows f 3->4, A 4->5, B 3->4, C 3->4: the last seed makes C a casa (CAP-II-1),
// and the chain takes B behind it (CAP-II-2), stopping at A (5): South 12+8 = 20, extra move.
TEST(Diagnosis, AMissedChainLinkIsCapturesFewerByCapII2) {
  const Position start = position({0, 0, 0, 0, 4, 3, 4, 3, 3, 0, 3, 0}, 12, 16, Player::south);
  model::Game game(hoyito2(), start);
  const Side model = side_of(game, Move::at(4));
  ASSERT_EQ(model.ply->after, position({0, 0, 0, 0, 0, 4, 5, 0, 0, 0, 3, 0}, 20, 16, Player::south));
  // The engine takes C only and gives no extra move (no chain: 16 captured).
  const Side engine = engine_ply(model, position({0, 0, 0, 0, 0, 4, 5, 4, 0, 0, 3, 0}, 16, 16, Player::north),
                                 Result{Status::playing, {16, 16}, Winner::none});
  const Diagnosis x = diagnose(with_engine(hoyito2(), start, Move::at(4), engine));
  EXPECT_EQ(x.class_id, "captures-fewer/CAP-II-2");
  EXPECT_EQ(x.missing, 0);
  EXPECT_EQ(x.laps, 1);
}

// North's C (2): D 3->4, E 3->4, a casa (CAP-II-1); the chain takes D (CAP-II-2) and stops at
// the emptied C. 4 seeds are left: END-1, North takes them (END-II-1): 20 to 28, North wins. An
// engine without the chain leaves D and plays on: the missed chain link is the difference, not
// the game that goes on because of it.
TEST(Diagnosis, AMissedChainLinkIsNamedBeforeTheEndItPrevents) {
  const Position start = position({0, 2, 0, 2, 0, 0, 0, 0, 2, 3, 3, 0}, 20, 16, Player::north);
  model::Game game(hoyito2(), start);
  const Side model = side_of(game, Move::at(8));
  ASSERT_EQ(model.result, (Result{Status::finished, {20, 28}, Winner::north}));
  const Side engine = engine_ply(model, position({0, 2, 0, 2, 0, 0, 0, 0, 0, 4, 0, 0}, 20, 20, Player::south),
                                 Result{Status::playing, {20, 20}, Winner::none});
  EXPECT_EQ(diagnose(with_engine(hoyito2(), start, Move::at(8), engine)).class_id, "captures-fewer/CAP-II-2");
}

// The same ply with one seed gone from the engine's captures: conservation is named first,
// before the captures that differ. A one-lap sowing: BRD-3 and SOW-2.
TEST(Diagnosis, ASeedLostIsNamedBeforeAnyOtherDifference) {
  const Position start = position({0, 0, 0, 0, 4, 3, 4, 3, 3, 0, 3, 0}, 12, 16, Player::south);
  model::Game game(hoyito2(), start);
  const Side model = side_of(game, Move::at(4));
  const Side engine = engine_ply(model, position({0, 0, 0, 0, 0, 4, 5, 0, 0, 0, 3, 0}, 19, 16, Player::south),
                                 Result{Status::playing, {19, 16}, Winner::none});
  const Diagnosis x = diagnose(with_engine(hoyito2(), start, Move::at(4), engine));
  EXPECT_EQ(x.class_id, "seeds-not-conserved/BRD-3+SOW-2");
  EXPECT_EQ(x.missing, 1);
  ASSERT_FALSE(x.differences.empty());
  EXPECT_EQ(x.differences.front(), "seeds not conserved (1 missing)");
}

// a (1 seed) falls into b (1 -> 2): not empty, not four, so b relays (SOW-5): c 0 -> 1, d 0 -> 1,
// which was empty: the move ends after 2 laps. b (1 seed) ends in c at once. Legal: a b.
TEST(Diagnosis, AMissingTwoLapMoveIsARelayBySow5) {
  const Position start = position({1, 1, 0, 0, 0, 0, 2, 2, 2, 2, 2, 2}, 20, 14, Player::south);
  model::Game game(hoyito2(), start);
  ASSERT_EQ(game.legal_moves(), (std::vector<Move>{Move::at(0), Move::at(1)}));
  Side engine = side_of(game, Move::at(1));
  model::Game again(hoyito2(), start);
  const Side model = side_of(again, Move::at(1));
  engine.legal = {Move::at(1)};  // the engine lacks a
  const Disagreement d{hoyito2(), start, {Move::at(1)}, differing_field(model, engine), model, engine};
  ASSERT_EQ(d.field, "legal");
  const Diagnosis x = diagnose(d);
  EXPECT_EQ(x.class_id, "engine-lacks-relay/SOW-5");
  EXPECT_EQ(x.laps, 2);
}

// a (2): b 0->1, c 2->3 (relay, SOW-5): d 0->1, e 0->1, f 1->2 (relay): A 0->1, B 3->4, a casa
// (CAP-II-1); A (1) stops the chain. 5 seeds left: play goes on, South moves again (CAP-II-3).
TEST(Diagnosis, ATurnPassedAfterACaptureIsNoExtraMoveByCapII3) {
  const Position start = position({2, 0, 2, 0, 0, 1, 0, 3, 0, 0, 1, 0}, 23, 16, Player::south);
  model::Game game(hoyito2(), start);
  const Side model = side_of(game, Move::at(0));
  ASSERT_EQ(model.ply->after, position({0, 1, 0, 1, 1, 0, 1, 0, 0, 0, 1, 0}, 27, 16, Player::south));
  Position after = model.ply->after;
  after.to_move = Player::north;
  const Diagnosis x = diagnose(with_engine(hoyito2(), start, Move::at(0), engine_ply(model, after, model.result)));
  EXPECT_EQ(x.class_id, "no-extra-move/CAP-II-3");
  EXPECT_EQ(x.laps, 3);
}

// capture_sides=opponent: a (1) falls into b, empty: the move ends, nothing captured, the game
// goes on with 2 seeds on the board (END-1 ends a game only after a capture). An engine that
// gives the mover the last seeds ends it: engine-ends-game, END-1 and END-II-1.
TEST(Diagnosis, AnEarlyEndIsEngineEndsGameByEnd1AndTheLastSeedsRule) {
  Rules rules = hoyito2();
  rules.options.capture_sides = CaptureSides::opponent;
  const Position start = position({1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}, 30, 16, Player::south);
  model::Game game(rules, start);
  const Side model = side_of(game, Move::at(0));
  ASSERT_EQ(model.result.status, Status::playing);
  const Side engine = engine_ply(model, position(std::vector<int>(12, 0), 32, 16, Player::north),
                                 Result{Status::finished, {32, 16}, Winner::south});
  EXPECT_EQ(diagnose(with_engine(rules, start, Move::at(0), engine)).class_id, "engine-ends-game/END-1+END-II-1");
}

// The hand-derived draw of specs/scenarios/s2-draw.json: 24 to 24. An engine that names South
// the winner differs by END-2.
TEST(Diagnosis, AnotherWinnerIsWinnerByEnd2) {
  const Scenario s = load_scenario(std::string(HOYITO_SOURCE_DIR) + "/specs/scenarios/s2-draw.json");
  ASSERT_EQ(s.steps.size(), 1u);
  const Move move = parse_move(s.steps[0].move, s.rules.holes_per_row);
  model::Game game(s.rules, s.start);
  const Side model = side_of(game, move);
  ASSERT_EQ(model.result.winner, Winner::draw);
  Result result = model.result;
  result.winner = Winner::south;
  EXPECT_EQ(diagnose(with_engine(s.rules, s.start, move, engine_ply(model, model.ply->after, result))).class_id,
            "winner/END-2");
}

TEST(ClassBook, CountsEachClassOnceAndKeepsTheSmallestExample) {
  const Position big = position({0, 0, 0, 0, 4, 3, 4, 3, 3, 0, 3, 0}, 12, 16, Player::south);
  Position small = big;
  small.board = {0, 0, 0, 0, 4, 3, 4, 3, 0, 0, 0, 0};  // fewer seeds (not a game position: the book does not replay)
  small.captured = {18, 16};
  Diagnosis a, b;
  a.class_id = "captures-fewer/CAP-II-2";
  b.class_id = "no-extra-move/CAP-II-3";
  ClassBook book;
  const Disagreement d1{hoyito2(), big, {Move::at(4)}, "after", {}, {}};
  const Disagreement d2{hoyito2(), small, {Move::at(4)}, "after", {}, {}};
  EXPECT_TRUE(book.add(d1, a, "one").is_new);
  EXPECT_FALSE(book.add(d2, a, "two").is_new);
  EXPECT_EQ(book.add(d1, b, "three").number, 2);
  const std::vector<DisagreementClass> classes = book.classes();
  ASSERT_EQ(classes.size(), 2u);
  EXPECT_EQ(classes[0].count, 2);
  EXPECT_EQ(classes[0].smallest->where, "two");
  EXPECT_EQ(classes[1].count, 1);
  EXPECT_EQ(book.total(), 3);
}

TEST(ExpectFile, ReadsClassesAndRefusesBadLinesNamingThem) {
  const std::string dir = testing::TempDir() + "/expect";
  std::filesystem::create_directories(dir);
  const auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir + "/" + name) << text;
    return dir + "/" + name;
  };
  const auto known =
      read_expect_file(write("ok", "# known\nwinner/END-2  ties go south\n\n  sowing/SOW-2 a reason # c\n"));
  EXPECT_EQ(known.size(), 2u);
  EXPECT_EQ(known.at("winner/END-2"), "ties go south");
  EXPECT_EQ(known.at("sowing/SOW-2"), "a reason");
  EXPECT_THROW(read_expect_file(write("noreason", "winner/END-2\n")), InputError);
  EXPECT_THROW(read_expect_file(write("noid", "winner ties go south\n")), InputError);
  EXPECT_THROW(read_expect_file(write("twice", "a/B-1 x\na/B-1 y\n")), InputError);
  try {
    read_expect_file(write("line3", "\n# x\nwinner\n"));
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("line3:3: 'winner'"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace hoyito
