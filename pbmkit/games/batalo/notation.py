"""How Batalo moves are written: phone-chart names joined by ``to`` (record-format.md, "Moves").

Accepted spellings of one move: ``IR to HS``, ``IR-HS``, ``ir to hs``, ``IR x HS`` / ``IRxHS``
(an explicit capture), ``IR to GT to ET`` (a hop series with its landings) and the spoken form
``I'm moving my stone from space IR to space HS``. The canonical form is ``IR to HS`` (the landings
kept when written, `` x `` kept before the last space when a capture was written).
"""

from __future__ import annotations

import re
from typing import Final

from pbmkit.games import batalo
from pbmkit.games.base import IllegalMoveError
from pbmkit.games.batalo import rules as _rules
from pbmkit.games.batalo.rules import (
    BLACK_BASE,
    BLACK_COLUMN,
    BLACK_KEY,
    EMPTY,
    NEIGHBOUR_SETS,
    WHITE_BASE,
    WHITE_COLUMN,
    ZOBRIST,
    Move,
    Position,
    new_position,
    reaches,
    set_board,
    set_key,
    set_turn,
)
from pbmkit.games.notation import (
    MoveSyntaxError,
    NotationBase,
    RunSplit,
    memoised_reader,
    not_a_move,
)

__all__ = ["NOTATION", "BataloNotation", "play"]

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
_PIECE_WORDS: Final = {"stone": batalo.WHITE_STONE, "column": batalo.WHITE_COLUMN}


class _Written:
    """A move as read from text, before a position is known (a plain class: a dataclass costs
    start-up time, and nothing compares these)."""

    __slots__ = ("canonical", "capture", "move", "path", "piece", "start")

    def __init__(self, start: int, path: tuple[int, ...], capture: bool, piece: str | None,
                 canonical: str, move: batalo.Move) -> None:
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
    names = [batalo.space_name(s) for s in (start, *path)]
    text = " to ".join(names[:-1]) + (" x " if capture else " to ") + names[-1]
    move = batalo.Move(start, path[-1], path if len(path) > 1 else None)
    return _Written(start, path, capture, piece, text, move)


_FAST: Final = re.compile(r"([A-Za-z]{2})[ \t]*(?:to|TO|To|-)[ \t]*([A-Za-z]{2})")
_INDEX: Final = batalo.BOARD.index


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
            sp = batalo.from_pbmserv(token)
        except KeyError:
            raise MoveSyntaxError(f"{token} is not a space of the board (spaces have two-letter "
                                  "phone-chart names such as IR)") from None
        raise MoveSyntaxError(f"{token} looks like a pbmserv name; write it as {batalo.space_name(sp)}",
                              sp)
    try:
        return batalo.space(token)
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
_PLAIN_MOVES: Final[dict[str, batalo.Move]] = {}
"""The move of each text read that names no piece and marks no capture: its meaning does not
depend on the position, so ``read`` hands it out at once the next time (one look-up a ply)."""


# The rules' own names, not ``batalo.Position``: compiled (mypyc), the package bound by
# ``from pbmkit.games import batalo`` reads as None in a class's bases.
class BataloNotation(NotationBase[Position, Move]):
    """The Batalo move notation (phone-chart names)."""

    example = "IR to HS"

    split = RunSplit(_RUN, _ONE_MOVE, _ANNOUNCED)
    """``"IR to HS averto EV to DU"`` → the two moves, the first with its ``averto``."""

    def normalize(self, text: str) -> str:
        """``"ir-hs"`` → ``"IR to HS"``; ``MoveSyntaxError`` if the text is not a move."""
        return _read(text).canonical

    def read(self, text: str, position: batalo.Position) -> batalo.Move:
        """The move ``text`` means in ``position`` (legality is the caller's business)."""
        move = _PLAIN_MOVES.get(text)
        if move is not None:
            return move
        w = _read(text)
        if w.piece is None and not w.capture:
            if len(_PLAIN_MOVES) > 8192:
                _PLAIN_MOVES.clear()
            _PLAIN_MOVES[text] = w.move
            return w.move
        board = position.board
        piece = board[w.start]
        end = w.path[-1]
        if w.piece is not None and piece * position.turn > 0 \
                and abs(piece) != _PIECE_WORDS[w.piece]:
            raise IllegalMoveError(f"the move names a {w.piece}, but the piece on "
                                   f"{batalo.space_name(w.start)} is a column" if w.piece == "stone"
                                   else f"the move names a column, but the piece on "
                                   f"{batalo.space_name(w.start)} is a stone")
        if w.capture and board[end] == batalo.EMPTY and piece * position.turn > 0:
            raise IllegalMoveError(f"'x' marks a capture, but {batalo.space_name(end)} is empty: "
                                   "nothing is captured")
        return w.move

    def format(self, move: batalo.Move, position: batalo.Position | None = None) -> str:
        """``"IR to HS"`` (with the landings when the move carries a hop path)."""
        return str(move)

    def pbmserv(self, move: batalo.Move | None) -> str:
        """``g5-g6``: the move in pbmserv's row-and-diagonal names (``""`` for ``None``)."""
        if move is None:
            return ""
        spaces = (move.start, *(move.path or (move.end,)))
        return "-".join(batalo.to_pbmserv(s) for s in spaces)


