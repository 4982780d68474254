"""Baladãna: every rule sentence of the official rules text, quoted, with a test naming it; the
rule is stated beside the test in docs/baladana.md.

Positions are diagrams (rank 8 on top): ``wRB`` a white figure carrying red and blue rings,
``bYY`` a black figure carrying both black golden rings, ``R`` a free red ring, ``Yw`` a free
golden ring of White's, ``.`` an empty square.
"""

from __future__ import annotations

import pytest

from pbmkit.games import baladana as bd
from pbmkit.games.baladana import check, rules, setup
from pbmkit.games.baladana.notation import NOTATION
from pbmkit.games.base import Outcome, SetupError


def pos(text: str, turn: str = "white") -> bd.Position:
    """A position from a diagram."""
    return setup.from_diagram(text, turn)


def why(position: bd.Position, text: str) -> str | None:
    """The checker's verdict on a written turn."""
    return check.check_move(position, NOTATION.read(text, position))


def play(position: bd.Position, text: str) -> bd.Position:
    """The position after a written, legal turn."""
    move = NOTATION.read(text, position)
    assert check.check_move(position, move) is None, check.check_move(position, move)
    return rules.apply(position, move)


def texts(position: bd.Position) -> set[str]:
    """Every legal turn as written."""
    return {NOTATION.format(m, position) for m in rules.legal_moves(position)}


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
"""White may capture (both golden rings on e1); c1 reaches h6 along the diagonal."""


def test_played_by_two_players_on_an_eight_by_eight_squared_board() -> None:
    """"played by two players on an eightbyeight squared game board (the same as a chess board)"."""
    assert bd.GAME.sides == ("white", "black")
    assert rules.BOARD.size == 64 and rules.BOARD.names[0] == "a1" and rules.BOARD.names[63] == "h8"


def test_the_figures_and_rings_are_arranged_as_illustrated() -> None:
    """"At the beginning of each game, the figures and rings are arranged as illustrated": the
    illustration is lost, so the default setup is data (house) and a Setup can replace it."""
    start = rules.initial_position()
    assert start == setup.parse_setup(setup.DEFAULT_SETUP)
    assert start.at("d1") == "wRGB" and start.at("e8") == "bYY" and start.at("a7") == "bG"


def test_players_take_turns_white_figures_go_first() -> None:
    """"players take turns making a move; white figures go first"."""
    start = rules.initial_position()
    assert bd.GAME.side_to_move(start) == "white"
    after = play(start, "b1-c3")
    assert bd.GAME.side_to_move(after) == "black"
    assert bd.GAME.side_to_move(play(after, "b8-c6")) == "white"


def test_the_objective_is_to_capture_both_of_your_opponents_golden_rings() -> None:
    """"The objective of the game is to capture both of your opponent's golden rings."""
    p = pos("""
        .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  bYYG
        .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  .
        .  .  .  .  .  .  .  bG
        .  .  wRB .  wYY .  .  .""")
    after = play(p, "c1xh6 loot G>h5")
    assert rules.outcome(after) == Outcome("white", "golden-rings")
    assert rules.legal_moves(after) == []


def test_each_move_has_two_parts_ring_move_then_figure_move() -> None:
    """"Each move has two parts: 1. Ring Move ... 2. Figure Move": one turn holds both."""
    start = rules.initial_position()
    after = play(start, "Gd2>d3 b1-c3")
    assert after.at("d2") == "w" and after.at("d3") == "G" and after.at("c3") == "wB"
    assert after.turn == rules.BLACK


def test_the_ring_move_must_come_before_the_figure_move_however_it_is_optional() -> None:
    """"The Ring Move must come before the figure move, however it is optional"."""
    start = rules.initial_position()
    moves = rules.legal_moves(start)
    assert any(m.ring is None for m in moves) and any(m.ring is not None for m in moves)
    assert why(start, "e2-e3") is None


