"""The crosstable of an event: each player's points, games, tie-breaks and place (docs/events.md,
"Crosstable and tie-breaks").

:func:`crosstable` reads an :class:`~pbmkit.events.model.Event` and nothing else. Players are
ordered by points, then Sonneborn–Berger, then wins, then the direct encounter; players still
equal share a place (``2-3``), listed in seeding order. Games of more than two players (a table
of three to five) count the same way: a player's Sonneborn–Berger adds, for each game, their
points times the mean score of the other players of that game, which for two players is the
classical figure.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from pbmkit.events.model import Event, EventGame, Player
from pbmkit.render.crosstable import Cell, Column, Entry, Grid, Sheet

__all__ = ["Crosstable", "Result", "Standing", "abbreviations", "as_json", "crosstable",
           "format_points", "players_of", "sheet"]

ResultState = Literal["played", "forfeit", "adjudicated", "annulled", "running"]
COUNTED = frozenset({"played", "forfeit", "adjudicated"})
"""The kinds of finished game that count for points and tie-breaks (annulled ones do not)."""


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
    ``+``/``-`` for a forfeit won or lost (``=`` a forfeit scored as a draw); the mark followed by
    ``a`` for an adjudicated game; ``×`` annulled; ``*`` still running."""
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
    """``"3"``, or ``"2-3"`` for a shared place."""
    rank: int
    """The first place number of ``place``: the row's number in the crosstable's order."""
    points: float
    games: int
    """Games that count (played, forfeited or adjudicated; annulled games do not)."""
    running: int
    percentage: float | None
    """Points per game counted, as a percentage; None before the first result."""
    sb: float
    wins: int
    direct: float | None
    """The points scored against the other players tied with this one on points, SB and wins,
    when the direct encounter was used to part them; None otherwise."""
    table: int | None
    """The player's table in an event of games of more players; None for two-player games
    (whose ``table`` is only a board number within a round)."""
    results: tuple[Result, ...]


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
    if state == "forfeit":
        if points > 0 and even:
            return "="
        return "+" if points > 0 and best else "-"
    text = format_points(points)
    return f"{text}a" if state == "adjudicated" else text


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


def _scores(game: EventGame) -> dict[str, Fraction] | None:
    """Each player's exact points in a counted game; None for a running or annulled one."""
    out = game.outcome
    if out is None or out.kind not in COUNTED:
        return None
    return {p: _exact(out.points.get(p, 0.0)) for p in players_of(game)}


def crosstable(event: Event) -> Crosstable:
    """The event's standings: totals, Sonneborn–Berger, wins, direct encounter and places."""
    names = [p.name for p in event.players]
    tally = {name: _Tally() for name in names}
    scored: list[tuple[EventGame, dict[str, Fraction]]] = []
    rows: dict[str, list[Result]] = {name: [] for name in names}
    tables: dict[str, int] = {}
    for game in sorted(event.games, key=lambda g: (g.round, g.number)):
        players = players_of(game)
        scores = _scores(game)
        state: ResultState = "running" if game.outcome is None else game.outcome.kind
        if scores is not None:
            scored.append((game, scores))
        for name in players:
            if name not in tally:  # a name the players list lacks: counted under it all the same
                tally[name], rows[name] = _Tally(), []
                names.append(name)
            tables.setdefault(name, game.table)
            mine = None if scores is None else scores[name]
            others = [scores[o] for o in players if o != name] if scores is not None else []
            best = mine is not None and all(mine >= o for o in others)
            even = mine is not None and all(mine == o for o in others)
            if scores is not None and mine is not None:
                t = tally[name]
                t.points += mine
                t.games += 1
                if state != "forfeit" and best and not even and mine > 0:
                    t.wins += 1
            elif state == "running":
                tally[name].running += 1
            rows[name].append(Result(
                game=game.number, round=game.round, table=game.table, side=side_of(game, name),
                opponents=tuple(o for o in players if o != name), state=state,
                points=None if mine is None else float(mine),
                mark=_mark(state, mine, best, even), file=game.file,
                note=game.outcome.note if game.outcome is not None else ""))
    sb = _sonneborn_berger(scored, {n: t.points for n, t in tally.items()}, names)
    order, direct, places = _order(names, tally, sb, scored)
    seeds = {name: k for k, name in enumerate(names, 1)}
    many_sided = any(len(players_of(g)) > 2 for g in event.games)
    listed = {p.name: p for p in event.players}
    standings = []
    for name in order:
        t = tally[name]
        place, rank = places[name]
        standings.append(Standing(
            seed=seeds[name], player=listed.get(name, Player(name)), place=place, rank=rank,
            points=float(t.points), games=t.games, running=t.running,
            percentage=None if t.games == 0 else round(float(100 * t.points / t.games), 1),
            sb=float(sb[name]), wins=t.wins,
            direct=None if name not in direct else float(direct[name]),
            table=tables.get(name, 1) if many_sided else None, results=tuple(rows[name])))
    sides = tuple(dict.fromkeys(s for g in sorted(event.games, key=lambda g: (g.round, g.number))
                                for s in g.sides))
    return Crosstable(event=event, standings=tuple(standings), sides=sides,
                      abbreviations=abbreviations(sides),
                      many_sided=many_sided)


