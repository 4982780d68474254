"""The pieces' glyphs as shapes: discs, rings, stacks, figures and their marks, at any scale
(the drawing model's pieces, :mod:`pbmkit.render.diagram`; the keys and panels draw them too)."""

from __future__ import annotations

import math
from functools import lru_cache

from pbmkit.render.art import Glyph
from pbmkit.render.shapes import BLACK, WHITE, Circle, Placed, Point, Polygon, Text, grey

__all__ = ["glyph_shapes", "placed_glyph", "square_outline"]


def square_outline(half: float) -> tuple[Point, ...]:
    return ((half, half), (-half, half), (-half, -half), (half, -half))


def _stack_shapes(parts: tuple[tuple[str, bool, bool], ...], scale: float
                  ) -> tuple[Circle | Polygon, ...]:
    """Billo-style pieces: a square piece under a round one, light (open) or dark (filled); a
    Billo has a second outline inside its edge, in the contrasting colour, so that it reads in
    black and white even under a round piece."""
    double = len(parts) > 1
    out: list[Circle | Polygon] = []
    line, inset, thin = 0.09 * scale, 0.15 * scale, 0.07 * scale
    for shape, dark, billo in parts:
        fill, ink = (grey(0.12), WHITE) if dark else (WHITE, BLACK)
        if shape == "square":
            half = (0.74 if double else 0.62) * scale
            out.append(Polygon(square_outline(half), fill=fill, stroke=BLACK, width=line))
            if billo:
                out.append(Polygon(square_outline(half - inset), fill=None, stroke=ink, width=thin))
        else:
            r = (0.45 if double else 0.68) * scale
            if double and dark:  # a light rim keeps a dark round piece apart from its dark square
                out.append(Circle((0.0, 0.0), r + 0.08 * scale, fill=WHITE, stroke=None))
            out.append(Circle((0.0, 0.0), r, fill=fill, stroke=BLACK, width=line))
            if billo:
                out.append(Circle((0.0, 0.0), r - inset, fill=None, stroke=ink, width=thin))
    shape, dark, billo = parts[-1]
    if billo:  # and a dot in the middle of the piece on top
        out.append(Circle((0.0, 0.0), 0.1 * scale, fill=WHITE if dark else BLACK, stroke=None))
    return tuple(out)


_LETTER_DISC = 0.6
"""A letter's disc radius (times the piece scale); an outlined one is a little larger."""
_RIMMED_DISC = 0.66


_RING_RADIUS = 0.6
"""A lettered ring's radius (Baladãna's free rings): drawn as a band, two circles with the band
between them, unlike a lettered piece's disc with its one outline."""
_RING_BAND = 0.14
"""The width of a free ring's band, from line to line."""
_RING_LETTER = 0.75
"""The letter in a lettered ring, times the piece scale."""
_WIDE_HALF = (0.84, 0.6)
"""Half the width and height of the rounded body of a piece carrying two letters (Baladãna's
figures, ``RB``): wider than a disc, so that its letters stay large, and clear of the cell's edge."""
_TWO_LETTERS = 0.85
"""Two letters on a wide body (``RB``), times the piece scale."""
_THREE_HALF = 0.76
"""Half the side of the rounded square body of a piece carrying three letters (``RGB``): two
letters over the third, so that it fits its cell with its letters at 0.75."""
_CAP_EM = 0.78
"""The width of a DejaVu Sans Bold capital, in ems (about: the widest, G, is 0.82)."""


def _radius(glyph: Glyph) -> float:
    """The radius of the glyph's round body (before scaling): where its outline and marks stand."""
    if glyph.kind == "letter":
        rimmed = glyph.dark or "outline" in glyph.marks or "double" in glyph.marks
        return _RIMMED_DISC if rimmed else _LETTER_DISC
    if glyph.kind == "ring" and glyph.letter:
        return _RING_RADIUS
    return 0.5


def _stadium(half_w: float, half_h: float, steps: int = 8) -> tuple[Point, ...]:
    """A rounded body, ``2 half_w`` × ``2 half_h``: two half circles joined by straight sides."""
    cx = half_w - half_h
    right = [(cx + half_h * math.cos(a), half_h * math.sin(a))
             for a in (math.pi * (k / steps - 0.5) for k in range(steps + 1))]
    return (*right, *((-x, -y) for x, y in right))


def _rounded_square(half: float, radius: float, steps: int = 4) -> tuple[Point, ...]:
    """A square of side ``2 half`` with corners rounded to ``radius``."""
    out: list[Point] = []
    for cx, cy, start in ((1, 1, 0), (-1, 1, 90), (-1, -1, 180), (1, -1, 270)):
        for k in range(steps + 1):
            a = math.radians(start + 90 * k / steps)
            out.append((cx * (half - radius) + radius * math.cos(a),
                        cy * (half - radius) + radius * math.sin(a)))
    return tuple(out)


