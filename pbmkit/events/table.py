"""The crosstable of an event: each player's points, games, tie-breaks and place (docs/events.md,
"Crosstable and tie-breaks").

:func:`crosstable` reads an :class:`~pbmkit.events.model.Event` and nothing else. Players are
ordered by points, then by the event's tie-breaks in their order (:mod:`pbmkit.events.tiebreaks`:
ICCF's wins, Sonneborn–Berger, direct encounter unless ``event.toml`` names others); players still
equal share a place (``2-3``), listed in seeding order. A withdrawn player whose every game was
annulled is not ranked: listed after the others, without a place. Games of more than two players (a table
of three to five) count the same way: a player's Sonneborn–Berger adds, for each game, their
points times the mean score of the other players of that game, which for two players is the
classical figure.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from pbmkit.events.model import Event, EventGame, Player
from pbmkit.events.tiebreaks import expand

__all__ = ["COUNTED", "Crosstable", "Result", "Standing", "abbreviations", "as_json", "crosstable",
           "format_points", "players_of"]

ResultState = Literal["played", "time", "unplayed", "adjudicated", "annulled", "running"]
COUNTED = frozenset({"played", "time", "unplayed", "adjudicated"})
"""The kinds of finished game that count for points and tie-breaks (annulled ones do not)."""
PLAYED = frozenset({"played", "time", "adjudicated"})
"""The finished games that were played: a loss on time is a game, an unplayed forfeit is not
(the black wins and the direct encounter count played games only)."""


@dataclass(frozen=True)
class Result:
    """One game of a player as their row of the crosstable shows it."""

    game: int
    round: int
    table: int
    side: str
    """The player's side (``White``); two sides a player holds together are joined: ``Blue+Green``."""
    opponents: tuple[str, ...]
    """The other players of the game, in the game's order of play."""
    state: ResultState
    points: float | None
    """The player's points; None while the game runs and for an annulled game."""
    mark: str
    """The cell's mark: ``1``, ``½``, ``0`` (a share of a game of more players: ``⅓``, ``0.25``);
    ``+``/``-`` for a game not played, won or lost by forfeit (``=`` scored as a draw); the mark
    followed by ``t`` for a game won or lost on time (``1t``, ``0t``: played), by ``a`` for an
    adjudicated one; ``×`` annulled; ``*`` still running."""
    file: str
    note: str = ""
    """The organiser's note on the result (``withdrawal of Femi Ade``), empty otherwise."""


@dataclass(frozen=True)
class Standing:
    """One player's row: place, totals and tie-breaks, and their games in round order."""

    seed: int
    """The player's number in the event's seeding order (from 1)."""
    player: Player
    place: str
    """``"3"``, or ``"2-3"`` for a shared place; ``""`` for a player not ranked (withdrawn, every
    game annulled)."""
    rank: int
    """The first place number of ``place``: the row's number in the crosstable's order (0 for a
    player not ranked)."""
    points: float
    games: int
    """Games that count (played, forfeited or adjudicated; annulled games do not)."""
    running: int
    percentage: float | None
    """Points per game counted, as a percentage; None before the first result."""
    sb: float
    wins: int
    direct: float | None
    """The points scored against the other players still tied with this one when the direct
    encounter was used to part them (each pair's games averaged); None otherwise."""
    table: int | None
    """The player's table in an event of games of more players; None for two-player games
    (whose ``table`` is only a board number within a round)."""
    results: tuple[Result, ...]
    tie_breaks: dict[str, float | None] = dataclasses.field(default_factory=dict)
    """Each tie-break system of the event -> the player's value (``direct``: None where it was
    not used)."""

    @property
    def ranked(self) -> bool:
        """False for a withdrawn player whose every game was annulled (listed apart)."""
        return self.rank > 0


@dataclass(frozen=True)
class Crosstable:
    """An event's standings in crosstable order, and how its cells are written."""

    event: Event
    standings: tuple[Standing, ...]
    sides: tuple[str, ...]
    """Every side name of the event's games, in order of first appearance."""
    abbreviations: dict[str, str]
    """Side name -> its short form in a cell (``White`` -> ``w``)."""
    many_sided: bool
    """Games of more than two players: shown by table (a grid of each table's games), not as a
    grid of opponents."""

    def by_name(self) -> dict[str, Standing]:
        """The standings by player name."""
        return {s.player.name: s for s in self.standings}


