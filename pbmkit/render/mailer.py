"""The Mailers PDF: a sheet of four postcards (fronts on page 1, backs on page 2) with cut marks.

Each card is a quarter of the page, drawn in landscape (long side across, as postcards are read)
and turned a quarter turn on the portrait sheet. Printed double-sided, flipped on the long edge,
each back lies behind its own front: the card in the top-left corner of page 1 has its back in
the top-right corner of page 2. The backs are turned the other way, so that after cutting, a card
turned over like a book page shows its back upright.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from pbmkit.games import Game
from pbmkit.render.art import GameArt, art_for
from pbmkit.render.diagram import DiagramStyle, fitted_drawing
from pbmkit.render.entries import MailerCard
from pbmkit.render.legend import draw_legend, legend_width
from pbmkit.render.pdf import FONT, FONT_BOLD, draw_drawing, finish, fit_text, form_box, new_canvas
from pbmkit.render.templates import each_side_rows, load_template, paper, side_field, side_label

__all__ = ["CARDS_PER_SHEET", "MailerCard", "card_origins", "mailer_pdf"]

CARDS_PER_SHEET = 4


def card_origins(width: float, height: float, back: bool) -> list[tuple[float, float]]:
    """The lower-left corners of the four card cells, in card order (top-left, top-right,
    bottom-left, bottom-right of the front). On the back, left and right swap: that is where a
    long-edge flip puts each card's other side."""
    w, h = width / 2, height / 2
    out = []
    for row in range(2):
        for col in range(2):
            c = 1 - col if back else col
            out.append((c * w, (1 - row) * h))
    return out


