// The engine protocol (specs/engine-protocol.md): its reader and writer, the server of
// `hoyito serve`, RemoteGame driving `hoyito serve` (engine and model) in lockstep with the
// in-tree engine, and the fake engines of tests/support/fake_engines/, each of which must end in one
// clear EngineFailure naming the command, with its process gone.
#include <csignal>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>

#include <gtest/gtest.h>

#include "engine/engine.h"
#include "engine/sides.h"
#include "harness/base/subprocess.h"
#include "harness/games/perft_count.h"
#include "harness/games/remote_game.h"
#include "harness/games/serve.h"
#include "io/engine_protocol.h"
#include "tests/support/moves.h"

namespace hoyito {
namespace {

using protocol::Reason;

const std::string kHoyito = HOYITO_BINARY_DIR "/hoyito";
const std::string kFake = "/usr/bin/python3 " HOYITO_SOURCE_DIR "/tests/support/fake_engines/fake_engine.py";

std::shared_ptr<EngineSession> session(const std::string& command, int timeout_ms = 10'000) {
  EngineOptions options;
  options.command = command;
  options.timeout = std::chrono::milliseconds(timeout_ms);
  return std::make_shared<EngineSession>(options);
}

// A byte source over a string, `chunk` bytes a read.
protocol::ReadBytes string_source(std::shared_ptr<std::string> text, std::size_t chunk = 7) {
  auto at = std::make_shared<std::size_t>(0);
  return [text, at, chunk](char* buffer, std::size_t size) {
    const std::size_t n = std::min({size, chunk, text->size() - *at});
    std::copy_n(text->data() + *at, n, buffer);
    *at += n;
    return n;
  };
}

TEST(ProtocolReader, ReadsSuccessListsAndRefusals) {
  auto text = std::make_shared<std::string>("= 1\n\n= a 6\r\nb 7\n\n? illegal move q: no such hole\n\n");
  protocol::LineReader reader(string_source(text));
  const auto one =
      protocol::parse_response(protocol::read_response_lines(reader, "protocol_version"), "protocol_version");
  EXPECT_TRUE(one.ok);
  EXPECT_EQ(one.first(), "1");
  const auto list = protocol::parse_response(protocol::read_response_lines(reader, "divide 1"), "divide 1");
  EXPECT_EQ(list.lines, (std::vector<std::string>{"a 6", "b 7"}));
  const auto no = protocol::parse_response(protocol::read_response_lines(reader, "play q"), "play q");
  EXPECT_FALSE(no.ok);
  EXPECT_EQ(no.reason, Reason::illegal);
  EXPECT_EQ(no.message, "move q: no such hole");
  EXPECT_THROW(protocol::read_response_lines(reader, "legal"), protocol::ProtocolError);  // end of output
}

TEST(ProtocolReader, RefusesGarbageNamingTheCommand) {
  for (const std::string bad : {"hello\n\n", "=x\n\n", "? nonsense here\n\n", "? illegal\nmore\n\n", "\n"}) {
    auto text = std::make_shared<std::string>(bad);
    protocol::LineReader reader(string_source(text));
    try {
      protocol::parse_response(protocol::read_response_lines(reader, "legal"), "legal");
      ADD_FAILURE() << "accepted: " << bad;
    } catch (const protocol::ProtocolError& e) {
      EXPECT_EQ(std::string(e.what()).rfind("legal: ", 0), 0u) << e.what();
    }
  }
}

TEST(ProtocolReader, StopsAtTheLineBound) {
  auto text = std::make_shared<std::string>(std::string(200, 'x') + "\nok\n");
  protocol::LineReader reader(string_source(text, 64), 100);
  EXPECT_THROW(reader.next("legal"), protocol::ProtocolError);
  ASSERT_TRUE(reader.skip_line());
  EXPECT_EQ(reader.next("legal").value(), "ok");
}

TEST(ProtocolValues, StateEventsAndCapabilitiesRoundTrip) {
  Rules rules;
  Position p = engine::opening_position(rules, Player::north);
  p.board[0] = 0, p.board[5] = 8;
  const Result result{Status::finished, {28, 20}, Winner::south};
  const protocol::StateLine s = protocol::parse_state(protocol::format_state(p, result, 57), 6, "state");
  EXPECT_EQ(s.position, p);
  EXPECT_EQ(s.status, Status::finished);
  EXPECT_EQ(s.winner, Winner::south);
  EXPECT_EQ(s.plies, 57);
  EXPECT_THROW(protocol::parse_state("board=1,2 captured=0,0 to_move=south", 6, "state"), protocol::ProtocolError);

  engine::Game game(rules, engine::opening_position(rules));
  for (const Event& e : game.play(hoyito::Move::at(2)).events)
    EXPECT_EQ(protocol::parse_event(protocol::format_event(e), "events"), e);

  const protocol::Capabilities caps = protocol::full_capabilities();
  const protocol::Capabilities back = protocol::parse_capabilities(protocol::format_capabilities(caps), "supports");
  EXPECT_EQ(back.variants, caps.variants);
  EXPECT_EQ(back.options, caps.options);
  Rules odd = rules;
  set_option(odd, "lap_limit", "77");
  EXPECT_EQ(back.unsupported(odd), "");
  const protocol::Capabilities small = protocol::parse_capabilities({"variant hoyito2 6", "seeds 4..4"}, "supports");
  EXPECT_EQ(small.unsupported(odd), "option lap_limit=77");
  odd.holes_per_row = 12;
  EXPECT_EQ(small.unsupported(odd), "hoyito2 on 2x12");
}

// Every malformed command gets one refusal line, and the server goes on.
// moves_text (core/game.h), the one join of `legal`'s answer, a refusal's legal moves and a
// `playmoves` line: BRD-4 names South's holes 0..5 a..f and North's 6..11 A..F, so 0 2 9 is
// "a c D". Fails if the separator, the order or the pass's name changes.
TEST(Notation, MovesTextJoinsTheMovesWithSpaces) {
  EXPECT_EQ(moves_text(std::vector<hoyito::Move>{hoyito::Move::at(0), hoyito::Move::at(2), hoyito::Move::at(9)}, 6),
            "a c D");
  EXPECT_EQ(moves_text(std::vector<hoyito::Move>{hoyito::Move::pass()}, 6), "pass");
  EXPECT_EQ(moves_text(std::vector<hoyito::Move>{}, 6), "");
  // `legal` answers with it: South holds one seed in a and one in c, each sown into an empty
  // hole (b, d), where the move ends (SOW-4), so both are legal (SOW-1) and nothing else is.
  Server server(ServeImpl::engine, "test");
  EXPECT_EQ(server.answer("position board=1,0,1,0,0,0,0,0,0,3,0,0 captured=20,23 to_move=south"), "=\n\n");
  EXPECT_EQ(server.answer("legal"), "= a c\n\n");
}

TEST(Serve, AnswersEveryMalformedCommandWithOneRefusal) {
  for (const ServeImpl impl : {ServeImpl::engine, ServeImpl::model}) {
    Server server(impl, "test");
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"frobnicate", "? unknown_command"},
        {"rules hoyito9 6 4", "? invalid"},
        {"rules hoyito2 7 4", "? invalid"},
        {"rules hoyito2 6 4 skip_origin=maybe", "? invalid"},
        {"rules hoyito2 6 4 frobnicate=1", "? syntax"},
        {"rules hoyito2 6", "? syntax"},
        {"position board=1,2 captured=0,0 to_move=south", "? syntax"},
        {"position board=4,4,4,4,4,4,4,4,4,4,4,5 captured=0,0 to_move=south", "? invalid"},
        {"play q", "? illegal"},
        {"play", "? syntax"},
        {"perft -1", "? syntax"},
        {"playmoves a A q", "? illegal played=2"},
        {"start round=2", "? invalid"},
        {"legal extra", "? syntax"},
        {std::string("play \x01\x1b[2J"), "? illegal"}};
    for (const auto& [command, expected] : cases) {
      const std::string answer = server.answer(command);
      EXPECT_EQ(answer.rfind(expected, 0), 0u) << command << " -> " << answer;
      EXPECT_EQ(answer.find('\n'), answer.size() - 2) << "one line then the empty line: " << answer;
    }
    EXPECT_EQ(server.answer("protocol_version"), "= 1\n\n");
  }
}

