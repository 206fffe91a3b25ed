#include "harness/verify/result_files.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <boost/json.hpp>

#include "harness/base/escape.h"
#include "io/record.h"

namespace hoyito {

namespace json = boost::json;

namespace {

const char* state_name(CheckState state) {
  switch (state) {
    case CheckState::passed:
      return "passed";
    case CheckState::failed:
      return "failed";
    case CheckState::checked_nothing:
      return "checked_nothing";
    case CheckState::left_out:
      return "left_out";
  }
  return "left_out";
}

json::array strings(const std::vector<std::string>& items) {
  json::array a;
  for (const std::string& s : items) a.emplace_back(s);
  return a;
}

json::object options_json(const VerifyOptions& o) {
  json::object j;
  j["games"] = o.games;
  j["record_games"] = o.record_games;
  j["seconds"] = o.seconds > 0 ? json::value(o.seconds) : json::value(nullptr);
  j["threads"] = o.threads;
  j["variant"] = o.variant;
  j["holes"] = o.holes;
  j["config"] = o.config;
  j["game"] = o.game;
  j["full"] = o.full;
  j["skip"] = strings(o.skip);
  j["out"] = o.out;
  return j;
}

json::object configuration_json(const ConfigurationResult& c) {
  json::object j;
  j["name"] = c.name;
  j["rules"] = to_json(c.rules);  // the rules the check ran, carried by its result
  j["games_planned"] = c.games_planned;
  j["games_played"] = c.games_played;
  j["plies"] = c.plies;
  j["disagreements"] = c.disagreements;
  j["files"] = strings(c.files);
  return j;
}

struct TestCase {
  std::string classname, name;
  double seconds = 0;
  std::string failure;  // non-empty: failed, with this message
  std::string skipped;  // non-empty: skipped, with this message
};

std::string failure_text(int failures, const std::vector<std::string>& files) {
  if (files.empty()) return fmt::format("{} failure(s)", failures);
  return fmt::format("{} failure(s); disagreement files: {}", failures, fmt::join(files, ", "));
}

std::vector<TestCase> test_cases(const VerifyResult& result) {
  std::vector<TestCase> cases;
  for (const CheckOutcome& check : result.checks) {
    if (!check.result.configurations.empty()) {  // the lockstep check: a case per configuration
      const double each = check.seconds / static_cast<double>(check.result.configurations.size());
      for (const ConfigurationResult& c : check.result.configurations) {
        TestCase t{"verify." + check.name, c.name, each, "", ""};
        if (c.disagreements > 0)
          t.failure = failure_text(c.disagreements, c.files);
        else if (c.games_played == 0)
          t.skipped = "no game played (" + (check.reason.empty() ? "--seconds" : check.reason) + ")";
        cases.push_back(std::move(t));
      }
      continue;
    }
    TestCase t{"verify", check.name, check.seconds, "", ""};
    if (check.state == CheckState::failed) t.failure = failure_text(check.result.failures, check.result.files);
    if (check.state == CheckState::checked_nothing) t.failure = "checked nothing: " + check.reason;
    if (check.state == CheckState::left_out) t.skipped = check.reason;
    cases.push_back(std::move(t));
  }
  TestCase gate{"verify", "rule-coverage", 0, "", ""};
  if (!result.coverage_gate_applies)
    gate.skipped = result.coverage_gate_note;
  else if (result.rules_never_fired > 0)
    gate.failure = result.coverage_gate_note;
  if (!result.rule_counts.empty()) cases.push_back(gate);
  return cases;
}

}  // namespace

std::string verify_result_json(const VerifyResult& result, const VerifyOptions& options) {
  json::object j;
  j["format"] = "hoyito-verify-result/1";
  j["version"] = options.version;
  j["commit"] = options.commit;
  j["seed"] = options.seed;
  j["options"] = options_json(options);
  json::array checks;
  for (const CheckOutcome& c : result.checks) {
    json::object o;
    o["name"] = c.name;
    o["state"] = state_name(c.state);
    o["reason"] = c.reason;
    o["seconds"] = c.seconds;
    o["checked"] = c.result.checked;
    o["failures"] = c.result.failures;
    o["files"] = strings(c.result.files);
    json::array configurations;
    for (const ConfigurationResult& r : c.result.configurations) configurations.push_back(configuration_json(r));
    o["configurations"] = std::move(configurations);
    checks.push_back(std::move(o));
  }
  j["checks"] = std::move(checks);
  json::object counts;
  for (size_t i = 0; i < result.rule_counts.size(); ++i)
    counts[rule_text(static_cast<RuleId>(i))] = result.rule_counts[i];
  j["rule_coverage"] = json::object{{"counts", result.rule_counts.empty() ? json::value(nullptr) : json::value(counts)},
                                    {"gate_applies", result.coverage_gate_applies},
                                    {"note", result.coverage_gate_note},
                                    {"never_fired", result.rules_never_fired}};
  j["configurations_left_out"] = strings(result.configurations_left_out);
  j["verdict"] = result.verdict;
  j["exit_code"] = result.exit_code;
  j["seconds"] = result.seconds;
  return json::serialize(j);
}

std::string verify_result_junit(const VerifyResult& result, const VerifyOptions& options) {
  const std::vector<TestCase> cases = test_cases(result);
  int failures = 0, skipped = 0;
  for (const TestCase& t : cases) {
    failures += !t.failure.empty();
    skipped += !t.skipped.empty();
  }
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  const std::string counts = fmt::format("tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"{}\" time=\"{:.3f}\"",
                                         cases.size(), failures, skipped, result.seconds);
  out += fmt::format("<testsuites name=\"hoyito verify\" {}>\n", counts);
  out += fmt::format("  <testsuite name=\"hoyito verify --seed {}\" {}>\n", options.seed, counts);
  out += fmt::format(
      "    <properties><property name=\"version\" value=\"{}\"/><property name=\"commit\" value=\"{}\"/>"
      "<property name=\"verdict\" value=\"{}\"/></properties>\n",
      xml_escape(options.version), xml_escape(options.commit), xml_escape(result.verdict));
  for (const TestCase& t : cases) {
    out += fmt::format("    <testcase classname=\"{}\" name=\"{}\" time=\"{:.3f}\"", xml_escape(t.classname),
                       xml_escape(t.name), t.seconds);
    if (!t.failure.empty())
      out += fmt::format("><failure message=\"{}\"/></testcase>\n", xml_escape(t.failure));
    else if (!t.skipped.empty())
      out += fmt::format("><skipped message=\"{}\"/></testcase>\n", xml_escape(t.skipped));
    else
      out += "/>\n";
  }
  out += "  </testsuite>\n</testsuites>\n";
  return out;
}

}  // namespace hoyito
