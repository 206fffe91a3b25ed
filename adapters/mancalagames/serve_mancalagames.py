#!/usr/bin/env python3
"""Serve StoneShark/MancalaGames' Hoyito I and Hoyito II over the hoyito engine protocol.

MancalaGames (https://github.com/StoneShark/MancalaGames, GPL) is not part of this repository:
name a checkout of it with the environment variable MANCALAGAMES_DIR. This adapter only
translates between the protocol and MancalaGames' own game objects; whatever MancalaGames does
is what the adapter reports (it fixes nothing).

    MANCALAGAMES_DIR=/path/to/MancalaGames python3 adapters/mancalagames/serve_mancalagames.py
    ... serve_mancalagames.py --matched     (its settings matched to hoyito's reading)

Without --matched the games are built from its GameProps/Hoyito_I.txt and Hoyito_II.txt as
shipped. With --matched (or MANCALAGAMES_MATCHED=1) the settings for which MancalaGames has a
parameter are set to hoyito's defaults: see MATCHED below and README.md.

Translation (MancalaGames' board comment in src/mancala.py and hoyito's BRD-4):
- its board index (loc) 0..2N-1 runs counterclockwise, bottom row left to right, then top row
  right to left: the same order as hoyito's holes; its bottom player (turn False) is South.
- its move is a position on the mover's row from the display's left: South's pos p is hoyito's
  hole p; North's pos p is loc 2N-1-p, hoyito's letter N-1-p.
- its stores are hoyito's captured counts (it has stores only to hold captured seeds).
- the end of its round or game is hoyito's end of the game (status finished); its winner is
  reported as it gives it. Its pass token is hoyito's `pass`.
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "python"))
import hoyito_protocol as hp  # noqa: E402

VARIANT_FILES = {"hoyito1": "Hoyito_I.txt", "hoyito2": "Hoyito_II.txt"}
PLAYERS = ("south", "north")
LETTERS = "abcdefghijkl"

# hoyito's options that are settings of its Hoyito files: {option: {value: (parameter, its value)}}.
READINGS = {
    "capture_sides": {"both": ("capt_side", 0),        # BOTH: a casa on either row (G2 both)
                      "opponent": ("capt_side", 1)},   # OPP_SIDE: on the opponent's row only
    "no_seeds": {"pass": ("mustpass", True),           # a player without seeds passes (PASS-1)
                 "round_ends": ("mustpass", False)},   # without seeds the round ends (END-4)
}
# What its files play as shipped, in those options (GameProps/Hoyito_I.txt, Hoyito_II.txt).
SHIPPED = {
    "hoyito1": {"capture_sides": "both", "no_seeds": "round_ends"},
    "hoyito2": {"capture_sides": "opponent", "no_seeds": "round_ends"},
}
# Not changed: rounds stays NO_MOVES. With mustpass a round only ends when the board is cleared
# (its PICKLASTSEEDS, END-II-1), so a game is one round; NO_ROUNDS would instead end the game as
# soon as a player holds more than half the seeds (its ClearWinner), before END-1.
NO_ENDLESS_WHY = "its 'no endless sows' switch: an endless move is not legal (SOW-6 illegal)"


def fail(message):
    print(f"serve_mancalagames: {message}", file=sys.stderr)
    sys.exit(2)


def load_mancalagames():
    """Its modules, from the checkout named by MANCALAGAMES_DIR, imported headless."""
    root = os.environ.get("MANCALAGAMES_DIR")
    if not root:
        fail("MANCALAGAMES_DIR is not set: set it to a checkout of StoneShark/MancalaGames")
    src = os.path.join(root, "src")
    if not os.path.isfile(os.path.join(src, "mancala.py")):
        fail(f"MANCALAGAMES_DIR={root}: no src/mancala.py there (not a MancalaGames checkout)")
    sys.path.insert(0, src)
    try:
        import animator  # its module imports tkinter; no window is opened
        import game_info
        import game_logger
        import man_config
    except ImportError as error:
        fail(f"cannot import MancalaGames from {src}: {error} (Debian: apt-get install python3-tk)")
    animator.ENABLED = False  # no animation, as its own analysis scripts do
    game_logger.game_log.active = False
    return os.path.join(root, "GameProps"), man_config, game_info


class MancalaGamesHoyito:
    """The game object served by hoyito_protocol, around one MancalaGames game."""

    def __init__(self, props_dir, man_config, gi, matched, overrides=None):
        self.props_dir, self.man_config, self.gi, self.matched = props_dir, man_config, gi, matched
        self.overrides = overrides or {}  # --set NAME=VALUE: one setting at a time, to study it
        self.ply_limit = 5000
        self.build("hoyito2", 6, SHIPPED["hoyito2"])
        self.start("south", 1, None)

    # -- configuration --

    def build(self, variant, holes, readings):
        config = self.man_config.read_game(os.path.join(self.props_dir, VARIANT_FILES[variant]))
        config["game_constants"]["holes"] = holes
        if self.matched:  # the settings for hoyito's readings asked for
            for option, value in readings.items():
                parameter, setting = READINGS[option][value]
                config["game_info"][parameter] = setting
        settings = dict(self.overrides)
        no_endless = settings.pop("no_endless", self.matched)  # a switch of its UI, not game_info
        config["game_info"].update(settings)
        self.game = self.man_config.game_from_config(config)
        self.game.disallow_endless(bool(no_endless))
        self.holes = holes
        log_settings(variant, holes, self.game.info, self.matched)

    def readings(self, variant, options):
        """hoyito's capture_sides and no_seeds asked for; as shipped, only its files' own."""
        asked = {name: options.get(name, hp.OPTION_DEFAULTS[name]) for name in READINGS}
        if not self.matched and asked != SHIPPED[variant]:
            own = " ".join(f"{name}={value}" for name, value in SHIPPED[variant].items())
            raise hp.Refusal("unsupported", f"{variant} as shipped plays {own} (--matched sets "
                                            f"its settings to the options asked)")
        return asked

    def set_rules(self, variant, holes, seeds, options):
        if variant not in VARIANT_FILES:
            raise hp.Refusal("unsupported", f"variant {variant}: MancalaGames has Hoyito I and II")
        if seeds != 4:
            raise hp.Refusal("unsupported", f"seeds {seeds}: served with its 4 a hole only")
        ply_limit = hp.ply_limit_only(options, "this adapter", played=READINGS)
        readings = self.readings(variant, options)
        try:
            self.build(variant, holes, readings)
        except Exception as error:  # its rule checker refusing the configuration
            raise hp.Refusal("unsupported", f"MancalaGames refuses {variant} 2x{holes}: {error}")
        self.ply_limit = ply_limit
        self.start("south", 1, None)

    def start(self, to_move, round_, previous_winner):
        self.set_position([4] * (2 * self.holes), [0, 0], to_move, round_, previous_winner)

    def set_position(self, board, captured, to_move, round_, previous_winner):
        if round_ != 1 or previous_winner is not None:
            raise hp.Refusal("invalid", "Hoyito I and II have no rounds (Q-R)")
        if sum(board) + sum(captured) != 8 * self.holes:
            raise hp.Refusal("invalid", f"position: the seeds do not add up to {8 * self.holes}")
        if sum(board) == 0:
            raise hp.Refusal("invalid", "position: an empty board (END-1)")
        game = self.game
        game.new_game()  # resets its move counters, blocks, move data
        game.board, game.store = list(board), list(captured)
        game.turn = game.starter = (to_move == "north")
        game.mdata = None
        self.status, self.winner, self.plies = "playing", None, 0

    # -- moves --

    def move_name(self, pos):
        """Its position on the mover's row to hoyito's letter."""
        if pos == self.gi.PASS_TOKEN:
            return "pass"
        if not self.game.turn:
            return LETTERS[pos]
        return LETTERS[self.holes - 1 - pos].upper()

    def legal(self):
        if self.status != "playing":
            return []
        names = [self.move_name(pos) for pos in self.game.get_moves()]
        return sorted(names, key=sowing_order)

    def play(self, move):
        moves = {self.move_name(pos): pos for pos in self.game.get_moves()}
        if move not in moves:
            raise hp.Refusal("illegal", f"move {move}: MancalaGames does not allow it here "
                                        f"(it allows {' '.join(sorted(moves, key=sowing_order))})")
        cond = self.game.move(moves[move])
        self.plies += 1
        if cond and (cond.is_game_over() or cond.is_round_over()):
            self.finish(cond)
        elif self.plies >= self.ply_limit:
            self.status = "unterminated"  # END-3: the adapter's ply limit, not MancalaGames'

    def finish(self, cond):
        self.status = "finished"
        if cond.is_tie():
            self.winner = "draw"
        else:
            self.winner = PLAYERS[int(bool(self.game.mdata.winner))]

    def state(self):
        return {"board": list(self.game.board), "captured": list(self.game.store),
                "to_move": PLAYERS[int(bool(self.game.turn))], "status": self.status,
                "winner": self.winner, "plies": self.plies}


def sowing_order(name):
    """hoyito's order of legal plies: South's a.. then North's A.., pass alone."""
    return (name.isupper(), name)


