#!/usr/bin/env python3
"""Fake engines for tests/protocol_test.cpp: each misbehaves in one way, on one command.

    fake_engine.py MODE [HOYITO]

MODE: hang (never answers `legal`), crash (exits with status 3 on `legal`), garbage (answers
`legal` with a line that is no response), endless (answers `legal` with an endless line, no
newline: 1 GB if nobody stops reading), slow (answers every command after 0.3 s), liar (wraps
`HOYITO serve` and lies about one rule: a pass is announced as no legal move at all, the
game-over answer, whenever the real engine says `pass`; it offers no `perft` or `divide` of its
own, so that hoyito counts them through its `legal`).

Every other command is answered as a minimal well-behaved engine would (hoyito2 2x6 only,
start position only) or, for liar, by `hoyito serve` itself.
"""
import subprocess
import sys
import time

MODE = sys.argv[1]


def respond(text):
    sys.stdout.write(text + "\n\n")
    sys.stdout.flush()


def misbehave(command):
    if MODE == "hang":
        time.sleep(3600)
    if MODE == "crash":
        sys.exit(3)
    if MODE == "garbage":
        sys.stdout.write("Segmentation fault? no: just noise\n\n")
        sys.stdout.flush()
        return
    if MODE == "flood":
        sys.stdout.write("= a b c d e f\n" + "a\n" * 2000000 + "\n")
        sys.stdout.flush()
        return
    if MODE == "endless":
        chunk = "x" * 65536
        for _ in range(16384):  # 1 GiB, no newline
            sys.stdout.write(chunk)
        sys.stdout.flush()
        time.sleep(3600)


def simple():
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command = words[0]
        if MODE == "slow":
            time.sleep(0.3)
        if command == "legal" and MODE != "slow":
            misbehave(command)
            continue
        if command == "protocol_version":
            respond("= 1")
        elif command == "name":
            respond("= fake-" + MODE)
        elif command == "version":
            respond("= 0")
        elif command == "supports":
            respond("= variant hoyito2 6\nseeds 4..4")
        elif command == "state":
            respond("= board=4,4,4,4,4,4,4,4,4,4,4,4 captured=0,0 to_move=south status=playing winner=null plies=0")
        elif command == "legal":
            respond("= a b c d e f")
        elif command == "quit":
            respond("=")
            return
        elif command in ("rules", "position", "start"):
            respond("=")
        else:
            respond("? unknown_command " + command)


def liar(hoyito):
    engine = subprocess.Popen([hoyito, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    for line in sys.stdin:
        engine.stdin.write(line)
        engine.stdin.flush()
        response = []
        while True:
            out = engine.stdout.readline()
            if out in ("\n", ""):
                break
            response.append(out.rstrip("\n"))
        if line.split()[:1] == ["legal"] and response == ["= pass"]:
            response = ["="]  # the lie: a player who must pass is told the game is over
        if line.split()[:1] == ["supports"]:  # no perft, divide of its own: counted through the lie
            response = [" ".join(w for w in r.split() if w not in ("perft", "divide")) for r in response]
        respond("\n".join(response))
        if line.split()[:1] == ["quit"]:
            return


if MODE == "liar":
    liar(sys.argv[2])
else:
    simple()
