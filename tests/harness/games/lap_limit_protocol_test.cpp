// Q-LIMIT over the engine protocol (specs/engine-protocol.md), issue 33 item 2: `supports` lists
// `option lap_limit 1..10000000000000`; `rules ... lap_limit=N` is accepted for N = 10^13 and
// refused as invalid for 0 and 10^13 + 1, by the server of the engine and of the model alike;
// the client reads the range back and asks an engine for no limit it does not list.
#include <gtest/gtest.h>

#include <string>

#include "harness/games/serve.h"
#include "io/engine_protocol.h"

namespace hoyito {
namespace {

TEST(LapLimitProtocol, SupportsListsTheRangeToTenToThe13) {
  Server server(ServeImpl::engine, "test");
  const std::string caps = server.answer("supports");
  EXPECT_NE(caps.find("\noption lap_limit 1..10000000000000\n"), std::string::npos) << caps;
}

TEST(LapLimitProtocol, RulesAcceptTenToThe13AndRefuseZeroAndOneMore) {
  for (const ServeImpl impl : {ServeImpl::engine, ServeImpl::model}) {
    Server server(impl, "test");
    EXPECT_EQ(server.answer("rules hoyito2 12 4 lap_limit=10000000000000"), "=\n\n");
    // The endless move a of a small 2x6 position (first repeat at lap 61: tests/engine, model)
    // is decided under 2^32 + 60; a server that cut the guard to 32 bits would find it undecided.
    EXPECT_EQ(server.answer("rules hoyito2 6 4 lap_limit=4294967356"), "=\n\n");
    EXPECT_EQ(server.answer("position board=2,0,2,1,0,2,1,0,2,1,0,1 captured=16,20 to_move=south"), "=\n\n");
    EXPECT_EQ(server.answer("legal"), "= c d f\n\n");
    for (const char* bad : {"0", "10000000000001", "-1", "99999999999999999999"}) {
      const std::string answer = server.answer(std::string("rules hoyito2 6 4 lap_limit=") + bad);
      EXPECT_EQ(answer.rfind("? invalid", 0), 0u) << bad << " -> " << answer;
      EXPECT_NE(answer.find(bad), std::string::npos) << answer;
      EXPECT_EQ(answer.find('\n'), answer.size() - 2) << "one line then the empty line: " << answer;
    }
  }
}

TEST(LapLimitProtocol, TheClientAsksOnlyForAListedLimit) {
  const protocol::Capabilities full =
      protocol::parse_capabilities(protocol::format_capabilities(protocol::full_capabilities()), "supports");
  Rules rules;
  rules.options.lap_limit = 10'000'000'000'000;
  EXPECT_EQ(full.unsupported(rules), "");
  // An engine of the old range (an int): 10^13 is not among its values, 2 x 10^9 is.
  const protocol::Capabilities old =
      protocol::parse_capabilities({"variant hoyito2 6", "seeds 4..4", "option lap_limit 1..2000000000"}, "supports");
  EXPECT_EQ(old.unsupported(rules), "option lap_limit=10000000000000");
  rules.options.lap_limit = 2'000'000'000;
  EXPECT_EQ(old.unsupported(rules), "");
}

}  // namespace
}  // namespace hoyito
