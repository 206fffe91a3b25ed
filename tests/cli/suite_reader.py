#!/usr/bin/env python3
"""Replays a hoyito conformance suite (specs/suite.md) against an engine that speaks the engine
protocol (specs/engine-protocol.md).

    python3 tests/cli/suite_reader.py SUITE_DIR -- ENGINE_COMMAND ARGS...

Written from the two specifications alone, with the standard library only: it imports nothing of
hoyito, so that a bug shared with hoyito's own protocol client cannot hide here. Prints one line
per failure, then `N passed, M failed, K skipped`; exits 1 when anything failed, 2 on bad input.
"""
import json
import os
import select
import subprocess
import sys
import time

SUITE_VERSION = 1
TIMEOUT = 10.0            # seconds per command (perft and divide get ten times that)
MAX_LINE = 65536
FALLBACK_PERFT_DEPTH = 3  # counting through legal/play is slow: deeper counts are skipped
DEFAULTS = {"round": 1, "previous_winner": None}


class EngineError(Exception):
    """The engine broke the protocol: hung, crashed, or answered something that is no response."""


class Engine:
    def __init__(self, command):
        self.command = command
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, start_new_session=True)
        self.buffer = b""

    def _line(self, deadline):
        while b"\n" not in self.buffer:
            if len(self.buffer) > MAX_LINE:
                raise EngineError("a response line longer than %d bytes" % MAX_LINE)
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self.process.stdout], [], [], max(left, 0))
            if not ready:
                raise EngineError("no response within the time limit")
            chunk = os.read(self.process.stdout.fileno(), 65536)
            if not chunk:
                raise EngineError("the engine closed its output (exit status %s)" % self.process.poll())
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode("utf-8", "replace").rstrip("\r")

    def ask(self, line, timeout=TIMEOUT):
        """(True, content lines) on success, (False, reason, message) on a refusal."""
        try:
            self.process.stdin.write((line + "\n").encode())
            self.process.stdin.flush()
        except OSError as e:
            raise EngineError("cannot write '%s': %s" % (line, e))
        deadline = time.monotonic() + timeout
        lines = []
        while True:
            text = self._line(deadline)
            if text == "":
                break
            lines.append(text)
        if not lines:
            raise EngineError("'%s': an empty response" % line)
        first = lines[0]
        if first.startswith("?"):
            words = first[1:].strip().split(" ", 1)
            return (False, words[0], words[1] if len(words) > 1 else "")
        if first != "=" and not first.startswith("= "):
            raise EngineError("'%s': the response starts with %r" % (line, first[:80]))
        content = [first[2:]] if first != "=" else []
        return (True, [l for l in content if l] + lines[1:])

    def ok(self, line, timeout=TIMEOUT):
        answer = self.ask(line, timeout)
        if not answer[0]:
            raise Refused(line, answer[1], answer[2])
        return answer[1]

    def close(self):
        try:
            self.ask("quit", 2)
        except (EngineError, Refused):
            pass
        try:
            self.process.stdin.close()
            self.process.wait(2)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()


class Refused(Exception):
    def __init__(self, command, reason, message):
        super().__init__("'%s' refused: %s %s" % (command, reason, message))
        self.reason = reason


class Capabilities:
    """What `supports` lists (specs/engine-protocol.md "supports")."""

    def __init__(self, lines):
        self.variants, self.options, self.features = {}, {}, set()
        self.seeds = (4, 4)
        for line in lines:
            words = line.split()
            if words[:1] == ["variant"] and len(words) > 1:
                self.variants[words[1]] = set(words[2:])
            elif words[:1] == ["seeds"] and len(words) == 2 and ".." in words[1]:
                low, high = words[1].split("..")
                self.seeds = (int(low), int(high))
            elif words[:1] == ["option"] and len(words) > 1:
                self.options[words[1]] = words[2:]
            elif words[:1] == ["feature"]:
                self.features.update(words[1:])

    def option_ok(self, name, value):
        for allowed in self.options.get(name, []):
            if ".." in allowed:
                low, high = allowed.split("..")
                if value.isdigit() and int(low) <= int(value) <= int(high):
                    return True
            elif allowed == value:
                return True
        return False

    def why_not(self, rules_command):
        """None when the engine supports the configuration, else why not."""
        words = rules_command.split()
        variant, holes, seeds = words[1], words[2], int(words[3])
        if variant not in self.variants or holes not in self.variants[variant]:
            return "%s on 2x%s not supported" % (variant, holes)
        if not self.seeds[0] <= seeds <= self.seeds[1]:
            return "%d seeds per hole not supported" % seeds
        for word in words[4:]:
            name, value = word.split("=", 1)
            if not self.option_ok(name, value):
                return "option %s=%s not supported" % (name, value)
        return None


