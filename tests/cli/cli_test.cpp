// The `hoyito` program end to end: good commands work, and bad input of every kind listed in
// the issue gets one line on stderr naming what and where, and exit code 2 (never a crash).
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

namespace {

const std::string kProgram = std::string(HOYITO_BINARY_DIR) + "/hoyito";

struct CommandRun {
  int exit_code;
  std::string out, err;
};

CommandRun run(const std::string& args) {
  const std::string err_path = ::testing::TempDir() + "/hoyito_cli_err_" + std::to_string(getpid()) + ".txt";
  const std::string command = kProgram + " " + args + " 2>" + err_path;
  FILE* pipe = popen(command.c_str(), "r");
  std::string out;
  std::array<char, 4096> buffer{};
  size_t got;
  while ((got = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) out.append(buffer.data(), got);
  const int status = pclose(pipe);
  std::ifstream err_file(err_path);
  std::string err((std::istreambuf_iterator<char>(err_file)), std::istreambuf_iterator<char>());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), out, err};
}

std::string write_temp(const std::string& name, const std::string& text) {
  // ctest runs the cases of this file in parallel processes: names are made per process.
  const std::string path = ::testing::TempDir() + "/hoyito_cli_" + std::to_string(getpid()) + "_" + name;
  std::ofstream(path) << text;
  return path;
}

// One line on stderr that contains every fragment, and exit code 2.
void expect_bad_input(const std::string& args, std::initializer_list<std::string> fragments) {
  const CommandRun r = run(args);
  EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << "\n" << r.err;
  for (const auto& f : fragments)
    EXPECT_NE(r.err.find(f), std::string::npos) << args << ": no '" << f << "' in " << r.err;
}

const char* kStart12 = R"({"board":[4,4,4,4,4,4,4,4,4,4,4,4],"captured":[0,0],"to_move":"south"})";

TEST(Cli, RulesListsEveryRuleAndOption) {
  const CommandRun r = run("rules");
  EXPECT_EQ(r.exit_code, 0);
  for (const char* s : {"SOW-1", "CAP-II-2", "END-III-4", "MATCH-3", "skip_origin", "endless_sowing", "ply_limit"})
    EXPECT_NE(r.out.find(s), std::string::npos) << s;
  const CommandRun j = run("rules --json");
  EXPECT_EQ(j.exit_code, 0);
  EXPECT_NE(j.out.find("\"id\":\"END-II-1\""), std::string::npos);
}

