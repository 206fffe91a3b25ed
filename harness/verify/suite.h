// `hoyito suite`: language-neutral conformance test vectors for any Hoyito engine
// (specs/suite.md): perft tables, seeded playthroughs, the hand-derived scenarios and positions
// with an endless move, and the hard positions (long and endless sowings, the last seeds, passes). Every number is
// computed by the reference model AND the engine; where they differ nothing is written (SuiteDisagreement), so a suite
// never ships a number that only one implementation vouches for.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <boost/json.hpp>

#include "core/game.h"

namespace hoyito {

inline constexpr int kSuiteVersion = 1;

// Model and engine gave different numbers for one entry of the suite: the message names it.
struct SuiteDisagreement : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct SuiteOptions {
  int depth = 4;             // perft counts at depths 1..depth
  std::uint64_t seed = 1;    // playthroughs, made-up positions and the endless search
  std::string specs_folder;  // scenarios/ and suite.md are read from here
  std::string generator;     // "hoyito VERSION (commit HASH)", written into suite.json
};

struct SuiteCounts {
  long configurations = 0, positions = 0, playthroughs = 0, plies = 0, scenarios = 0, endless = 0, hard = 0;
};

// One file of the suite: its name inside the suite folder and its text.
using SuiteFile = std::pair<std::string, std::string>;

struct Suite {
  std::vector<SuiteFile> files;
  SuiteCounts counts;
};

// The configuration's `rules` command of the engine protocol: "rules hoyito2 6 4 skip_origin=true"
// (options at their defaults are left out).
std::string protocol_rules_command(const Rules& rules);
// The state of a game as the suite writes it: board, captured, to_move, status, winner, plies.
boost::json::object suite_state(const Position& position, const Result& result, int plies);
// The document as JSON text with each element of its arrays on a line of its own.
std::string json_text(const boost::json::object& document);

boost::json::object perft_tables(const SuiteOptions& options, SuiteCounts& counts);         // suite_perft.cpp
boost::json::object playthroughs(const SuiteOptions& options, SuiteCounts& counts);         // suite_games.cpp
boost::json::object endless_positions(const SuiteOptions& options, SuiteCounts& counts);    // suite_endless.cpp
boost::json::object hard_positions_file(const SuiteOptions& options, SuiteCounts& counts);  // suite_hard.cpp

// Every file of the suite, in memory (throws SuiteDisagreement, InputError).
Suite build_suite(const SuiteOptions& options);
// Writes the files into `out` whole or not at all (write_command_folder: a folder beside it,
// swapped in at the end, with a .hoyito-output marker). Refuses an existing non-empty `out`
// unless `force`, and then unless it holds only an earlier suite. Throws OutputError.
void write_suite(const Suite& suite, const std::string& out, bool force);

}  // namespace hoyito
