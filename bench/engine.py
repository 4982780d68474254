"""The engine's strength (issue 41, docs/engine.md "Measured"): matches at equal time (or playouts)
per move, sides alternating, win rates with their 95% confidence intervals and playouts per second.

    python bench/engine.py --game hex --against openspiel --time 0.1 --games 20
    python bench/engine.py --game amazons --against openspiel --time 1 --games 10
    python bench/engine.py --game othello --against openspiel --time 0.1 --games 40
    python bench/engine.py --game batalo --against self --time 1 --b-time 0.1 --games 20
    python bench/engine.py --game billo --against random --time 0.1 --games 50
    python bench/engine.py --game hex --against self --playouts 300 --a rave=0.1 --games 40

``--against``: ``openspiel`` (OpenSpiel's C++ MCTS, ``pyspiel.MCTSBot`` with random rollouts, at
the same wall time a move, on its own Hex, Amazons (10×10) or Othello (8×8);
``pip install .[engine-bench]``), ``self`` (the engine with
the ``--b`` settings and ``--b-time``), ``random`` (a uniform random legal move). ``--a``/``--b``
set the two sides' :class:`~pbmkit.engine.Settings` (``rave=0.1``, ``solver=0``, ``reuse=0``,
``exploration=1.0``, ``playout_plies=200``, ``cutoff=8``). Every game is checked move by move by
the rules core; against OpenSpiel by both rules (each side's move must be legal in both, and both
must agree where the game ends and who won), a disagreement stopping the match with a message.
Amazons' turn is three of OpenSpiel's decisions (the queen, its square, the arrow): its bot
searches each with a third of the simulations a move (docs/engine.md, "Against OpenSpiel").
"""

from __future__ import annotations

import argparse
import math
import random
import re
import signal
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from types import FrameType
from typing import Any, TypeVar

from openspiel_agreement import DECISIONS, amazons_square, move_text, winner  # one mapping of actions

from pbmkit.engine import Engine, Limits, Settings
from pbmkit.games import get_game
from pbmkit.games.base import AnyGame

Player = Callable[[Any], Any]
"""A player: the move it plays in a position (the game's own move). One with an ``observe(position,
move)`` method is also told every move played, both sides' (OpenSpiel's bot keeps its own state)."""


T = TypeVar("T")


class Disagreement(Exception):
    """pbmkit's rules and OpenSpiel's (or a player's move and the rules) differ: the match stops."""


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate (a draw counts half)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def settings_of(pairs: list[str]) -> Settings:
    """``["rave=0.1", "solver=0"]`` as :class:`Settings`."""
    kinds = {"exploration": float, "rave": float, "playout_plies": int, "cutoff": int, "solver": int,
             "reuse": int, "wide": int, "widening": float}
    values: dict[str, Any] = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        if key not in kinds:
            raise SystemExit(f"unknown setting {key!r} (known: {', '.join(kinds)})")
        values[key] = bool(int(value)) if key in ("solver", "reuse") else kinds[key](value)
    return Settings()._replace(**values)


MAX_RATE = 10_000_000.0
"""Simulations a second that OpenSpiel's bot is never asked to exceed."""


class EnginePlayer:
    """pbmkit's engine, its tree kept from move to move; counts its playouts and time."""

    def __init__(self, game: AnyGame, limits: Limits, settings: Settings, seed: int) -> None:
        self.engine: Engine[Any, Any] = Engine(game, seed=seed, settings=settings)
        self.limits = limits
        self.playouts = 0
        self.seconds = 0.0
        self.moves = 0

    def __call__(self, position: Any) -> Any:
        got = self.engine.search(position, self.limits)
        self.playouts += got.playouts
        self.seconds += got.seconds
        self.moves += 1
        return got.move


class NoSwap:
    """A game as the registry has it, without its swap move (OpenSpiel's Hex has no swap rule):
    plugged in through the contract, as any game from outside pbmkit."""

    def __init__(self, game: AnyGame) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def legal_moves(self, position: Any) -> list[Any]:
        return [m for m in self._game.legal_moves(position) if not getattr(m, "swap", False)]


