"""Batu Khan rulings 1–7 (docs/batu-khan.md, "pbmkit's rulings 1–7"): tests per ruling.

Diagrams: the last rank on top; South upper case (camp rank 1, moves up), North lower case (camp
the last rank, moves down); B blue, Y yellow, K black, W white stone, X blockade. Pieces not drawn
are in hand unless listed as out.
"""

from __future__ import annotations

from test_batu_khan_helpers import NORTH, SOUTH, mv, play, pos, reason, sq, texts

from pbmkit.games import batu_khan as bk
from pbmkit.games.base import Outcome
from pbmkit.games.batu_khan import check, rules, setup
from pbmkit.records import check_text


def test_ruling_1_opening_each_players_first_action_lays_a_stone_in_their_camp() -> None:
    start = rules.initial_position()
    assert texts(start) == {f"{p}@{f}1" for p in "BYKW" for f in "abcde"}
    assert "first action must be laying one of your stones" in reason(start, "X@c3")
    assert "not in your camp" in reason(start, "B@c2")
    after = play(start, "W@c1")
    assert texts(after) == {f"{p}@{f}5" for p in "BYKW" for f in "abcde"}
    assert "first action must be laying" in reason(after, "X@c1")
    # From South's second turn on, the blockade and moves are allowed.
    second = play(after, "K@a5")
    assert {"X@c3", "W c1-c2", "Y@a1"} <= texts(second)


def test_ruling_1_the_opening_is_also_what_a_setup_must_respect() -> None:
    assert setup.validate(bk.Position(5, 5, "." * 25, ("YKWX", "BYKWX"), SOUTH)) == [
        "South has acted and North has not yet, so it is North's turn"]
    assert any("South acts first" in p for p in setup.validate(
        bk.Position(5, 5, "." * 20 + "b....", ("BYKWX", "YKWX"), SOUTH)))


def test_ruling_2_a_stone_is_laid_on_a_free_square_of_the_own_camp() -> None:
    p = pos("""
        5  .  .  k  .  .
        4  .  .  .  .  .
        3  .  .  .  .  .
        2  .  .  .  .  .
        1  B  .  .  .  .
    """)
    assert {m for m in texts(p) if m.startswith("Y@")} == {"Y@b1", "Y@c1", "Y@d1", "Y@e1"}
    assert reason(p, "Y@a1") == "a1 is not free: it holds your blue stone"
    assert "c3 is not in your camp" in reason(p, "Y@c3")
    assert "rank 1" in reason(p, "Y@c5")
    north = rules.apply(p, mv("W@e1"))  # South plays; North lays on the last rank only
    assert {m for m in texts(north) if m.startswith("W@")} == {"W@a5", "W@b5", "W@d5", "W@e5"}
    assert "rank 5" in reason(north, "W@a1")


def test_ruling_2_only_while_the_player_has_fewer_than_3_stones_on_the_board() -> None:
    p = pos("""
        5  .  .  k  .  .
        4  .  .  .  .  .
        3  .  .  Y  .  .
        2  .  B  .  .  .
        1  .  .  .  W  .
    """)
    assert not any(m[0] in "BYKW" and m[1] == "@" for m in texts(p))
    assert reason(p, "K@a1") == ("you already have 3 stones on the board (d1, b2, c3): at most 3 of "
                                 "your stones may be in play at once")
    assert "X@a1" in texts(p)  # the blockade is no stone


def test_ruling_2_house_a_knocked_out_stone_is_gone_for_good() -> None:
    p = pos("""
        5  .  .  k  .  .
        4  .  .  .  .  .
        3  .  .  .  .  .
        2  .  .  .  .  .
        1  .  .  .  W  .
    """, out="Y")
    lays = {m for m in texts(p) if m[1] == "@"}
    assert lays == {f"{s}@{f}1" for s in "BK" for f in "abce"} | {
        f"X@{n}" for n in ("a1", "b1", "c1", "e1")} | {
        f"X@{f}{r}" for f in "abcde" for r in (2, 3, 4)} | {f"X@{f}5" for f in "abde"}
    assert reason(p, "Y@a1") == ("your yellow stone was knocked out: a knocked-out stone is out of "
                                 "the game for good")
    assert reason(p, "W@a1") == "your white stone is already on the board, on d1"
    assert rules.out_of_play(p, SOUTH) == "Y"


def test_ruling_3_blue_moves_1_or_2_squares_straight_forward() -> None:
    p = pos("""
        5  .  .  .  .  k
        4  .  .  .  .  .
        3  .  .  .  .  .
        2  .  .  B  .  .
        1  .  .  .  .  .
    """)
    assert texts(p, "c2") == {"B c2-c3", "B c2-c4"}
    for bad in ("B c2-c1", "B c2-b3", "B c2-d2", "B c2-c5"):
        assert "the blue stone moves 1 or 2 squares straight forward" in reason(p, bad)


