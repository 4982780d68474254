"""Batrakill's ``play(position, text)`` (:class:`~pbmkit.games.base.Plays`): a move read, checked
and applied in one pass, for ``pbmkit check``'s lean path (docs/performance.md, issue 22).

The notation's ``read``, :func:`~pbmkit.games.batrakill.check.check_move` and
:func:`~pbmkit.games.batrakill.rules.apply` each unpack the position, find the knight and ask
for the knights' squares again; here the three are one function for the moves of nearly every
ply: a knight's step outside any tower (``c2-c3``), the dragon's step (``D e4-e5``) and its
placement (``D@e5``). The squares a text names are kept per configuration (:attr:`Config.texts
<pbmkit.games.batrakill.rules.Config.texts>`), so a text is read once. Anything else (a jump, a
tower placed or passed, a knight carrying a tower or in one, an illegal move, a text that is no
move): ``None``, and the caller goes the long way, which answers and explains.
``tests/games/test_play.py`` and ``tests/games/test_batrakill_play.py`` hold it to the three.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from typing import Final

from pbmkit.games.batrakill import rules
from pbmkit.games.batrakill.notation import read_text
from pbmkit.games.batrakill.rules import (
    REVERSED,
    Config,
    Knight,
    Position,
    can_eat,
    dragon_stepped,
    knight_squares,
    knight_stepped,
)
from pbmkit.games.notation import MoveSyntaxError

__all__ = ["play"]

_tuple_new = tuple.__new__
_NOTHING: Final = (-1, -1, -2, -1)
"""What :func:`_learn` keeps for a text ``play`` never answers."""
_NORTH_REVERSED: Final = REVERSED["N"]
_RULES: Final = vars(rules)
"""The rules' globals: ``play`` sets their memo of the knights' squares (``_SQUARES``) as
:func:`~pbmkit.games.batrakill.rules.apply` does, without a call."""


def _learn(cfg: Config, text: str) -> tuple[int, int, int, int]:
    """What ``play`` needs of ``text`` on ``cfg``'s board, kept in ``cfg.texts``: ``(s, t, a,
    b)``, where ``s, t`` are a knight's step's squares (``s`` is ``-1`` when the text is no knight
    step) and ``a, b`` the dragon's step's squares (``a`` is ``-1`` for its placement on ``b``,
    ``-2`` when the text is neither). The meaning read here is the notation's ``read`` (a text
    with a ``D``, or with ``x``, is no knight's move; any step-shaped text is the dragon's move
    on its turn)."""
    texts = cfg.texts
    if len(texts) > 8192:
        texts.clear()
    entry = _NOTHING
    try:
        written = read_text(text)
    except MoveSyntaxError:
        written = None
    if written is not None:
        find = cfg.layout.board.find
        squares = [find(name) for name in written.squares]
        if None not in squares:
            path = [sq for sq in squares if sq is not None]
            if written.kind == "drop":
                entry = (-1, -1, -1, path[0])
            elif written.kind in ("step", "dragon") and len(path) == 2 and path[1] in cfg.near[path[0]]:
                knight = written.kind == "step"  # no D, and not written with x
                entry = (path[0] if knight else -1, path[1] if knight else -1, path[0], path[1])
    texts[text] = entry
    return entry


def play(position: Position, text: str) -> Position | None:
    """The position after the move ``text`` when it is a legal knight's step outside a tower, or
    a legal step or placement of the dragon; ``None`` otherwise (the long way decides)."""
    result: tuple[str, str] | None  # declared: mypyc infers None from the unpacking alone
    (cfg, knights, towers, broken, supply, dragon, round_, eaten, eaten_before, barred, to_move,
     result) = position
    if result is not None:
        return None
    entry = cfg.texts.get(text)
    if entry is None:
        entry = _learn(cfg, text)
    s, t, a, b = entry
    nxt = to_move + 1
    if nxt == len(cfg.order):
        nxt = 0
    if to_move == cfg.dragon_index:
        if a == -2:
            return None
        on = knight_squares(knights)
        if b in on or b in towers or b in broken:
            return None
        if a == -1:  # placed on a free square
            if dragon >= 0:
                return None
            return _tuple_new(Position, (cfg, knights, towers, broken, supply, b, round_, eaten,
                                         eaten_before, barred, nxt, result))
        if a != dragon or can_eat(position, on):
            return None
        after = _tuple_new(Position, (cfg, knights, towers, broken, supply, b, round_, eaten,
                                      eaten_before, barred, nxt, result))
        return dragon_stepped(after, cfg, knights, towers, broken, round_, eaten, eaten_before)
    if s < 0:
        return None
    # check_move's knight step outside a tower
    i = bisect_left(knights, (s,))
    if i == len(knights):
        return None
    k = knights[i]
    home = k.home
    facing = k.facing
    on = knight_squares(knights)
    if (k.square != s or k.carrying or s in towers or k.faction not in cfg.order[to_move]
            or t not in cfg.forward[facing][s] or t in on or t == dragon or t in broken
            or (barred and (home, t) in barred)):
        return None
    # apply's knight step
    layout = cfg.layout
    carrying = False
    if cfg.duel and round_ == 1:
        if t in layout.camp:
            facing = "N"  # rule 5: faces north again in its camp
        elif facing == "N" and t in layout.x_squares and supply > 0 and t not in towers:
            carrying, facing = True, _NORTH_REVERSED  # rule 5: takes a tower
            supply -= 1
    k = _tuple_new(Knight, (t, facing, k.faction, home, carrying))
    moved = list(knights)
    del moved[i]
    insort(moved, k)
    if barred:
        place = cfg.order[to_move]
        faction_of = {x.home: x.faction for x in moved}
        barred = frozenset(x for x in barred if faction_of.get(x[0], k.faction) not in place)
    new_knights = tuple(moved)
    squares = on.copy()
    squares.discard(s)
    squares.add(t)
    _RULES["_SQUARES"] = (new_knights, squares)  # for the next side's look, as apply does
    after = _tuple_new(Position, (cfg, new_knights, towers, broken, supply, dragon, round_, eaten,
                                  eaten_before, barred, nxt, result))
    return knight_stepped(after, k, t, squares)

