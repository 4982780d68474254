"""Elo as FIDE computes it (FIDE Handbook B.02, the rating regulations in force from 1 March 2024).

* The expected score of one game is FIDE's table 8.1.2 (``PD`` from the rating difference ``D``),
  not the 400-point logistic curve: the table is what FIDE and its arbiters use, and its worked
  examples (tests/ratings/test_elo.py) come out to the point. A difference of more than 400
  points counts as 400 (8.3.1).
* The change of one game is ``K × (score − PD)`` (8.3.2); ``K`` by games played (8.3.3): 40 for
  the first 30 games of a player, 20 after, 10 once the rating has reached 2400 (and from then on,
  even below 2400). FIDE's other rules for ``K`` need a birth date (the 40 for juniors) or a rating
  period (``K × n ≤ 700``), which a record does not give: pbmkit rates each game as a period of
  its own, in the order of the games (docs/events.md, "Ratings").

:func:`side_advantage` estimates, for a game whose first side wins more often (Batrakill's
knights or dragon, a first move's edge), the rating points that side is worth, from the games
themselves; the expected score of a game adds it to the first side's rating.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterable, Sequence

__all__ = [
    "ADVANTAGE_SHRINK",
    "DIFFERENCE_CAP",
    "MIN_ADVANTAGE_GAMES",
    "NEWCOMER_RATING",
    "PD_TABLE",
    "advantage_error",
    "expected_score",
    "k_factor",
    "rating_change",
    "side_advantage",
]

NEWCOMER_RATING = 1500.0
"""The rating a player starts from. FIDE gives a newcomer a performance rating over their first
games; a club's list of a few dozen players has too few rated opponents for that, so a newcomer
starts at 1500 and the K of 40 of their first 30 games moves them quickly (docs/events.md)."""

DIFFERENCE_CAP = 400
"""FIDE 8.3.1: a difference of more than 400 points counts as 400."""

PD_TABLE: tuple[tuple[int, float], ...] = (
    (3, .50), (10, .51), (17, .52), (25, .53), (32, .54), (39, .55), (46, .56), (53, .57),
    (61, .58), (68, .59), (76, .60), (83, .61), (91, .62), (98, .63), (106, .64), (113, .65),
    (121, .66), (129, .67), (137, .68), (145, .69), (153, .70), (162, .71), (170, .72),
    (179, .73), (188, .74), (197, .75), (206, .76), (215, .77), (225, .78), (235, .79),
    (245, .80), (256, .81), (267, .82), (278, .83), (290, .84), (302, .85), (315, .86),
    (328, .87), (344, .88), (357, .89), (374, .90), (391, .91), (411, .92), (432, .93),
    (456, .94), (484, .95), (517, .96), (559, .97), (619, .98), (735, .99),
)
"""FIDE table 8.1.2: the last difference ``D`` of each row and the higher-rated player's ``PD``
(the lower-rated player's is ``1 − PD``); above 735, 1.0."""

_LAST_D = tuple(d for d, _ in PD_TABLE)
_PD = tuple(p for _, p in PD_TABLE)

MIN_ADVANTAGE_GAMES = 100
"""A first side's advantage is estimated, allowed for and reported only from this many games of
a list (docs/events.md, "Ratings"): from four games between two players it is noise (one
standard error is then some 200 points)."""

ADVANTAGE_SHRINK = 20
"""The side advantage estimated from ``n`` games is shrunk by ``n / (n + 20)``: 20 games give
half of what they show, 200 games 91% (docs/events.md, "Ratings")."""


def expected_score(rating: float, opponent: float, cap: bool = True) -> float:
    """``PD`` of FIDE's table 8.1.2 for a player rated ``rating`` against ``opponent`` (the
    difference rounded to whole points, capped at 400 points unless ``cap`` is false)."""
    d = rating - opponent
    higher = d >= 0
    d = abs(d)
    if cap and d > DIFFERENCE_CAP:
        d = DIFFERENCE_CAP
    whole = math.floor(d + 0.5)
    k = bisect_left(_LAST_D, whole)
    pd = _PD[k] if k < len(_PD) else 1.0
    return pd if higher else round(1.0 - pd, 2)


def k_factor(games: int, reached_2400: bool) -> int:
    """FIDE's K (8.3.3) for a player with ``games`` rated games before this one: 40 for the first
    30, 10 once the rating has reached 2400, else 20."""
    if games < 30:
        return 40
    return 10 if reached_2400 else 20


def rating_change(rating: float, games: Iterable[tuple[float, float]], k: float) -> float:
    """FIDE's rating change of a rating period (8.3.2): ``K × Σ(score − PD)`` over ``games``, each
    ``(opponent's rating, score)``, every ``PD`` from ``rating`` as it was at the period's start.
    Not rounded (FIDE rounds the period's change to a whole number, 8.3.4)."""
    return k * sum(score - expected_score(rating, opponent) for opponent, score in games)


def _normal_expected(d: float) -> float:
    """The smooth curve FIDE's table tabulates (the normal distribution, σ = 2000/7): used to
    solve for a side advantage, where the table's steps would leave a range of answers."""
    return 0.5 * (1.0 + math.erf(d / (2000.0 / 7.0) / math.sqrt(2.0)))


def side_advantage(games: Sequence[tuple[float, float]]) -> float:
    """The rating points the first side of a game is worth, from ``games``: each ``(rating
    difference first − second before the game, the first side's score)``.

    The offset ``A`` solves ``Σ E(d + A) = Σ score`` (the expected score, smooth, matches the
    first sides' observed score once the players' ratings are allowed for), limited to ±400 and
    shrunk towards 0 by ``n / (n + ADVANTAGE_SHRINK)`` for few games. 0 for no games.
    """
    n = len(games)
    if n == 0:
        return 0.0
    target = sum(score for _, score in games)
    # differences to the whole point, counted: at most 801 values however many games
    counts = Counter(max(-DIFFERENCE_CAP, min(DIFFERENCE_CAP, math.floor(d + 0.5))) for d, _ in games)
    lo, hi = -float(DIFFERENCE_CAP), float(DIFFERENCE_CAP)
    for _ in range(40):  # bisection: Σ E(d + A) grows with A
        mid = (lo + hi) / 2
        if sum(c * _normal_expected(d + mid) for d, c in counts.items()) < target:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2 * n / (n + ADVANTAGE_SHRINK)


def advantage_error(games: Sequence[tuple[float, float]], advantage: float) -> float:
    """One standard error of the side advantage ``advantage`` estimated from ``games`` (as
    :func:`side_advantage` takes them), in rating points: the spread of the first sides' total
    score (``Σ E(1 − E)``, a draw counted as a result as wide as a win, so the error is not
    understated) over how fast the expected total moves with the advantage (``Σ E'``)."""
    if not games:
        return math.inf
    h = 1.0
    spread = slope = 0.0
    for d, _ in games:
        x = max(-DIFFERENCE_CAP, min(DIFFERENCE_CAP, d)) + advantage
        e = _normal_expected(x)
        spread += e * (1.0 - e)
        slope += (_normal_expected(x + h) - _normal_expected(x - h)) / (2 * h)
    return math.sqrt(spread) / slope if slope > 0 else math.inf