// The lockstep: the engine through the protocol against engine::Game, ply by ply.
void lockstep(const std::shared_ptr<EngineSession>& remote, const Rules& rules, std::uint64_t seed, int plies) {
  std::mt19937_64 random(seed);
  engine::Game local(rules, engine::opening_position(rules));
  RemoteGame game(remote, rules, engine::opening_position(rules));
  for (int i = 0; i < plies && local.status() == Status::playing; ++i) {
    const std::vector<hoyito::Move> legal = local.legal_moves();
    ASSERT_EQ(game.legal_moves(), legal) << "ply " << i;
    const hoyito::Move ply = legal[random() % legal.size()];
    const Ply expected = local.play(ply);
    const Ply got = game.play(ply);
    ASSERT_EQ(got, expected) << "ply " << i << " " << move_text(ply, rules.holes_per_row);
    ASSERT_EQ(game.result(), local.result());
    ASSERT_EQ(game.plies_played(), local.plies_played());
  }
}

TEST(RemoteGame, ServeOfEngineAndModelPlaysAsTheEngineDoes) {
  int plies = 0;
  for (const char* impl : {"engine", "model"}) {
    auto remote = session(kHoyito + " serve --impl " + impl);
    EXPECT_EQ(remote->info().name, std::string("hoyito-") + impl);
    for (const Variant v : {Variant::hoyito1, Variant::hoyito2, Variant::hoyito3})
      for (const int n : {6, 12}) {
        Rules rules;
        rules.variant = v, rules.holes_per_row = n;
        lockstep(remote, rules, 2026 + plies, 60);
        plies += 60;
      }
    EXPECT_EQ(remote->restarts(), 0);
  }
  EXPECT_GE(plies, 600);
}

