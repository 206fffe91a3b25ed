// What `hoyito merge` checks of a shard beyond its fields' types and ranges (statistics.h reads
// those): the identities every count of one run obeys, and the document's top-level fields. A
// shard edited by hand or damaged (South's wins raised, a length above the ply limit, a field of
// another format) is refused with one line naming the file and the identity, rather than merged
// into figures that contradict themselves.
#pragma once

#include <string>

#include <boost/json.hpp>

#include "core/rules.h"
#include "harness/simulate/statistics.h"

namespace hoyito {

// Throws InputError "WHERE: IDENTITY: ..." at the first identity `s` breaks, for a run under `rules`:
// outcomes (by seat, by opening, by round) sum to games; each histogram's bins sum to its total,
// its maximum lies in its bins and within the rules (a game's length at most ply_limit); per-ply
// counts within the plies; sampled counts within what was sampled; match winners sum to matches.
void check_count_identities(const Statistics& s, const Rules& rules, const std::string& where);

// Throws InputError naming the first top-level field that a simulation document does not have
// (specs/simulation.schema.json).
void check_top_level_fields(const boost::json::object& doc, const std::string& file);

}  // namespace hoyito
