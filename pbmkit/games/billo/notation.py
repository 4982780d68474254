"""How Billo moves are written: a piece letter, then the squares of the path (``docs/md``).

Accepted spellings of one move (any case, spaces optional round the letter and the separators):

* ``R c1-d2`` (a step), ``S c1-c2-d3`` (passing through own pieces), ``R c2xd3xe4`` (captures:
  ``x`` or ``×`` before each captured square, ``-`` or ``–`` before each square passed or stepped on);
* ``R+ d5-e6``: ``+`` after the letter names a Billo (an error when the piece is not one);
* ``c1-d2``: the letter left out when only one piece could make the move; when both pieces of a
  double could, the move is ambiguous and the error lists both;
* ``R c7-c8=B``: ``=B`` after a promotion (an error when the move does not promote);
* ``R c2-d3-e4`` for a capture: when no ``x`` is written at all, the squares alone say the move
  (as ``IR to HS`` may capture in Batalo); once one ``x`` is written, every capture must be marked.

The canonical form (written by :meth:`BilloNotation.format`) is the rules core's ``move_text``:
the letter, ``+`` for a Billo, one space, the path with ``x`` before each capture: ``R+ d5xe6``.
Without a position (:meth:`BilloNotation.normalize`, used by ``fmt``) the move is respelled as
written: letter (upper case) and ``+`` kept or left out as written, squares in lower case, ``=B``
kept.
"""


import re
from collections.abc import Iterator
from functools import cache
from typing import Final, NamedTuple

from pbmkit.games.base import AmbiguousMoveError, IllegalMoveError
from pbmkit.games.billo.check import matching_moves, why_not
from pbmkit.games.billo.rules import (
    BASIC,
    BILLO,
    ROUND,
    SHAPES,
    Move,
    Position,
    move_text,
    moving_piece,
    promotes,
    shape_state,
    space,
    space_name,
)
from pbmkit.games.billo.search import sorted_legal
from pbmkit.games.notation import (
    MoveSyntaxError,
    NotationBase,
    RunSplit,
    guarded,
    memoised_reader,
    not_a_move,
)

__all__ = ["LETTERED", "LETTERED_SIZE", "NOTATION", "AmbiguousMoveError", "BilloNotation", "quick_lettered"]


# Linear patterns (issue 9, item 14): no two quantifiers compete for one run of spaces (possessive
# \s*+ where a run could otherwise be split between two of them, or tried at each of its places).
# Compiled on first use (:func:`_patterns`): the writer's spelling is read by one pattern of its
# own (:func:`_quick_parse`), so a mailed move in that spelling compiles none of them.
_PATTERNS: Final = (r"(?:([RrSs])\s*+(\+)?)?\s*+(?=[A-Za-z][0-9])",  # the letter and the Billo mark
                    r"\s*([A-Za-z])([0-9]{1,2})",  # a square
                    r"\s*(-|–|x|X|×|to\b)\s*",  # a separator
                    r"=\s*+([A-Za-z])\s*+$")  # a promotion mark
# One move in a run of move text (:meth:`BilloNotation.split`): an optional piece letter (and +),
# then names joined by separators and an optional =B. Names are read loosely (one or two letters,
# digits) so that a mistyped move stays one move for the reader to explain; atomic, bounded: linear.
_ONE_MOVE: Final = (r"(?i:(?>(?:[rs]\+?[ \t]+|[rs]\+)?[a-z]{1,2}[0-9]{0,2}(?:[ \t]*(?:to|-|–|x|×)[ \t]*"
                    r"[a-z]{1,2}[0-9]{0,2}){0,31}(?:[ \t]*(?:to|-|–|x|×)(?![a-z0-9'’]))?"
                    r"(?:[ \t]*=[ \t]*[a-z](?![a-z0-9]))?))")
_EXAMPLE: Final = "R c1-d2"
# The common run, as the writer spells it ("R a1-a2 S+ b7-c6xd5"): split at once by RunSplit.
_QUICK_RUN: Final = (r"((?:[RS]\+? )?[a-h][1-8](?:[-x][a-h][1-8]){1,24})()"
                     r"(?: ((?:[RS]\+? )?[a-h][1-8](?:[-x][a-h][1-8]){1,24})())?[ \t]*")


