"""Billo rulings 1–14 (docs/billo.md, "pbmkit's rulings"): one test or more per ruling.

Diagrams: rank 8 on top; Yellow upper case (moves up the board), Orange lower case; R round,
S square, + a Billo; RS a double.
"""

from __future__ import annotations

import pytest
from test_billo_helpers import mv, play, pos, reason, texts

from pbmkit.games import billo
from pbmkit.games.base import IllegalMoveError, Outcome
from pbmkit.games.billo import game, rules, setup
from pbmkit.games.billo.rules import ORANGE, YELLOW


def test_rule_01_one_piece_moves_and_a_double_never_moves_as_a_unit() -> None:
    start = setup.initial_position()
    moves = rules.legal_moves(start)
    # Corner doubles: each part has 2 steps; the 6 others: each part has 3 steps.
    assert len(moves) == 2 * 2 * 2 + 6 * 2 * 3
    assert {"R a1-a2", "S a1-a2", "R a1-b2", "S a1-b2"} <= texts(start, "a1")
    after = play(start, "R a1-a2")
    assert setup.symbols(after)[rules.space("a1")] == "S"
    assert setup.symbols(after)[rules.space("a2")] == "R"


def test_rule_02_step_forward_onto_empty_or_own_free_other_shape() -> None:
    p = pos("""
        8  .  .  .  .  .  .  .  rs
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  .  .  .  .  .
        3  .  .  S  .  R  .  .  .
        2  .  .  .  R  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    # Never sideways (c2, e2) or backward; e3 holds a round piece of the same shape.
    assert texts(p, "d2") == {"R d2-c3", "R d2-d3"}
    assert setup.symbols(play(p, "R d2-c3"))[rules.space("c3")] == "RS"
    assert "not forward" in reason(p, "R d2-e2")
    assert "not forward" in reason(p, "R d2-d1")
    assert "already holds your round piece" in reason(p, "R d2-e3")


def test_rule_02_orange_moves_toward_rank_1() -> None:
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  r  .  .  .  .
        4  .  .  .  .  .  .  .  .
        3  .  .  .  .  .  .  .  .
        2  .  .  .  .  .  .  .  .
        1  RS .  .  .  .  .  .  .
    """, turn=ORANGE)
    assert texts(p) == {"R d5-c4", "R d5-d4", "R d5-e4"}


def test_rule_03_pass_through_own_free_pieces_and_stop_on_one() -> None:
    p = pos("""
        8  .  .  .  .  .  .  .  rs
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  .  .  .  .  .
        3  .  .  .  R  .  .  .  .
        2  .  .  R  .  .  .  .  .
        1  .  .  S  .  .  .  .  .
    """)
    assert texts(p, "c1") == {"S c1-b2", "S c1-d2", "S c1-c2", "S c1-c2-d3"}
    assert "after passing" in reason(p, "S c1-c2-d3-d4")
    assert "d2 is empty" in reason(p, "S c1-d2-d3")
    after = play(p, "S c1-c2-d3")
    assert setup.symbols(after)[rules.space("d3")] == "RS"
    assert setup.symbols(after)[rules.space("c2")] == "R"


def test_rule_03_a_double_is_not_passed_through() -> None:
    p = pos("""
        8  .  .  .  .  .  .  .  rs
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  .  .  .  .  .
        3  .  .  .  R  .  .  .  .
        2  .  .  RS .  .  .  .  .
        1  .  .  S  .  .  .  .  .
    """)
    assert texts(p, "c1") == {"S c1-b2", "S c1-d2"}
    assert "already holds your square piece" in reason(p, "S c1-c2-d3")


def test_rule_04_capture_forward_of_the_other_shape_only_free_pieces() -> None:
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  rs r  s  .  .  .
        4  .  .  .  R  s  .  .  .
        3  .  .  .  s  .  .  .  .
        2  .  .  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    # Only e5 is capturable: e4 is beside, d3 behind, d5 the same shape, c5 a double.
    assert texts(p) == {"R d4xe5"}
    after = play(p, "R d4xe5")
    assert setup.symbols(after)[rules.space("e5")] == "R"
    assert rules.space("d4") not in setup.symbols(after)
    assert "captures only square pieces" in reason(p, "R d4-d5")
    assert "never captured" in reason(p, "R d4-c5")


