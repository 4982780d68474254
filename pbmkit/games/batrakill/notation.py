"""How Batrakill moves are written (``docs/batrakill.md``, "Notation").

* ``c2-c3``: a knight (or a knight with its carried tower) moves; a knight leaves a tower;
* ``e9/e8``: the knight steps out of its carried tower on e9 to e8, placing the tower on e9;
* ``e5>c7``: a knight passes underground from the tower on e5 to the tower on c7 (to a tower it
  could reach by a step, the move is the step, and is written ``e5-e6``);
* ``D@e5``: the dragon placed at the start of a round;
* ``D e4-e5``: a dragon step; ``D e4xe6xg6``: a chain of jumps (``x`` before each landing; the
  ``D`` may be left out, ``-`` is read as ``x`` for a jump).

Any case, spaces allowed round the separators. No regex here has a nested quantifier: a move is
split at its separators by one flat pattern and each piece is matched on its own.
"""


import re
from functools import cache
from typing import Final, NamedTuple

from pbmkit.games.base import IllegalMoveError
from pbmkit.games.batrakill.rules import Move, Position, legal_moves
from pbmkit.games.board import Board
from pbmkit.games.notation import MoveSyntaxError, NotationBase, RunSplit, guarded, memoised_reader

__all__ = ["BatrakillNotation", "Written", "format_move", "notation_for", "read_text"]

MAX_MOVE_LENGTH: Final = 80
# One move in a run of move text (:meth:`BatrakillNotation.split`): the dragon placed (``D@e5``),
# or an optional ``D`` and squares joined by ``-``, ``x``, ``/`` or ``>``. Atomic, bounded: linear.
_ONE_MOVE: Final = (
    r"(?i:(?>d[ \t]*@[ \t]*[a-z]{1,2}[0-9]{0,2}|(?:d[ \t]+)?[a-z]{1,2}[0-9]{0,2}"
    r"(?:[ \t]*[-–x×/>][ \t]*(?!d[ \t]*@|d[ \t]+[a-z])[a-z]{1,2}[0-9]{0,2}){0,31}"
    r"(?:[ \t]*[-–x×/>](?![a-z0-9@'’]|[ \t]*@))?))")
# The common run, a turn's moves as the writer spells them on a board up to 9 x 9 (``c2-c3 D e4xe6``,
# ``e9/e8 D@e5``; up to five moves in the zones version): split at once by RunSplit, held to the
# plain split by tests/games/test_run_split.py and test_batrakill_fast_paths.py.
_QUICK_MOVE: Final = r"([a-i][1-9][-/>][a-i][1-9]|D@[a-i][1-9]|D [a-i][1-9](?:[-x][a-i][1-9]){1,31})()"
_QUICK_RUN: Final = _QUICK_MOVE + f"(?: {_QUICK_MOVE})?" * 4 + r"[ \t]*"
_SEP: Final = re.compile(r"\s*([-–x×X/>@])\s*")
_SQUARE: Final = re.compile(r"[a-z][0-9]{1,2}")
_EXAMPLES: Final = "c2-c3, e9/e8, e5>c7, D@e5 or D e4xe6xg6"
_JUMP: Final = frozenset("x×X")


class Written(NamedTuple):
    """A move as read from text, before a position is known."""

    kind: str
    """``step``, ``place``, ``pass``, ``drop`` or ``dragon`` (a path after a ``D``, or with ``x``)."""
    squares: tuple[str, ...]
    dragon: bool
    """Whether ``D`` was written."""
    canonical: str


def _parse(text: str) -> Written:
    """Read ``text`` without a position; :class:`MoveSyntaxError` saying what is wrong."""
    body = guarded(text, MAX_MOVE_LENGTH, _EXAMPLES)
    dragon = False
    if body[:1] in "Dd" and not (len(body) > 1 and body[1].isdigit()):
        dragon, body = True, body[1:].lstrip()
    parts = _SEP.split(body.lower())
    squares = parts[0::2]
    seps = [s.lower() if s not in "×X" else "x" for s in parts[1::2]]
    if dragon and parts[0] == "" and seps[:1] == ["@"] and len(parts) == 3:
        sq = parts[2]
        if _SQUARE.fullmatch(sq) is None:
            raise MoveSyntaxError(f"{text.strip()!r}: the dragon is placed on a square, like D@e5")
        return Written("drop", (sq,), True, f"D@{sq}")
    bad = next((s for s in squares if _SQUARE.fullmatch(s) is None), None)
    if bad is not None or not seps or "@" in seps:
        what = "a square is missing" if bad == "" else f"{bad!r} is not a square" if bad else ""
        raise MoveSyntaxError(f"{text.strip()!r} is not a Batrakill move{': ' + what if what else ''}; "
                              f"write it like {_EXAMPLES}")
    if len(seps) == 1 and seps[0] in "/>":
        if dragon:
            raise MoveSyntaxError(f"{text.strip()!r}: the dragon steps (D e4-e5) or jumps (D e4xe6)")
        kind = "place" if seps[0] == "/" else "pass"
        return Written(kind, tuple(squares), False, f"{squares[0]}{seps[0]}{squares[1]}")
    if any(s in "/>" for s in seps):
        raise MoveSyntaxError(f"{text.strip()!r}: '/' and '>' join two squares only, like e9/e8 or e5>c7")
    if not dragon and len(seps) == 1 and seps[0] != "x":
        return Written("step", tuple(squares), False, f"{squares[0]}-{squares[1]}")
    canonical = squares[0] + "".join(f"{'x' if s == 'x' or _apart(p, q) else '-'}{q}"
                                     for s, p, q in zip(seps, squares, squares[1:], strict=False))
    return Written("dragon", tuple(squares), dragon, f"{'D ' if dragon else ''}{canonical}")


