#!/usr/bin/python3
"""The record reader (`hoyito replay`) and specs/game-record.schema.json (python3-jsonschema)
agree, both ways: every record `hoyito random` writes (with its origin), every record the
records check of `hoyito verify` writes and every record of docs/examples/ is accepted by both, and each bad case below is refused by both. The cases JSON Schema cannot
express (a repeated key, a syntax error, an impossible position) are the reader's alone and are
checked for its one-line message. Also: every scenario of specs/scenarios/ is valid against the
schema's scenario_file.

Usage: record_schema_test.py HOYITO SOURCE_DIR WORK_DIR"""
import copy
import json
import subprocess

import jsonschema

from schema_test import check, hoyito, load_schema, report, source, work

schema, records = load_schema("game-record.schema.json")
scenarios = jsonschema.Draft202012Validator({**schema, "$ref": "#/$defs/scenario_file"})


def replay(path):
    r = subprocess.run([hoyito, "replay", str(path)], capture_output=True, text=True, timeout=120)
    return r.returncode, r.stdout + r.stderr


# python3-jsonschema takes about 30 ms a ply of a record (a random 2x12 game of 5000 plies: two
# minutes), so the schema sees the records of at most this many plies; the reader sees them all.
kSchemaPlies = 600

# Good records: random games of every variant and size (2x12 with a ply limit of 300, so that
# the schema sees them), the records of verify's records check, and the examples.
good = []
for variant in ("hoyito1", "hoyito2", "hoyito3"):
    for holes, limit in (("6", []), ("12", ["--option", "ply_limit=300"])):
        out = work / f"random-{variant}-{holes}.jsonl"
        r = subprocess.run([hoyito, "random", "--variant", variant, "--holes", holes, "--games", "3", "--seed", "5",
                            *limit, "--out", str(out)], capture_output=True, text=True, timeout=120)
        check(r.returncode == 0, f"random {variant} {holes}: {r.stderr}")
        good += [(f"{out.name}:{i + 1}", json.loads(line)) for i, line in enumerate(out.read_text().splitlines())]
check(all("origin" in record for _, record in good), "a record of hoyito random without its origin")
# The records check of verify writes games-VARIANT-2xN.jsonl into --out.
r = subprocess.run([hoyito, "verify", "--skip", "scenarios,limits,lockstep,matches", "--record-games", "2",
                    "--out", str(work / "verify")], capture_output=True, text=True, timeout=300)
check(r.returncode == 0, f"verify records check: {r.stdout[-300:]}")
verify_files = sorted((work / "verify").glob("games-*.jsonl"))
check(len(verify_files) == 6, f"verify wrote {len(verify_files)} record files")
for path in verify_files:
    good += [(f"{path.name}:{i + 1}", json.loads(line)) for i, line in enumerate(path.read_text().splitlines())]
for example in sorted((source / "docs/examples").glob("*.json")):
    value = json.loads(example.read_text())
    if value.get("format") == "hoyito-game/1":
        good.append((example.name, value))
schema_checked = [name for name, record in good if len(record["plies"]) <= kSchemaPlies]
check(len(schema_checked) >= 30, f"only {len(schema_checked)} good records of at most {kSchemaPlies} plies")
for name, record in good:
    if len(record["plies"]) <= kSchemaPlies:
        errors = list(records.iter_errors(record))
        check(not errors, f"{name}: the schema refuses a record the program wrote: {errors[:1]}")
    path = work / "good.json"
    path.write_text(json.dumps(record))
    code, text = replay(path)
    check(code == 0, f"{name}: the reader refuses a good record: {text}")

base = next(record for name, record in good if record["plies"] and "origin" in record)


def bad(name, mutate):
    record = copy.deepcopy(base)
    mutate(record)
    return name, record