class Tally:
    def __init__(self):
        self.passed = self.failed = self.skipped = 0

    def fail(self, what, why):
        self.failed += 1
        print("FAIL %s: %s" % (what, why))

    def skip(self, what, why, quiet=False):
        self.skipped += 1
        if not quiet:
            print("skip %s: %s" % (what, why))


def board_text(values):
    return ",".join(str(v) for v in values)


def winner_text(winner):
    return "null" if winner is None else winner


def state_of(engine):
    lines = engine.ok("state")
    return dict(word.split("=", 1) for word in " ".join(lines).split() if "=" in word)


def state_difference(expected, state):
    """The first key where the engine's state differs from the expected one, or None."""
    wanted = {"board": board_text(expected["board"]), "captured": board_text(expected["captured"]),
              "to_move": expected["to_move"]}
    for key in ("status", "plies"):
        if key in expected:
            wanted[key] = str(expected[key])
    if "winner" in expected:
        wanted["winner"] = winner_text(expected["winner"])
    for key, value in wanted.items():
        if state.get(key) != value:
            return "%s is %s, expected %s" % (key, state.get(key), value)
    return None


def round_words(rules):
    words = []
    if rules.get("variant") == "hoyito3":
        if rules.get("round", 1) != 1:
            words.append("round=%d" % rules["round"])
        if rules.get("previous_winner") is not None:
            words.append("previous_winner=%s" % rules["previous_winner"])
    return words


def position_command(position, rules):
    return " ".join(["position", "board=" + board_text(position["board"]),
                     "captured=" + board_text(position["captured"]), "to_move=" + position["to_move"]]
                    + round_words(rules))


def legal_of(engine):
    return " ".join(engine.ok("legal")).split()


