"""Each sentence of the Billo rules text (docs/billo.md, "The rules text") that states a rule, as a test.

The sentence is quoted in each test's docstring. Diagrams: rank 8 on top; Yellow upper case
(moves up), Orange lower case (moves down); R round, S square, + a Billo.
"""

from __future__ import annotations

import pytest
from test_billo_helpers import mv, play, pos, reason, texts

from pbmkit.games import billo
from pbmkit.games.base import Outcome
from pbmkit.games.billo import game, rules, setup
from pbmkit.games.billo.rules import BASIC, BILLO, ORANGE, ROUND, SQUARE, YELLOW


def test_the_board_is_a_square_of_64_squares() -> None:
    """"a square board of 64 little black squares"; forward is up for Yellow, down for Orange."""
    assert rules.BOARD.kind == "square" and rules.BOARD.size == 64
    assert rules.space_name(0) == "a1" and rules.space_name(63) == "h8"
    assert rules.space("E4") == rules.space("e4") == 28
    names = {rules.space_name(s) for s in rules.forward_squares(YELLOW, rules.space("a4"))}
    assert names == {"a5", "b5"}
    names = {rules.space_name(s) for s in rules.forward_squares(ORANGE, rules.space("d4"))}
    assert names == {"c3", "d3", "e3"}
    assert (rules.last_rank(YELLOW), rules.last_rank(ORANGE)) == (7, 0)


def test_each_player_has_eight_round_and_eight_square_pieces_in_doubles_on_the_first_line() -> None:
    """"a total of 16 pieces ... 8 are square ... 8 round"; "each round into each square ... on the
    8 squares of the first line of their side"."""
    start = setup.initial_position()
    for side in (YELLOW, ORANGE):
        for shape in (ROUND, SQUARE):
            assert rules.piece_count(start, side, shape, BASIC) == 8
    symbols = setup.symbols(start)
    assert {rules.space_name(s) for s, t in symbols.items() if t == "RS"} == {f"{f}1" for f in "abcdefgh"}
    assert {rules.space_name(s) for s, t in symbols.items() if t == "rs"} == {f"{f}8" for f in "abcdefgh"}


def test_the_first_player_is_chosen_so_either_colour_may_start() -> None:
    """"They decide the first player randomly"."""
    assert setup.initial_position().turn == YELLOW
    orange_first = setup.initial_position("Orange")
    assert orange_first.turn == ORANGE
    assert texts(orange_first, "a8") == {"R a8-a7", "R a8-b7", "S a8-a7", "S a8-b7"}
    with pytest.raises(ValueError, match="Yellow or Orange"):
        setup.initial_position("green")


def test_the_players_take_turns_with_every_single_move() -> None:
    """"The two players take turns with every single move"."""
    start = setup.initial_position()
    after = play(start, "R a1-a2")
    assert after.turn == ORANGE and billo.GAME.side_to_move(after) == "orange"
    assert reason(after, "R b1-b2") == "b1 holds a yellow double, and it is Orange's turn"
    assert play(after, "S h8-h7").turn == YELLOW


def test_either_part_of_a_double_may_move_but_never_both() -> None:
    """"It is never possible during play to move one double piece"; "you are free to move the
    square piece or its round companion"."""
    start = setup.initial_position()
    for move in rules.legal_moves(start):
        after = rules.apply(start, move)
        left = setup.symbols(after)[move.start]
        assert left == ("S" if move.piece == ROUND else "R")


def test_a_piece_moves_one_space_ahead_never_to_the_side_nor_backward() -> None:
    """"Every piece can move only one space, into one of the three positions ahead ... never to the
    side! Nor backward"."""
    p = pos("""
        8  .  .  .  .  .  .  .  rs
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  S  .  .  .  .
        3  .  .  .  .  .  .  .  .
        2  .  .  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  R
    """)
    assert texts(p, "d4") == {"S d4-c5", "S d4-d5", "S d4-e5"}
    for bad in ("S d4-c4", "S d4-e4", "S d4-d3", "S d4-c3"):
        assert "not forward" in reason(p, bad)
    assert "one square at a time" in reason(p, "S d4-d6")