def _apart(a: str, b: str) -> bool:
    """Whether squares ``a`` and ``b`` are more than one square apart (a jump, however written)."""
    return max(abs(ord(a[0]) - ord(b[0])), abs(int(a[1:]) - int(b[1:]))) > 1


read_text = memoised_reader(_parse)


def _name(board: Board, sq: int) -> str:
    return board.name(sq)


def format_move(board: Board, move: Move) -> str:
    """The canonical text of ``move``."""
    p = [board.name(s) for s in move.path]
    if move.kind == "drop":
        return f"D@{p[0]}"
    if move.kind == "place":
        return f"{p[0]}/{p[1]}"
    if move.kind == "pass":
        return f"{p[0]}>{p[1]}"
    if move.kind == "step":
        return f"{p[0]}-{p[1]}"
    coords = board.coords
    out = p[0]
    for a, b, name in zip(move.path, move.path[1:], p[1:], strict=False):
        jump = max(abs(coords[a][0] - coords[b][0]), abs(coords[a][1] - coords[b][1])) > 1
        out += f"{'x' if jump else '-'}{name}"
    return f"D {out}"


class BatrakillNotation(NotationBase[Position, Move]):
    """The Batrakill notation on one board (squares become that board's numbers)."""

    example = "c2-c3"

    def __init__(self, board: Board) -> None:
        self.board = board
        self._moves: dict[tuple[str, bool], Move] = {}
        """(text, the dragon to move) -> the move read, where the position tells nothing more."""

    def normalize(self, text: str) -> str:
        """The canonical spelling of a written move, without a position."""
        return read_text(text).canonical

    split = RunSplit(_QUICK_RUN, _ONE_MOVE)
    """A turn's move text as its moves: ``"c2-c3 D e4xe6"`` -> the two moves."""

    def read(self, text: str, position: Position) -> Move:
        """The move ``text`` means in ``position`` (notation checks only)."""
        key = (text, position.to_move == position.config.dragon_index)
        move = self._moves.get(key)
        if move is None:
            move = self._read(text, position)
            if move.kind != "pass" and read_text(text).kind != "pass":  # else the position decides
                if len(self._moves) > 8192:
                    self._moves.clear()
                self._moves[key] = move
        return move

    def _read(self, text: str, position: Position) -> Move:
        written = read_text(text)
        board = self.board
        squares: list[int] = []
        for name in written.squares:
            sq = board.find(name)
            if sq is None:
                raise IllegalMoveError(f"{name} is not a square of this {self.board_label} board",
                                       squares[0] if squares else None)
            squares.append(sq)
        path = tuple(squares)
        if position.dragon_to_move:
            if written.kind == "drop":
                return Move("drop", path)
            if written.kind in ("place", "pass"):
                raise IllegalMoveError("it is the dragon's turn: it steps (D e4-e5) or jumps (D e4xe6)",
                                       path[0])
            return Move("dragon", path)
        if written.dragon or written.kind == "drop":
            whose = "the knights'" if position.config.duel else f"{'+'.join(position.place).title()}'s"
            raise IllegalMoveError(f"it is {whose} turn, not the dragon's", None)
        if written.kind == "dragon":
            raise IllegalMoveError("a knight moves one square, written like c2-c3 ('x' is the dragon's jump)",
                                   path[0])
        if written.kind == "pass":
            a, b = path
            if b in board.steps[a] and any(m.kind == "step" and m.path == path
                                           for m in legal_moves(position)):
                return Move("step", path)
        return Move(written.kind, path)

    @property
    def board_label(self) -> str:
        """``"9x9"``."""
        files = max(c[0] for c in self.board.coords) + 1
        return f"{files}x{self.board.size // files}"

    def format(self, move: Move, position: Position) -> str:
        """The canonical text of ``move``."""
        return format_move(self.board, move)


@cache
def notation_for(board: Board) -> BatrakillNotation:
    """The notation of one board."""
    return BatrakillNotation(board)