class Reader:
    def __init__(self, suite, command):
        self.suite, self.command = suite, command
        self.tally = Tally()
        self.engine = None
        self.start_engine()

    def start_engine(self):
        if self.engine is not None:
            self.engine.process.kill()
            self.engine.process.wait()
        self.engine = Engine(self.command)
        version = self.engine.ok("protocol_version")
        if version != ["1"]:
            raise EngineError("protocol_version answered %r, expected 1" % version)
        self.caps = Capabilities(self.engine.ok("supports"))

    def setup(self, rules_command, rules, position=None):
        """Sets the rules and the start; returns why the engine cannot, or None."""
        why = self.caps.why_not(rules_command)
        if why is None and round_words(rules) and "rounds" not in self.caps.features:
            why = "Hoyito III rounds (feature rounds) not offered"
        if why:
            return why
        answer = self.engine.ask(rules_command)
        if not answer[0]:
            return "%s: %s %s" % (rules_command, answer[1], answer[2])
        if position is not None:
            self.engine.ok(position_command(position, rules))
        elif round_words(rules):
            self.engine.ok(" ".join(["start"] + round_words(rules)))
        return None

    def check(self, what, run):
        """Runs one check: run() returns None (pass), a failure text, or ("skip", why)."""
        try:
            outcome = run()
        except Refused as e:
            outcome = str(e)
        except EngineError as e:
            outcome = "engine: %s" % e
            try:
                self.start_engine()
            except (OSError, EngineError, Refused) as again:
                self.tally.fail(what, outcome)
                sys.exit("suite_reader: the engine cannot be restarted: %s" % again)
        if outcome is None:
            self.tally.passed += 1
        elif isinstance(outcome, tuple):
            self.tally.skip(what, outcome[1], quiet=len(outcome) > 2)
        else:
            self.tally.fail(what, outcome)

    # perft.json ---------------------------------------------------------------------------
    def count_by_playing(self, rules, position, path, depth):
        if depth == 0:
            return 1
        self.engine.ok(position_command(position, rules))
        for move in path:
            self.engine.ok("play " + move)
        total = 0
        for move in legal_of(self.engine):
            total += self.count_by_playing(rules, position, path + [move], depth - 1)
        return total

    def perft_entry(self, config, entry):
        rules, position = config["rules"], entry["position"]
        why = self.setup(config["rules_command"], rules, position)
        if why:
            return ("skip", why)
        fast = "perft" in self.caps.features
        for depth, expected in enumerate(entry["counts"], start=1):
            if fast:
                got = int(self.engine.ok("perft %d" % depth, TIMEOUT * 10)[0])
            elif depth <= FALLBACK_PERFT_DEPTH:
                got = self.count_by_playing(rules, position, [], depth)
            else:
                break
            if got != expected:
                return "depth %d: %d, expected %d" % (depth, got, expected)
        if "divide" in self.caps.features:
            self.engine.ok(position_command(position, rules))
            got = [line.split() for line in self.engine.ok("divide %d" % entry["divide_depth"], TIMEOUT * 10)]
            wanted = [[d["move"], str(d["count"])] for d in entry["divide"]]
            if got != wanted:
                return "divide %d: %s, expected %s" % (entry["divide_depth"], got, wanted)
        return None

    def run_perft(self, document):
        for config in document["configurations"]:
            for entry in config["positions"]:
                self.check("perft %s, %s" % (config["rules_command"], entry["name"]),
                           lambda c=config, e=entry: self.perft_entry(c, e))

    # playthroughs.json --------------------------------------------------------------------
    def playthrough(self, game):
        why = self.setup(game["rules_command"], game["rules"])
        if why:
            return ("skip", why)
        for k, ply in enumerate(game["plies"]):
            legal = legal_of(self.engine)
            if legal != ply["legal"]:
                return "ply %d: legal %s, expected %s" % (k + 1, legal, ply["legal"])
            self.engine.ok("play " + ply["move"])
            difference = state_difference(ply["after"], state_of(self.engine))
            if difference:
                return "after ply %d (%s): %s" % (k + 1, ply["move"], difference)
        return None

    def run_playthroughs(self, document):
        for game in document["games"]:
            self.check("playthrough %s seed %d" % (game["rules_command"], game["seed"]),
                       lambda g=game: self.playthrough(g))

    # scenarios.json -----------------------------------------------------------------------
    @staticmethod
    def scenario_rules_command(rules):
        words = ["rules", rules["variant"], str(rules["holes_per_row"]), str(rules.get("seeds_per_hole", 4))]
        for name, value in sorted(rules.get("options", {}).items()):
            words.append("%s=%s" % (name, str(value).lower() if isinstance(value, bool) else value))
        return " ".join(words)

    def events_difference(self, expected):
        got = [dict(w.split("=", 1) for w in line.split() if "=" in w) for line in self.engine.ok("events")]
        if len(got) != len(expected):
            return "%d events, expected %d" % (len(got), len(expected))
        for i, (g, e) in enumerate(zip(got, expected)):
            for key, value in e.items():
                text = winner_text(value) if key == "winner" else str(value)
                if g.get(key) != text:
                    return "event %d (%s): %s is %s, expected %s" % (i + 1, e["event"], key, g.get(key), text)
        return None

    def scenario_step(self, k, step):
        if "legal" in step:
            legal = legal_of(self.engine)
            if legal != step["legal"]:
                return "step %d: legal %s, expected %s" % (k, legal, step["legal"])
        answer = self.engine.ask("play " + step["move"])
        if "error" in step:
            wanted = "endless" if "endless_repeat" in step else step["error"]
            if answer[0] or answer[1] != wanted:
                return "step %d: play %s gave %s, expected refusal %s" % (k, step["move"], answer[:2], wanted)
            return None
        if not answer[0]:
            return "step %d: play %s refused: %s %s" % (k, step["move"], answer[1], answer[2])
        if "events" in step and "events" in self.caps.features:
            difference = self.events_difference(step["events"])
            if difference:
                return "step %d: %s" % (k, difference)
        if "after" in step:
            difference = state_difference(step["after"], state_of(self.engine))
            if difference:
                return "after step %d (%s): %s" % (k, step["move"], difference)
        return None

    def scenario(self, scenario):
        if "match" in scenario or "start" not in scenario:
            return ("skip", "a match scenario: not expressible in the protocol", "quiet")
        rules = scenario["rules"]
        why = self.setup(self.scenario_rules_command(rules), rules, scenario["start"])
        if why:
            return ("skip", why)
        for k, step in enumerate(scenario["steps"], start=1):
            failure = self.scenario_step(k, step)
            if failure:
                return failure
        if "result" in scenario:
            result = scenario["result"]
            state = state_of(self.engine)
            for key in ("status", "captured", "winner"):
                value = result[key]
                text = board_text(value) if key == "captured" else winner_text(value)
                if state.get(key) != text:
                    return "result: %s is %s, expected %s" % (key, state.get(key), text)
        return None

    def run_scenarios(self, document):
        for scenario in document["scenarios"]:
            self.check("scenario %s" % scenario["file"], lambda s=scenario: self.scenario(s))

    # endless.json -------------------------------------------------------------------------
    def refusal_under(self, entry, extra):
        command = entry["rules_command"] + extra
        why = self.setup(command, entry["rules"], entry["position"])
        if why:
            return None
        answer = self.engine.ask("play " + entry["move"])
        return "played" if answer[0] else answer[1]

    def endless(self, entry):
        why = self.setup(entry["rules_command"], entry["rules"], entry["position"])
        if why:
            return ("skip", why)
        if entry["move"] in legal_of(self.engine):
            return "legal lists the endless move %s" % entry["move"]
        got = self.refusal_under(entry, "")
        if got != "endless":
            return "play %s: %s, expected refusal endless" % (entry["move"], got)
        # The exact cycle: decided at lap_limit = L, undecided at L - 1 (Q-LIMIT), when offered.
        laps = entry["repeating_lap"]
        for limit, wanted in ((laps, "endless"), (laps - 1, "undecided")):
            if limit >= 1 and self.caps.option_ok("lap_limit", str(limit)):
                got = self.refusal_under(entry, " lap_limit=%d" % limit)
                if got != wanted:
                    return "play %s under lap_limit=%d: %s, expected %s" % (entry["move"], limit, got, wanted)
        return None

    def run_endless(self, document):
        for i, entry in enumerate(document["positions"]):
            self.check("endless #%d %s move %s" % (i + 1, entry["rules_command"], entry["move"]),
                       lambda e=entry: self.endless(e))