def test_a_piece_may_move_onto_a_square_holding_its_own_piece_of_the_other_shape() -> None:
    """"The round piece can move into a space occupied by a square piece, and reverse"."""
    p = pos("""
        8  .  .  .  .  .  .  .  rs
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  .  .  .  .  .
        3  .  .  .  S  .  .  R  .
        2  .  .  .  R  .  .  .  S
        1  .  .  .  .  .  .  .  .
    """)
    assert setup.symbols(play(p, "R d2-d3"))[rules.space("d3")] == "RS"
    assert setup.symbols(play(p, "S h2-g3"))[rules.space("g3")] == "RS"


def test_pieces_of_the_same_shape_neither_share_nor_pass_through_a_square() -> None:
    """"Pieces of the same shape can neither stop in the same space nor get through or jump on yours
    or of the opponent"."""
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  .  .  .  .  .
        3  .  .  r  R  s  .  .  .
        2  .  .  .  R  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    assert "already holds your round piece" in reason(p, "R d2-d3")
    assert "captures only square pieces" in reason(p, "R d2-c3")
    assert "one square at a time" in reason(p, "R d2-d4")


def test_multiple_movement_goes_through_free_own_pieces_of_the_other_shape_and_stops_on_one() -> None:
    """"you can move your piece more than one space through your free pieces of different shape:
    you must stop your move on one of them"."""
    p = pos("""
        8  .  .  .  .  .  .  .  rs
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  S  .  .
        4  .  .  .  .  S  .  .  .
        3  .  .  .  S  .  .  .  .
        2  .  .  R  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    assert texts(p, "c2") == {"R c2-b3", "R c2-c3", "R c2-d3", "R c2-d3-e4", "R c2-d3-e4-f5"}
    assert "never on an empty square after passing" in reason(p, "R c2-d3-e4-e5")


def test_a_round_piece_captures_a_frontal_square_piece_and_a_square_piece_a_round_one() -> None:
    """"When a round piece contacts an opponent's square piece on one of the three frontal spaces,
    you can move it there removing the square. The same happens with a square piece on a frontal
    enemy round piece"."""
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  .  .  .  .  .
        3  .  .  .  .  .  .  .  .
        2  .  s  .  .  .  r  .  .
        1  R  .  .  .  .  .  S  .
    """)
    assert texts(p) == {"R a1xb2", "S g1xf2"}
    after = play(p, "R a1xb2")
    assert setup.symbols(after) == {rules.space("b2"): "R", rules.space("f2"): "r",
                                    rules.space("g1"): "S"}


def test_never_capture_sideways_or_to_the_back() -> None:
    """"You can never capture sideways or to the back"."""
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  s  R  s  .  .  .
        3  .  .  s  s  s  .  .  .
        2  .  .  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    assert texts(p) == {"R d4-c5", "R d4-d5", "R d4-e5"}
    assert "not forward" in reason(p, "R d4xc4")
    assert "not forward" in reason(p, "R d4xd3")


def test_capture_is_always_mandatory() -> None:
    """"Capture is always mandatory"; "the opponent can force him to the right capture": by mail
    the checker refuses the move and names the capture."""
    p = pos("""
        8  .  .  .  .  .  .  .  rs
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  .  .  .  .  .
        3  .  .  .  .  .  s  .  .
        2  .  R  .  .  .  .  R  .
        1  .  .  .  .  .  .  .  .
    """)
    assert texts(p) == {"R g2xf3"}
    why = reason(p, "R b2-b3")
    assert "capture is mandatory" in why and "R g2xf3" in why


def test_never_capture_by_jumping() -> None:
    """"It is never possible to capture by "jumping" a piece"."""
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  s  .  .  .  .
        5  .  .  .  r  .  .  .  .
        4  .  .  .  R  .  .  .  .
        3  .  .  .  .  .  .  .  .
        2  .  .  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    assert texts(p) == {"R d4-c5", "R d4-e5"}
    assert "never jumps" in reason(p, "R d4xd6")


def test_multiple_capture_of_pieces_one_after_the_other_ends_after_the_last() -> None:
    """"more than one opponent's free squares if they are one after the other (even changing
    direction after each capture) ... The move ends only after the last capture"."""
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  R  .  .
        4  .  .  .  .  r  .  .  .
        3  .  .  .  r  .  .  .  .
        2  .  .  .  .  r  .  .  .
        1  .  .  .  S  .  .  .  .
    """)
    assert texts(p) == {"S d1xe2xd3xe4", "S d1xe2xd3xe4-f5"}
    assert "the most pieces" in reason(p, "S d1xe2xd3")


def test_ranged_capture_after_passing_own_pieces() -> None:
    """"You can capture one or more opponent's pieces after moving your piece through one or more
    of your free pieces of different shape"."""
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  r  .  .  .  .
        3  .  .  R  .  .  .  .  .
        2  .  R  .  .  .  .  .  .
        1  S  .  .  .  .  .  .  .
    """)
    assert texts(p) == {"S a1-b2-c3xd4"}


def test_capture_through_the_move_protects_the_piece_on_its_own() -> None:
    """"you can move through your pieces and the opponent's ... if you end your move into one of
    your piece, that piece can't be captured in your opponent's move"."""
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  s+ S  .  .  .
        4  .  .  .  s  .  .  .  .
        3  .  .  R  .  .  .  .  .
        2  .  .  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    assert texts(p) == {"R c3xd4", "R c3xd4-e5"}
    exposed = play(p, "R c3xd4")
    assert texts(exposed) == {"S+ d5xd4"}
    protected = play(p, "R c3xd4-e5")
    assert setup.symbols(protected)[rules.space("e5")] == "RS"
    assert "never captured" in reason(protected, "S+ d5xe5")