@cache
def _patterns() -> tuple[re.Pattern[str], ...]:
    """The head, square, separator and promotion patterns of :data:`_PATTERNS`, compiled."""
    return tuple(re.compile(p) for p in _PATTERNS)


class _Written(NamedTuple):
    """A move as read from text, before a position is known."""

    piece: str | None
    """``"R"``, ``"S"`` or ``None`` when left out."""
    billo: bool
    """Whether ``+`` was written."""
    squares: tuple[int, ...]
    captures: tuple[int, ...] | None
    """The squares written with ``x`` before them; ``None`` when no ``x`` was written at all."""
    promotion: bool
    """Whether ``=B`` was written."""
    canonical: str
    move: Move
    """The move as written (the round piece when no letter is written; no captures when no
    ``x`` is written): what :meth:`BilloNotation.read` returns for a lettered move when the
    squares say nothing more."""


def _square(letter: str, digits: str, start: int | None) -> int:
    name = f"{letter.lower()}{digits}"
    try:
        return space(name)
    except KeyError:
        raise MoveSyntaxError(f"{name} is not a square of the board (files a-h, ranks 1-8)",
                              start) from None


_CANONICAL: re.Pattern[str] | str = r"([RS])(\+?) ([a-h][1-8](?:[-x][a-h][1-8]){1,63})"
"""A move as the writer spells it (compiled on first use): read by :func:`_quick_parse`."""


def _canonical_match(text: str) -> re.Match[str] | None:
    """The match of :data:`_CANONICAL` (compiled on first use) over the whole of ``text``."""
    global _CANONICAL
    pattern = _CANONICAL
    if isinstance(pattern, str):
        pattern = _CANONICAL = re.compile(pattern)
    return pattern.fullmatch(text)


def _quick_parse(text: str) -> _Written | None:
    """:func:`_plain_parse` of a move as the writer spells it (``R+ c2xd3-e4``), in one match
    and a slice per square; ``None`` for any other text."""
    m = _canonical_match(text)
    if m is None:
        return None
    path = m.group(3)
    squares = [(ord(path[k]) - 97) + 8 * (ord(path[k + 1]) - 49) for k in range(0, len(path), 3)]
    marks = path[2::3]
    captures = [sq for sq, mark in zip(squares[1:], marks, strict=True) if mark == "x"]
    piece, mark = m.group(1), m.group(2) == "+"
    return _Written(piece, mark, tuple(squares), tuple(captures) if "x" in marks else None, False,
                    text, Move.along(piece, squares, captures))


def _parse(text: str) -> _Written:
    """Read ``text`` without a position; ``MoveSyntaxError`` saying what is wrong."""
    return _quick_parse(text) or _plain_parse(text)


def _plain_parse(text: str) -> _Written:
    """:func:`_parse` by definition: every spelling a player may write."""
    head_pattern, square_pattern, sep_pattern, promo_pattern = _patterns()
    body = guarded(text, None, _EXAMPLE)
    promotion = False
    promo = promo_pattern.search(body)
    if promo is not None:
        if promo.group(1).upper() != "B":
            raise MoveSyntaxError(f"'={promo.group(1)}' is not a promotion mark: a piece that "
                                  "reaches the last rank becomes a Billo, written =B")
        promotion = True
        body = body[:promo.start()].rstrip()
        if not body.strip():
            raise MoveSyntaxError("'=B' follows a move that reaches the last rank, like R c7-c8=B")
    head = head_pattern.match(body)
    if head is None:
        word = body.split()[0]
        how = f"write the piece letter R or S (optional), then the squares, like {_EXAMPLE}"
        if len(word) > 1:  # a word, no piece letter: no move at all (banana)
            raise not_a_move(body, "Billo", how)
        raise MoveSyntaxError(f"{word!r} does not start a Billo move: {how}")
    piece = head.group(1).upper() if head.group(1) else None
    mark = head.group(2) is not None
    i = head.end()
    squares: list[int] = []
    captures: list[int] = []
    marked = False
    start: int | None = None
    while True:
        m = square_pattern.match(body, i)
        if m is None:
            rest = body[i:].strip()
            if not rest:
                break
            raise MoveSyntaxError(f"expected a square (like d2) in {text.strip()!r}, found "
                                  f"{rest.split()[0]!r}", start)
        sq = _square(m.group(1), m.group(2), start)
        if start is None:
            start = sq
        squares.append(sq)
        i = m.end()
        if not body[i:].strip():
            break
        s = sep_pattern.match(body, i)
        if s is None:
            raise MoveSyntaxError(f"expected '-' or 'x' between two squares in {text.strip()!r}, "
                                  f"found {body[i:].strip().split()[0]!r}", start)
        i = s.end()
        if s.group(1) in ("x", "X", "×"):
            marked = True
            n = square_pattern.match(body, i)
            if n is not None:
                captures.append(_square(n.group(1), n.group(2), start))
        if not body[i:].strip():
            raise MoveSyntaxError(f"the move {text.strip()!r} ends with a separator: name the "
                                  f"square after it, like {_EXAMPLE}", start)
    if len(squares) < 2:
        raise MoveSyntaxError(f"the move {text.strip()!r} has no destination: write the starting "
                              f"square and every square the piece enters, like {_EXAMPLE}", start)
    caps = set(captures)
    path = "".join(("x" if sq in caps else "-") + space_name(sq) for sq in squares[1:])
    letter = f"{piece}{'+' if mark else ''} " if piece else ""
    canonical = f"{letter}{space_name(squares[0])}{path}{'=B' if promotion else ''}"
    move = Move.along(piece or ROUND, squares, captures)
    return _Written(piece, mark, tuple(squares), tuple(captures) if marked else None, promotion,
                    canonical, move)


