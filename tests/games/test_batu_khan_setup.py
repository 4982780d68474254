"""Batu Khan Setup strings, board sizes and diagrams (docs/batu-khan.md, "Setup strings")."""

from __future__ import annotations

import pytest
from test_batu_khan_helpers import NORTH, SOUTH, play, pos, texts

from pbmkit.games import batu_khan as bk
from pbmkit.games.base import Outcome, SetupError
from pbmkit.games.batu_khan import rules, setup

EXAMPLE = "5x5 S:Bc1,Wb2 S-hand:KX S-out:Y N:Kd5,Xc3 N-hand:BYW n"


def test_the_standard_setup_is_an_empty_board_with_everything_in_hand() -> None:
    assert setup.standard_setup() == "5x5 S-hand:BYKWX N-hand:BYKWX s"
    assert setup.parse_setup(setup.standard_setup()) == rules.initial_position()
    assert setup.format_setup(rules.initial_position()) == setup.standard_setup()
    assert setup.format_setup(rules.initial_position(7, 4)) == "7x4 S-hand:BYKWX N-hand:BYKWX s"


def test_the_documented_example_reads_every_group() -> None:
    p = setup.parse_setup(EXAMPLE)
    assert (p.files, p.ranks, p.turn) == (5, 5, NORTH)
    assert p.hands == ("KX", "BYW")
    assert rules.out_of_play(p, SOUTH) == "Y" and rules.out_of_play(p, NORTH) == ""
    assert setup.diagram(p) == "\n".join([
        "   a  b  c  d  e",
        "5  .  .  .  k  .",
        "4  .  .  .  .  .",
        "3  .  .  x  .  .",
        "2  .  W  .  .  .",
        "1  .  .  B  .  .",
    ])
    assert setup.format_setup(p) == EXAMPLE


def test_setup_input_is_case_insensitive_in_any_group_order_and_written_canonically() -> None:
    loose = "5X5 n-hand:wyb s-OUT:y N:xC3,kd5 s:wB2,BC1 S-Hand:x,k North"
    assert setup.format_setup(setup.parse_setup(loose)) == EXAMPLE


def test_the_board_size_is_optional_and_defaults_to_5x5() -> None:
    assert setup.parse_setup("S-hand:BYKWX N-hand:BYKWX s") == rules.initial_position()


@pytest.mark.parametrize("files", range(3, 10))
@pytest.mark.parametrize("ranks", range(3, 10))
def test_every_board_from_3x3_to_9x9(files: int, ranks: int) -> None:
    start = rules.initial_position(files, ranks)
    assert len(start.cells) == files * ranks
    last = f"{chr(ord('a') + files - 1)}{ranks}"
    assert start.geometry.names[-1] == last
    assert setup.parse_setup(setup.format_setup(start)) == start
    camp = {f"B@{chr(ord('a') + f)}1" for f in range(files)}
    assert {t for t in texts(start) if t.startswith("B@")} == camp
    after = play(start, "W@a1")
    assert {t for t in texts(after) if t.startswith("W@")} == {
        f"W@{chr(ord('a') + f)}{ranks}" for f in range(files)}
    assert setup.parse_board_size(f"{files}x{ranks}") == (files, ranks)