def test_ruling_3_north_moves_down_the_board() -> None:
    p = pos("""
        5  .  .  .  .  .
        4  .  .  b  .  .
        3  .  .  .  .  .
        2  .  .  .  .  .
        1  K  .  .  .  .
    """, turn=NORTH)
    assert texts(p, "c4") == {"B c4-c3", "B c4-c2"}
    assert "straight forward" in reason(p, "B c4-c5")


def test_ruling_3_yellow_moves_1_or_2_squares_diagonally_forward_in_a_straight_line() -> None:
    p = pos("""
        5  .  .  .  .  k
        4  .  .  .  .  .
        3  .  .  .  .  .
        2  .  .  .  .  .
        1  .  .  Y  .  .
    """)
    assert texts(p, "c1") == {"Y c1-b2", "Y c1-a3", "Y c1-d2", "Y c1-e3"}
    assert "diagonally forward in a straight line" in reason(p, "Y c1-c2")
    assert "diagonally forward" in reason(p, "Y c1-d3")  # a bend is no move


def test_ruling_3_black_moves_1_square_diagonally_forward_or_backward() -> None:
    p = pos("""
        5  .  .  .  .  k
        4  .  .  .  .  .
        3  .  .  K  .  .
        2  .  .  .  .  .
        1  .  .  .  .  .
    """)
    assert texts(p, "c3") == {"K c3-b2", "K c3-d2", "K c3-b4", "K c3-d4"}
    assert "1 square diagonally" in reason(p, "K c3-c4")
    assert "1 square diagonally" in reason(p, "K c3-a5")


def test_ruling_3_white_moves_1_square_in_any_of_the_8_directions() -> None:
    p = pos("""
        5  .  .  .  .  k
        4  .  .  .  .  .
        3  .  .  W  .  .
        2  .  .  .  .  .
        1  .  .  .  .  .
    """)
    assert texts(p, "c3") == {f"W c3-{n}" for n in ("b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4")}
    assert "1 square in any direction" in reason(p, "W c3-c5")


def test_ruling_3_only_onto_a_free_square_and_never_over_an_occupied_one() -> None:
    p = pos("""
        5  .  .  .  .  k
        4  .  .  .  .  .
        3  .  .  x  .  .
        2  .  w  B  .  .
        1  Y  .  .  .  .
    """)
    assert texts(p, "c2") == set()
    assert reason(p, "B c2-c3").startswith("c3 holds North's blockade: a stone moves only onto a "
                                           "free square; only one of your stones threatens c3")
    assert reason(p, "B c2-c4") == ("c3, between c2 and c4, holds North's blockade: a stone never "
                                    "jumps over a stone or a blockade")
    assert texts(p, "a1") == set()
    assert reason(p, "Y a1-c3") == ("b2, between a1 and c3, holds North's white stone: a stone never "
                                    "jumps over a stone or a blockade")


def test_ruling_3_a_stone_moves_into_within_and_out_of_any_camp() -> None:
    white = pos("""
        5  .  W  .  .  k
        4  .  .  .  .  .
        3  .  .  .  .  .
        2  .  .  .  .  .
        1  .  B  .  .  .
    """)
    assert texts(white, "b5") == {"W b5-a5", "W b5-c5", "W b5-a4", "W b5-b4", "W b5-c4"}
    assert texts(white, "b1") == {"B b1-b2", "B b1-b3"}  # out of its own camp
    black = pos("""
        5  .  .  .  K  k
        4  .  .  .  .  .
        3  .  .  .  .  .
        2  .  .  .  .  .
        1  .  B  .  .  .
    """)
    assert texts(black, "d5") == {"K d5-c4", "K d5-e4"}
    into = pos("""
        5  .  .  .  .  k
        4  .  Y  .  .  .
        3  .  .  .  .  .
        2  .  .  .  .  .
        1  .  .  .  .  .
    """)
    assert texts(into, "b4") == {"Y b4-a5", "Y b4-c5"}


def test_ruling_4_the_blockade_is_laid_once_on_any_free_square_camps_included() -> None:
    p = pos("""
        5  .  .  k  .  .
        4  .  .  .  .  .
        3  .  .  .  .  .
        2  .  .  .  .  .
        1  .  .  W  .  .
    """)
    blockades = {m for m in texts(p) if m.startswith("X@")}
    assert blockades == {f"X@{f}{r}" for f in "abcde" for r in range(1, 6)} - {"X@c1", "X@c5"}
    after = play(p, "X@a5", "K c5-d4")
    assert setup.format_setup(after) == "5x5 S:Wc1,Xa5 S-hand:BYK N:Kd4 N-hand:BYWX s"
    assert reason(after, "X@b3") == "your blockade is already on a5: it is laid once and never moves"
    assert reason(after, "X a5-a4") == "a blockade never moves once it is laid"
    gone = pos("""
        5  .  .  k  .  .
        4  .  .  .  .  .
        3  .  .  .  .  .
        2  .  .  .  .  .
        1  .  .  W  .  .
    """, out="X")
    assert reason(gone, "X@b3") == ("your blockade was knocked out: each player lays a blockade once "
                                    "a game")


