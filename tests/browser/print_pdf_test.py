#!/usr/bin/python3
"""`--format pdf` of `hoyito rulebook` and `hoyito annotate` (headless Chromium, issue 23).

    print_pdf_test.py HOYITO SOURCE_DIR WORKDIR

Prints the rule book (English and Spanish) and the whole 520-ply 2x12 example
(docs/examples/game-2x12.json) to PDF, reads each back with pdftotext (poppler-utils) and checks
that every rule ID of specs/rules.md is in the rule book, and that the game prints compactly:
every ply's heading ("Ply 517: North L"), a diagram exactly at the plies where something happens
(derived from the record's events), fewer than 60 pages. Then, with Chromium made
missing (HOYITO_CHROMIUM naming no program, and a PATH without it), both commands exit 2 with one
line naming the Debian package chromium and write no file.
Fails if a rule or a ply is left out of the print (e.g. plies hidden by the player's script,
the print stylesheet lost: then a page a ply), if diagrams are printed for quiet plies or left out
of eventful ones, if the PDF is not written, or if a missing Chromium is not reported so.
Exit 0 on success, 1 on a failed check.
"""
import json
import os
import re
import shutil
import subprocess
import sys

FAILURES = []


def check(condition, what):
    if not condition:
        FAILURES.append(what)
        print("FAIL:", what)


def pdf_text(pdf):
    text = subprocess.run(["pdftotext", "-layout", pdf, "-"], check=True, capture_output=True, text=True).stdout
    return text, re.sub(r"\s+", " ", text)


def run(args, env=None):
    return subprocess.run(args, capture_output=True, text=True, env=env)


def check_rulebook(hoyito, source_dir, workdir):
    with open(os.path.join(source_dir, "specs", "rules.md"), encoding="utf-8") as f:
        ids = re.findall(r"^- \*\*([A-Z]+(?:-[IV]+)?-\d+)\*\*", f.read(), re.M)
    check(len(ids) >= 30, f"the rule IDs of specs/rules.md read ({len(ids)})")
    for lang in ("en", "es"):
        out = os.path.join(workdir, "rulebook-" + lang)
        result = run([hoyito, "rulebook", "--lang", lang, "--format", "pdf", "--out", out])
        check(result.returncode == 0, f"rulebook --lang {lang} --format pdf: exit {result.returncode} {result.stderr}")
        pdf = os.path.join(out, "rulebook.pdf")
        if not os.path.exists(pdf):
            check(False, f"{pdf} written")
            continue
        _, flat = pdf_text(pdf)
        missing = [i for i in ids if not re.search(r"(?<![\w-])" + re.escape(i) + r"(?![\w-])", flat)]
        check(not missing, f"rule book ({lang}): every rule ID printed; missing {missing}")
        print(f"rulebook {lang}: {pdf}, {len(ids)} rule IDs printed")


def eventful_plies(record):
    """The plies printed with a diagram, from the record's events alone (issue 35): a capture, a
    pass, an extra move, the game's end or a void endless sowing, or the author's comment. (An
    endless move among the mover's also gets one; no ply of game-2x12 has such a move.)"""
    wanted = {"capture", "chain_capture", "extra_move", "pass", "game_end", "endless_sowing"}
    return [k + 1 for k, ply in enumerate(record["plies"])
            if wanted & {e["event"] for e in ply.get("events", [])} or ply.get("comment")]


def check_example(hoyito, source_dir, workdir):
    """The whole 520-ply game printed compactly: every ply's heading, a diagram exactly where
    something happens, and fewer than 60 pages (it was a page a ply: 528)."""
    path = os.path.join(source_dir, "docs", "examples", "game-2x12.json")
    with open(path, encoding="utf-8") as f:
        record = json.load(f)
    total = len(record["plies"])
    check(total == 520, f"game-2x12.json holds its 520 plies ({total})")
    out = os.path.join(workdir, "example")
    result = run([hoyito, "annotate", path, "--depth", "0", "--format", "pdf", "--out", out])
    check(result.returncode == 0, f"annotate --format pdf: exit {result.returncode} {result.stderr}")
    pdf = os.path.join(out, "game-2x12.pdf")
    if not os.path.exists(pdf):
        check(False, f"{pdf} written")
        return
    text, flat = pdf_text(pdf)
    headed = {int(n) for n in re.findall(r"Ply (\d+): (?:South|North) ", flat)}
    missing = sorted(set(range(1, total + 1)) - headed)
    check(not missing, f"game-2x12: every ply printed; missing {missing[:10]}")
    drawn = [int(n) for n in re.findall(r"Ply (\d+): \S+ \S+ \(before\)", flat)]
    expected = eventful_plies(record)
    check(drawn == expected, f"diagrams exactly at the plies where something happens: {drawn} != {expected}")
    pages = text.count("\f") + (0 if text.endswith("\f") else 1)
    check(pages < 60, f"game-2x12 in fewer than 60 pages: {pages}")
    print(f"game-2x12: {pdf}, {total} plies, {len(drawn)} diagrams, {pages} pages")


def check_missing_chromium(hoyito, source_dir, workdir):
    record = os.path.join(source_dir, "docs", "examples", "chain-through-wrap.json")
    without_path = {k: v for k, v in os.environ.items() if k != "HOYITO_CHROMIUM"}
    without_path["PATH"] = os.path.join(workdir, "empty-path")
    os.makedirs(without_path["PATH"], exist_ok=True)
    named = dict(os.environ, HOYITO_CHROMIUM=os.path.join(workdir, "no-such-chromium"))
    for how, env in (("PATH without chromium", without_path), ("HOYITO_CHROMIUM naming nothing", named)):
        for name, args in (("rulebook", ["rulebook", "--format", "pdf"]), ("annotate", ["annotate", record, "--format", "pdf"])):
            out = os.path.join(workdir, "missing", name)
            shutil.rmtree(out, ignore_errors=True)
            result = run([hoyito] + args + ["--out", out], env=env)
            lines = result.stderr.strip().splitlines()
            check(result.returncode == 2, f"{name}, {how}: exit 2, got {result.returncode}")
            check(len(lines) == 1 and "Debian package chromium" in lines[0],
                  f"{name}, {how}: one line naming the Debian package chromium, got {result.stderr!r}")
            check(not os.path.exists(out) or not os.listdir(out), f"{name}, {how}: nothing written in {out}")


def main():
    hoyito, source_dir, workdir = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(workdir, exist_ok=True)
    if not shutil.which("pdftotext"):
        print("FAIL: pdftotext is missing: install poppler-utils (scripts/setup.sh)")
        return 1
    check_rulebook(hoyito, source_dir, workdir)
    check_example(hoyito, source_dir, workdir)
    check_missing_chromium(hoyito, source_dir, workdir)
    if FAILURES:
        print(f"{len(FAILURES)} check(s) failed")
        return 1
    print("PDF checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
