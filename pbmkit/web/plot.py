"""The evaluation plotted on a game's page (issue 41 §2): each side's chance of winning after every
move of the main line, as ``pbmkit analyse`` wrote it in the record (``[%eval ...]``,
:mod:`pbmkit.records.evals`), drawn here as inline SVG (no script library, nothing fetched).

Two sides: one line, the first side's chance, and the area between it and 50% in the colour of
the side ahead. Three to five sides (Batrakill's zones): a line per side in the side's colour of
the game's look (:attr:`pbmkit.games.drawing.Look.colours`), made legible on the page's ground in
both schemes (:func:`pbmkit.web.theme.legible`), each with its own dashes. Mistakes ``?`` and
blunders ``??`` are marked on the mover's line; the current move is a vertical line that the
page's script (``static/plot.js``) moves as the viewer steps; each point is a tap target that
steps the viewer there (by the move's button in the list, the viewer's own way). The numbers are
also a table, for screen readers and for reading.

Bounded: at most :data:`POINTS` points are drawn whatever the record's length (beyond, one a
column, a marked move first), so the plot is a few tens of kilobytes at most. A page without a
single well-formed annotation has no plot and is byte for byte the page it was before.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pbmkit.records.evals import MARKS, MoveEval, move_evals
from pbmkit.records.model import Record
from pbmkit.records.replay import Ply
from pbmkit.render.svg import svg_number
from pbmkit.web.page import escape_html, static_text
from pbmkit.web.theme import DARK, LIGHT, Theme, contrast, legible

__all__ = ["MARK_COLOURS", "POINTS", "SPARE_COLOURS", "Plot", "PlotPoint", "eval_plot", "line_colours",
           "plot_points", "shown_points"]

POINTS = 300
"""The most points drawn (the plot's width in its own units is a little under 300)."""
WIDTH, HEIGHT = 320, 136
"""The plot's box in its own units (the page scales it to the column: 11 units are 11 CSS pixels
or more on a 360-pixel phone)."""
X0, X1, Y0, Y1 = 36.0, 312.0, 6.0, 128.0
"""The area of the lines: x from the start to the last move, y from 100% (top) to 0%."""
DOTS = 60
"""Up to this many points, each is drawn as a dot too."""
DASHES = ("", "6 3", "2 3", "9 3 2 3", "1 2", "12 3")
"""Each line's dashes (three to five sides): told apart without their colours."""
SPARE_COLOURS = ("#1c7ed6", "#e8590c", "#2f9e44", "#ae3ec9", "#0c8599", "#f08c00")
"""The lines of the sides of a game that declares no screen colours (one plugged in from outside)."""
MARK_COLOURS = {"?": ("#b35900", "#ffa94d"), "??": ("#c92a2a", "#ff8787")}
"""A mistake's and a blunder's colour, light scheme and dark (3:1 at least on the page)."""
SCRIPT = static_text("plot.js")
"""The plot's script, added to a page's only where it has a plot."""


@dataclass(frozen=True, slots=True)
class PlotPoint:
    """One analysed move of the main line."""

    node: int
    """The move's node, its place in the main line (1 the first move)."""
    words: str
    """The move as the page writes it: ``12... Blue d5``."""
    side: int
    """The mover's index in the sides."""
    eval: MoveEval


@dataclass(frozen=True, slots=True)
class Plot:
    """The plot's markup and the style sheet it adds to its page."""

    html: str
    css: str


def plot_points(record: Record, sides: Sequence[str],
                main: Sequence[tuple[int, Ply, str]]) -> list[PlotPoint]:
    """The analysed moves among ``main`` (node, ply, words; the main line's moves shown on the
    page), in order."""
    found = move_evals(record, sides)
    out = []
    for node, ply, words in main:
        got = found.get((ply.line, ply.column))
        if got is not None:
            side = sides.index(ply.side) if ply.side in sides else 0
            out.append(PlotPoint(node, words, side, got))
    return out


def shown_points(points: Sequence[PlotPoint], total: int) -> list[PlotPoint]:
    """At most :data:`POINTS` of ``points`` (of ``total`` moves): one per column of the plot, the
    worst marked move of a column first, else its last move."""
    if len(points) <= POINTS:
        return list(points)
    columns: dict[int, PlotPoint] = {}
    for p in points:
        column = p.node * POINTS // (total + 1)
        held = columns.get(column)
        if held is None or _rank(p) >= _rank(held):
            columns[column] = p
    return [columns[c] for c in sorted(columns)]


def _rank(p: PlotPoint) -> int:
    return MARKS.index(p.eval.mark) + 1 if p.eval.mark in MARKS else 0


def line_colours(sides: Sequence[str], colours: Mapping[str, tuple[str, str]],
                 theme: Theme) -> list[str]:
    """Each side's line colour on ``theme``'s ground: of its look's two colours the one that
    stands out more, made legible (3:1) there; a side whose game declares no colours takes one
    of :data:`SPARE_COLOURS`, made legible the same way."""
    out = []
    for k, side in enumerate(sides):
        pair = colours.get(side) or colours.get(side.split("+")[0]) \
            or (SPARE_COLOURS[k % len(SPARE_COLOURS)],)
        best = max(pair, key=lambda c: contrast(c, theme.bg))
        out.append(legible(best, theme.bg, 3.0))
    return out


def _css(sides: Sequence[str], colours: Mapping[str, tuple[str, str]]) -> str:
    def block(theme: Theme, k: int) -> str:
        lines = line_colours(sides, colours, theme)
        marks = (f"--pl-mistake:{MARK_COLOURS['?'][k]};--pl-blunder:{MARK_COLOURS['??'][k]}")
        return ";".join([*(f"--pl{i}:{c}" for i, c in enumerate(lines)), marks])

    # each side's paints (any number of sides: a game plugged in from outside may have more)
    paints = "".join(f".pl-s{i}{{stroke:var(--pl{i})}}.pl-d{i}{{fill:var(--pl{i})}}"
                     for i in range(len(sides)))
    dashes = "".join(f".pl-s{i}{{stroke-dasharray:{DASHES[i % len(DASHES)]}}}"
                     for i in range(len(sides)) if len(sides) > 2 and DASHES[i % len(DASHES)])
    sheet = static_text("plot.css")
    return (f":root{{{block(LIGHT, 0)}}}\n@media (prefers-color-scheme:dark){{:root{{{block(DARK, 1)}}}}}"
            f"{sheet}\n{paints}{dashes}\n")


def _x(node: int, total: int) -> float:
    return X0 + node * (X1 - X0) / max(total, 1)


def _y(chance: float) -> float:
    return Y1 - chance * (Y1 - Y0)


def _n(v: float) -> str:
    return svg_number(round(v, 1))


def _runs(shown: Sequence[PlotPoint], total: int, bucketed: bool) -> list[list[PlotPoint]]:
    """The stretches of the line: a gap of unanalysed moves breaks it."""
    gap = 2 * math.ceil((total + 1) / POINTS) if bucketed else 1
    runs: list[list[PlotPoint]] = []
    for p in shown:
        if runs and p.node - runs[-1][-1].node <= gap:
            runs[-1].append(p)
        else:
            runs.append([p])
    return runs


def _svg(shown: Sequence[PlotPoint], total: int, sides: Sequence[str], current: int,
         bucketed: bool, title: str, desc: str) -> str:
    two = len(sides) == 2
    lines = [0] if two else list(range(len(sides)))
    mid = _y(0.5)
    out = [f'<svg id="plot" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
           f'role="img" aria-labelledby="plot-title plot-desc" data-x0="{_n(X0)}" '
           f'data-step="{svg_number(round((X1 - X0) / max(total, 1), 4))}" data-last="{total}">'
           f'<title id="plot-title">{escape_html(title)}</title>'
           f'<desc id="plot-desc">{escape_html(desc)}</desc>'
           f'<rect class="pl-ground" x="{_n(X0)}" y="{_n(Y0)}" width="{_n(X1 - X0)}" '
           f'height="{_n(Y1 - Y0)}"/>'
           f'<path class="pl-grid" d="M{_n(X0)} {_n(_y(.75))}H{_n(X1)}M{_n(X0)} {_n(_y(.25))}H{_n(X1)}"/>'
           f'<path class="pl-mid" d="M{_n(X0)} {_n(mid)}H{_n(X1)}"/>']
    for chance in (1.0, 0.5, 0.0):
        out.append(f'<text class="pl-label" x="{_n(X0 - 4)}" y="{_n(_y(chance) + 4)}" '
                   f'text-anchor="end" font-size="11">{chance:.0%}</text>')
    runs = _runs(shown, total, bucketed)
    if two:
        out.append(f'<clipPath id="pl-up"><rect x="0" y="0" width="{WIDTH}" height="{_n(mid)}"/>'
                   f'</clipPath><clipPath id="pl-down"><rect x="0" y="{_n(mid)}" width="{WIDTH}" '
                   f'height="{_n(HEIGHT - mid)}"/></clipPath>')
        area = "".join(
            f"M{_n(_x(r[0].node, total))} {_n(mid)}"
            + "".join(f"L{_n(_x(p.node, total))} {_n(_y(p.eval.chances[0]))}" for p in r)
            + f"L{_n(_x(r[-1].node, total))} {_n(mid)}Z" for r in runs)
        # one outline, painted twice: above 50% in the first side's colour, below in the second's
        # (the path has no paint of its own, so that each copy takes its parent's)
        out.append(f'<g class="pl-area pl-a0" clip-path="url(#pl-up)"><path id="pl-area" d="{area}"/>'
                   '</g><use href="#pl-area" class="pl-area pl-a1" clip-path="url(#pl-down)"/>')
    for s in lines:
        d = "".join("M" + "L".join(f"{_n(_x(p.node, total))} {_n(_y(p.eval.chances[s]))}" for p in r)
                    for r in runs)
        out.append(f'<path class="pl-ln {"pl-main" if two else f"pl-s{s}"}" d="{d}"/>')
        if len(shown) <= DOTS:
            out.append(f'<g class="pl-dots {"pl-dmain" if two else f"pl-d{s}"}">' + "".join(
                f'<circle cx="{_n(_x(p.node, total))}" cy="{_n(_y(p.eval.chances[s]))}" r="2.2"/>'
                for p in shown) + "</g>")
    marks = []
    for p in shown:
        if p.eval.mark not in MARKS:
            continue
        line = 0 if two else p.side
        chance = p.eval.chances[line]
        x, y = _x(p.node, total), _y(chance)
        kind = MARKS.index(p.eval.mark) + 1
        ty = y - 8 if y > Y0 + 16 else y + 16
        marks.append(f'<circle class="pl-m{kind}" cx="{_n(x)}" cy="{_n(y)}" r="{4 if kind == 1 else 4.5}"/>'
                     f'<text class="pl-t{kind}" x="{_n(x)}" y="{_n(ty)}" text-anchor="middle" '
                     f'font-size="11" font-weight="700">{p.eval.mark}</text>')
    out.append('<g class="pl-marks">' + "".join(marks) + "</g>")
    now = _x(min(current, total), total)
    out.append(f'<line class="pl-now" x1="{_n(now)}" x2="{_n(now)}" y1="{_n(Y0)}" y2="{_n(Y1)}"/>')
    hits = []
    for k, p in enumerate(shown):
        x = _x(p.node, total)
        half = (X1 - X0) / max(total, 1) / 2
        left = (x + _x(shown[k - 1].node, total)) / 2 if k else max(X0 - 4, x - max(half, 4))
        right = (x + _x(shown[k + 1].node, total)) / 2 if k + 1 < len(shown) else \
            min(WIDTH, x + max(half, 4))
        current_class = ' class="pl-cur"' if p.node == current else ""
        hits.append(f'<rect{current_class} data-n="{p.node}" x="{_n(left)}" '
                    f'width="{_n(right - left)}" height="{HEIGHT}"/>')
    out.append('<g class="pl-hits">' + "".join(hits) + "</g></svg>")
    return "".join(out)


def _percent(chance: float) -> str:
    return f"{chance:.0%}"


def _describe(points: Sequence[PlotPoint], shown: Sequence[PlotPoint], total: int,
              sides: Sequence[str]) -> str:
    names = [s.capitalize() for s in sides]
    said = [f"{len(points)} of the {total} moves of the main line analysed"
            + (f", {len(shown)} of them drawn" if len(shown) < len(points) else "") + "."]
    for s, name in enumerate(names[:1] if len(sides) == 2 else names):
        values = [p.eval.chances[s] for p in points]
        said.append(f"{name}: from {_percent(min(values))} to {_percent(max(values))}, "
                    f"{_percent(values[-1])} after the last.")
    if len(sides) == 2:
        said.append(f"Above 50% {names[0]} is ahead, below {names[1]}.")
    marked = [p for p in points if p.eval.mark]
    if marked:
        mistakes = sum(p.eval.mark == "?" for p in marked)
        blunders = len(marked) - mistakes
        listed = ", ".join(f"{p.words} {p.eval.mark}" for p in marked[:10])
        more = f" and {len(marked) - 10} more" if len(marked) > 10 else ""
        said.append(f"{mistakes} mistake(s) (?) and {blunders} blunder(s) (??): {listed}{more}.")
    return " ".join(said)


def _key(sides: Sequence[str]) -> str:
    names = [escape_html(s.capitalize()) for s in sides]

    def sample(s: int) -> str:
        line = "pl-main" if len(sides) == 2 else f"pl-s{s}"
        return (f'<svg class="pl-sample" viewBox="0 0 24 8" aria-hidden="true">'
                f'<path class="pl-ln {line}" d="M1 4H23"/></svg>')

    if len(sides) == 2:
        items = [f"{sample(0)}{names[0]}'s chance of winning after each move; above 50% "
                 f"{names[0]} is ahead, below {names[1]}"]
    else:
        items = [f"{sample(s)}{name}" for s, name in enumerate(names)]
    items.append('<span class="pl-t1">?</span> a mistake, <span class="pl-t2">??</span> a blunder; '
                 "tap or click a point to show its position")
    return '<ul class="pl-key">' + "".join(f"<li>{i}</li>" for i in items) + "</ul>"


def _table(shown: Sequence[PlotPoint], sides: Sequence[str], all_points: int) -> str:
    head = ('<tr><th scope="col">Move</th>'
            + "".join(f'<th scope="col">{escape_html(s.capitalize())}</th>' for s in sides)
            + '<th scope="col">Mark</th></tr>')
    rows = "".join(f'<tr><th scope="row">{escape_html(p.words)}</th>'
                   + "".join(f"<td>{_percent(c)}</td>" for c in p.eval.chances)
                   + f"<td>{p.eval.mark}</td></tr>" for p in shown)
    part = f" ({len(shown)} of {all_points} moves)" if len(shown) < all_points else ""
    return (f'<details class="pl-table"><summary>The chances as a table{part}</summary>'
            f'<div class="scroll"><table><thead>{head}</thead><tbody>{rows}</tbody></table></div>'
            "</details>")


def eval_plot(record: Record, sides: Sequence[str], main: Sequence[tuple[int, Ply, str]],
              colours: Mapping[str, tuple[str, str]], current: int) -> Plot | None:
    """The plot of the analysed moves among ``main`` (node, ply, words: the main line's moves
    shown on the page, node ``k`` its ``k``-th move), the move ``current`` marked; None where no
    move carries a well-formed ``[%eval ...]``."""
    if not sides or not main:
        return None
    points = plot_points(record, sides, main)
    if not points:
        return None
    total = len(main)
    shown = shown_points(points, total)
    title = "Evaluation: each side's chance of winning after each move"
    svg = _svg(shown, total, sides, current, len(shown) < len(points), title,
               _describe(points, shown, total, sides))
    html = ('<section class="plot" aria-labelledby="plot-head">'
            '<h2 id="plot-head" class="plot-head">Evaluation</h2>'
            f"{svg}{_key(sides)}{_table(shown, sides, len(points))}</section>")
    return Plot(html, _css(sides, colours))
