#!/usr/bin/env python3
"""Fake engines for tests/harness/games/protocol_test.cpp, tests/cli/engine_verify.sh and engine_bounds.sh: each misbehaves in one way, on one command.

    fake_engine.py MODE [HOYITO]

MODE: hang (never answers `legal`), crash (exits with status 3 on `legal`), garbage (answers
`legal` with a line that is no response), endless (answers `legal` with an endless line, no
newline: 1 GB if nobody stops reading), flood (answers `legal` with 2,000,000 lines), slow
(answers every command after 0.3 s); and, wrapping `HOYITO serve`: liar (lies about one rule: a
pass is announced as no legal move at all, the game-over answer, whenever the real engine says
`pass`; it offers no `perft` or `divide` of its own, so that hoyito counts them through its
`legal`), chatty (128 KiB of standard error for every command), bytes (bytes >= 0x80 and control
bytes in its name, its refusals and its perft count), flood-events (answers `events` with
2,000,000 lines).

Every other command is answered as a minimal well-behaved engine would (hoyito2 2x6 only,
start position only) or, for the wrapping modes, by `hoyito serve` itself.
"""
import itertools
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
        sys.stdout.write("= a b c d e f\n")
        for _ in range(200):  # 2,000,000 lines, written as they go (the fake stays small)
            sys.stdout.write("a\n" * 10000)
        sys.stdout.write("\n")
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


def lie(words, response):
    """liar: a pass is told as the game-over answer; no perft or divide of its own."""
    if words[:1] == ["legal"] and response == [b"= pass"]:
        return [b"="]  # the lie: a player who must pass is told the game is over
    if words[:1] == ["supports"]:  # no perft, divide of its own: counted through the lie
        return [b" ".join(w for w in r.split() if w not in (b"perft", b"divide")) for r in response]
    return response


def chatty(words, response):
    """chatty: 128 KiB on standard error for every command, without end; answers as serve."""
    sys.stderr.write(("chatter " * 128 + "\n") * 128)
    sys.stderr.flush()
    return response


def raw_bytes(words, response):
    """bytes: bytes >= 0x80 and control bytes (a terminal's escape, a bell) in its name, in every
    refusal's message, and in a `perft` count (garbage: an ENGINE FAILURE quotes it)."""
    noise = b"\xe9\xff\x1b[31m\x07"
    if words[:1] == ["name"]:
        return [b"= fake-" + noise + b"-bytes"]
    if words[:1] == ["perft"]:
        return [response[0] + noise]
    return [r + b" " + noise if r.startswith(b"?") else r for r in response]


def flood_events(words, response):
    """flood-events: answers `events` with 2,000,000 lines; no perft or divide of its own, so that
    perft --engine plays (and asks `events`) through it."""
    if words[:1] == ["events"]:
        lap = b"event=lap rule=SOW-2 from=0 to=1 seeds=1"
        return itertools.chain([b"= event=lift rule=SOW-1 hole=0 seeds=1"], itertools.repeat(lap, 1999999))
    if words[:1] == ["supports"]:
        return [b" ".join(w for w in r.split() if w not in (b"perft", b"divide")) for r in response]
    return response


def wrap(hoyito, edit):
    """`HOYITO serve` (the in-tree engine, which offers events), each response passed through `edit`."""
    engine = subprocess.Popen([hoyito, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    out = sys.stdout.buffer
    for line in sys.stdin.buffer:
        engine.stdin.write(line)
        engine.stdin.flush()
        response = []
        while True:
            got = engine.stdout.readline()
            if got in (b"\n", b""):
                break
            response.append(got.rstrip(b"\n"))
        words = line.decode("ascii", "replace").split()
        for piece in edit(words, response):  # line by line: a long answer is written as it goes
            out.write(piece + b"\n")
        out.write(b"\n")
        out.flush()
        if words[:1] == ["quit"]:
            return


WRAPPED = {"liar": lie, "chatty": chatty, "bytes": raw_bytes, "flood-events": flood_events}
if MODE in WRAPPED:
    wrap(sys.argv[2], WRAPPED[MODE])
else:
    simple()