cases = [
    bad("an unknown field in a ply", lambda r: r["plies"][0].update(extra=1)),
    bad("ply_limit as a string", lambda r: r["rules"]["options"].update(ply_limit="5000")),
    bad("skip_origin as a string", lambda r: r["rules"]["options"].update(skip_origin="false")),
    bad("an unknown option", lambda r: r["rules"]["options"].update(colour="red")),
    bad("an unknown option value", lambda r: r["rules"]["options"].update(endless_sowing="maybe")),
    bad("an unknown top-level field", lambda r: r.update(comment="x")),
    bad("an unknown field in the result", lambda r: r["result"].update(score=1)),
    bad("an unknown field in a position", lambda r: r["start"].update(hash=1)),
    bad("a missing result", lambda r: r.pop("result")),
    bad("a missing ply field", lambda r: r["plies"][0].pop("events")),
    bad("a negative count", lambda r: r["start"]["board"].__setitem__(0, -4)),
    bad("a board of 13 holes", lambda r: r["start"]["board"].append(0)),
    bad("a move that is no hole", lambda r: r["plies"][0].update(move="z")),
    bad("an unknown event", lambda r: r["plies"][0]["events"][0].update(event="jump")),
    bad("an unknown status", lambda r: r["result"].update(status="over")),
    bad("the wrong format", lambda r: r.update(format="hoyito-game/2")),
    bad("a rule ID that is none", lambda r: r["plies"][0]["events"][0].update(rule="SOW-99")),
    bad("a string as the number of holes", lambda r: r["rules"].update(holes_per_row="6")),
    bad("an unknown field in the origin", lambda r: r["origin"].update(machine="x")),
    bad("the origin's seed as a string", lambda r: r["origin"].update(seed="5")),
    bad("a negative origin index", lambda r: r["origin"].update(index=-1)),
    bad("an origin of another command", lambda r: r["origin"].update(command="apply")),
    bad("an origin without its index", lambda r: r["origin"].pop("index")),
]
for name, record in cases:
    check(list(records.iter_errors(record)), f"{name}: the schema accepts it")
    path = work / "bad.json"
    path.write_text(json.dumps(record))
    code, text = replay(path)
    check(code == 2 and text.count("\n") == 1, f"{name}: the reader gives exit {code}: {text[:300]}")

# The reader's alone: what JSON Schema cannot say. One line, exit 2, naming the place.
text_cases = [
    ("a repeated key", json.dumps(base).replace('"format": "hoyito-game/1"',
                                                '"format": "hoyito-game/1", "format": "hoyito-game/1"', 1),
     ["duplicate key \"format\"", "line 1, column"]),
    ("a syntax error", '{\n  "format": "hoyito-game/1",\n  "rules": {,}\n}\n', ["line 3, column 13"]),
]
empty = copy.deepcopy(base)
empty["start"]["board"] = [0] * len(empty["start"]["board"])
empty["start"]["captured"] = [24, 24] if len(empty["start"]["board"]) == 12 else [48, 48]
text_cases.append(("an empty board with the game going on", json.dumps(empty), ["start", "empty", "END-1"]))
odd = copy.deepcopy(base)
odd["plies"][0]["after"]["captured"][0] += 1
odd["plies"][0]["after"]["board"][odd["plies"][0]["hole"] or 0] -= 0
board = odd["plies"][0]["after"]["board"]
board[board.index(max(board))] -= 1
text_cases.append(("a capture of other than four, the game going on", json.dumps(odd),
                   ["plies[0].after.captured[0]", "fours"]))
big = copy.deepcopy(base)
# A value of 10 MB, under the 12 MB bound of one record (specs/game-record.md) so that the reader
# parses it: the error line quotes it cut short.
big["result"]["status"] = "x" * 10_000_000
text_cases.append(("a 10 MB string", json.dumps(big), ["result.status", "..."]))
for name, text, fragments in text_cases:
    path = work / "bad.json"
    path.write_text(text)
    code, out = replay(path)
    check(code == 2 and out.count("\n") == 1 and len(out) < 600, f"{name}: exit {code}, {len(out)} chars: {out[:300]}")
    for f in fragments:
        check(f in out, f"{name}: no '{f}' in {out[:300]}")

for scenario in sorted((source / "specs/scenarios").glob("*.json")):
    errors = list(scenarios.iter_errors(json.loads(scenario.read_text())))
    check(not errors, f"{scenario.name}: not a scenario_file: {errors[:1]}")

# title_es (the Spanish title) is known to the schema; an unknown field next to it still is not,
# nor a title_es that is not a non-empty string.
one = json.loads((source / "specs/scenarios/s2-draw.json").read_text())
check(not list(scenarios.iter_errors(one)), "s2-draw with its title_es: refused")
for name, change in [("an unknown field", lambda s: s.update(title_fr="x")), ("a numeric title_es", lambda s: s.update(title_es=3)),
                     ("an empty title_es", lambda s: s.update(title_es=""))]:
    bad_scenario = json.loads(json.dumps(one))
    change(bad_scenario)
    check(list(scenarios.iter_errors(bad_scenario)), f"a scenario with {name}: accepted by the schema")

report(f"{len(good)} good records accepted by the reader ({len(schema_checked)} of at most {kSchemaPlies} plies by the "
       f"schema too) and {len(cases)} bad ones refused by both the reader and the schema; "
       f"{len(text_cases)} reader-only cases refused in one line")
