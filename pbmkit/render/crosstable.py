"""An event's crosstable as plain data, drawn as a PDF (ReportLab, Letter or A4) and as text.

Nothing here knows what an event is: :mod:`pbmkit.events.table` turns one into a :class:`Sheet`
(grids of cells, each cell one line per game) and these functions draw it, typeset as published
crosstables are: the result columns of one width, the side after a result set small and raised,
the numbers aligned on their decimal point (``8½`` over ``54.75`` over ``9``). The PDF keeps
every character at 6 pt or more (docs/forms.md): a grid is set at the largest size that fits a
portrait page, then on a landscape one down to 6 pt; a name that still does not fit is cut with
an ellipsis. The columns share the width the page leaves. Long grids go on over pages with their
heading row repeated. The web page is :func:`pbmkit.web.crosstable.crosstable_html`'s.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from reportlab.pdfgen.canvas import Canvas

from pbmkit.render.pdf import MIN_SIZE, draw_text, finish, fit_text, new_canvas, text_width
from pbmkit.render.templates import Paper, paper

__all__ = ["Cell", "Column", "Entry", "Grid", "Sheet", "crosstable_pdf", "crosstable_text",
           "split_number"]

Align = Literal["start", "middle", "end"]
Kind = Literal["text", "result", "number"]


@dataclass(frozen=True)
class Entry:
    """One line of a cell: its text, the side that follows a result (set small and raised:
    ``1`` then ``w``), and the page it links to on the web (None: no link)."""

    text: str
    href: str | None = None
    side: str = ""


@dataclass(frozen=True)
class Column:
    """A column: its heading, what the heading stands for (a tooltip on the web), its alignment,
    whether it is the wide one (the names) that gives way when the page is short of room, and
    its kind: ``result`` columns (a game's result) all get one width, ``number`` columns are
    aligned on the decimal point."""

    heading: str
    title: str = ""
    align: Align = "middle"
    wide: bool = False
    kind: Kind = "text"


Cell = tuple[Entry, ...]


@dataclass(frozen=True)
class Grid:
    """A table of the sheet: a heading, columns, rows of cells; ``shaded`` cells (row, column)
    are the grey squares of a player against themselves. A ``screen`` grid is for the web page
    alone: the standings the crosstable grid also carries, given apart so that a phone shows
    them first without sideways scrolling (the PDF and the text leave it out)."""

    heading: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[Cell, ...], ...]
    shaded: frozenset[tuple[int, int]] = field(default_factory=frozenset)
    screen: bool = False


@dataclass(frozen=True)
class Sheet:
    """The whole crosstable: title, a line under it, its grids and the notes (the legend)."""

    title: str
    subtitle: str
    grids: tuple[Grid, ...]
    notes: tuple[str, ...] = ()


_NUMBER = re.compile(r"([-−]?\d*)((?:[.,]\d+)?[½⅓⅔¼¾]?)")


def split_number(text: str) -> tuple[str, str]:
    """A number's whole part and its fraction, which the columns align on: ``("8", "½")``,
    ``("54", ".75")``, ``("9", "")``; anything else whole (``("1-4", "")``)."""
    match = _NUMBER.fullmatch(text)
    if match is None or not text:
        return text, ""
    return match[1], match[2]


# --- PDF ---------------------------------------------------------------------------------------

MARGIN = 36.0
PAD = 3.0
SIZES = (10.0, 9.5, 9.0, 8.5, 8.0, 7.5, 7.0, 6.5, MIN_SIZE)
COMFORTABLE = 8.0
"""A portrait page is used at this size or larger; a grid that needs smaller turns the page."""
TITLE_SIZE = 14.0
HEADING_SIZE = 10.0
NOTE_SIZE = 8.0
"""The legend's size: read at arm's length, as the grid."""
LEADING = 1.25
SIDE_SCALE = 0.72
"""A side letter's size against the result's (never under the 6 pt floor), raised by RAISE."""
RAISE = 0.35
GROW = 2.0
"""How much wider than its text (in multiples of the text size) a column may grow to fill the
page."""


def side_size(size: float) -> float:
    """The size of the side letter after a result set at ``size``: smaller, and 6 pt at least."""
    return max(MIN_SIZE, round(size * SIDE_SCALE, 2))


def _entry_width(entry: Entry, size: float) -> float:
    width = text_width(entry.text, size)
    return width + (text_width(entry.side, side_size(size)) if entry.side else 0.0)


def _natural_widths(grid: Grid, size: float) -> list[float]:
    """Each column's width at ``size``: its widest line (a number column: its widest whole part
    and widest fraction, which align), the result columns all as wide as the widest of them."""
    widths = []
    for k, column in enumerate(grid.columns):
        best = text_width(column.heading, size, bold=True)
        entries = [entry for row in grid.rows for entry in row[k]]
        if column.kind == "number":
            parts = [split_number(e.text) for e in entries]
            best = max(best, max((text_width(w, size) for w, _ in parts), default=0.0)
                       + max((text_width(f, size) for _, f in parts), default=0.0))
        for entry in entries if column.kind != "number" else ():
            best = max(best, _entry_width(entry, size))
        widths.append(best + 2 * PAD)
    results = [k for k, c in enumerate(grid.columns) if c.kind == "result"]
    if results:
        equal = max(widths[k] for k in results)
        for k in results:
            widths[k] = equal
    return widths


def _layout(grid: Grid, room: float, size: float) -> list[float] | None:
    """Column widths within ``room`` at ``size``, or None if the grid does not fit. Room to
    spare widens every column alike (by ``GROW`` times the size at most); short of room,
    the wide column gets what the others leave, down to a third of its natural width."""
    widths = _natural_widths(grid, size)
    total = sum(widths)
    wide = [k for k, c in enumerate(grid.columns) if c.wide]
    if total <= room:
        each = min(GROW * size, (room - total) / max(1, len(widths)))
        return [w + each for w in widths]
    if not wide:
        return None
    k = wide[0]
    others = total - widths[k]
    least = max(widths[k] / 3, 12 * size)
    if others + least > room:
        return None
    widths[k] = room - others
    return widths


def _choose(sheet: Sheet, portrait: Paper) -> tuple[Paper, float, list[list[float]]]:
    """The page and text size at which every grid fits: portrait at a comfortable size, else
    landscape at the largest size that fits (down to 6 pt); failing that, landscape at 6 pt with
    the wide column cut as needed."""
    landscape = Paper(portrait.key, portrait.name, portrait.height, portrait.width)
    grids = _printed(sheet)
    tries = [(portrait, s) for s in SIZES if s >= COMFORTABLE] + [(landscape, s) for s in SIZES]
    for page, size in tries:
        room = page.width - 2 * MARGIN
        laid = [_layout(g, room, size) for g in grids]
        if all(w is not None for w in laid):
            return page, size, [w for w in laid if w is not None]
    room = landscape.width - 2 * MARGIN
    forced = []
    for grid in grids:
        widths = _natural_widths(grid, MIN_SIZE)
        wide = next((k for k, c in enumerate(grid.columns) if c.wide), 0)
        widths[wide] = max(30.0, room - (sum(widths) - widths[wide]))
        forced.append(widths)
    return landscape, MIN_SIZE, forced


def _printed(sheet: Sheet) -> tuple[Grid, ...]:
    """The grids of paper (and of the text): all but the web page's own."""
    return tuple(g for g in sheet.grids if not g.screen)