def test_except_in_a_draw_situation_a_ring_move_that_allows_a_figure_move() -> None:
    """"(except in a draw situation see section Draw below)": a player whose figures cannot move
    must make a ring move that lets one move (house reading, the Draw section is lost)."""
    p = pos("""
        bYYG .  .  .  .  .  .  .
        .    .  .  .  .  .  .  .
        .    .  .  .  .  .  .  .
        .    .  .  .  .  .  .  .
        .    .  .  .  .  .  .  .
        .    .  .  .  .  .  .  .
        .    .  .  .  .  .  .  .
        .    .  .  .  .  .  G  wYY""")
    moves = rules.legal_moves(p)
    assert moves and all(m.ring is not None for m in moves)
    assert why(p, "h1-h2") is not None
    assert why(p, "Gg1>h1 h1-h2") is None


def test_the_maximum_number_of_rings_that_can_be_placed_on_any_figure_is_3() -> None:
    """"The maximum number of rings that can be placed on any figure is 3."""
    p = pos("""
        bYY .  .  .  .  .  .  .
        .   .  .  .  .  .  .  .
        .   .  .  .  .  .  .  .
        .   .  .  .  .  .  .  .
        .   .  .  .  .  .  .  .
        .   .  .  .  .  .  .  .
        wRGB R .  .  .  .  .  .
        wG  .  .  .  .  .  .  wYY""")
    reason = why(p, "Ga1>a2 a2-a3")
    assert reason is not None and "3 rings" in reason
    assert why(p, "Rb2>a2 a2-a3") is not None
    with pytest.raises(SetupError, match="at most 3"):
        setup.parse_setup("white a1=RGBY h1=Y; black a8=YY")


def test_move_one_of_your_figures_it_may_or_may_not_be_one_involved_in_the_ring_move() -> None:
    """"Move one of your figures according to its powers (it may or may not be one of the figures
    involved in the ring move)."""
    start = rules.initial_position()
    assert why(start, "Ga2>a3 b1-c3") is None
    assert why(start, "Gd2>e2 e2-e3") is None


def test_a_figure_may_not_jump_over_other_figures_or_free_rings() -> None:
    """"A figure may not jump over other figures or free rings"."""
    p = pos("""
        bYY .  .  .  .  .  .  .
        .   .  .  .  .  .  .  .
        .   .  .  .  .  .  .  .
        .   .  .  R  .  .  .  .
        .   .  .  .  .  .  .  .
        .   .  .  .  .  .  .  .
        .   .  .  wG .  .  .  .
        .   .  .  wGB .  .  .  wYY""")
    assert why(p, "d1-d3") is not None
    q = pos("""
        bYY .  .  .  .  .  .  .
        .   .  .  .  .  .  .  .
        .   .  .  .  .  .  .  .
        .   .  .  R  .  .  .  .
        .   .  .  .  .  .  .  .
        .   .  .  .  .  .  .  .
        .   .  .  .  .  .  .  .
        .   .  .  wGB .  .  .  wYY""")
    assert why(q, "d1-d4") is None and why(q, "d1-d6") is not None


def test_with_the_exception_of_a_figure_with_only_a_blue_ring() -> None:
    """"(with the exception of a figure with only a blue ring see Rings and Powers)"."""
    start = rules.initial_position()
    assert why(start, "b1-c3") is None and why(start, "g1-f3") is None


def test_it_cannot_land_on_a_free_ring_or_a_figure_of_the_same_color() -> None:
    """"it cannot land on a square occupied by a free ring or a figure of the same color"."""
    p = pos("""
        bYY .  .  .  .  .  .  .
        .   .  .  .  .  .  .  .
        .   .  .  .  .  .  .  .
        .   .  .  .  .  .  .  .
        .   .  .  .  .  .  .  .
        .   .  .  B  .  .  .  .
        .   .  .  .  wR .  .  .
        .   .  .  wG .  .  .  wYY""")
    assert "free ring" in (why(p, "e2-d3") or "")
    assert "own colour" in (why(p, "e2-d1") or "")


def test_you_can_capture_provided_both_golden_rings_are_on_the_same_figure() -> None:
    """"You can capture an opponent's figure (provided that both of your golden rings are placed
    on the same figure see section Golden Rings) by moving to a square it occupies."""
    p = pos(CAPTURE)
    assert why(p, "c1xh6 tax R") is None
    split = pos(CAPTURE.replace(".   .  wRB .  wYY", "wY  .  wRB .  wY "))
    reason = why(split, "c1xh6 tax R")
    assert reason is not None and "both your golden rings" in reason


