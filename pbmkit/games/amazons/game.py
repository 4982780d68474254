"""Amazons (Walter Zamkauskas, 1988; ``docs/amazons.md``): on 10 × 10, each side's four queens
move as chess queens, and each move ends with an arrow shot, as a queen moves, from where the
queen landed; the arrow burns the square it lands on for the rest of the game. Queens and arrows
never cross or land on a queen or a burned square. White moves first; the player who cannot move
loses. A move is written ``d1-d7/g7``: the queen from d1 to d7, the arrow to g7.
"""


import re
from collections.abc import Callable
from typing import ClassVar, NamedTuple

from pbmkit.games.base import GameBase, HowWords, Lazy, Moved, Outcome, Shot
from pbmkit.games.board import GridSetup, square_board, square_labels
from pbmkit.games.drawing import LAST_MOVE, Glyph, Look
from pbmkit.games.notation import NotationBase

BOARD = square_board(10, 10)
EMPTY, WHITE, BLACK, BURNED = 0, 1, 2, 3
RAYS = BOARD.rays  # each square's eight lines outwards, nearest square first
LINES = {(a, b): k for a in range(100) for k, ray in enumerate(RAYS[a]) for b in ray}
"""(from, to) -> the direction of the straight line between them, for squares on one."""
SQUARE = r"[a-j](?:10|[1-9])"


class Position(NamedTuple):  # a value (a named tuple: a dataclass costs start-up, performance.md)
    cells: tuple[int, ...]  # each square from a1, rank by rank: EMPTY, WHITE, BLACK, BURNED
    turn: int  # 0: White to move, 1: Black


class Move(NamedTuple):
    start: int  # the queen's square
    end: int  # where it goes
    arrow: int  # the square its arrow burns


def clear(cells: tuple[int, ...], a: int, b: int, vacated: int = -1) -> bool:
    """Whether ``b`` is on a straight line from ``a`` with every square up to it, ``b`` too,
    empty (``vacated``: a square counted empty, where the queen shooting stood)."""
    k = LINES.get((a, b))
    for s in RAYS[a][k] if k is not None else ():
        if cells[s] and s != vacated:
            return False
        if s == b:
            return True
    return False


def reach(cells: tuple[int, ...], a: int, vacated: int = -1) -> list[int]:
    """The squares a queen (or an arrow) on ``a`` reaches."""
    out = []
    for ray in RAYS[a]:
        for s in ray:
            if cells[s] and s != vacated:
                break
            out.append(s)
    return out


class AmazonsNotation(NotationBase[Position, Move]):
    """``d1-d7/g7``: the queen's start and end, then where the arrow lands."""

    example, title, max_length = "d1-d7/g7", "Amazons", 30
    how = "write the queen's start and end, then where the arrow lands, like d1-d7/g7 (files a–j)"
    one_move = re.compile(rf"(?i:{SQUARE}-{SQUARE}/{SQUARE})\b")

    def read(self, text: str, position: Position) -> Move:
        start, end, arrow = re.split("[-/]", self.normalize(text))
        return Move(BOARD.space(start), BOARD.space(end), BOARD.space(arrow))

    def format(self, move: Move, position: Position) -> str:
        return f"{BOARD.name(move.start)}-{BOARD.name(move.end)}/{BOARD.name(move.arrow)}"


class Amazons(GameBase[Position, Move]):
    name, title, board, sides = "amazons", "Amazons", BOARD, ("white", "black")
    outcome_words: ClassVar = {"no-moves": HowWords.alike("as the opponent cannot move")}
    notation = AmazonsNotation()
    positions_repeat = False  # every move burns one more square
    play: Lazy[Callable[[Position, str], Position | None]] = Lazy("pbmkit.games.amazons.play:play")
    grid = GridSetup("Amazons", 10, 10, ".wbx", "wb", what="squares", make=Position)

    def initial_position(self) -> Position:
        cells = [EMPTY] * 100
        for colour, names in ((WHITE, "a4 d1 g1 j4"), (BLACK, "a7 d10 g10 j7")):
            for name in names.split():
                cells[BOARD.space(name)] = colour
        return Position(tuple(cells), 0)

    def legal_moves(self, position: Position) -> list[Move]:
        cells, me = position.cells, position.turn + 1
        moves = []
        for start in (s for s, c in enumerate(cells) if c == me):
            for end in reach(cells, start):
                moves += [Move(start, end, arrow) for arrow in reach(cells, end, vacated=start)]
        return moves

    def check_move(self, position: Position, move: Move) -> str | None:
        cells, name = position.cells, BOARD.name
        if cells[move.start] != position.turn + 1:
            why = f"{name(move.start)} holds no {self.sides[position.turn]} queen"
        elif not clear(cells, move.start, move.end):
            why = (f"the queen cannot go from {name(move.start)} to {name(move.end)}: a queen moves "
                   "along a line of empty squares, as in chess")
        elif not clear(cells, move.end, move.arrow, vacated=move.start):
            why = (f"the arrow cannot fly from {name(move.end)} to {name(move.arrow)}: it flies as a "
                   "queen moves, over empty squares only")
        else:
            return None
        return "the game is over" if self.outcome(position) is not None else why

    def apply(self, position: Position, move: Move) -> Position:
        cells = list(position.cells)
        cells[move.start], cells[move.end] = EMPTY, position.turn + 1
        cells[move.arrow] = BURNED
        return Position(tuple(cells), 1 - position.turn)

    def outcome(self, position: Position) -> Outcome | None:
        """A queen with an empty square beside it can always move (there, shooting back where it
        stood): the side to move is stuck exactly when none of its queens has one."""
        cells, me = position.cells, position.turn + 1
        if any(not cells[n] for s, c in enumerate(cells) if c == me for n in BOARD.neighbours[s]):
            return None
        return Outcome(self.sides[1 - position.turn], "no-moves")

    def touched(self, move: Move) -> tuple[tuple[int, ...], ...]:
        return (Moved((move.start, move.end)), Shot((move.end, move.arrow)))

    def look(self) -> Look[Position]:
        return Look(symbols=lambda p: {s: "WB"[c - 1] for s, c in enumerate(p.cells) if c in (1, 2)},
                    shaded=lambda p: {s: "burned" for s, c in enumerate(p.cells) if c == BURNED},
                    glyphs={"W": Glyph("letter", "Q", marks=("outline",)),
                            "B": Glyph("letter", "Q", dark=True)},
                    legend=(("W", "white queen"), ("B", "black queen"),
                            ("@shaded:burned", "burned square"), LAST_MOVE),
                    owners={"W": "white", "B": "black"}, diagram_labels=True,
                    line_labels=lambda: square_labels(10, 10),
                    colours={"white": ("#fbfaf5", "#fbfaf5"), "black": ("#262626", "#262626")},
                    how_to=("Move a queen as in chess, then shoot an arrow from where it lands: "
                            "\"{example}\".",
                            "The arrow burns its square: nothing crosses or lands on it again."),
                    board_note="Light Q: White; dark Q: Black; grey: burned.")