_read = memoised_reader(_parse)
LETTERED: Final[dict[str, tuple[Move, tuple[int, ...], bool, tuple[int, ...]]]] = {}
"""The moves read so far that name their piece letter and write no ``=B`` (most moves of a
record): :meth:`BilloNotation.read` finds them here at once, without :data:`_read`'s checks, as
the move as written, the squares where an opponent's piece is a capture the text implies (the
path when no ``x`` is written, else none), whether ``+`` is written, and the squares."""
LETTERED_SIZE: Final = 8192


_Lettered = tuple[Move, tuple[int, ...], bool, tuple[int, ...]]


def _lettered_entry(w: _Written) -> _Lettered:
    """The entry of :data:`LETTERED` for a move read with its letter and without ``=B``."""
    return (w.move, w.move.steps if w.captures is None else (), w.billo, w.squares)


_SQUARES: Final = {f"{file}{rank}": k + 8 * r for k, file in enumerate("abcdefgh")
                   for r, rank in enumerate("12345678")}
"""Square names as the writer spells them, to square numbers."""


def quick_lettered(text: str) -> _Lettered | None:
    """``_lettered_entry(_read(text))`` for a move as the writer spells it (``R c2-c3``,
    ``S+ d4xe5-f6``), read in one match; ``None`` for any other text. A record's first reading of
    each move text (about 7,000 in an archive of 80,000 plies) took ~7 µs through :func:`_read`."""
    m = _canonical_match(text)
    if m is None:
        return None
    piece, mark, path = m.groups()
    names = _SQUARES
    if len(path) == 5:  # one step: most moves
        start, end = names[path[:2]], names[path[3:]]
        squares: tuple[int, ...] = (start, end)
        steps: tuple[int, ...] = (end,)
        captures = steps if path[2] == "x" else ()
    else:
        squares = tuple([names[path[k:k + 2]] for k in range(0, len(path), 3)])
        start, steps = squares[0], squares[1:]
        if "x" in path:
            caught = {sq for sq, sep in zip(steps, path[2::3], strict=True) if sep == "x"}
            captures = tuple([sq for sq in steps if sq in caught])  # as Move.along
        else:
            captures = ()
    move = Move(piece, start, steps, captures)
    return (move, () if "x" in path else steps, mark == "+", squares)


def _fallback(position: Position, w: _Written) -> Move:
    """The move the text describes when no legal move matches, for the rules to explain."""
    start = w.squares[0]
    code = position.board[start]
    piece = w.piece
    if piece is None:
        shapes = [s for s in SHAPES if code * position.turn > 0 and shape_state(code, s)]
        if len(shapes) > 1:
            raise IllegalMoveError(why_not(position, w.squares, None, w.billo or None, w.captures),
                                   start)
        piece = shapes[0] if shapes else ROUND
    caps = w.captures if w.captures is not None else tuple(
        s for s in w.squares[1:] if position.board[s] * position.turn < 0)
    return Move.along(piece, w.squares, caps)