def test_the_captured_figure_is_removed_from_the_game() -> None:
    """"The captured figure is removed from the game."""
    after = play(pos(CAPTURE), "c1xh6 tax R")
    assert after.at("h6") == "wRB" and not any(c.startswith("b") and "G" in c for c in after.cells)


def test_if_the_figure_has_any_rings_one_of_them_must_be_removed_the_tax() -> None:
    """"If the figure has any rings, one of them must also be removed from the game (the 'tax')":
    a capture written without the tax is refused with the choices listed."""
    p = pos(CAPTURE)
    reason = why(p, "c1xh6")
    assert reason is not None and "tax R or tax G or tax B" in reason
    after = play(p, "c1xh6 tax G loot R>e4 B>c1")
    assert after.at("e4") == "R" and after.at("c1") == "B" and "G" not in "".join(after.cells[:62])


def test_the_rest_may_be_kept_as_loot_placed_on_any_figures_or_squares() -> None:
    """"the rest of the rings (if any) may be kept as 'loot'. The player making the move can
    select the ring(s) he or she wants to keep and place them on any figure(s) or square(s)"."""
    p = pos(CAPTURE)
    after = play(p, "c1xh6 tax R loot G>a8 B>e1")
    assert after.at("a8") == "bGY" and after.at("e1") == "wBYY"
    kept_one = play(p, "c1xh6 tax B loot R>h6")
    assert kept_one.at("h6") == "wRRB"
    assert all(c.count("G") == 0 for c in kept_one.cells)
    assert why(p, "c1xh6 tax R loot R>e4") is not None  # the red ring was the tax


def test_figures_with_no_rings_cannot_move() -> None:
    """"Figures with no rings cannot move."""
    p = pos("""
        bYY .  .  .  .  .  .  .
        .   .  .  .  .  .  .  .
        .   .  .  .  .  .  .  .
        .   .  .  .  .  .  .  .
        .   .  .  w  .  .  .  .
        .   .  .  .  .  .  .  .
        .   .  .  .  .  .  .  .
        .   .  .  .  .  .  wG wYY""")
    assert "without rings cannot move" in (why(p, "d4-d5") or "")
    assert all(m.start != rules.space("d4") for m in rules.legal_moves(p))


def test_when_two_or_three_rings_of_different_colors_are_on_a_figure_the_powers_combine() -> None:
    """"When two or three rings of different colors are placed on a figure the powers combine."""
    p = pos(CAPTURE.replace(".   .  .  .  .   .  .  .\n.   .  wRB", ".   .  B  .  .   .  .  .\n.   .  wRG"))
    assert why(p, "c1-c3") is not None and why(p, "c1-d2") is None and why(p, "c1-c2") is not None
    assert why(p, "Bc2>c1 c1-c8") is None and why(p, "Bc2>c1 c1-a3") is None


def test_a_red_ring_allows_a_figure_to_move_diagonally_one_square_at_a_time() -> None:
    """"A red ring allows a figure to move diagonally one square at a time."""
    p = pos(CAPTURE.replace("wRB", "wR "))
    assert why(p, "c1-d2") is None and why(p, "c1-e3") is not None and why(p, "c1-c2") is not None


def test_the_green_rings_allow_the_horizontal_and_vertical_direction() -> None:
    """"The green rings allow the horizontal and vertical direction (again, without other colors
    only one square at a time)."""
    p = pos(CAPTURE.replace("wRB", "wG "))
    assert why(p, "c1-c2") is None and why(p, "c1-c3") is not None and why(p, "c1-d2") is not None


def test_combined_with_red_or_green_the_blue_ring_adds_any_number_of_squares() -> None:
    """"When combined with a red and/or green ring, the blue ring adds the power to move any
    number of squares in their particular direction."""
    p = pos(CAPTURE.replace("wRB", "wGB"))
    assert why(p, "c1-c8") is None and why(p, "c1-a1") is None and why(p, "c1-e3") is not None


