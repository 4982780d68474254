"""Checking one Baladãna turn: ``None`` when legal, else the reason in players' words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pbmkit.games.baladana.rules import (
    CHECKED,
    EMPTY,
    GOLD,
    LEAP_SETS,
    LINES,
    MAX_RINGS,
    NEIGHBOURS,
    SIDE_LETTERS,
    SIDE_NAMES,
    WITH_RINGS,
    Move,
    Position,
    after_ring_move,
    can_capture_at,
    gold_after,
    golden_end,
    is_figure,
    line_between,
    owner_of,
    reaches,
    rings_of,
    space_name,
    tax_choices,
    terminal,
    with_ring,
)
from pbmkit.games.base import IllegalMoveError

__all__ = ["RING_WORDS", "check_move", "describe_cell", "move_or_raise", "turn_after", "why_illegal"]

RING_WORDS: Final = {"R": "red", "G": "green", "B": "blue", "Y": "golden"}


def describe_cell(cell: str) -> str:
    """``"a white figure carrying R+B"``, ``"a free golden ring (Black's)"``, ``"nothing"``."""
    if not cell:
        return "nothing"
    if is_figure(cell):
        side = SIDE_NAMES[SIDE_LETTERS.index(cell[0])]
        rings = "+".join(cell[1:])
        return f"a {side} figure carrying {rings}" if rings else f"a {side} figure without rings"
    who = owner_of(cell)
    whose = f" ({SIDE_NAMES[who].capitalize()}'s)" if who is not None else ""
    return f"a free {RING_WORDS[cell[0]]} ring{whose}"


def _ring_reason(position: Position, ring: tuple[str, int, int]) -> str | None:
    colour, a, b = ring
    cells = position.cells
    me = SIDE_LETTERS[position.turn]
    src, dst = cells[a], cells[b]
    word = RING_WORDS.get(colour, colour)
    where = space_name(a)
    if a == b:
        return f"a ring move goes to another square, not back to {where}"
    if b not in NEIGHBOURS[a]:
        return (f"a ring moves one square, to one of the 8 squares around it: {space_name(b)} is "
                f"not next to {where}")
    if not src:
        return f"there is no ring on {where}"
    if is_figure(src):
        if src[0] != me:
            return (f"the figure on {where} is your opponent's: no ring is moved off an "
                    "opponent's figure")
        if colour not in src[1:]:
            return f"the figure on {where} carries no {word} ring ({describe_cell(src)})"
        if not dst:
            return None
        if not is_figure(dst):
            return (f"{space_name(b)} holds {describe_cell(dst)}: a ring goes onto one of your "
                    "figures or an empty square")
    else:
        if src[0] != colour:
            return f"the free ring on {where} is {RING_WORDS[src[0]]}, not {word}"
        if colour == GOLD and src[1:] != me:
            return f"the golden ring on {where} is your opponent's: only its owner moves a golden ring"
        if not dst:
            return "a free ring never moves to another square: only a figure of yours picks it up"
        if not is_figure(dst):
            return f"{space_name(b)} holds {describe_cell(dst)}: a free ring goes onto one of your figures"
    if dst[0] != me:
        return (f"the figure on {space_name(b)} is your opponent's: no ring is moved onto an "
                "opponent's figure")
    if len(dst) - 1 >= MAX_RINGS:
        return f"the figure on {space_name(b)} already carries {MAX_RINGS} rings, the most a figure carries"
    return None


def _figure_reason(position: Position, cells: Sequence[str], gold: tuple[int, ...], move: Move
                   ) -> str | None:
    me = SIDE_LETTERS[position.turn]
    a, b = move.start, move.end
    src, dst = cells[a], cells[b]
    if src[:1] != me:
        return (f"{space_name(a)} holds {describe_cell(src)}, not one of your figures"
                + (" (after the ring move)" if move.ring else ""))
    if not set(src[1:]) - {GOLD}:
        why = "golden rings give no power" if src[1:] else "a figure without rings cannot move"
        return f"the figure on {space_name(a)} cannot move: {why}"
    if dst and not is_figure(dst):
        return f"a figure never lands on a free ring ({describe_cell(dst)} on {space_name(b)})"
    if dst[:1] == me:
        return f"a figure never lands on a figure of its own colour ({space_name(b)})"
    if reaches(cells, a, b):
        if dst and not can_capture_at(cells, gold, me):
            return ("you may capture only while both your golden rings are on one and the same "
                    "figure of yours")
        return None
    powers = "+".join(c for c in src[1:] if c != GOLD)
    return (f"the figure on {space_name(a)} (powers {powers}) cannot reach {space_name(b)}: "
            "its rings do not give that move, or a figure or free ring stands in the way")


def _spoils_reason(cells: Sequence[str], move: Move) -> str | None:
    captured = cells[move.end]
    if not captured:
        if move.tax is not None or move.loot:
            return "tax and loot follow a capture only"
        return None
    choices = tax_choices(captured)
    rings = captured[1:]
    where = space_name(move.end)
    if move.tax is None and choices:
        options = " or ".join(f"tax {c}" for c in choices)
        return (f"capturing the figure on {where} (carrying {'+'.join(rings)}) needs a tax: "
                f"one of its rings leaves the game; write {options}")
    if move.tax is not None:
        if not rings:
            return f"the figure on {where} carried no ring: there is nothing to tax"
        if GOLD in rings:
            return (f"the figure on {where} carried golden rings: they are the tax, write no "
                    "tax letter")
        if move.tax not in choices:
            return f"the figure on {where} carried no {RING_WORDS.get(move.tax, move.tax)} ring to tax"
    remaining = list(rings.replace(GOLD, ""))
    if move.tax is not None:
        remaining.remove(move.tax)
    after = list(cells)
    after[move.end] = cells[move.start]
    after[move.start] = ""
    for colour, sq in move.loot:
        if colour == GOLD:
            return "loot is never golden: the golden rings are the tax"
        if colour not in remaining:
            left = "+".join(remaining) or "none"
            return (f"the captured figure left no {RING_WORDS.get(colour, colour)} ring to loot "
                    f"(rings left after the tax: {left})")
        remaining.remove(colour)
        c = after[sq]
        if not c:
            after[sq] = colour
        elif not is_figure(c):
            return f"loot goes on a figure or an empty square, not on {describe_cell(c)} ({space_name(sq)})"
        elif len(c) - 1 >= MAX_RINGS:
            return f"the figure on {space_name(sq)} already carries {MAX_RINGS} rings"
        else:
            after[sq] = c + colour
    return None


def check_move(position: Position, move: Move) -> str | None:
    """``None`` if ``move`` is a legal turn in ``position``, else why not in players' words.

    The written turn is checked directly, without listing the legal turns (:func:`turn_after`).
    A legal turn without loot is accepted there, and the position after it made and left in
    ``rules.CHECKED`` for :func:`~pbmkit.games.baladana.rules.apply`; any other turn is judged
    by :func:`why_illegal`, which gives the reason (held to each other and to the legal turns by
    ``tests/games/test_baladana_fast_paths.py``)."""
    start, end, ring, tax, loot = move
    if loot or (start | end) & -64:  # -64: any bit beyond 0..63, or a negative square
        return why_illegal(position, move)
    if ring is not None and (ring[0] not in RING_WORDS or ring[1] & -64):
        return why_illegal(position, move)
    after = turn_after(position, start, end, ring, tax)
    if after is None:
        return why_illegal(position, move)
    CHECKED[0] = (position, move, after)
    return None


def turn_after(position: Position, start: int, end: int, ring: tuple[str, int, int] | None,
               tax: str | None) -> Position | None:
    """The position after the turn ``[ring] start-end [tax]`` (no loot) when it is legal, else
    ``None``; the squares ``start``, ``end`` and the ring's first are on the board and its colour
    is one of ``RGBY`` (the caller made sure).

    The ring move's two squares, the figure's line by its powers after the ring move (as
    :func:`reaches`), and rule 5, the end of the game and the right to capture from the few
    squares holding golden rings (``Position.gold``), the tax against the captured figure's
    rings; then the position after it, made from the squares after the ring move."""
    cells, turn, gold = position.cells, position.turn, position.gold
    if position.over:
        return None
    me = SIDE_LETTERS[turn]
    after: Sequence[str] = cells
    new: list[str] | None = None
    if ring is not None:
        colour, a, b = ring
        if b not in _AROUND[a]:
            return None
        src, dst = cells[a], cells[b]
        if src[:1] == me:
            if colour not in src:
                return None
            left = src.replace(colour, "", 1)
        elif src[:1] == colour and (colour != GOLD or src[1:] == me) and dst:
            left = EMPTY
        else:
            return None
        if dst:
            if dst[0] != me or len(dst) > MAX_RINGS:
                return None
            put = WITH_RINGS.get(dst + colour) or with_ring(dst, colour)
        else:
            put = colour + me if colour == GOLD else colour
        after = new = list(cells)
        new[a] = left
        new[b] = put
        if colour == GOLD:
            gold = gold_after(gold, after, (a, b))
            # Rule 5: a golden ring on one of the mover's figures. Only moving a golden ring can
            # break it (the game not being over, the mover had one on a figure).
            for sq in gold:
                if after[sq][0] == me:
                    break
            else:
                return None
    mover = after[start]
    target = after[end]
    if mover[:1] != me:
        return None
    # The figure's powers and line (reaches, without a call).
    powers = _POWERS.get(mover) or _powers(mover)
    if powers == _LEAPER:
        if end not in LEAP_SETS[start]:
            return None
    else:
        diagonal, between = LINES.get(64 * start + end) or line_between(start, end)
        if diagonal is None or not powers & (_DIAGONAL if diagonal else _STRAIGHT) or (
                between and not powers & _FAR):
            return None
        for t in between:
            if after[t]:
                return None
    # Legal but for a capture's right and its tax.
    gold_taken = False
    if not target:
        if tax is not None:
            return None
    elif target[0] == SIDE_LETTERS[1 - turn] and can_capture_at(after, gold, me):
        rings = target[1:]
        if (tax is None) != (not rings or GOLD in rings) or (tax is not None and tax not in rings):
            return None
        gold_taken = GOLD in rings
    else:
        return None
    # The position after the turn, from the squares after the ring move.
    if new is None:
        new = list(cells)
    new[end] = mover
    new[start] = EMPTY
    if gold_taken or GOLD in mover:
        gold = gold_after(gold, new, (start, end))
    # Unless golden rings are captured none leaves the game, and rule 5 holds: the game goes on.
    return Position(tuple(new), 1 - turn, gold, golden_end(new, gold) if gold_taken else False)


_AROUND: Final = tuple(frozenset(n) for n in NEIGHBOURS)
_STRAIGHT: Final = 1
_DIAGONAL: Final = 2
_FAR: Final = 4
_LEAPER: Final = _FAR
"""The blue ring alone: the knight's leap."""


