"""Rating lists from finished games: who is who, the order of the games, and one list per game.

:func:`rate` takes :class:`~pbmkit.ratings.games.FinishedGame` values (from records, folders or
archives: :func:`~pbmkit.ratings.games.read_paths`) and returns a :class:`RatingList` per game:
two-player games by FIDE's Elo (:mod:`pbmkit.ratings.elo`) with the first side's advantage
estimated and allowed for, games of three to five sides by openskill's Plackett–Luce model
(:mod:`pbmkit.ratings.multi`). docs/events.md, "Ratings", says why and how.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from pbmkit.ratings.elo import (
    DIFFERENCE_CAP,
    MIN_ADVANTAGE_GAMES,
    NEWCOMER_RATING,
    advantage_error,
    expected_score,
    side_advantage,
)
from pbmkit.ratings.games import FinishedGame, Place
from pbmkit.ratings.model import PlayerRating, RatingList, Tally, lines_of

__all__ = ["ADVANTAGE_PASSES", "PlayerRating", "RatingList", "identities", "rate"]

ADVANTAGE_PASSES = 4
"""How many times the two-player games are rated to find the first side's advantage: each pass
estimates it from the ratings the previous one gave (the first from ratings without it), and
the last rates with the estimate. On the side-advantage test (2,400 games, about 150 points of
advantage) the estimate runs 0, 104, 135, 145 against a fixed point of 149."""


def _fold(text: str) -> str:
    return " ".join(text.split()).casefold()


def identities(games: Sequence[FinishedGame]) -> dict[tuple[str, str], str]:
    """Each ``(name, e-mail)`` written in ``games`` (case-folded) -> the player's key.

    An e-mail address identifies a player, whatever names it was written with. A name written
    without an address belongs to the player whose address was written with that name somewhere,
    when exactly one address was; with none (or with two: two players of one name) it is a player
    of its own, known by the name.
    """
    emails_of: dict[str, set[str]] = {}
    for g in games:
        for p in g.places:
            if p.email:
                emails_of.setdefault(_fold(p.name), set()).add(p.email.casefold())
    out: dict[tuple[str, str], str] = {}
    for g in games:
        for p in g.places:
            name, email = _fold(p.name), p.email.casefold()
            if (name, email) in out:
                continue
            if email:
                out[name, email] = "email:" + email
            else:
                known = emails_of.get(name, set())
                out[name, email] = "email:" + next(iter(known)) if len(known) == 1 else "name:" + name
    return out


def _key(ids: Mapping[tuple[str, str], str], place: Place) -> str:
    return ids[_fold(place.name), place.email.casefold()]


_HIGHER = tuple(expected_score(d, 0) for d in range(DIFFERENCE_CAP + 1))
_LOWER = tuple(expected_score(0, d) for d in range(DIFFERENCE_CAP + 1))
"""FIDE's PD for each whole difference up to the cap, for the higher and the lower rated player:
:func:`~pbmkit.ratings.elo.expected_score` looked up once, not called 400,000 times."""


def _elo_run(pairs: Sequence[tuple[int, int]], scores: Sequence[float], first: Sequence[float],
             advantage: float, changes: list[tuple[float, float]] | None = None) -> list[float]:
    """One run over the two-player games in order (``pairs``: the players' numbers, first side
    first; ``scores``: the first side's score; ``first``: each player's rating to start from),
    the first side's expected score taken at ``advantage`` points more than its rating. Returns
    each game's rating difference first − second before it; ``changes`` gets each game's two
    rating changes. Written for speed (100,000 games a run): FIDE's K inline, PD from a table."""
    ratings = list(first)
    played = [0] * len(ratings)
    reached = [r >= 2400 for r in ratings]
    diffs: list[float] = []
    higher, lower, cap = _HIGHER, _LOWER, DIFFERENCE_CAP
    for (a, b), score in zip(pairs, scores, strict=True):
        ra, rb = ratings[a], ratings[b]
        d = ra - rb
        diffs.append(d)
        x = d + advantage
        w = int((x if x >= 0 else -x) + 0.5)
        if w > cap:
            w = cap
        expected = higher[w] if x >= 0 else lower[w]
        na, nb = played[a], played[b]
        ka = 40 if na < 30 else 10 if reached[a] else 20
        kb = 40 if nb < 30 else 10 if reached[b] else 20
        ca = ka * (score - expected)
        cb = kb * (expected - score)
        ra += ca
        rb += cb
        ratings[a], ratings[b] = ra, rb
        played[a], played[b] = na + 1, nb + 1
        if ra >= 2400:
            reached[a] = True
        if rb >= 2400:
            reached[b] = True
        if changes is not None:
            changes.append((ca, cb))
    return diffs


