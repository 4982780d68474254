"""How Batalo moves are written: phone-chart names joined by ``to`` (record-format.md, "Moves").

Accepted spellings of one move: ``IR to HS``, ``IR-HS``, ``ir to hs``, ``IR x HS`` / ``IRxHS``
(an explicit capture), ``IR to GT to ET`` (a hop series with its landings) and the spoken form
``I'm moving my stone from space IR to space HS``. The canonical form is ``IR to HS`` (the landings
kept when written, `` x `` kept before the last space when a capture was written).
"""

from __future__ import annotations

import re
from typing import Final

from pbmkit.games.base import IllegalMoveError
from pbmkit.games.batalo.rules import (
    BOARD,
    EMPTY,
    WHITE_COLUMN,
    WHITE_STONE,
    Move,
    Position,
    from_pbmserv,
    space,
    space_name,
    to_pbmserv,
)
from pbmkit.games.notation import (
    MoveSyntaxError,
    NotationBase,
    RunSplit,
    memoised_reader,
    not_a_move,
)

__all__ = ["NOTATION", "PLAIN_MOVES", "BataloNotation", "learn"]

# The general reader's patterns are compiled on first use (``re`` keeps them): most records only
# ever need _FAST, and each compiled pattern costs start-up time of every command.
_NAME_AT: Final = r"\s*(?:([A-Za-z][0-9]{1,2})|([A-Za-z]{2}))(?![0-9])"
_SEP_AT: Final = r"(?i)\s*(to|-|–|x|×)\s*"
_WORD_AT: Final = r"\s*([^\s\-–×]+)"
_SPOKEN: Final = (r"(?i)i['’]?m\s+moving\s+my\s+(\w+)\s+from\s+(?:space\s+)?(\S+)\s+to\s+(?:space\s+)?(\S+)"
                  r"((?:\s+to\s+(?:space\s+)?\S+)*)\s*$")
_SPOKEN_MORE: Final = r"(?i)\s+to\s+(?:space\s+)?(\S+)"
# One move in a run of move text (:meth:`BataloNotation.split`): the spoken form, or names joined
# by separators (a trailing separator kept, so that "IR to" reaches the reader, which says what is
# missing). Atomic groups and at most 31 parts: linear on any line (issue 9, item 14).
_ONE_MOVE: Final = (r"(?i:(?>i['’]?m[ \t]+moving[ \t]+my[ \t]+[a-z]+[ \t]+from[ \t]+(?:space[ \t]+)?"
                    r"[a-z]{1,2}[0-9]{0,2}(?:[ \t]+to[ \t]+(?:space[ \t]+)?[a-z]{1,2}[0-9]{0,2}){1,31})"
                    r"|(?>[a-z]{1,2}[0-9]{0,2}(?:[ \t]*(?:to|-|–|x|×)[ \t]*[a-z]{1,2}[0-9]{0,2}){0,31}"
                    r"(?:[ \t]*(?:to|-|–|x|×)(?![a-z0-9'’]))?))")
_ANNOUNCED: Final = frozenset({"averto"})
# The common run, split at once (the same spans as split_by with _ONE_MOVE, held to it by
# tests/games/test_batalo_fast_paths.py): "IR to HS", then "EV to DU", each maybe with "averto".
# A second move that starts with an x is left to _ONE_MOVE, which reads that x as a capture mark.
_RUN: Final = (r"([A-Za-z]{2} to [A-Za-z]{2})(?: (averto))?"
               r"(?: (?![xX])([A-Za-z]{2} to [A-Za-z]{2})(?: (averto))?)?[ \t]*")
_PIECE_WORDS: Final = {"stone": WHITE_STONE, "column": WHITE_COLUMN}


class _Written:
    """A move as read from text, before a position is known (a plain class: a dataclass costs
    start-up time, and nothing compares these)."""

    __slots__ = ("canonical", "capture", "move", "path", "piece", "start")

    def __init__(self, start: int, path: tuple[int, ...], capture: bool, piece: str | None,
                 canonical: str, move: Move) -> None:
        self.start = start
        self.path = path
        """Every landing space, the end last (one element for a plain move)."""
        self.capture = capture
        self.piece = piece
        """``"stone"`` or ``"column"`` when the spoken form named the piece."""
        self.canonical = canonical
        self.move = move
        """The move itself (moves are values, so one object serves every ply that writes it)."""


