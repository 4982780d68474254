"""Billo Setup strings, diagrams, symbols, the helpers the notation uses, and the Game protocol."""

from __future__ import annotations

import pytest
from test_billo_helpers import mv, pos

from pbmkit.games import billo
from pbmkit.games.base import Game, SetupError
from pbmkit.games.billo import Move, Position, check, rules, setup
from pbmkit.games.billo.rules import BASIC, BILLO, ORANGE, YELLOW

SAMPLE = """
   a    b    c    d    e    f    g    h
8  .    .    .    .    .    .    .    rs
7  .    .    r+   .    .    .    .    .
6  .    .    .    .    .    .    .    .
5  .    .    .    S+   .    .    .    .
4  .    .    .    R+S+ s    .    .    .
3  .    .    .    .    .    .    .    .
2  .    RS+  .    .    .    .    .    .
1  R    .    .    .    .    .    .    .
"""


def test_the_standard_setup_is_the_start_position() -> None:
    start = setup.initial_position()
    assert setup.format_setup(start) == setup.STANDARD_SETUP
    assert setup.parse_setup(setup.STANDARD_SETUP) == start
    assert setup.STANDARD_SETUP.startswith("YR:a1,b1,c1,d1,e1,f1,g1,h1 YS:a1,")
    assert setup.STANDARD_SETUP.endswith(" y")


def test_setup_writes_groups_billo_marks_side_and_quiet_count() -> None:
    p = setup.from_diagram(SAMPLE, ORANGE, quiet=7)
    text = setup.format_setup(p)
    assert text == "YR:a1,b2,d4+ YS:b2+,d4+,d5+ OR:c7+,h8 OS:e4,h8 o 7"
    assert setup.parse_setup(text) == p


def test_setup_is_read_case_insensitively_in_any_order_with_groups_left_out() -> None:
    p = setup.parse_setup("os:E4 yr:A1,D4+ Y")
    assert setup.symbols(p) == {rules.space("a1"): "R", rules.space("d4"): "R+",
                                rules.space("e4"): "s"}
    assert p.turn == YELLOW and p.quiet == 0


@pytest.mark.parametrize(("text", "message"), [
    ("", "the Setup is empty"),
    ("YR:a1 OS:h8", "must end with the side to move"),
    ("YR:a1 OS:h8 w", "must end with the side to move"),
    ("YR:a1 XX:h8 y", "bad Setup group 'XX:h8'"),
    ("YR:a1 YR:b1 OS:h8 y", "the group YR: appears twice"),
    ("YR:a1,i9 OS:h8 y", "'i9' in the Setup group YR: is not a square"),
    ("YR:a1,a1 OS:h8 y", "two round pieces on a1"),
    ("YR:a1 OS:a1,h8 y", "a1 holds both yellow and orange pieces"),
    ("YR:a1,b1,c1,d1,e1,f1,g1,h1,a2 OS:h8 y", "Yellow has 9 round pieces"),
    ("YR:a8 OS:h7 y", "basic yellow round piece on a8 is on its last rank"),
    ("YR:a2 OS:h1 y", "basic orange square piece on h1 is on its last rank"),
    ("YR:a2 y", "Orange has no pieces"),
])
def test_impossible_or_malformed_setups_are_refused_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(SetupError, match=message.replace("+", r"\+")):
        setup.parse_setup(text)


def test_a_billo_may_stand_on_its_own_last_rank() -> None:
    p = setup.parse_setup("YR:a8+ OS:h1+ o")
    assert setup.symbols(p) == {rules.space("a8"): "R+", rules.space("h1"): "s+"}
    assert setup.validate(p) == []


def test_validate_reports_impossible_positions_built_directly() -> None:
    board = [0] * 64
    for sq in range(9):
        board[sq + 16] = rules.cell(YELLOW, square_state=BASIC)
    board[63] = rules.cell(YELLOW, round_state=BASIC)
    problems = setup.validate(Position(tuple(board), YELLOW))
    assert any("9 square pieces" in p for p in problems)
    assert any("h8 is on its last rank" in p for p in problems)
    assert setup.validate(Position(tuple(board[:10]))) == ["a position has 64 squares, not 10"]


def test_diagram_of_the_start_and_round_trip() -> None:
    start = setup.initial_position()
    lines = setup.diagram(start).splitlines()
    assert lines[0] == "   a    b    c    d    e    f    g    h"
    assert lines[1] == "8  rs   rs   rs   rs   rs   rs   rs   rs"
    assert lines[8] == "1  RS   RS   RS   RS   RS   RS   RS   RS"
    assert setup.from_diagram(setup.diagram(start)) == start
    p = setup.from_diagram(SAMPLE)
    assert setup.from_diagram(setup.diagram(p)) == p
    assert setup.diagram(p).strip() == SAMPLE.strip()