class _Pages:
    """The canvas and where the next line goes, starting a new page when one is full."""

    def __init__(self, sheet: Sheet, page: Paper, font_file: str | None) -> None:
        self.buffer = io.BytesIO()
        self.page = page
        self.c = new_canvas(self.buffer, page, title=sheet.title, subject="Crosstable",
                            font_file=font_file)
        self.top = page.height - MARGIN
        self.y = self.top
        self.number = 1

    def room(self) -> float:
        return self.y - MARGIN

    def new_page(self) -> None:
        self.c.showPage()
        self.number += 1
        self.y = self.top


def crosstable_pdf(sheet: Sheet, paper_key: str = "letter", font_file: str | None = None) -> bytes:
    """The crosstable as a PDF on Letter or A4 (landscape when a grid needs it)."""
    page, size, widths = _choose(sheet, paper(paper_key))
    out = _Pages(sheet, page, font_file)
    c = out.c
    room = page.width - 2 * MARGIN
    c.setFillColorRGB(0, 0, 0)
    fit_text(c, sheet.title, MARGIN, out.y - TITLE_SIZE, room, size=TITLE_SIZE, bold=True, lines=2,
             top=out.y)
    out.y -= TITLE_SIZE * 1.4
    if sheet.subtitle:
        fit_text(c, sheet.subtitle, MARGIN, out.y - 9, room, size=9.0)
        out.y -= 9 * 1.6
    for grid, cols in zip(_printed(sheet), widths, strict=True):
        _draw_grid(out, grid, cols, size)
    if sheet.notes:
        out.y -= 2
        for note in sheet.notes:
            lines = max(1, int(text_width(note, NOTE_SIZE) * 1.08 // room) + 1)
            need = lines * NOTE_SIZE * 1.25 + 3
            if out.room() < need:
                out.new_page()
            c.setFillColorRGB(0.15, 0.15, 0.15)
            drawn = fit_text(out.c, note, MARGIN, out.y - NOTE_SIZE, room, size=NOTE_SIZE,
                             min_size=NOTE_SIZE, lines=lines + 1, top=out.y,
                             height=need + NOTE_SIZE)
            out.y -= drawn * NOTE_SIZE * 1.25 + 3
    return finish(out.c, out.buffer)


def _row_height(row: Sequence[Cell], size: float) -> float:
    lines = max((len(cell) for cell in row), default=1)
    return max(1, lines) * size * LEADING + 2 * PAD - 1


def _draw_grid(out: _Pages, grid: Grid, widths: list[float], size: float) -> None:
    c = out.c
    head = size * LEADING + 2 * PAD
    first = _row_height(grid.rows[0], size) if grid.rows else 0.0
    if out.room() < HEADING_SIZE * 1.8 + head + first:
        out.new_page()
    c.setFillColorRGB(0, 0, 0)
    draw_text(c, grid.heading, MARGIN, out.y - HEADING_SIZE, size=HEADING_SIZE, bold=True)
    out.y -= HEADING_SIZE * 1.8
    xs = [MARGIN]
    for w in widths:
        xs.append(xs[-1] + w)
    fractions = [max((text_width(split_number(e.text)[1], size) for row in grid.rows
                      for e in row[k]), default=0.0) if column.kind == "number" else 0.0
                 for k, column in enumerate(grid.columns)]
    _header(out, grid, xs, size, head)
    for r, row in enumerate(grid.rows):
        height = _row_height(row, size)
        if out.room() < height:
            out.new_page()
            _header(out, grid, xs, size, head)
        top = out.y
        for k, cell in enumerate(row):
            if (r, k) in grid.shaded:
                c.setFillColorRGB(0.78, 0.78, 0.78)
                c.rect(xs[k], top - height, widths[k], height, stroke=0, fill=1)
            c.setFillColorRGB(0, 0, 0)
            column = grid.columns[k]
            for n, entry in enumerate(cell):
                baseline = top - PAD - size * 0.85 - n * size * LEADING
                if column.kind == "number":
                    whole, part = split_number(entry.text)
                    point = xs[k + 1] - PAD - fractions[k]
                    draw_text(c, whole, point, baseline, size=size, anchor="end")
                    draw_text(c, part, point, baseline, size=size)
                elif entry.side:
                    _result(c, entry, xs[k] + widths[k] / 2, baseline, size)
                else:
                    _cell_text(c, entry.text, column.align, xs[k], widths[k], baseline, size)
        _rules(c, xs, top, top - height)
        out.y -= height
    out.y -= 10


def _result(c: Canvas, entry: Entry, middle: float, baseline: float, size: float) -> None:
    """A result and its side, the side small and raised, the two centred together."""
    small = side_size(size)
    start = middle - _entry_width(entry, size) / 2
    width = draw_text(c, entry.text, start, baseline, size=size)
    draw_text(c, entry.side, start + width, baseline + size * RAISE, size=small)


def _header(out: _Pages, grid: Grid, xs: list[float], size: float, head: float) -> None:
    c = out.c
    top = out.y
    c.setFillColorRGB(0.9, 0.9, 0.9)
    c.rect(xs[0], top - head, xs[-1] - xs[0], head, stroke=0, fill=1)
    c.setFillColorRGB(0, 0, 0)
    for k, column in enumerate(grid.columns):
        _cell_text(c, column.heading, column.align, xs[k], xs[k + 1] - xs[k], top - PAD - size * 0.85,
                   size, bold=True)
    _rules(c, xs, top, top - head)
    out.y -= head


def _cell_text(c: Canvas, text: str, align: Align, x: float, width: float, baseline: float,
               size: float, bold: bool = False) -> None:
    at = {"start": x + PAD, "middle": x + width / 2, "end": x + width - PAD}[align]
    fit_text(c, text, at, baseline, width - 2 * PAD, size=size, bold=bold, anchor=align)


def _rules(c: Canvas, xs: list[float], top: float, bottom: float) -> None:
    c.setStrokeColorRGB(0.35, 0.35, 0.35)
    c.setLineWidth(0.5)
    c.rect(xs[0], bottom, xs[-1] - xs[0], top - bottom, stroke=1, fill=0)
    for x in xs[1:-1]:
        c.line(x, bottom, x, top)


# --- text ----------------------------------------------------------------------------------------


def crosstable_text(sheet: Sheet) -> str:
    """The crosstable as plain text for a terminal: a cell's games side by side."""
    out = [sheet.title, sheet.subtitle, ""]
    for grid in _printed(sheet):
        table = [[c.heading for c in grid.columns]]
        for r, row in enumerate(grid.rows):
            table.append([("··" if (r, k) in grid.shaded else " ".join(e.text + e.side for e in cell))
                          for k, cell in enumerate(row)])
        widths = [max(len(line[k]) for line in table) for k in range(len(grid.columns))]
        out.append(grid.heading)
        for line in table:
            cells = [(v.ljust(w) if c.align == "start" else v.rjust(w))
                     for v, w, c in zip(line, widths, grid.columns, strict=True)]
            out.append("  ".join(cells).rstrip())
        out.append("")
    out += list(sheet.notes)
    return "\n".join(out).rstrip() + "\n"
