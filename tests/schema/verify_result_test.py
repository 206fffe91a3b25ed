#!/usr/bin/python3
"""`hoyito verify --json` and `--junit` on real runs: the JSON is valid against
specs/verify-result.schema.json (python3-jsonschema), the JUnit XML has one test case per check
and lockstep configuration, and both say what the run left out.

Usage: verify_result_test.py HOYITO SOURCE_DIR WORK_DIR"""
import copy
import json
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

from schema_test import check, hoyito, load_schema, report, work

schema, validator = load_schema("verify-result.schema.json")


def verify(name, *flags):
    out = work / name
    result = subprocess.run([hoyito, "verify", "--out", str(out), "--json", str(out) + ".json",
                             "--junit", str(out) + ".xml", *flags], capture_output=True, text=True, timeout=600)
    return result, json.loads(Path(str(out) + ".json").read_text()), ET.parse(str(out) + ".xml").getroot()


# One configuration, a few games: a PASS (partial), the other checks left out by the filter.
config = "hoyito2-2x6-noskip-illegal-plylimit"
run, data, junit = verify("one-config", "--config", config, "--games", "3", "--seed", "7")
check(run.returncode == 0, f"--config run exit {run.returncode}: {run.stdout[-400:]}")
errors = sorted(validator.iter_errors(data), key=str)
check(not errors, f"--config run: schema errors {[e.message for e in errors[:3]]}")
check(data["seed"] == 7 and data["verdict"] == "PASS (partial)", f"seed/verdict {data['seed']} {data['verdict']}")
states = {c["name"]: c["state"] for c in data["checks"]}
check(states == {"scenarios": "left_out", "records": "left_out", "limits": "left_out", "lockstep": "passed",
                 "matches": "left_out", "exhaustive": "left_out", "perft": "left_out"}, f"states {states}")
lockstep = next(c for c in data["checks"] if c["name"] == "lockstep")
check([c["name"] for c in lockstep["configurations"]] == [config], "lockstep configurations")
check(lockstep["configurations"][0]["games_played"] == 3 and lockstep["checked"] == 3, "3 games played")
check(lockstep["configurations"][0]["rules"]["variant"] == "hoyito2", "the configuration's rules")
check(not data["rule_coverage"]["gate_applies"] and "--config" in data["rule_coverage"]["note"], "gate note")
check(data["commit"] != "" and data["version"] != "", "version and commit")
cases = junit.findall(".//testcase")
names = [(c.get("classname"), c.get("name")) for c in cases]
check(("verify.lockstep", config) in names, f"junit lockstep case: {names}")
check(len(cases) == 6 + 1 + 1, f"junit: 6 checks, 1 configuration, the gate: {len(cases)}")
skipped = [c.get("name") for c in cases if c.find("skipped") is not None]
check(sorted(skipped) == sorted(["scenarios", "records", "limits", "matches", "exhaustive", "perft", "rule-coverage"]),
      f"junit skipped: {skipped}")
check(junit.get("failures") == "0" and not any(c.find("failure") is not None for c in cases), "no junit failure")
check("PASS (partial)" in run.stdout and "checks left out: scenarios" in run.stdout, "the summary lists what was left out")

# The same checks with --seconds so short that no lockstep game starts: checked nothing, FAIL.
run, data, junit = verify("no-game", "--config", config, "--seconds", "0.000001")
check(run.returncode == 1, f"--seconds run exit {run.returncode}: {run.stdout[-400:]}")
check(not list(validator.iter_errors(data)), "--seconds run: schema errors")
check(data["verdict"] == "FAIL" and data["configurations_left_out"] == [config], f"no-game {data['verdict']}")
lockstep_case = [c for c in junit.findall(".//testcase") if c.get("name") == "lockstep" or c.get("name") == config]
check(lockstep_case and lockstep_case[0].find("skipped") is not None, "junit: the configuration that played no game")

# The schema can fail: a result with a field missing, a wrong type or an unknown field is refused.
for mutate in (lambda d: d.pop("seed"), lambda d: d.update(verdict="OK"),
               lambda d: d["checks"][0].update(checked=-1), lambda d: d.update(extra=1),
               lambda d: d["options"].update(threads=0)):
    bad = copy.deepcopy(data)
    mutate(bad)
    check(list(validator.iter_errors(bad)), "the schema accepts a broken result")

report("verify --json is valid against specs/verify-result.schema.json and --junit lists every check")
