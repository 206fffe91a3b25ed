// `solve --verify` derives each layer again (issue 34, item 3 of the issue): a table whose layer 3
// is set to [0, 0] everywhere, its checksum made again, satisfies every move equation (derived
// below by hand) and must fail on the attractors' fixed point; a table whose only fault is one hi
// must be counted as a wrong hi (a verify that checked lo alone would count none).
// Would fail: a verify without the attractor derivation (the first test: 0 found), attractors that
// compute another fixed point (the whole table found wrong, not only layer 3's changed entries),
// a verify that checks only lo (the second test: hi_wrong 0).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>

#include "harness/games/endgame_table.h"
#include "harness/solve/solver.h"
#include "tests/harness/solve/endgame_brute.h"

namespace hoyito {
namespace {

namespace fs = std::filesystem;

// A copy of the table at `path` with `edit` applied to its bytes and the checksum (the last 8
// bytes, FNV-1a of every byte before them) made again, so that only the values can give it away.
std::string edited_copy(const std::string& path, const std::string& suffix,
                        const std::function<void(const EndgameTable&, std::string&)>& edit) {
  std::ifstream in(path, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  {
    const EndgameTable table(path);
    edit(table, bytes);
  }
  const std::size_t body = bytes.size() - kTableChecksumBytes;
  bytes.replace(body, kTableChecksumBytes, encode_table_checksum(fnv1a(bytes.data(), body)));
  const std::string out = path + suffix;
  std::ofstream(out, std::ios::binary) << bytes;
  return out;
}

const solve::LayerDone kQuiet = [](const solve::LayerReport&) {};

// Layer 3: no capture is possible (CAP-II-1 takes a hole of four), so its entries' moves are all
// links within the layer: lo = max(-hi(q)) and hi = max(-lo(q)), which [0, 0] everywhere meets.
// Nothing reads layer 3 from above up to K = 6: a capture takes four or more and one that leaves
// four or fewer seeds ends the game (END-1), so no capture exit leads into a layer below 5. So
// the equations hold at every entry of the edited table.
TEST(VerifyRederive, ALayerSetToAnotherFixedPointFails) {
  const std::string path = testing::solved_table(testing::rules_of(Variant::hoyito2), 6);
  std::uint64_t changed = 0;
  const std::string zeroed = edited_copy(path, ".zeroed", [&](const EndgameTable& table, std::string& bytes) {
    const TableLayer& layer = table.header().layers[3];
    for (std::uint64_t e = 0; e < layer.positions; ++e) {
      const TableValue v = table.entry(3, e);
      changed += v.lo != 0 || v.hi != 0;
      bytes[layer.offset + 2 * e] = bytes[layer.offset + 2 * e + 1] = 0;
    }
  });
  ASSERT_GT(changed, 0u) << "layer 3 was [0, 0] already: nothing to find";
  const solve::VerifyReport plain = solve::verify_table(zeroed, 1, kQuiet, false);
  EXPECT_TRUE(plain.checksum_ok);
  EXPECT_EQ(plain.inconsistent, 0u) << "the equations alone were to pass it: " << plain.first_bad;
  const solve::VerifyReport full = solve::verify_table(zeroed, 2, kQuiet);
  EXPECT_FALSE(full.ok());
  EXPECT_EQ(full.rederived_wrong, changed) << "exactly the entries changed are off the attractors' fixed point";
  EXPECT_NE(full.first_bad.find("layer 3:"), std::string::npos) << full.first_bad;
  EXPECT_TRUE(solve::verify_table(path, 2, kQuiet).ok()) << "the table as solved";
  fs::remove(zeroed);
}

TEST(VerifyRederive, AWrongHiAloneIsFound) {
  const std::string path = testing::solved_table(testing::rules_of(Variant::hoyito2), 6);
  const std::string raised = edited_copy(path, ".hi", [](const EndgameTable& table, std::string& bytes) {
    const TableLayer& layer = table.header().layers[6];
    std::uint64_t e = 0;
    while (table.entry(6, e).exact()) ++e;  // an interval: its hi raised by one, lo kept
    bytes[layer.offset + 2 * e + 1] = static_cast<char>(table.entry(6, e).hi + 1);
  });
  const solve::VerifyReport report = solve::verify_table(raised, 2, kQuiet);
  EXPECT_FALSE(report.ok());
  EXPECT_GE(report.hi_wrong, 1u) << "the raised hi was not counted as a wrong hi";
  fs::remove(raised);
}

}  // namespace
}  // namespace hoyito