def test_ruling_5_threat_two_stones_adjacent_each_reaching_the_square_in_one_step() -> None:
    p = pos("""
        5  .  .  .  .  .
        4  .  .  .  .  .
        3  .  .  k  W  .
        2  .  .  B  .  .
        1  .  .  .  .  .
    """)
    # c3 holds a stone, yet is threatened: each stone could step there if it were free.
    assert set(rules.threateners(p, SOUTH, sq(p, "c3"))) == {sq(p, "c2"), sq(p, "d3")}
    # c4 is next to the white stone only (the blue one reaches it in two steps, which never
    # threatens); d2 is next to both but the blue stone never moves sideways.
    assert rules.threateners(p, SOUTH, sq(p, "c4")) == (sq(p, "d3"),)
    assert rules.threateners(p, SOUTH, sq(p, "d2")) == (sq(p, "d3"),)
    assert rules.threatened_squares(p, SOUTH) == (sq(p, "c3"),)
    assert rules.threatened_squares(p, NORTH) == ()  # one stone never threatens


def test_ruling_5_each_kind_threatens_with_its_one_step_moves_only() -> None:
    p = pos("""
        5  .  .  .  .  .
        4  .  .  .  .  .
        3  .  .  k  .  .
        2  .  Y  B  K  .
        1  .  .  .  .  .
    """)
    # c3: blue straight ahead (c2), yellow diagonally ahead (b2), black diagonally (d2).
    assert set(rules.threateners(p, SOUTH, sq(p, "c3"))) == {sq(p, n) for n in ("b2", "c2", "d2")}
    # a black stone threatens backward too; a yellow or blue one never does.
    assert set(rules.threateners(p, SOUTH, sq(p, "c1"))) == {sq(p, "d2")}
    assert sq(p, "c4") not in rules.threatened_squares(p, SOUTH)  # blue's two-step never threatens
    assert sq(p, "c3") in rules.threatened_squares(p, SOUTH)


def test_ruling_5_two_step_moves_never_threaten() -> None:
    p = pos("""
        5  .  .  .  .  .
        4  .  .  k  .  .
        3  .  .  .  W  .
        2  .  .  B  .  .
        1  .  .  .  .  .
    """)
    assert rules.threateners(p, SOUTH, sq(p, "c4")) == (sq(p, "d3"),)
    assert "c2xc4" not in " ".join(texts(p))
    assert reason(p, "B c2xc4") == ("a knock-out is a one-step move onto a square you threaten, and "
                                    "c2 to c4 is two steps")


def test_ruling_6_knock_out_an_opponents_stone_on_a_threatened_square() -> None:
    p = pos("""
        5  .  .  .  .  .
        4  .  .  .  .  .
        3  .  .  w  .  .
        2  .  K  .  Y  .
        1  .  .  .  .  .
    """)
    assert {t for t in texts(p) if "x" in t} == {"K b2xc3", "Y d2xc3"}
    after = play(p, "Y d2xc3")
    assert setup.format_setup(after) == "5x5 S:Yc3,Kb2 S-hand:BWX N-hand:BYKX N-out:W n"
    assert rules.out_of_play(after, NORTH) == "W"
    assert "W@e5" not in texts(after)  # out of play for good


def test_ruling_6_a_stone_in_its_opponents_camp_cannot_be_knocked_out() -> None:
    p = pos("""
        5  .  .  .  k  .
        4  .  .  .  .  .
        3  .  .  .  .  .
        2  .  W  .  K  .
        1  .  .  w  .  .
    """)
    assert set(rules.threateners(p, SOUTH, sq(p, "c1"))) == {sq(p, "b2"), sq(p, "d2")}
    assert not any("xc1" in t for t in texts(p))
    assert reason(p, "W b2xc1") == ("a stone in its opponent's camp cannot be knocked out: North's "
                                    "white stone on c1 stands in your camp")


def test_ruling_6_a_player_never_knocks_out_their_own_stone() -> None:
    p = pos("""
        5  .  .  .  .  k
        4  .  .  .  .  .
        3  .  .  B  .  .
        2  .  W  .  K  .
        1  .  .  .  .  .
    """)
    assert reason(p, "W b2xc3") == ("c3 holds your own blue stone: a player never knocks out their "
                                    "own stone")
    assert reason(p, "W b2-c3") == "c3 holds your blue stone: a stone moves only onto a free square"


