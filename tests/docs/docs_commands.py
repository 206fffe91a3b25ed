#!/usr/bin/env python3
"""Runs every command shown in README.md and docs/*.md, and checks what the pages show.

Usage: docs_commands.py HOYITO SOURCE_DIR WORK_DIR [PAGE ...]

The convention of the pages (docs/reference.md, "Commands on these pages"):

- A fenced block whose info string is `sh` is run. Lines starting with `$ ` are commands; the
  lines under a command, up to the next `$ ` line, are what it prints (standard output and
  standard error together). If no line starts with `$ `, every line but blank ones and `#`
  comments is a command and nothing is compared. A line ending in a backslash goes on on the
  next line.
- `sh exit=N`: every command of the block must exit N (default 0).
- `sh no-run`: shown, not run (setup, builds, runs of minutes, other machines). The page says why.
- Blocks of any other info string (`text`, `mermaid`, `json`, ...) are not run; a block with no
  info string, or `console`, `bash` or `shell`, that holds a `hoyito` command is an error, so
  that no command escapes the test by its block's spelling.

Output is compared leniently: each shown line must appear, in order, among the lines printed
(lines not shown may come between them; a line `...` says so to the reader and is skipped).
Runs of blanks are one blank, trailing blanks are dropped, and what depends on the machine is
masked on both sides: durations (`0.3 s`), rates (`64961 games/s`), commits (`commit 9a49ec9`, shown on the pages as `commit ...`).

Each page runs in a scratch folder of its own under WORK_DIR holding a copy of docs/ and a
link to specs/ (commands name `docs/examples/...` and `specs/...` as from the repository's
root, and what they write stays in the scratch folder); `out/` exists and is empty;
XDG_CACHE_HOME points into the scratch folder; the built HOYITO comes first on PATH as `hoyito`.
"""

import os
import re
import shutil
import subprocess
import sys
import time

COMMAND_TIMEOUT = 120  # seconds a command may take; the pages show only short runs
FENCE = re.compile(r"^(\s*)```(.*)$")
MASKS = [
    (re.compile(r"\bcommit (?:[0-9a-f]{7,40}(?:-dirty)?\b|\.\.\.)"), "commit <C>"),
    (re.compile(r"\d+(?:\.\d+)?[kKM]? ?((?:games|positions|moves|plies|deals)/s)\b"), r"<R> \1"),
    (re.compile(r"\d+(?:\.\d+)? s\b"), "<T> s"),
]


def normalise(line):
    line = " ".join(line.split())
    for pattern, replacement in MASKS:
        line = pattern.sub(replacement, line)
    return line


class Command:
    def __init__(self, page, line_no, text, expected_exit):
        self.page, self.line_no, self.text = page, line_no, text
        self.expected_exit = expected_exit
        self.expected = []  # lines shown under it


def blocks(path):
    """(first line number, info string, lines) of every fenced block of a Markdown file."""
    lines = open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, info = m.group(1), m.group(2).strip()
        start = i + 1
        j = start
        while j < len(lines) and not lines[j].strip().startswith("```"):
            j += 1
        body = [l[len(indent):] if l.startswith(indent) else l.lstrip() for l in lines[start:j]]
        yield start, info, body
        i = j + 1


def joined(body, first_line):
    """Lines with backslash continuations joined, each with its line number in the page."""
    out, pending, pending_no = [], None, None
    for k, line in enumerate(body):
        if pending is not None:
            line = pending + " " + line.lstrip()
        else:
            pending_no = first_line + k + 1
        if line.endswith("\\"):
            pending = line[:-1].rstrip()
            continue
        out.append((pending_no, line))
        pending = None
    if pending is not None:
        out.append((pending_no, pending))
    return out