def mailer_pdf(game: Game[Any, Any], cards: Sequence[MailerCard | None] = (), *,
               paper_key: str = "letter", flip: bool = False,
               font_file: str | None = None) -> bytes:
    """The Mailers as PDF bytes: filled ``cards`` (``None``: a blank card), four to a sheet.

    No cards gives one blank sheet; five to eight cards give two sheets (four pages), and so on.
    """
    t = load_template("mailer")
    page = paper(paper_key)
    sheets = max(1, -(-len(cards) // CARDS_PER_SHEET))
    slots = [*cards, *([None] * (sheets * CARDS_PER_SHEET - len(cards)))]
    numbers = ", ".join(c.values.get("Number", "") for c in slots if c and c.values.get("Number"))
    buf = io.BytesIO()
    # A sheet may mix games of different rules (desk): each card is drawn with its own game.
    titles = ", ".join(dict.fromkeys(g.title for g in (game, *(_game_of(k, game) for k in cards))))
    title = f"{titles} {t['title']}" + (f" – games {numbers}" if numbers else "")
    c = new_canvas(buf, page, title=title, subject=t["subject"],
                   keywords=f"{titles}, mailer, postcard, play by mail", font_file=font_file)
    cw, ch = page.height / 2, page.width / 2  # a card in reading orientation: landscape
    for sheet in range(sheets):
        sheet_cards = slots[sheet * CARDS_PER_SHEET:(sheet + 1) * CARDS_PER_SHEET]
        for back in (False, True):
            if not back:
                _cut_marks(c, t["cut_marks"], page.width, page.height)
            for card, (x, y) in zip(sheet_cards, card_origins(page.width, page.height, back), strict=True):
                c.saveState()
                this = _game_of(card, game)
                if back:
                    c.translate(x, y + page.height / 2)
                    c.rotate(-90)
                    _back(c, t["back"], this, cw, ch, card)
                else:
                    c.translate(x + page.width / 2, y)
                    c.rotate(90)
                    _front(c, t["front"], this, cw, ch, card, flip)
                c.restoreState()
            c.showPage()
    return finish(c, buf)


def _game_of(card: MailerCard | None, default: Game[Any, Any]) -> Game[Any, Any]:
    """The game a card is drawn with: its own (a mixed sheet), else the sheet's."""
    own: Game[Any, Any] | None = card.game if card is not None else None
    return own if own is not None else default


def _cut_marks(c: Canvas, m: Mapping[str, Any], width: float, height: float) -> None:
    """Marks where the sheet is cut: at each end of both cut lines (inside the printable margin),
    a cross where they meet, and a dashed guide along them, dark enough for a photocopier."""
    length, off, cross = float(m["length"]), float(m["edge_offset"]), float(m["centre_cross"])
    mx, my = width / 2, height / 2
    c.saveState()
    c.setStrokeColorRGB(*([float(m["guide_grey"])] * 3))
    c.setLineWidth(float(m["guide_width"]))
    on, gap = (float(v) for v in m["guide_dash"])
    c.setDash(on, gap)
    c.line(mx, off + length + 4, mx, height - off - length - 4)
    c.line(off + length + 4, my, width - off - length - 4, my)
    c.setDash()
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.6)
    c.line(mx, off, mx, off + length)
    c.line(mx, height - off, mx, height - off - length)
    c.line(off, my, off + length, my)
    c.line(width - off, my, width - off - length, my)
    c.line(mx - cross, my, mx + cross, my)
    c.line(mx, my - cross, mx, my + cross)
    c.restoreState()


def _front(c: Canvas, f: Mapping[str, Any], game: Game[Any, Any], w: float, h: float,
           card: MailerCard | None, flip: bool) -> None:
    margin = float(f["margin"])
    inner_w = w - 2 * margin
    title_size = float(f["title_size"])
    c.setFillColorRGB(0, 0, 0)
    c.setFont(FONT_BOLD, title_size)
    title = f"{game.title.upper()} MAILER"
    c.drawString(margin, h - margin - title_size * 0.8, title)
    if card is not None and card.to:  # a game of more sides: one card for each player
        used = c.stringWidth(title, FONT_BOLD, title_size) + 6
        fit_text(c, f"for {card.to}", margin + used, h - margin - title_size * 0.8,
                 inner_w * float(f["diagram_width"]) - used, size=title_size * 0.8)
    if flip:  # say why the bases are the other way up
        c.setFillColorRGB(0.3, 0.3, 0.3)
        fit_text(c, f"Drawn from {game.sides[1].capitalize()}'s side", margin + w * 0.6 - 2 * margin,
                 h - margin - title_size * 0.8, w * 0.3, size=7.0, anchor="end")
        c.setFillColorRGB(0, 0, 0)
    top = h - margin - title_size - 4
    dw = inner_w * float(f["diagram_width"])
    labels = art_for(game).diagram_labels
    drawing, _ = fitted_drawing(
        game, card.position if card else None, dw, top - margin, blank_column=True, flip=flip,
        last_moves=card.last_moves if card else (),
        style_for=lambda k: DiagramStyle.for_scale(k, labels=labels, grid_pt=0.45, border_pt=1.1))
    draw_drawing(c, drawing, margin, margin, dw, top - margin, valign="top")
    fx = margin + dw + float(f["column_gap"])
    fw = w - margin - fx
    rows: list[list[dict[str, Any]]] = each_side_rows(game, f["rows"])
    gap = float(f["row_gap"])
    row_h = (h - 2 * margin - (len(rows) - 1) * gap) / len(rows)
    values = card.values if card else {}
    example = _move_example(game)
    for r, row in enumerate(rows):
        y = h - margin - (r + 1) * row_h - r * gap
        cell_w = (fw - (len(row) - 1) * gap) / len(row)
        for k, fld in enumerate(row):
            x = fx + k * (cell_w + gap)
            if fld.get("kind") == "side":
                _side_box(c, x, y, cell_w, row_h, str(fld["label"]), card.moved if card else "",
                          float(f["label_size"]), game.sides)
                continue
            if fld.get("kind") == "ticks":
                _tick_row(c, x, y, cell_w, row_h, str(fld["label"]), fld["items"],
                          card.ticks if card else frozenset(), float(f["label_size"]))
                continue
            key = str(fld["key"])
            size = float(f["turn_size"]) if key in ("Turn", "Number") else float(f["value_size"])
            label = str(fld["label"]).replace("{example}", example)
            form_box(c, x, y, cell_w, row_h, side_label(game, key, label),
                     values.get(side_field(game, key) or "", ""),
                     label_size=float(f["label_size"]), value_size=size)


def _move_example(game: Game[Any, Any]) -> str:
    """A move written in the game's own notation ("IR to HS", "R c1-d2"), for the Move label."""
    from pbmkit.notation.movetext import get_notation

    try:
        return str(get_notation(game.name).example)
    except (KeyError, ValueError):
        return "from to"


def _side_box(c: Canvas, x: float, y: float, w: float, h: float, label: str, moved: str,
              label_size: float, sides: tuple[str, ...]) -> None:
    """The field saying which colour has moved: a tick box for each side (White, Black)."""
    form_box(c, x, y, w, h, label, label_size=label_size)
    box = min(9.0, h - label_size - 6)
    by = y + 3.5
    # Any number of sides share the field: two spread out as before; more packed one after the
    # other, each box followed by its name, smaller where needed (5 pt at least).
    names = [c.stringWidth(side.capitalize(), FONT, 1.0) for side in sides]
    size = 8.5
    if len(sides) > 2:
        size = max(5.0, min(size, (w - 6 - len(sides) * (box + 6)) / sum(names)))
    bx = x + 5
    for k, side in enumerate(sides):
        if len(sides) <= 2:
            bx = x + 5 + k * w / 2
        c.setLineWidth(0.6)
        c.rect(bx, by, box, box, stroke=1, fill=0)
        c.setFillColorRGB(0, 0, 0)
        c.setFont(FONT, size)
        c.drawString(bx + box + 2, by + 1, side.capitalize())
        if moved == side:
            c.setLineWidth(1.3)
            c.line(bx + 1.5, by + box * 0.5, bx + box * 0.42, by + 1.5)
            c.line(bx + box * 0.42, by + 1.5, bx + box + 1.5, by + box + 2)
        bx += box + 6 + names[k] * size


def _tick_row(c: Canvas, x: float, y: float, w: float, h: float, label: str,
              items: Sequence[Sequence[str]], ticked: frozenset[str], label_size: float) -> None:
    """A field of tick boxes in a row (desk: offer draw, accept draw, resign), ``ticked`` ticked."""
    form_box(c, x, y, w, h, label, label_size=label_size)
    box = min(8.0, h - label_size - 6)
    by = y + 3.0
    step = (w - 6) / max(1, len(items))
    for k, (key, text) in enumerate(items):
        bx = x + 4 + k * step
        c.setLineWidth(0.6)
        c.setStrokeColorRGB(0, 0, 0)
        c.rect(bx, by, box, box, stroke=1, fill=0)
        c.setFillColorRGB(0, 0, 0)
        fit_text(c, text, bx + box + 2.5, by + 1, step - box - 4, size=7.5)
        if key in ticked:
            c.setLineWidth(1.3)
            c.line(bx + 1.5, by + box * 0.5, bx + box * 0.42, by + 1.5)
            c.line(bx + box * 0.42, by + 1.5, bx + box + 1.5, by + box + 2)


def _lines(c: Canvas, x: float, y: float, w: float, n: int, step: float) -> None:
    c.setLineWidth(0.5)
    c.setStrokeColorRGB(0.35, 0.35, 0.35)
    for k in range(n):
        c.line(x, y - k * step, x + w, y - k * step)
    c.setStrokeColorRGB(0, 0, 0)


def _legend_rows(art: GameArt, size: float, width: float) -> list[tuple[tuple[str, str], ...]]:
    """The key's items in lines no wider than ``width`` (at least two lines, as Batalo's)."""
    items = list(art.legend)
    half = (len(items) + 1) // 2
    rows = [tuple(items[:half]), tuple(items[half:])]
    if all(legend_width(art, size, r) <= width for r in rows):
        return rows
    rows = []
    line: list[tuple[str, str]] = []
    for item in items:
        if line and legend_width(art, size, (*line, item)) > width:
            rows.append(tuple(line))
            line = []
        line.append(item)
    return [*rows, tuple(line)]


def _back(c: Canvas, b: Mapping[str, Any], game: Game[Any, Any], w: float, h: float,
          card: MailerCard | None) -> None:
    margin = float(b["margin"])
    label_size = float(b["label_size"])
    div = w * float(b["divider"])
    # Nothing is printed in the barcode clear zone (the bottom 5/8 in, across all but the card's
    # left 3/4 in): the lowest thing on the back, the footer, stands on its top.
    floor = max(margin, float(b["barcode_clear"]) + 4)
    # The return address, top left.
    rh = float(b["return_height"])
    c.setFillColorRGB(0.3, 0.3, 0.3)
    c.setFont(FONT, label_size)
    c.drawString(margin, h - margin - label_size, "From (return address)")
    n_ret = int(b["return_lines"])
    _lines(c, margin, h - margin - rh / (n_ret + 1) - label_size, div - 2 * margin, n_ret,
           (rh - label_size) / (n_ret + 0.5))
    # Notes, under it.
    c.setFillColorRGB(0.3, 0.3, 0.3)
    c.setFont(FONT, label_size)
    note_top = h - margin - rh - 10
    c.drawString(margin, note_top, str(b["note_label"]))
    legend_size = float(b["legend_size"])
    art = art_for(game)
    rows = _legend_rows(art, legend_size, div - 2 * margin)
    legend_top = floor + 8 + len(rows) * legend_size * 1.6
    note_h = 3 * legend_size * 1.1 + 2 if art.form_note else 0.0  # the note: up to three lines
    n_notes = max(1, int((note_top - legend_top - note_h - 10) // 18))
    _lines(c, margin, note_top - 16, div - 2 * margin, n_notes, 18)
    # The key of the symbols, for filling in the diagram by hand: above the footer, in as many
    # lines as it needs to stay left of the divider.
    for k, items in enumerate(rows):
        draw_legend(c, art, margin, legend_top - (k + 1) * legend_size * 1.6, legend_size, items)
    if art.form_note:
        c.setFillColorRGB(0.25, 0.25, 0.25)
        fit_text(c, art.form_note, margin, legend_top + 2, div - 2 * margin, size=legend_size,
                 lines=3, height=note_h, top=legend_top + 2 + note_h)
    # The divider.
    c.setLineWidth(0.7)
    c.line(div, floor, div, h - margin)
    # The stamp box, top right.
    sw, sh = float(b["stamp_width"]), float(b["stamp_height"])
    c.setDash(3, 2)
    c.rect(w - margin - sw, h - margin - sh, sw, sh, stroke=1, fill=0)
    c.setDash()
    c.setFillColorRGB(0.4, 0.4, 0.4)
    c.setFont(FONT, label_size)
    for k, word in enumerate(("Place", "stamp", "here")):
        c.drawCentredString(w - margin - sw / 2, h - margin - sh / 2 + 6 - k * 8, word)
    # The address, right half, above the barcode clear zone.
    ax = div + 12
    top = h * float(b["address_top"])
    clear = float(b["barcode_clear"])
    n_addr = int(b["address_lines"])
    step = min(24.0, (top - clear) / n_addr)
    c.setFillColorRGB(0.3, 0.3, 0.3)
    c.drawString(ax, top + 4, "To")
    _lines(c, ax, top - step + 4, w - margin - ax, n_addr, step)
    if card is not None and card.to:
        c.setFillColorRGB(0, 0, 0)
        fit_text(c, card.to, ax + 2, top - step + 7, w - margin - ax - 4, size=10.0)
    # A footer that ties this back to its front.
    c.setFillColorRGB(0.3, 0.3, 0.3)
    c.setFont(FONT, float(b["footer_size"]))
    number = card.values.get("Number", "") if card else ""
    footer = f"{game.title} mailer · game No. {number}" if number else f"{game.title} mailer · game No. ____"
    fit_text(c, footer, margin, floor, div - 2 * margin, size=float(b["footer_size"]))