def test_square_and_round_pieces_in_the_same_space_are_never_captured() -> None:
    """"Remember: square and round pieces in the same space can never be captured"."""
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  rs .  .  .  .
        3  .  .  R  S  S  .  .  .
        2  .  .  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    assert not any("xd4" in t for t in texts(p))
    assert "never captured" in reason(p, "R c3xd4")
    assert "never captured" in reason(p, "S e3xd4")


def test_a_piece_arriving_on_the_last_row_becomes_a_billo() -> None:
    """"Any square or round piece that arrives on the last row of the board ... changes into a
    Billo"."""
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  R  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  .  .  .  .  .
        3  .  .  .  .  .  .  .  .
        2  .  .  .  .  .  .  .  s
        1  .  .  .  .  .  .  .  .
    """, turn=ORANGE)
    assert rules.promotes(p, mv("S h2-h1")) and rules.promotes(p, mv("S h2-g1"))
    after = play(p, "S h2-g1")
    assert setup.symbols(after)[rules.space("g1")] == "s+"
    assert rules.promotes(after, mv("R e7-e8"))
    after = play(after, "R e7-e8")
    assert setup.symbols(after)[rules.space("e8")] == "R+"


def test_a_billo_is_marked_over_the_board_but_the_marker_is_no_piece() -> None:
    """"to recognize it you must put on it another piece of the same shape and color": pbmkit
    keeps Billo as a state of the piece, so the marker is drawn (``R+``) and never counted."""
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  R  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  .  .  .  .  .
        3  .  .  .  .  .  .  .  .
        2  .  .  .  .  .  .  .  s
        1  .  .  .  .  .  .  .  .
    """)
    after = play(p, "R e7-e8")
    assert setup.symbols(after)[rules.space("e8")] == "R+"
    assert rules.piece_count(after, YELLOW, ROUND) == rules.piece_count(p, YELLOW, ROUND) == 1
    assert rules.piece_count(after, YELLOW, ROUND, BILLO) == 1
    eight = setup.parse_setup("YR:a1,b1,c1,d1,e1,f1,g1,h8+ OS:a7 y")  # a marker would make nine
    assert rules.piece_count(eight, YELLOW, ROUND) == 8


def test_a_billo_moves_one_space_in_every_direction_with_every_kind_of_capture() -> None:
    """"Any Billo can move to the eight different positions ... always for one space: it can move
    in every direction and make Simple, Multiple, Ranged and Through the Move Capture"."""
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  R+ S  .  .  .
        3  .  .  .  .  .  s  .  .
        2  .  .  .  .  s  .  .  .
        1  .  .  .  S  .  .  .  .
    """)
    # Ranged (through e4), then two backward captures, then through the move onto d1.
    assert texts(p) == {"R+ d4-e4xf3xe2", "R+ d4-e4xf3xe2-d1"}
    q = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  r  S+ .  .  .  .
        3  .  .  .  .  .  .  .  .
        2  .  .  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  R
    """)
    assert texts(q) == {"S+ d4xc4"}  # sideways


