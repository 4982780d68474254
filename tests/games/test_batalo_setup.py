"""Batalo Setup strings, validation of positions, ASCII diagrams, pbmserv names and the registry."""

from __future__ import annotations

import pytest

from pbmkit.games import batalo, get_game
from pbmkit.games.base import Game, SetupError
from pbmkit.games.batalo import Position, rules, setup
from pbmkit.games.batalo.rules import BLACK, BOARD, STANDARD_SETUP, WHITE
from tests.support.batalo_support import mv, play, pos, sp

# --- Setup strings -------------------------------------------------------------------------


def test_the_standard_setup_string_is_the_start_position_and_round_trips() -> None:
    start = setup.initial_position()
    assert setup.parse_setup(STANDARD_SETUP) == start
    assert setup.format_setup(start) == STANDARD_SETUP
    assert STANDARD_SETUP == "W:JQ O:IQ,IR,JP,JR,KP,KQ B:DW X:CW,CX,DV,DX,EV,EW w"


def test_setup_accepts_any_case_any_group_order_black_dots_spaces_and_reversed_names() -> None:
    written = "x: ew, ev,dx,DV,cx,cw  ●: b:dw w:QJ o:iq,ir,jp,jr,kp,kq W"
    with pytest.raises(SetupError, match="appears twice"):
        setup.parse_setup(written)  # X: and ● are the same group
    loose = "X: ew, ev,dx,DV,cx,cw b:dw w:QJ o:iq,ir,jp,jr,kp,kq W"
    assert setup.parse_setup(loose) == setup.initial_position()
    dots = STANDARD_SETUP.replace("X:", "●:")
    assert setup.parse_setup(dots) == setup.initial_position()


def test_setup_round_trips_a_position_with_black_to_move_and_missing_groups() -> None:
    text = "O:GT,HS X:CX,FU b"  # both columns captured
    position = setup.parse_setup(text)
    assert position.turn == BLACK and position.column(WHITE) is None
    assert setup.format_setup(position) == text
    after = play(setup.initial_position(), "IR to HS", "EV to FU", "JQ to IR")
    assert setup.parse_setup(setup.format_setup(after)) == after


@pytest.mark.parametrize(("text", "reason"), [
    ("", "the Setup is empty; expected groups like 'W:JQ' and the side to move"),
    ("W:JQ B:DW", "the Setup must end with the side to move, 'w' or 'b', not 'B:DW'"),
    ("W:JQ B:DW x", "the Setup must end with the side to move, 'w' or 'b', not 'x'"),
    ("Q:JQ B:DW w", "bad Setup group 'Q:JQ': expected W:, O:, B: or X: followed by spaces such as W:JQ"),
    ("WJQ B:DW w", "bad Setup group 'WJQ'"),
    ("W:JQ W:GT B:DW w", "the group W: (white column) appears twice in the Setup"),
    ("W:JQ B:DW O:ZZ w", "'ZZ' in the Setup is not a space of the board"),
    ("W:JQ B:DW O:AN w", "'AN' in the Setup is not a space of the board"),
    ("W:JQ B:DW O:IR,,HS w", "an empty space name in the Setup group 'O:IR,,HS'"),
    ("W:JQ B:DW O:IR,ir w", "two pieces on IR in the Setup"),
    ("W:JQ B:DW X:JQ w", "two pieces on JQ in the Setup"),
])
def test_setup_rejects_malformed_text_with_a_clear_reason(text: str, reason: str) -> None:
    with pytest.raises(SetupError) as err:
        setup.parse_setup(text)
    assert str(err.value).startswith(reason)


@pytest.mark.parametrize(("text", "reason"), [
    ("W:JQ,GT B:DW w", "White has 2 columns; a side has one column"),
    ("W:JQ O:IQ,IR,JP,JR,KP,KQ,GT B:DW w", "White has 7 stones; a side has at most six"),
    ("W:GT O:JQ B:DW w", "a white stone stands on its own base JQ; stones may never land there"),
    ("W:JQ B:GT X:DW w", "a black stone stands on its own base DW; stones may never land there"),
    ("W:DW B:GT b", "a white piece stands on Black's base DW: the game would already be over"),
    ("W:GT B:JQ w", "a black piece stands on White's base JQ: the game would already be over"),
    ("W:DW B:JQ b", "both sides have a piece on the other's base"),
    ("W:DW B:GT w", "a white piece is on Black's base, so White moved last and won; it cannot be "
                    "White's turn"),
    ("W:JQ O:GT b", "Black has no pieces: the game would already be over"),
    ("W:JQ O:GT w", "Black has no pieces, so White captured the last one and won; it cannot be White's turn"),
    ("w", "there are no pieces on the board"),
])
def test_setup_rejects_every_kind_of_impossible_or_finished_position(text: str, reason: str) -> None:
    with pytest.raises(SetupError) as err:
        setup.parse_setup(text)
    assert str(err.value).startswith("impossible Setup: ")
    assert reason in str(err.value)


