"""How Batu Khan actions are written (``docs/batu-khan.md``, "Notation").

Accepted spellings of one action (any case; spaces optional round the letter, ``@`` and the
separator):

* ``B@c1``: lay the blue stone on c1; ``X@d3``: lay the blockade (the letter is required);
* ``B c1-c3``, ``Bc1-c3``, ``c1-c3``: move a stone (the letter may be left out: a square holds one
  stone, so the starting square names it); a wrong letter is an illegal action;
* ``Y b2xc3``: knock out what stands on c3 (``x`` or ``×``); a knock-out written with ``-`` is
  accepted, but ``x`` before a free square is an illegal action.

Squares are a file letter and a rank number; a square off the record's board is an illegal action
of that turn and side, explained by the rules core, not a syntax error. The writer prints the
canonical form (:func:`~pbmkit.games.batu_khan.rules.move_text`): ``B@c1``, ``X@d3``,
``B c1-c3``, ``Y b2xc3``. Without a position (:meth:`BatuKhanNotation.normalize`, used by ``fmt``)
an action is respelled as written: letter upper case (kept or left out as written), squares lower
case, ``x`` kept where written.

The patterns are linear: no nested quantifiers, each optional part anchored by a different class.
"""


import re
from functools import cache
from typing import Final, NamedTuple

from pbmkit.games.base import IllegalMoveError
from pbmkit.games.batu_khan.check import check_move
from pbmkit.games.batu_khan.rules import (
    BLOCKADE,
    DEFAULT_FILES,
    DEFAULT_RANKS,
    EMPTY,
    PIECES,
    Move,
    Position,
    geometry,
    move_text,
)
from pbmkit.games.notation import MoveSyntaxError, NotationBase, RunSplit, guarded, memoised_reader

__all__ = ["NOTATION", "BatuKhanNotation", "notation_for"]

# One action in a run of move text (:meth:`BatuKhanNotation.split`): a stone laid from the hand
# (``B@c1``, ``X @ d3``) or an optional stone letter and squares joined by separators; a trailing
# separator is never taken before an ``@`` (``W b1-c2 X@c1`` is two actions). Atomic, bounded.
_ONE_ACTION: Final = (r"(?i:(?>[a-z][ \t]*@[ \t]*[a-z]{1,2}[0-9]{0,2}|(?:[a-z][ \t]+)?[a-z]{1,2}[0-9]{0,2}"
                      r"(?:[ \t]*(?:-|–|x|×)[ \t]*[a-z]{1,2}[0-9]{0,2}){0,31}"
                      r"(?:[ \t]*(?:-|–|x|×)(?![a-z0-9@'’]|[ \t]*@))?))")
# The common run, as the writer spells it ("B@c1 K d2-e3", "Y b2xc3"): split at once by RunSplit.
# A second action never starts with "X " (the plain split reads that X as a knock-out mark).
_QUICK_RUN: Final = (r"([BYKWX]@[a-i][1-9]|[BYKWX] [a-i][1-9][-x][a-i][1-9])()"
                     r"(?: (?![xX] )([BYKWX]@[a-i][1-9]|[BYKWX] [a-i][1-9][-x][a-i][1-9])())?[ \t]*")
MAX_MOVE_LENGTH: Final = 40
"""Longer text is refused before any pattern runs (the longest action, ``Y b2 x c3``, is short)."""

_LAY: Final = re.compile(r"\s*([A-Za-z])\s*@\s*([A-Za-z])([0-9]{1,2})\s*")
_MOVE: Final = re.compile(
    r"\s*(?:([BYKWXbykwx])\s*)?([A-Za-z])([0-9]{1,2})\s*(-|–|x|X|×)\s*([A-Za-z])([0-9]{1,2})\s*")
_EXAMPLES: Final = "B@c1, X@d3, B c1-c3 or Y b2xc3"
_KNOCK: Final = frozenset("xX×")


class _Written(NamedTuple):
    """An action as read from text, before a position is known (a named tuple: a dataclass costs
    every command's start, docs/performance.md "Start-up")."""

    piece: str | None
    """The upper-case letter, or ``None`` when left out (moves only)."""
    start: str | None
    """The starting square's name (lower case), ``None`` for laying a piece."""
    end: str
    knock: bool
    """Whether ``x`` was written."""
    canonical: str