def test_rule_05_multiple_capture_changes_direction_and_may_end_on_own_piece() -> None:
    p = pos("""
        8  .  .  .  .  .  .  .  rs
        7  .  .  .  .  .  .  .  .
        6  .  .  S  .  .  .  .  .
        5  .  .  s  .  .  .  .  .
        4  .  .  .  s  .  .  .  .
        3  .  .  s  .  .  .  .  .
        2  .  R  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    assert texts(p) == {"R b2xc3xd4xc5", "R b2xc3xd4xc5-c6"}
    after = play(p, "R b2xc3xd4xc5-c6")
    symbols = setup.symbols(after)
    assert symbols[rules.space("c6")] == "RS"
    assert not {rules.space(s) for s in ("b2", "c3", "d4", "c5")} & set(symbols)


def test_rule_05_ranged_capture_passes_own_pieces_first() -> None:
    p = pos("""
        8  .  .  .  .  .  .  .  rs
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  .  .  .  .  .
        3  .  .  r  .  .  .  .  .
        2  .  R  .  .  .  .  .  .
        1  S  .  .  .  .  .  .  .
    """)
    assert texts(p) == {"S a1-b2xc3"}


def test_rule_05_no_square_is_entered_twice() -> None:
    p = pos("""
        8  .  .  .  .  .  .  .  rs
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  s  s  .  .  .
        4  .  .  .  R+ S  .  .  .
        3  .  .  .  .  .  .  .  .
        2  .  .  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    legal = texts(p)
    assert "R+ d4-e4xe5xd5" in legal and "R+ d4xd5xe5-e4" in legal
    assert "twice" in reason(p, "R+ d4-e4xe5xd5-e4")
    assert "twice" in reason(p, "R+ d4xd5xe5-e4-d4")


def test_rule_06_capture_priority_most_captures() -> None:
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  .  .  .  s  .
        3  .  s  .  .  .  .  s  .
        2  R  .  .  .  .  R  .  .
        1  .  .  .  .  .  .  .  .
    """)
    assert texts(p) == {"R f2xg3xg4"}
    assert "the most pieces" in reason(p, "R a2xb3")
    assert "capture is mandatory" in reason(p, "R a2-a3")


def test_rule_06_capture_priority_most_billos() -> None:
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  s+ .
        4  .  s  .  .  .  R+ .  .
        3  R+ .  .  .  .  .  .  .
        2  .  .  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    assert texts(p) == {"R+ f4xg5"}
    assert "the most Billos" in reason(p, "R+ a3xb4")


def test_rule_06_capture_priority_by_a_billo() -> None:
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  s  .
        4  .  s  .  .  .  R+ .  .
        3  R  .  .  .  .  .  .  .
        2  .  .  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    assert texts(p) == {"R+ f4xg5"}
    assert "made by a Billo" in reason(p, "R a3xb4")


def test_rule_06_without_captures_basic_pieces_and_billos_move_freely() -> None:
    p = pos("""
        8  .  .  .  .  .  .  .  rs
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  .  .  .  .  .
        3  .  .  .  .  .  .  .  .
        2  .  .  .  .  .  .  .  .
        1  R  .  .  .  S+ .  .  .
    """)
    assert texts(p, "a1") == {"R a1-a2", "R a1-b2"}
    assert len(texts(p, "e1")) == 5


def test_rule_06_no_priority_between_shapes() -> None:
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  .  .  .  .  .
        3  .  s  .  .  .  .  r  .
        2  R  .  .  .  .  S  .  .
        1  .  .  .  .  .  .  .  .
    """)
    assert texts(p) == {"R a2xb3", "S f2xg3"}