def _elo_list(name: str, games: Sequence[FinishedGame], ids: Mapping[tuple[str, str], str],
              start: Mapping[str, float]) -> RatingList:
    numbers: dict[str, int] = {}
    pairs = [(numbers.setdefault(_key(ids, g.places[0]), len(numbers)),
              numbers.setdefault(_key(ids, g.places[1]), len(numbers))) for g in games]
    scores = [g.places[0].score for g in games]
    first = [start.get(key, NEWCOMER_RATING) for key in numbers]
    advantage = 0.0
    error: float | None = None
    if len(games) >= MIN_ADVANTAGE_GAMES:
        diffs: list[float] = []
        for _ in range(ADVANTAGE_PASSES - 1):
            diffs = _elo_run(pairs, scores, first, advantage)
            advantage = side_advantage(list(zip(diffs, scores, strict=True)))
        if diffs:
            error = advantage_error(list(zip(diffs, scores, strict=True)), advantage)
    changes: list[tuple[float, float]] = []
    _elo_run(pairs, scores, first, advantage, changes)
    keys = list(numbers)
    players: dict[str, Tally] = {}
    for g, pair, change in zip(games, pairs, changes, strict=True):
        for place, number, delta in zip(g.places, pair, change, strict=True):
            tally = players.get(keys[number])
            if tally is None:
                tally = players[keys[number]] = Tally(place.name, first[number])
            tally.name = place.name
            tally.add(g.event, delta)
    first_sides = sorted({g.places[0].side for g in games})
    return RatingList(name, games[0].rules, "elo", len(games), lines_of(players),
                      "/".join(first_sides), advantage + 0.0, advantage_error=error)


def rate(games: Iterable[FinishedGame], *, rules: str | None = None,
         start: Mapping[str, float] | None = None, method: str = "elo", period: str = "event",
         born: Mapping[str, int] | None = None) -> list[RatingList]:
    """A rating list per game (rules name) of ``games``, in the order of the games' names.

    The games are rated in order of date, then of the record itself (its tags and result), so
    the same games in any order of files give the same lists. ``rules`` keeps one game's lists
    (a registry name, ``batalo``); ``start`` gives players a rating to start from (by e-mail
    address or name, any case) instead of :data:`~pbmkit.ratings.elo.NEWCOMER_RATING`.

    ``method``: ``elo`` (each game a rating period of its own, in order, the first side's
    advantage estimated and allowed for) or ``fide`` (:mod:`pbmkit.ratings.fide`: periods by
    ``period``, ``event`` or ``month``, ratings fixed at each period's start; ``born`` gives
    years of birth by e-mail address or name). Games of three to five sides are rated by
    openskill either way.
    """
    from pbmkit.ratings.multi import openskill_list

    chosen = sorted((g for g in games if rules is None or g.rules == rules),
                    key=lambda g: g.order_key)
    ids = identities(chosen)
    starts = {k: float(v) for k, v in _by_key(ids, start or {}).items()}
    births = {k: int(v) for k, v in _by_key(ids, born or {}).items()}
    groups: dict[tuple[str, bool], list[FinishedGame]] = {}
    for g in chosen:
        groups.setdefault((g.title, len(g.places) > 2), []).append(g)
    out = []
    for (title, multi), group in sorted(groups.items(), key=lambda kv: (kv[0][0].casefold(), kv[0][1])):
        if multi:
            keys = [tuple(_key(ids, p) for p in g.places) for g in group]
            out.append(openskill_list(f"{title}, 3 to 5 players", group, keys))
        elif method == "fide":
            from pbmkit.ratings.fide import fide_list

            keys2 = [(_key(ids, g.places[0]), _key(ids, g.places[1])) for g in group]
            out.append(fide_list(title, group, keys2, starts, period=period, born=births))
        else:
            out.append(_elo_list(title, group, ids, starts))
    return out


def _by_key(ids: Mapping[tuple[str, str], str], values: Mapping[str, float]) -> dict[str, float]:
    """``values`` given by e-mail address or name (any case) -> by the players' keys."""
    out: dict[str, float] = {}
    if values:
        by_fold = {_fold(k): v for k, v in values.items()}
        for (name, email), key in ids.items():
            value = by_fold.get(email) if email else None
            if value is None:
                value = by_fold.get(name)
            if value is not None:
                out.setdefault(key, value)
    return out
