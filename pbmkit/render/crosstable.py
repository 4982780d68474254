"""An event's crosstable as plain data, drawn as a PDF (ReportLab, Letter or A4) and as text.

Nothing here knows what an event is: :mod:`pbmkit.events.table` turns one into a :class:`Sheet`
(grids of cells, each cell one line per game) and these functions draw it. The PDF keeps every
character at 6 pt or more (docs/forms.md): a wide grid turns the page to landscape, then the text
shrinks step by step down to 6 pt; a name that still does not fit is cut with an ellipsis. Long
grids go on over pages with their heading row repeated. The web page is
:func:`pbmkit.web.crosstable.crosstable_html`'s.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from reportlab.pdfgen.canvas import Canvas

from pbmkit.render.pdf import MIN_SIZE, draw_text, finish, fit_text, new_canvas, text_width
from pbmkit.render.templates import Paper, paper

__all__ = ["Cell", "Column", "Entry", "Grid", "Sheet", "crosstable_pdf", "crosstable_text"]

Align = Literal["start", "middle", "end"]


@dataclass(frozen=True)
class Entry:
    """One line of a cell: its text, and the page it links to on the web (None: no link)."""

    text: str
    href: str | None = None


@dataclass(frozen=True)
class Column:
    """A column: its heading, what the heading stands for (a tooltip on the web), its alignment,
    and whether it is the wide one (the names) that gives way when the page is short of room."""

    heading: str
    title: str = ""
    align: Align = "middle"
    wide: bool = False


Cell = tuple[Entry, ...]


@dataclass(frozen=True)
class Grid:
    """A table of the sheet: a heading, columns, rows of cells; ``shaded`` cells (row, column)
    are the grey squares of a player against themselves."""

    heading: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[Cell, ...], ...]
    shaded: frozenset[tuple[int, int]] = field(default_factory=frozenset)


@dataclass(frozen=True)
class Sheet:
    """The whole crosstable: title, a line under it, its grids and the notes (the legend)."""

    title: str
    subtitle: str
    grids: tuple[Grid, ...]
    notes: tuple[str, ...] = ()


# --- PDF ---------------------------------------------------------------------------------------

MARGIN = 36.0
PAD = 3.0
SIZES = (8.5, 8.0, 7.5, 7.0, 6.5, MIN_SIZE)
COMFORTABLE = 8.0
"""A portrait page is used at this size or larger; a grid that needs smaller turns the page."""
TITLE_SIZE = 14.0
HEADING_SIZE = 10.0
NOTE_SIZE = 7.0
LEADING = 1.25


def _natural_widths(grid: Grid, size: float) -> list[float]:
    widths = []
    for k, column in enumerate(grid.columns):
        best = text_width(column.heading, size, bold=True)
        for row in grid.rows:
            for entry in row[k]:
                best = max(best, text_width(entry.text, size))
        widths.append(best + 2 * PAD)
    return widths


def _layout(grid: Grid, room: float, size: float) -> list[float] | None:
    """Column widths within ``room`` at ``size``, or None if the grid does not fit; the wide
    column gets the room the others leave, down to a third of its natural width."""
    widths = _natural_widths(grid, size)
    total = sum(widths)
    if total <= room:
        return widths
    wide = [k for k, c in enumerate(grid.columns) if c.wide]
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
    tries = [(portrait, s) for s in SIZES if s >= COMFORTABLE] + [(landscape, s) for s in SIZES]
    for page, size in tries:
        room = page.width - 2 * MARGIN
        laid = [_layout(g, room, size) for g in sheet.grids]
        if all(w is not None for w in laid):
            return page, size, [w for w in laid if w is not None]
    room = landscape.width - 2 * MARGIN
    forced = []
    for grid in sheet.grids:
        widths = _natural_widths(grid, MIN_SIZE)
        wide = next((k for k, c in enumerate(grid.columns) if c.wide), 0)
        widths[wide] = max(30.0, room - (sum(widths) - widths[wide]))
        forced.append(widths)
    return landscape, MIN_SIZE, forced


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
    for grid, cols in zip(sheet.grids, widths, strict=True):
        _draw_grid(out, grid, cols, size)
    if sheet.notes:
        out.y -= 4
        for note in sheet.notes:
            lines = max(1, int(text_width(note, NOTE_SIZE) // room) + 1)
            need = lines * NOTE_SIZE * 1.2 + 2
            if out.room() < need:
                out.new_page()
            c.setFillColorRGB(0.2, 0.2, 0.2)
            fit_text(out.c, note, MARGIN, out.y - NOTE_SIZE, room, size=NOTE_SIZE, lines=lines + 1,
                     top=out.y, height=need + NOTE_SIZE)
            out.y -= need
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
                _cell_text(c, entry.text, column.align, xs[k], widths[k], baseline, size)
        _rules(c, xs, top, top - height)
        out.y -= height
    out.y -= 10


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
    for grid in sheet.grids:
        table = [[c.heading for c in grid.columns]]
        for r, row in enumerate(grid.rows):
            table.append([("··" if (r, k) in grid.shaded else " ".join(e.text for e in cell))
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
