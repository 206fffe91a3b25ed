#!/usr/bin/env python3
"""One table of refusal reasons (issue 36, item 7): the examples of specs/engine-protocol.md
("Refusal reasons": the `| command | reason |` table) are each sent, as the first command of a
session, to `hoyito serve --impl engine`, `hoyito serve --impl model` and the Python adapter's
example engine (adapters/python/example_hoyito2.py); each must answer `? REASON` with the table's
reason. Before, `rules hoyito2 6 11` and a negative count were `syntax` in serve but `invalid`
in the spec, and a negative count `syntax` in the adapter.

Usage: refusal_table.py HOYITO SOURCE_DIR. Exit 0 pass, 1 fail."""
import pathlib
import re
import subprocess
import sys

hoyito, source = sys.argv[1], pathlib.Path(sys.argv[2])
spec = (source / "specs" / "engine-protocol.md").read_text()
rows = re.findall(r"^\| `([^`]+)` \| `([a-z_]+)` \|$", spec, re.M)
if len(rows) < 5:
    sys.exit(f"FAIL: the refusal table of specs/engine-protocol.md has {len(rows)} rows")

servers = {
    "serve --impl engine": [hoyito, "serve", "--impl", "engine"],
    "serve --impl model": [hoyito, "serve", "--impl", "model"],
    "adapters/python": [sys.executable, str(source / "adapters" / "python" / "example_hoyito2.py")],
}
failures = 0
for command, reason in rows:
    before = failures
    for name, argv in servers.items():
        out = subprocess.run(argv, input=command + "\nquit\n", capture_output=True, text=True, timeout=30).stdout
        first = out.splitlines()[0] if out else "(nothing)"
        if not first.startswith(f"? {reason} ") and first != f"? {reason}":
            print(f"FAIL: {name}: '{command}': {first!r}, expected ? {reason}")
            failures += 1
    if failures == before:
        print(f"{command}: {reason} in all {len(servers)}")
print(f"refusal_table: {len(rows)} commands, {failures} failures")
sys.exit(1 if failures else 0)
