// The bench signature guards every change of engine behaviour (harness/bench/signature.h). After an
// intended rule change, run `build/release/hoyito bench`, check with `hoyito verify` that model
// and engine still agree, and put the new signature here (README "Bench signature").
#include <gtest/gtest.h>

#include "harness/bench/signature.h"

namespace {

constexpr std::uint64_t kExpectedSignature = 17676106780385117495ULL;

TEST(Bench, SignatureIsUnchanged) { EXPECT_EQ(hoyito::bench_signature(hoyito::kBenchGames), kExpectedSignature); }

TEST(Bench, SignatureDependsOnTheGames) {
  EXPECT_NE(hoyito::bench_signature(3), hoyito::bench_signature(4));
  EXPECT_EQ(hoyito::bench_signature(3), hoyito::bench_signature(3));
}

}  // namespace
