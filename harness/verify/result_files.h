// A verify run's result for machines: `verify --json FILE` (specs/verify-result.schema.json,
// format "hoyito-verify-result/1") and `verify --junit FILE` (JUnit XML: a test case per check,
// one per lockstep configuration, and one for the rule-coverage gate, so that a CI system shows
// the run as tests; a failure names the disagreement files).
#pragma once

#include <string>

#include "harness/verify/verify.h"

namespace hoyito {

// The version and the commit recorded are VerifyOptions' (the program's: cli/verify.cpp).
std::string verify_result_json(const VerifyResult& result, const VerifyOptions& options);
std::string verify_result_junit(const VerifyResult& result, const VerifyOptions& options);

}  // namespace hoyito
