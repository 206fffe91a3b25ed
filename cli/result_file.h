// The --json result files of perft, bench and replay (specs/command-result.schema.json).
#pragma once

#include <optional>

#include <boost/json.hpp>

#include "io/output.h"
#include "version.h"  // generated: HOYITO_VERSION, HOYITO_COMMIT

namespace hoyito {

// The fields every --json file of these commands starts with (specs/command-result.schema.json).
inline boost::json::object result_header(const char* format) {
  return {{"format", format}, {"version", HOYITO_VERSION}, {"commit", HOYITO_COMMIT}};
}

// `document` as the file `path`, or nothing when no --json was asked for.
inline void write_result(std::optional<WholeFile>& file, const boost::json::object& document) {
  if (!file) return;
  file->write(boost::json::serialize(document) + "\n");
  file->commit();
}

}  // namespace hoyito
