"""Othello (``docs/othello.md``): 8 × 8, columns a–h left to right, rows 1–8 top to bottom; Black
first; a disc laid must flip, a player with no flip passes, most discs win. Each side's discs are
a bit mask (bit ``f + 8r``, ``r`` from the bottom row): flips and "can it move?" are shifts."""


import re
from collections.abc import Callable
from typing import ClassVar, NamedTuple

from pbmkit.games.base import GameBase, HowWords, Lazy, Outcome, Placed
from pbmkit.games.board import FILES, GridSetup, square_board
from pbmkit.games.drawing import LAST_MOVE, Glyph, Look
from pbmkit.games.notation import NotationBase

BOARD = square_board(8, 8, lambda f, r: f"{FILES[f]}{8 - r}")
SETUP = GridSetup("Othello", 8, 8, ".bw", "bw", what="squares", line="row", top_first=True)
FULL = (1 << 64) - 1
NOT_A, NOT_H = (sum(1 << (f + 8 * r) for r in range(8) for f in range(8) if f != x) for x in (0, 7))
STEPS = ((1, NOT_A), (-1, NOT_H), (8, FULL), (-8, FULL), (9, NOT_A), (-9, NOT_H), (7, NOT_H),
         (-7, NOT_A))  # the eight directions: a shift, and what is kept (east never lands on a)


class Position(NamedTuple):  # a value (a named tuple: a dataclass costs start-up, performance.md)
    discs: tuple[int, int]  # Black's and White's, each a bit mask
    turn: int  # 0: Black to move, 1: White


class Move(NamedTuple):
    square: int | None  # where a disc is laid; None: a pass


def _step(bits: int, shift: int, keep: int) -> int:  # every disc one step in one direction
    return (bits << shift if shift > 0 else bits >> -shift) & keep & FULL


def movable(own: int, other: int) -> int:
    """The empty squares where ``own`` lays a disc that flips some of ``other``'s."""
    empty, found = FULL & ~(own | other), 0
    for shift, keep in STEPS:
        run = _step(own, shift, keep) & other
        for _ in range(5):
            run |= _step(run, shift, keep) & other
        found |= _step(run, shift, keep) & empty
    return found


def flips(own: int, other: int, bit: int) -> int:
    """The discs of ``other`` that a disc of ``own`` laid on ``bit`` (empty) flips."""
    flipped = 0
    for shift, keep in STEPS:
        run, nxt = 0, _step(bit, shift, keep)
        while nxt & other:
            run, nxt = run | nxt, _step(nxt, shift, keep)
        flipped |= run if nxt & own else 0
    return flipped


class OthelloNotation(NotationBase[Position, Move]):
    """``d3`` (a disc laid on d3), ``pass``."""

    example, title, max_length = "d3", "Othello", 20
    how = "write a square like d3 (columns a–h, rows 1–8 from the top), or pass"
    one_move = re.compile(r"(?i:[a-h][1-8]|pass)\b")

    def read(self, text: str, position: Position) -> Move:
        body = self.normalize(text)
        return Move(None if body == "pass" else BOARD.space(body))

    def format(self, move: Move, position: Position) -> str:
        return "pass" if move.square is None else BOARD.name(move.square)


class Othello(GameBase[Position, Move]):
    name, title, board, sides = "othello", "Othello", BOARD, ("black", "white")
    outcome_words: ClassVar = {"discs": HowWords.alike("{detail} on discs")}
    notation = OthelloNotation()
    positions_repeat = False  # a disc laid adds one; two passes end the game
    play: Lazy[Callable[[Position, str], Position | None]] = Lazy("pbmkit.games.othello.play:play")

    def initial_position(self) -> Position:  # White d4 e5, Black d5 e4
        return Position((1 << 27 | 1 << 36, 1 << 28 | 1 << 35), 0)

    def mine(self, position: Position) -> tuple[int, int]:  # the mover's discs, the opponent's
        return position.discs[position.turn], position.discs[1 - position.turn]

    def legal_moves(self, position: Position) -> list[Move]:
        own, other = self.mine(position)
        found = movable(own, other)
        if not found:
            return [Move(None)] if movable(other, own) else []
        return [Move(s) for s in range(64) if found >> s & 1]

    def check_move(self, position: Position, move: Move) -> str | None:
        own, other = self.mine(position)
        if move.square is None:
            if movable(own, other):
                return "a player passes only when no disc of theirs would flip any: lay a disc"
            return None if movable(other, own) else "the game is over: neither player can move"
        bit = 1 << move.square
        if (own | other) & bit:
            return f"{BOARD.name(move.square)} is taken: a disc is laid on an empty square"
        return None if flips(own, other, bit) else (f"a disc on {BOARD.name(move.square)} flips "
                                                    "none: a disc laid must outflank at least one "
                                                    "of the opponent's")

    def apply(self, position: Position, move: Move) -> Position:
        if move.square is None:
            return Position(position.discs, 1 - position.turn)
        own, other = self.mine(position)
        turned = flips(own, other, bit := 1 << move.square)
        own, other = own | bit | turned, other & ~turned
        return Position((own, other) if position.turn == 0 else (other, own), 1 - position.turn)

    def outcome(self, position: Position) -> Outcome | None:
        black, white = position.discs
        if movable(black, white) or movable(white, black):
            return None
        b, w = black.bit_count(), white.bit_count()
        return Outcome("draw" if b == w else "black" if b > w else "white", "discs").scored(
            f"{max(b, w)}–{min(b, w)}")

    def parse_setup(self, text: str) -> Position:
        turn, cells = SETUP.parse(text)
        black, white = (sum(1 << s for s, c in enumerate(cells) if c == k) for k in (1, 2))
        return Position((black, white), turn)

    def format_setup(self, position: Position) -> str:
        black, white = position.discs
        return SETUP.format(position.turn, [black >> s & 1 or 2 * (white >> s & 1) for s in range(64)])

    def touched(self, move: Move) -> tuple[tuple[int, ...], ...]:
        return () if move.square is None else (Placed((move.square,)),)

    def look(self) -> Look[Position]:
        return Look(symbols=lambda p: {s: "BW"[k] for k in (0, 1) for s in range(64)
                                       if p.discs[k] >> s & 1},
                    glyphs={"B": Glyph("disc"), "W": Glyph("ring")},
                    legend=(("B", "black disc"), ("W", "white disc"), LAST_MOVE),
                    owners={"B": "black", "W": "white"}, diagram_labels=True,
                    colours={"black": ("#262626", "#262626"), "white": ("#fbfaf5", "#fbfaf5")},
                    line_labels=lambda: [((f, -1), FILES[f]) for f in range(8)]
                    + [((-1, r), str(8 - r)) for r in range(8)],
                    how_to=("Lay a disc that outflanks the opponent's, naming its square: "
                            "\"{example}\"; \"pass\" only when no disc of yours can.",
                            "Columns a–h left to right, rows 1–8 top to bottom."),
                    board_note="Disc: Black; ring: White. Put your own markers on the board.")