class BilloNotation(NotationBase[Position, Move]):
    """The Billo move notation (piece letter, Billo mark, squares joined by ``-`` and ``x``)."""

    example = _EXAMPLE

    split = RunSplit(_QUICK_RUN, _ONE_MOVE)
    """``"R c1-d2 c7-c6"`` → its two moves (a piece letter and spaces may open a move)."""

    def normalize(self, text: str) -> str:
        """``"rc1 - D2"`` → ``"R c1-d2"``; ``MoveSyntaxError`` if the text is not a move."""
        return _read(text).canonical

    def read(self, text: str, position: Position) -> Move:
        """The move ``text`` means in ``position``.

        A Billo move is resolved against the legal moves (the letter, the ``+`` and the capture
        marks may be left out): one match is the move; several raise :class:`AmbiguousMoveError`
        listing them; none give the move as written, for ``check_move`` to say why it is illegal.
        ``+`` on a piece that is not a Billo, and ``=B`` on a move that does not promote, are
        :class:`IllegalMoveError`.
        """
        lettered = LETTERED.get(text)
        if lettered is None:
            lettered = quick_lettered(text)  # the writer's spelling: most texts, read at once
            if lettered is None:
                w = _read(text)
                if w.piece is None or w.promotion:
                    return _unlettered(text, w, position)
                lettered = _lettered_entry(w)
            if len(LETTERED) >= LETTERED_SIZE:
                LETTERED.clear()
            LETTERED[text] = lettered
        # The letter is written: the move is the path as written (matching_moves would find it
        # or nothing, and _fallback then builds the same move), and check_move judges it.
        # (_lettered, inlined: the replayer reads every ply.)
        move, implied, plus, squares = lettered
        board, side = position.board, position.turn
        for s in implied:  # no x written: the opponent's pieces on the path are captured
            if board[s] * side < 0:
                move = Move.along(move.piece, squares, [s for s in implied if board[s] * side < 0])
                break
        if plus:
            start = move.start
            if board[start] * side > 0 and shape_state(board[start], move.piece) == \
                    BASIC:
                raise IllegalMoveError(f"'+' marks a Billo, but the {_word(move.piece)} piece on "
                                       f"{space_name(start)} is not a Billo", start)
        return move

    def format(self, move: Move, position: Position) -> str:
        """``"R c2xd3xe4"``, ``"R+ d5-e6"``: the canonical text of ``move`` in ``position``."""
        return move_text(position, move)

    def format_written(self, move: Move, position: Position, written: str) -> str:
        """The canonical text, with ``=B`` where the player wrote it on a promotion (issue 9,
        item 2: ``pbmkit move`` keeps a typed mark)."""
        text = move_text(position, move)
        try:
            marked = _read(written).promotion
        except MoveSyntaxError:
            return text
        return f"{text}=B" if marked and promotes(position, move) else text

    def sorted_listing(self, position: Position, start: int | None = None) -> Iterator[str]:
        """The legal moves' texts in sorted order, one at a time (:func:`~pbmkit.games.billo.
        search.sorted_legal`): ``pbmkit moves --json`` streams them."""
        for move in sorted_legal(position, start):
            yield move_text(position, move)


def _unlettered(text: str, w: _Written, position: Position) -> Move:
    """:meth:`BilloNotation.read` of a move without its letter, or with ``=B``: resolved against
    the legal moves."""
    start = w.squares[0]
    found = matching_moves(position, w.squares, w.piece, None, w.captures)
    if len(found) > 1:
        texts = tuple(sorted(move_text(position, m) for m in found))
        raise AmbiguousMoveError(
            f"the move {text.strip()!r} is ambiguous: it could be {' or '.join(texts)}; "
            "write the piece letter", start, texts)
    move = found[0] if found else _fallback(position, w)
    mover = moving_piece(position, move)
    if w.billo and mover == BASIC:
        raise IllegalMoveError(f"'+' marks a Billo, but the {_word(move.piece)} piece on "
                               f"{space_name(start)} is not a Billo", start)
    if w.promotion and found and not promotes(position, move):
        why = "it is already a Billo" if mover == BILLO else \
            "it does not reach its last rank"
        raise IllegalMoveError(f"'=B' marks a promotion, but the move does not promote: {why}", start)
    return move


def _word(piece: str) -> str:
    return "round" if piece == ROUND else "square"


NOTATION: Final = BilloNotation()
"""The Billo move notation, registered as ``billo``."""
