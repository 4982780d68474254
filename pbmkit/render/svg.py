"""SVG output of the drawing model, written as plain text (no dependency)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from pbmkit.games import AnyGame
from pbmkit.games.board import Board
from pbmkit.render.diagram import DiagramStyle, board_bbox, game_drawing
from pbmkit.render.shapes import Circle, Colour, Drawing, Placed, Polygon, Polyline, Shape, Text, grey

__all__ = ["CAPTION_SHARE", "SCREEN_LETTER", "SCREEN_PX", "SVG_FONT", "board_picture",
           "board_style", "board_svg", "drawing_svg", "shape_svg", "svg_number"]

SVG_FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
"""The font list of every SVG drawing (the web page's boards too): the first one installed is used."""


def _colour(c: Colour | None) -> str:
    if c is None:
        return "none"
    r, g, b = (round(255 * v) for v in c)
    return f"#{r:02x}{g:02x}{b:02x}"


def svg_number(v: float) -> str:
    """A length or coordinate as the SVG is written: three decimals at most, no trailing zero."""
    return f"{v:.3f}".rstrip("0").rstrip(".")


_n = svg_number


def _paint(fill: Colour | None, stroke: Colour | None, width: float) -> str:
    out = f'fill="{_colour(fill)}"'
    if stroke is not None:
        out += f' stroke="{_colour(stroke)}" stroke-width="{_n(width)}" stroke-linejoin="round"'
    return out


def shape_svg(shape: Shape) -> str:
    """One shape of the drawing model as an SVG element (a placed glyph as a group)."""
    # The drawing model has y up; SVG has y down: every y is negated.
    if isinstance(shape, Placed):
        x, y = shape.at
        inner = "".join(shape_svg(s) for s in shape.shapes)
        return f'<g transform="translate({_n(x)},{_n(-y)})">{inner}</g>'
    if isinstance(shape, Polygon):
        pts = " ".join(f"{_n(x)},{_n(-y)}" for x, y in shape.points)
        return f'<polygon points="{pts}" {_paint(shape.fill, shape.stroke, shape.width)}/>'
    if isinstance(shape, Polyline):
        pts = " ".join(f"{_n(x)},{_n(-y)}" for x, y in shape.points)
        dash = f' stroke-dasharray="{_n(shape.dash[0])} {_n(shape.dash[1])}"' if shape.dash else ""
        return (f'<polyline points="{pts}" fill="none" stroke="{_colour(shape.stroke)}" '
                f'stroke-width="{_n(shape.width)}" stroke-linecap="round"{dash}/>')
    if isinstance(shape, Circle):
        (x, y), r = shape.centre, shape.radius
        return (f'<circle cx="{_n(x)}" cy="{_n(-y)}" r="{_n(r)}" '
                f'{_paint(shape.fill, shape.stroke, shape.width)}/>')
    weight = ' font-weight="bold"' if shape.bold else ""
    return (f'<text x="{_n(shape.x)}" y="{_n(-shape.y)}" font-size="{_n(shape.size)}"{weight} '
            f'text-anchor="{shape.anchor}" fill="{_colour(shape.fill)}">{_xml(shape.text)}</text>')


def drawing_svg(drawing: Drawing, *, width_px: float = 600, title: str = "") -> str:
    """A standalone SVG document of ``drawing``, ``width_px`` wide (the height follows)."""
    x0, y0, x1, y1 = drawing.bbox
    w, h = x1 - x0, y1 - y0
    height_px = width_px * h / w
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width_px)}" height="{_n(height_px)}" '
        f'viewBox="{_n(x0)} {_n(-y1)} {_n(w)} {_n(h)}" font-family={quoteattr(SVG_FONT)}>',
    ]
    if title:
        lines.append(f"<title>{_xml(title)}</title>")
    lines.append(f'<rect x="{_n(x0)}" y="{_n(-y1)}" width="{_n(w)}" height="{_n(h)}" fill="#ffffff"/>')
    for name, layer in zip(("under", "grid", "over"), drawing.layers(), strict=True):
        lines.append(f'<g class="{name}">')
        lines.extend(shape_svg(s) for s in layer)
        lines.append("</g>")
    lines.append("</svg>")
    return "\n".join(lines) + "\n"


def board_svg(game: AnyGame, position: Any, *, last_move: Any = None, flip: bool = False,
              names: bool = True, last_moves: Iterable[Any] = (),
              players: Sequence[str] = (), notes: Sequence[str] = ()) -> str:
    """The board of ``position`` as an SVG document, ``last_move`` (and ``last_moves``) marked.

    Each space carries its name (``names=False`` leaves them out); ``flip`` draws it from the
    second player's seat. ``players`` (the first and second side's names, from the record's
    tags) are written under the board, a line each (wrapped at the board's width, never cut but
    for a single word wider than it), and in the title. ``notes`` (the last move, whose turn it
    is or the result: what ``pbmkit show`` prints under the terminal board) follow, wrapped the
    same way, and end the title too. The words are :data:`CAPTION_SHARE` of the picture's width
    in every game (14 pixels on a 600-pixel board).

    Names are written as typed (logical order, unshaped): an SVG viewer joins Arabic letters and
    orders right-to-left text itself, and would reverse text reordered here a second time. Each
    name is a bidi isolate, so a right-to-left name does not pull its neighbours out of place.
    """
    drawing, title = board_picture(game, position, last_move=last_move, flip=flip, names=names,
                                   last_moves=last_moves, players=players, notes=notes)
    return drawing_svg(drawing, title=title)


