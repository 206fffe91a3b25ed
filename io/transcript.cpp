#include "io/transcript.h"

#include <utility>

#include <fmt/format.h>

#include "io/output.h"
#include "io/record.h"

namespace hoyito {

namespace json = boost::json;

// The moves as the notation writes them (hole letters, "pass").
json::array move_names(const std::vector<Move>& moves, int n) {
  json::array a;
  for (Move m : moves) a.push_back(json::string(move_text(m, n)));
  return a;
}

// What one side showed, as the transcript writes it.
json::object side_to_json(const Side& s, int n) {
  json::object o;
  o["legal"] = move_names(s.legal, n);
  if (s.ply)
    o["ply"] = to_json(*s.ply, n);
  else
    o["error"] = s.error;
  o["result"] = to_json(s.result);
  return o;
}

namespace {

json::object case_to_json(const Disagreement& d) {
  const int n = d.rules.holes_per_row;
  return json::object{{"rules", to_json(d.rules)},         {"start", to_json(d.start)},
                      {"moves", move_names(d.moves, n)},   {"field", d.field},
                      {"model", side_to_json(d.model, n)}, {"engine", side_to_json(d.engine, n)}};
}

}  // namespace

json::object disagreement_to_json(const Disagreement& original, const Disagreement& shrunk, const std::string& command,
                                  std::uint64_t seed) {
  json::object o = case_to_json(original);
  o["format"] = "hoyito-disagreement/1";
  o["seed"] = seed;
  o["command"] = command;
  o["shrunk"] = case_to_json(shrunk);
  return o;
}

void write_transcript(const std::string& path, const Disagreement& original, const Disagreement& shrunk,
                      const std::string& command, std::uint64_t seed) {
  write_whole_file(path, json::serialize(disagreement_to_json(original, shrunk, command, seed)) + "\n");
}

bool is_transcript(const json::value& value) {
  const json::object* o = value.if_object();
  return o && o->contains("format") && o->at("format") == "hoyito-disagreement/1";
}

std::vector<TranscriptCase> read_transcript(const json::value& transcript, const std::string& where) {
  if (!transcript.is_object()) throw InputError(fmt::format("{}: expected an object", where));
  const json::object& o = transcript.get_object();
  std::vector<TranscriptCase> cases;
  for (const char* part : {"", "shrunk"}) {
    const json::object* c = &o;
    TranscriptCase read;
    read.where = where;
    if (*part) {
      const json::value* s = o.if_contains(part);
      if (!s) continue;
      if (!s->is_object()) throw InputError(fmt::format("{}.shrunk: expected an object", where));
      c = &s->get_object();
      read.where = where + ".shrunk";
    }
    const std::string& at = read.where;
    auto need = [&](const char* key) -> const json::value& { return required_field(*c, key, at); };
    read.rules = rules_from_json(need("rules"), at + ".rules");
    read.start = position_from_json(need("start"), read.rules, at + ".start");
    const json::value& moves_value = need("moves");
    if (!moves_value.is_array()) throw InputError(fmt::format("{}.moves: expected an array", at));
    for (size_t i = 0; i < moves_value.get_array().size(); ++i) {
      const json::value& m = moves_value.get_array()[i];
      const std::string m_at = fmt::format("{}.moves[{}]", at, i);
      if (!m.is_string()) throw InputError(fmt::format("{}: expected a move", m_at));
      try {
        read.moves.push_back(parse_move(m.get_string(), read.rules.holes_per_row));
      } catch (const InputError& e) {
        throw InputError(fmt::format("{}: {}", m_at, e.what()));
      }
    }
    // A string, not the literal: GCC 12 at -O3 warns of a false -Wrestrict in assign(const char*).
    read.field = std::string("?");
    if (const json::value* f = c->if_contains("field")) {
      if (!f->is_string()) throw InputError(fmt::format("{}.field: expected a string", at));
      read.field = std::string(f->get_string());
    }
    cases.push_back(std::move(read));
  }
  return cases;
}

}  // namespace hoyito
