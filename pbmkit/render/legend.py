"""The key of piece symbols printed on the forms: each glyph drawn as on the board, then its meaning.

Nothing in a key is printed under 6 pt (docs/forms.md): its words are set at the size the form
asks for but never below :data:`~pbmkit.render.pdf.MIN_SIZE`, and each glyph is drawn large enough
for the letters inside it (Baladãna's ``RGB`` on a figure) to reach that size too. A key too long
for its line is broken into rows (:func:`legend_rows`), never shrunk.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas

from pbmkit.render.art import GameArt
from pbmkit.render.diagram import key_drawing
from pbmkit.render.pdf import FONT, MIN_SIZE, draw_drawing, text_width
from pbmkit.render.shapes import Drawing

__all__ = ["draw_legend", "glyph_box", "legend_height", "legend_rows", "legend_width"]

Items = Sequence[tuple[str, str]]


_GAP = 0.45
"""Between a key's drawing and its words, times the text size: about a space and a half, so that
a figure's letters and the ``=`` read apart (``RB = White figure``, not ``RB= White figure``)."""


def _label(symbol: str, meaning: str) -> str:
    return f"= {meaning}"


def _size(size: float) -> float:
    """The key's text size: as asked, never under the floor."""
    return max(size, MIN_SIZE)


def _key_drawing(art: GameArt, symbol: str) -> Drawing:
    """What the key draws for ``symbol`` of ``art.legend``: a piece's glyph, or a mark of the
    board (``@last``, ``@base:X``: :func:`~pbmkit.render.diagram.key_drawing`)."""
    return key_drawing(art, symbol)


def _floor_box(art: GameArt, symbol: str) -> float:
    """The side of the box the key's drawing of ``symbol`` needs for its letters to print at the
    floor size."""
    key = (id(art), symbol)
    got = _FLOOR_BOX.get(key)
    if got is None or got[0] is not art:
        drawing = _key_drawing(art, symbol)
        side = drawing.smallest_scale(MIN_SIZE) * max(drawing.width, drawing.height)
        got = _FLOOR_BOX[key] = (art, side)
    return got[1]


_FLOOR_BOX: dict[tuple[int, str], tuple[GameArt, float]] = {}


def glyph_box(art: GameArt, symbol: str, size: float) -> float:
    """The side of the square a key draws ``symbol`` in beside text of ``size``: 1.25 times the
    text, or larger where its letters would be under 6 pt."""
    return max(_size(size) * 1.25, _floor_box(art, symbol))


def _items(art: GameArt, items: Items | None) -> Items:
    return art.legend if items is None else items


def _item_width(art: GameArt, symbol: str, meaning: str, size: float, glyph: float | None) -> float:
    box = max(glyph_box(art, symbol, size), glyph or 0.0)
    return box + size * _GAP + text_width(_label(symbol, meaning), size) + size * 1.6


def legend_width(art: GameArt, size: float, items: Items | None = None,
                 glyph: float | None = None) -> float:
    """The width :func:`draw_legend` takes at text ``size`` (for ``items`` of the key, or all;
    ``glyph``: the least side of each piece's box)."""
    size = _size(size)
    return sum(_item_width(art, s, m, size, glyph) for s, m in _items(art, items))


def legend_height(art: GameArt, size: float, items: Items | None = None) -> float:
    """The height of one row of the key (``items``, or all) at text ``size``: the line spacing
    of its words (1.6 times the size) or its largest glyph."""
    size = _size(size)
    boxes = [glyph_box(art, s, size) for s, _ in _items(art, items)]
    return max([size * 1.6, *(b + 2.0 for b in boxes)])


def legend_rows(art: GameArt, size: float, width: float, items: Items | None = None
                ) -> list[tuple[tuple[str, str], ...]]:
    """The key's items (or ``items``) in rows no wider than ``width`` at ``size``, in order."""
    rows: list[tuple[tuple[str, str], ...]] = []
    line: list[tuple[str, str]] = []
    for item in _items(art, items):
        if line and legend_width(art, size, (*line, item)) > width:
            rows.append(tuple(line))
            line = []
        line.append(item)
    return [*rows, tuple(line)] if line else rows


def draw_legend(c: Canvas, art: GameArt, x: float, y: float, size: float,
                items: Items | None = None, glyph: float | None = None) -> float:
    """Draw the key (or just ``items`` of it) on the baseline ``y`` from ``x``; returns where it
    ends. The text is never under 6 pt, a piece's box never smaller than its letters need (nor
    than ``glyph``, where given: one size for every piece of a key)."""
    size = _size(size)
    for symbol, meaning in _items(art, items):
        box = max(glyph_box(art, symbol, size), glyph or 0.0)
        # the glyph centred on the middle of the words' capitals
        draw_drawing(c, _key_drawing(art, symbol), x, y + size * 0.36 - box / 2, box, box)
        x += box + size * _GAP
        c.setFillColorRGB(0, 0, 0)
        c.setFont(FONT, size)
        label = _label(symbol, meaning)
        c.drawString(x, y, label)
        x += text_width(label, size) + size * 1.6
    return x
