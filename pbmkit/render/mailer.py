"""The Mailers PDF: a sheet of four postcards (fronts on page 1, backs on page 2) with cut marks.

Each card is a quarter of the page, drawn in landscape (long side across, as postcards are read)
and turned a quarter turn on the portrait sheet. Printed double-sided, flipped on the long edge,
each back lies behind its own front: the card in the top-left corner of page 1 has its back in
the top-right corner of page 2. The backs are turned the other way, so that after cutting, a card
turned over like a book page shows its back upright.
"""

from __future__ import annotations

import io
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from pbmkit.games import AnyGame
from pbmkit.games.base import place_title
from pbmkit.render.art import GameArt, art_for
from pbmkit.render.diagram import (
    DiagramStyle,
    board_bbox,
    board_drawing,
    glyph_drawing,
    key_drawing,
)
from pbmkit.render.entries import MailerCard
from pbmkit.render.legend import draw_legend, legend_width
from pbmkit.render.pdf import (
    FONT,
    FONT_BOLD,
    draw_drawing,
    finish,
    fit_text,
    form_box,
    new_canvas,
    text_width,
)
from pbmkit.render.shapes import Drawing
from pbmkit.render.templates import each_side_rows, load_template, paper, players_of

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


def mailer_pdf(game: AnyGame, cards: Sequence[MailerCard | None] = (), *,
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


def _game_of(card: MailerCard | None, default: AnyGame) -> AnyGame:
    """The game a card is drawn with: its own (a mixed sheet), else the sheet's."""
    own: AnyGame | None = card.game if card is not None else None
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


def _front(c: Canvas, f: Mapping[str, Any], game: AnyGame, w: float, h: float,
           card: MailerCard | None, flip: bool) -> None:
    margin = float(f["margin"])
    inner_w = w - 2 * margin
    title_size = float(f["title_size"])
    label_size = float(f["label_size"])
    top = h - margin - title_size - 4
    c.setFillColorRGB(0, 0, 0)
    c.setFont(FONT_BOLD, title_size)
    title = f"{game.title.upper()} MAILER"
    c.drawString(margin, h - margin - title_size * 0.8, title)
    dw = _board_area(c, f, game, card, flip, margin, top, inner_w - float(f["column_gap"]) -
                     float(f["fields_width"]))
    c.setFillColorRGB(0, 0, 0)
    used = c.stringWidth(title, FONT_BOLD, title_size) + 6
    base = h - margin - title_size * 0.8
    room = dw - used
    if flip:  # say why the bases are the other way up, at the right of the title's line
        note = f"Drawn from {game.sides[1].capitalize()}'s side"
        if card is not None and card.to:  # shorter beside the player's name
            note = note.replace("Drawn from", "from")
        to_w = c.stringWidth(f"for {card.to}", FONT, title_size * 0.8) if card and card.to else 0.0
        note_w = min(c.stringWidth(note, FONT, 7.0), max(room / 2, room - to_w - 6) if to_w else room)
        c.setFillColorRGB(0.3, 0.3, 0.3)
        fit_text(c, note, margin + dw, base, note_w, size=7.0, anchor="end", min_size=label_size)
        c.setFillColorRGB(0, 0, 0)
        room -= note_w + 6
    if card is not None and card.to:  # a game of more sides: one card for each player
        fit_text(c, f"for {card.to}", margin + used, base, room, size=title_size * 0.8,
                 min_size=label_size)
    fx = margin + dw + float(f["column_gap"])
    fw = w - margin - fx
    rows: list[list[dict[str, Any]]] = each_side_rows(game, f["rows"])
    gap = float(f["row_gap"])
    row_h = (h - 2 * margin - (len(rows) - 1) * gap) / len(rows)
    values = card.values if card else {}
    example = _move_example(game)
    players = players_of(game)
    for r, row in enumerate(rows):
        y = h - margin - (r + 1) * row_h - r * gap
        x = fx
        for fld, cell_w in zip(row, _cell_widths(c, row, fw - (len(row) - 1) * gap, label_size),
                               strict=True):
            key = str(fld["key"])
            kind = fld.get("kind")
            if kind == "player":
                k = int(key.partition(":")[2]) - 1
                form_box(c, x, y, cell_w, row_h, "", values.get(_player_field(game, key) or "", ""),
                         label_size=label_size, value_size=float(f["value_size"]))
                _moved_box(c, x, y, cell_w, row_h, _player_label(game, key, str(fld["label"])),
                           str(fld["moved"]), card is not None and card.moved == players[k],
                           label_size)
            elif kind == "ticks":
                _tick_row(c, x, y, cell_w, row_h, str(fld["label"]), fld["items"],
                          card.ticks if card else frozenset(), label_size, float(f["tick_size"]))
            else:
                size = float(f["turn_size"]) if key in ("Turn", "Number") else float(f["value_size"])
                label = str(fld["label"]).replace("{example}", example)
                form_box(c, x, y, cell_w, row_h, _player_label(game, key, label),
                         values.get(_player_field(game, key) or "", ""),
                         label_size=label_size, value_size=size)
            x += cell_w + gap


def _cell_widths(c: Canvas, row: Sequence[Mapping[str, Any]], room: float, label_size: float
                 ) -> list[float]:
    """The widths of a row's fields: shared by their ``width`` (equal by default), but a field
    whose label names no player ("Moved", "Days used") is kept wide enough for its label, taken
    from the widest field of the row."""
    weights = [float(fld.get("width", 1.0)) for fld in row]
    widths = [room * wt / sum(weights) for wt in weights]
    for k, fld in enumerate(row):
        label = str(fld["label"])
        if "{" in label:
            continue
        need = c.stringWidth(label, FONT, label_size) + 7
        if widths[k] < need:
            widest = max(range(len(row)), key=lambda j: widths[j])
            if widest != k:
                grow = min(need - widths[k], widths[widest] - need)
                widths[k] += max(0.0, grow)
                widths[widest] -= max(0.0, grow)
    return widths


def _player_label(game: AnyGame, key: str, label: str) -> str:
    """A field's label with its player's place: ``{side}`` is "White", "Blue+Green"."""
    stem, _, number = key.partition(":")
    if stem != "side" or not number.isdigit():
        return label
    players = players_of(game)
    k = int(number) - 1
    name = place_title(players[k]) if k < len(players) else ""
    return label.replace("{side}", name).strip()


def _player_field(game: AnyGame, key: str) -> str | None:
    """The card value a field shows: ``side:K`` is the K-th player's side tag (``White``,
    ``Blue`` for Blue+Green), ``days:K`` its own key; other keys as they are."""
    stem, _, number = key.partition(":")
    if stem != "side" or not number.isdigit():
        return key
    players = players_of(game)
    k = int(number) - 1
    if k >= len(players):
        return None
    return dict(zip(game.sides, game.side_tags, strict=True)).get(players[k])


def _board_area(c: Canvas, f: Mapping[str, Any], game: AnyGame, card: MailerCard | None,
                flip: bool, margin: float, top: float, widest: float) -> float:
    """Draw the board and what stands beside it (in hand, taken: under the board, so that it does
    not make the board smaller), from ``top`` down to the margin, at most ``widest`` wide: as
    large as the card's height allows. Returns the width taken, so the fields get the rest."""
    art = art_for(game)
    position = card.position if card else None
    if position is not None and art.beside is not None:
        groups, blank = list(art.beside(position)), False
    else:
        groups, blank = [(label, ()) for label in art.beside_blank], True
    labels = art.diagram_labels
    x0, y0, x1, y1 = board_bbox(game.board, flip, labels=labels, art=art)
    bw, bh = x1 - x0, y1 - y0
    height = top - margin
    marks = [] if card is None else [path for m in card.last_moves for path in game.touched(m)]
    pieces = art.symbols(position) if position is not None else {}

    def drawn(scale: float) -> Drawing:
        style = DiagramStyle.for_scale(scale, labels=labels, grid_pt=0.45, border_pt=1.1)
        return board_drawing(game.board, art, pieces, marks=marks, flip=flip, style=style)

    # The scale at which the board's smallest letters print at the floor: the board may take
    # width from the fields (down to their narrowest) to reach it.
    small = _smallest(drawn(min(widest / bw, height / bh)))
    if small:
        need = float(f["label_size"]) / small
        widest = max(widest, min(need * bw, widest + float(f["fields_width"]) -
                                 float(f["fields_min_width"])))
    dw = widest
    band: list[_Placed] = []
    band_h = 0.0
    scale = min(widest / bw, height / bh)
    for _ in range(4):  # the band's height depends on the width it is laid out in: settle it
        band, band_h = _band_layout(c, f, art, groups, blank, dw)
        scale = min(widest / bw, (height - band_h - (4.0 if groups else 0.0)) / bh)
        if abs(scale * bw - dw) < 0.5:
            break
        dw = scale * bw
    dw = scale * bw
    draw_drawing(c, drawn(scale), margin, top - bh * scale, dw, bh * scale, valign="top")
    _draw_band(c, f, art, band, margin, top - bh * scale - 4.0)
    return dw


@dataclass(frozen=True)
class _Placed:
    """One group of the band under the board, laid out: its place (from the band's top left),
    label, symbols, the piece size, and whether it is a line to write on."""

    x: float
    y: float
    width: float
    label: str
    symbols: tuple[str, ...]
    piece: float
    blank: bool


def _piece_size(f: Mapping[str, Any], art: GameArt, symbols: Sequence[str]) -> float:
    """The size a piece is drawn at under the board: the template's, larger where a piece's own
    letters would print under the 6 pt floor at it."""
    piece = float(f["beside_piece"])
    for symbol in symbols:
        small = _smallest(glyph_drawing(art.glyphs[symbol]))
        if small:  # glyph_drawing's box is 1.3 board units wide
            piece = max(piece, float(f["label_size"]) / small * 1.3 + 0.01)
    return piece


def _band_layout(c: Canvas, f: Mapping[str, Any], art: GameArt,
                 groups: Sequence[tuple[str, tuple[str, ...]]], blank: bool, width: float
                 ) -> tuple[list[_Placed], float]:
    """The groups beside the board laid out in a band ``width`` wide, two a row where both
    labels fit (one a row otherwise); the band's height."""
    if not groups:
        return [], 0.0
    size = float(f["beside_label_size"])
    piece = _piece_size(f, art, [s for _, syms in groups for s in syms])
    widest = max(c.stringWidth(label, FONT_BOLD, size) for label, _ in groups)
    cols = 2 if len(groups) > 1 and widest <= width / 2 - 6 else 1
    col_w = width / cols
    placed: list[_Placed] = []
    y = 0.0
    for k in range(0, len(groups), cols):
        row_h = 0.0
        for j, (label, symbols) in enumerate(groups[k:k + cols]):
            per_row = max(1, int((col_w - 6) // (piece + 2)))
            lines = max(1, -(-len(symbols) // per_row))
            row_h = max(row_h, size + 3 + lines * (piece + 2))
            placed.append(_Placed(j * col_w, y, col_w - 6, label, tuple(symbols), piece, blank))
        y += row_h + 2
    return placed, y


def _draw_band(c: Canvas, f: Mapping[str, Any], art: GameArt, band: Sequence[_Placed],
               x: float, top: float) -> None:
    size = float(f["beside_label_size"])
    for g in band:
        gx, gy = x + g.x, top - g.y
        c.setFillColorRGB(0.25, 0.25, 0.25)
        fit_text(c, g.label, gx, gy - size * 0.85, g.width, size=size, bold=True,
                 min_size=float(f["label_size"]))
        py = gy - size - 3 - g.piece
        if g.blank:
            c.setLineWidth(0.5)
            c.setStrokeColorRGB(0.45, 0.45, 0.45)
            c.line(gx, py + 1, gx + g.width, py + 1)
            c.setStrokeColorRGB(0, 0, 0)
            continue
        if not g.symbols:
            c.setFillColorRGB(0.4, 0.4, 0.4)
            c.setFont(FONT, size)
            c.drawString(gx + 1, py + g.piece * 0.3, "–")
            continue
        per_row = max(1, int((g.width) // (g.piece + 2)))
        for k, symbol in enumerate(g.symbols):
            row, col = divmod(k, per_row)
            draw_drawing(c, glyph_drawing(art.glyphs[symbol]), gx + col * (g.piece + 2),
                         py - row * (g.piece + 2), g.piece, g.piece)
    c.setFillColorRGB(0, 0, 0)


def _smallest(drawing: Drawing) -> float:
    """The smallest text of ``drawing`` in its units (:attr:`Drawing.smallest_text`), 0 for none."""
    small = drawing.smallest_text
    return 0.0 if math.isinf(small) else small


def _move_example(game: AnyGame) -> str:
    """A move written in the game's own notation ("IR to HS", "R c1-d2"), for the Move label."""
    try:
        return str(game.notation.example)
    except (KeyError, ValueError):
        return "from to"


def _moved_box(c: Canvas, x: float, y: float, w: float, h: float, label: str, moved: str,
               ticked: bool, label_size: float) -> None:
    """A player box's label line: the player's sides at the left, and at the right a tick box
    after the word ``moved``, ticked when this player made the card's move."""
    box = label_size + 1.5
    bx, by = x + w - box - 2.5, y + h - box - 2.0
    word = c.stringWidth(moved, FONT, label_size)
    c.setFillColorRGB(0.3, 0.3, 0.3)
    c.setFont(FONT, label_size)
    c.drawRightString(bx - 2, y + h - label_size - 1.5, moved)
    fit_text(c, label, x + 3, y + h - label_size - 1.5, w - box - word - 10, size=label_size)
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.6)
    c.rect(bx, by, box, box, stroke=1, fill=0)
    if ticked:
        c.setLineWidth(1.2)
        c.line(bx + 1.2, by + box * 0.5, bx + box * 0.42, by + 1.2)
        c.line(bx + box * 0.42, by + 1.2, bx + box + 1.2, by + box + 1.5)
    c.setFillColorRGB(0, 0, 0)


def _tick_row(c: Canvas, x: float, y: float, w: float, h: float, label: str,
              items: Sequence[Sequence[str]], ticked: frozenset[str], label_size: float,
              size: float) -> None:
    """A field of tick boxes in a row (desk: offer draw, accept draw, resign), ``ticked`` ticked.

    Every word is printed at one size, the largest up to ``size`` at which the row holds them all
    with a clear gap before the next box (never under ``label_size``); the room left over is
    shared out between the items."""
    form_box(c, x, y, w, h, label, label_size=label_size)
    box = min(8.0, h - label_size - 6)
    by = y + 3.0
    after_box, least_gap, room = 2.5, 5.0, w - 8
    words = [str(text) for _, text in items]
    fixed = len(items) * (box + after_box) + (len(items) - 1) * least_gap
    at_one = sum(text_width(word, 1.0) for word in words)
    common = max(label_size, min(size, (room - fixed) / at_one if at_one else size))
    widths = [text_width(word, common) for word in words]
    spare = max(0.0, room - fixed - sum(widths))
    gap = least_gap + spare / max(1, len(items) - 1) if len(items) > 1 else 0.0
    bx = x + 4
    for (key, text), width in zip(items, widths, strict=True):
        c.setLineWidth(0.6)
        c.setStrokeColorRGB(0, 0, 0)
        c.rect(bx, by, box, box, stroke=1, fill=0)
        c.setFillColorRGB(0, 0, 0)
        fit_text(c, str(text), bx + box + after_box, by + 1, width + 0.01,
                 size=common, min_size=label_size)
        if key in ticked:
            c.setLineWidth(1.3)
            c.line(bx + 1.5, by + box * 0.5, bx + box * 0.42, by + 1.5)
            c.line(bx + box * 0.42, by + 1.5, bx + box + 1.5, by + box + 2)
        bx += box + after_box + width + gap


def _lines(c: Canvas, x: float, y: float, w: float, n: int, step: float) -> None:
    c.setLineWidth(0.5)
    c.setStrokeColorRGB(0.35, 0.35, 0.35)
    for k in range(n):
        c.line(x, y - k * step, x + w, y - k * step)
    c.setStrokeColorRGB(0, 0, 0)


def _legend_glyph(art: GameArt, size: float, floor: float) -> float:
    """The side of a piece's box in the key: the key's own (1.25 times its text), larger where a
    piece's letters would print under ``floor`` points (each item's drawing, a piece's glyph or a
    mark of the board: ``key_drawing``, at the box's side across its width)."""
    drawings = [key_drawing(art, s) for s, _ in art.legend]
    need = [d.width * floor / _smallest(d) for d in drawings if _smallest(d)]
    return max(size * 1.25, max(need) + 0.05) if need else size * 1.25


def _legend_rows(art: GameArt, size: float, width: float, glyph: float
                 ) -> list[tuple[tuple[str, str], ...]]:
    """The key's items in lines no wider than ``width`` (at least two lines, as Batalo's)."""
    items = list(art.legend)
    half = (len(items) + 1) // 2
    rows = [tuple(items[:half]), tuple(items[half:])]
    if all(legend_width(art, size, r, glyph) <= width for r in rows):
        return rows
    rows = []
    line: list[tuple[str, str]] = []
    for item in items:
        if line and legend_width(art, size, (*line, item), glyph) > width:
            rows.append(tuple(line))
            line = []
        line.append(item)
    return [*rows, tuple(line)]


def _back(c: Canvas, b: Mapping[str, Any], game: AnyGame, w: float, h: float,
          card: MailerCard | None) -> None:
    margin = float(b["margin"])
    label_size = float(b["label_size"])
    label_floor = float(b["floor"])
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
    note_top = h - margin - rh - 10
    legend_size = float(b["legend_size"])
    art = art_for(game)
    glyph = _legend_glyph(art, legend_size, label_floor)
    step = max(legend_size * 1.6, glyph + 1.5)
    rows = _legend_rows(art, legend_size, div - 2 * margin, glyph)
    legend_top = floor + 8 + len(rows) * step
    note_h = 3 * legend_size * 1.1 + 2 if art.form_note else 0.0  # the note: up to three lines
    # Notes, under the return address, where the key and its note leave room for a line or more
    # (a long key, Batrakill's zones, takes their place rather than print over them).
    n_notes = int((note_top - legend_top - note_h - 10) // 18)
    if n_notes > 0:
        c.setFillColorRGB(0.3, 0.3, 0.3)
        c.setFont(FONT, label_size)
        c.drawString(margin, note_top, str(b["note_label"]))
        _lines(c, margin, note_top - 16, div - 2 * margin, n_notes, 18)
    # The key of the symbols, for filling in the diagram by hand: above the footer, in as many
    # lines as it needs to stay left of the divider.
    for k, items in enumerate(rows):
        draw_legend(c, art, margin, legend_top - (k + 1) * step + (step - legend_size * 1.6) / 2,
                    legend_size, items, glyph)
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
