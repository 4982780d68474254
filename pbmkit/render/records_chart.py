"""The Records Chart PDF: board diagrams with a turn box under each, and the game's header fields.

Blank, it is the master sheet to photocopy; filled, it holds one diagram per turn (the position
after both players have moved, the turn's moves marked), as many pages as the game needs.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from pbmkit.games import Game
from pbmkit.render.art import art_for
from pbmkit.render.diagram import DiagramStyle, fitted_drawing, game_drawing
from pbmkit.render.entries import ChartEntry
from pbmkit.render.legend import draw_legend, legend_width
from pbmkit.render.pdf import (
    FONT,
    FONT_BOLD,
    draw_drawing,
    draw_text,
    finish,
    fit_text,
    form_box,
    new_canvas,
    text_width,
)
from pbmkit.render.templates import each_side_fields, load_template, paper, side_field, side_label

__all__ = ["ChartEntry", "records_chart_pdf"]


def records_chart_pdf(game: Game[Any, Any], header: Mapping[str, str] | None = None,
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
    cols = int(t["paper"][page.key]["columns"])
    rows = _rows(t, game, page.width, page.height, cols, int(t["paper"][page.key]["rows"]), flip)
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
    grid_t = t["grid"]
    for page_no in range(pages):
        top = _draw_header(c, t, game, page.width, page.height, title, header, subtitle)
        bottom = _grid_bottom(t, game)
        _draw_footer(c, t, game, page.width, page_no, pages, blank)
        cell_w = (page.width - 2 * margin - (cols - 1) * float(grid_t["column_gap"])) / cols
        cell_h = (top - bottom - (rows - 1) * float(grid_t["row_gap"])) / rows
        for k in range(per_page):
            r, col = divmod(k, cols)
            x = margin + col * (cell_w + float(grid_t["column_gap"]))
            y = top - (r + 1) * cell_h - r * float(grid_t["row_gap"])
            index = page_no * per_page + k
            if col == 0 and index in dividers:
                _draw_divider(c, page.width, margin, y + cell_h + 1.5, dividers[index])
            slot = slots[index] if index < len(slots) else _PAD
            if slot is _PAD and not blank:
                continue
            _draw_cell(c, t, game, x, y, cell_w, cell_h, slot if isinstance(slot, ChartEntry) else None,
                       flip)
        c.showPage()
    return finish(c, buf)


def _grid_bottom(t: dict[str, Any], game: Game[Any, Any]) -> float:
    """The lowest y of the diagrams: above the footer (and the form note's line over the key)."""
    bottom = float(t["margin"]) + float(t["footer"]["height"])
    if art_for(game).form_note:  # the note's line above the key
        bottom += float(t["footer"]["size"]) * 1.6
    return bottom


def _header_bottom(t: dict[str, Any], game: Game[Any, Any], height: float) -> float:
    """The y under the title and the header fields (where :func:`_draw_header` ends)."""
    h = t["header"]
    n_rows = 1 + max(int(f["row"]) for f in each_side_fields(game, h["fields"]))
    y = height - float(t["margin"]) - float(t["title_size"]) - 8
    return (y - n_rows * float(h["row_height"]) - (n_rows - 1) * float(h["row_gap"])
            - float(h["gap_below"]))


def _rows(t: dict[str, Any], game: Game[Any, Any], width: float, height: float, cols: int,
          least: int, flip: bool) -> int:
    """Rows of diagrams on a page: the template's, or more when a diagram drawn as wide as its
    column is low enough to leave room for them (a square board with a column beside it: Batu
    Khan's 5 × 5 board takes four rows of three on Letter and A4)."""
    g = t["grid"]
    room = _header_bottom(t, game, height) - _grid_bottom(t, game)
    cell_w = (width - 2 * float(t["margin"]) - (cols - 1) * float(g["column_gap"])) / cols
    drawing = game_drawing(game, None, flip=flip, blank_column=True)  # its box: any style's
    row_h = (cell_w * drawing.height / drawing.width + float(g["label_height"])
             + float(g["label_gap"]))
    row_gap = float(g["row_gap"])
    return max(least, int((room + row_gap) // (row_h + row_gap)))


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


def _draw_divider(c: Canvas, width: float, margin: float, y: float, text: str) -> None:
    """A ruled line across the page at ``y`` with ``text`` on it: a new stretch of play starts."""
    size = 7.0
    c.setFillColorRGB(0, 0, 0)
    c.setFont(FONT_BOLD, size)
    used = draw_text(c, text, margin, y + 0.5, size=size, bold=True) if text else 0.0
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(1.2)
    c.line(margin + used + 4, y + size * 0.35, width - margin, y + size * 0.35)


def _draw_header(c: Canvas, t: dict[str, Any], game: Game[Any, Any], width: float, height: float,
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


def _draw_footer(c: Canvas, t: dict[str, Any], game: Game[Any, Any], width: float, page_no: int,
                 pages: int, blank: bool) -> None:
    margin = float(t["margin"])
    size = float(t["footer"]["size"])
    y = margin
    text = "Page ______" if blank else f"Page {page_no + 1} of {pages}"
    art = art_for(game)
    # The key shrinks (a little, for Billo's seven items on A4) rather than run into the page number.
    room = width - 2 * margin - text_width(text, size) - size
    key_size = min(size, size * room / legend_width(art, size))
    draw_legend(c, art, margin, y, key_size)
    if art.form_note:  # above the key: what the reader must know of the whole board
        c.setFillColorRGB(0.25, 0.25, 0.25)
        fit_text(c, art.form_note, margin, y + size * 1.6, width - 2 * margin, size=size)
    c.setFillColorRGB(0, 0, 0)
    c.setFont(FONT, size)
    c.drawRightString(width - margin, y, text)


def _draw_cell(c: Canvas, t: dict[str, Any], game: Game[Any, Any], x: float, y: float, w: float,
               h: float, entry: ChartEntry | None, flip: bool) -> None:
    g = t["grid"]
    label_h = float(g["label_height"])
    diagram_h = h - label_h - float(g["label_gap"])
    labels = art_for(game).diagram_labels
    drawing, scale = fitted_drawing(
        game, entry.position if entry else None, w, diagram_h, blank_column=True, flip=flip,
        last_moves=entry.last_moves if entry else (),
        style_for=lambda k: DiagramStyle.for_scale(k, labels=labels, grid_pt=0.45, border_pt=1.1))
    # A diagram wider than tall stands on its turn box, not halfway up to the next row.
    draw_drawing(c, drawing, x, y + label_h + float(g["label_gap"]), w, diagram_h, valign="bottom")
    # The turn box, as wide as the diagram.
    bw = scale * drawing.width
    bx = x + (w - bw) / 2
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.6)
    c.rect(bx, y, bw, label_h, stroke=1, fill=0)
    c.setFillColorRGB(0.3, 0.3, 0.3)
    c.setFont(FONT, 6.5)
    c.drawString(bx + 3, y + label_h - 8, str(g["turn_label"]))
    if entry is None:
        return
    c.setFillColorRGB(0, 0, 0)
    turn_size = float(g["turn_size"])
    c.setFont(FONT_BOLD, turn_size)
    c.drawString(bx + 24, y + (label_h - turn_size) / 2 + 2, entry.label)
    if entry.moves_text:
        label_w = 24 + c.stringWidth(entry.label, FONT_BOLD, turn_size) + 6
        # A long turn (Baladãna's ring move, capture, tax and loot) wraps on a second line.
        fit_text(c, entry.moves_text, bx + bw - 4, y + (label_h - 7) / 2 + 1, bw - label_w - 4,
                 size=float(g["moves_size"]), anchor="end", lines=2, height=label_h - 4,
                 top=y + label_h - 2)
