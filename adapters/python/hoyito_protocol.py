"""Serve a Python game object over the hoyito engine protocol 1 (specs/engine-protocol.md).

Python 3 standard library only. Copy this file beside your engine, write a small class with the
methods below, and call serve():

    import hoyito_protocol as hp

    class MyGame:
        def set_rules(self, variant, holes, seeds, options): ...   # options: {name: value text}
        def start(self, to_move, round, previous_winner): ...
        def set_position(self, board, captured, to_move, round, previous_winner): ...
        def legal(self): return ["a", "b", ...]                   # or ["pass"]; [] once over
        def play(self, move): ...                                 # raise hp.Refusal to refuse
        def state(self): return {"board": [...], "captured": [s, n], "to_move": "south",
                                 "status": "playing", "winner": None, "plies": 0}
        # optional: events() -> list of lines, perft(depth) -> int, divide(depth) -> [(move, n)]

    hp.serve(MyGame(), name="my-engine", version="1.0", supports=["variant hoyito2 6", ...])

The module does the framing (one response per command, ended by an empty line, flushed), parses
and checks every argument (a malformed command is `? syntax`, an unknown one `? unknown_command`),
turns a Refusal into `? REASON MESSAGE` and any other exception into `? internal` (the traceback
goes to standard error), and never stops on bad input. The game object sees only clean values:
`set_rules` gets a known variant, 6 or 12 holes, 1..10 seeds, and option names hoyito knows.
"""

import subprocess
import sys
import traceback

PROTOCOL_VERSION = 1
MAX_LINE = 65536  # bytes; a longer command line is refused and skipped (the spec's response bound)

REASONS = ("illegal", "endless", "undecided", "game_over", "invalid", "unsupported",
           "unknown_command", "syntax", "internal")
VARIANTS = ("hoyito1", "hoyito2", "hoyito3")
PLAYERS = ("south", "north")
WINNERS = ("south", "north", "draw", "null")
# The options of the rules configuration (specs/open-questions.md), each with its default.
OPTION_DEFAULTS = {
    "skip_origin": "false", "capture_sides": "both", "four_at_lap_end": "capture",
    "chain": "clockwise_both_rows", "extra_move_without_seeds": "pass",
    "endless_sowing": "illegal", "endless_game": "ply_limit", "ply_limit": "5000",
    "drawn_previous_last_four": "capturer", "match_starter": "alternate",
    "hoyito3_2x12": "extension", "equal_captures": "draw", "hoyito3_single_game": "round_1",
    "hoyito1_end": "after_move", "no_seeds": "pass", "lap_limit": "2000000000",
}
BASE_COMMANDS = ("protocol_version", "name", "version", "list_commands", "supports", "rules",
                 "start", "position", "legal", "play", "playmoves", "state", "quit")
OPTIONAL_COMMANDS = ("events", "perft", "divide")  # offered when the game object has the method


class Refusal(Exception):
    """A command refused with one of the protocol's reasons (`? REASON MESSAGE`)."""

    def __init__(self, reason, message=""):
        assert reason in REASONS, reason
        super().__init__(message)
        self.reason = reason
        self.message = message


def log(*parts):
    print(*parts, file=sys.stderr, flush=True)


# ---- parsing of arguments -------------------------------------------------------------------

def parse_int(text, what, low, high, reason="invalid"):
    """A decimal whole number (digits, an optional '-'): not one is `syntax`; one out of
    [low, high] (a negative count, seeds per hole 11) is `reason`, `invalid` unless said
    (the refusal table of specs/engine-protocol.md)."""
    digits = text[1:] if text.startswith("-") else text
    if not digits.isascii() or not digits.isdigit():
        raise Refusal("syntax", f"{what}: '{text}' is not a whole number")
    value = int(text)
    if not low <= value <= high:
        raise Refusal(reason, f"{what}: {value} is not in {low}..{high}")
    return value


def parse_fields(args, command):
    """NAME=VALUE words as a dict; a word without '=' or a name given twice is `syntax`."""
    fields = {}
    for word in args:
        name, eq, value = word.partition("=")
        if not eq or not name or not value:
            raise Refusal("syntax", f"{command}: '{word}' is not NAME=VALUE")
        if name in fields:
            raise Refusal("syntax", f"{command}: {name} given twice")
        fields[name] = value
    return fields


def check_keys(fields, allowed, required, command):
    for key in fields:
        if key not in allowed:
            raise Refusal("syntax", f"{command}: unknown key '{key}'")
    for key in required:
        if key not in fields:
            raise Refusal("syntax", f"{command}: {key}= is required")