// Copies share one process; each keeps its own game (perft copies the game at every node).
TEST(RemoteGame, CopiesShareOneProcessAndPerftAgrees) {
  auto remote = session(kHoyito + " serve");
  const EngineScope scope(remote);
  Rules rules;
  const RemoteGame game(rules, engine::opening_position(rules));
  const engine::Game local(rules, engine::opening_position(rules));
  EXPECT_EQ(perft(game, 3), perft(local, 3));  // the harness's perft, by copies
  EXPECT_EQ(game.perft(4), perft(local, 4));   // the engine's own
  EXPECT_EQ(game.divide(2), perft_divide(local, 2));
  RemoteGame a = game, b = game;
  a.play(a.legal_moves().front());
  b.play(b.legal_moves().back());
  EXPECT_NE(a.position(), b.position());
  EXPECT_EQ(a.legal_moves().size(), engine::Game(rules, a.position()).legal_moves().size());
}

TEST(RemoteGame, RefusalsComeBackAsTheInTreeGamesThrowThem) {
  auto remote = session(kHoyito + " serve");
  Rules rules;
  RemoteGame game(remote, rules, engine::opening_position(rules));
  try {
    game.play(hoyito::Move::at(6));  // North's hole, South to move
    ADD_FAILURE();
  } catch (const EngineRefusal& e) {
    EXPECT_EQ(e.reason, Reason::illegal);
    EXPECT_EQ(e.refusal, Refusal::illegal);
    EXPECT_NE(std::string(e.what()).find("play A"), std::string::npos) << e.what();
  }
  EXPECT_EQ(game.plies_played(), 0);
  Rules tiny = rules;
  set_option(tiny, "ply_limit", "1");
  RemoteGame over(remote, tiny, engine::opening_position(tiny));
  over.play(hoyito::Move::at(0));
  EXPECT_EQ(over.status(), Status::unterminated);
  try {
    over.play(hoyito::Move::at(6));
    ADD_FAILURE();
  } catch (const EngineRefusal& e) {
    EXPECT_EQ(e.reason, Reason::game_over);
    EXPECT_EQ(e.refusal, Refusal::game_over);
  }
}

bool process_gone(pid_t pid) { return ::kill(pid, 0) != 0 && errno == ESRCH; }