def test_rule_07_no_suicide_onto_an_opponent_piece() -> None:
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  rs r  s+ .  .  .
        4  .  .  .  R  .  .  .  .
        3  .  .  .  .  .  .  .  .
        2  .  .  .  .  .  .  .  .
        1  .  .  .  .  .  .  S  .
    """)
    assert texts(p, "d4") == set()
    assert "without capturing is not allowed" in reason(p, "R d4-d5")
    assert "never be captured by a basic piece" in reason(p, "R d4xe5")


def test_rule_08_promotion_on_the_last_rank_stops_a_chain() -> None:
    p = pos("""
        8  .  .  .  s  s  .  .  .
        7  .  .  R  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  r  .  .  .  .  .  .  .
        4  .  .  .  .  .  .  .  .
        3  .  .  .  .  .  .  .  .
        2  .  .  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    assert texts(p) == {"R c7xd8"}
    assert "reaches the last rank on d8" in reason(p, "R c7xd8xe8")
    after = play(p, "R c7xd8")
    assert setup.symbols(after)[rules.space("d8")] == "R+"
    # It moves as a Billo from its next turn: sideways capture now.
    after = play(after, "R a5-a4")
    assert texts(after) == {"R+ d8xe8"}


def test_rule_08_promotion_stops_a_pass_through() -> None:
    p = pos("""
        8  .  .  R+ .  .  .  .  rs
        7  .  S  .  R  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  .  .  .  .  .
        3  .  .  .  .  .  .  .  .
        2  .  .  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    # From c8 a Billo could go on to d7, but a piece reaching the last rank stops at once.
    assert texts(p, "b7") == {"S b7-a8", "S b7-b8", "S b7-c8"}
    assert "reaches the last rank" in reason(p, "S b7-c8-d7")
    assert setup.symbols(play(p, "S b7-c8"))[rules.space("c8")] == "R+S+"


def test_rule_09_billo_moves_one_square_in_eight_directions_and_captures_backward() -> None:
    p = pos("""
        8  .  .  .  .  .  .  .  rs
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  S+ .  .  .  .
        3  .  .  .  .  .  .  .  .
        2  .  .  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    assert texts(p, "d4") == {f"S+ d4-{s}" for s in ("c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5")}
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  S+ .  .  .  .
        3  .  .  .  r  .  .  .  .
        2  .  .  .  .  r+ .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    assert texts(p) == {"S+ d4xd3xe2"}


def test_rule_09_billo_is_never_captured_by_a_basic_piece() -> None:
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  r  .  .  .  .
        4  .  .  .  S+ .  .  .  .
        3  .  .  .  .  .  .  .  .
        2  .  .  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """, turn=ORANGE)
    assert "R d5-c4" in texts(p) and "R d5xd4" not in texts(p)
    assert "never be captured by a basic piece" in reason(p, "R d5xd4")


def test_rule_09_bridges_through_billos() -> None:
    p = pos("""
        8  .  .  .  .  .  .  .  rs
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  r  .  .  .  .  .
        3  .  .  R+ .  .  .  .  .
        2  .  .  S  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    # A basic square piece uses its own round Billo as a bridge to a capture.
    assert texts(p) == {"S c2-c3xc4"}
    p = pos("""
        8  .  .  .  .  .  .  .  rs
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  S  .  .  .
        5  .  .  .  S+ .  .  .  .
        4  .  .  .  R+ .  .  .  .
        3  .  .  .  .  .  .  .  .
        2  .  .  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    # A Billo passes through its own Billo and its own basic piece of the other shape, any way.
    assert {"R+ d4-d5", "R+ d4-d5-e6"} <= texts(p, "d4")


def test_rule_10_composite_billo_parts_move_alone_and_it_is_never_captured() -> None:
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  s+ .  .  .
        4  .  .  .  R+S+ .  .  .  .
        3  .  .  .  .  .  .  .  .
        2  .  .  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """, turn=ORANGE)
    assert "S+ e5xd4" not in texts(p)
    assert "never captured" in reason(p, "S+ e5xd4")
    p = billo.Position(p.board, YELLOW)
    # Each part moves as a Billo, alone: 8 squares minus e5 (the round part captures it).
    assert texts(p) == {"R+ d4xe5"}
    after = play(p, "R+ d4xe5")
    assert setup.symbols(after)[rules.space("d4")] == "S+"


def test_rule_11_win_by_capturing_every_piece() -> None:
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  s  .  .  .  .
        3  .  .  R  .  .  .  .  .
        2  .  .  .  .  .  .  .  .
        1  S  .  .  .  .  .  .  .
    """)
    assert rules.outcome(p) is None
    after = play(p, "R c3xd4")
    assert rules.outcome(after) == Outcome("yellow", "capture-all")
    assert rules.legal_moves(after) == []


def test_rule_11_win_when_the_opponent_cannot_move() -> None:
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  .  .  .  .  .
        3  .  .  .  .  .  .  .  .
        2  .  r  .  .  .  .  .  .
        1  R  R  R  .  .  .  .  S
    """, turn=ORANGE)
    assert rules.legal_moves(p) == []
    assert rules.outcome(p) == Outcome("yellow", "no-moves")


