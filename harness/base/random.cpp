#include "harness/base/random.h"

namespace hoyito {

std::uint64_t game_seed(std::uint64_t seed, std::uint64_t index) {
  SplitMix64 mix{seed ^ (index * 0xd1b54a32d192ed03ULL)};
  return mix.next();
}

}  // namespace hoyito