def players_of(game: EventGame) -> tuple[str, ...]:
    """The players of a game, each once, in the game's order of play."""
    return tuple(dict.fromkeys(game.sides.values()))


def side_of(game: EventGame, player: str) -> str:
    """The side(s) ``player`` holds in ``game``: ``White``, or ``Blue+Green`` for two."""
    return "+".join(side for side, name in game.sides.items() if name == player)


def _exact(value: float) -> Fraction:
    """A score as an exact fraction (thirds and quarters of a point stay exact)."""
    return Fraction(value).limit_denominator(720)


def format_points(value: float | Fraction) -> str:
    """``9``, ``8½``, ``54.75``, ``⅓``: points as crosstables print them."""
    exact = _exact(float(value))
    whole, part = divmod(exact, 1)
    if part == 0:
        return str(whole)
    if part == Fraction(1, 2):
        return f"{whole}½" if whole else "½"
    if part in (Fraction(1, 3), Fraction(2, 3)):
        glyph = "⅓" if part == Fraction(1, 3) else "⅔"
        return f"{whole}{glyph}" if whole else glyph
    return f"{float(exact):.2f}".rstrip("0").rstrip(".")


def _mark(state: ResultState, points: Fraction | None, best: bool, even: bool) -> str:
    if state == "running":
        return "*"
    if state == "annulled" or points is None:
        return "×"
    if state == "unplayed":
        if points > 0 and even:
            return "="
        return "+" if points > 0 and best else "-"
    text = format_points(points)
    return text + {"adjudicated": "a", "time": "t"}.get(state, "")


def abbreviations(sides: Sequence[str]) -> dict[str, str]:
    """The shortest prefixes (lower case) that tell the sides apart: ``w``/``b``, ``y``/``o``."""
    names = list(dict.fromkeys(sides))
    for length in range(1, max((len(s) for s in names), default=1) + 1):
        short = [s[:length].lower() for s in names]
        if len(set(short)) == len(short):
            return dict(zip(names, short, strict=True))
    return {s: s.lower() for s in names}


@dataclass
class _Tally:
    points: Fraction = Fraction(0)
    games: int = 0
    running: int = 0
    wins: int = 0
    black_wins: int = 0
    scheduled: int = 0


def _scores(game: EventGame) -> dict[str, Fraction] | None:
    """Each player's exact points in a counted game; None for a running or annulled one."""
    out = game.outcome
    if out is None or out.kind not in COUNTED:
        return None
    return {p: _exact(out.points.get(p, 0.0)) for p in players_of(game)}


Scored = tuple[EventGame, dict[str, Fraction]]


