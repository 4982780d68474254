"""What an event's crosstable shows, as plain data (:class:`~pbmkit.render.crosstable.Sheet`) for
the PDF, the text and the web page (docs/events.md, "Crosstable and tie-breaks").

:func:`sheet` lays a :class:`~pbmkit.events.table.Crosstable` out as published crosstables do:
the rows in place order, the results against each player in columns of one width, each result
followed by the player's side (set small and raised by the renderers), then points and the
event's tie-breaks in their order (the ones that decide the places first), games counted, the
percentage, games still running (while any run), and the place where it is not the row's number
(a shared place, a player not ranked). The web page also gets the standings on their own, which
a phone shows first. :func:`legend` says in words what each column and mark means.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pbmkit.events.table import COUNTED, Crosstable, Result, Standing, format_points
from pbmkit.events.tiebreaks import SYSTEMS, expand, order_text
from pbmkit.render.crosstable import Cell, Column, Entry, Grid, Sheet

__all__ = ["legend", "sheet"]


def _side_short(table: Crosstable, side: str) -> str:
    return "+".join(table.abbreviations.get(part, part.lower()) for part in side.split("+"))


SHOWN_MARKS = {"-": "−"}
"""A mark as the sheet prints it: a forfeit lost is a minus sign, not a hyphen."""


def _line(table: Crosstable, result: Result, links: Mapping[int, str]) -> Entry:
    href = links.get(result.game) if result.state in COUNTED else None
    return Entry(SHOWN_MARKS.get(result.mark, result.mark), href, _side_short(table, result.side))


def _number(value: float | None) -> str:
    return "" if value is None else f"{value:.2f}".rstrip("0").rstrip(".")


def _shown(systems: Sequence[str]) -> list[str]:
    """The tie-breaks with a column: all but the direct encounter, which the grid itself shows
    (its scores are in the JSON)."""
    return [name for name in systems if name != "direct"]


def _stats(s: Standing, systems: Sequence[str], running: bool) -> tuple[Cell, ...]:
    """Pts, a column per tie-break, G, %, and Run while games run."""
    pct = "" if s.percentage is None else f"{s.percentage:g}"
    breaks = tuple((Entry(_number(s.tie_breaks.get(name))),) for name in _shown(systems))
    return ((Entry(format_points(s.points)),), *breaks, (Entry(str(s.games)),), (Entry(pct),),
            *(((Entry(str(s.running)),),) if running else ()))


def _stat_columns(systems: Sequence[str], running: bool) -> tuple[Column, ...]:
    """Pts, the event's tie-breaks in their order, G, %, Run (while games run): as published
    crosstables print them, the ones that decide the places first."""
    def number(heading: str, title: str) -> Column:
        return Column(heading, title, align="end", kind="number")

    return (number("Pts", "points"),
            *(number(SYSTEMS[name][0], SYSTEMS[name][1]) for name in _shown(systems)),
            number("G", "games counted"), number("%", "points per game counted, in per cent"),
            *((number("Run", "games still being played"),) if running else ()))


def _who(s: Standing) -> Cell:
    return (Entry(s.player.name + (" (withdrawn)" if s.player.withdrawn else "")),)


def _place(s: Standing) -> Cell:
    return (Entry(s.place or "–"),)


PLACE = Column("Place", "place: 2-3 a place shared")
NAME = Column("Player", align="start", wide=True)


def sheet(table: Crosstable, links: Mapping[int, str] | None = None) -> Sheet:
    """The crosstable as plain data for :mod:`pbmkit.render.crosstable`; ``links`` maps a game's
    number to its web page (a finished game's mark links there)."""
    links = links or {}
    event = table.event
    systems = expand(event.tie_breaks)
    finished = sum(1 for g in event.games if g.outcome is not None)
    running = finished < len(event.games)
    stat_columns = _stat_columns(systems, running)
    subtitle = (f"{event.rules}{' (double round robin)' if event.double else ''}: "
                f"{len(table.standings)} players, {finished} of {len(event.games)} games finished")
    grids: list[Grid] = []
    if not table.many_sided:
        grids.append(Grid("Standings", (PLACE, NAME, *stat_columns), tuple(
            (_place(s), _who(s), *_stats(s, systems, running)) for s in table.standings),
            screen=True))
        n = len(table.standings)
        copy = all(s.place == str(r) for r, s in enumerate(table.standings, 1))
        rows = []
        for r, s in enumerate(table.standings):
            against: dict[str, list[Entry]] = {}
            for result in s.results:
                for opponent in result.opponents:
                    against.setdefault(opponent, []).append(_line(table, result, links))
            cells = tuple(tuple(against.get(o.player.name, ())) for o in table.standings)
            rows.append(((Entry(str(r + 1)),), _who(s), *cells, *_stats(s, systems, running),
                         *(() if copy else (_place(s),))))
        columns = (Column("No", "the player's number: the column of their games"), NAME,
                   *(Column(str(k + 1), table.standings[k].player.name, kind="result")
                     for k in range(n)), *stat_columns, *(() if copy else (PLACE,)))
        grids.append(Grid("Crosstable", columns, tuple(rows),
                          frozenset((k, k + 2) for k in range(n))))
    else:
        split = 1 + len(_shown(systems))  # the table after points and tie-breaks
        table_column = Column("Table", "the player's table", align="end", kind="number")
        rows = []
        for s in table.standings:
            stats = _stats(s, systems, running)
            rows.append((_place(s), _who(s), *stats[:split], (Entry(str(s.table)),), *stats[split:]))
        grids.append(Grid("Standings", (PLACE, NAME, *stat_columns[:split], table_column,
                                        *stat_columns[split:]), tuple(rows)))
        for number in sorted({s.table for s in table.standings if s.table is not None}):
            members = [s for s in table.standings if s.table == number]
            games = sorted({(res.round, res.game) for s in members for res in s.results})
            table_rows: list[tuple[Cell, ...]] = []
            for s in members:
                mine = {res.game: res for res in s.results}
                cells = tuple((_line(table, mine[g], links),) if g in mine else () for _, g in games)
                table_rows.append((_place(s), _who(s), *cells, (Entry(format_points(s.points)),)))
            columns = (PLACE, NAME,
                       *(Column(f"#{g}", f"game {g}, round {rnd}", kind="result") for rnd, g in games),
                       stat_columns[0])
            grids.append(Grid(f"Table {number}", columns, tuple(table_rows)))
    return Sheet(title=event.name, subtitle=subtitle, grids=tuple(grids),
                 notes=legend(table, grids))


EXPLAINED = {
    "sb": "Sonneborn–Berger: the final points of each opponent the player beat, and half those of "
          "each opponent they drew with",
    "wins": "games won (a game won by forfeit counts)",
    "black-wins": "games won with the second side ({second}), on the board",
    "direct": "The direct encounter (DE): the points the tied players scored in their games "
              "against each other, which the grid shows",
    "koya": "Koya: the points scored against the players who made half the points or more",
    "rating": "the player's rating",
}
"""Each tie-break in a player's words, for the legend."""
EXPLAINED_MANY = {
    "sb": "Sonneborn–Berger: for each game, the player's points times the mean final points of "
          "the others at the table",
    "direct": "The direct encounter (DE): the points the tied players scored in the games they "
              "all played",
}
"""What a game of more players changes."""
MARKS = (
    ("+−", "+ won, − lost without the game being played (a forfeit)"),
    ("=", "= a forfeit scored as a draw"),
    ("t", "t after a result: won or lost on time (a game played, and counted as one)"),
    ("a", "a after a result: adjudicated by the organiser"),
    ("×", "× annulled: it counts for nobody"),
    ("*", "* still being played"),
)
"""The marks besides the results, explained when a cell shows one."""


def legend(table: Crosstable, grids: Sequence[Grid] = ()) -> tuple[str, ...]:
    """The notes under the grids, in words: the order of the tie-breaks, what each column and
    each mark of a cell means (the marks the grids show), who is not ranked, the organiser's
    notes."""
    event = table.event
    systems = expand(event.tie_breaks)
    explained = {**EXPLAINED, **(EXPLAINED_MANY if table.many_sided else {})}
    sides = list(table.abbreviations.items())
    second = ", ".join(side for side, _ in sides[1:]) or "Black"
    draw = ("a game's points shared out: ⅓ ..." if table.many_sided
            else "a win 1, a draw ½, a loss 0")
    columns = [f"Pts points ({draw})",
               *(f"{SYSTEMS[name][0]} {explained[name].format(second=second)}"
                 for name in _shown(systems)),
               "G games counted", "% points per game counted"]
    if any(s.running for s in table.standings):
        columns.append("Run games still being played")
    notes = [order_text(event.tie_breaks), "Columns: " + "; ".join(columns) + "."]
    if "direct" in systems:
        notes[-1] += f" {explained['direct']}."
    shown = {e.text[-1:] for g in grids for row in g.rows for k, cell in enumerate(row)
             if g.columns[k].kind == "result" for e in cell}
    marks = [text for found, text in MARKS if shown & set(found)]
    results = "1 won, 0 lost, a fraction a share" if table.many_sided else "1 won, ½ drawn, 0 lost"
    letters = ", ".join(f"{short} {side}" for side, short in sides)
    notes.append(f"In a cell: the row player's result ({results}), then their side, small and "
                 f"raised ({letters})" + "".join(f"; {m}" for m in marks) + ".")
    apart = [s.player.name for s in table.standings if not s.ranked]
    if apart:
        notes.append("Not ranked (withdrew; every game annulled): " + ", ".join(apart) + ".")
    noted = sorted({(g.number, g.outcome.note) for g in event.games
                    if g.outcome is not None and g.outcome.note})
    if noted:
        notes.append("Notes: " + "; ".join(f"game {n}: {note}" for n, note in noted) + ".")
    return tuple(notes)
