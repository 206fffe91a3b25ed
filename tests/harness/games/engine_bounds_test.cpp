// Untrusted engines, bounded (issue 32, item 7): what an engine writes is shown escaped, a
// response is read no further than its command's bound, its standard error log stops at
// kMostStderrLogBytes with one line saying so, and a command that cannot be run is bad input
// (EngineNotRunnable, exit 2), not an engine failure. The command-line side is
// tests/cli/engine_bounds.sh.
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "harness/base/subprocess.h"
#include "harness/games/engine_session.h"
#include "io/engine_protocol.h"

namespace hoyito {
namespace {

TEST(EngineText, EscapesEveryByteOutsidePrintableAscii) {
  // A terminal colour escape, a bell, Latin-1 e-acute and a byte no UTF-8 has: each as \xNN.
  EXPECT_EQ(protocol::escape_engine_text("fake-\xe9\xff\x1b[31m\x07-bytes"), "fake-\\xe9\\xff\\x1b[31m\\x07-bytes");
  EXPECT_EQ(protocol::escape_engine_text("\r\n\x7f"), "\\x0d\\x0a\\x7f");
  // Tabs separate words in the protocol: kept. Printable ASCII is unchanged.
  EXPECT_EQ(protocol::escape_engine_text("= a\tb ~!"), "= a\tb ~!");
}

TEST(ResponseBounds, EachCommandHasItsBound) {
  // specs/engine-protocol.md, "Bounds": one line for the commands answered in one line.
  for (const char* command : {"protocol_version", "legal", "play c", "playmoves a B", "state", "perft 5", "rules x"})
    EXPECT_EQ(protocol::most_response_lines(command), 1u) << command;
  EXPECT_EQ(protocol::most_response_lines("divide 3"), 64u);
  EXPECT_EQ(protocol::most_response_lines("supports"), 1000u);
  EXPECT_EQ(protocol::most_response_lines("events"), protocol::kMaxResponseLines);
}

TEST(ResponseBounds, ReadingStopsAtTheLinePastTheBound) {
  auto text = std::make_shared<std::string>("= a b\nsecond\nthird\n\n");
  auto at = std::make_shared<std::size_t>(0);
  protocol::LineReader reader([text, at](char* buffer, std::size_t size) {
    const std::size_t n = std::min<std::size_t>({size, 3, text->size() - *at});  // 3 bytes a read
    std::copy_n(text->data() + *at, n, buffer);
    *at += n;
    return n;
  });
  try {
    protocol::read_response_lines(reader, "legal", protocol::most_response_lines("legal"));
    FAIL() << "a two-line answer to legal was taken";
  } catch (const protocol::ProtocolError& e) {
    EXPECT_NE(std::string(e.what()).find("legal: a response longer than 1 line"), std::string::npos) << e.what();
  }
  EXPECT_EQ(reader.next("legal"), std::optional<std::string>("third"));  // the rest was not read
}

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream all;
  all << in.rdbuf();
  return all.str();
}

TEST(StderrLog, StopsAtItsBoundWithOneLine) {
  const std::string log = testing::TempDir() + "engine_bounds_stderr.log";
  std::filesystem::remove(log);
  const std::string cut =
      "[hoyito: this log reached 10 MiB: the rest of the engine's standard error was read and dropped]\n";
  {  // 30 MB of standard error, then one line on standard output: the child never blocks on its log
    Subprocess child("yes chatter | head -c 30000000 >&2; echo done", log);
    char buffer[16];
    const auto deadline = Subprocess::Clock::now() + std::chrono::seconds(60);
    std::string out;
    while (out.find('\n') == std::string::npos) {
      const std::size_t n = child.read(buffer, sizeof buffer, deadline);
      ASSERT_GT(n, 0u) << "the child ended before its answer: " << child.exit_text();
      out.append(buffer, n);
    }
    EXPECT_EQ(out, "done\n");
  }
  std::string written = read_all(log);
  ASSERT_EQ(written.size(), static_cast<std::size_t>(kMostStderrLogBytes) + 1 + cut.size());
  EXPECT_EQ(written.substr(written.size() - cut.size()), cut);
  EXPECT_EQ(written.find("[hoyito:"), written.size() - cut.size());  // one line, at the end
  {  // another child appending to the full log adds nothing
    Subprocess child("echo more >&2", log);
    child.finish(std::chrono::milliseconds(2000));
  }
  EXPECT_EQ(read_all(log).size(), written.size());
  std::filesystem::remove(log);
}

TEST(MissingEngine, IsBadInputNamingTheCommand) {
  for (const auto& [command, why] : std::vector<std::pair<std::string, std::string>>{
           {"no_such_engine_hoyito_test --fast", "exited with status 127 (command not found)"},
           {"true", "exited with status 0"},
           {"exit 5", "exited with status 5"}}) {
    EngineOptions options;
    options.command = command;
    try {
      EngineSession session(options);
      ADD_FAILURE() << command << ": started";
    } catch (const EngineNotRunnable& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("--engine '" + command + "': cannot be run: it " + why), std::string::npos) << what;
      EXPECT_NE(dynamic_cast<const InputError*>(&e), nullptr);  // exit 2 (cli/app.cpp)
    }
  }
}

}  // namespace
}  // namespace hoyito