def _written(start: int, path: tuple[int, ...], capture: bool, piece: str | None) -> _Written:
    names = [space_name(s) for s in (start, *path)]
    text = " to ".join(names[:-1]) + (" x " if capture else " to ") + names[-1]
    move = Move(start, path[-1], path if len(path) > 1 else None)
    return _Written(start, path, capture, piece, text, move)


_FAST: Final = re.compile(r"([A-Za-z]{2})[ \t]*(?:to|TO|To|-)[ \t]*([A-Za-z]{2})")
_INDEX: Final = BOARD.index


def _read_fast(text: str) -> _Written | None:
    """``IR to HS`` and ``ir-hs``: the common spellings without the general reader."""
    m = _FAST.fullmatch(text)
    if m is None:
        return None
    a, b = _INDEX.get(m.group(1).upper()), _INDEX.get(m.group(2).upper())
    if a is None or b is None:
        return None
    return _written(a, (b,), False, None)


def _space(token: str, pbmserv_like: bool) -> int:
    """The space a written name means; ``MoveSyntaxError`` saying what is wrong with it."""
    if pbmserv_like:
        try:
            sp = from_pbmserv(token)
        except KeyError:
            raise MoveSyntaxError(f"{token} is not a space of the board (spaces have two-letter "
                                  "phone-chart names such as IR)") from None
        raise MoveSyntaxError(f"{token} looks like a pbmserv name; write it as {space_name(sp)}",
                              sp)
    try:
        return space(token)
    except KeyError:
        raise MoveSyntaxError(f"{token.upper()} is not a space of the board") from None


def _missing_destination(text: str, start: int) -> MoveSyntaxError:
    return MoveSyntaxError(f"the move {text.strip()!r} has no destination: write the starting "
                           "space and the ending space, like IR to HS", start)


def _longer_word(text: str, end: int) -> bool:
    """Whether the name read before ``end`` is the start of a longer word (``BA`` of ``banana``):
    letters follow it that start no separator (``to``, ``x``) and are no name (``IRHS`` is two
    names without their ``to``, which the reader then asks for)."""
    if end >= len(text) or not text[end].isalpha() or re.compile(_SEP_AT).match(text, end):
        return False
    after = re.compile(_NAME_AT).match(text, end)
    return after is None or (after.end() < len(text) and text[after.end()].isalpha())


_HOW: Final = "write the starting and the ending space's names, like IR to HS"


def _read_plain(text: str) -> _Written:
    spaces: list[int] = []
    seps: list[str] = []
    i, n = 0, len(text)
    while True:
        m = re.compile(_NAME_AT).match(text, i)
        if m is not None and _longer_word(text, m.end()):
            if not spaces:  # banana, hello: no move at all, whatever its first two letters
                raise not_a_move(text, "Batalo", _HOW)
            m = None
        if m is None:
            if text[i:].strip() == "":
                if spaces:
                    raise _missing_destination(text, spaces[0])
                raise MoveSyntaxError("an empty move")
            word = re.compile(_WORD_AT).match(text, i)
            bad = word.group(1) if word else text[i:].strip()
            raise MoveSyntaxError(f"{bad!r} is not a space of the board; spaces have two-letter "
                                  "phone-chart names such as IR", spaces[0] if spaces else None)
        try:
            spaces.append(_space(m.group(1) or m.group(2), m.group(1) is not None))
        except MoveSyntaxError as exc:
            if spaces:
                exc.start = spaces[0]
            raise
        i = m.end()
        if i >= n or text[i:].strip() == "":
            break
        s = re.compile(_SEP_AT).match(text, i)
        if s is None:
            word = re.compile(_WORD_AT).match(text, i)
            bad = word.group(1) if word else text[i:]
            raise MoveSyntaxError(f"expected 'to' between two spaces, found {bad!r}", spaces[0])
        seps.append(s.group(1).lower())
        i = s.end()
    if len(spaces) < 2:
        raise _missing_destination(text, spaces[0])
    capture = False
    for k, sep in enumerate(seps):
        if sep in ("x", "×"):
            if k != len(seps) - 1:
                raise MoveSyntaxError("'x' marks a capture, and only the last landing of a move "
                                      "can capture", spaces[0])
            capture = True
    return _written(spaces[0], tuple(spaces[1:]), capture, None)


