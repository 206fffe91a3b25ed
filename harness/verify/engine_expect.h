// Expect files of `verify --engine --expect FILE`: the classes of disagreement that are known
// differences of an engine (harness/verify/diagnosis.h names them), each with its reason. A
// verdict is "PASS with known differences" when every disagreement falls in a class named here
// (specs/engine-expect.md).
//
//   # comment
//   CLASS-ID  REASON
//
// One class a line: its id (no spaces), then the reason, free text, required.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "harness/verify/disagreement_classes.h"

namespace hoyito {

// The classes named in `path`, id -> reason. Throws InputError naming the file, line and value.
std::map<std::string, std::string> read_expect_file(const std::string& path);

// An expect file naming `classes` (their words as the reason, to be edited), written whole.
void write_expect_file(const std::string& path, const std::vector<DisagreementClass>& classes,
                       const std::string& engine);

}  // namespace hoyito