def crosstable(event: Event) -> Crosstable:
    """The event's standings: totals, the event's tie-breaks and places."""
    names = [p.name for p in event.players]
    tally = {name: _Tally() for name in names}
    scored: list[Scored] = []
    rows: dict[str, list[Result]] = {name: [] for name in names}
    tables: dict[str, int] = {}
    for game in sorted(event.games, key=lambda g: (g.round, g.number)):
        players = players_of(game)
        scores = _scores(game)
        state: ResultState = "running" if game.outcome is None else game.outcome.kind
        first_side = next(iter(game.sides), "")
        if scores is not None:
            scored.append((game, scores))
        for name in players:
            if name not in tally:  # a name the players list lacks: counted under it all the same
                tally[name], rows[name] = _Tally(), []
                names.append(name)
            tables.setdefault(name, game.table)
            t = tally[name]
            if state != "annulled":
                t.scheduled += 1
            mine = None if scores is None else scores[name]
            others = [scores[o] for o in players if o != name] if scores is not None else []
            best = mine is not None and all(mine >= o for o in others)
            even = mine is not None and all(mine == o for o in others)
            if scores is not None and mine is not None:
                t.points += mine
                t.games += 1
                if best and not even and mine > 0:
                    t.wins += 1  # FIDE's WIN (C.07 7.1): with or without playing
                    if state in PLAYED and game.sides.get(first_side) != name:
                        t.black_wins += 1
            elif state == "running":
                t.running += 1
            rows[name].append(Result(
                game=game.number, round=game.round, table=game.table, side=side_of(game, name),
                opponents=tuple(o for o in players if o != name), state=state,
                points=None if mine is None else float(mine),
                mark=_mark(state, mine, best, even), file=game.file,
                note=game.outcome.note if game.outcome is not None else ""))
    systems = expand(event.tie_breaks)
    listed = {p.name: p for p in event.players}
    apart = [n for n in names if listed.get(n, Player(n)).withdrawn and tally[n].games == 0
             and tally[n].running == 0]
    ranked_names = [n for n in names if n not in apart]
    totals = {n: t.points for n, t in tally.items()}
    values: dict[str, dict[str, Fraction]] = {
        "sb": _sonneborn_berger(scored, totals, names),
        "wins": {n: Fraction(t.wins) for n, t in tally.items()},
        "black-wins": {n: Fraction(t.black_wins) for n, t in tally.items()},
        "koya": _koya(scored, tally, names),
        "rating": {n: Fraction(listed.get(n, Player(n)).rating or 0) for n in names},
    }
    seeds = {name: k for k, name in enumerate(names, 1)}
    groups, direct = _rank(ranked_names, totals, values, systems, scored, seeds)
    places: dict[str, tuple[str, int]] = {}
    order: list[str] = []
    rank = 1
    for group in groups:
        label = str(rank) if len(group) == 1 else f"{rank}-{rank + len(group) - 1}"
        for name in group:
            places[name] = (label, rank)
            order.append(name)
        rank += len(group)
    for name in apart:
        places[name] = ("", 0)
        order.append(name)
    many_sided = any(len(players_of(g)) > 2 for g in event.games)
    standings = []
    for name in order:
        t = tally[name]
        place, rank = places[name]
        breaks: dict[str, float | None] = {
            s: (float(direct[name]) if name in direct else None) if s == "direct"
            else float(values[s][name]) for s in systems}
        standings.append(Standing(
            seed=seeds[name], player=listed.get(name, Player(name)), place=place, rank=rank,
            points=float(t.points), games=t.games, running=t.running,
            percentage=None if t.games == 0 else round(float(100 * t.points / t.games), 1),
            sb=float(values["sb"][name]), wins=t.wins,
            direct=None if name not in direct else float(direct[name]),
            table=tables.get(name, 1) if many_sided else None, results=tuple(rows[name]),
            tie_breaks=breaks))
    sides = tuple(dict.fromkeys(s for g in sorted(event.games, key=lambda g: (g.round, g.number))
                                for s in g.sides))
    return Crosstable(event=event, standings=tuple(standings), sides=sides,
                      abbreviations=abbreviations(sides),
                      many_sided=many_sided)


def _sonneborn_berger(scored: Iterable[Scored], totals: dict[str, Fraction],
                      names: Sequence[str]) -> dict[str, Fraction]:
    """Sonneborn–Berger (FIDE C.07 9.1): for each counted game, the player's points times the
    opponent's final score (the mean of the opponents' scores in a game of more players)."""
    sb = dict.fromkeys(names, Fraction(0))
    for _, scores in scored:
        for name, mine in scores.items():
            others = [totals[o] for o in scores if o != name]
            if others and mine:
                sb[name] += mine * sum(others, Fraction(0)) / len(others)
    return sb


def _koya(scored: Iterable[Scored], tally: Mapping[str, _Tally], names: Sequence[str]
          ) -> dict[str, Fraction]:
    """Koya (FIDE C.07 9.2): the points scored against the players who scored at least half of
    what their games could give (their games not annulled); a game of more players counts when
    every other player of it did."""
    strong = {n for n, t in tally.items() if t.scheduled and 2 * t.points >= t.scheduled}
    out = dict.fromkeys(names, Fraction(0))
    for _, scores in scored:
        for name, mine in scores.items():
            if all(o in strong for o in scores if o != name):
                out[name] += mine
    return out


