"""Baladãna's powers table (docs/baladana.md, "Powers"), square by square.

A figure on d4 of an otherwise empty board (the golden rings parked on h1 and a8, off its lines):
the squares it may reach are drawn by hand below (``x``), and compared with the legal turns
without a ring move, square by square.
"""

from __future__ import annotations

import pytest

from pbmkit.games.baladana import rules, setup

EMPTY_AROUND = """
bYY .  .  .  .  .  .  .
.   .  .  .  .  .  .  .
.   .  .  .  .  .  .  .
.   .  .  .  .  .  .  .
.   .  .  {d4} .  .  .  .
.   .  .  .  .  .  .  .
.   .  .  .  .  .  .  .
.   .  .  .  .  .  .  wYY
"""

TABLE = {
    "R": """
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . x . x . . .
        . . . F . . . .
        . . x . x . . .
        . . . . . . . .
        . . . . . . . .""",
    "G": """
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . x . . . .
        . . x F x . . .
        . . . x . . . .
        . . . . . . . .
        . . . . . . . .""",
    "RG": """
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . x x x . . .
        . . x F x . . .
        . . x x x . . .
        . . . . . . . .
        . . . . . . . .""",
    "RB": """
        . . . . . . . x
        x . . . . . x .
        . x . . . x . .
        . . x . x . . .
        . . . F . . . .
        . . x . x . . .
        . x . . . x . .
        x . . . . . x .""",
    "GB": """
        . . . x . . . .
        . . . x . . . .
        . . . x . . . .
        . . . x . . . .
        x x x F x x x x
        . . . x . . . .
        . . . x . . . .
        . . . x . . . .""",
    "RGB": """
        . . . x . . . x
        x . . x . . x .
        . x . x . x . .
        . . x x x . . .
        x x x F x x x x
        . . x x x . . .
        . x . x . x . .
        x . . x . . x .""",
    "B": """
        . . . . . . . .
        . . . . . . . .
        . . x . x . . .
        . x . . . x . .
        . . . F . . . .
        . x . . . x . .
        . . x . x . . .
        . . . . . . . .""",
    "": """
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . F . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .""",
}


def _marked(drawing: str) -> set[str]:
    rows = [line.split() for line in drawing.strip().splitlines()]
    assert len(rows) == 8 and all(len(r) == 8 for r in rows)
    return {f"{'abcdefgh'[f]}{8 - i}" for i, row in enumerate(rows) for f, c in enumerate(row)
            if c == "x"}


def _reached(rings: str) -> set[str]:
    cell = "w" + rings if rings else "w"
    board = EMPTY_AROUND.replace("{d4}", cell)
    if "Y" in rings:  # White owns two golden rings: one on d4, one on h1
        board = board.replace("wYY", "wY")
    position = setup.from_diagram(board)
    return {rules.space_name(m.end) for m in rules.legal_moves(position)
            if m.ring is None and m.start == rules.space("d4")}


@pytest.mark.parametrize("rings", list(TABLE))
def test_powers_table_square_by_square(rings: str) -> None:
    """Each row of the powers table: R 1 diagonal, G 1 orthogonal, R+G 1 in 8 directions, R+B /
    G+B / R+G+B any distance, B alone a knight's leap (house), none: cannot move."""
    assert _reached(rings) == _marked(TABLE[rings])


@pytest.mark.parametrize("rings", ["RY", "GBY", "RGB", "BY"])
def test_golden_rings_give_no_power(rings: str) -> None:
    """Golden ignored: a figure's powers are those of its other rings."""
    plain = rings.replace("Y", "")
    assert _reached(rings) == _marked(TABLE[plain])


def test_rings_of_one_colour_count_once() -> None:
    """Spec: "Rings of one colour count once (R+R = R)"."""
    assert _reached("RR") == _marked(TABLE["R"])
    assert _reached("BB") == _marked(TABLE["B"])
    assert _reached("RRB") == _marked(TABLE["RB"])


def test_the_order_in_which_rings_are_placed_on_a_figure_does_not_matter() -> None:
    """Rules text: "The order in which rings are placed on a figure does not matter." A Setup
    may write the rings in any order; the figure and its moves are the same."""
    a = setup.parse_setup("white d4=BGR h1=YY; black a8=YY")
    b = setup.parse_setup("white d4=RGB h1=YY; black a8=YY")
    assert a == b and rules.legal_moves(a) == rules.legal_moves(b)