def commands_of(page, path):
    """The commands to run, and the number of commands shown in no-run blocks; raises on errors."""
    run, not_run, errors = [], 0, []
    for first_line, info, body in blocks(path):
        words = info.split()
        language = words[0] if words else ""
        if language != "sh":
            shown = [l for l in body if re.match(r"^\s*(\$ )?hoyito ", l)]
            if shown and language in ("", "console", "bash", "shell"):
                errors.append(f"{page}:{first_line}: a block with info string '{info}' shows a hoyito"
                              " command: mark it `sh` (run) or `sh no-run`")
            continue
        attributes = words[1:]
        lines = joined(body, first_line)
        if "no-run" in attributes:
            not_run += sum(1 for _, l in lines if l.strip() and not l.lstrip().startswith("#")
                           and (l.startswith("$ ") or not any(x.startswith("$ ") for _, x in lines)))
            continue
        expected_exit = 0
        for a in attributes:
            if a.startswith("exit="):
                expected_exit = int(a[len("exit="):])
            else:
                errors.append(f"{page}:{first_line}: unknown attribute '{a}' (sh, sh no-run, sh exit=N)")
        if any(l.startswith("$ ") for _, l in lines):
            current = None
            for no, l in lines:
                if l.startswith("$ "):
                    current = Command(page, no, l[2:], expected_exit)
                    run.append(current)
                elif current is None:
                    if l.strip():
                        errors.append(f"{page}:{no}: output before the first `$ ` command")
                elif l.strip() != "...":
                    current.expected.append(l)
        else:
            for no, l in lines:
                if l.strip() and not l.lstrip().startswith("#"):
                    run.append(Command(page, no, l, expected_exit))
    if errors:
        raise ValueError("\n".join(errors))
    return run, not_run


def check_output(command, output):
    """None if every shown line appears in order in the output, else what is missing."""
    got = [normalise(l) for l in output.split("\n")]
    at = 0
    for want_raw in command.expected:
        want = normalise(want_raw)
        if not want:
            continue
        while at < len(got) and got[at] != want:
            at += 1
        if at == len(got):
            return f"this line, shown on the page, was not printed (in this order):\n    {want_raw}"
        at += 1
    return None


def scratch_for(page, source_dir, work_dir):
    folder = os.path.join(work_dir, re.sub(r"[^A-Za-z0-9]+", "-", page))
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(os.path.join(folder, "out"))
    os.makedirs(os.path.join(folder, "cache"))
    shutil.copytree(os.path.join(source_dir, "docs"), os.path.join(folder, "docs"), symlinks=True)
    os.symlink(os.path.join(source_dir, "specs"), os.path.join(folder, "specs"))
    return folder


def main(argv):
    if len(argv) < 4:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    hoyito, source_dir, work_dir = (os.path.abspath(a) for a in argv[1:4])
    pages = argv[4:] or ["README.md"] + sorted(
        os.path.join("docs", f) for f in os.listdir(os.path.join(source_dir, "docs")) if f.endswith(".md"))
    os.makedirs(work_dir, exist_ok=True)
    bin_dir = os.path.join(work_dir, "bin")
    os.makedirs(bin_dir, exist_ok=True)
    link = os.path.join(bin_dir, "hoyito")
    if os.path.lexists(link):
        os.remove(link)
    os.symlink(hoyito, link)

    failures, ran, not_run, started = [], 0, 0, time.monotonic()
    for page in pages:
        try:
            commands, page_not_run = commands_of(page, os.path.join(source_dir, page))
        except ValueError as e:
            failures.append(str(e))
            continue
        not_run += page_not_run
        if not commands:
            print(f"{page}: no command to run ({page_not_run} shown not run)")
            continue
        folder = scratch_for(page, source_dir, work_dir)
        env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ.get("PATH", ""), LC_ALL="C.UTF-8",
                   XDG_CACHE_HOME=os.path.join(folder, "cache"))
        for c in commands:
            t0 = time.monotonic()
            try:
                p = subprocess.run(["bash", "-o", "pipefail", "-c", c.text], cwd=folder, env=env,
                                   stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   timeout=COMMAND_TIMEOUT)
                output, code = p.stdout.decode("utf-8", "replace"), p.returncode
            except subprocess.TimeoutExpired as e:
                output, code = (e.stdout or b"").decode("utf-8", "replace"), None
            ran += 1
            where = f"{c.page}:{c.line_no}: $ {c.text}"
            problem = None
            if code is None:
                problem = f"did not end within {COMMAND_TIMEOUT} s: show a shorter run, or mark the block no-run"
            elif code != c.expected_exit:
                problem = f"exit {code}, the page expects {c.expected_exit}"
            else:
                problem = check_output(c, output)
            print(f"{'FAIL' if problem else 'ok  '} {time.monotonic() - t0:5.1f} s  {where}")
            if problem:
                tail = "\n".join("    | " + l for l in output.rstrip("\n").split("\n")[-25:])
                failures.append(f"{where}\n  {problem}\n  it printed (last lines):\n{tail}")
    print(f"docs_commands: {ran} command(s) run from {len(pages)} page(s), {not_run} shown in no-run blocks,"
          f" {len(failures)} failure(s), {time.monotonic() - started:.1f} s")
    for f in failures:
        print("\n" + f, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