def parse_counts(text, what, length=None):
    """Comma-separated whole numbers (board=, captured=)."""
    counts = [parse_int(part, what, 0, 10**9, "invalid") for part in text.split(",")]
    if length is not None and len(counts) != length:
        raise Refusal("syntax", f"{what}: {len(counts)} entries, expected {length}")
    return counts


def parse_choice(text, choices, what):
    if text not in choices:
        raise Refusal("syntax", f"{what}: '{text}' is not one of {' '.join(choices)}")
    return text


def ply_limit_only(options, who, played=()):
    """The ply_limit of `rules` options; any other option off its default is `unsupported`,
    except those named in `played` (the engine reads them itself).

    For engines that play hoyito's default reading and let only the ply limit (END-3) be set."""
    ply_limit = 5000
    for name, value in options.items():
        if name == "ply_limit":
            ply_limit = parse_int(value, "ply_limit", 1, 1000000)
        elif name not in played and value != OPTION_DEFAULTS[name]:
            raise Refusal("unsupported", f"option {name}: value {value} ({who} plays the default only)")
    return ply_limit


def parse_round(fields):
    """round= and previous_winner= of `start` and `position` (Q-R), defaults 1 and null."""
    rnd = parse_int(fields.get("round", "1"), "round", 1, 10**6)
    prev = parse_choice(fields.get("previous_winner", "null"), WINNERS, "previous_winner")
    return rnd, (None if prev == "null" else prev)


# ---- the server ------------------------------------------------------------------------------

class Server:
    """One protocol session around one game object."""

    def __init__(self, game, name, version, supports):
        self.game, self.name, self.version = game, name, version
        self.supports = list(supports)
        self.holes = 6  # of the current rules: board= and moves are checked against it
        self.done = False
        self.commands = list(BASE_COMMANDS) + [c for c in OPTIONAL_COMMANDS if hasattr(game, c)]

    def answer(self, line):
        """The full response (ending with the empty line) to one command line."""
        words = line.split()
        name, args = words[0], words[1:]
        try:
            if name not in self.commands:
                raise Refusal("unknown_command", f"unknown command '{name}'")
            content = getattr(self, "cmd_" + name)(args)
            lines = content if isinstance(content, list) else [content]
            return "=" + (" " + lines[0] if lines and lines[0] else "") + "".join(
                "\n" + extra for extra in lines[1:]) + "\n\n"
        except Refusal as refusal:
            return f"? {refusal.reason} {one_line(refusal.message)}".rstrip() + "\n\n"
        except Exception as error:  # a bug of the engine: reported, the session goes on
            log(traceback.format_exc())
            return f"? internal {name}: {one_line(repr(error))}\n\n"

    def no_args(self, args, name):
        if args:
            raise Refusal("syntax", f"{name} takes no arguments")

    def cmd_protocol_version(self, args):
        self.no_args(args, "protocol_version")
        return str(PROTOCOL_VERSION)

    def cmd_name(self, args):
        self.no_args(args, "name")
        return self.name

    def cmd_version(self, args):
        self.no_args(args, "version")
        return self.version

    def cmd_list_commands(self, args):
        self.no_args(args, "list_commands")
        return self.commands

    def cmd_supports(self, args):
        self.no_args(args, "supports")
        return self.supports

    def cmd_quit(self, args):
        self.no_args(args, "quit")
        self.done = True
        return ""

    def cmd_rules(self, args):
        if len(args) < 3:
            raise Refusal("syntax", "usage: rules VARIANT HOLES SEEDS [NAME=VALUE ...]")
        if args[0] not in VARIANTS:
            raise Refusal("invalid", f"rules: unknown variant '{args[0]}'")
        holes = parse_int(args[1], "rules HOLES", 6, 12)
        if holes not in (6, 12):
            raise Refusal("invalid", f"rules HOLES: {holes} (6 or 12)")
        seeds = parse_int(args[2], "rules SEEDS", 1, 10)
        options = parse_fields(args[3:], "rules")
        check_keys(options, OPTION_DEFAULTS, (), "rules")
        self.game.set_rules(args[0], holes, seeds, options)
        self.holes = holes
        return ""

    def cmd_start(self, args):
        fields = parse_fields(args, "start")
        check_keys(fields, ("to_move", "round", "previous_winner"), (), "start")
        to_move = parse_choice(fields.get("to_move", "south"), PLAYERS, "to_move")
        self.game.start(to_move, *parse_round(fields))
        return ""

    def cmd_position(self, args):
        fields = parse_fields(args, "position")
        check_keys(fields, ("board", "captured", "to_move", "round", "previous_winner"),
                   ("board", "captured", "to_move"), "position")
        board = parse_counts(fields["board"], "board", 2 * self.holes)
        captured = parse_counts(fields["captured"], "captured", 2)
        to_move = parse_choice(fields["to_move"], PLAYERS, "to_move")
        self.game.set_position(board, captured, to_move, *parse_round(fields))
        return ""

    def cmd_legal(self, args):
        self.no_args(args, "legal")
        return " ".join(self.game.legal())

    def check_move(self, move):
        """A token of specs/notation.md naming a hole of this board, or pass."""
        letters = "abcdefghijkl"[: self.holes]
        if move != "pass" and not (len(move) == 1 and move.lower() in letters):
            raise Refusal("illegal", f"move {move}: not a hole of a 2x{self.holes} board")

    def play_one(self, move):
        self.check_move(move)
        status = self.game.state()["status"]
        if status != "playing":
            raise Refusal("game_over", f"move {move}: the game is over ({status})")
        self.game.play(move)

    def cmd_play(self, args):
        if len(args) != 1:
            raise Refusal("syntax", "usage: play MOVE")
        self.play_one(args[0])
        return ""

    def cmd_playmoves(self, args):
        for played, move in enumerate(args):
            try:
                self.play_one(move)
            except Refusal as refusal:
                raise Refusal(refusal.reason, f"played={played} {refusal.message}") from None
        return str(len(args))

    def cmd_state(self, args):
        self.no_args(args, "state")
        return format_state(self.game.state())

    def cmd_events(self, args):
        self.no_args(args, "events")
        return list(self.game.events())

    def depth(self, args, name):
        if len(args) != 1:
            raise Refusal("syntax", f"usage: {name} DEPTH")
        return parse_int(args[0], f"{name} DEPTH", 0, 20, "syntax")

    def cmd_perft(self, args):
        return str(self.game.perft(self.depth(args, "perft")))

    def cmd_divide(self, args):
        return [f"{move} {count}" for move, count in self.game.divide(self.depth(args, "divide"))]