def test_ruling_6_either_blockade_is_knocked_out_and_never_protected() -> None:
    p = pos("""
        5  .  .  k  .  .
        4  .  .  .  .  .
        3  .  .  .  .  .
        2  .  W  .  K  .
        1  .  .  X  .  x
    """)
    # c1 is South's own camp; a blockade there is still fair game, and so is South's own.
    assert {t for t in texts(p) if "x" in t[2:]} == {"W b2xc1", "K d2xc1"}
    after = play(p, "K d2xc1")
    assert rules.out_of_play(after, SOUTH) == "X"
    q = pos("""
        5  .  .  k  .  x
        4  .  .  .  W  .
        3  .  .  .  .  K
        2  .  .  .  .  .
        1  .  .  .  .  .
    """)
    assert {t for t in texts(q) if "x" in t[2:]} == set()  # the black stone cannot reach e5
    assert reason(q, "K e3xd4") == ("d4 holds your own white stone: a player never knocks out their "
                                    "own stone")
    assert reason(q, "W d4xe5") == ("only one of your stones threatens e5: a knock-out needs two of "
                                    "your stones that could each step onto it")


def test_ruling_6_with_more_than_two_threatening_stones_any_may_knock_out() -> None:
    p = pos("""
        5  .  .  .  .  .
        4  .  .  .  .  .
        3  .  .  b  .  .
        2  .  Y  B  K  .
        1  .  .  .  .  .
    """)
    assert {t for t in texts(p) if "x" in t[2:]} == {"Y b2xc3", "B c2xc3", "K d2xc3"}


def test_ruling_6_the_writer_marks_knock_outs_and_a_dash_onto_a_stone_is_refused_by_the_core() -> None:
    p = pos("""
        5  .  .  .  .  .
        4  .  .  .  .  .
        3  .  .  w  .  .
        2  .  K  .  Y  .
        1  .  .  .  .  .
    """)
    assert reason(p, "Y d2-c3") == ("c3 holds North's white stone: a stone moves only onto a free "
                                    "square, or knocks out what it moves onto (write Y d2xc3)")
    assert reason(p, "K b2xa3") == "a3 is free: there is nothing to knock out there (write K b2-a3)"


def test_ruling_7_two_stones_in_the_opponents_camp_win_at_once() -> None:
    p = pos("""
        5  W  .  .  .  .
        4  .  .  B  .  .
        3  .  .  .  .  .
        2  .  .  .  .  .
        1  .  .  y  .  .
    """)
    assert rules.outcome(p) is None
    won = play(p, "B c4-c5")
    assert rules.outcome(won) == Outcome("south", "camp")
    assert rules.legal_moves(won) == []
    assert check.check_move(won, mv("Y@c1")) == "the game is already over"


def test_ruling_7_stones_only_count_not_the_blockade_nor_the_own_camp() -> None:
    p = pos("""
        5  W  X  .  .  .
        4  .  .  .  .  .
        3  .  .  .  .  .
        2  .  .  .  .  .
        1  .  B  Y  .  .
    """, turn=NORTH)
    assert rules.outcome(p) is None
    q = pos("""
        5  .  .  .  .  .
        4  .  .  .  .  .
        3  .  .  .  .  .
        2  .  .  .  .  .
        1  y  k  .  .  .
    """, turn=SOUTH, out="BYKW")
    assert rules.outcome(q) == Outcome("north", "camp")


def test_ruling_7_a_player_with_no_legal_action_loses() -> None:
    p = pos("""
        5  .  .  .  .  w
        4  .  .  .  .  .
        3  x  .  .  .  .
        2  B  .  .  .  .
        1  .  .  .  .  .
    """, out="YKWX")
    assert rules.legal_moves(p) == []
    assert rules.outcome(p) == Outcome("north", "no-moves")
    assert not rules.has_legal_move(p)


def test_ruling_7_resignation_and_agreed_draws_as_in_every_record() -> None:
    opening = '[Game "Batu Khan"]\n\n1. B@a1 W@c5\n2. B a1-a3 '
    resigned = check_text(opening + "resigns\n", "g.txt")[0]
    assert resigned.valid and (resigned.winner, resigned.how) == ("south", "concession")
    agreed = check_text(opening + "draw agreed\n", "g.txt")[0]
    assert agreed.valid and (agreed.winner, agreed.how) == ("draw", "agreement")
    tagged = check_text('[Winner "North"]\n' + opening + "\n", "g.txt")[0]
    assert tagged.valid and (tagged.winner, tagged.how) == ("north", "concession")
    late = check_text(opening + "resigns\n3. B a3-a4\n", "g.txt")[0]
    assert "the game ended with 'resigns'" in late.errors[0].message
