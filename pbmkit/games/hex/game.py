"""Hex with the swap rule on boards of 5 × 5 to 19 × 19 (``docs/hex.md``): Red joins the first
and last ranks with a chain of stones, Blue the first and last files; on Blue's first move
``swap`` turns Red's one stone into a blue one, mirrored. The ``Board`` tag chooses the size; a
record without it is 7 × 7 (as every record before sizes), a new record 11 × 11 (``new_tags``).
"""


import re
from collections.abc import Callable, Mapping
from functools import cache
from typing import TYPE_CHECKING, ClassVar, NamedTuple

from pbmkit.games.base import GameBase, HowWords, IllegalMoveError, Lazy, Outcome, TagChoice
from pbmkit.games.base import refuse_unread_tags as refuse_unread
from pbmkit.games.board import FILES, GridSetup, board_size, hex_board, square_labels
from pbmkit.games.drawing import LAST_MOVE, Edge, Glyph, Look
from pbmkit.games.notation import NotationBase

if TYPE_CHECKING:
    from random import Random  # (annotations only: random costs ~0.5 ms to import)

EMPTY, RED, BLUE = 0, 1, 2
SWAP_ONLY = "swap is Blue's first move only, when Red's first stone is the one stone on the board"
CELL = r"[a-s](?:1[0-9]|[1-9])"  # a cell's name on any board


class Position(NamedTuple):  # a value (a named tuple: a dataclass costs start-up, performance.md)
    cells: tuple[int, ...]  # each cell, rank by rank from a1: EMPTY, RED or BLUE
    turn: int  # 0: Red to move, 1: Blue


class Move(NamedTuple):
    cell: int  # where a stone is laid (a swap: where Blue's stone goes)
    swap: bool = False


def can_swap(position: Position) -> bool:  # Blue to move, and Red's one stone on the board
    stones = [s for s, c in enumerate(position.cells) if c]
    return position.turn == 1 and len(stones) == 1 and position.cells[stones[0]] == RED


class HexNotation(NotationBase[Position, Move]):  # c3: a stone laid on c3; swap: by the swap rule

    example, title, max_length = "c3", "Hex", 20
    one_move = re.compile(rf"(?i:swap|{CELL})\b")  # a turn's split: any board's cells

    def __init__(self, game: "Hex") -> None:
        self.game, n, last = game, game.size, FILES[game.size - 1]
        ranks = "|".join(str(r) for r in range(n, 0, -1))  # what normalize takes: this board's
        self.one_move = re.compile(rf"(?i:swap|[a-{last}](?:{ranks}))")
        self.how = f"write a cell like c3 (files a–{last}, ranks 1–{n}), or swap"

    def read(self, text: str, position: Position) -> Move:
        body = self.normalize(text)
        if body != "swap":
            return Move(self.game.board.space(body))
        if not can_swap(position):  # a swap is read only where it can be meant
            raise IllegalMoveError(SWAP_ONLY)
        return Move(self.game.mirror[position.cells.index(RED)], swap=True)

    def format(self, move: Move, position: Position) -> str:
        return "swap" if move.swap else self.game.board.name(move.cell)