def _sonneborn_berger(scored: Iterable[tuple[EventGame, dict[str, Fraction]]],
                      totals: dict[str, Fraction], names: Sequence[str]) -> dict[str, Fraction]:
    """Sonneborn–Berger: for each counted game, the player's points times the opponent's final
    score (the mean of the opponents' scores in a game of more players)."""
    sb = dict.fromkeys(names, Fraction(0))
    for _, scores in scored:
        for name, mine in scores.items():
            others = [totals[o] for o in scores if o != name]
            if others and mine:
                sb[name] += mine * sum(others, Fraction(0)) / len(others)
    return sb


def _order(names: list[str], tally: dict[str, _Tally], sb: dict[str, Fraction],
           scored: Sequence[tuple[EventGame, dict[str, Fraction]]]
           ) -> tuple[list[str], dict[str, Fraction], dict[str, tuple[str, int]]]:
    """Players in crosstable order, the direct-encounter scores used, and each one's place."""
    seed = {name: k for k, name in enumerate(names)}

    def key(name: str) -> tuple[Fraction, Fraction, int]:
        return (-tally[name].points, -sb[name], -tally[name].wins)

    ranked = sorted(names, key=lambda n: (key(n), seed[n]))
    order: list[str] = []
    direct: dict[str, Fraction] = {}
    groups: list[list[str]] = []
    k = 0
    while k < len(ranked):
        j = k
        while j < len(ranked) and key(ranked[j]) == key(ranked[k]):
            j += 1
        group = ranked[k:j]
        if len(group) > 1:
            de = _direct_encounter(group, scored)
            if de is not None:
                direct.update(de)
                group.sort(key=lambda n: (-de[n], seed[n]))
                runs: dict[Fraction, list[str]] = {}
                for name in group:
                    runs.setdefault(de[name], []).append(name)
                groups.extend(runs.values())
            else:
                groups.append(group)
        else:
            groups.append(group)
        k = j
    places: dict[str, tuple[str, int]] = {}
    rank = 1
    for group in groups:
        label = str(rank) if len(group) == 1 else f"{rank}-{rank + len(group) - 1}"
        for name in group:
            places[name] = (label, rank)
            order.append(name)
        rank += len(group)
    return order, direct, places


def _direct_encounter(group: Sequence[str], scored: Sequence[tuple[EventGame, dict[str, Fraction]]]
                      ) -> dict[str, Fraction] | None:
    """Each tied player's points from the counted games among the tied players alone; None when
    some two of them have not met in such a game (the direct encounter then decides nothing)."""
    members = set(group)
    points = dict.fromkeys(group, Fraction(0))
    met: set[frozenset[str]] = set()
    for _, scores in scored:
        if not set(scores) <= members:
            continue
        for name, value in scores.items():
            points[name] += value
        met.update(frozenset((a, b)) for a in scores for b in scores if a != b)
    every_pair = all(frozenset((a, b)) in met for a in group for b in group if a != b)
    return points if every_pair else None


# --- what the crosstable shows: JSON, and the plain data the PDF and web page are drawn from -----

ORDER = ("points", "sonneborn-berger", "wins", "direct-encounter")


def as_json(table: Crosstable) -> dict[str, object]:
    """The crosstable as ``event table --json`` writes it (docs/events.md gives its shape)."""
    event = table.event
    finished = sum(1 for g in event.games if g.outcome is not None)
    return {
        "event": event.name, "rules": event.rules, "double": event.double,
        "many_sided": table.many_sided, "order": list(ORDER), "sides": dict(table.abbreviations),
        "games": {"total": len(event.games), "finished": finished,
                  "running": len(event.games) - finished},
        "players": [{
            "place": s.place, "rank": s.rank, "seed": s.seed, "name": s.player.name,
            "withdrawn": s.player.withdrawn, "table": s.table, "points": s.points,
            "games": s.games, "running": s.running, "percentage": s.percentage, "sb": s.sb,
            "wins": s.wins, "direct": s.direct,
            "results": [{"game": r.game, "round": r.round, "table": r.table, "side": r.side,
                         "opponents": list(r.opponents), "result": r.state, "points": r.points,
                         "mark": r.mark, "file": r.file, "note": r.note} for r in s.results],
        } for s in table.standings],
    }


