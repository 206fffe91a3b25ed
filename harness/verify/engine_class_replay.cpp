// `verify --engine CMD --class ID`: the examples of one class that an earlier run stored in
// OUT/disagreements.jsonl (harness/verify/engine_report.cpp), replayed on the engine and the
// model: whether the class is still there (after a fix, say).
#include <filesystem>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "harness/base/interrupt.h"
#include "harness/verify/diagnosis.h"
#include "harness/verify/engine_under_test.h"
#include "harness/verify/engine_verify_run.h"
#include "io/record.h"

namespace hoyito {

namespace {

struct StoredExample {
  std::string where;
  boost::json::value transcript;
};

std::string text_of(const boost::json::object& o, const char* key) {
  const boost::json::value* v = o.if_contains(key);
  return v && v->is_string() ? std::string(v->get_string()) : std::string();
}

// The stored examples of class `id`; every class id of the file into `ids`.
std::vector<StoredExample> stored_examples(const std::string& path, const std::string& id,
                                           std::vector<std::string>& ids) {
  std::vector<StoredExample> examples;
  for_each_json_document(path, [&](const JsonDocument& doc) {
    const boost::json::object* o = doc.value.if_object();
    if (!o) throw InputError(doc.where + ": not a line of verify --engine's disagreements.jsonl");
    if (text_of(*o, "kind") == "class") ids.push_back(text_of(*o, "id"));
    if (text_of(*o, "kind") == "example" && text_of(*o, "class") == id && o->if_contains("transcript"))
      examples.push_back({doc.where + " (" + text_of(*o, "where") + ")", o->at("transcript")});
    return true;
  });
  return examples;
}

// One example replayed: whether it is still a case of the class.
bool replay_example(const StoredExample& e, const std::string& id, Reporter& r) {
  const TranscriptCase c = read_transcript(e.transcript, e.where).back();  // the shrunk case when there is one
  const std::optional<Disagreement> d = compare_with_engine(c.rules, c.start, c.moves);
  if (!d) {
    r.line(fmt::format("{}: model and engine agree now", c.where));
    return false;
  }
  const Diagnosis x = diagnose(*d);
  r.line(fmt::format("{}: {} at ply {}{}", c.where, x.class_id, d->moves.size(),
                     x.class_id == id ? " (the same class)" : " (another class now)"));
  for (const std::string& line : x.differences) r.line("    " + line);
  return x.class_id == id;
}

}  // namespace

int engine_replay_class(const EngineVerifyOptions& o, Reporter& r) {
  const std::string path = o.out + "/disagreements.jsonl";
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error))
    throw InputError(
        fmt::format("--class {}: {} does not exist: run verify --engine with this --out first", o.only_class, path));
  std::vector<std::string> ids;
  const std::vector<StoredExample> examples = stored_examples(path, o.only_class, ids);
  if (examples.empty())
    throw InputError(fmt::format("--class {}: no such class in {} (its classes: {})", o.only_class, path,
                                 ids.empty() ? "none" : fmt::format("{}", fmt::join(ids, ", "))));
  const EngineScope scope(std::make_shared<EngineSession>(session_options(o)));
  int reproduced = 0;
  for (const StoredExample& e : examples) {
    if (interrupted()) break;
    reproduced += replay_example(e, o.only_class, r);
  }
  if (interrupted()) {
    r.line(fmt::format("INTERRUPTED{}", interrupt_note()));
    return reproduced > 0 ? 1 : 130;
  }
  if (reproduced > 0) {
    r.line(fmt::format("FAIL: class {} reproduced by {} of its {} stored example(s)", o.only_class, reproduced,
                       examples.size()));
    return 1;
  }
  r.line(fmt::format("PASS: class {} no longer reproduced by its {} stored example(s)", o.only_class, examples.size()));
  return 0;
}

}  // namespace hoyito