def test_a_billo_captures_free_pieces_of_the_other_shape_billo_or_basic() -> None:
    """"Any Billo can capture other Billo or basic pieces only if free and of a different shape, but
    can never be captured by basic pieces"."""
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  rs s+ r  .  .  .
        4  .  .  .  R+ .  .  .  .
        3  .  .  .  .  .  .  .  .
        2  .  .  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    assert texts(p) == {"R+ d4xd5"}
    assert "captures only square pieces" in reason(p, "R+ d4xe5")
    assert "never captured" in reason(p, "R+ d4xc5")
    q = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  s  .  .  .  .
        4  .  .  .  R+ .  .  .  .
        3  .  .  .  .  .  .  .  .
        2  .  .  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """, turn=ORANGE)
    assert texts(q) == {"S d5-c4", "S d5-e4"}
    assert "never be captured by a basic piece" in reason(q, "S d5xd4")


def test_for_a_billo_capture_is_mandatory_too() -> None:
    """"For a Billo capture is always mandatory, too"."""
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  R+ .  .  .  .
        3  .  .  s  .  .  .  .  .
        2  R  .  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    assert texts(p) == {"R+ d4xc3"}
    assert "capture is mandatory" in reason(p, "R a2-a3")
    assert "capture is mandatory" in reason(p, "R+ d4-d5")


def test_a_piece_reaching_the_last_row_stops_and_acts_as_a_billo_after_the_opponent_turn() -> None:
    """"When a square or round piece arrives on the last row of the board it must stop there
    immediately, even if it could capture other pieces on its way. It will be able move and capture
    only after the opponent's turn"."""
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  .  .  .  .  .
        3  .  .  .  .  .  .  .  R
        2  .  r  .  .  .  .  .  .
        1  .  .  S  S  .  .  .  .
    """, turn=ORANGE)
    assert texts(p) == {"R b2xc1"}
    assert "reaches the last rank on c1" in reason(p, "R b2xc1xd1")
    after = play(play(p, "R b2xc1"), "R h3-h4")
    assert texts(after) == {"R+ c1xd1"}


def test_basic_pieces_stop_on_or_pass_through_their_billo_of_the_other_shape() -> None:
    """"Your basic pieces can stop into or move through your Billo of a different shape, even as a
    "bridge" to a capture"."""
    p = pos("""
        8  .  .  .  .  .  .  .  rs
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  .  .  .  .  .
        3  .  .  S+ .  .  .  .  .
        2  .  .  R  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    assert texts(p, "c2") == {"R c2-b3", "R c2-c3", "R c2-d3"}
    assert setup.symbols(play(p, "R c2-c3"))[rules.space("c3")] == "RS+"


def test_billos_stop_on_or_pass_through_own_billos_or_basic_pieces_of_the_other_shape() -> None:
    """"Your Billos can stop into or move through your Billo or simple pieces of a different shape,
    too"."""
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  S+ R  R+ r  .
        3  .  .  .  .  .  .  .  .
        2  .  .  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    assert texts(p) == {"S+ d4-e4-f4xg4"}


def test_never_suicide_by_entering_an_opponent_piece() -> None:
    """"It is always prohibited to "suicide" one of your pieces by entering an opponent's piece"."""
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  r+ .  .  .  .
        4  .  .  .  R+ .  .  .  .
        3  .  .  .  s+ .  .  .  .
        2  .  .  .  R  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    assert "R+ d4-d5" not in texts(p)
    assert "without capturing is not allowed" in reason(p, "R+ d4-d5")
    assert "never be captured by a basic piece" in reason(p, "R d2xd3")
    assert texts(p) == {"R+ d4xd3"}


def test_a_composite_billo_behaves_as_a_billo_and_is_never_captured() -> None:
    """"It's a round Billo in the same space with a square Billo of the same colour; it behaves
    exactly as a basic Billo"; "has only a defensive function and can never be captured"."""
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  r+ .  .  .
        4  .  .  .  R+S+ .  .  .  .
        3  .  .  .  .  .  .  .  .
        2  .  .  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """, turn=ORANGE)
    assert texts(p) == {f"R+ e5-{s}" for s in ("d6", "e6", "f6", "f5", "f4", "e4", "d5")}
    assert "never captured" in reason(p, "R+ e5xd4")
    # Yellow's turn: the square part alone captures; the round part must let it.
    assert texts(billo.Position(p.board, YELLOW)) == {"S+ d4xe5"}
    alone = pos("""
        8  .  .  .  .  .  .  .  r+
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  R+S+ .  .  .  .
        3  .  .  .  .  .  .  .  .
        2  .  .  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    assert len(texts(alone, "d4")) == 16
    assert setup.symbols(play(alone, "S+ d4-d5"))[rules.space("d4")] == "R+"


def test_win_by_leaving_the_opponent_without_a_move() -> None:
    """"Winner is the first player who captures all his opponent's pieces, or when his opponent
    can't move any piece in his turn"."""
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  S
        4  .  .  .  .  .  .  .  .
        3  .  .  .  .  .  .  .  .
        2  .  r  .  R+ .  .  .  .
        1  R  R  .  .  .  .  .  .
    """)
    assert rules.outcome(p) is None
    after = play(p, "R+ d2-c1")
    assert rules.outcome(after) == Outcome("yellow", "no-moves")


def test_draw_when_both_players_have_only_one_shape() -> None:
    """"The game is a draw when: 1. Both players have only pieces of the same shape"."""
    squares = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  s  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  S+ .  .  .  .
        3  .  .  .  .  .  .  .  .
        2  .  S  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    assert rules.outcome(squares) == Outcome("draw", "draw-shapes")
    different = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  s  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  R+ .  .  .  .
        3  .  .  .  .  .  .  .  .
        2  .  R  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    assert rules.outcome(different) is None


def test_draw_when_one_has_only_round_billos_and_the_other_only_square_billos() -> None:
    """"2. One player has only round Billo(s), and the other only square Billo(s)"."""
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  r+ .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  S+ .  .  .  .
        3  .  .  .  .  .  .  .  .
        2  .  S+ .  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """, turn=ORANGE)
    assert rules.outcome(p) == Outcome("draw", "draw-billos")
    assert rules.legal_moves(p) == []