# --- validate: possible and impossible positions -------------------------------------------


def test_validate_accepts_finished_games_with_the_loser_to_move() -> None:
    won_on_base = play(pos("JQW EVo GTB"), "EV to DW")
    captured_all = play(pos("GTW HTx"), "GT to HT")
    for finished in (won_on_base, captured_all):
        assert setup.validate(finished) == []
        assert setup.from_diagram(setup.diagram(finished), "b") == finished
        with pytest.raises(SetupError, match="the game would already be over"):
            setup.parse_setup(setup.format_setup(finished))


def test_validate_explains_positions_that_are_not_batalo_positions() -> None:
    assert setup.validate(Position((0,) * 5)) == ["a position has 127 spaces, not 5"]
    assert setup.validate(Position((3,) + (0,) * 126)) == [
        "a space holds something that is not a Batalo piece"]
    assert setup.validate(Position(setup.initial_position().board, 0)) == [
        "the side to move must be White or Black"]


# --- diagrams ------------------------------------------------------------------------------


def test_a_diagram_of_any_position_reads_back_as_that_position() -> None:
    position = play(setup.initial_position(), "IR to HS", "EV to FU", "JQ to IR")
    text = setup.diagram(position)
    assert "HSo" in text and "FUx" in text and "IRW" in text and "JQ " in text
    assert setup.from_diagram(text, "b") == position
    assert setup.from_diagram(text, BLACK) == position


@pytest.mark.parametrize(("text", "reason"), [
    ("JQW IRX DWB", "cannot read 'IRX' in the diagram: write a space name, followed by W, o, B or x"),
    ("JQW ANo DWB", "AN in the diagram is not a space of the board"),
    ("JQW IRo IR DWB", "IR appears twice in the diagram"),
    ("JQW JQo DWB", "JQ appears twice in the diagram"),
    ("GTW JQo DWB", "impossible diagram: a white stone stands on its own base JQ"),
])
def test_a_bad_diagram_is_refused_with_the_reason(text: str, reason: str) -> None:
    with pytest.raises(SetupError) as err:
        setup.from_diagram(text)
    assert str(err.value).startswith(reason)


def test_a_diagram_needs_a_side_to_move_of_w_or_b() -> None:
    with pytest.raises(SetupError, match="the side to move must be 'w' or 'b', not 'x'"):
        setup.from_diagram("JQW DWB", "x")


# --- pbmserv names -------------------------------------------------------------------------


def test_pbmserv_names_convert_both_ways_for_every_space() -> None:
    names = {rules.to_pbmserv(s) for s in range(BOARD.size)}
    assert len(names) == BOARD.size
    for s in range(BOARD.size):
        assert rules.from_pbmserv(rules.to_pbmserv(s)) == s
        assert rules.from_pbmserv(rules.to_pbmserv(s).upper()) == s
    named = ("JQ", "GT", "DW", "IR", "HS", "MN", "AZ", "GN", "MT")
    assert [rules.to_pbmserv(sp(n)) for n in named] == [
        "g4", "g7", "g10", "g5", "g6", "g1", "g13", "a1", "m7"]


@pytest.mark.parametrize("name", ["n4", "g0", "g14", "gg", "a13", "m1", ""])
def test_pbmserv_names_off_the_board_are_refused(name: str) -> None:
    with pytest.raises(KeyError):
        rules.from_pbmserv(name)


def test_phone_chart_names_off_the_board_are_refused_by_name() -> None:
    with pytest.raises(KeyError, match="'AN' is not a space of the board"):
        rules.space("AN")
    assert rules.space("ri") == rules.space("IR")


# --- the registry ----------------------------------------------------------------------------


def test_batalo_is_registered_and_follows_the_game_protocol() -> None:
    game = get_game("Batalo")
    assert game is batalo.GAME and get_game("batallo") is game
    assert isinstance(game, Game)
    start = game.initial_position()
    assert game.format_setup(start) == STANDARD_SETUP
    assert game.check_move(start, mv("IR to HS")) is None
    assert game.outcome(game.apply(start, mv("IR to HS"))) is None