def log_settings(variant, holes, info, matched):
    keys = ("capt_side", "mustpass", "rounds", "round_fill", "blocks", "multicapt", "capt_rturn",
            "mlaps", "sow_rule", "pickextra", "capt_on", "capt_dir")
    settings = " ".join(f"{key}={getattr(info, key)!s}" for key in keys)
    hp.log(f"MancalaGames {variant} 2x{holes} ({'matched' if matched else 'as shipped'}): {settings}")


def parse_args(args):
    """--matched and --set NAME=VALUE (a JSON value: 0, true, [4]) of its game_info."""
    matched, overrides = os.environ.get("MANCALAGAMES_MATCHED") == "1", {}
    usage = "usage: serve_mancalagames.py [--matched] [--set NAME=VALUE ...]"
    while args:
        arg = args.pop(0)
        if arg == "--matched":
            matched = True
        elif arg == "--set" and args and "=" in args[0]:
            name, value = args.pop(0).split("=", 1)
            try:
                overrides[name] = json.loads(value)
            except ValueError:
                fail(f"--set {name}={value}: the value is not JSON ({usage})")
        else:
            fail(f"unknown argument {arg} ({usage})")
    return matched, overrides


def main(argv):
    matched, overrides = parse_args(list(argv[1:]))
    protocol_out = sys.stdout.buffer
    sys.stdout = sys.stderr  # anything MancalaGames prints goes to the log, not the protocol
    props_dir, man_config, gi = load_mancalagames()
    game = MancalaGamesHoyito(props_dir, man_config, gi, matched, overrides)
    supports = ["variant hoyito1 6 12", "variant hoyito2 6 12", "seeds 4..4",
                "option ply_limit 1..1000000", "feature playmoves"]
    for option, values in READINGS.items():  # as shipped, a variant refuses the other's values
        supports.append(f"option {option} {' '.join(values)}")
    name = "mancalagames-hoyito" + ("-matched" if matched else "")
    return hp.serve(game, name=name, version=mancalagames_version(), supports=supports,
                    stdout=protocol_out)


def mancalagames_version():
    """Its version as its checkout says (the git commit when it is a git work tree)."""
    root = os.environ.get("MANCALAGAMES_DIR", "")
    head = os.path.join(root, ".git", "HEAD")
    return "checkout" if not os.path.isfile(head) else open(head).read().strip()[-12:]


if __name__ == "__main__":
    sys.exit(main(sys.argv))
