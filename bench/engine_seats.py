"""The engine's strength in a game of more than two seats (issue 41, docs/engine.md "Measured"):
Batrakill's zones version (four factions and the dragon), or any game whose tags give it more.

In each measured game A (the engine at ``--time``) plays one seat and B (the engine at
``--b-time``, or a uniform random player with ``--against random``) every other; A's seat goes
round the seats. Beside it, a **baseline** game from the same seeds in which B plays every seat.
A seat scores what the engine's search counts: 1 for a win (a faction of a two-faction place wins
with its place), a draw (a game still going at ``--max-plies``) shared among the seats that move.
The figure is A's mean seat score against the baseline's in the same seats, and their difference
with its 95% interval (paired by game): how much more the seat scores when A plays it.

    python bench/engine_seats.py --game batrakill --tag Layout=zones --time 1 --b-time 0.1 --games 10
    python bench/engine_seats.py --game batrakill --tag Layout=zones --against random --games 10
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from functools import partial

from engine import STOP, Disagreement, EnginePlayer, Player, loaded, settings_of

from pbmkit.engine import Engine, Limits
from pbmkit.games import get_game
from pbmkit.games.base import AnyGame


def play_seats(game: AnyGame, players: Sequence[Player], max_plies: int) -> str:
    """One game, ``players[i]`` playing the game's ``i``-th seat (``game.order``), every move
    checked by the rules core; the winner (a seat, ``"a+b"``, or ``"draw"``)."""
    order = tuple(game.order)
    position = game.initial_position()
    for ply in range(max_plies):
        outcome = game.outcome(position)
        if outcome is not None:
            return str(outcome.winner)
        side = game.side_to_move(position)
        move = players[order.index(side)](position)
        why = game.check_move(position, move)
        if why is not None:
            raise Disagreement(f"ply {ply + 1}, {side}'s move {move!r} is illegal: {why}")
        position = game.apply(position, move)
    return "draw"


def paired_interval(diffs: Sequence[float], z: float = 1.96) -> tuple[float, float]:
    """The 95% interval (normal) of the mean of ``diffs``."""
    mean = statistics.fmean(diffs)
    if len(diffs) < 2:
        return mean - 1.0, mean + 1.0
    half = z * statistics.stdev(diffs) / math.sqrt(len(diffs))
    return mean - half, mean + half


def _pair(game: AnyGame, with_a: list[Player], baseline: list[Player], max_plies: int
          ) -> tuple[str, str]:
    """A game with A in its seat, then its baseline: the winner of each."""
    return play_seats(game, with_a, max_plies), play_seats(game, baseline, max_plies)


def seat_match(game: AnyGame, make_a: Callable[[int], Player], make_b: Callable[[int, int], Player],
               games: int, max_plies: int) -> list[tuple[str, float, float]]:
    """``games`` pairs of games (A's seat going round; the baseline all B): for each, A's seat,
    its score with A, and its score in the baseline."""
    seats = tuple(game.order)
    rewards = Engine(game, seed=0).reward_of  # the engine's own count of a result, by seat
    rows = []
    start = time.perf_counter()
    for k in range(games):
        seat = k % len(seats)
        with_a = [make_a(k) if i == seat else make_b(k, i) for i in range(len(seats))]
        baseline = [make_b(k, i) for i in range(len(seats))]
        try:
            pair = STOP.during(k, partial(_pair, game, with_a, baseline, max_plies))
        except Disagreement as error:
            raise SystemExit(f"game {k + 1}: {error}") from None
        if pair is None:
            break
        won, base = pair
        got, was = rewards(won)[seat], rewards(base)[seat]
        rows.append((seats[seat], got, was))
        print(f"  game {k + 1}: A played {seats[seat]}: {won} won ({got:g}); baseline: {base} won "
              f"({was:g}) ({time.perf_counter() - start:.0f} s)", flush=True)
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="batrakill")
    ap.add_argument("--tag", action="append", default=[], metavar="NAME=VALUE",
                    help="a tag that configures the game (Layout=zones)")
    ap.add_argument("--against", choices=["self", "random"], default="self")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--time", type=float, default=1.0, help="A's seconds a move")
    ap.add_argument("--b-time", type=float, default=0.1, help="B's seconds a move (self)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=400,
                    help="a game still going after this many plies is a draw")
    args = ap.parse_args()
    tags = dict(t.split("=", 1) for t in args.tag)
    game = get_game(args.game).configure(tags) if tags else get_game(args.game)
    if len(game.order) < 3:
        raise SystemExit(f"{args.game} {' '.join(args.tag)}: two seats; use bench/engine.py")
    print(loaded(game), flush=True)
    settings = settings_of([])

    def make_a(k: int) -> Player:
        return EnginePlayer(game, Limits(seconds=args.time), settings, args.seed * 1000 + k)

    def make_b(k: int, seat: int) -> Player:
        if args.against == "random":
            rng = random.Random(args.seed * 7919 + 31 * k + seat)
            return lambda p: rng.choice(list(game.legal_moves(p)))
        return EnginePlayer(game, Limits(seconds=args.b_time), settings,
                            args.seed * 1000 + 500 + 31 * k + seat)

    rows = seat_match(game, make_a, make_b, args.games, args.max_plies)
    if len(rows) < 2:
        raise SystemExit("stopped before two pairs of games ended: no interval to report")
    got = statistics.fmean(r[1] for r in rows)
    was = statistics.fmean(r[2] for r in rows)
    low, high = paired_interval([r[1] - r[2] for r in rows])
    b = "random" if args.against == "random" else f"{args.b_time} s"
    print(f"engine {args.game} {' '.join(args.tag)}: A ({args.time} s a move) in one seat, B ({b}) "
          f"in the others, {len(rows)} games (and as many baselines, B in every seat): A's seat "
          f"scored {got:.1%} of a win, the same seats in the baselines {was:.1%}; difference "
          f"{got - was:+.1%}, 95% CI [{low:+.1%}, {high:+.1%}]")
    for seat in dict.fromkeys(r[0] for r in rows):
        mine = [r for r in rows if r[0] == seat]
        print(f"  {seat}: A {sum(r[1] for r in mine):g}/{len(mine)}, baseline "
              f"{sum(r[2] for r in mine):g}/{len(mine)}")


if __name__ == "__main__":
    STOP.listen()
    main()