def board_picture(game: AnyGame, position: Any, *, last_move: Any = None,
                  flip: bool = False, names: bool = True, last_moves: Iterable[Any] = (),
                  players: Sequence[str] = (), notes: Sequence[str] = ()) -> tuple[Drawing, str]:
    """The drawing of :func:`board_svg` and its title: one look for the SVG and the PNG board."""
    marks = [*([last_move] if last_move is not None else []), *last_moves]
    style = board_style(names=names, board=game.board)
    drawing = game_drawing(game, position, last_moves=marks, flip=flip, style=style)
    x0, y0, x1, y1 = drawing.bbox
    size = CAPTION_SHARE * (x1 - x0)  # the same share of the picture's width in every game
    room = (x1 - x0) / size - 1.0
    lines = [line for side, name in zip(game.sides, players, strict=False) if name.strip()
             for line in _wrapped(f"{side.capitalize()}: ", name, room)]
    lines += [line for note in notes if note.strip() for line in _wrapped("", note, room)]
    caption = " · ".join([*(f"{side.capitalize()}: \u2068{name.strip()}\u2069" for side, name
                            in zip(game.sides, players, strict=False) if name.strip()),
                          *(n.strip() for n in notes if n.strip())])
    if lines:  # one line per side, then each note, under the board
        texts = [Text((x0 + x1) / 2, y0 - (k + 1) * 1.3 * size, line, size, fill=grey(0.1))
                 for k, line in enumerate(lines)]
        drawing = replace(drawing, bbox=(x0, y0 - (len(lines) + 0.5) * 1.3 * size, x1, y1),
                          over=(*drawing.over, *texts))
    title = f"{game.title} board" + (f": {caption}" if caption else "")
    return drawing, title


SCREEN_PX = 344.0
"""The width of a board on a 360-pixel phone (the page's margins off), in CSS pixels."""
SCREEN_LETTER = 11.5
"""The least size of a letter on a board shown :data:`SCREEN_PX` wide, in CSS pixels."""


def board_style(*, names: bool = True, board: Board | None = None, screen: bool = False
                ) -> DiagramStyle:
    """The style of :func:`board_svg`'s boards (the web page's boards too, web/board.py). On a
    square board the pieces are larger (their letters, Baladãna's three ring letters too, at
    least :data:`SCREEN_LETTER` pixels on a phone); on a ``screen`` (the web page) the spaces'
    names of ``board`` are at least :data:`SCREEN_LETTER` pixels tall on a board
    :data:`SCREEN_PX` wide."""
    if not names:
        return DiagramStyle(grid=0.05, border=0.14, base=0.08, name_size=0.0, piece_scale=1.0,
                            base_inset=0.74)
    name = 0.42
    if board is not None and screen:
        x0, _, x1, _ = board_bbox(board)
        name = max(name, round(SCREEN_LETTER * (x1 - x0) / SCREEN_PX, 3))
    pieces = 0.72 if board is not None and board.kind != "hex" else 0.62
    return DiagramStyle(grid=0.05, border=0.14, base=0.08, name_size=name, piece_scale=pieces,
                        base_inset=0.87)


CAPTION_SHARE = 14 / 600
"""The size of the words under a board, as a share of the picture's width: 14 pixels on a
600-pixel board, whatever the game (a Billo board's words were 24 pixels, Batrakill's 13)."""


def _wrapped(prefix: str, text: str, room: float) -> list[str]:
    """``prefix`` and ``text`` in lines no wider than ``room`` ems, split at spaces, each line's
    text a bidi isolate; a word wider than a line is cut with "…" (:func:`_fitted`)."""
    from pbmkit.render.pdf import text_width

    def wide(line: str) -> float:
        return sum(1.0 if unicodedata.east_asian_width(ch) in "WF" else text_width(ch, 1.0)
                   for ch in line)

    lines: list[str] = []
    for word in text.split():
        lead = prefix if len(lines) <= 1 else ""
        if lines and wide(f"{lead}{lines[-1]} {word}") <= room:
            lines[-1] += f" {word}"
            continue
        lead = "" if lines else prefix
        if wide(lead + word) > room:
            word = _fitted("", word, room - wide(lead)).strip("\u2068\u2069")
        lines.append(word)
    return [(prefix if k == 0 else "") + f"\u2068{line}\u2069" for k, line in enumerate(lines)]


def _fitted(prefix: str, name: str, room: float) -> str:
    """``prefix`` and ``name`` as a bidi isolate, the name cut with "…" to fit ``room`` ems.

    An SVG viewer does not fit text to a box, so the width is measured here, with DejaVu Sans's
    widths (a wide CJK character, which DejaVu lacks, as 1 em), one character at a time.
    """
    from pbmkit.render.pdf import text_width

    widths: dict[str, float] = {}

    def em(ch: str) -> float:
        if ch not in widths:
            wide = unicodedata.east_asian_width(ch) in "WF"
            widths[ch] = 1.0 if wide else text_width(ch, 1.0)
        return widths[ch]

    room -= sum(em(ch) for ch in prefix) + em("…")
    used, cut = 0.0, len(name)
    for k, ch in enumerate(name):
        used += em(ch)
        if used > room:
            cut = k
            break
    shown = name if cut == len(name) else name[:cut].rstrip() + "…"
    return f"{prefix}\u2068{shown}\u2069"


def _xml(text: str) -> str:
    """``text`` escaped for XML, without the control characters XML 1.0 forbids."""
    return escape("".join(ch for ch in text if ch >= " " or ch in "\t\n"))
