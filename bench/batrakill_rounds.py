"""Batrakill's first round between two engines (issue 41, docs/engine.md "Batrakill: what the
strength aim measures"): the engine at ``--time`` (A) against itself at ``--b-time`` (B), sides
alternating, each game played to the end of round 1 (every move checked by the rules core).

Round 2 of the duel is a draw between players who know the knights' fortress (docs/engine.md), so
games between two engines do not end; round 1 is where they differ. Its result is what the
knights carry into round 2: the knights lost (eaten, or under a broken tower) and the towers set
up. The figures are each side's mean result with A in that role and with B in it: A as the
knights should lose fewer knights and set up more towers than B as the knights, and A as the
dragon should eat more than B as the dragon. A round still going at ``--max-plies`` is counted as
it stands.

    python bench/batrakill_rounds.py --time 1 --b-time 0.1 --games 20
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from engine import Disagreement, EnginePlayer, Player, settings_of

from pbmkit.engine import Limits
from pbmkit.games import get_game
from pbmkit.games.base import AnyGame


def first_round(game: AnyGame, knights: Player, dragon: Player, max_plies: int
                ) -> tuple[int, int, int, bool]:
    """Round 1 of the duel, ``knights`` and ``dragon`` playing their sides: the knights lost, the
    towers set up, the plies played, and whether the round ended (not cut at ``max_plies``)."""
    position = game.initial_position()
    for ply in range(max_plies):
        if position.round > 1 or game.outcome(position) is not None:
            return position.eaten_before, len(position.towers), ply, True
        side = game.side_to_move(position)
        move = (knights if side == "knights" else dragon)(position)
        why = game.check_move(position, move)
        if why is not None:
            raise Disagreement(f"ply {ply + 1}, {side}'s move {move!r} is illegal: {why}")
        position = game.apply(position, move)
    ended = position.round > 1 or game.outcome(position) is not None
    lost = position.eaten_before if position.round > 1 else position.eaten + len(position.broken)
    return lost, len(position.towers), max_plies, ended


def rounds(game: AnyGame, make_a: Callable[[int], Player], make_b: Callable[[int], Player],
           games: int, max_plies: int) -> list[tuple[str, int, int, int, bool]]:
    """``games`` first rounds, A the knights in the even ones: (A's side, knights lost, towers set
    up, plies, ended) each."""
    rows = []
    start = time.perf_counter()
    for k in range(games):
        a, b = make_a(k), make_b(k)
        a_side = "knights" if k % 2 == 0 else "dragon"
        knights, dragon = (a, b) if a_side == "knights" else (b, a)
        lost, towers, plies, ended = first_round(game, knights, dragon, max_plies)
        rows.append((a_side, lost, towers, plies, ended))
        print(f"  game {k + 1}: A the {a_side}: {lost} knight(s) lost, {towers} tower(s) set up, "
              f"{plies} plies{'' if ended else ' (cut)'} ({time.perf_counter() - start:.0f} s)",
              flush=True)
    return rows


def summary(rows: Sequence[tuple[str, int, int, int, bool]], a_name: str, b_name: str) -> str:
    """Each side's mean round-1 result with A in that role and with B in it."""
    def mean(side: str, column: int) -> float:
        values = [float(r[column]) for r in rows if r[0] == side]
        return statistics.fmean(values) if values else float("nan")

    # A the knights: rows where A's side is knights; B the knights: rows where A is the dragon.
    lost_a, lost_b = mean("knights", 1), mean("dragon", 1)
    towers_a, towers_b = mean("knights", 2), mean("dragon", 2)
    cut = sum(1 for r in rows if not r[4])
    return (f"Batrakill round 1, {len(rows)} games: the knights lose {lost_a:.2f} knights and set "
            f"up {towers_a:.2f} towers with A ({a_name}) as the knights, {lost_b:.2f} and "
            f"{towers_b:.2f} with B ({b_name}); A as the dragon eats {lost_b:.2f}, B as the dragon "
            f"{lost_a:.2f}; {cut} round(s) cut at the ply cap")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--time", type=float, default=1.0, help="A's seconds a move")
    ap.add_argument("--b-time", type=float, default=0.1, help="B's seconds a move")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=600)
    args = ap.parse_args()
    game = get_game("batrakill")
    settings = settings_of([])

    def make_a(k: int) -> Any:
        return EnginePlayer(game, Limits(seconds=args.time), settings, args.seed * 1000 + k)

    def make_b(k: int) -> Any:
        return EnginePlayer(game, Limits(seconds=args.b_time), settings, args.seed * 1000 + 500 + k)

    try:
        rows = rounds(game, make_a, make_b, args.games, args.max_plies)
    except Disagreement as error:
        raise SystemExit(f"the match stopped: {error}") from None
    print(summary(rows, f"{args.time} s", f"{args.b_time} s"))


if __name__ == "__main__":
    main()
