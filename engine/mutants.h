// Planted bugs (mutants) of the engine, for checking that the verification harness notices them.
//
// Build with -DHOYITO_MUTANT=K (CMake cache variable HOYITO_MUTANT; 0, the default, plants none).
// Engine code tests `#if HOYITO_MUTANT == K` at the place named below; every mutant is one
// small, plausible slip against one rule.
//
// | K | rule     | where                            | the bug                                              |
// |---|----------|----------------------------------|------------------------------------------------------|
// | 1 | CAP-II-2 | engine/sow.cpp, sow_relay, chain | the Hoyito II backward chain stops one hole early    |
// |   |          |                                  | (the last hole of a run of fours is not captured)    |
#pragma once

#ifndef HOYITO_MUTANT
#define HOYITO_MUTANT 0
#endif

namespace hoyito::engine {

struct MutantInfo {
  int number;
  const char* rule;
  const char* description;
};

inline constexpr MutantInfo kMutants[] = {
    {1, "CAP-II-2", "the Hoyito II backward chain stops one hole early (its last hole of four is not captured)"},
};

inline constexpr int kPlantedMutant = HOYITO_MUTANT;

}  // namespace hoyito::engine
