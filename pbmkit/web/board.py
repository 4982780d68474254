"""The boards of a game's web page (:mod:`pbmkit.web.viewer`): parts drawn once, nodes listing them.

Every position of the game (each ply of the main line and of every series) is a *node*. A node's
board is the model's drawing of that position with that ply's move marked, in both orientations
(``flip``). The drawing of a position is made of parts that recur from node to node: the grid, a
piece on a space, the marks of a move's path, the column beside the board. Each part is drawn once
by the model (``board_drawing`` of that part alone, ``with_beside``), written once by the SVG
writer, and a node lists the parts it is made of, in the order :func:`game_drawing` draws them
(tests/web/test_html_page.py holds the two equal for every position of every example). A piece
glyph is written once as a ``<defs>`` entry (the model's :class:`Placed` key promises equal
shapes) and placed with ``<use>``. A 300-turn Batalo game is thus a page of about 100 KB, not
600 boards of 40 KB.
"""

from __future__ import annotations

import base64
import hashlib
import re
import zlib
from collections.abc import Iterable, Sequence
from typing import Any

from pbmkit.games import Game
from pbmkit.render.art import art_for
from pbmkit.render.diagram import board_drawing, move_marks, with_beside
from pbmkit.render.shapes import Drawing, Placed, Shape
from pbmkit.render.svg import board_style, shape_svg, svg_number

__all__ = ["BoardParts", "Box", "board_parts", "used_defs"]

Box = tuple[float, float, float, float]


