"""Every spelling of a Batalo move in record-format.md, and the messages for moves that cannot be read."""

from __future__ import annotations

import pytest

from pbmkit.games import batalo
from pbmkit.games.batalo import rules, setup
from pbmkit.records import IllegalMoveError, MoveSyntaxError, format_move, parse_move

START = setup.initial_position()


def move(a: str, b: str) -> batalo.Move:
    return batalo.Move(rules.space(a), rules.space(b))


@pytest.mark.parametrize("text", [
    "IR to HS", "IR-HS", "ir to hs", "Ir To hS", "IR - HS", "IR–HS", "ir-hs", "IR  to\tHS",
    "RI to SH",  # the two alphabets never clash, so the letters may come in either order
    "I'm moving my stone from space IR to space HS",
    "i'm moving my stone from IR to HS",
    "Im moving my stone from space ir to space hs",
])
def test_every_spelling_of_a_slide_is_the_same_move(text: str) -> None:
    assert parse_move("batalo", text, START) == move("IR", "HS")


def test_canonical_form_is_upper_case_names_joined_by_to() -> None:
    assert format_move("batalo", move("IR", "HS"), START) == "IR to HS"


def test_a_hop_series_is_checked_hop_by_hop() -> None:
    # White: stones on IR and HS; IR hops... use a bridge: column on JQ hops IR then over HS.
    pos = setup.parse_setup("W:JQ O:IR,GT B:DW X:CW w")
    got = parse_move("batalo", "JQ to HS to FU", pos)
    assert got == move("JQ", "FU") and got.path == (rules.space("HS"), rules.space("FU"))
    assert format_move("batalo", got, pos) == "JQ to HS to FU"
    with pytest.raises(IllegalMoveError, match="hop 2"):
        parse_move("batalo", "JQ to HS to GS", pos)


def test_an_explicit_capture_must_capture() -> None:
    pos = setup.parse_setup("W:GT O:IR B:DW X:FU w")
    assert parse_move("batalo", "GT x FU", pos) == move("GT", "FU")
    assert parse_move("batalo", "GTxFU", pos) == move("GT", "FU")
    with pytest.raises(IllegalMoveError, match="'x' marks a capture, but FT is empty"):
        parse_move("batalo", "GT x FT", pos)


@pytest.mark.parametrize("text", ["IR to", "IR", "IR -"])
def test_a_missing_destination_is_named(text: str) -> None:
    with pytest.raises(MoveSyntaxError, match="has no destination") as info:
        parse_move("batalo", text, START)
    assert info.value.start == rules.space("IR")


def test_a_pbmserv_name_is_translated_in_the_message() -> None:
    with pytest.raises(MoveSyntaxError, match="g5 looks like a pbmserv name; write it as IR"):
        parse_move("batalo", "g5 to g6", START)
    with pytest.raises(MoveSyntaxError, match="g4 looks like a pbmserv name; write it as JQ"):
        parse_move("batalo", "IR to g4", START)


def test_a_name_off_the_board_is_named() -> None:
    with pytest.raises(MoveSyntaxError, match="NA is not a space of the board"):
        parse_move("batalo", "NA to HS", START)
    with pytest.raises(MoveSyntaxError, match="AN is not a space of the board"):
        parse_move("batalo", "IR to an", START)


def test_the_spoken_piece_word_must_match_the_piece() -> None:
    with pytest.raises(IllegalMoveError, match="names a column, but the piece on IR is a stone"):
        parse_move("batalo", "I'm moving my column from space IR to space HS", START)
    with pytest.raises(IllegalMoveError, match="names a stone, but the piece on JQ is a column"):
        parse_move("batalo", "I'm moving my stone from space JQ to space HS", START)
    with pytest.raises(MoveSyntaxError, match="'stone' or 'column', not 'pawn'"):
        parse_move("batalo", "I'm moving my pawn from space IR to space HS", START)


def test_an_illegal_move_says_why_in_players_words() -> None:
    with pytest.raises(IllegalMoveError, match="EV"):
        parse_move("batalo", "EV to DU", START)  # Black's stone, White to move


def test_x_only_before_the_last_landing() -> None:
    with pytest.raises(MoveSyntaxError, match="only the last landing"):
        parse_move("batalo", "IR x GT to ET", START)


def test_unknown_game_has_a_clear_message() -> None:
    with pytest.raises(KeyError, match="unknown game"):
        parse_move("chess", "e2-e4", START)
