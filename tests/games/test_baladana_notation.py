"""Baladãna turn notation (docs/baladana.md, "Notation"): read, format, normalize, destinations
and split, each example of the notation's table with a test."""

from __future__ import annotations

import pytest

from pbmkit.games import baladana as bd
from pbmkit.games.baladana import check, rules, setup
from pbmkit.games.baladana.notation import MAX_TURN_LENGTH, NOTATION, split_turns
from pbmkit.games.base import IllegalMoveError
from pbmkit.games.notation import MoveSyntaxError, destinations

CAPTURE = """
bY  .  .  .  bY  .  .  .
.   .  .  .  .   .  .  .
.   .  .  .  .   .  .  bRGB
.   .  .  .  .   .  .  .
.   .  .  .  .   .  .  .
.   .  .  .  .   .  .  .
.   .  .  .  .   .  .  .
.   .  wRB .  wYY .  .  .
"""


def test_spec_example_d1_d4_a_figure_move() -> None:
    """Spec: ``d1-d4``: a figure move."""
    p = setup.parse_setup("white d1=RGB e1=YY; black e8=YY")
    move = NOTATION.read("d1-d4", p)
    assert move == bd.Move(rules.space("d1"), rules.space("d4"))
    assert NOTATION.format(move, p) == "d1-d4" and check.check_move(p, move) is None


def test_spec_example_ring_move_then_figure_move() -> None:
    """Spec: ``Gd1>e2 e2-e6``: the green ring from d1 to e2, then the figure on e2 to e6."""
    p = setup.parse_setup("white d1=RG e2=B e1=YY; black e8=YY")
    move = NOTATION.read("Gd1>e2 e2-e6", p)
    assert move.ring == ("G", rules.space("d1"), rules.space("e2"))
    assert check.check_move(p, move) is None
    assert NOTATION.format(move, p) == "Gd1>e2 e2-e6"


def test_spec_example_free_golden_ring_picked_up() -> None:
    """Spec: ``Ye4>e3 e3-e4``: a free golden ring on e4 picked up by the figure on e3, which then
    moves."""
    p = setup.parse_setup("white e3=G e1=Y; black e8=YY; free e4=Yw")
    move = NOTATION.read("Ye4>e3 e3-e4", p)
    assert check.check_move(p, move) is None
    assert rules.apply(p, move).at("e4") == "wGY"


def test_spec_example_capture_with_tax_and_loot() -> None:
    """Spec: ``c1xh6 tax R loot G>e4 B>c3``: red is the tax; green to e4, blue to c3."""
    p = setup.from_diagram(CAPTURE)
    move = NOTATION.read("c1xh6 tax R loot G>e4 B>c3", p)
    assert move.tax == "R" and move.loot == (("G", rules.space("e4")), ("B", rules.space("c3")))
    assert check.check_move(p, move) is None
    assert NOTATION.format(move, p) == "c1xh6 tax R loot G>e4 B>c3"


def test_spec_example_capture_of_golden_rings_without_tax_letter() -> None:
    """Spec: ``d1xd8``: a capture of a figure carrying golden rings (no tax letter), no loot."""
    p = setup.parse_setup("white d1=GB e1=YY; black d8=YY a8=G")
    move = NOTATION.read("d1xd8", p)
    assert check.check_move(p, move) is None and NOTATION.format(move, p) == "d1xd8"


def test_x_marks_a_capture_and_is_required_there() -> None:
    """Spec: "``x`` marks a capture and is required there"."""
    p = setup.from_diagram(CAPTURE)
    with pytest.raises(IllegalMoveError, match="write the capture with x"):
        NOTATION.read("c1-h6", p)
    with pytest.raises(IllegalMoveError, match="'x' marks a capture"):
        NOTATION.read("c1xd2", p)