class Hex(GameBase[Position, Move]):
    name, title, sides, extra_tags = "hex", "Hex", ("red", "blue"), ("Board",)
    tag_choices: ClassVar = {"Board": TagChoice("n x n, n from 5 to 19 (7x7 without the tag; a new "
                                                "game: 11x11)", ("5x5", "11x11", "19x19"))}
    new_tags: ClassVar = {"Board": "11x11"}
    outcome_words: ClassVar = {"connected": HowWords(*("by joining both edges",) * 2, "edges joined")}
    positions_repeat = False  # every move lays a stone (a swap turns Red's blue): none comes back
    play: Lazy[Callable[[Position, str], Position | None]] = Lazy("pbmkit.games.hex.play:play")  # Plays
    playout: Lazy[Callable[[Position, "Random"], tuple[str, list[tuple[str, Move]]]]] = Lazy(
        "pbmkit.games.hex.engine:playout")  # optional, as play: a whole playout for the engine

    def __init__(self, size: int = 7) -> None:
        n = self.size = size
        self.board = hex_board([(f, r) for r in range(n) for f in range(n)],
                               lambda f, r: f"{FILES[f]}{r + 1}")
        self.mirror = tuple(self.board.space(f"{FILES[r]}{f + 1}") for f, r in self.board.coords)  # swap
        self.edges = tuple(tuple(frozenset(s for s, c in enumerate(self.board.coords)
                                           if c[axis] == line) for line in (0, n - 1)) for axis in (1, 0))
        self.grid, self.notation = GridSetup("Hex", n, n, ".rb", "rb", make=Position), HexNotation(self)

    def initial_position(self) -> Position:
        return Position((EMPTY,) * self.board.size, 0)

    def configure(self, tags: Mapping[str, str]) -> "Hex":
        refuse_unread(self, tags)
        return hex_game(board_size(tags, "Hex", range(5, 20), 7, self.grid))

    def connected(self, position: Position, side: int) -> bool:  # 0: Red, 1: Blue
        (start, goal), cells, near = self.edges[side], position.cells, self.board.neighbours
        colour = side + 1
        seen = set(todo := [s for s in start if cells[s] == colour])
        while todo:
            if (cell := todo.pop()) in goal:
                return True
            todo += (grown := [n for n in near[cell] if cells[n] == colour and n not in seen])
            seen.update(grown)
        return False

    def legal_moves(self, position: Position) -> list[Move]:
        drops = [Move(s) for s, c in enumerate(position.cells) if c == EMPTY]
        swaps = [self.notation.read("swap", position)] if can_swap(position) else []
        return [] if self.outcome(position) is not None else [*drops, *swaps]

    def check_move(self, position: Position, move: Move) -> str | None:
        if self.outcome(position) is not None:
            return "the game is over"
        if move.swap:
            return None if can_swap(position) and move == self.notation.read("swap", position) \
                else SWAP_ONLY
        return None if position.cells[move.cell] == EMPTY else \
            f"{self.board.name(move.cell)} is taken: a stone is laid on an empty cell"

    def apply(self, position: Position, move: Move) -> Position:
        cells = [EMPTY] * len(position.cells) if move.swap else list(position.cells)
        cells[move.cell] = position.turn + 1
        return Position(tuple(cells), 1 - position.turn)

    def outcome(self, position: Position) -> Outcome | None:
        side = 0 if self.connected(position, 0) else 1 if self.connected(position, 1) else None
        return None if side is None else Outcome(self.sides[side], "connected")

    def touched(self, move: Move) -> tuple[tuple[int, ...], ...]:
        return ((move.cell,),)

    def look(self) -> Look[Position]:
        n, last = self.size, FILES[self.size - 1]
        return Look(symbols=lambda p: {s: "RB"[c - 1] for s, c in enumerate(p.cells) if c},
                    glyphs={"R": Glyph("ring", marks=("dot",)), "B": Glyph("disc")},
                    legend=(("R", "red stone"), ("B", "blue stone"), ("@edge:red",
                            f"Red's edges (ranks 1, {n})"), ("@edge:blue", f"Blue's edges (files "
                            f"a, {last})"), LAST_MOVE),  # open band: Red's edges, solid: Blue's
                    edges=(Edge("red", False, frozenset((f, r) for f in range(-1, n + 1) for r in (-1, n))),
                           Edge("blue", True, frozenset((f, r) for f in (-1, n) for r in range(n)))),
                    line_labels=lambda: square_labels(n, n), owners={"R": "red", "B": "blue"},
                    colours={"red": ("#c92a2a",) * 2, "blue": ("#a5d8ff",) * 2}, diagram_labels=True,
                    how_to=("Lay a stone on an empty cell, naming it: \"{example}\". On Blue's first "
                            "move, \"swap\" turns Red's stone into Blue's, mirrored.",
                            f"Red joins ranks 1 and {n}, Blue joins files a and {last}."),
                    board_note="Ring: Red; disc: Blue. Open band: Red's edges; solid band: Blue's. "
                               "Put your own markers on the board.")


hex_game = cache(Hex)  # one game per size
GAME = hex_game(7)  # the registry's: the board of a record without a Board tag