_OWN_BASE: Final = {1: WHITE_BASE, -1: BLACK_BASE}


def _learn(text: str) -> Move | None:
    """The move of ``text`` if it names no piece and marks no capture (then kept for
    :meth:`BataloNotation.read` and :func:`play`, as ``read`` keeps it), else ``None``.

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
    if len(_PLAIN_MOVES) > 8192:
        _PLAIN_MOVES.clear()
    _PLAIN_MOVES[text] = move
    return move


def play(position: Position, text: str) -> Position | None:
    """The position after the move ``text`` when it is a legal move written without a capture
    mark or the landings of a hop series (nearly every ply of a record: a text met for the first
    time is read here and kept, as ``read`` keeps it); ``None`` otherwise, for the caller to read,
    check and apply it the long way (:class:`~pbmkit.games.base.Plays`).

    :meth:`BataloNotation.read`'s memo, :func:`~pbmkit.games.batalo.check.check_move`'s fast
    path and :func:`~pbmkit.games.batalo.rules.apply` in one call (``tests/games/test_play.py``
    holds it to the three). The position it gives is remembered with the spaces of both columns
    (:data:`~pbmkit.games.batalo.rules.COLUMNS`), carried from the position before where known,
    so that neither this function on the next ply (for the opponent's pieces) nor
    :func:`~pbmkit.games.batalo.rules.threats` (the averto words) scans the board.
    """
    move = _PLAIN_MOVES.get(text)
    if move is None:  # a text met for the first time: learnt here as read learns it
        move = _learn(text)
    if move is None or move.path is not None:
        return None
    board, side = position.board, position.turn
    start, end = move.start, move.end
    p, q = board[start], board[end]
    # check_move's fast path: the mover's piece, a game not over (the mover has a piece, so only
    # the opponent's are looked for: not in the position this function or apply gave last, where
    # the opponent has just moved a piece), then a step to a neighbouring empty space (not a stone
    # onto its own base) or a piece that reaches the end space.
    if p * side <= 0 or board[BLACK_BASE] > 0 or board[WHITE_BASE] < 0:
        return None
    last, white, black = _rules.COLUMNS
    if position is not last:
        if not (-side in board or -2 * side in board):
            return None
        white = black = -2  # not known: threats looks for them if asked
    if not ((q == EMPTY and end in NEIGHBOUR_SETS[start] and (end != _OWN_BASE[side] or p == 2 * side))
            or reaches(board, start, end, side)):
        return None
    if q == WHITE_COLUMN:  # captured (only a column captures)
        white = -1
    elif q == BLACK_COLUMN:
        black = -1
    if p == WHITE_COLUMN:
        white = end
    elif p == BLACK_COLUMN:
        black = end
    new = list(board)
    new[end] = p
    new[start] = EMPTY
    after = new_position(Position)
    set_board(after, tuple(new))
    set_turn(after, -side)
    key = position._key
    if key is not None:
        z_end = ZOBRIST[end]
        key ^= ZOBRIST[start][p] ^ z_end[p] ^ z_end[q] ^ BLACK_KEY
    set_key(after, key)
    _rules.COLUMNS = (after, white, black)
    return after


NOTATION: Final = BataloNotation()
