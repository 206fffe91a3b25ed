// The commands of the `hoyito` program, one function each; main.cpp parses the command line.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/game.h"

namespace hoyito {

struct RulesArgs {
  std::string variant = "hoyito2";
  int holes = 6;
  int seeds_per_hole = 4;
  int round = 1;
  std::string previous_winner;
  std::vector<std::string> options;  // NAME=VALUE
};
Rules make_rules(const RulesArgs& args);  // throws InputError

struct RandomArgs {
  int games = 1;
  std::uint64_t seed = 1;
  std::string out;
};

struct ApplyArgs {
  std::string position;
  std::string moves;
};

struct VerifyArgs {
  int games = 2000;
  std::uint64_t seed = 2026;
  std::string out = "build/verify";
  std::string specs = HOYITO_SOURCE_DIR "/specs";
};

int command_rules(bool json);
int command_random(const RulesArgs& rules, const RandomArgs& args);
int command_apply(const RulesArgs& rules, const ApplyArgs& args);
int command_replay(const std::string& file);
int command_show(const std::string& file, int ply, int record);
int command_verify(const VerifyArgs& args);

// The board as text: North on top (seen from South, so F..A), South below (a..f).
std::string board_text(const Position& position, int holes_per_row);

}  // namespace hoyito