def test_tax_is_required_when_the_captured_figure_carried_rings_and_no_golden_ring() -> None:
    """Spec: "``tax`` is required when the captured figure carried rings and no golden ring, and is
    an error after capturing golden rings (they are the tax) or a figure without rings"."""
    p = setup.from_diagram(CAPTURE)
    assert "tax R or tax G or tax B" in (check.check_move(p, NOTATION.read("c1xh6", p)) or "")
    gold = setup.parse_setup("white d1=GB e1=YY; black d8=YY a8=G")
    assert "they are the tax" in (check.check_move(gold, NOTATION.read("d1xd8 tax G", gold)) or "")


def test_input_is_case_insensitive_and_output_canonical() -> None:
    """Spec: "Squares are lower case on output; input is case-insensitive"; the ring letter first."""
    assert NOTATION.normalize("gD1 > E2   E2-E6") == "Gd1>e2 e2-e6"
    assert NOTATION.normalize("C1XH6 TAX r LOOT g>E4 b > c3") == "c1xh6 tax R loot G>e4 B>c3"
    assert NOTATION.normalize("c1×h6") == "c1xh6"


@pytest.mark.parametrize(("text", "reason"), [
    ("", "empty"),
    ("Gd1>e2", "no figure move"),
    ("d1", "expected a figure move"),
    ("d1-i9", "figure move"),
    ("Qd1>e2 e2-e6", "expected a figure move"),
    ("c1xh6 tax", "letter of the ring taxed"),
    ("c1xh6 tax Q", "letter of the ring taxed"),
    ("c1xh6 loot", "rings kept"),
    ("c1xh6 loot G>e4 e2-e3", "unexpected"),
    ("c1-h6 tax R", "follow a capture"),
    ("d1-d2 " + "x" * MAX_TURN_LENGTH, "too long: write one turn like Gd1>e2 e2-e6"),
])
def test_unreadable_turns_say_why(text: str, reason: str) -> None:
    """A turn that cannot be read raises MoveSyntaxError naming the fault."""
    with pytest.raises(MoveSyntaxError, match=reason):
        NOTATION.normalize(text)


def test_destinations_lists_the_squares_a_figure_may_reach_this_turn() -> None:
    """``destinations``: the squares the figure may reach, with or without a ring move."""
    p = setup.from_diagram(CAPTURE.replace("wRB", "wR "))
    assert destinations(bd.GAME, p, rules.space("c1")) == ("b2", "d2")
    q = setup.parse_setup("white c1=R d1=B e1=YY; black e8=YY")
    # with the blue ring of d1 moved onto c1, c1 slides along its diagonals
    assert "h6" in destinations(bd.GAME, q, rules.space("c1"))


def test_split_divides_a_turns_text_into_the_sides_turns() -> None:
    """``split``: ``Gd1>e2 e2-e6 c7-c6`` is White's ring move and figure move, then Black's."""
    assert split_turns("Gd1>e2 e2-e6 c7-c6") == ("Gd1>e2 e2-e6", "c7-c6")
    assert split_turns("c1xh6 tax R loot G>e4 B>c3 Yd8>e8 e8-e7") == (
        "c1xh6 tax R loot G>e4 B>c3", "Yd8>e8 e8-e7")
    assert split_turns("d1-d4 d8-d5") == ("d1-d4", "d8-d5")
    run = "d1xd8 Ga8>b8 b8-b7"
    assert [run[s.start:s.end] for s in NOTATION.split(run)] == ["d1xd8", "Ga8>b8 b8-b7"]
    with pytest.raises(MoveSyntaxError):
        split_turns("d1-d4 castles")


def test_every_legal_turn_formats_and_reads_back() -> None:
    """Every generated turn of the opening and of a capture position is written and read back."""
    for p in (rules.initial_position(), setup.from_diagram(CAPTURE)):
        for move in rules.legal_moves(p):
            text = NOTATION.format(move, p)
            assert NOTATION.read(text, p) == move
            assert NOTATION.normalize(text) == text