def _side_short(table: Crosstable, side: str) -> str:
    return "+".join(table.abbreviations.get(part, part.lower()) for part in side.split("+"))


def _line(table: Crosstable, result: Result, links: Mapping[int, str]) -> Entry:
    href = links.get(result.game) if result.state in COUNTED else None
    return Entry(f"{result.mark}{_side_short(table, result.side)}", href)


def _stats(s: Standing) -> tuple[Cell, ...]:
    pct = "" if s.percentage is None else f"{s.percentage:g}"
    return ((Entry(format_points(s.points)),), (Entry(str(s.games)),), (Entry(pct),),
            (Entry(f"{s.sb:.2f}".rstrip("0").rstrip(".")),), (Entry(str(s.wins)),), (Entry(str(s.running)),),
            (Entry(s.place),))


_STAT_COLUMNS = (Column("Pts", "points"), Column("G", "games counted"), Column("%", "percentage"),
                 Column("SB", "Sonneborn–Berger"), Column("W", "wins"),
                 Column("Run", "games still running"), Column("Place", "place"))


def _who(s: Standing) -> Cell:
    return (Entry(s.player.name + (" (withdrawn)" if s.player.withdrawn else "")),)


def sheet(table: Crosstable, links: Mapping[int, str] | None = None) -> Sheet:
    """The crosstable as plain data for :mod:`pbmkit.render.crosstable`; ``links`` maps a game's
    number to its web page (a finished game's mark links there)."""
    links = links or {}
    event = table.event
    finished = sum(1 for g in event.games if g.outcome is not None)
    subtitle = (f"{event.rules}{' (double round robin)' if event.double else ''}: "
                f"{len(table.standings)} players, {finished} of {len(event.games)} games finished")
    grids: list[Grid] = []
    if not table.many_sided:
        n = len(table.standings)
        rows = []
        for r, s in enumerate(table.standings):
            against: dict[str, list[Entry]] = {}
            for result in s.results:
                for opponent in result.opponents:
                    against.setdefault(opponent, []).append(_line(table, result, links))
            cells = tuple(tuple(against.get(o.player.name, ())) for o in table.standings)
            rows.append(((Entry(str(r + 1)),), _who(s), *cells, *_stats(s)))
        columns = (Column("No"), Column("Player", align="start", wide=True),
                   *(Column(str(k + 1), table.standings[k].player.name) for k in range(n)), *_STAT_COLUMNS)
        grids.append(Grid("Crosstable", columns, tuple(rows),
                          frozenset((k, k + 2) for k in range(n))))
    else:
        rows = [((Entry(str(r + 1)),), _who(s), (Entry(str(s.table)),), *_stats(s))
                for r, s in enumerate(table.standings)]
        grids.append(Grid("Standings", (Column("No"), Column("Player", align="start", wide=True),
                                        Column("Table", "the player's table"), *_STAT_COLUMNS),
                          tuple(rows)))
        for number in sorted({s.table for s in table.standings if s.table is not None}):
            members = [(r, s) for r, s in enumerate(table.standings) if s.table == number]
            games = sorted({(res.round, res.game) for _, s in members for res in s.results})
            table_rows = []
            for r, s in members:
                mine = {res.game: res for res in s.results}
                cells = tuple((_line(table, mine[g], links),) if g in mine else () for _, g in games)
                table_rows.append(((Entry(str(r + 1)),), _who(s), *cells,
                                   (Entry(format_points(s.points)),)))
            columns = (Column("No"), Column("Player", align="start", wide=True),
                       *(Column(f"#{g}", f"game {g}, round {rnd}") for rnd, g in games),
                       Column("Pts", "points"))
            grids.append(Grid(f"Table {number}", columns, tuple(table_rows)))
    sides = ", ".join(f"{short} {side}" for side, short in table.abbreviations.items())
    notes: tuple[str, ...] = (
        "Order: points, then Sonneborn–Berger (SB), then wins (W), then the direct encounter; "
        "players still equal share a place.",
        "Cells: 1 ½ 0 the result (a share of a game of more players: ⅓ ...); + - a forfeit won or "
        "lost (= scored as a draw); a adjudicated; × annulled (a withdrawn player's game); "
        f"* still running. Then the player's side: {sides}.",
    )
    noted = sorted({(g.number, g.outcome.note) for g in event.games
                    if g.outcome is not None and g.outcome.note})
    if noted:
        notes += ("Notes: " + "; ".join(f"game {n}: {note}" for n, note in noted) + ".",)
    if table.many_sided:
        notes += ("A game of more players: SB adds, for each game, the player's points times "
                  "the mean final score of the others of that game.",)
    return Sheet(title=event.name, subtitle=subtitle, grids=tuple(grids), notes=notes)
