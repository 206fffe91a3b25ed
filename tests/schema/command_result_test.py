#!/usr/bin/python3
"""`hoyito replay`, `perft` and `bench` with --json FILE, on real runs: each file is valid against
specs/command-result.schema.json (python3-jsonschema) and says what the same run printed on
standard output; bad input leaves no file.

Usage: command_result_test.py HOYITO SOURCE_DIR WORK_DIR"""
import copy
import json
import re
import subprocess

from schema_test import check, hoyito, load_schema, report, work

schema, validator = load_schema("command-result.schema.json")


def run(*args):
    return subprocess.run([hoyito, *args], capture_output=True, text=True, timeout=300)


def result(name, *args):
    """Runs the command with --json WORK/NAME.json; returns the run and the parsed file."""
    path = work / f"{name}.json"
    path.unlink(missing_ok=True)
    r = run(*args, "--json", str(path))
    data = json.loads(path.read_text()) if path.exists() else None
    if data is not None:
        errors = sorted(validator.iter_errors(data), key=str)
        check(not errors, f"{name}: schema errors {[e.message for e in errors[:3]]}")
    return r, data


# replay: five valid records, then a tampered one (exit 1, the first invalid record named).
games = work / "games.jsonl"
check(run("random", "--games", "5", "--seed", "3", "--out", str(games)).returncode == 0, "random")
r, data = result("replay", "replay", str(games))
check(r.returncode == 0 and data is not None, f"replay exit {r.returncode}: {r.stderr}")
if data:
    check(data["format"] == "hoyito-replay-result/1" and data["records"] == 5 and data["valid"] == 5, f"replay {data}")
    check(data["invalid"] is None and data["exit_code"] == 0 and data["file"] == str(games), f"replay {data}")
lines = games.read_text().splitlines()
tampered_record = json.loads(lines[2])
tampered_record["plies"][0]["player"] = "north" if tampered_record["plies"][0]["player"] == "south" else "south"
tampered = work / "tampered.jsonl"
tampered.write_text("\n".join([lines[0], lines[1], json.dumps(tampered_record), lines[3]]) + "\n")
r, data = result("replay-invalid", "replay", str(tampered))
check(r.returncode == 1 and data is not None, f"tampered replay exit {r.returncode}: {r.stdout[-300:]}")
if data:
    check(data["records"] == 3 and data["valid"] == 2 and data["exit_code"] == 1, f"tampered {data}")
    check(data["invalid"] and data["invalid"]["where"] == f"{tampered}:3", f"tampered where {data['invalid']}")
    check(data["invalid"] and data["invalid"]["message"] in r.stdout, "the message is the line printed")
# Bad input (exit 2) writes no file.
bad = work / "bad.jsonl"
bad.write_text("{\n")
r, data = result("replay-bad", "replay", str(bad))
check(r.returncode == 2 and data is None, f"replay of malformed JSON: exit {r.returncode}, file written: {data is not None}")

# perft: the counts printed are the counts written; --divide's counts add up to the total.
r, data = result("perft", "perft", "--variant", "hoyito2", "--holes", "6", "--depth", "3")
check(r.returncode == 0 and data is not None, f"perft exit {r.returncode}: {r.stderr}")
if data:
    printed = {m.group(1): int(m.group(2)) for m in re.finditer(r"^perft (model|engine) \S+ 2x6 depth 3: (\d+)", r.stdout, re.M)}
    written = {i["name"]: i["count"] for i in data["implementations"]}
    check(printed == written and len(written) == 2, f"perft printed {printed}, wrote {written}")
    check(data["agree"] is True and data["depth"] == 3 and data["rules"]["variant"] == "hoyito2", f"perft {data}")
r, data = result("perft-divide", "perft", "--variant", "hoyito1", "--holes", "6", "--depth", "2", "--divide", "--impl", "model")
check(r.returncode == 0 and data is not None, f"perft --divide exit {r.returncode}: {r.stderr}")
if data:
    model = data["implementations"][0]
    check(len(data["implementations"]) == 1 and model["name"] == "model" and data["agree"] is None, f"divide {data}")
    check(len(model["divide"]) == 6 and sum(d["count"] for d in model["divide"]) == model["count"], f"divide {model}")
    check(model["divide"][0] == {"move": "a", "count": int(re.search(r"^a: (\d+)$", r.stdout, re.M).group(1))}, "divide a")
# perft --position: the start is written; from it South's one move (f: the only seeds of its row) is the count.
start = {"board": [0, 0, 0, 0, 0, 2, 3, 3, 2, 2, 2, 2], "captured": [16, 16], "to_move": "south"}
r, data = result("perft-position", "perft", "--position", json.dumps(start), "--depth", "1")
check(r.returncode == 0 and data is not None, f"perft --position exit {r.returncode}: {r.stderr}")
if data:
    check(data["start"] == start and [i["count"] for i in data["implementations"]] == [1, 1], f"perft --position {data}")

# bench: the signature and the figures printed are the ones written.
r, data = result("bench", "bench", "--games", "4")
check(r.returncode == 0 and data is not None, f"bench exit {r.returncode}: {r.stderr}")
if data:
    signature = int(re.search(r"^bench signature: (\d+)$", r.stdout, re.M).group(1))
    check(data["signature"] == signature and data["games"] == 4, f"bench signature {data['signature']} printed {signature}")
    check([(c["variant"], c["holes_per_row"]) for c in data["configs"]] ==
          [(v, n) for v in ("hoyito1", "hoyito2", "hoyito3") for n in (6, 12)], "bench configurations")
    positions = int(re.search(r"^exhaustive \(2x6, at most \d+ seeds, 2 threads\): (\d+) positions", r.stdout, re.M).group(1))
    check(data["exhaustive"]["positions"] == positions, "bench exhaustive positions")
    simulate = re.search(r"^simulate \(.*, (\d+) games, (\d+) plies, wall clock\): 1 thread ([\d.]+) s, .* 2 threads ([\d.]+) s", r.stdout, re.M)
    check(simulate is not None and [int(simulate[1]), int(simulate[2])] == [data["simulate"]["games"], data["simulate"]["plies"]]
          and all(abs(float(simulate[i]) - data["simulate"][k]) <= 0.0051
                  for i, k in ((3, "seconds_1_thread"), (4, "seconds_2_threads"))),
          f"bench simulate {data['simulate']}")
    timed = re.search(r"^hoyito1 2x6 .*  (\d+), (\d+), (\d+) games", r.stdout, re.M)
    check(timed is not None and [int(g) for g in timed.groups()] ==
          [data["configs"][0]["timed"][k]["games"] for k in ("engine_legal", "engine_sampler", "model")], "bench games timed")

# The schema can fail: a file with a field missing, a wrong type or an unknown field is refused.
for mutate in (lambda d: d.pop("signature"), lambda d: d.update(games=0), lambda d: d.update(extra=1),
               lambda d: d["configs"][0].update(model=-1), lambda d: d.update(format="hoyito-bench-result/9"),
               lambda d: d["configs"][0]["timed"].pop("model"), lambda d: d["simulate"].pop("seconds_1_thread")):
    broken = copy.deepcopy(data)
    mutate(broken)
    check(list(validator.iter_errors(broken)), "the schema accepts a broken bench result")

report("replay, perft and bench --json are valid against specs/command-result.schema.json and say what was printed")