class BoardParts:
    """The parts of one game's boards, drawn by the model once each (per orientation).

    One instance serves every page of a game object (an archive's games share it); parts are
    keyed by what they show: ``("p", space, symbol)``, ``("u", paths)`` and ``("o", paths)`` (the
    under and over shapes of a marked move, its paths together), ``("b", groups)`` (the column
    beside the board).
    """

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game
        self.board = game.board
        self.art = art_for(game)
        self.style = board_style()
        self._empty = tuple(board_drawing(self.board, self.art, {}, flip=f, style=self.style)
                            for f in (False, True))
        self._shapes: dict[tuple[Any, ...], tuple[tuple[Shape, ...], tuple[Shape, ...]]] = {}
        self._svg: dict[tuple[Any, ...], tuple[str, str]] = {}
        self._boxes: dict[tuple[Any, ...], tuple[Box, Box]] = {}
        self.defs: dict[str, str] = {}
        """Placed key -> its ``<g id=...>`` definition."""

    # The shapes of each part, in both orientations, as the model draws them.

    def shapes(self, key: tuple[Any, ...]) -> tuple[tuple[Shape, ...], tuple[Shape, ...]]:
        got = self._shapes.get(key)
        if got is None:
            got = self._shapes[key] = (self._draw(key, False), self._draw(key, True))
        return got

    def _draw(self, key: tuple[Any, ...], flip: bool) -> tuple[Shape, ...]:
        kind = key[0]
        if kind == "p":
            return tuple(board_drawing(self.board, self.art, {key[1]: key[2]}, flip=flip,
                                       style=self.style).over)
        if kind in ("u", "o"):  # a move's paths together: two from one space are drawn apart
            d = board_drawing(self.board, self.art, {}, marks=key[1], flip=flip, style=self.style)
            return tuple(d.under if kind == "u" else d.over)
        empty = self._empty[flip]
        d = with_beside(empty, self.art, key[1])
        return tuple(d.over[len(empty.over):])

    def box(self, key: tuple[Any, ...]) -> tuple[Box, Box]:
        """The drawing's box with the column ``key`` (``("b", groups)``) beside the board."""
        got = self._boxes.get(key)
        if got is None:
            got = self._boxes[key] = (with_beside(self._empty[0], self.art, key[1]).bbox,
                                      with_beside(self._empty[1], self.art, key[1]).bbox)
        return got

    def grid_box(self, flip: bool) -> Box:
        return self._empty[flip].bbox

    def grid(self, flip: bool) -> Sequence[Shape]:
        return self._empty[flip].grid

    def grid_packed(self) -> str:
        """The flipped grid's SVG deflated, in base64 (the same on every page of the game)."""
        key = ("grid-packed",)
        got = self._svg.get(key)
        if got is None:
            raw = self.grid_svg(True).encode()
            got = self._svg[key] = (base64.b64encode(zlib.compress(raw, 6)).decode(), "")
        return got[0]

    def grid_svg(self, flip: bool) -> str:
        """The grid's SVG elements (written once)."""
        key = ("grid", flip)
        got = self._svg.get(key)
        if got is None:
            got = self._svg[key] = (self.elements(self.grid(flip)), "")
        return got[0]

    # A position as keys of parts.

    def node_keys(self, position: Any, move: Any = None) -> tuple[list[tuple[Any, ...]],
                                                                   list[tuple[Any, ...]]]:
        """The parts of the board of ``position`` with ``move`` marked: (under keys, over keys),
        in the order :func:`~pbmkit.render.diagram.game_drawing` draws them."""
        marks = move_marks(self.game, [move] if move is not None else [])
        under = [("u", marks)] if marks else []
        over: list[tuple[Any, ...]] = [("o", marks)] if marks else []
        over += [("p", sp, sym) for sp, sym in sorted(self.art.symbols(position).items())]
        if self.art.beside is not None:
            groups = tuple((label, tuple(symbols)) for label, symbols in self.art.beside(position))
            if groups:
                over.append(("b", groups))
        return under, over

    def drawing(self, position: Any, move: Any = None, *, flip: bool = False) -> Drawing:
        """The model's drawing as the page assembles it (equal to ``game_drawing``'s)."""
        under, over = self.node_keys(position, move)
        bbox = self.grid_box(flip)
        for key in over:
            if key[0] == "b":
                bbox = self.box(key)[flip]
        return Drawing(bbox=bbox, grid=self.grid(flip),
                       under=tuple(s for k in under for s in self.shapes(k)[flip]),
                       over=tuple(s for k in over for s in self.shapes(k)[flip]))

    # SVG text.

    def svg(self, key: tuple[Any, ...]) -> tuple[str, str]:
        """The part as SVG elements, in both orientations (a piece glyph as a ``<use>``)."""
        got = self._svg.get(key)
        if got is None:
            normal, flipped = self.shapes(key)
            got = self._svg[key] = (self.elements(normal), self.elements(flipped))
        return got

    def elements(self, shapes: Iterable[Shape]) -> str:
        out = []
        for shape in shapes:
            if isinstance(shape, Placed):
                ref = self.defs_id(shape)
                x, y = shape.at
                out.append(f'<use href="#{ref}" transform="translate({svg_number(x)},{svg_number(-y)})"/>')
            else:
                out.append(shape_svg(shape))
        return "".join(out)

    def defs_id(self, shape: Placed) -> str:
        ref = "g" + hashlib.sha256(shape.key.encode()).hexdigest()[:10]
        if ref not in self.defs:
            inner = "".join(shape_svg(s) for s in shape.shapes)
            self.defs[ref] = f'<g id="{ref}">{inner}</g>'
        return ref


_PARTS: dict[int, tuple[Game[Any, Any], BoardParts]] = {}


def board_parts(game: Game[Any, Any]) -> BoardParts:
    """The :class:`BoardParts` of ``game`` (made once per game object)."""
    got = _PARTS.get(id(game))
    if got is None or got[0] is not game:
        if len(_PARTS) > 64:
            _PARTS.clear()
        got = _PARTS[id(game)] = (game, BoardParts(game))
    return got[1]


_USE = re.compile(r'<use href="#(g[0-9a-f]+)"')


def used_defs(table: Sequence[tuple[str, str]], grids: Sequence[str]) -> set[str]:
    """The glyph definitions the parts and grids of a page refer to."""
    return {ref for svg in (*(s for pair in table for s in pair), *grids)
            for ref in _USE.findall(svg)}