def test_a_figure_with_only_a_blue_ring_moves_to_squares_surrounding_it_in_a_circle() -> None:
    """"a figure with only a blue ring can move only to squares that surround it in sort of a
    'circle'": read as the 8 knight squares (house)."""
    p = pos(CAPTURE.replace("wRB", "wB "))
    assert {rules.space_name(m.end) for m in rules.legal_moves(p) if m.start == rules.space("c1")
            and m.ring is None} == {"a2", "b3", "d3", "e2"}


def test_golden_rings_do_not_affect_the_power_of_the_figure_they_are_on() -> None:
    """"They do not affect the power of the particular figure they are placed on (a figure with
    just a golden ring on it cannot move at all)."""
    p = pos(CAPTURE)
    assert "golden rings give no power" in (why(p, "e1-e2") or "")


def test_a_player_must_have_a_golden_ring_on_one_of_their_figures_to_continue() -> None:
    """"A player must have at least one golden ring on one of his or her figures to be able to
    continue to play."""
    p = pos("""
        bYY .  .  .  .  .  .  .
        .   .  .  .  .  .  .  .
        .   .  .  .  .  .  .  .
        .   .  .  .  .  .  .  .
        .   .  .  .  .  .  .  .
        .   .  .  .  .  .  .  .
        .   .  .  .  .  .  .  .
        .   .  .  .  wRY  Yw .  .""")
    assert "rule 5" in (why(p, "Ye1>d1 e1-d2") or "")
    assert why(p, "Ye1>d1 e1-d2".replace("Ye1>d1", "Yf1>e1")) is None


def test_to_capture_the_player_must_have_both_golden_rings_on_the_same_figure() -> None:
    """"To be able to capture opponent's figures, the player must have both golden rings and they
    must be placed on the same figure!": a ring move may join the pair and a capture follow."""
    p = pos(CAPTURE.replace(".   .  wRB .  wYY", ".   .  wRB wY wY "))
    assert why(p, "c1xh6 tax R") is not None
    assert why(p, "Yd1>e1 c1xh6 tax R") is None


def test_when_a_player_loses_a_golden_ring_all_he_can_hope_for_is_a_draw() -> None:
    """"When a player loses one of the golden rings, all he or she can hope for is a draw (since
    the player cannot capture figures anymore, a victory is no longer possible)."""
    p = pos(CAPTURE.replace("wYY", "wY "), "white")
    assert not any(rules.tax_choices(p.cells[m.end]) or p.cells[m.end]
                   for m in rules.legal_moves(p))
    both = pos(CAPTURE.replace("wYY", "wY ").replace("bY  .  .  .  bY", "bY  .  .  .  bG"))
    assert rules.outcome(both) == Outcome("draw", "no-capture")


def test_a_player_may_place_one_of_the_golden_rings_on_a_square() -> None:
    """"A player may place one of the golden rings on a square during the game ... until both of
    the golden rings are placed on one figure again (if it becomes possible to pick up the golden
    ring again in a later move)."""
    down = play(pos(CAPTURE), "Ye1>f2 c1-d2")
    assert down.at("f2") == "Yw" and down.at("e1") == "wY"
    later = play(down, "h6-h5")
    assert not rules.can_capture(later.cells, rules.WHITE)
    back = play(later, "Yf2>e1 d2-c1")
    assert back.at("e1") == "wYY" and back.at("f2") == ""
    assert rules.can_capture(back.cells, rules.WHITE)


def test_when_both_golden_rings_are_lost_so_is_the_kingdom_and_the_game() -> None:
    """"When both golden rings are lost, so is the kingdom and the game."""
    p = pos("""
        .   .  .  .  .  .  .  .
        .   .  .  .  .  .  .  .
        .   .  .  .  .  .  .  bYY
        .   .  .  .  .  .  .  .
        .   .  .  .  .  .  .  .
        .   .  .  .  .  .  .  .
        .   .  .  .  .  .  .  bG
        .   .  wRB .  wYY .  .  .""")
    after = play(p, "c1xh6")
    assert rules.outcome(after) == Outcome("white", "golden-rings")
    assert rules.golden_in_play(after.cells, rules.BLACK) == 0