@pytest.mark.parametrize(("text", "message"), [
    ("", "the Setup is empty"),
    ("10x5 S-hand:BYKWX N-hand:BYKWX s", "3 to 9 files and ranks, not 10x5"),
    ("2x5 S-hand:BYKWX N-hand:BYKWX s", "not 2x5"),
    ("5by5 S-hand:BYKWX N-hand:BYKWX s", "is not files x ranks"),
    ("5x5 S-hand:BYKWX N-hand:BYKWX", "must end with the side to move, 's' (South) or 'n' (North)"),
    ("5x5 S-hand:BYKWX N-hand:BYKWX e", "not 'e'"),
    ("5x5 S=Bc1 S-hand:YKWX N-hand:BYKWX n", "bad Setup group 'S=Bc1'"),
    ("5x5 E:Bc1 S-hand:YKWX N-hand:BYKWX n", "bad Setup group 'E:Bc1'"),
    ("5x5 S:Bc1 S:Yd1 S-hand:KWX N-hand:BYKWX n", "the group S: appears twice"),
    ("5x5 S:c1 S-hand:BYKWX N-hand:BYKWX n", "'c1' in S: is not a piece letter"),
    ("5x5 S:Zc1 S-hand:BYKWX N-hand:BYKWX n", "'Zc1' in S: is not a piece letter"),
    ("5x5 S:Bf1 S-hand:YKWX N-hand:BYKWX n", "f1 in S: is not a square of the 5x5 board (files "
                                             "a-e, ranks 1-5)"),
    ("5x5 S:Bc1 S-hand:YKWX N:Kc1 N-hand:BYWX s", "two pieces on c1"),
    ("5x5 S:Bc1 S-hand:BYKWX N-hand:BYKWX n", "South's blue stone is listed twice (in S: and "
                                               "S-hand:)"),
    ("5x5 S:Bc1 S-hand:KWX N-hand:BYKWX n", "South's yellow stone is missing from the Setup: list it "
                                            "on the board (S:Ya1), in hand (S-hand:Y) or knocked "
                                            "out (S-out:Y)"),
    ("5x5 S-hand:BYKWQ N-hand:BYKWX s", "'Q' in S-hand: is not a piece letter"),
    ("5x5 S:Ba1,Yb1,Kc1,Wd1 S-hand:X N:Be5 N-hand:YKWX s", "South has 4 stones on the board; at "
                                                           "most 3"),
    ("5x5 S-hand:BYKW S-out:X N-hand:BYKWX s", "South has laid no stone but its blockade is not in "
                                               "hand"),
    ("5x5 S-hand:BYKWX N:Be5 N-hand:YKWX s", "North has acted but South has not"),
    ("5x5 S-hand:BYKWX N-hand:BYKWX n", "nobody has acted yet, so it is South's turn"),
    ("5x5 S:Bc1 S-hand:YKWX N-hand:BYKWX s", "so it is North's turn"),
    ("5x5 S:Ba5,Yb5 S-hand:KWX N:Be4 N-hand:YKWX s", "South has two stones in North's camp and it "
                                                     "is South's turn"),
])
def test_bad_setups_are_refused_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(SetupError) as info:
        setup.parse_setup(text)
    assert message in str(info.value)


def test_a_very_long_setup_is_refused_before_it_is_read() -> None:
    with pytest.raises(SetupError, match="at most 400"):
        setup.parse_setup("5x5 " + "S-hand:B " * 100 + "s")


def test_a_finished_game_is_a_valid_position_with_its_result() -> None:
    p = setup.parse_setup("5x5 S:Ba5,Yb5 S-hand:KWX N:Be4 N-hand:YKWX n")
    assert rules.outcome(p) == Outcome("south", "camp")


@pytest.mark.parametrize("size", ["5x5", "7x7", "3x9", "9x3", " 6X4 ", "8×8"])
def test_board_sizes_as_the_board_tag_writes_them(size: str) -> None:
    files, ranks = setup.parse_board_size(size)
    assert f"{files}x{ranks}" == size.strip().lower().replace("×", "x")


@pytest.mark.parametrize("size", ["5", "x5", "5x", "10x10", "0x0", "5x5x5", "five", "55x5"])
def test_bad_board_sizes_say_what_is_expected(size: str) -> None:
    with pytest.raises(SetupError, match=r"files x ranks|3 to 9"):
        setup.parse_board_size(size)


def test_diagrams_round_trip_and_need_rectangular_rows_of_known_cells() -> None:
    p = setup.parse_setup(EXAMPLE)
    assert setup.from_diagram(setup.diagram(p), NORTH, "Y") == p
    with pytest.raises(SetupError, match="same number of cells"):
        pos("""
            . . .
            . . . .
            . . .
        """)
    with pytest.raises(SetupError, match="'Q' is not a cell"):
        pos("""
            . . .
            . Q .
            . . .
        """)
    with pytest.raises(SetupError, match="3 to 9 rows and columns, not 2x2"):
        pos("""
            . .
            . .
        """)


def test_validate_names_impossible_positions() -> None:
    base = rules.initial_position()
    assert setup.validate(base) == []
    assert setup.validate(bk.Position(5, 5, base.cells[:-1])) == ["a 5x5 board has 25 squares, not 24"]
    assert setup.validate(bk.Position(5, 5, "Q" + base.cells[1:])) == [
        "a1 holds an unknown symbol 'Q'"]
    assert setup.validate(bk.Position(5, 5, base.cells, ("XB", "BYKWX"))) == [
        "South's hand 'XB' must list pieces of BYKWX, each once, in that order"]
    two = bk.Position(5, 5, "BB" + base.cells[2:], ("YKWX", "BYKWX"), NORTH)
    assert "South's blue stone stands on both a1 and b1; each side has one" in setup.validate(two)
    both = bk.Position(5, 5, "B" + base.cells[1:], ("BYKWX", "BYKWX"), NORTH)
    assert "South's blue stone is both on a1 and in hand" in setup.validate(both)
    assert setup.validate(bk.Position(11, 5, base.cells)) == [
        "a Batu Khan board has 3 to 9 files and ranks, not 11x5"]
