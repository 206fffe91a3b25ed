"""What the schema tests of this folder share: their command line (HOYITO SOURCE_DIR WORK_DIR),
a schema of specs/ checked as a Draft 2020-12 schema, and the list of failures with its report
(exit 1 naming each, or the PASS line)."""
import json
import sys
from pathlib import Path

import jsonschema

hoyito, source, work = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
work.mkdir(parents=True, exist_ok=True)
failures = []


def load_schema(name):
    """specs/NAME, checked as a schema; returns it and its validator."""
    schema = json.loads((source / "specs" / name).read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    return schema, jsonschema.Draft202012Validator(schema)


def check(condition, message):
    if not condition:
        failures.append(message)


def report(passed):
    """Ends the test: exit 1 with every failure, else the line `passed`."""
    if failures:
        print("\n".join("FAIL: " + f for f in failures))
        sys.exit(1)
    print("PASS: " + passed)
