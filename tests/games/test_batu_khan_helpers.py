"""Small helpers shared by the Batu Khan tests: positions from diagrams, actions from canonical text.

The action reader here is deliberately tiny (the canonical ``B@c1`` / ``Y b2xc3`` forms only); the
real notation is the game's notation module. A test here checks the helper itself.
"""

from __future__ import annotations

import re

from pbmkit.games.batu_khan import Move, Position, check, rules, setup
from pbmkit.games.batu_khan.rules import NORTH, SOUTH

__all__ = ["NORTH", "SOUTH", "mv", "play", "pos", "reason", "sq", "texts"]

_MOVE_RE = re.compile(r"^([BYKWX])(?:@([a-z][0-9]+)| ([a-z][0-9]+)([-x])([a-z][0-9]+))$")


def pos(text: str, turn: int = SOUTH, out: str = "") -> Position:
    """A position from a diagram (last rank on top; South upper case, North lower case).

    Pieces not drawn are in hand, except those in ``out`` (``"Yx"``: South's yellow stone knocked
    out, North's blockade gone).
    """
    return setup.from_diagram(text, turn, out)


def mv(text: str) -> Move:
    """An action from canonical text: ``B@c1``, ``X@d3``, ``B c1-c3``, ``Y b2xc3``."""
    m = _MOVE_RE.match(text.strip())
    assert m, f"bad test move {text!r}"
    if m.group(2):
        return Move.lay(m.group(1), m.group(2))
    return Move.step(m.group(1), m.group(3), m.group(5), m.group(4) == "x")


def sq(position: Position, name: str) -> int:
    """The square number of ``name`` on ``position``'s board."""
    found = position.geometry.find(name)
    assert found is not None, name
    return found


def texts(position: Position, start: str | None = None) -> set[str]:
    """The canonical texts of the legal actions (only moves from ``start`` if given)."""
    return {str(m) for m in rules.legal_moves(position) if start is None or m.start == start}


def play(position: Position, *actions: str) -> Position:
    """The position after the legal actions ``actions`` (the test fails if one is illegal)."""
    for text in actions:
        move = mv(text)
        why = check.check_move(position, move)
        assert why is None, f"{text}: {why}"
        assert move in rules.legal_moves(position), text
        position = rules.apply(position, move)
    return position


def reason(position: Position, text: str) -> str:
    """Why ``text`` is illegal (the test fails if it is legal or if the generator disagrees)."""
    move = mv(text)
    why = check.check_move(position, move)
    assert why is not None, f"{text} is legal"
    assert move not in rules.legal_moves(position)
    return why


def test_helper_reads_canonical_action_text() -> None:
    assert mv("B@c1") == Move("B", None, "c1")
    assert mv("X@d3") == Move("X", None, "d3")
    assert mv("B c1-c3") == Move("B", "c1", "c3", False)
    assert mv("Y b2xc3") == Move("Y", "b2", "c3", True)
    for text in ("B@c1", "X@d3", "B c1-c3", "Y b2xc3"):
        assert str(mv(text)) == text