// A fake engine: the failure must be one EngineFailure naming `legal` and containing `expected`;
// the session restarts the process, and the old one is gone.
void expect_failure(const std::string& mode, const std::string& expected, int timeout_ms = 500) {
  auto remote = session(kFake + " " + mode, timeout_ms);
  Rules rules;
  RemoteGame game(remote, rules, engine::opening_position(rules));
  try {
    game.legal_moves();
    ADD_FAILURE() << mode << ": no failure";
  } catch (const EngineFailure& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
    EXPECT_NE(what.find(": legal: "), std::string::npos) << what;
    EXPECT_NE(what.find(expected), std::string::npos) << what;
    EXPECT_NE(what.find("(at rules hoyito2 6 4 position board=4,4,4"), std::string::npos) << what;
  }
  EXPECT_EQ(remote->restarts(), 1);
}

TEST(FakeEngines, HangIsKilledAfterTheTimeout) {
  const auto begin = std::chrono::steady_clock::now();
  expect_failure("hang", "no response in time within 500 ms: killed");
  EXPECT_LT(std::chrono::steady_clock::now() - begin, std::chrono::seconds(5));
}

TEST(FakeEngines, HungProcessGroupIsGone) {
  pid_t pid = 0;
  {
    Subprocess process(kFake + " hang", "");
    pid = process.pid();
    process.write("legal\n", Subprocess::Clock::now() + std::chrono::seconds(1));
    char buffer[16];
    EXPECT_THROW(process.read(buffer, sizeof buffer, Subprocess::Clock::now() + std::chrono::milliseconds(200)),
                 SubprocessTimeout);
  }
  EXPECT_TRUE(process_gone(pid));
  // Nothing of its group left either (python3 under sh -c): killed at once, then reaped by init,
  // which takes a moment.
  bool group_gone = false;
  for (int i = 0; i < 200 && !group_gone; ++i) {
    group_gone = ::killpg(pid, 0) != 0;
    if (!group_gone) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_TRUE(group_gone);
}

TEST(FakeEngines, CrashIsReportedWithItsExitStatus) { expect_failure("crash", "exited with status 3"); }

TEST(FakeEngines, GarbageIsOneLineNamingTheCommand) { expect_failure("garbage", "starts with neither '=' nor '?'"); }

long resident_kb() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  return 0;
}

TEST(FakeEngines, EndlessLineIsBoundedInMemory) {
  const long before = resident_kb();
  expect_failure("endless", "a response line longer than 65536 bytes", 5000);
  EXPECT_LT(resident_kb() - before, 20 * 1024) << "kB grown";
}

TEST(FakeEngines, SlowEngineIsWaitedForWithinItsTimeout) {
  auto remote = session(kFake + " slow", 2000);
  Rules rules;
  RemoteGame game(remote, rules, engine::opening_position(rules));
  EXPECT_EQ(game.legal_moves(), (hoyito::testing::holes({0, 1, 2, 3, 4, 5})));
  EXPECT_EQ(remote->restarts(), 0);
}

// The liar says "no legal move" where a player must pass: lockstep from such a position finds it.
TEST(FakeEngines, LiarAboutOneRuleIsCaughtInLockstep) {
  Rules rules;
  std::optional<Position> must_pass;
  for (std::uint64_t seed = 1; !must_pass && seed < 5000; ++seed) {
    std::mt19937_64 random(seed);
    engine::Game game(rules, engine::opening_position(rules));
    while (game.status() == Status::playing && !must_pass) {
      const std::vector<hoyito::Move> legal = game.legal_moves();
      if (legal == std::vector<hoyito::Move>{hoyito::Move::pass()}) must_pass = game.position();
      game.play(legal[random() % legal.size()]);
    }
  }
  ASSERT_TRUE(must_pass.has_value());
  auto liar = session(kFake + " liar " + kHoyito);
  RemoteGame game(liar, rules, *must_pass);
  EXPECT_EQ(engine::Game(rules, *must_pass).legal_moves(), std::vector<hoyito::Move>{hoyito::Move::pass()});
  EXPECT_EQ(game.legal_moves(), std::vector<hoyito::Move>{});  // the lie, seen
}

}  // namespace
}  // namespace hoyito
