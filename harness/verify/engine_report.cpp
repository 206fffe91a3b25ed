// The end of a `verify --engine` run (harness/verify/engine_verify.h): the classes of
// disagreement, each once, with its rules, what differs and its smallest example; the files
// (OUT/class-N.json, OUT/disagreements.jsonl, --json, --junit, --write-expect); the verdict.
// And --class: one class's stored examples replayed.
#include <algorithm>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "harness/base/escape.h"
#include "harness/base/interrupt.h"
#include "harness/verify/engine_expect.h"
#include "harness/verify/engine_under_test.h"
#include "harness/verify/engine_verify_run.h"
#include "io/engine_protocol.h"
#include "io/output.h"
#include "io/record.h"

namespace hoyito {

namespace json = boost::json;

namespace {

std::string case_words(const Disagreement& d) {
  return fmt::format("{} 2x{}, {} seeds on the board, {} move(s) from {}: {}", variant_name(d.rules.variant),
                     d.rules.holes_per_row, board_seeds(d.start), d.moves.size(), protocol::format_position(d.start),
                     moves_text(d.moves, d.rules.holes_per_row));
}

// The class's measures in words: the sowings concerned, the seeds lost.
std::string measures(const DisagreementClass& c) {
  std::vector<std::string> parts;
  if (c.most_laps > 1) {
    parts.push_back(c.least_laps == c.most_laps ? fmt::format("a sowing of {} laps", c.most_laps)
                                                : fmt::format("sowings of {} to {} laps", c.least_laps, c.most_laps));
    if (c.first.shape.find("long-relay") != std::string::npos)
      parts.push_back(
          fmt::format("the longest sowing the engine played alike: {} laps", longest_sowing_played_alike()));
  }
  if (c.most_missing > 0)
    parts.push_back(c.least_missing == c.most_missing
                        ? fmt::format("{} seeds lost", c.most_missing)
                        : fmt::format("{} to {} seeds lost", std::max(1, c.least_missing), c.most_missing));
  return fmt::format("{}", fmt::join(parts, "; "));
}

void print_class(const EngineRun& run, const DisagreementClass& c) {
  const ClassExample& small = *c.smallest;
  run.r.line(fmt::format("\nclass {} {}: {}, {} disagreement(s), first in {}", c.number, c.first.class_id,
                         c.known ? "KNOWN" : "NEW", c.count, c.examples.front().where));
  run.r.line("  " + c.first.words);
  run.r.line("  rules: " + rules_text(c.first.rules, ", "));
  if (c.known) run.r.line("  known difference: " + *c.known);
  if (const std::string m = measures(c); !m.empty()) run.r.line("  " + m);
  run.r.line(fmt::format("  smallest example{}: {}", c.shrunk ? " (shrunk)" : "", case_words(small.small)));
  for (const std::string& line : small.diagnosis.differences) run.r.line("    " + line);
  if (!c.file.empty()) run.r.line("  reproduce: " + run.replay_command(c.file));
}

json::object transcript_of(const EngineRun& run, const ClassExample& e, const std::string& file) {
  json::object t = disagreement_to_json(e.found, e.small, run.replay_command(file), run.o.seed);
  const EngineInfo& info = run.sessions.front()->info();
  t["engine_program"] = {{"name", info.name}, {"version", info.version}, {"command", run.o.command}};
  return t;
}

json::object class_to_json(const EngineRun& run, const DisagreementClass& c) {
  json::array rules, differences;
  for (RuleId r : c.first.rules) rules.emplace_back(rule_text(r));
  for (const std::string& line : c.smallest->diagnosis.differences) differences.emplace_back(line);
  const Disagreement& s = c.smallest->small;
  return {{"number", c.number},
          {"id", c.first.class_id},
          {"words", c.first.words},
          {"rules", rules},
          {"count", c.count},
          {"known", c.known ? json::value(*c.known) : json::value(nullptr)},
          {"first_found", c.examples.front().where},
          {"laps", json::array{c.least_laps, c.most_laps}},
          {"seeds_lost", json::array{std::max(0, c.least_missing), std::max(0, c.most_missing)}},
          {"smallest",
           {{"where", c.smallest->where},
            {"shrunk", c.shrunk},
            {"rules", to_json(s.rules)},
            {"start", to_json(s.start)},
            {"moves", move_names(s.moves, s.rules.holes_per_row)},
            {"differences", differences}}},
          {"file", c.file.empty() ? json::value(nullptr) : json::value(c.file)},
          {"reproduce", c.file.empty() ? json::value(nullptr) : json::value(run.replay_command(c.file))}};
}

// OUT/class-N.json for each class (its smallest example) and OUT/disagreements.jsonl: the first
// examples of each class, then a line per class with its count.
void write_class_files(EngineRun& run, std::vector<DisagreementClass>& classes) {
  std::string lines;
  for (DisagreementClass& c : classes) {
    c.file = fmt::format("{}/class-{}.json", run.o.out, c.number);
    write_whole_file(c.file, json::serialize(transcript_of(run, *c.smallest, c.file)) + "\n");
    run.book.set_file(c.number, c.file);
    for (std::size_t i = 0; i < c.examples.size(); ++i)
      lines += json::serialize(json::object{{"kind", "example"},
                                            {"class", c.first.class_id},
                                            {"example", i + 1},
                                            {"where", c.examples[i].where},
                                            {"transcript", transcript_of(run, c.examples[i], c.file)}}) +
               "\n";
  }
  for (const DisagreementClass& c : classes) {
    json::object o = class_to_json(run, c);
    o["kind"] = "class";
    lines += json::serialize(o) + "\n";
  }
  write_whole_file(run.o.out + "/disagreements.jsonl", lines);
}

std::vector<std::string> stale_classes(const EngineRun& run, const std::vector<DisagreementClass>& classes) {
  std::set<std::string> seen;
  for (const DisagreementClass& c : classes) seen.insert(c.first.class_id);
  std::vector<std::string> stale;
  for (const auto& [id, reason] : run.known)
    if (!seen.count(id)) stale.push_back(id);
  return stale;
}

// What the run left out, for "PASS (partial: ...)".
std::vector<std::string> left_out(const EngineRun& run) {
  std::vector<std::string> out;
  if (run.skipped > 0)
    out.push_back(fmt::format("{} thing(s) the engine does not support skipped", run.skipped.load()));
  if (!run.o.skip.empty()) out.push_back(fmt::format("--skip {}", fmt::join(run.o.skip, ",")));
  if (!run.o.variant.empty()) out.push_back("--variant " + run.o.variant);
  if (run.o.holes != 0) out.push_back(fmt::format("--holes {}", run.o.holes));
  if (!run.o.config.empty()) out.push_back("--config " + run.o.config);
  if (run.o.game >= 0) out.push_back(fmt::format("--game {}", run.o.game));
  if (run.o.seconds > 0 && run.clock.seconds() >= run.o.seconds) out.push_back("--seconds cut the run short");
  return out;
}

struct Verdict {
  std::string word;  // pass, pass_known, fail, interrupted
  int exit_code = 0;
  std::string line;
};

Verdict verdict_of(const EngineRun& run, const std::vector<DisagreementClass>& classes,
                   const std::vector<std::string>& stale, double seconds) {
  const long unknown = std::count_if(classes.begin(), classes.end(), [](const auto& c) { return !c.known; });
  const int other = run.failures + run.engine_failures;
  const std::vector<std::string> partial = left_out(run);
  const std::string partial_note = partial.empty() ? "" : fmt::format(" (partial: {})", fmt::join(partial, "; "));
  if (interrupted())
    return {"interrupted", unknown + other > 0 ? 1 : 0,
            fmt::format("INTERRUPTED{} after {:.1f} s", interrupt_note(), seconds)};
  if (unknown > 0 || other > 0 || run.checked == 0 || (run.o.fail_stale && !stale.empty())) {
    std::vector<std::string> why;
    if (unknown > 0) why.push_back(fmt::format("{} new class(es) of disagreement", unknown));
    if (run.failures > 0) why.push_back(fmt::format("{} other failure(s)", run.failures.load()));
    if (run.engine_failures > 0) why.push_back(fmt::format("{} engine failure(s)", run.engine_failures.load()));
    if (run.checked == 0) why.push_back("nothing was checked");
    if (run.o.fail_stale && !stale.empty())
      why.push_back(fmt::format("stale: {} known class(es) no longer occur", stale.size()));
    return {"fail", 1,
            fmt::format("FAIL: {}{}, {:.1f} s (output in {})", fmt::join(why, ", "), partial_note, seconds, run.o.out)};
  }
  if (!classes.empty())
    return {"pass_known", 0,
            fmt::format("PASS with known differences: {} disagreement(s), all in {} known class(es){}, {:.1f} s "
                        "(output in {})",
                        run.disagreements.load(), classes.size(), partial_note, seconds, run.o.out)};
  return {
      "pass", 0,
      fmt::format("PASS{}: no disagreement in what ran, {:.1f} s (output in {})", partial_note, seconds, run.o.out)};
}

void write_json_result(const EngineRun& run, const std::vector<DisagreementClass>& classes,
                       const std::vector<std::string>& stale, const Verdict& v, double seconds) {
  const EngineInfo& info = run.sessions.front()->info();
  json::array checks, list, stale_list;
  for (const CheckSummary& s : run.summaries)
    checks.push_back({{"name", s.name},
                      {"checked", s.checked},
                      {"skipped", s.skipped},
                      {"disagreements", s.disagreements},
                      {"failures", s.failures},
                      {"seconds", s.seconds}});
  for (const DisagreementClass& c : classes) list.push_back(class_to_json(run, c));
  for (const std::string& id : stale) stale_list.emplace_back(id);
  const json::object o{{"format", "hoyito-engine-verify/1"},
                       {"engine", {{"name", info.name}, {"version", info.version}, {"command", run.o.command}}},
                       {"seed", run.o.seed},
                       {"games", run.o.games},
                       {"checks", checks},
                       {"checked", run.checked.load()},
                       {"skipped", run.skipped.load()},
                       {"disagreements", run.disagreements.load()},
                       {"failures", run.failures.load()},
                       {"engine_failures", run.engine_failures.load()},
                       {"classes", list},
                       {"stale", stale_list},
                       {"verdict", v.word},
                       {"exit_code", v.exit_code},
                       {"seconds", seconds}};
  write_whole_file(run.o.json, json::serialize(o) + "\n");
}

std::string junit_case(const std::string& name, const std::string& failure, const std::string& out) {
  std::string xml = fmt::format("    <testcase classname=\"hoyito.verify.engine\" name=\"{}\">\n", xml_escape(name));
  if (!failure.empty()) xml += fmt::format("      <failure message=\"{}\"/>\n", xml_escape(failure));
  if (!out.empty()) xml += fmt::format("      <system-out>{}</system-out>\n", xml_escape(out));
  return xml + "    </testcase>\n";
}

void write_junit(const EngineRun& run, const std::vector<DisagreementClass>& classes,
                 const std::vector<std::string>& stale, double seconds) {
  std::string cases;
  int failures = 0, tests = 0;
  for (const CheckSummary& s : run.summaries) {
    ++tests;
    failures += s.failures > 0;
    cases += junit_case(s.name, s.failures > 0 ? fmt::format("{} failure(s)", s.failures) : "", s.line);
  }
  for (const DisagreementClass& c : classes) {
    ++tests;
    failures += !c.known;
    const std::string text = fmt::format("{} ({} disagreement(s)); rules {}; reproduce: {}", c.first.words, c.count,
                                         rules_text(c.first.rules, ", "), run.replay_command(c.file));
    cases += junit_case("class " + c.first.class_id, c.known ? "" : text, c.known ? "known: " + *c.known : text);
  }
  if (run.o.fail_stale)
    for (const std::string& id : stale) {
      ++tests, ++failures;
      cases += junit_case("stale " + id, "an accepted class that no longer occurs", "");
    }
  write_whole_file(run.o.junit,
                   fmt::format("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n  <testsuite name=\"hoyito "
                               "verify --engine\" tests=\"{}\" failures=\"{}\" time=\"{:.3f}\">\n{}  </testsuite>\n"
                               "</testsuites>\n",
                               tests, failures, seconds, cases));
}

}  // namespace

int engine_verdict(EngineRun& run) {
  const double seconds = run.clock.seconds();
  for (const DisagreementClass& c : run.book.classes())
    if (auto k = run.known.find(c.first.class_id); k != run.known.end()) run.book.set_known(c.number, k->second);
  std::vector<DisagreementClass> classes = run.book.classes();
  write_class_files(run, classes);
  const EngineInfo& info = run.sessions.front()->info();
  run.r.line(
      fmt::format("\nengine {} {}: {} things checked, {} skipped (not supported), {} disagreement(s) in {} "
                  "class(es), {} other failure(s), {} engine failure(s)",
                  info.name, info.version, run.checked.load(), run.skipped.load(), run.disagreements.load(),
                  classes.size(), run.failures.load(), run.engine_failures.load()));
  for (const DisagreementClass& c : classes)
    if (!c.known) print_class(run, c);
  for (const DisagreementClass& c : classes)  // accepted by --expect: one line each
    if (c.known)
      run.r.line(fmt::format("\nknown class {} {}: {} disagreement(s); {}; reproduce: {}", c.number, c.first.class_id,
                             c.count, *c.known, run.replay_command(c.file)));
  const std::vector<std::string> stale = stale_classes(run, classes);
  for (const std::string& id : stale)
    run.r.line(fmt::format("\nknown class {} no longer occurs{}", id, run.o.fail_stale ? ": FAIL (stale)" : ""));
  if (!classes.empty()) run.r.line(fmt::format("\nevery disagreement, by class: {}/disagreements.jsonl", run.o.out));
  const Verdict v = verdict_of(run, classes, stale, seconds);
  if (!run.o.json.empty()) write_json_result(run, classes, stale, v, seconds);
  if (!run.o.junit.empty()) write_junit(run, classes, stale, seconds);
  if (!run.o.write_expect.empty()) {
    write_expect_file(run.o.write_expect, classes, info.name + " " + info.version);
    run.r.line(fmt::format("the classes of this run written to {} (say why each is known)", run.o.write_expect));
  }
  run.r.line("\n" + v.line);
  return v.exit_code;
}

}  // namespace hoyito