def _powers(cell: str) -> int:
    """Whether the figure ``cell`` moves straight, moves diagonally, moves far, as the bits
    :data:`_STRAIGHT`, :data:`_DIAGONAL`, :data:`_FAR` (:data:`_LEAPER` for the blue ring alone:
    an integer, not a tuple, which compiled code would box anew and compare by identity in vain).
    Kept in :data:`_POWERS` (a figure's cell is one of ~100 strings); ``0``, no power, is worked
    out again each time (a figure that cannot move)."""
    rings = cell[1:]
    got = (_STRAIGHT if "G" in rings else 0) | (_DIAGONAL if "R" in rings else 0) | (
        _FAR if "B" in rings else 0)
    _POWERS[cell] = got
    return got


_POWERS: Final[dict[str, int]] = {}


def why_illegal(position: Position, move: Move) -> str | None:
    """``None`` if ``move`` is a legal turn in ``position``, else why not in players' words: each
    rule in turn, the first broken one named (:func:`check_move` without its shortcut)."""
    done = terminal(position)
    if done is not None:
        return "the game is over"
    if not (0 <= move.start < 64 and 0 <= move.end < 64):
        return "a square off the board"
    if move.ring is not None:
        colour, a, b = move.ring
        if colour not in RING_WORDS or not (0 <= a < 64 and 0 <= b < 64):
            return "a ring move names a ring letter R, G, B or Y and two squares"
        why = _ring_reason(position, move.ring)
        if why:
            return why
    # The squares after the ring move, and those holding golden rings then (rule 5 and the right
    # to capture are judged from those: at most four squares).
    cells: Sequence[str] = position.cells
    gold = position.gold
    if move.ring is not None:
        cells = after_ring_move(position, move.ring)
        if move.ring[0] == GOLD:
            gold = gold_after(gold, cells, (move.ring[1], move.ring[2]))
    me = SIDE_LETTERS[position.turn]
    if not any(cells[sq][0] == me for sq in gold):
        return ("after your turn you must still have a golden ring on one of your figures "
                "(rule 5)")
    if move.start == move.end:
        return "a figure move goes to another square"
    why = _figure_reason(position, cells, gold, move)
    if why:
        return why
    for colour, sq in move.loot:
        if not 0 <= sq < 64 or colour not in RING_WORDS:
            return "a loot item names a ring letter and a square"
    return _spoils_reason(cells, move)


def move_or_raise(position: Position, move: Move) -> Move:
    """``move`` if legal, else :class:`IllegalMoveError` with the reason."""
    why = check_move(position, move)
    if why is not None:
        raise IllegalMoveError(why)
    return move


def rings_text(cell: str) -> str:
    """The rings of a figure joined by ``+`` (``"R+B"``), ``"no ring"`` when bare."""
    return "+".join(rings_of(cell)) or "no ring"
