"""Hex on a 7 × 7 board with the swap rule (Piet Hein, 1942; John Nash, 1948): the worked example
of docs/architecture.md, a game of drops in one module.

Rules (``docs/hex.md``): Red and Blue take turns laying one stone of their colour on any empty
cell. Red joins the rank 1 and rank 7 edges with a chain of touching red stones, Blue the file a
and file g edges; the first to do so wins (the board cannot fill without a winner). Swap rule: on
Blue's first move, instead of laying a stone, Blue may write ``swap``: Red's one stone becomes a
blue stone on the cell mirrored in the long diagonal (``c2`` becomes ``b3``), and Red moves again.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import TYPE_CHECKING, ClassVar

from pbmkit.games.base import Game, GameBase, HowWords, IllegalMoveError, Lazy, Outcome, SetupError
from pbmkit.games.board import FILES, hex_board, square_labels
from pbmkit.games.drawing import LAST_MOVE, Edge, Glyph, Look
from pbmkit.games.notation import NotationBase, RunSplit, not_a_move

__all__ = ["BOARD", "GAME", "Hex", "HexNotation", "Move", "Position"]

N = 7
BOARD = hex_board([(f, r) for r in range(N) for f in range(N)], lambda f, r: f"{FILES[f]}{r + 1}")
SIDES = ("red", "blue")
EMPTY, RED, BLUE = 0, 1, 2
MIRROR = tuple(BOARD.space(f"{FILES[r]}{f + 1}") for f, r in BOARD.coords)
"""Each cell's mirror in the long diagonal a1–g7 (where a swapped stone goes)."""
EDGES = tuple(tuple(frozenset(s for s, c in enumerate(BOARD.coords) if c[axis] == line)
                    for line in (0, N - 1)) for axis in (1, 0))
"""Each side's two edges: Red's ranks 1 and 7, Blue's files a and g."""
SWAP_ONLY = "swap is Blue's first move only, when Red's first stone is the one stone on the board"


@dataclass(frozen=True, slots=True)
class Position:
    cells: tuple[int, ...]
    """Each cell: :data:`EMPTY`, :data:`RED` or :data:`BLUE`."""
    turn: int
    """0: Red to move, 1: Blue."""


@dataclass(frozen=True, slots=True)
class Move:
    cell: int
    """The cell a stone is laid on (for a swap: where Blue's stone goes)."""
    swap: bool = False


def can_swap(position: Position) -> bool:
    """Blue's first move: one stone on the board, Red's, and Blue to move."""
    stones = [s for s, c in enumerate(position.cells) if c]
    return position.turn == 1 and len(stones) == 1 and position.cells[stones[0]] == RED


def connected(position: Position, side: int) -> bool:
    """Whether ``side``'s stones join its two edges (0: Red, 1: Blue)."""
    colour, (start, goal) = side + 1, EDGES[side]
    seen = {s for s in start if position.cells[s] == colour}
    todo = list(seen)
    while todo:
        cell = todo.pop()
        if cell in goal:
            return True
        for n in BOARD.neighbours[cell]:
            if n not in seen and position.cells[n] == colour:
                seen.add(n)
                todo.append(n)
    return False


class HexNotation(NotationBase[Position, Move]):
    """``c3`` (a stone laid on c3), ``swap`` (Blue's first move, by the swap rule)."""

    example = "c3"
    what = "move"
    max_length = 20
    one_move = re.compile(r"(?i:swap|[a-g][1-7])\b")
    split = RunSplit(r"([a-g][1-7]|swap)()(?: ([a-g][1-7]|swap)())?[ \t]*", one_move.pattern)
    """A turn as the writer spells it (``c2 swap``) split at once; anything else by ``one_move``."""

    def normalize(self, text: str) -> str:
        written = self.body(text)
        body = written.lower()
        if body == "swap" or BOARD.find(body) is not None:
            return body
        raise not_a_move(written, "Hex", f"write a cell like {self.example} (files a–g, ranks "
                         "1–7), or swap")

    def read(self, text: str, position: Position) -> Move:
        body = self.normalize(text)
        if body != "swap":
            return Move(BOARD.space(body))
        if not can_swap(position):  # a swap is read only where it can be meant
            raise IllegalMoveError(SWAP_ONLY)
        return Move(MIRROR[position.cells.index(RED)], swap=True)

    def format(self, move: Move, position: Position) -> str:
        return "swap" if move.swap else BOARD.name(move.cell)


