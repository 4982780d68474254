"""The key of piece symbols printed on the forms: each glyph drawn as on the board, then its meaning."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas

from pbmkit.render.art import GameArt
from pbmkit.render.diagram import glyph_drawing
from pbmkit.render.pdf import FONT, draw_drawing, text_width

__all__ = ["draw_legend", "legend_width"]


def _label(symbol: str, meaning: str) -> str:
    return f"= {meaning}"


def legend_width(art: GameArt, size: float, items: Sequence[tuple[str, str]] | None = None,
                 glyph: float | None = None) -> float:
    """The width :func:`draw_legend` takes at text ``size`` (for ``items`` of the key, or all)."""
    box = size * 1.25 if glyph is None else glyph
    return sum(box + size * 0.3 + text_width(_label(s, m), size) + size * 1.6
               for s, m in (art.legend if items is None else items))


def draw_legend(c: Canvas, art: GameArt, x: float, y: float, size: float,
                items: Sequence[tuple[str, str]] | None = None, glyph: float | None = None) -> float:
    """Draw the key (or just ``items`` of it) on the baseline ``y`` from ``x``; returns where it ends.

    ``glyph`` is the side of each piece's box (``1.25 * size`` by default): larger where a piece's
    letters need it to print at 6 pt."""
    for symbol, meaning in art.legend if items is None else items:
        box = size * 1.25 if glyph is None else glyph
        draw_drawing(c, glyph_drawing(art.glyphs[symbol]), x, y - size * 0.22 - (box - size * 1.25) / 2,
                     box, box)
        x += box + size * 0.3
        c.setFillColorRGB(0, 0, 0)
        c.setFont(FONT, size)
        label = _label(symbol, meaning)
        c.drawString(x, y, label)
        x += text_width(label, size) + size * 1.6
    return x
