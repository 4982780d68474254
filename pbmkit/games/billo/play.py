"""Billo's ``play(position, text)`` (:class:`~pbmkit.games.base.Plays`): a move read, checked
and applied in one call, for ``pbmkit check``'s lean path (docs/performance.md, ``docs/billo.md``
"Speed").

The reader's memo (:data:`~pbmkit.games.billo.notation.LETTERED`), the one-step path of
:func:`~pbmkit.games.billo.check.check_move` and :func:`~pbmkit.games.billo.rules.apply`'s quiet
move, inlined; a capture, a pass or a promotion judged as ``check_move`` judges it.
``tests/games/test_play.py`` holds it to the three.
"""

from __future__ import annotations

from pbmkit.games.billo.notation import LETTERED, LETTERED_SIZE, quick_lettered
from pbmkit.games.billo.rules import (
    BASIC,
    BILLO,
    P_KNOWN,
    PNOT_A,
    PNOT_H,
    PROMOTES,
    ROUND,
    YELLOW,
    Move,
    Position,
    apply,
    quiet_masks,
)
from pbmkit.games.billo.search import FORWARD_BITS, KING_BITS, NO_KEY, masks_can_capture, path_key, search_key

__all__ = ["play"]


def play(position: Position, text: str) -> Position | None:
    """The position after the move ``text`` when it is legal and written as the writer spells it
    (a text never read is learnt here, as :meth:`BilloNotation.read` learns it); ``None``
    otherwise, for the caller to read, check and apply it the long way
    (:class:`~pbmkit.games.base.Plays`). A step of one square that captures nothing and does not
    promote (five plies in six of a record) is judged below; a capture, a pass through own pieces
    or a promotion by :func:`_play_path`.

    One call instead of three, each deciding again what the others found: :meth:`BilloNotation.
    read`'s memo entry, :func:`~pbmkit.games.billo.check.check_move`'s one-step path and
    :func:`~pbmkit.games.billo.rules.apply`'s quiet move, inlined here as they are written there
    (``tests/games/test_play.py`` holds the three to it).
    """
    lettered = LETTERED.get(text)
    if lettered is None:  # a first reading: learnt here as the reader would learn it
        lettered = quick_lettered(text)
        if lettered is None:
            return None
        if len(LETTERED) >= LETTERED_SIZE:
            LETTERED.clear()
        LETTERED[text] = lettered
    move, _implied, plus, _squares = lettered
    steps = move.steps
    if len(steps) != 1 or move.captures:
        return _play_path(position, move, plus)
    m = position._masks
    if m is None or not m[P_KNOWN]:
        return None  # whether the game is over: the long way asks, and the masks then carry it
    old, side, start, end = position.board, position.turn, move.start, steps[0]
    # read: no x written, so an opponent's piece on the end square would be a capture (the long
    # way); '+' on a basic piece is the reader's error. check_move: the piece is there and may
    # step there, onto an empty square or an own free piece of the other shape.
    code, to = old[start] * side, old[end] * side
    if move.piece == ROUND:
        state = 0 if code <= 0 or not (to == 0 or to == 3 or to == 6) else code % 3
        left = side * (code - state)
        unit = side
    else:
        state = 0 if code <= 0 or not (to == 0 or to == 1 or to == 2) else code // 3
        left = side * (code % 3)
        unit = 3 * side
    if not state or (plus and state == BASIC) or \
            not (KING_BITS if state == BILLO else FORWARD_BITS[side])[start] >> end & 1:
        return None
    if state == BASIC and PROMOTES[side][end]:
        return _play_path(position, move, plus)  # a promotion: not quiet
    # check_move: nothing can capture (capture is mandatory), asked of the packed masks as there.
    if side == YELLOW:
        basic, billos, passable, prey, prey_basic = m[0], m[1], m[2], m[6], m[7]
        x = basic | passable
        if (x << 8 | (x & PNOT_H) << 9 | (x & PNOT_A) << 7) & prey_basic:
            x = basic
            while x:
                f = x << 8 | (x & PNOT_H) << 9 | (x & PNOT_A) << 7
                if f & prey_basic:
                    return None
                x = f & passable
    else:
        basic, billos, passable, prey, prey_basic = m[4], m[5], m[6], m[2], m[3]
        x = basic | passable
        if (x >> 8 | (x & PNOT_A) >> 9 | (x & PNOT_H) >> 7) & prey_basic:
            x = basic
            while x:
                f = x >> 8 | (x & PNOT_A) >> 9 | (x & PNOT_H) >> 7
                if f & prey_basic:
                    return None
                x = f & passable
    if billos:
        x = billos | passable
        x |= (x & PNOT_H) << 1 | (x & PNOT_A) >> 1
        if (x | x << 8 | x >> 8) & prey:
            x = seen = billos
            while x:
                f = x | (x & PNOT_H) << 1 | (x & PNOT_A) >> 1
                f |= f << 8 | f >> 8
                if f & prey:
                    return None
                x = f & passable & ~seen
                seen |= x
    # apply, a quiet move: the start and the end change, the masks of those two squares flip.
    board = list(old)
    board[start] = left
    board[end] += unit * state
    new = tuple(board)
    after = Position(new, -side, position.quiet + 1)
    after._masks = quiet_masks(m, old, new, start, end)
    return after


def _play_path(position: Position, move: Move, plus: bool) -> Position | None:
    """:func:`play` of a move that captures or passes through own pieces (a capture ply: one in
    five of a record), as the writer spells it: the move as written, judged as
    :func:`~pbmkit.games.billo.check.check_move` judges it (its path's key, then "does any move
    beat it?") and applied; ``None`` wherever the long way would read it otherwise (no ``x``
    written where an opponent's piece stands: :func:`path_key` refuses the path) or refuse it."""
    m = position._masks
    if m is None or not m[P_KNOWN]:
        return None  # whether the game is over: the long way asks
    if plus:  # '+' on a basic piece is the reader's error
        code = position.board[move.start] * position.turn
        if code > 0 and (code % 3 if move.piece == ROUND else code // 3) == BASIC:
            return None
    key = path_key(position, move)
    if key is None:
        return None
    if key == NO_KEY:
        if masks_can_capture(m, position.turn == YELLOW):
            return None
    elif search_key(position, key, True) > key:
        return None
    return apply(position, move)