def test_draw_claimed_when_each_has_one_round_and_one_square_billo() -> None:
    """"3. Every player has only one square Billo and one round Billo" (the one winning position the
    text mentions is not described: the claim is accepted whenever the material matches)."""
    p = pos("""
        8  r+s+ .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  R+ .  .  .  .
        3  .  .  .  .  .  .  .  .
        2  .  S+ .  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    assert rules.outcome(p) is None
    assert game.claim_draw(p) == Outcome("draw", "draw-claimed")


def test_priority_the_highest_number_of_pieces() -> None:
    """"If you can choose between different captures, you MUST capture the highest number of pieces
    available"."""
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  s  .  .  .  .
        3  .  s  .  s  .  .  .  .
        2  .  .  R  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    assert texts(p) == {"R c2xd3xd4"}


def test_priority_the_pieces_of_greatest_value() -> None:
    """"If the numbers are the same, you must capture the pieces of greatest value (a Billo is more
    valuable than a simple piece)"."""
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  s  .  s+ .  .  .
        4  .  .  .  R+ .  .  .  .
        3  .  .  .  .  .  .  .  .
        2  .  .  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    assert texts(p) == {"R+ d4xe5"}


def test_priority_with_the_strongest_piece() -> None:
    """"If numbers are values are the same, you must capture with your strongest piece (i.e. with a
    Billo)"."""
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  s  .  .  .  .
        4  .  .  R  .  R+ .  .  .
        3  .  .  .  .  .  .  .  .
        2  .  .  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    assert texts(p) == {"R+ e4xd5"}
    assert "made by a Billo" in reason(p, "R c4xd5")


def test_no_priority_about_the_shape_of_pieces() -> None:
    """"There is not any priority about the shape of pieces"."""
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  r  s  .  .  .
        3  .  .  .  RS .  .  .  .
        2  .  .  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    assert texts(p) == {"R d3xe4", "S d3xd4"}