class Hex(GameBase[Position, Move]):
    """7 × 7 Hex with the swap rule."""

    name, title, board, sides = "hex", "Hex", BOARD, SIDES
    outcome_words: ClassVar = {"connected": HowWords("by joining both edges", "by joining both edges",
                                                     "edges joined")}
    notation = HexNotation()
    positions_repeat = False
    """Every move lays a stone, but a swap, which turns Red's one stone into Blue's: no position
    comes back."""
    play: Lazy[Callable[[Position, str], Position | None]] = Lazy("pbmkit.games.hex.play:play")
    """A stone laid in one call, for ``pbmkit check`` (optional: ``Plays``; docs/performance.md)."""
    playout: Lazy[Callable[[Position, Random], tuple[str, list[tuple[str, Move]]]]] = Lazy(
        "pbmkit.games.hex.engine:playout")
    """A whole random playout at once, for the engine (optional: ``pbmkit.engine.PlaysOutWhole``)."""

    def initial_position(self) -> Position:
        return Position((EMPTY,) * BOARD.size, 0)

    def side_to_move(self, position: Position) -> str:
        return SIDES[position.turn]

    def legal_moves(self, position: Position) -> list[Move]:
        if self.outcome(position) is not None:
            return []
        drops = [Move(s) for s, c in enumerate(position.cells) if c == EMPTY]
        return [*drops, self.notation.read("swap", position)] if can_swap(position) else drops

    def check_move(self, position: Position, move: Move) -> str | None:
        if self.outcome(position) is not None:
            return "the game is over"
        if move.swap:
            return None if can_swap(position) and move == self.notation.read("swap", position) \
                else SWAP_ONLY
        if position.cells[move.cell] != EMPTY:
            return f"{BOARD.name(move.cell)} is taken: a stone is laid on an empty cell"
        return None

    def apply(self, position: Position, move: Move) -> Position:
        cells = list(position.cells)
        if move.swap:
            cells = [EMPTY] * BOARD.size
        cells[move.cell] = position.turn + 1
        return Position(tuple(cells), 1 - position.turn)

    def outcome(self, position: Position) -> Outcome | None:
        for side in (0, 1):
            if connected(position, side):
                return Outcome(SIDES[side], "connected")
        return None

    def parse_setup(self, text: str) -> Position:
        m = re.fullmatch(r"([rb]) ((?:[.rb]{7}/){6}[.rb]{7})", text.strip())
        if m is None:
            raise SetupError("a Hex Setup is the side to move (r or b) and the cells rank by rank "
                             f"from rank 1, like 'r {'/'.join(['.......'] * 7)}', not {text[:80]!r}")
        return Position(tuple(".rb".index(c) for c in m[2].replace("/", "")), "rb".index(m[1]))

    def format_setup(self, position: Position) -> str:
        ranks = ("".join(".rb"[c] for c in position.cells[r * N:(r + 1) * N]) for r in range(N))
        return f"{'rb'[position.turn]} {'/'.join(ranks)}"

    def touched(self, move: Move) -> tuple[tuple[int, ...], ...]:
        return ((move.cell,),)

    def look(self) -> Look[Position]:
        return Look(symbols=lambda p: {s: "RB"[c - 1] for s, c in enumerate(p.cells) if c},
                    glyphs={"R": Glyph("ring", marks=("dot",)), "B": Glyph("disc")},
                    legend=(("R", "red stone"), ("B", "blue stone"),
                            ("@edge:red", "Red's edges (ranks 1, 7)"),
                            ("@edge:blue", "Blue's edges (files a, g)"), LAST_MOVE),
                    # whose edges are whose, on paper too: open for Red (ring), solid for Blue
                    edges=(Edge("red", False, frozenset(
                               (f, r) for f in range(-1, N + 1) for r in (-1, N))),
                           Edge("blue", True, frozenset(
                               (f, r) for f in (-1, N) for r in range(N)))),
                    line_labels=lambda: square_labels(N, N), owners={"R": "red", "B": "blue"},
                    colours={"red": ("#c92a2a", "#c92a2a"), "blue": ("#a5d8ff", "#a5d8ff")},
                    how_to=("Lay a stone on an empty cell, naming it: \"{example}\". On Blue's first "
                            "move, \"swap\" turns Red's stone into Blue's, mirrored.",
                            "Red joins ranks 1 and 7, Blue joins files a and g."),
                    board_note="Ring: Red; disc: Blue. Open band: Red's edges; solid band: Blue's. Put your "
                               "own markers on the board.",
                    diagram_labels=True)


GAME = Hex()

if TYPE_CHECKING:  # mypy --strict proves the game satisfies the whole protocol
    _AS_GAME: Game[Position, Move] = GAME
