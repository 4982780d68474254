"""Small helpers shared by the Billo tests: positions from diagrams, moves from canonical text.

The move reader here is deliberately tiny (the canonical ``R c2xd3-e4`` form only); the real
notation lives in pbmkit.records. A test here checks the helper itself.
"""

from __future__ import annotations

import re

from pbmkit.games.billo import Move, Position, check, rules, setup
from pbmkit.games.billo.rules import YELLOW

_MOVE_RE = re.compile(r"^([RS])\+?\s*([a-h][1-8])((?:[-x][a-h][1-8])+)$")


def pos(text: str, turn: int = YELLOW, quiet: int = 0) -> Position:
    """A position from an 8-row diagram (rank 8 on top)."""
    return setup.from_diagram(text, turn, quiet)


def mv(text: str) -> Move:
    """A move from canonical text: ``R c2xd3-e4`` (``x`` before captured squares)."""
    m = _MOVE_RE.match(text.strip())
    assert m, f"bad test move {text!r}"
    steps, caps = [], []
    for sep, name in re.findall(r"([-x])([a-h][1-8])", m.group(3)):
        steps.append(rules.space(name))
        if sep == "x":
            caps.append(rules.space(name))
    return Move(m.group(1), rules.space(m.group(2)), tuple(steps), tuple(caps))


def texts(position: Position, start: str | None = None) -> set[str]:
    """The canonical texts of the legal moves (only those starting on ``start`` if given)."""
    out = set()
    for m in rules.legal_moves(position):
        if start is None or rules.space_name(m.start) == start:
            out.add(rules.move_text(position, m))
    return out


def play(position: Position, text: str) -> Position:
    """The position after the legal move ``text`` (the test fails if it is illegal)."""
    move = mv(text)
    assert check.check_move(position, move) is None, check.check_move(position, move)
    return rules.apply(position, move)


def reason(position: Position, text: str) -> str:
    """Why ``text`` is illegal (the test fails if it is legal)."""
    why = check.check_move(position, mv(text))
    assert why is not None, f"{text} is legal"
    return why


def test_helper_reads_canonical_move_text() -> None:
    move = mv("R+ c2xd3-e4")
    assert move == Move("R", rules.space("c2"), (rules.space("d3"), rules.space("e4")),
                        (rules.space("d3"),))
    assert str(move) == "R c2xd3-e4"