def format_state(state):
    """The state line (KEY=VALUE words); None is written null, lists comma-separated."""
    def text(value):
        if value is None:
            return "null"
        if isinstance(value, (list, tuple)):
            return ",".join(str(v) for v in value)
        return str(value)
    return " ".join(f"{key}={text(value)}" for key, value in state.items())


def one_line(text):
    """A message kept to one line: control characters written as escapes."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(text))


def read_lines(stream):
    """Command lines as text; a line past MAX_LINE is yielded as None (and skipped to its end)."""
    while True:
        raw = stream.readline(MAX_LINE + 1)
        if not raw:
            return
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            while raw and not raw.endswith(b"\n"):  # skip the rest of the long line
                raw = stream.readline(MAX_LINE)
            yield None
            continue
        yield raw.decode("utf-8", errors="replace").rstrip("\n").rstrip("\r")


class Client:
    """The other end: an engine process asked one command at a time (tests, compare_engines)."""

    def __init__(self, argv, stderr=subprocess.DEVNULL):
        self.argv = argv
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=stderr, text=True)

    def ask(self, command):
        """The response's lines, without the empty line that ends it."""
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"{' '.join(self.argv)}: no answer to {command!r} "
                                   f"(exit {self.proc.poll()})")
            if line == "\n":
                return lines
            lines.append(line.rstrip("\n"))

    def close(self):
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()


def serve(game, name, version, supports, stdin=None, stdout=None):
    """Answer protocol commands from stdin on stdout until `quit` or the end of input."""
    stdin = stdin or sys.stdin.buffer
    stdout = stdout or sys.stdout.buffer  # bytes: the locale's encoding cannot make us fail
    server = Server(game, name, version, supports)
    log(f"{name} {version}: serving hoyito engine protocol {PROTOCOL_VERSION}")
    for line in read_lines(stdin):
        if line is None:
            response = f"? syntax a command line longer than {MAX_LINE} bytes\n\n"
        elif not line.split():
            continue  # blank lines are no commands (as in GTP)
        else:
            response = server.answer(line)
        stdout.write(response.encode("utf-8", errors="replace"))
        stdout.flush()
        if server.done:
            break
    return 0
