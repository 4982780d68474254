"""The Records Chart PDF: board diagrams with a turn box under each, and the game's header fields.

Blank, it is the master sheet to photocopy; filled, it holds one diagram per turn (the position
after both players have moved, the turn's moves marked), as many pages as the game needs.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from pbmkit.games import AnyGame
from pbmkit.render.art import art_for
from pbmkit.render.diagram import BLANK_LINE_GREY, DiagramStyle, fitted_drawing, game_drawing
from pbmkit.render.entries import ChartEntry
from pbmkit.render.legend import draw_legend, legend_height, legend_rows
from pbmkit.render.pdf import (
    FONT,
    FONT_BOLD,
    MIN_SIZE,
    draw_drawing,
    draw_text,
    finish,
    fit_text,
    form_box,
    new_canvas,
    text_width,
)
from pbmkit.render.shapes import Drawing, grey
from pbmkit.render.templates import each_side_fields, load_template, paper, side_field, side_label

__all__ = ["ChartEntry", "ChartGrid", "SlotPlace", "chart_grid", "records_chart_pdf", "slot_place",
           "writing_lines"]


def records_chart_pdf(game: AnyGame, header: Mapping[str, str] | None = None,
                      entries: Sequence[ChartEntry] = (), *, paper_key: str = "letter",
                      flip: bool = False, subtitle: str = "", font_file: str | None = None,
                      finished: bool | None = None) -> bytes:
    """The Records Chart as PDF bytes: blank (no ``entries``) or one diagram per entry.

    ``header`` maps the template's field keys (``Number``, ``Date``, ``White``, ``Black``,
    ``Winner``) to the text to print; missing keys print an empty field. ``subtitle`` is printed
    beside the title (e.g. which alternate series the sheet holds); a flipped chart says there
    that it is drawn from the second side's seat. An entry with a ``divider`` starts a new row
    under a ruled line carrying that text. A game not ``finished`` (default: no Winner in the
    header) ends with blank diagrams in the remaining slots (a page of them when the last page
    is full), to go on by hand. ``font_file``: a TrueType font for the characters DejaVu Sans lacks.
    """
    t = load_template("records_chart")
    page = paper(paper_key)
    grid = chart_grid(game, paper_key, flip=flip, entries=entries)
    cols, rows = grid.columns, grid.rows
    per_page = cols * rows
    header = dict(header or {})
    title = f"{game.title} {t['title']}"
    number = header.get("Number", "")
    players = " – ".join(p for p in (header.get(tag, "") for tag in game.side_tags) if p)
    doc_title = title + (f" – game {number}" if number else "") + (f": {players}" if players else "")
    doc_title += f" ({subtitle})" if subtitle else ""
    if flip:
        subtitle = " · ".join(p for p in (subtitle, f"Drawn from {game.sides[1].capitalize()}'s side") if p)
    buf = io.BytesIO()
    c = new_canvas(buf, page, title=doc_title, subject=t["subject"],
                   keywords=f"{game.title}, records chart, play by mail", font_file=font_file)
    blank = not entries
    if finished is None:
        finished = bool(header.get("Winner", "").strip())
    slots, dividers = _layout(entries, cols, per_page, continue_blank=not blank and not finished)
    pages = max(1, -(-len(slots) // per_page))
    margin = float(t["margin"])
    for page_no in range(pages):
        _draw_header(c, t, game, page.width, page.height, title, header, subtitle)
        _draw_footer(c, t, game, page.width, page_no, pages, blank)
        for k in range(per_page):
            r, col = divmod(k, cols)
            y = grid.top - (r + 1) * grid.cell_height - r * grid.row_gap
            index = page_no * per_page + k
            if col == 0 and index in dividers:  # in the middle of the room between the rows
                spare = grid.cell_height - grid.diagram_height - grid.box_height - float(
                    t["grid"]["label_gap"])
                _draw_divider(c, page.width, margin,
                              y + grid.cell_height + (grid.row_gap + spare) / 2, dividers[index])
            slot = slots[index] if index < len(slots) else _PAD
            if slot is _PAD and not blank:
                continue
            _draw_cell(c, t, game, grid, k, slot if isinstance(slot, ChartEntry) else None, flip)
        c.showPage()
    return finish(c, buf)


def _grid_bottom(t: dict[str, Any], game: AnyGame, width: float) -> float:
    """The lowest y of the diagrams: above the footer (the key's rows and the form note's line)."""
    size = float(t["footer"]["size"])
    art = art_for(game)
    key = sum(legend_height(art, size, items) for items in _key_rows(t, game, width))
    bottom = float(t["margin"]) + max(float(t["footer"]["height"]), key + size * 0.6)
    if art.form_note:  # the note's line above the key
        bottom += size * 1.6
    return bottom


def _header_bottom(t: dict[str, Any], game: AnyGame, height: float) -> float:
    """The y under the title and the header fields (where :func:`_draw_header` ends)."""
    h = t["header"]
    n_rows = 1 + max(int(f["row"]) for f in each_side_fields(game, h["fields"]))
    y = height - float(t["margin"]) - float(t["title_size"]) - 8
    return (y - n_rows * float(h["row_height"]) - (n_rows - 1) * float(h["row_gap"])
            - float(h["gap_below"]))


FLOOR_PT = MIN_SIZE
"""No text of a diagram is printed under this size (docs/forms.md): boards are drawn larger, with
fewer of them a page, rather than shrink their letters below it."""


@dataclass(frozen=True)
class ChartGrid:
    """Where a Records Chart page puts its diagrams (lengths in points): ``columns`` × ``rows``
    cells from ``top`` down, each a diagram of ``scale`` points per board unit standing on its turn
    box of ``lines`` writing lines."""

    columns: int
    rows: int
    scale: float
    """Points per board unit: at least the scale at which the smallest text inside is 6 pt."""
    floor_scale: float
    """The smallest scale the diagrams may be drawn at (their smallest text at 6 pt)."""
    diagram_width: float
    diagram_height: float
    cell_width: float
    cell_height: float
    """A cell: the diagram, the gap and the turn box (rows are spread over the page's height)."""
    column_gap: float
    row_gap: float
    box_height: float
    lines: int
    """Writing lines of 7 mm in each turn box (two or more for a game whose turns run long)."""
    top: float
    x_offset: float
    """From the left margin to the first column (the columns are centred on the page)."""


def chart_grid(game: AnyGame, paper_key: str = "letter", *, flip: bool = False,
               entries: Sequence[ChartEntry] = ()) -> ChartGrid:
    """The grid of a Records Chart page of ``game`` on ``paper_key``: as many diagrams a page as
    fit at a scale where nothing inside a diagram (piece letters, coordinates, the column beside
    the board) is under :data:`FLOOR_PT`; up to the template's columns (fewer when the board could
    not hold its letters), as many rows as fit (a little smaller, down to 85 % and never under the
    floor, to take one more row), the diagrams as large as the cells then allow."""
    t = load_template("records_chart")
    page = paper(paper_key)
    g = t["grid"]
    margin = float(t["margin"])
    inner = page.width - 2 * margin
    top = _header_bottom(t, game, page.height)
    room = top - _grid_bottom(t, game, page.width)
    cgap, rgap, gap = float(g["column_gap"]), float(g["row_gap"]), float(g["label_gap"])
    if any(e.divider for e in entries):  # room for a divider's words between two rows
        rgap = max(rgap, float(g["divider_gap"]))
    drawings = list(_measured(game, entries, flip))
    dw, dh = drawings[0].width, drawings[0].height  # the blank diagram's box: every style's
    floor_scale = max(_floor_scale(d) for d in drawings)
    most = int(t["paper"][page.key]["columns"])
    # Never smaller than the floor, nor much smaller than the template's columns drawn full width.
    lower = max(floor_scale, 0.85 * (inner - (most - 1) * cgap) / most / dw)
    best: tuple[int, float, int, int, int] | None = None  # (diagrams, scale, columns, rows, lines)
    for cols in range(1, most + 1):
        col_w = (inner - (cols - 1) * cgap) / cols
        full = col_w / dw
        lines = max(writing_lines(game, col_w), _printed_lines(g, entries, col_w))
        box = _box_height(g, lines)
        rows = 1
        while True:
            at = min(full, ((room + rgap) / rows - rgap - box - gap) / dh)
            if at < lower:
                break
            if best is None or (cols * rows, at) > best[:2]:
                best = (cols * rows, at, cols, rows, lines)
            rows += 1
    if best is None:  # not even one diagram a page at the floor: one, as large as the page allows
        lines = writing_lines(game, inner)
        at = min(inner / dw, (room - _box_height(g, lines) - gap) / dh)
        best = (1, at, 1, 1, lines)
    _, scale, cols, rows, lines = best
    box = _box_height(g, lines)
    cell_w = scale * dw
    cell_h = (room - (rows - 1) * rgap) / rows
    used = cols * cell_w + (cols - 1) * cgap
    return ChartGrid(columns=cols, rows=rows, scale=scale, floor_scale=floor_scale,
                     diagram_width=cell_w, diagram_height=scale * dh, cell_width=cell_w,
                     cell_height=cell_h, column_gap=cgap, row_gap=rgap, box_height=box,
                     lines=lines, top=top, x_offset=(inner - used) / 2)


def _measured(game: AnyGame, entries: Sequence[ChartEntry], flip: bool) -> Iterator[Drawing]:
    """The drawings whose text sets the floor scale: the blank diagram and every entry's."""
    labels = art_for(game).diagram_labels
    style = DiagramStyle.for_scale(10.0, labels=labels)
    yield game_drawing(game, None, flip=flip, style=style, blank_column=True)
    for entry in entries:
        yield game_drawing(game, entry.position, flip=flip, style=style, blank_column=True)


def _floor_scale(drawing: Drawing) -> float:
    """The smallest scale at which no text of ``drawing`` is under :data:`FLOOR_PT`."""
    return drawing.smallest_scale(FLOOR_PT)


def _box_height(g: Mapping[str, Any], lines: int) -> float:
    """A turn box: its label row, then ``lines`` writing lines."""
    return float(g["label_row"]) + lines * float(g["writing_line"])


def writing_lines(game: AnyGame, width: float) -> int:
    """The writing lines (7 mm) a turn box of ``width`` points needs for the game's long turns
    (the opening's longest move, once per side of a turn), written by hand at about ``hand_char``
    points a character (2.5 mm); at least one, at most ``max_lines``. A filled box prints its
    moves at 7 pt, wrapped between moves: the lines are for going on by hand."""
    g = load_template("records_chart")["grid"]
    need = math.ceil(_long_turn(game) * float(g["hand_char"]) / max(width, 1.0))
    return max(1, min(int(g["max_lines"]), need))


def _printed_lines(g: Mapping[str, Any], entries: Sequence[ChartEntry], width: float) -> int:
    """The writing lines a filled box needs for its longest turn printed at ``moves_size``
    (wrapped between moves: a line of slack for the breaks)."""
    size = float(g["moves_size"])
    room = width - 40.0  # beside the turn's label
    longest = max((text_width(e.moves_text, size) for e in entries), default=0.0)
    lines = math.ceil(longest / room) + (1 if longest > room else 0)
    return math.ceil(lines * size * 1.1 / float(g["writing_line"]))


def _long_turn(game: AnyGame) -> int:
    """Characters of a long turn: the opening's longest move once for each side of a turn,
    with the separators between them (Baladãna's opening: "Ba1>a2 a2xa7 tax G", 39 a turn)."""
    cached: int | None = _LONG_TURN.get(id(game))
    if cached is None:
        position = game.initial_position()
        longest = max((len(game.notation.format(m, position)) for m in game.legal_moves(position)),
                      default=8)
        sides = len(game.order)
        cached = _LONG_TURN[id(game)] = sides * longest + len(MOVE_SEPARATOR) * (sides - 1)
    return cached


_LONG_TURN: dict[int, int] = {}


_PAD = object()
"""A slot left empty (the rest of a row before a divider)."""
_BLANK = None
"""A slot drawn as an empty diagram, to fill in by hand."""


def _layout(entries: Sequence[ChartEntry], cols: int, per_page: int, continue_blank: bool
            ) -> tuple[list[object], dict[int, str]]:
    """The entries placed in slots (left to right, then down, page after page): an entry with a
    divider starts a row; then blank slots to the end of the page when ``continue_blank``.
    Returns the slots and {index of a row's first slot: divider text}."""
    slots: list[object] = []
    dividers: dict[int, str] = {}
    for entry in entries:
        if entry.divider:
            if len(slots) % cols:
                slots += [_PAD] * (cols - len(slots) % cols)
            dividers[len(slots)] = entry.divider
        slots.append(entry)
    if continue_blank:
        spare = -len(slots) % per_page
        slots += [_BLANK] * (spare or per_page)
    return slots, dividers


def _draw_divider(c: Canvas, width: float, margin: float, middle: float, text: str) -> None:
    """A ruled line across the page with ``text`` at its start, both centred on ``middle``: a new
    stretch of play starts (clear of the turn boxes above and of the diagrams below)."""
    size = 7.0
    c.setFillColorRGB(0, 0, 0)
    c.setFont(FONT_BOLD, size)
    used = draw_text(c, text, margin, middle - size * 0.36, size=size, bold=True) if text else 0.0
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(1.2)
    c.line(margin + used + 4, middle, width - margin, middle)


def _draw_header(c: Canvas, t: dict[str, Any], game: AnyGame, width: float, height: float,
                 title: str, header: Mapping[str, str], subtitle: str) -> float:
    """The title and the header fields; returns the y below them."""
    margin = float(t["margin"])
    h = t["header"]
    inner = width - 2 * margin
    y = height - margin - float(t["title_size"])
    c.setFillColorRGB(0, 0, 0)
    c.setFont(FONT_BOLD, float(t["title_size"]))
    c.drawString(margin, y, title.upper())
    if subtitle:
        used = c.stringWidth(title.upper(), FONT_BOLD, float(t["title_size"])) + 12
        fit_text(c, subtitle, width - margin, y, inner - used, size=float(t["title_size"]) * 0.7,
                 anchor="end")
    y -= 8
    row_h, row_gap = float(h["row_height"]), float(h["row_gap"])
    fields = each_side_fields(game, h["fields"])
    for f in fields:
        fy = y - (int(f["row"]) + 1) * row_h - int(f["row"]) * row_gap
        form_box(c, margin + float(f["x"]) * inner, fy, float(f["width"]) * inner, row_h,
                 side_label(game, str(f["key"]), str(f["label"])),
                 header.get(side_field(game, str(f["key"])) or "", ""),
                 label_size=float(h["label_size"]),
                 value_size=float(h["value_size"]))
    return _header_bottom(t, game, height)


def _key_rows(t: Mapping[str, Any], game: AnyGame, width: float
              ) -> list[tuple[tuple[str, str], ...]]:
    """The key in rows beside the page number (the widest it may be: "Page 99 of 99")."""
    size = float(t["footer"]["size"])
    room = width - 2 * float(t["margin"]) - text_width("Page 99 of 99", size) - size
    return legend_rows(art_for(game), size, room)


def _draw_footer(c: Canvas, t: dict[str, Any], game: AnyGame, width: float, page_no: int,
                 pages: int, blank: bool) -> None:
    margin = float(t["margin"])
    size = float(t["footer"]["size"])
    text = "Page ______" if blank else f"Page {page_no + 1} of {pages}"
    art = art_for(game)
    # The key in as many rows as it needs (never shrunk under 6 pt), the last on the margin.
    rows = _key_rows(t, game, width)
    y = margin
    for items in reversed(rows):
        h = legend_height(art, size, items)
        draw_legend(c, art, margin, y + (h - size * 1.6) / 2, size, items)
        y += h
    if art.form_note:  # above the key: what the reader must know of the whole board
        c.setFillColorRGB(0.25, 0.25, 0.25)
        fit_text(c, art.form_note, margin, y + size * 0.3, width - 2 * margin, size=size)
    c.setFillColorRGB(0, 0, 0)
    c.setFont(FONT, size)
    c.drawRightString(width - margin, margin, text)


@dataclass(frozen=True)
class SlotPlace:
    """Where a slot of a Records Chart page draws (points, from the page's bottom left): its
    diagram (``drawing`` at ``scale`` points a board unit, its box's lower left at ``origin``)
    and its turn box (``box``: x, y, width, height)."""

    drawing: Drawing
    scale: float
    origin: tuple[float, float]
    box: tuple[float, float, float, float]

    def point(self, board_point: tuple[float, float]) -> tuple[float, float]:
        """Where a point of the board (board units) is printed on the page."""
        x0, y0, _, _ = self.drawing.bbox
        return (self.origin[0] + self.scale * (board_point[0] - x0),
                self.origin[1] + self.scale * (board_point[1] - y0))


def slot_place(game: AnyGame, grid: ChartGrid, slot: int, entry: ChartEntry | None = None,
               *, flip: bool = False) -> SlotPlace:
    """Where slot ``slot`` of a page (left to right, then down) draws ``entry`` (``None``: a blank
    diagram): a diagram stands on its turn box, not halfway up to the next row."""
    g = load_template("records_chart")["grid"]
    margin = float(load_template("records_chart")["margin"])
    r, col = divmod(slot, grid.columns)
    x = margin + grid.x_offset + col * (grid.cell_width + grid.column_gap)
    y = grid.top - (r + 1) * grid.cell_height - r * grid.row_gap
    labels = art_for(game).diagram_labels
    drawing, scale = fitted_drawing(
        game, entry.position if entry else None, grid.diagram_width, grid.diagram_height,
        blank_column=True, flip=flip, last_moves=entry.last_moves if entry else (),
        style_for=lambda k: DiagramStyle.for_scale(k, labels=labels, grid_pt=0.45, border_pt=1.1))
    gap, box_h = float(g["label_gap"]), grid.box_height
    box_y = max(y, y + grid.cell_height - grid.diagram_height - box_h - gap)
    bw = scale * drawing.width
    origin = (x + (grid.cell_width - bw) / 2, box_y + box_h + gap)  # valign bottom: on its box
    return SlotPlace(drawing, scale, origin, (x + (grid.cell_width - bw) / 2, box_y, bw, box_h))


def _draw_cell(c: Canvas, t: dict[str, Any], game: AnyGame, grid: ChartGrid, slot: int,
               entry: ChartEntry | None, flip: bool) -> None:
    place = slot_place(game, grid, slot, entry, flip=flip)
    bx, by, bw, _ = place.box
    draw_drawing(c, place.drawing, place.origin[0], place.origin[1], bw,
                 place.scale * place.drawing.height, valign="bottom")
    _draw_turn_box(c, t["grid"], bx, by, bw, grid.lines, entry)


def _draw_turn_box(c: Canvas, g: Mapping[str, Any], bx: float, by: float, bw: float, lines: int,
                   entry: ChartEntry | None) -> None:
    """The box under a diagram: "Turn" and, under it, ``lines`` writing lines of 7 mm (ruled when
    blank, to go on by hand); filled, the turn label in bold and its moves, wrapped between moves."""
    label_row, line_h = float(g["label_row"]), float(g["writing_line"])
    box_h = label_row + lines * line_h
    top = by + box_h
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.6)
    c.rect(bx, by, bw, box_h, stroke=1, fill=0)
    c.setFillColorRGB(0.3, 0.3, 0.3)
    c.setFont(FONT, 6.5)
    c.drawString(bx + 3, top - 7.5, str(g["turn_label"]))
    if entry is None:  # the writing lines' rules (the box's edge is the last one), dark
        c.setStrokeColorRGB(*grey(BLANK_LINE_GREY))  # enough to survive a photocopy
        c.setLineWidth(0.5)
        for k in range(1, lines):
            ly = top - label_row - k * line_h
            c.line(bx + 3, ly, bx + bw - 3, ly)
        return
    c.setFillColorRGB(0, 0, 0)
    turn_size = float(g["turn_size"])
    first = top - label_row - line_h + 5  # the first writing line's baseline
    used = draw_text(c, entry.label, bx + 4, first, size=turn_size, bold=True)
    if entry.moves_text:
        left = bx + 4 + used + 6
        size = float(g["moves_size"])
        room = top - label_row - by - 2
        # Wrapped between moves only: a move's own text ("D e1xe3xg3xg5") stays on one line.
        fit_text(c, entry.moves_text, left, first, bx + bw - 4 - left, size=size,
                 lines=max(1, int(room // (MIN_SIZE * 1.1))), height=room,
                 top=top - label_row + 1, wrap_at=MOVE_SEPARATOR)


MOVE_SEPARATOR = " · "
"""Between the moves of a turn (:mod:`pbmkit.render.from_record` joins them with it)."""