TEST(Cli, RandomApplyReplayShowWorkTogether) {
  const std::string file = ::testing::TempDir() + "/hoyito_cli_" + std::to_string(getpid()) + "_games.jsonl";
  ASSERT_EQ(run("random --variant hoyito3 --holes 6 --games 5 --seed 7 --out " + file).exit_code, 0);
  const CommandRun replay = run("replay " + file);
  EXPECT_EQ(replay.exit_code, 0) << replay.out << replay.err;
  EXPECT_NE(replay.out.find("5 record(s) valid"), std::string::npos);
  const CommandRun again = run("random --variant hoyito3 --holes 6 --games 5 --seed 7");
  std::ifstream in(file);
  std::string written((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(again.out, written);  // the same seed gives the same games

  const CommandRun applied = run("apply --variant hoyito2 --holes 6 --moves \"a\"");
  ASSERT_EQ(applied.exit_code, 0) << applied.err;
  const std::string record = write_temp("applied.json", applied.out);
  EXPECT_EQ(run("replay " + record).exit_code, 0);
  const CommandRun shown = run("show " + record + " --ply 1");
  EXPECT_EQ(shown.exit_code, 0);
  EXPECT_NE(shown.out.find("north to move"), std::string::npos) << shown.out;
  EXPECT_NE(shown.out.find("SOW-4"), std::string::npos) << shown.out;
}

TEST(Cli, ReplayRejectsATamperedRecordWithExitOne) {
  const CommandRun applied = run("apply --variant hoyito2 --holes 6 --moves \"a\"");
  std::string text = applied.out;
  const auto at = text.find("\"board\":[2,7,1,6");
  ASSERT_NE(at, std::string::npos) << text;
  text.replace(at, 16, "\"board\":[7,2,1,6");
  const CommandRun r = run("replay " + write_temp("tampered.json", text));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("plies[0].after"), std::string::npos) << r.out;
}

// scan-sowings (issue 33): every move of every position counted, named by the guard it ran
// under; 10 games of 2x6 with lap_limit 10^13 (the largest) still decide every move.
TEST(Cli, ScanSowingsSaysWhatItCounted) {
  const CommandRun r = run("scan-sowings --games 10 --seed 3 --longest 2 --option lap_limit=10000000000000");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("games 0..9 (seed 3)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("0 undecided within lap_limit 10000000000000 (Q-LIMIT)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("the 2 longest decided moves:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("hoyito apply --variant hoyito2 --holes 6 --option lap_limit=10000000000000 --moves"),
            std::string::npos)
      << r.out;
}

TEST(Cli, BadRulesOptions) {
  expect_bad_input("random --variant hoyito4", {"unknown variant", "hoyito4"});
  expect_bad_input("random --holes 7", {"--holes", "7"});
  expect_bad_input("random --option nonsense=1", {"unknown option", "nonsense"});
  expect_bad_input("random --option endless_sowing=maybe", {"endless_sowing", "maybe"});
  expect_bad_input("random --option skip_origin", {"NAME=VALUE"});
  expect_bad_input("random --option ply_limit=-3", {"ply_limit", "-3"});
  expect_bad_input("random --option lap_limit=0", {"lap_limit", "0"});
  // Q-LIMIT: 1..10^13 (issue 33); one more, a number past 2^63 and a negative one are one line each.
  expect_bad_input("random --option lap_limit=10000000000001", {"lap_limit", "10000000000001", "10000000000000"});
  expect_bad_input("random --option lap_limit=99999999999999999999", {"lap_limit", "99999999999999999999"});
  expect_bad_input("random --option lap_limit=-2147483648", {"lap_limit", "-2147483648"});
  expect_bad_input("scan-sowings --option lap_limit=0", {"lap_limit", "0"});
  expect_bad_input("scan-sowings --games 0", {"--games", "0"});
  expect_bad_input("verify --skip lockstep,nonsense", {"--skip", "nonsense"});
  expect_bad_input("verify --game-timeout 0", {"--game-timeout"});
  expect_bad_input("random --variant hoyito3 --round 3", {"--previous-winner", "round 3"});
  expect_bad_input("random --variant hoyito2 --round 2", {"round", "hoyito3"});
  expect_bad_input("random --games x", {"games"});
  expect_bad_input("frobnicate", {"frobnicate"});
}

TEST(Cli, BadMoves) {
  expect_bad_input("apply --moves \"z\"", {"hole 'z'", "2x6"});
  expect_bad_input("apply --moves \"a a\"", {"move 2", "'a'", "not legal"});         // a is empty now
  expect_bad_input("apply --moves \"A\"", {"move 1", "'A'", "not legal", "south"});  // North's hole
  expect_bad_input("apply --moves \"pass\"", {"pass", "not legal"});
}

TEST(Cli, BadPositions) {
  expect_bad_input(
      std::string("apply --moves a --position '") + R"({"board":[4,4,4],"captured":[0,0],"to_move":"south"})" + "'",
      {"--position.board", "3 entries", "12"});
  expect_bad_input(std::string("apply --moves a --position '") +
                       R"({"board":[5,3,4,4,4,4,4,4,4,4,-1,5],"captured":[0,0],"to_move":"south"})" + "'",
                   {"board[10]", "negative"});
  expect_bad_input(std::string("apply --moves a --position '") +
                       R"({"board":[5,4,4,4,4,4,4,4,4,4,4,4],"captured":[0,0],"to_move":"south"})" + "'",
                   {"49 seeds", "48"});
  expect_bad_input(std::string("apply --moves a --position '") +
                       R"({"board":[4,4,4,4,4,4,4,4,4,4,4,4],"captured":[0,0],"to_move":"west"})" + "'",
                   {"to_move", "west"});
  // END-1: an empty board is a game that has ended; passes on it would otherwise run to the ply limit.
  expect_bad_input(std::string("apply --moves pass --position '") +
                       R"({"board":[0,0,0,0,0,0,0,0,0,0,0,0],"captured":[24,24],"to_move":"north"})" + "'",
                   {"--position", "board", "empty", "END-1"});
  expect_bad_input(std::string("apply --moves a --position '") + R"({"board":[4,4,4,4)" + "'", {"malformed JSON"});
  expect_bad_input("apply --moves a --position /nonexistent/file.json", {"/nonexistent/file.json", "cannot open"});
}

TEST(Cli, BadRecordFiles) {
  const CommandRun applied = run("apply --moves a");
  ASSERT_EQ(applied.exit_code, 0);
  const std::string good = applied.out;
  expect_bad_input("replay " + write_temp("truncated.json", good.substr(0, good.size() / 2)),
                   {"truncated.json", "malformed JSON"});
  expect_bad_input("replay " + write_temp("empty.json", ""), {"empty.json"});
  std::string wrong_format = good;
  wrong_format.replace(wrong_format.find("hoyito-game/1"), 13, "hoyito-game/9");
  expect_bad_input("replay " + write_temp("format.json", wrong_format), {"format", "hoyito-game/9"});
  std::string bad_rule = good;
  bad_rule.replace(bad_rule.find("\"SOW-1\""), 7, "\"SOW-99\"");
  expect_bad_input("replay " + write_temp("rule.json", bad_rule), {"plies[0].events[0].rule", "SOW-99"});
  expect_bad_input(
      "replay " +
          write_temp(
              "start.json",
              std::string(
                  "{\"format\":\"hoyito-game/1\",\"rules\":{\"variant\":\"hoyito2\",\"holes_per_row\":6},\"start\":") +
                  kStart12 + "}"),
      {"missing field", "plies"});
  expect_bad_input("show " + write_temp("show.json", good) + " --ply 9", {"--ply 9"});
}

// show reads a scenario as the game its steps play. The boards expected are the scenario's own
// hand-derived positions: step 1 after d [10,0,4,0,0,0, 0,3,2,3,3,3] captured [16,4], step 2
// after a [0,1,5,1,1,1, 1,4,3,0,0,3] captured [24,4], North's row printed from F (hole 11) to A.
TEST(Cli, ShowReadsAScenario) {
  const std::string scenarios = std::string(HOYITO_SOURCE_DIR) + "/specs/scenarios/";
  const CommandRun last = run("show " + scenarios + "s2-chain-stopped-by-empty.json");
  EXPECT_EQ(last.exit_code, 0) << last.err;
  EXPECT_NE(last.out.find("Scenario s2-chain-stopped-by-empty: "), std::string::npos) << last.out;
  EXPECT_NE(last.out.find("after ply 2 (south a)"), std::string::npos) << last.out;
  EXPECT_NE(last.out.find("North  [ 3][ 0][ 0][ 3][ 4][ 1]   captured 4\n"), std::string::npos) << last.out;
  EXPECT_NE(last.out.find("South  [ 0][ 1][ 5][ 1][ 1][ 1]   captured 24\n"), std::string::npos) << last.out;
  const CommandRun first = run("show " + scenarios + "s2-chain-stopped-by-empty.json --ply 1");
  EXPECT_NE(first.out.find("North  [ 3][ 3][ 3][ 2][ 3][ 0]   captured 4\n"), std::string::npos) << first.out;
  EXPECT_NE(first.out.find("South  [10][ 0][ 4][ 0][ 0][ 0]   captured 16\n"), std::string::npos) << first.out;
  EXPECT_NE(first.out.find("CAP-II-2: south chain-captures 4 from e"), std::string::npos) << first.out;

  expect_bad_input("show " + scenarios + "s3-match-alternate.json",
                   {"s3-match-alternate.json.match", "match scenario"});
  expect_bad_input("show " + write_temp("scenario.json",
                                        R"({"id":"x","rules":{"variant":"hoyito2","holes_per_row":6},)"
                                        R"("start":{"board":[4,4],"captured":[0,0],"to_move":"south"},"steps":[]})"),
                   {"scenario.json.start.board", "12"});
}

}  // namespace

// The command a disagreement file gives (`--seed S --games G --config NAME --game K`) plays that
// one game, also a game of a 2x12 configuration past the default --games' 25.
TEST(Cli, VerifyOfOneGamePlaysThatGame) {
  const std::string out = ::testing::TempDir() + "/hoyito_cli_one_game_" + std::to_string(getpid());
  // --games 800 plays games 0..49 of a standard 2x12 configuration (a sixteenth).
  const CommandRun r =
      run("verify --seed 2026 --games 800 --config hoyito2-2x12-skip-void-plylimit --game 40 --out " + out);
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("lockstep: 1 games"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("PASS"), std::string::npos) << r.out;
}

TEST(Cli, VerifyRefusesAGameOutOfRange) {
  // --games 400 plays games 0..24 of a standard 2x12 configuration (a sixteenth).
  expect_bad_input(
      "verify --seed 2026 --config hoyito2-2x12-skip-void-plylimit --game 25 --out " + ::testing::TempDir(),
      {"--game", "25", "0 to 24"});
  expect_bad_input("verify --game -2 --out " + ::testing::TempDir(), {"--game", "-2"});
}

TEST(Cli, VerifyThatChecksNothingFails) {
  const CommandRun r = run("verify --skip scenarios,records,limits,lockstep,matches --out " + ::testing::TempDir());
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("FAIL: nothing was checked"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("PASS"), std::string::npos) << r.out;
}

TEST(Cli, UnknownCommandNamesEveryCommand) {
  expect_bad_input("frobnicate", {"unknown command 'frobnicate'", "verify", "bench"});
}

namespace {

// Issue 12: out-of-range numbers are refused by the flag's validator, in one line, exit 2, before
// any work starts, on every command that takes them.
TEST(Cli, NumericFlagsAreValidated) {
  expect_bad_input("exhaustive --threads 0 --max-seeds 2", {"--threads", "0"});
  expect_bad_input("exhaustive --max-seeds 0", {"--max-seeds", "0"});
  expect_bad_input("bench --games -1", {"--games", "-1"});
  expect_bad_input("bench --games 0", {"--games", "0"});
  expect_bad_input("perft --depth 21", {"--depth", "21"});
  expect_bad_input("verify --seconds 0", {"--seconds", "0"});
  expect_bad_input("verify --seconds inf", {"--seconds", "inf"});
  expect_bad_input("verify --seconds nan", {"--seconds", "nan"});
  expect_bad_input("verify --threads 257", {"--threads", "257"});
  expect_bad_input("verify --games 0", {"--games", "0"});
  expect_bad_input("verify --record-games 0", {"--record-games", "0"});
  expect_bad_input("verify --seed 010", {"--seed", "010"});
  expect_bad_input("random --seed -1", {"--seed", "-1"});
  expect_bad_input("random --seed 18446744073709551616", {"--seed", "18446744073709551616"});
  expect_bad_input("random --games 0", {"--games", "0"});
  // Flags that contradict each other.
  expect_bad_input("simulate --games 10 --sweep skip_origin=false,true --option skip_origin=true",
                   {"--option skip_origin=true", "swept"});
  expect_bad_input("random --option skip_origin=true --option skip_origin=false", {"skip_origin", "already set"});
  expect_bad_input("random --index 5 --games 3", {"--index", "--games"});
  // A sweep of an option that cannot act on the games played would show differences of 0.
  expect_bad_input("simulate --games 10 --sweep match_starter=alternate,loser",
                   {"--sweep", "match_starter", "--match"});
  expect_bad_input("simulate --variant hoyito3 --games 10 --match 2 --sweep drawn_previous_last_four=capturer,split",
                   {"--sweep", "drawn_previous_last_four", "--match"});
  // Decimal digits only: CLI11 alone reads a leading zero as octal and 0x as hexadecimal.
  expect_bad_input("random --games 010", {"--games", "'010'", "decimal"});
  expect_bad_input("random --games 0x10", {"--games", "'0x10'", "decimal"});
  expect_bad_input("perft --depth 010", {"--depth", "'010'", "decimal"});
  expect_bad_input("simulate --threads 02", {"--threads", "'02'", "decimal"});
  expect_bad_input("random --index -1", {"--index", "-1"});
  expect_bad_input("random --seeds-per-hole 0", {"--seeds-per-hole", "0"});
  expect_bad_input("random --round 0", {"--round", "0"});
  expect_bad_input("show x.json --ply -1", {"--ply", "-1"});
  expect_bad_input("show x.json --record 0", {"--record", "0"});
  expect_bad_input("annotate x.json --depth 9", {"--depth", "9"});
  expect_bad_input("annotate x.json --record 0", {"--record", "0"});
  expect_bad_input("simulate --threads 0", {"--threads", "0"});
  expect_bad_input("simulate --seed -1", {"--seed", "-1"});
  const CommandRun max_seed = run("random --seed 18446744073709551615 --games 1");
  EXPECT_EQ(max_seed.exit_code, 0) << max_seed.err;
  EXPECT_NE(max_seed.out.find("\"seed\":18446744073709551615"), std::string::npos) << max_seed.out;
}

// A run with a filter says PASS (partial), lists the checks left out and says the coverage gate
// does not apply; a check that checked nothing (--seconds too short for a game) makes it fail.
TEST(Cli, VerifyPassesOnlyForWhatRan) {
  const std::string out = ::testing::TempDir() + "/hoyito_cli_partial_" + std::to_string(getpid());
  const CommandRun empty = run("verify --config hoyito2-2x6-noskip-illegal-plylimit --seconds 0.000001 --out " + out);
  EXPECT_EQ(empty.exit_code, 1) << empty.out;
  EXPECT_NE(empty.out.find("FAIL: nothing was checked"), std::string::npos) << empty.out;
  EXPECT_EQ(empty.out.find("PASS"), std::string::npos) << empty.out;
  const CommandRun some = run("verify --config hoyito2-2x6-noskip-illegal-plylimit --games 2 --out " + out);
  EXPECT_EQ(some.exit_code, 0) << some.out;
  EXPECT_NE(some.out.find("PASS (partial)"), std::string::npos) << some.out;
  EXPECT_NE(some.out.find("rule-coverage gate not applied: --config"), std::string::npos) << some.out;
  EXPECT_NE(some.out.find("checks left out: scenarios"), std::string::npos) << some.out;
}

// A selected check that checked nothing fails the run even when another check checked something:
// the limits check runs one position group (its least), the lockstep check is stopped by --seconds
// before its first game. (After a fixed check, scenarios or records, lockstep plays one game at
// least: VerifyPlaysOneGameAfterTheFixedChecks.)
TEST(Cli, VerifyFailsWhenASelectedCheckCheckedNothing) {
  const std::string out = ::testing::TempDir() + "/hoyito_cli_nothing_" + std::to_string(getpid());
  const CommandRun r = run("verify --skip scenarios,records,matches --seconds 0.000001 --out " + out);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("checks that checked nothing: lockstep (--seconds"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\nFAIL in"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("PASS:"), std::string::npos) << r.out;  // the rule IDs PASS-1..3 aside
  EXPECT_EQ(r.out.find("PASS (partial)"), std::string::npos) << r.out;
}

// apply plays on the engine by default and on the model with --impl model: an illegal move is
// refused alike, each listing the legal moves (before: the engine's refusal listed none).
TEST(Cli, ApplyRefusesAlikeOnEngineAndModel) {
  const CommandRun engine = run("apply --moves \"a b\"");
  const CommandRun model = run("apply --impl model --moves \"a b\"");
  EXPECT_EQ(engine.exit_code, 2);
  EXPECT_EQ(model.exit_code, 2);
  const auto legal = [](const std::string& err) {
    const std::size_t at = err.find("(legal: ");
    return at == std::string::npos ? std::string("none") : err.substr(at);
  };
  EXPECT_NE(legal(engine.err), "none") << engine.err;
  EXPECT_EQ(legal(engine.err), legal(model.err)) << engine.err << model.err;
  const CommandRun played = run("apply --moves \"a\""), played_model = run("apply --impl model --moves \"a\"");
  EXPECT_EQ(played.exit_code, 0) << played.err;
  EXPECT_EQ(played.out, played_model.out);
}

// --seconds counts from the start of the run: the fixed checks spend it, and lockstep then plays
// one game at least rather than checking nothing (before: --seconds counted from the first timed
// check, so `--seconds 5` ran the fixed checks and then 5 s more).
TEST(Cli, VerifyPlaysOneGameAfterTheFixedChecks) {
  const std::string out = ::testing::TempDir() + "/hoyito_cli_one_" + std::to_string(getpid());
  const CommandRun r = run("verify --skip scenarios,limits,matches --record-games 1 --seconds 0.000001 --out " + out);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("lockstep: 1 games"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(stopped by --seconds"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("PASS (partial)"), std::string::npos) << r.out;
}

// A run clears the disagreement and record files an earlier run left in --out; other files stay.
TEST(Cli, VerifyClearsWhatAnEarlierRunWrote) {
  namespace fs = std::filesystem;
  const std::string out = ::testing::TempDir() + "/hoyito_cli_fresh_" + std::to_string(getpid());
  fs::create_directories(out);
  for (const char* old : {"disagreement-3.json", "lap-limit-disagreement-1.json", "exhaustive-2x6-disagreement.json",
                          "games-hoyito9-2x6.jsonl"})
    std::ofstream(out + "/" + old) << "{}";
  std::ofstream(out + "/notes.txt") << "mine";
  const CommandRun r = run("verify --config hoyito2-2x6-noskip-illegal-plylimit --games 2 --out " + out);
  EXPECT_EQ(r.exit_code, 0) << r.out;
  for (const char* old : {"disagreement-3.json", "lap-limit-disagreement-1.json", "exhaustive-2x6-disagreement.json",
                          "games-hoyito9-2x6.jsonl"})
    EXPECT_FALSE(fs::exists(out + "/" + old)) << old;
  EXPECT_TRUE(fs::exists(out + "/notes.txt"));
}

// Every rule's whole text (SOW-2 goes on past "(mod 2N)", its second line), and one rule alone.
TEST(Cli, RulesPrintsWholeTexts) {
  const CommandRun all = run("rules");
  EXPECT_NE(all.out.find("following the hole h they were lifted from"), std::string::npos) << all.out;
  const CommandRun one = run("rules SOW-1");
  EXPECT_EQ(one.exit_code, 0);
  EXPECT_NE(one.out.find("the hole must not be empty"), std::string::npos) << one.out;
  EXPECT_EQ(one.out.find("SOW-2"), std::string::npos) << one.out;
  const CommandRun json = run("rules SOW-1 --json");
  EXPECT_EQ(json.exit_code, 0);
  EXPECT_NE(json.out.find(
                "\"text\":\"On their turn a player lifts all the seeds of one of their own holes; the hole must not "
                "be empty."),
            std::string::npos)
      << json.out;
  expect_bad_input("rules SOW-99", {"SOW-99", "not a rule ID"});
}

}  // namespace