def load(suite, name):
    path = os.path.join(suite, name)
    try:
        with open(path, encoding="utf-8") as f:
            document = json.load(f)
    except (OSError, ValueError) as e:
        sys.exit("suite_reader: %s: %s" % (path, e))
    if document.get("suite_version") != SUITE_VERSION:
        sys.exit("suite_reader: %s: suite_version %r, this reader reads %d"
                 % (path, document.get("suite_version"), SUITE_VERSION))
    return document


def main(argv):
    if "--" not in argv or argv.index("--") != 2 or len(argv) < 4:
        sys.exit("usage: suite_reader.py SUITE_DIR -- ENGINE_COMMAND ARGS...")
    suite, command = argv[1], argv[3:]
    documents = [(name, load(suite, name)) for name in
                 ("perft.json", "playthroughs.json", "scenarios.json", "endless.json")]
    try:
        reader = Reader(suite, command)
    except (OSError, EngineError, Refused) as e:
        sys.exit("suite_reader: cannot start %s: %s" % (" ".join(command), e))
    runs = {"perft.json": reader.run_perft, "playthroughs.json": reader.run_playthroughs,
            "scenarios.json": reader.run_scenarios, "endless.json": reader.run_endless}
    for name, document in documents:
        runs[name](document)
    reader.engine.close()
    t = reader.tally
    print("%d passed, %d failed, %d skipped" % (t.passed, t.failed, t.skipped))
    return 1 if t.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