class OpenSpielHex:
    """OpenSpiel's C++ MCTS (``pyspiel.MCTSBot``, random rollouts, UCT c = 2, its solver on) on its
    own Hex state, kept in step with pbmkit's position; its simulations a move set before each move
    from its speed on the move before (on the empty board at first), so that each move takes the
    given wall time as pbmkit's does (a fixed number would leave it short of time later in a game,
    where its simulations are shorter). pbmkit's cell ``r * n + f`` (rank-major from
    a1) is OpenSpiel's action ``row * size + col``, rows being ranks: the same neighbours, and both
    first players (Red, x) join the first and last rows (both must agree after each of its moves
whether it ended the game)."""

    def __init__(self, seconds: float, seed: int, rules: AnyGame | None = None) -> None:
        import pyspiel

        self.pyspiel = pyspiel
        self.rules = rules if rules is not None else get_game("hex")
        """pbmkit's Hex of the board's size (its cells rank by rank, as OpenSpiel's actions)."""
        self.game = pyspiel.load_game("hex", {"board_size": self.rules.size})
        self.evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
        self.seed = seed
        self.time = seconds
        probe = pyspiel.MCTSBot(self.game, self.evaluator, 2.0, 2000, 1000, True, seed, False)
        state = self.game.new_initial_state()
        start = time.perf_counter()
        probe.step(state)
        self.rate = min(2000 / (time.perf_counter() - start), MAX_RATE)
        """Simulations a second, on the last move."""
        self.simulations = max(10, int(seconds * self.rate))
        self.playouts = 0
        self.seconds = 0.0
        self.moves = 0

    def __call__(self, position: Any) -> Any:
        state = self.game.new_initial_state()
        # the stones in the order of play: Red's and Blue's alternately (no swap is played)
        reds = [k for k, c in enumerate(position.cells) if c == 1]
        blues = [k for k, c in enumerate(position.cells) if c == 2]
        for k in range(len(reds) + len(blues)):
            state.apply_action(reds[k // 2] if k % 2 == 0 else blues[k // 2])
        simulations = max(10, int(self.time * self.rate))
        bot = self.pyspiel.MCTSBot(self.game, self.evaluator, 2.0, simulations, 1000, True,
                                   self.seed + self.moves, False)
        start = time.perf_counter()
        action = bot.step(state)
        took = time.perf_counter() - start
        if took >= self.time / 4:
            # A search its solver ended early (a proven result, late in a game) says nothing of
            # the speed: keep the last rate (before, such a move could set ~10^9 simulations, past
            # what OpenSpiel takes, and end the match with a TypeError).
            self.rate = min(simulations / took, MAX_RATE)
        self.seconds += took
        self.playouts += simulations
        self.moves += 1
        move = hex_move(action, self.rules)
        state.apply_action(action)
        hex_game = self.rules
        if state.is_terminal() != (hex_game.outcome(hex_game.apply(position, move)) is not None):
            raise Disagreement("OpenSpiel's Hex and pbmkit's disagree on the end of a game")
        return move


class OpenSpielTurns:
    """OpenSpiel's C++ MCTS (as :class:`OpenSpielHex`) on its own Amazons or Othello, its state
    kept in step by every move played (``observe``): each of pbmkit's moves, written in pbmkit's
    notation, must be one of OpenSpiel's legal actions (read through ``move_text``, the mapping of
    bench/openspiel_agreement.py), each of OpenSpiel's, so read, legal in pbmkit's rules (checked
    by :func:`play`), and both must agree after each move whether the game ended and who won.

    Amazons' turn is three decisions in OpenSpiel (the queen, its square, the arrow), each a
    search of its own by a new bot: the simulations a move calibrated as for Hex (from the speed
    of the whole move before, the three searches' simulations over their wall time) are split
    equally between the three, so that the move takes the given wall time in all."""

    def __init__(self, name: str, seconds: float, seed: int) -> None:
        import pyspiel

        self.pyspiel = pyspiel
        self.name = name
        self.rules = get_game(name)
        self.game = pyspiel.load_game(name)
        self.evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
        self.seed = seed
        self.time = seconds
        self.decisions = DECISIONS[name]
        self.state = self.game.new_initial_state()
        self.searches = 0
        start = time.perf_counter()
        _, done = self.search(self.state.clone(), 2000 // self.decisions)
        self.rate = min(done / (time.perf_counter() - start), MAX_RATE)
        """Simulations a second, on the last move (its decisions together)."""
        self.simulations = max(10, int(seconds * self.rate / self.decisions)) * self.decisions
        """Simulations a move on the initial position (all its decisions)."""
        self.playouts = 0
        self.seconds = 0.0
        self.moves = 0

    def search(self, state: Any, simulations: int) -> tuple[list[str], int]:
        """One move's decisions searched and played on ``state``: their action strings and the
        simulations run (fewer than asked where its solver proved the result first)."""
        texts, done = [], 0
        player = state.current_player()
        for _ in range(self.decisions):
            bot = self.pyspiel.MCTSBot(self.game, self.evaluator, 2.0, simulations, 1000, True,
                                       self.seed + self.searches, False)
            self.searches += 1
            root = bot.mcts_search(state)  # what bot.step does, the simulations counted
            done += root.explore_count
            action = root.best_child().action
            texts.append(state.action_to_string(player, action))
            state.apply_action(action)
        return texts, done

    def __call__(self, position: Any) -> Any:
        simulations = max(10, int(self.time * self.rate / self.decisions))
        start = time.perf_counter()
        texts, done = self.search(self.state.clone(), simulations)
        took = time.perf_counter() - start
        if took >= self.time / 4:  # not a search its solver ended early (as for Hex)
            self.rate = min(done / took, MAX_RATE)
        self.seconds += took
        self.playouts += done
        self.moves += 1
        text = move_text(self.name, texts)
        try:
            return self.rules.notation.read(text, position)
        except ValueError as error:
            raise Disagreement(f"pbmkit cannot read OpenSpiel's move {texts} as {text!r}: "
                               f"{error}") from None

    def observe(self, position: Any, move: Any) -> None:
        """``move`` (either side's, legal in pbmkit's rules) played on OpenSpiel's state too."""
        text = self.rules.notation.format(move, position)
        state, player = self.state, self.state.current_player()
        said: list[str] = []
        # each decision's part of pbmkit's text (Amazons: the queen's square, where it goes, the
        # arrow's), found among OpenSpiel's legal actions read by the shared mapping
        for part in re.split("[-/]", text) if self.name == "amazons" else [text]:
            for action in state.legal_actions():
                read = state.action_to_string(player, action)
                if (amazons_square(read) if self.name == "amazons" else move_text(self.name, [read])) \
                        == part:
                    break
            else:
                raise Disagreement(f"OpenSpiel's {self.name} does not take pbmkit's move {text} "
                                   f"({part} after {said or 'nothing'})\n{state}")
            said.append(read)
            state.apply_action(action)
        if move_text(self.name, said) != text:
            raise Disagreement(f"pbmkit's move {text} is OpenSpiel's {said}, read back as "
                               f"{move_text(self.name, said)}")
        outcome = self.rules.outcome(self.rules.apply(position, move))
        if state.is_terminal() != (outcome is not None):
            raise Disagreement(f"after {text}, {'OpenSpiel' if state.is_terminal() else 'pbmkit'} "
                               f"ends the game of {self.name} and the other does not")
        if outcome is not None and winner(self.name, state.returns()) != outcome.winner:
            raise Disagreement(f"after {text}, OpenSpiel says {winner(self.name, state.returns())} "
                               f"won, pbmkit {outcome.winner}")


def hex_move(cell: int, game: AnyGame | None = None) -> Any:
    """pbmkit's Hex move laying a stone on ``cell`` of ``game``'s board (7 × 7 by default), read
    from its name by the notation."""
    game = game if game is not None else get_game("hex")
    return game.notation.read(game.board.name(cell), game.initial_position())


MAX_PLIES = 1000
"""A game still going after this many plies is scored a draw (Batu Khan's stones may walk back
and forth for ever: its rules have no repetition draw)."""


def play(game: AnyGame, players: tuple[Player, Player], check: bool = True,
         max_plies: int = MAX_PLIES) -> str:
    """One game from the start; the winner's side name (``"draw"`` after ``max_plies``). Every
    move checked by the rules core, then shown to the players that observe the game."""
    position = game.initial_position()
    order = tuple(game.order)
    watching = [p.observe for p in players if hasattr(p, "observe")]
    for ply in range(max_plies):
        outcome = game.outcome(position)
        if outcome is not None:
            return outcome.winner
        side = game.side_to_move(position)
        move = players[order.index(side) % 2](position)
        why = game.check_move(position, move) if check else None
        if why is not None:
            raise Disagreement(f"ply {ply + 1}, {side}'s move {move!r} is illegal in pbmkit's rules: {why}")
        for observe in watching:
            observe(position, move)
        position = game.apply(position, move)
    return "draw"


def match(game: AnyGame, make_a: Callable[[int], Any], make_b: Callable[[int], Any], games: int,
          report: Callable[[int, float], None] | None = None,
          max_plies: int = MAX_PLIES) -> tuple[float, list[Any], list[Any]]:
    """``games`` games, A playing the first side in the even ones; A's score (a draw is half) and
    the players of each game played to its end (fewer than ``games`` when the run was stopped:
    :class:`Stop`)."""
    score = 0.0
    a_players, b_players = [], []
    sides = tuple(game.order)
    for k in range(games):
        a_first = k % 2 == 0
        a, b = make_a(k), make_b(k)
        try:
            won = STOP.during(k, partial(play, game, (a, b) if a_first else (b, a), max_plies=max_plies))
        except Disagreement as error:
            raise Disagreement(f"game {k + 1}: {error}") from None
        if won is None:
            break
        a_players.append(a)
        b_players.append(b)
        a_side = sides[0] if a_first else sides[1]
        score += 0.5 if won == "draw" else 1.0 if won == a_side else 0.0
        print(f"  game {k + 1}: {'a draw' if won == 'draw' else won + ' won'} "
              f"(A played {a_side})", flush=True)
        if report is not None:
            report(k + 1, score)
    return score, a_players, b_players


class Stop:
    """Ctrl-C (SIGINT) and ``kill`` (SIGTERM) stop a bench run once :meth:`listen` was called: the
    game in progress is dropped at once, and the games played to their end are reported, with
    their interval and playouts a second (a long run may be stopped once its figure is clear).
    Between games a signal only marks the run stopped, so no figure is half counted."""

    def __init__(self) -> None:
        self.asked = False
        self.playing = False

    def listen(self) -> None:
        signal.signal(signal.SIGINT, self._asked)
        signal.signal(signal.SIGTERM, self._asked)

    def _asked(self, signum: int, frame: FrameType | None) -> None:
        self.asked = True
        if self.playing:
            raise KeyboardInterrupt

    def during(self, k: int, game: Callable[[], T]) -> T | None:
        """``game()`` (game ``k + 1`` of the run), or ``None``, said on the output, when the run
        was stopped before it ended."""
        try:
            try:
                self.playing = True
                if self.asked:
                    raise KeyboardInterrupt
                return game()
            finally:
                self.playing = False
        except KeyboardInterrupt:
            print(f"  stopped during game {k + 1}: the {k} game(s) before it count", flush=True)
            return None


STOP = Stop()
"""The benches' one :class:`Stop`."""


def loaded(game: AnyGame) -> str:
    """Where pbmkit comes from and which of its modules loaded for ``game`` are compiled (an
    editable install is pure; ``PYTHONPATH=build/compiled`` puts scripts/test_compiled.py's build
    first): the first line of every run, so that a measurement names its build."""
    game.legal_moves(game.initial_position())  # the game's rules, imported on first use
    ours = sorted(name for name, module in sys.modules.items()
                  if name.startswith("pbmkit.") and getattr(module, "__file__", None))
    native = [name for name in ours if not str(sys.modules[name].__file__).endswith(".py")]
    where = Path(str(sys.modules["pbmkit"].__file__)).parent
    return (f"pbmkit from {where}; compiled: {', '.join(native)}" if native else
            f"pbmkit from {where}; compiled: none (a pure build)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="hex")
    ap.add_argument("--against", choices=["openspiel", "self", "random"], default="self")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--time", type=float, default=None, help="A's seconds a move")
    ap.add_argument("--playouts", type=int, default=None, help="A's playouts a move (instead)")
    ap.add_argument("--b-time", type=float, default=None, help="B's seconds a move (self)")
    ap.add_argument("--b-playouts", type=int, default=None)
    ap.add_argument("--a", nargs="*", default=[], metavar="KEY=VALUE")
    ap.add_argument("--b", nargs="*", default=[], metavar="KEY=VALUE")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=MAX_PLIES,
                    help="a game still going after this many plies is a draw")
    ap.add_argument("--size", type=int, default=None,
                    help="Hex only: the board's size, n x n (7 without it, as a record without "
                         "a Board tag; OpenSpiel plays on the same size)")
    args = ap.parse_args()
    game = get_game(args.game)
    if args.size is not None:
        if args.game != "hex":
            raise SystemExit("--size: Hex only")
        try:
            game = game.configure({"Board": f"{args.size}x{args.size}"})
        except ValueError as error:  # a SetupError: the sizes Hex is played on
            raise SystemExit(f"--size {args.size}: {error}") from None
    if args.time is None and args.playouts is None:
        args.time = 0.1
    print(loaded(game), flush=True)
    a_limits = Limits(seconds=args.time, playouts=args.playouts)
    b_limits = Limits(seconds=args.b_time if args.b_time is not None or args.b_playouts else args.time,
                      playouts=args.b_playouts if args.b_playouts is not None else args.playouts)
    a_settings, b_settings = settings_of(args.a), settings_of(args.b)

    def make_a(k: int) -> EnginePlayer:
        return EnginePlayer(game, a_limits, a_settings, args.seed * 1000 + k)

    if args.against == "random":
        def make_b(k: int) -> Player:
            rng = random.Random(args.seed * 7919 + k)
            return lambda p: rng.choice(list(game.legal_moves(p)))
    elif args.against == "self":
        def make_b(k: int) -> Player:
            return EnginePlayer(game, b_limits, b_settings, args.seed * 1000 + 500 + k)
    else:
        if args.game not in DECISIONS:
            raise SystemExit(f"--against openspiel: {', '.join(DECISIONS)} only (OpenSpiel has no "
                             f"other of pbmkit's games)")
        if args.game == "hex":
            sized = game
            game = NoSwap(game)  # type: ignore[assignment]

            def make_b(k: int) -> Player:
                return OpenSpielHex(args.time or 0.1, args.seed * 1000 + 500 + k, sized)
        else:
            def make_b(k: int) -> Player:
                return OpenSpielTurns(args.game, args.time or 0.1, args.seed * 1000 + 500 + k)

    start = time.perf_counter()

    def report(done: int, score: float) -> None:
        low, high = wilson(score, done)
        print(f"  {done} games: A {score:g}/{done} = {score / done:.0%} [{low:.0%}, {high:.0%}] "
              f"({time.perf_counter() - start:.0f} s)", flush=True)

    try:
        score, a_players, b_players = match(game, make_a, make_b, args.games, report, args.max_plies)
    except Disagreement as error:
        raise SystemExit(f"the match stopped: {error}") from None
    games = len(a_players)
    if not games:
        raise SystemExit("stopped before a game ended: nothing to report")
    low, high = wilson(score, games)
    a_rate = sum(p.playouts for p in a_players) / max(1e-9, sum(p.seconds for p in a_players))
    rates = f"A {a_rate:,.0f} playouts/s"
    if args.against == "self":
        b_rate = sum(p.playouts for p in b_players) / max(1e-9, sum(p.seconds for p in b_players))
        rates += f", B {b_rate:,.0f} playouts/s"
    elif args.against == "openspiel":
        b_rate = sum(p.playouts for p in b_players) / max(1e-9, sum(p.seconds for p in b_players))
        a_move = sum(p.seconds for p in a_players) / max(1, sum(p.moves for p in a_players))
        b_move = sum(p.seconds for p in b_players) / max(1, sum(p.moves for p in b_players))
        rates += (f", OpenSpiel {b_rate:,.0f} simulations/s ({b_players[0].simulations:,} a move "
                  "at the start); "
                  f"seconds a move: A {a_move:.3f}, OpenSpiel {b_move:.3f}")
    a_desc = f"{args.time} s" if args.playouts is None else f"{args.playouts} playouts"
    name = f"{args.game} {args.size}x{args.size}" if args.size is not None else args.game
    print(f"engine {name} vs {args.against} ({a_desc} a move, A {' '.join(args.a) or 'defaults'}"
          f"{'; B ' + ' '.join(args.b) if args.b else ''}): A wins {score:g}/{games} = "
          f"{score / games:.1%}, 95% CI [{low:.1%}, {high:.1%}]; {rates}")


if __name__ == "__main__":
    STOP.listen()
    main()
