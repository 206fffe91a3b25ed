// Disagreement transcripts (format "hoyito-disagreement/1"): what model and engine showed where
// they parted, written as a self-contained JSON file and read back. Finding, shrinking and
// replaying disagreements is harness/verify/differential.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <boost/json.hpp>

#include "core/game.h"

namespace hoyito {

// What one implementation showed at the ply where the two parted.
struct Side {
  std::vector<Move> legal;
  std::optional<Ply> ply;          // absent when the ply was refused
  std::string error;               // the refusal, if any
  std::optional<Refusal> refusal;  // its reason, when a ply was refused (not written: a replay plays it again)
  Result result;
};

struct Disagreement {
  Rules rules;
  Position start;
  std::vector<Move> moves;  // from `start`, up to and including the first differing ply
  std::string field;        // legal, error, refusal, events, after, result (and the paths' own)
  Side model, engine;
};

// JSON transcript (format "hoyito-disagreement/1") and back.
boost::json::object disagreement_to_json(const Disagreement& original, const Disagreement& shrunk,
                                         const std::string& command, std::uint64_t seed);
// Writes the transcript to `path`, whole or not at all (a temporary name, then renamed); throws
// InputError naming the file and the reason when it cannot.
void write_transcript(const std::string& path, const Disagreement& original, const Disagreement& shrunk,
                      const std::string& command, std::uint64_t seed);
// One game of a transcript, as read back: the original (where "FILE:1") or its shrunk form
// (where "FILE:1.shrunk"). The sides' plies are not read: replaying the moves remakes them.
struct TranscriptCase {
  std::string where;
  Rules rules;
  Position start;
  std::vector<Move> moves;
  std::string field;  // the field written as differing ("?" when absent)
};
// True when `value` is a transcript (an object whose "format" is "hoyito-disagreement/1").
bool is_transcript(const boost::json::value& value);
// Reads a transcript: the original case, then the shrunk one when the file has it. Throws
// InputError naming `where` and the field ("d.json:1.shrunk.moves[2]: ...").
std::vector<TranscriptCase> read_transcript(const boost::json::value& transcript, const std::string& where);
// The moves as the notation writes them (hole letters, "pass").
boost::json::array move_names(const std::vector<Move>& moves, int n);
// What one side showed, as the transcript writes it.
boost::json::object side_to_json(const Side& s, int n);

}  // namespace hoyito
