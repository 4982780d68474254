"""Batrakill's first round between two engines (issue 41, docs/engine.md "The team's decision on
Batrakill's aim" and "Measured in pairs"): the engine at ``--time`` (A) against itself at
``--b-time`` (B), sides alternating, each game played to the end of round 1 (every move checked by
the rules core).

Round 2 of the duel is a draw between players who know the knights' fortress (docs/engine.md), so
games between two engines do not end; round 1 is where they differ. The rules end it (rule 7)
when the dragon has eaten five knights, or when every tower is set up or broken, or when the side
to move cannot move, and the bench counts **the side whose move ended it as the round's winner**
(the dragon by its fifth meal, the knights by their last tower; the rules name none: the game is
won in round 2). A's score is the rounds it won, a round still going at
``--max-plies`` counting half, with its 95% interval; and **A's score in pairs of rounds**, each
engine the knights once, the pair going to the engine whose knights did better against the
other's dragon (more towers set up, then fewer knights lost): at equal time the dragon wins round
1, so the rounds' winners mostly name the side, and the pairs compare like with like (the
duplicate of bridge). Beside them, what the round left for round 2: the knights lost (eaten, or
under a broken tower) and the towers set up, with A and with B as the knights.

    python bench/batrakill_rounds.py --time 1 --b-time 0.1 --games 20
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from engine import STOP, Disagreement, EnginePlayer, Player, loaded, settings_of, wilson

from pbmkit.engine import Limits
from pbmkit.games import get_game
from pbmkit.games.base import AnyGame


def first_round(game: AnyGame, knights: Player, dragon: Player, max_plies: int
                ) -> tuple[str, int, int, int]:
    """Round 1 of the duel, ``knights`` and ``dragon`` playing their sides: the side whose move
    ended it (``"cut"`` at ``max_plies``), the knights lost, the towers set up, the plies."""
    position = game.initial_position()
    side = ""
    for ply in range(max_plies):
        if position.round > 1 or game.outcome(position) is not None:
            return side, position.eaten_before, len(position.towers), ply
        side = game.side_to_move(position)
        move = (knights if side == "knights" else dragon)(position)
        why = game.check_move(position, move)
        if why is not None:
            raise Disagreement(f"ply {ply + 1}, {side}'s move {move!r} is illegal: {why}")
        position = game.apply(position, move)
    if position.round > 1 or game.outcome(position) is not None:
        return side, position.eaten_before, len(position.towers), max_plies
    return "cut", position.eaten + len(position.broken), len(position.towers), max_plies


Row = tuple[str, str, int, int, int]
"""A's side, the round's winner (or ``"cut"``), the knights lost, the towers set up, the plies."""


def rounds(game: AnyGame, make_a: Callable[[int], Player], make_b: Callable[[int], Player],
           games: int, max_plies: int) -> list[Row]:
    """``games`` first rounds, A the knights in the even ones (fewer when the run is stopped)."""
    rows = []
    start = time.perf_counter()
    for k in range(games):
        a_side = "knights" if k % 2 == 0 else "dragon"
        a, b = make_a(k), make_b(k)
        knights, dragon = (a, b) if a_side == "knights" else (b, a)
        got = STOP.during(k, partial(first_round, game, knights, dragon, max_plies))
        if got is None:
            break
        won, lost, towers, plies = got
        rows.append((a_side, won, lost, towers, plies))
        print(f"  game {k + 1}: A the {a_side}: round 1 {'cut' if won == 'cut' else 'won by the ' + won}"
              f", {lost} knight(s) lost, {towers} tower(s) set up, {plies} plies "
              f"({time.perf_counter() - start:.0f} s)", flush=True)
    return rows


def a_score(rows: Sequence[Row]) -> float:
    """The rounds A won, a cut round counting half."""
    return sum(0.5 if won == "cut" else 1.0 if won == side else 0.0 for side, won, *_ in rows)


def pair_score(rows: Sequence[Row]) -> tuple[float, int]:
    """A's score in pairs of rounds, each engine the knights once (games 1 and 2, 3 and 4, ...;
    a last round without its pair left out): the pair goes to the engine whose knights did better
    against the other's dragon, by the towers they set up and then by the knights they lost
    fewer, half each when both did as well. Round 1 is not a fair duel (at equal time the dragon
    wins it), so A's knights are measured against B's knights, not against a dragon that wins
    most rounds whoever plays it: the duplicate of bridge. Returns A's score and the pairs."""
    score = 0.0
    pairs = 0
    for first, second in zip(rows[0::2], rows[1::2], strict=False):
        a_knights, b_knights = (first, second) if first[0] == "knights" else (second, first)
        a_did, b_did = (a_knights[3], -a_knights[2]), (b_knights[3], -b_knights[2])
        score += 1.0 if a_did > b_did else 0.5 if a_did == b_did else 0.0
        pairs += 1
    return score, pairs


def summary(rows: Sequence[Row], a_name: str, b_name: str) -> str:
    """A's round-1 score and its score in pairs (:func:`pair_score`), each with its interval, and
    what the rounds left with A and with B as the knights."""
    def mean(side: str, column: int) -> float:
        values = [float(r[column]) for r in rows if r[0] == side]
        return statistics.fmean(values) if values else float("nan")

    score = a_score(rows)
    low, high = wilson(score, len(rows))
    cut = sum(1 for r in rows if r[1] == "cut")
    paired, pairs = pair_score(rows)
    in_pairs = "no pair played"
    if pairs:
        p_low, p_high = wilson(paired, pairs)
        in_pairs = (f"{paired:g}/{pairs} = {paired / pairs:.1%}, 95% CI [{p_low:.1%}, "
                    f"{p_high:.1%}]")
    # A the knights: the rows where A's side is the knights; B the knights: the others.
    return (f"Batrakill round 1, A ({a_name}) against B ({b_name}), {len(rows)} games: A won "
            f"{score:g}/{len(rows)} = {score / max(1, len(rows)):.1%}, 95% CI [{low:.1%}, "
            f"{high:.1%}]; in pairs (each the knights once, the better knights win the pair): A "
            f"{in_pairs}; the knights lost {mean('knights', 2):.2f} and set up "
            f"{mean('knights', 3):.2f} towers with A as the knights, {mean('dragon', 2):.2f} and "
            f"{mean('dragon', 3):.2f} with B; {cut} round(s) cut at the ply cap")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--time", type=float, default=1.0, help="A's seconds a move")
    ap.add_argument("--b-time", type=float, default=0.1, help="B's seconds a move")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=600)
    args = ap.parse_args()
    game = get_game("batrakill")
    print(loaded(game), flush=True)
    settings = settings_of([])

    def make_a(k: int) -> Any:
        return EnginePlayer(game, Limits(seconds=args.time), settings, args.seed * 1000 + k)

    def make_b(k: int) -> Any:
        return EnginePlayer(game, Limits(seconds=args.b_time), settings, args.seed * 1000 + 500 + k)

    try:
        rows = rounds(game, make_a, make_b, args.games, args.max_plies)
    except Disagreement as error:
        raise SystemExit(f"the match stopped: {error}") from None
    if not rows:
        raise SystemExit("stopped before a round ended: nothing to report")
    print(summary(rows, f"{args.time} s", f"{args.b_time} s"))


if __name__ == "__main__":
    STOP.listen()
    main()
