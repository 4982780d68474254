"""Trio, the test game of the suite (tests/test_plugged_game.py): three players, Red, Green and
Blue, on a 4×4 board, written from docs/architecture.md's checklist alone, outside pbmkit.

Each starts with three pieces in hand; on a turn a player lays a piece from the hand on an empty
square (a drop, ``b2``) or steps one of theirs to an orthogonally adjacent square, empty or holding
an opponent's piece, which goes back to its owner's hand (``b2-b3``, ``b2xb3``). Three of one's
pieces in a row (orthogonally) win; a player who cannot move loses to the one who moved last.

``PBMKIT_PLUG_TRIO=1`` registers it for a whole run (tests/conftest.py), so that every generic
test of the suite, parametrized by the registry, takes it as it takes the games of pbmkit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from pbmkit.games.base import GameBase, HowWords, IllegalMoveError, Moved, Outcome, Placed, SetupError
from pbmkit.games.board import square_board
from pbmkit.games.drawing import LAST_MOVE, Glyph, Look
from pbmkit.games.notation import NotationBase

BOARD = square_board(4, 4)
SIDES = ("red", "green", "blue")
LETTERS = "RGB"
ORTHOGONAL = [[n for n in BOARD.neighbours[sp]  # a neighbour on the same file or rank
               if BOARD.coords[sp][0] == BOARD.coords[n][0] or BOARD.coords[sp][1] == BOARD.coords[n][1]]
              for sp in range(BOARD.size)]
LINES = [tuple(BOARD.space(f"{f}{r}") for f, r in cells) for cells in
         [[(f, r + k) for k in range(3)] for f in "abcd" for r in (1, 2)]
         + [[(chr(ord(f) + k), r) for k in range(3)] for f in "ab" for r in (1, 2, 3, 4)]]


@dataclass(frozen=True, slots=True)
class Position:
    cells: tuple[int, ...]  # 0 empty, 1..3 the owner's number
    hands: tuple[int, int, int]
    turn: int  # 0..2: who moves


@dataclass(frozen=True, slots=True)
class Move:
    start: int | None  # None: laid from the hand
    end: int


class TrioNotation(NotationBase[Position, Move]):
    """``b2`` (a drop), ``b2-b3`` (a step), ``b2xb3`` (a capture)."""

    example, title, max_length, turn_moves = "b2-b3", "Trio", 40, 3
    how = "write b2, b2-b3 or b2xb3"
    one_move = re.compile(r"(?i:[a-d][1-4](?:[-x][a-d][1-4])?)\b")

    def read(self, text: str, position: Position) -> Move:
        body = self.normalize(text)
        if len(body) == 2:
            return Move(None, BOARD.space(body))
        move = Move(BOARD.space(body[:2]), BOARD.space(body[3:]))
        if body[2] == "x" and position.cells[move.end] == 0:
            raise IllegalMoveError(f"'x' marks a capture, but {body[3:]} is empty")
        return move

    def format(self, move: Move, position: Position) -> str:
        if move.start is None:
            return BOARD.name(move.end)
        sep = "x" if position.cells[move.end] else "-"
        return f"{BOARD.name(move.start)}{sep}{BOARD.name(move.end)}"


def _row(position: Position) -> int | None:
    """The owner of three in a row, if any."""
    for line in LINES:
        owner = position.cells[line[0]]
        if owner and all(position.cells[sp] == owner for sp in line):
            return owner
    return None


class Trio(GameBase[Position, Move]):
    """The Trio rules as a Game."""

    name, title, board, sides = "trio", "Trio", BOARD, SIDES
    outcome_words: ClassVar = {"row": HowWords.alike("with a row of three"),
                               "no-moves": HowWords("as the next player could not move",
                                                    "as the next player cannot move", "no move left")}
    notation = TrioNotation()

    def initial_position(self) -> Position:
        return Position((0,) * 16, (3, 3, 3), 0)

    def legal_moves(self, position: Position) -> list[Move]:
        me, cells = position.turn + 1, position.cells
        if _row(position) is not None:
            return []
        out = [Move(None, sp) for sp in range(16) if not cells[sp]] if position.hands[me - 1] else []
        for sp in (s for s in range(16) if cells[s] == me):
            out += [Move(sp, n) for n in ORTHOGONAL[sp] if cells[n] != me]
        return out

    def check_move(self, position: Position, move: Move) -> str | None:
        return None if move in self.legal_moves(position) else "Trio does not allow that move"

    def apply(self, position: Position, move: Move) -> Position:
        cells, hands, me = list(position.cells), list(position.hands), position.turn + 1
        if move.start is None:
            hands[me - 1] -= 1
        else:
            cells[move.start] = 0
            if cells[move.end]:
                hands[cells[move.end] - 1] += 1
        cells[move.end] = me
        return Position(tuple(cells), (hands[0], hands[1], hands[2]), (position.turn + 1) % 3)

    def outcome(self, position: Position) -> Outcome | None:
        owner = _row(position)
        if owner is not None:
            return Outcome(SIDES[owner - 1], "row")
        if not self.legal_moves(position):
            return Outcome(SIDES[(position.turn - 1) % 3], "no-moves")
        return None

    def parse_setup(self, text: str) -> Position:
        m = re.fullmatch(r"([rgb]) ([.rgb]{16}) ([0-3])([0-3])([0-3])", text.strip())
        if m is None:
            raise SetupError(f"a Trio Setup is like 'r ................ 333', not {text[:40]!r}")
        return Position(tuple(".rgb".index(c) for c in m[2]), (int(m[3]), int(m[4]), int(m[5])),
                        "rgb".index(m[1]))

    def format_setup(self, position: Position) -> str:
        return (f"{'rgb'[position.turn]} {''.join('.rgb'[c] for c in position.cells)} "
                f"{''.join(map(str, position.hands))}")

    def touched(self, move: Move) -> tuple[tuple[int, ...], ...]:
        return (Placed((move.end,)),) if move.start is None else (Moved((move.start, move.end)),)

    def look(self) -> Look[Position]:
        return Look(symbols=lambda p: {sp: LETTERS[c - 1] for sp, c in enumerate(p.cells) if c},
                    glyphs={"R": Glyph("letter", "R"), "G": Glyph("ring", marks=("dot",)),
                            "B": Glyph("disc")},
                    legend=(("R", "red"), ("G", "green"), ("B", "blue"), LAST_MOVE), sides=SIDES,
                    owners=dict(zip(LETTERS, SIDES, strict=True)),
                    beside=lambda p: [(f"{s.capitalize()} in hand", (LETTERS[k],) * p.hands[k])
                                      for k, s in enumerate(SIDES)])


TRIO = Trio()
