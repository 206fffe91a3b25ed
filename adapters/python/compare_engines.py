#!/usr/bin/env python3
"""Plays random games on two protocol engines in lockstep and reports where they part.

    python3 compare_engines.py --reference "hoyito serve --impl model" \\
        --candidate "python3 example_hoyito2.py" --rules "hoyito2 6 4" --games 200 --seed 1

Each game starts with `rules ...` on both; before every ply both are asked `legal` and `state`
(board, captured, to_move, status, winner, plies compared: keys the other does not give are
ignored), then a move drawn at random from the reference's legal plies is played on both. A game
stops at its first difference, which is printed with the moves that led to it (a `playmoves` line
to replay it). Standard library only; engines' standard error goes to --log (default: discarded).
"""

import argparse
import random
import shlex
import subprocess
import sys

import hoyito_protocol

COMPARED = ("board", "captured", "to_move", "status", "winner", "plies")


class Engine(hoyito_protocol.Client):
    def __init__(self, command, log):
        super().__init__(shlex.split(command), stderr=log)
        self.command = command
        self.name = self.ask("name").lstrip("= ")

    def ask(self, command):
        """The response (its lines joined by newlines, '=' or '? ' kept)."""
        return "\n".join(super().ask(command))

    def state(self):
        words = self.ask("state").lstrip("= ").split()
        fields = dict(word.split("=", 1) for word in words if "=" in word)
        return {key: fields[key] for key in COMPARED if key in fields}



def differences(ref, cand):
    """What differs between two snapshots {legal, state}: a list of 'what: ref vs cand'."""
    found = []
    if ref["legal"] != cand["legal"]:
        found.append(f"legal: {ref['legal']!r} vs {cand['legal']!r}")
    for key in COMPARED:
        a, b = ref["state"].get(key), cand["state"].get(key)
        if a is not None and b is not None and a != b:
            found.append(f"{key}: {a} vs {b}")
    return found


def snapshot(engine):
    return {"legal": engine.ask("legal"), "state": engine.state()}


def outcome(answer):
    """'=' for a success, else the refusal's reason (messages are free text)."""
    return "=" if answer.startswith("=") else " ".join(answer.split()[:2])


def play_game(ref, cand, rules, rng):
    """Plays one game; returns (moves, differences) with differences empty when they agree."""
    for engine in (ref, cand):
        answer = engine.ask("rules " + rules)
        if not answer.startswith("="):
            return [], [f"rules {rules}: {engine.name}: {answer}"]
    moves = []
    while True:
        a, b = snapshot(ref), snapshot(cand)
        found = differences(a, b)
        if found or a["state"].get("status") != "playing":
            return moves, found
        legal = a["legal"].lstrip("= ").split()
        if not legal:
            return moves, [f"reference {ref.name}: no legal ply in a playing game"]
        move = rng.choice(legal)
        answers = [engine.ask("play " + move) for engine in (ref, cand)]
        moves.append(move)
        if [outcome(answer) for answer in answers] != [outcome(answers[0])] * 2:
            return moves, [f"play {move}: {answers[0]!r} vs {answers[1]!r}"]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--reference", required=True)
    parser.add_argument("--candidate", required=True)
    parser.add_argument("--rules", default="hoyito2 6 4")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=5, help="differences printed in full")
    parser.add_argument("--log", default=None, help="engines' standard error (appended)")
    args = parser.parse_args(argv)
    log = open(args.log, "a") if args.log else subprocess.DEVNULL
    ref, cand = Engine(args.reference, log), Engine(args.candidate, log)
    rng = random.Random(args.seed)
    plies, differing, kinds = 0, 0, {}
    try:
        for index in range(args.games):
            moves, found = play_game(ref, cand, args.rules, rng)
            plies += len(moves)
            if not found:
                continue
            differing += 1
            for what in found:
                kind = what.split(":")[0]
                kinds[kind] = kinds.get(kind, 0) + 1
            if differing <= args.show:
                print(f"game {index}, after {len(moves)} plies: playmoves {' '.join(moves)}")
                for what in found:
                    print(f"  {what}")
    finally:
        ref.close()
        cand.close()
    print(f"{args.games} games ({args.rules}), {plies} plies played, "
          f"{args.games - differing} agree, {differing} differ"
          + (": " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())) if kinds else ""))
    print(f"reference: {ref.name}; candidate: {cand.name}")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