@lru_cache(maxsize=64)
def glyph_shapes(glyph: Glyph, scale: float) -> tuple[Circle | Polygon | Text, ...]:
    """The shapes of ``glyph`` about the origin, its marks (``GLYPH_MARKS``) on top."""
    if glyph.kind == "stack":
        return _stack_shapes(glyph.parts, scale)
    r = _radius(glyph) * scale
    base: tuple[Circle | Polygon | Text, ...]
    if glyph.kind == "ring" and glyph.letter:
        # A lettered ring (Baladãna's free rings: R, G, B, Y) is a band, two circles with the band
        # between them, so that it is not taken for a piece (a disc with one outline); dark, a
        # dark disc with a light line inside its edge and a light letter.
        size = _RING_LETTER * scale
        inner = r - _RING_BAND * scale
        if glyph.dark:
            base = (Circle((0.0, 0.0), r, fill=BLACK, stroke=None),
                    Circle((0.0, 0.0), inner, fill=None, stroke=WHITE, width=0.05 * scale),
                    Text(0.0, -0.365 * size, glyph.letter, size, bold=True, fill=WHITE))
        else:
            base = (Circle((0.0, 0.0), r, fill=WHITE, stroke=BLACK, width=0.06 * scale),
                    Circle((0.0, 0.0), inner, fill=None, stroke=BLACK, width=0.06 * scale),
                    Text(0.0, -0.365 * size, glyph.letter, size, bold=True))
    elif glyph.kind == "ring":
        base = (Circle((0.0, 0.0), r, fill=WHITE, stroke=BLACK, width=0.11 * scale),)
    elif glyph.kind == "disc":
        base = (Circle((0.0, 0.0), r, fill=BLACK, stroke=BLACK, width=0.05 * scale),)
    elif len(glyph.letter) > 1:
        # Two letters (Baladãna's ring letters on a figure, "RB") on a wider rounded body, three
        # ("RGB") two over one on a rounded square: each fits its cell, its letters at 0.85 and
        # 0.75 (a disc held them at 0.7 and 0.47).
        outlined = "outline" in glyph.marks or "double" in glyph.marks
        ink = WHITE if glyph.dark else BLACK
        if len(glyph.letter) == 2:
            size = _TWO_LETTERS * scale
            body = _stadium(*_WIDE_HALF)
            texts: tuple[Text, ...] = (Text(0.0, -0.365 * size, glyph.letter, size, bold=True,
                                            fill=ink),)
        else:
            size = _RING_LETTER * scale
            body = _rounded_square(_THREE_HALF, 0.32)
            gap = 0.1 * scale
            cap = 0.73 * size
            top = (cap * 2 + gap) / 2 - cap  # the upper line's baseline above the centre
            texts = (Text(0.0, top, glyph.letter[:2], size, bold=True, fill=ink),
                     Text(0.0, top - cap - gap, glyph.letter[2:], size, bold=True, fill=ink))
        base = (Polygon(tuple((scale * x, scale * y) for x, y in body),
                        fill=BLACK if glyph.dark else WHITE,
                        stroke=BLACK if outlined or glyph.dark else None, width=0.06 * scale),
                *texts)
        return base + _mark_shapes(glyph._replace(marks=tuple(
            m for m in glyph.marks if m not in ("outline", "double"))), scale)
    else:
        # One letter fits the disc. DejaVu Sans Bold capitals are 0.73 em tall: the baseline
        # below centres them. A dark letter is a light letter on a dark disc (the second side's
        # piece). An outline keeps clear of the letter (a smaller letter on a larger disc), a
        # double outline more so; a dark disc is as large as an outlined one and shows its edge.
        size = 1.15 * scale
        if "double" in glyph.marks:
            size *= 0.74
        elif glyph.dark or "outline" in glyph.marks:  # a dark disc shows its edge too
            size *= 0.8
        base = (Circle((0.0, 0.0), r, fill=BLACK if glyph.dark else WHITE, stroke=None),
                Text(0.0, -0.365 * size, glyph.letter, size, bold=True,
                     fill=WHITE if glyph.dark else BLACK))
    return base + _mark_shapes(glyph, scale)


_ARROWS = {"arrow-n": (0.0, 1.0), "arrow-e": (1.0, 0.0), "arrow-s": (0.0, -1.0), "arrow-w": (-1.0, 0.0)}


def _mark_shapes(glyph: Glyph, scale: float) -> tuple[Circle | Polygon, ...]:
    """A centre dot, an outline or a second outline at the rim, or an arrowhead standing out of
    the rim showing the piece's facing."""
    dark = glyph.kind == "disc" or glyph.dark
    ink = WHITE if dark else BLACK
    r = _radius(glyph) * scale
    rim = glyph.kind == "letter" or (glyph.kind == "ring" and bool(glyph.letter))
    out: list[Circle | Polygon] = []
    for mark in glyph.marks:
        if mark == "dot":
            out.append(Circle((0.0, 0.0), 0.12 * scale, fill=ink, stroke=None))
        elif mark == "outline":  # (on a dark piece, its own edge)
            out.append(Circle((0.0, 0.0), r, fill=None, stroke=BLACK, width=0.06 * scale))
        elif mark == "double" and rim:
            # two rings at the rim: round a light piece, or a light one inside a dark piece's edge
            if not dark:
                out.append(Circle((0.0, 0.0), r, fill=None, stroke=BLACK, width=0.06 * scale))
            out.append(Circle((0.0, 0.0), r - 0.13 * scale, fill=None, stroke=ink,
                              width=0.05 * scale))
        elif mark == "double":
            out.append(Circle((0.0, 0.0), 0.34 * scale, fill=None, stroke=ink, width=0.07 * scale))
        elif mark in _ARROWS:
            dx, dy = _ARROWS[mark]
            tip, back, half = r + 0.34 * scale, r - 0.06 * scale, 0.27 * scale
            out.append(Polygon(((dx * tip, dy * tip), (dx * back - dy * half, dy * back + dx * half),
                                (dx * back + dy * half, dy * back - dx * half)),
                               fill=BLACK, stroke=WHITE, width=0.04 * scale))
    return tuple(out)


def placed_glyph(glyph: Glyph, centre: Point, scale: float) -> Placed:
    """The glyph drawn at ``centre``, ``scale`` times its size on an unnamed board (the web
    board's panel under the board draws its pieces as large as those on the board)."""
    key = f"{glyph.kind}:{glyph.letter}:{glyph.dark}:{','.join(glyph.marks)}:{scale:.4f}"
    return Placed(key, centre, glyph_shapes(glyph, scale))