@pytest.mark.parametrize(("text", "message"), [
    ("8 . . . . . . . .", "a diagram has 8 rows, not 1"),
    (SAMPLE.replace("6  .    .", "6  ."), "has 7 cells, not 8"),
    (SAMPLE.replace("6  .    .", "6  X    ."), "'X' on a6 is not a cell"),
    (SAMPLE.replace("1  R ", "1  Rs "), "mixes upper and lower case"),
    (SAMPLE.replace("6  ", "5  ", 1), "row labelled 5 where rank 6 was expected"),
    (SAMPLE.replace("8  .    .", "8  R    ."), "basic yellow round piece on a8"),
])
def test_bad_diagrams_are_refused(text: str, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        setup.from_diagram(text)


def test_symbols_name_what_stands_on_each_occupied_square() -> None:
    p = setup.from_diagram(SAMPLE)
    symbols = setup.symbols(p)
    assert symbols[rules.space("d4")] == "R+S+"
    assert symbols[rules.space("b2")] == "RS+"
    assert symbols[rules.space("c7")] == "r+"
    assert len(symbols) == 7
    assert rules.describe_cell(p.board[rules.space("d4")]) == "a yellow composite Billo"
    assert rules.describe_cell(p.board[rules.space("e4")]) == "an orange square piece"


def test_move_helpers_name_the_squares_the_piece_and_its_kind() -> None:
    p = setup.from_diagram(SAMPLE)
    move = mv("S+ d4-d5")  # not legal (d5 is a square Billo) but the helpers only describe it
    assert rules.move_squares(move) == (rules.space("d4"), rules.space("d5"))
    assert rules.is_billo_move(p, move)
    assert rules.moving_piece(p, mv("R a1-a2")) == BASIC
    assert rules.moving_piece(p, mv("S b2-b3")) == BILLO
    assert rules.move_text(p, mv("R+ d4xe4")) == "R+ d4xe4"
    assert str(mv("R a1-b2")) == "R a1-b2"
    sq = rules.space
    assert Move.along("R", [sq("c2"), sq("d3"), sq("e4")], [sq("d3")]) == mv("R c2xd3-e4")


def test_matching_moves_lists_the_candidates_of_an_ambiguous_move() -> None:
    start = setup.initial_position()
    a1, a2 = rules.space("a1"), rules.space("a2")
    both = check.matching_moves(start, [a1, a2])
    assert {m.piece for m in both} == {"R", "S"}
    assert check.matching_moves(start, [a1, a2], piece="S") == [Move("S", a1, (a2,))]
    assert check.matching_moves(start, [a1, a2], billo=True) == []
    assert check.matching_moves(start, [a1, rules.space("a3")]) == []


def test_why_not_explains_a_move_no_legal_move_matches() -> None:
    start = setup.initial_position()
    sq = rules.space
    assert "not a step to a neighbouring square" in check.why_not(start, [sq("a1"), sq("a3")],
                                                                  piece="R")
    same = check.why_not(start, [sq("a1"), sq("a3")])
    assert same.startswith("a1 to a3 is not a step") and "piece:" not in same
    p = setup.from_diagram(SAMPLE)
    both = check.why_not(p, [sq("b2"), sq("a1")])
    assert both.startswith("round piece: b2 to a1 is not forward")
    assert "; square piece: capture is mandatory: R+ d4xe4" in both
    assert check.why_not(start, [sq("d4"), sq("d5")]) == "there is no piece on d4"
    assert "holds an orange double" in check.why_not(start, [sq("a8"), sq("a7")])
    assert "is a basic piece, not a Billo" in check.why_not(start, [sq("a1"), sq("a2")], "R",
                                                            billo=True)
    p = pos("""
        8  .  .  .  .  .  .  .  .
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  .  .  .  .  .
        3  .  .  s  .  .  .  .  .
        2  .  R  .  .  .  .  .  .
        1  .  .  .  .  .  .  .  .
    """)
    # With no x written, a square holding an opponent's piece is read as a capture.
    assert check.why_not(p, [sq("b2"), sq("b3")]).startswith("capture is mandatory")
    assert "write x" in check.why_not(p, [sq("b2"), sq("c3")], captures=[])


def test_check_move_rejects_nonsense_without_a_traceback() -> None:
    start = setup.initial_position()
    assert "R (round) or S (square)" in check.check_move(start, Move("Q", 0, (8,)))
    assert "not on the board" in check.check_move(start, Move("R", 99, (8,)))
    assert "not on the board" in check.check_move(start, Move("R", 0, (99,)))
    assert "another square" in check.check_move(start, Move("R", 0, ()))
    assert "nothing is captured on a2" in check.check_move(start, mv("R a1xa2"))


def test_the_game_object_follows_the_protocol() -> None:
    game = billo.GAME
    assert isinstance(game, Game)
    assert (game.name, game.title, game.sides) == ("billo", "Billo", ("yellow", "orange"))
    assert game.board.kind == "square" and game.board.size == 64
    start = game.initial_position()
    assert game.side_to_move(start) == "yellow"
    assert game.side_to_move(game.configure({"First": "Orange"}).initial_position()) == "orange"
    move = game.legal_moves(start)[0]
    assert game.check_move(start, move) is None
    assert game.side_to_move(game.apply(start, move)) == "orange"
    assert game.outcome(start) is None
    assert game.parse_setup(game.format_setup(start)) == start