def test_rule_12_automatic_draw_when_all_pieces_have_one_shape() -> None:
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  r  .  .  .  .
        4  .  .  .  .  s  .  .  .
        3  .  .  .  R+ .  .  .  .
        2  .  .  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    assert rules.outcome(p) is None
    assert texts(p) == {"R+ d3xe4"}
    drawn = play(p, "R+ d3xe4")
    assert rules.outcome(drawn) == Outcome("draw", "draw-shapes")
    assert rules.legal_moves(drawn) == []


def test_rule_12_automatic_draw_round_billos_against_square_billos() -> None:
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  s+ .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  .  .  .  .  .
        3  .  .  .  R+ .  R+ .  .
        2  .  .  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    assert rules.outcome(p) == Outcome("draw", "draw-billos")
    not_yet = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  s+ .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  .  .  .  .  .
        3  .  .  .  R+ .  R  .  .
        2  .  .  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    assert rules.outcome(not_yet) is None


def test_rule_13_claimed_draw_with_one_round_and_one_square_billo_each() -> None:
    p = pos("""
        8  r+ .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  s+ .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  .  .  .  .  .
        3  .  .  .  R+ .  .  .  .
        2  .  .  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  S+
    """)
    assert rules.outcome(p) is None  # play may go on: the draw is claimed, not automatic
    assert rules.claimable_draw(p) is not None
    assert game.claim_draw(p) == Outcome("draw", "draw-claimed")
    more = pos(setup.diagram(p).replace("1  .", "1  R"))
    assert rules.claimable_draw(more) is None
    with pytest.raises(IllegalMoveError, match="one round Billo and one square Billo"):
        game.claim_draw(more)


def test_rule_14_house_draw_claim_after_50_quiet_moves_each() -> None:
    diagram = """
        8  .  .  .  .  .  .  .  rs
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  .  .  .  .  .
        3  .  .  .  .  .  .  .  .
        2  .  .  .  .  .  .  .  .
        1  R+S+ .  .  .  .  .  .  .
    """
    p = pos(diagram, quiet=99)
    assert rules.claimable_draw(p) is None
    after = play(p, "R+ a1-a2")
    assert after.quiet == 100
    assert rules.claimable_draw(after) is not None
    assert game.claim_draw(after) == Outcome("draw", "draw-claimed")
    assert setup.parse_setup(setup.format_setup(after)) == after


def test_rule_14_a_capture_or_a_promotion_restarts_the_count() -> None:
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  S  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  .  .  .  .  .
        3  .  .  .  .  .  .  .  .
        2  .  .  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  r+
    """, quiet=120)
    assert rules.claimable_draw(p) is not None
    assert play(p, "S a7-a8").quiet == 0
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  .  .  .  .  .
        3  .  .  r  .  .  .  .  .
        2  .  S  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  r+
    """, quiet=120)
    assert play(p, "S b2xc3").quiet == 0
    assert mv("S b2xc3").captures == (rules.space("c3"),)