def _parse(text: str) -> _Written:
    """Read ``text`` without a position; ``MoveSyntaxError`` saying what is wrong."""
    body = guarded(text, MAX_MOVE_LENGTH, _EXAMPLES, "action")
    lay = _LAY.fullmatch(body)
    if lay is not None:
        letter = lay.group(1).upper()
        if letter not in PIECES:
            raise MoveSyntaxError(f"{lay.group(1)!r} is not a piece letter: B blue, Y yellow, "
                                  "K black, W white stone, X blockade")
        end = f"{lay.group(2).lower()}{lay.group(3)}"
        return _Written(letter, None, end, False, f"{letter}@{end}")
    if body.startswith("@") or body.endswith("@"):
        raise MoveSyntaxError(f"{body!r}: laying a piece is written with its letter and the square, "
                              "like B@c1 or X@d3")
    m = _MOVE.fullmatch(body)
    if m is None:
        raise MoveSyntaxError(f"{body!r} is not a Batu Khan action: write it like {_EXAMPLES}")
    letter = m.group(1).upper() if m.group(1) else None
    start = f"{m.group(2).lower()}{m.group(3)}"
    end = f"{m.group(5).lower()}{m.group(6)}"
    knock = m.group(4) in _KNOCK
    head = f"{letter} " if letter else ""
    return _Written(letter, start, end, knock, f"{head}{start}{'x' if knock else '-'}{end}")


_read = memoised_reader(_parse)


class BatuKhanNotation(NotationBase[Position, Move]):
    """The Batu Khan action notation on one board size: ``B@c1``, ``X@d3``, ``B c1-c3``, ``Y b2xc3``.

    Reading and writing do not depend on the size (squares are names); :meth:`start_of` and
    :meth:`destinations` turn names into the board's square numbers, so each board size has its
    own instance (:func:`notation_for`).
    """

    example = "B c1-c3"

    def __init__(self, files: int = DEFAULT_FILES, ranks: int = DEFAULT_RANKS) -> None:
        self.geometry = geometry(files, ranks)
        self.files, self.ranks = files, ranks
        self._plain: dict[str, tuple[Move, int]] = {}
        """Text -> the move it means and the square that must be free for that (-1: always):
        records repeat actions. A laid piece means the same move anywhere; a move written with
        its letter and ``-`` means that move wherever its end square is free."""

    split = RunSplit(_QUICK_RUN, _ONE_ACTION)
    """``"B@c1 W b1-c2 X@c1"`` → its three actions."""

    def normalize(self, text: str) -> str:
        """``"b @ C1"`` → ``"B@c1"``, ``"yB2XC3"`` → ``"Y b2xc3"``; ``MoveSyntaxError`` if unreadable."""
        return _read(text).canonical

    def read(self, text: str, position: Position) -> Move:
        """The action ``text`` means in ``position`` (notation checks only, not legality).

        A left-out letter is taken from the mover's stone on the starting square (if there is
        none, the letter of whatever stands there, so that the checker can say why). A knock-out
        written with ``-`` is read as a knock-out; ``x`` before a free square raises
        :class:`IllegalMoveError` with the reason.
        """
        plain = self._plain.get(text)
        if plain is not None and position.files == self.files and position.ranks == self.ranks \
                and (plain[1] < 0 or position.cells[plain[1]] == EMPTY):
            return plain[0]
        w = _read(text)
        if w.start is None:
            move = Move(w.piece or BLOCKADE, None, w.end)
            self._remember(text, move, -1)
            return move
        geo = position.geometry
        start = geo.find(w.start)
        end = geo.find(w.end)
        piece = w.piece
        if piece is None:
            content = position.cells[start] if start is not None else EMPTY
            piece = content.upper() if content != EMPTY else "W"
        target = position.cells[end] if end is not None else EMPTY
        move = Move(piece, w.start, w.end, w.knock or target != EMPTY)
        if w.piece is not None and not w.knock and end is not None and geo is self.geometry:
            self._remember(text, move._replace(knock=False), end)
        if w.knock and target == EMPTY and end is not None:
            raise IllegalMoveError(check_move(position, move) or f"{w.end} is free: nothing to knock out",
                                   start)
        return move

    def _remember(self, text: str, move: Move, end: int) -> None:
        """Keep the move ``text`` means (wherever square ``end`` is free, if ``end`` >= 0)."""
        if len(self._plain) > 4096:
            self._plain.clear()
        self._plain[text] = (move, end)

    def format(self, move: Move, position: Position) -> str:
        """``"B@c1"``, ``"Y b2xc3"``: the canonical text of ``move``."""
        return move_text(move)


@cache
def notation_for(files: int = DEFAULT_FILES, ranks: int = DEFAULT_RANKS) -> BatuKhanNotation:
    """The notation on a ``files`` × ``ranks`` board (one instance per size)."""
    return BatuKhanNotation(files, ranks)


NOTATION: Final = notation_for(DEFAULT_FILES, DEFAULT_RANKS)
"""The Batu Khan action notation on the default 5 × 5 board."""