def _rank(names: Sequence[str], totals: Mapping[str, Fraction],
          values: Mapping[str, Mapping[str, Fraction]], systems: Sequence[str],
          scored: Sequence[Scored], seeds: Mapping[str, int]
          ) -> tuple[list[list[str]], dict[str, Fraction]]:
    """The players in groups of equals, best first (points, then each tie-break in turn on the
    players it has left equal: FIDE C.07 4.2), and the direct-encounter scores used."""
    direct: dict[str, Fraction] = {}

    def split(group: list[str], k: int) -> list[list[str]]:
        if len(group) < 2 or k == len(systems):
            return [group]
        system = systems[k]
        if system == "direct":
            parts = _direct_split(group, scored, seeds, direct)
        else:
            parts = _by_value(group, values[system], seeds)
        return [g for part in parts for g in split(part, k + 1)]

    return [g for part in _by_value(list(names), totals, seeds) for g in split(part, 0)], direct


def _by_value(group: list[str], value: Mapping[str, Fraction], seeds: Mapping[str, int]
              ) -> list[list[str]]:
    """``group`` split by ``value``, highest first, each part in seeding order."""
    runs: dict[Fraction, list[str]] = {}
    for name in sorted(group, key=lambda n: (-value[n], seeds[n])):
        runs.setdefault(value[name], []).append(name)
    return list(runs.values())


def _direct_split(group: list[str], scored: Sequence[Scored], seeds: Mapping[str, int],
                  used: dict[str, Fraction]) -> list[list[str]]:
    """The direct encounter (FIDE C.07 art. 6) on ``group``: each player's points in the played
    games among them (a pair that met twice: the mean of their games, 6.1.2; unplayed forfeits
    left out, 6.1.1); when every two of them met (6.2) it parts them, and is applied again to
    each part it leaves equal until it parts no more. When some two never met it decides
    nothing (the Swiss rule 6.3 does not arise in a round robin). ``used`` gets the scores."""
    members = set(group)
    sums: dict[frozenset[str], dict[str, Fraction]] = {}
    meetings: dict[frozenset[str], int] = {}
    for game, scores in scored:
        if game.outcome is None or game.outcome.kind not in PLAYED or not set(scores) <= members:
            continue
        key = frozenset(scores)
        meetings[key] = meetings.get(key, 0) + 1
        for name, value in scores.items():
            sums.setdefault(key, {}).setdefault(name, Fraction(0))
            sums[key][name] += value
    met = {frozenset((a, b)) for key in meetings for a in key for b in key if a != b}
    if not all(frozenset((a, b)) in met for a in group for b in group if a != b):
        return [group]
    points = dict.fromkeys(group, Fraction(0))
    for key, by_name in sums.items():
        for name, value in by_name.items():
            points[name] += value / meetings[key]
    for name in group:
        used.setdefault(name, points[name])
    parts = _by_value(group, points, seeds)
    if len(parts) == 1:
        return parts
    return [g for part in parts
            for g in (_direct_split(part, scored, seeds, {}) if len(part) > 1 else [part])]


# --- the crosstable as JSON (the sheet the PDF and web page are drawn from: pbmkit.events.sheet) --


def as_json(table: Crosstable) -> dict[str, object]:
    """The crosstable as ``event table --json`` writes it (docs/events.md gives its shape)."""
    event = table.event
    finished = sum(1 for g in event.games if g.outcome is not None)
    return {
        "event": event.name, "rules": event.rules, "double": event.double,
        "many_sided": table.many_sided, "order": ["points", *expand(event.tie_breaks)],
        "sides": dict(table.abbreviations),
        "games": {"total": len(event.games), "finished": finished,
                  "running": len(event.games) - finished},
        "players": [{
            "place": s.place or None, "rank": s.rank or None, "seed": s.seed,
            "name": s.player.name, "withdrawn": s.player.withdrawn, "table": s.table,
            "points": s.points, "games": s.games, "running": s.running,
            "percentage": s.percentage, "sb": s.sb, "wins": s.wins, "direct": s.direct,
            "tie_breaks": dict(s.tie_breaks),
            "results": [{"game": r.game, "round": r.round, "table": r.table, "side": r.side,
                         "opponents": list(r.opponents), "result": r.state, "points": r.points,
                         "mark": r.mark, "file": r.file, "note": r.note} for r in s.results],
        } for s in table.standings],
    }