def _read_spoken(m: re.Match[str]) -> _Written:
    word = m.group(1).lower()
    if word not in _PIECE_WORDS:
        raise MoveSyntaxError(f"the spoken form names the piece 'stone' or 'column', not {word!r}")
    names = [m.group(2), m.group(3), *re.findall(_SPOKEN_MORE, m.group(4) or "")]
    spaces = []
    for k, name in enumerate(names):
        try:
            spaces.append(_space(name, bool(re.fullmatch(r"[A-Za-z][0-9]{1,2}", name))))
        except MoveSyntaxError as exc:
            if k:
                exc.start = spaces[0]
            raise
    return _written(spaces[0], tuple(spaces[1:]), False, word)


def _parse(text: str) -> _Written:
    """The written move of ``text``: the fast plain form, else spoken or plain in full."""
    got = _read_fast(text)
    if got is None:
        if text.strip().lower() in _ANNOUNCED:
            raise MoveSyntaxError(f"'{text.strip()}' must follow a move")
        spoken = re.match(_SPOKEN, text.strip()) if text[:1] in "Ii" else None
        got = _read_spoken(spoken) if spoken else _read_plain(text)
    return got


_read = memoised_reader(_parse)
PLAIN_MOVES: Final[dict[str, Move]] = {}
"""The move of each text read that names no piece and marks no capture: its meaning does not
depend on the position, so ``read`` hands it out at once the next time (one look-up a ply)."""


class BataloNotation(NotationBase[Position, Move]):
    """The Batalo move notation (phone-chart names)."""

    example = "IR to HS"

    split = RunSplit(_RUN, _ONE_MOVE, _ANNOUNCED)
    """``"IR to HS averto EV to DU"`` → the two moves, the first with its ``averto``."""

    def normalize(self, text: str) -> str:
        """``"ir-hs"`` → ``"IR to HS"``; ``MoveSyntaxError`` if the text is not a move."""
        return _read(text).canonical

    def read(self, text: str, position: Position) -> Move:
        """The move ``text`` means in ``position`` (legality is the caller's business)."""
        move = PLAIN_MOVES.get(text)
        if move is not None:
            return move
        w = _read(text)
        if w.piece is None and not w.capture:
            if len(PLAIN_MOVES) > 8192:
                PLAIN_MOVES.clear()
            PLAIN_MOVES[text] = w.move
            return w.move
        board = position.board
        piece = board[w.start]
        end = w.path[-1]
        if w.piece is not None and piece * position.turn > 0 \
                and abs(piece) != _PIECE_WORDS[w.piece]:
            raise IllegalMoveError(f"the move names a {w.piece}, but the piece on "
                                   f"{space_name(w.start)} is a column" if w.piece == "stone"
                                   else f"the move names a column, but the piece on "
                                   f"{space_name(w.start)} is a stone")
        if w.capture and board[end] == EMPTY and piece * position.turn > 0:
            raise IllegalMoveError(f"'x' marks a capture, but {space_name(end)} is empty: "
                                   "nothing is captured")
        return w.move

    def format(self, move: Move, position: Position | None = None) -> str:
        """``"IR to HS"`` (with the landings when the move carries a hop path)."""
        return str(move)

    def pbmserv(self, move: Move | None) -> str:
        """``g5-g6``: the move in pbmserv's row-and-diagonal names (``""`` for ``None``)."""
        if move is None:
            return ""
        spaces = (move.start, *(move.path or (move.end,)))
        return "-".join(to_pbmserv(s) for s in spaces)


def learn(text: str) -> Move | None:
    """The move of ``text`` if it names no piece and marks no capture (then kept in
    :data:`PLAIN_MOVES` for :meth:`BataloNotation.read` and :func:`~pbmkit.games.batalo.play.play`,
    as ``read`` keeps it), else ``None``.

    The common spellings (``IR to HS``, ``ir-hs``) give their move at once, as :func:`_read_fast`
    would, without the written form's other fields (its canonical text is made only if asked)."""
    m = _FAST.fullmatch(text)
    a = b = None
    if m is not None:
        a, b = _INDEX.get(m.group(1).upper()), _INDEX.get(m.group(2).upper())
    if a is not None and b is not None:
        move = Move(a, b)
    else:
        try:
            w = _read(text)
        except MoveSyntaxError:
            return None
        if w.piece is not None or w.capture:
            return None
        move = w.move
    if len(PLAIN_MOVES) > 8192:
        PLAIN_MOVES.clear()
    PLAIN_MOVES[text] = move
    return move


NOTATION: Final = BataloNotation()
