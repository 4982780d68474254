"""Baladãna Setup strings and diagrams (docs/baladana.md, "Setup"): round trips and SetupError
reasons."""

from __future__ import annotations

import pytest

from pbmkit.games.baladana import rules, setup
from pbmkit.games.base import SetupError


def test_the_default_setup_string_round_trips() -> None:
    """The documented default Setup parses to the start and formats back to itself."""
    start = rules.initial_position()
    assert setup.format_setup(start) == setup.DEFAULT_SETUP
    assert setup.parse_setup(setup.format_setup(start)) == start


def test_a_setup_with_free_rings_golden_rings_by_owner_and_black_to_move() -> None:
    """Figures with their rings, free rings (golden ones with their owner), the side to move."""
    text = "white c1=RB e1=Y a3=; black e8=YY h6=RGB; free e4=Yw d3=R; move black"
    p = setup.parse_setup(text)
    assert p.at("c1") == "wRB" and p.at("a3") == "w" and p.at("e4") == "Yw" and p.at("d3") == "R"
    assert p.turn == rules.BLACK
    assert setup.parse_setup(setup.format_setup(p)) == p
    assert setup.format_setup(p) == ("white c1=RB e1=Y a3=; black h6=RGB e8=YY; free d3=R e4=Yw; "
                                  "move black")


def test_setup_input_is_case_and_order_insensitive() -> None:
    """Any case, rings in any order, groups in any order; ``move`` defaults to white."""
    a = setup.parse_setup("BLACK E8=yy;  White C1=br E1=YY")
    assert a == setup.parse_setup("white c1=RB e1=YY; black e8=YY; move white")


@pytest.mark.parametrize(("text", "reason"), [
    ("white e1=YY c1=RGBB; black e8=YY", "at most 3"),
    ("white e1=YY c1=RQ; black e8=YY", "is not a figure"),
    ("white e1=YY i9=R; black e8=YY", "is not a figure"),
    ("white e1=YY e1=R; black e8=YY", "named twice"),
    ("white e1=YY; black e8=YY; free e1=R", "named twice"),
    ("white e1=YY; black e8=YY; free e4=Y", "is not a free ring"),
    ("white e1=YY; black e8=YY; free e4=RB", "is not a free ring"),
    ("white e1=YY c1=Y; black e8=YY", "has 3 golden rings"),
    ("white e1=YY; black e8=YY; free e4=Yw", "has 3 golden rings"),
    ("white e1=YY", "Black has no figure"),
    ("white e1=YY; black e8=YY; move red", "followed by white or black"),
    ("white e1=YY; black e8=YY; kings e4", "is unknown"),
    ("white e1=YY; white e2=R; black e8=YY", "twice"),
    ("white e1=YY; black e8=YY" + " " * 2000, "longer than"),
])
def test_setup_errors_say_what_is_wrong(text: str, reason: str) -> None:
    """A bad Setup raises SetupError (tag Setup) whose message names the fault."""
    with pytest.raises(SetupError, match=reason) as info:
        setup.parse_setup(text)
    assert info.value.tag == "Setup"


def test_a_diagram_and_its_position_round_trip() -> None:
    """``diagram`` draws a position that ``from_diagram`` reads back (tests and docs use both)."""
    p = setup.parse_setup("white c1=RB e1=Y a3=; black e8=YY h6=RGB; free e4=Yw d3=R; move black")
    assert setup.from_diagram(setup.diagram(p), "black") == p
    assert setup.diagram(rules.initial_position()).splitlines()[0].split()[:3] == ["8", "bGB", "bB"]


@pytest.mark.parametrize(("text", "reason"), [
    ("wR . . . . . . .\n" * 8, "golden|8 cells|no figure"),
    ("wR . . . . . .\n" * 8, "8 cells"),
    ("w . . . . . . .\n" * 7, "8 rows"),
    ("wQ . . . . . . .\n" * 8, "not a diagram cell"),
])
def test_bad_diagrams_are_refused(text: str, reason: str) -> None:
    """A diagram with the wrong number of cells or rows, or an unknown cell, is a SetupError."""
    with pytest.raises(SetupError, match=reason):
        setup.from_diagram(text)
