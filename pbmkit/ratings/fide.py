"""FIDE's rating method (``pbmkit ratings --method fide``): rating periods, as FIDE's Rating
Regulations (FIDE Handbook B.02, in force from 1 March 2024) compute a list.

* The games are grouped in **rating periods**: one per event (the ``Event`` tag), or one per
  calendar month of the ``Date`` tag (``period="month"``). Periods are rated in order of their
  first game's date; within a period the order of the games (and of the names) does not count.
* Every player's rating is **fixed at the start of the period**: each game's expected score
  ``PD`` comes from the two ratings then (FIDE's table 8.1.2, a difference of more than 400 points
  counting as 400, 8.3.1), with **no side advantage**.
* The change of a period is ``K × Σ(score − PD)`` (8.3.2), rounded to a whole number (the
  project's rounding, half away from zero, as the lists print it); ``K`` (8.3.3) from the rating
  at the period's start: 40 for a player's first 30 games in the list, 40 for a junior (up to the
  year of their 18th birthday, the year of birth known) while rated under 2300, 10 once the rating
  has reached 2400 (from then on), else 20; and when ``K × n`` (``n`` the player's games of the
  period) exceeds 700, the largest whole ``K`` with ``K × n ≤ 700``.
* A player with a starting rating (the players file's ``rating``, ``event.toml``) counts as
  established (K by rating and age, not the newcomer's 40); a player without one starts at
  :data:`~pbmkit.ratings.elo.NEWCOMER_RATING` (FIDE's initial rating by performance needs rated
  opponents a club does not have: docs/events.md, "Ratings").
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from pbmkit.ratings.elo import NEWCOMER_RATING, expected_score
from pbmkit.ratings.games import FinishedGame, sort_date
from pbmkit.ratings.model import PlayerRating, RatingList

__all__ = ["K_TIMES_GAMES", "PeriodLine", "fide_k", "fide_list", "round_change"]

K_TIMES_GAMES = 700
"""FIDE 8.3.3: ``K × n`` of a period never exceeds 700."""


def round_change(value: float) -> float:
    """A period's change to the whole point, half away from zero; never -0."""
    out = math.floor(abs(value) + 0.5) * (1 if value >= 0 else -1)
    return float(out) + 0.0


def fide_k(rating: float, games_before: int, reached_2400: bool, *, established: bool,
           born: int | None = None, year: int | None = None) -> int:
    """FIDE's K (B.02 8.3.3) for a player rated ``rating`` at the period's start."""
    if reached_2400 or rating >= 2400:
        return 10
    if not established and games_before < 30:
        return 40
    if born is not None and year is not None and year - born <= 18 and rating < 2300:
        return 40
    return 20


@dataclass(slots=True)
class PeriodLine:
    """One player's line of one period, as FIDE's rating report gives it."""

    period: str
    rating: float
    """The rating at the period's start."""
    games: int
    score: float
    expected: float
    """``Σ PD``: the expected score from the ratings at the period's start."""
    k: int
    change: float
    """``K × (score − expected)``, not rounded."""
    rounded: float
    """The change as the list applies it (whole points)."""


@dataclass(slots=True)
class _State:
    name: str
    rating: float
    established: bool
    games: int = 0
    reached: bool = False
    event: str = ""
    periods: list[PeriodLine] = field(default_factory=list)


def _period_of(game: FinishedGame, period: str) -> str:
    if period == "month":
        date = sort_date(game.date)
        return date[:7] if date else "undated"
    return game.event or "(no Event tag)"


def fide_list(name: str, games: Sequence[FinishedGame], keys: Sequence[tuple[str, str]],
              start: Mapping[str, float], *, period: str = "event",
              born: Mapping[str, int] | None = None) -> RatingList:
    """The :class:`RatingList` of two-player ``games`` (``keys``: each game's two players' keys,
    first side first) by FIDE's method; ``start``: starting ratings by key; ``born``: years of
    birth by key. Each line's ``periods`` holds FIDE's report of every period the player played."""
    born = born or {}
    groups: dict[str, list[int]] = {}
    for k, g in enumerate(games):
        groups.setdefault(_period_of(g, period), []).append(k)
    order = sorted(groups, key=lambda p: (min(sort_date(games[k].date) for k in groups[p]), p))
    states: dict[str, _State] = {}
    for (a, b), g in zip(keys, games, strict=True):
        for key, place in ((a, g.places[0]), (b, g.places[1])):
            if key not in states:
                states[key] = _State(place.name, float(start.get(key, NEWCOMER_RATING)),
                                     key in start, reached=start.get(key, 0.0) >= 2400)
    for label in order:
        fixed = {key: s.rating for key, s in states.items()}
        played: dict[str, list[tuple[str, float]]] = {}
        for k in groups[label]:
            (a, b), g = keys[k], games[k]
            played.setdefault(a, []).append((b, g.places[0].score))
            played.setdefault(b, []).append((a, g.places[1].score))
            states[a].name, states[b].name = g.places[0].name, g.places[1].name
            states[a].event = states[b].event = g.event
        dates = [sort_date(games[k].date) for k in groups[label]]
        year = int(max(dates)[:4]) if any(dates) else None
        for key, results in played.items():
            s = states[key]
            n = len(results)
            k_factor = fide_k(fixed[key], s.games, s.reached, established=s.established,
                              born=born.get(key), year=year)
            if k_factor * n > K_TIMES_GAMES:
                k_factor = K_TIMES_GAMES // n
            expected = sum(expected_score(fixed[key], fixed[o]) for o, _ in results)
            score = sum(v for _, v in results)
            change = k_factor * (score - expected)
            s.periods.append(PeriodLine(label, fixed[key], n, score, round(expected, 2),
                                        k_factor, change, round_change(change)))
        for key in played:
            s = states[key]
            s.rating += s.periods[-1].rounded
            s.games += s.periods[-1].games
            s.reached = s.reached or s.rating >= 2400
    lines = []
    for key, s in states.items():
        email = key.removeprefix("email:") if key.startswith("email:") else ""
        last = s.periods[-1]
        lines.append((key, PlayerRating(s.name, email, s.rating, s.games, s.event, last.change,
                                        periods=list(s.periods))))
    lines.sort(key=lambda kp: (-kp[1].rating, kp[1].name.casefold(), kp[0]))
    return RatingList(name, games[0].rules, "fide", len(games), [p for _, p in lines],
                      "/".join(sorted({g.places[0].side for g in games})), 0.0)
