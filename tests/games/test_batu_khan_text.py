"""Each sentence of the Batu Khan leaflet (Swedish; quoted in translation) that states a rule, as a
test; the sentence is quoted in the docstring, the rule stated beside the test in docs/batu-khan.md.

Diagrams: the last rank on top; South upper case (camp rank 1), North lower case (camp the last
rank); B blue, Y yellow, K black, W white, X blockade.
"""

from __future__ import annotations

from test_batu_khan_helpers import NORTH, SOUTH, mv, play, pos, reason, sq, texts

from pbmkit.games.base import Outcome
from pbmkit.games.batu_khan import check, rules, setup


def test_each_player_has_four_stones_and_a_blockade() -> None:
    """"Each player has: one blue stone ... one yellow stone ... one black stone ... one white
    stone ... one red blockade"."""
    start = rules.initial_position()
    assert start.hands == ("BYKWX", "BYKWX")
    assert rules.STONES == "BYKW" and rules.BLOCKADE == "X"
    assert [rules.KIND_WORDS[p] for p in rules.PIECES] == ["blue", "yellow", "black", "white", "blockade"]


def test_blue_moves_1_or_2_steps_straight_forward_and_cannot_move_backward() -> None:
    """"one blue stone (moves 1 or 2 steps straight forward and cannot move backward)"."""
    p = pos("""
        5  .  .  .  .  .
        4  .  .  .  .  .
        3  .  .  B  .  .
        2  .  .  .  .  .
        1  .  .  .  .  k
    """, turn=SOUTH)
    assert texts(p, "c3") == {"B c3-c4", "B c3-c5"}
    assert "never sideways or backward" in reason(p, "B c3-c2")


def test_yellow_moves_1_or_2_steps_diagonally_forward_never_backward() -> None:
    """"one yellow stone (1 or 2 steps diagonally forward, never backward)"."""
    p = pos("""
        5  .  .  .  .  k
        4  .  .  .  .  .
        3  .  .  Y  .  .
        2  .  .  .  .  .
        1  .  .  .  .  .
    """)
    assert texts(p, "c3") == {"Y c3-b4", "Y c3-a5", "Y c3-d4"}  # e5 holds North's black stone
    assert "never sideways or backward" in reason(p, "Y c3-b2")


def test_black_moves_1_step_diagonally_forward_or_backward() -> None:
    """"one black stone (1 step diagonally forward or backward)"."""
    p = pos("""
        5  .  .  .  .  .
        4  .  .  .  .  .
        3  .  .  k  .  .
        2  .  .  .  .  .
        1  W  .  .  .  .
    """, turn=NORTH)
    assert texts(p, "c3") == {"K c3-b2", "K c3-d2", "K c3-b4", "K c3-d4"}


def test_white_moves_1_step_in_any_direction() -> None:
    """"one white stone (1 step in any direction)"."""
    p = pos("""
        5  .  .  .  .  k
        4  .  .  .  .  .
        3  .  .  .  .  .
        2  .  .  .  .  .
        1  W  .  .  .  .
    """)
    assert texts(p, "a1") == {"W a1-a2", "W a1-b1", "W a1-b2"}


def test_the_blockade_is_laid_on_any_free_square_never_moved_and_is_no_stone() -> None:
    """"one red blockade (laid on any free square; cannot be moved afterwards; does not count as a
    stone)"."""
    p = pos("""
        5  .  .  .  .  k
        4  .  .  .  .  .
        3  .  .  X  .  .
        2  .  .  .  .  .
        1  .  B  .  Y  .
    """)
    assert texts(p, "c3") == set()
    assert reason(p, "X c3-c4") == "a blockade never moves once it is laid"
    assert "K@a1" in texts(p)  # two stones and a blockade: a third stone may still come
    full = play(p, "K@a1", "K e5-d4")
    assert not any(t[1] == "@" for t in texts(full))


def test_player_1_lays_any_one_of_their_stones_in_their_camp() -> None:
    """"Player 1 lays any one of their stones in their camp."."""
    start = rules.initial_position()
    assert rules.SIDE_NAMES == ("south", "north")
    assert texts(start) == {f"{p}@{f}1" for p in "BYKW" for f in "abcde"}


def test_player_2_then_lays_one_of_theirs_in_theirs() -> None:
    """"Player 2 then lays one of theirs in theirs."."""
    after = play(rules.initial_position(), "B@a1")
    assert after.turn == NORTH
    assert texts(after) == {f"{p}@{f}5" for p in "BYKW" for f in "abcde"}


def test_then_play_goes_on_in_turn() -> None:
    """"Then play goes on in turn."."""
    p = play(rules.initial_position(), "B@a1", "W@c5")
    assert p.turn == SOUTH
    p = play(p, "B a1-a3")
    assert p.turn == NORTH
    assert "and it is North's turn" in reason(p, "B a3-a4")


def test_on_your_turn_you_must_do_one_of_the_three_actions() -> None:
    """"On your turn you must do one of these: 1. lay a stone in your own camp on a free square;
    2. move one of your stones (for example by knocking out); 3. lay your blockade on any free
    square."."""
    p = pos("""
        5  .  .  .  .  .
        4  .  .  .  .  .
        3  .  .  w  .  .
        2  .  K  .  Y  .
        1  .  .  .  .  .
    """)
    kinds = {("lay" if m.is_lay and m.piece != "X" else "blockade" if m.is_lay else
              "knock" if m.knock else "move") for m in rules.legal_moves(p)}
    assert kinds == {"lay", "blockade", "knock", "move"}
    assert all(check.check_move(p, m) is None for m in rules.legal_moves(p))


def test_the_first_to_have_two_stones_in_the_opponents_camp_wins() -> None:
    """"Two ways to win: 1. be the first to have two of your stones in the opponent's camp"."""
    p = pos("""
        5  .  .  .  .  .
        4  .  .  .  .  .
        3  W  .  .  .  .
        2  .  .  .  .  y
        1  .  k  .  .  .
    """, turn=NORTH)
    won = play(p, "Y e2-d1")
    assert rules.outcome(won) == Outcome("north", "camp")


def test_a_player_who_cannot_act_on_their_turn_has_lost() -> None:
    """"2. each time it is your turn you must do one of the three actions above, otherwise you have
    lost and your opponent has won."."""
    p = pos("""
        5  .  .  .  .  .
        4  .  .  .  .  .
        3  .  .  .  .  .
        2  .  .  .  .  .
        1  .  .  .  .  k
    """, turn=SOUTH, out="BYKWX")
    assert rules.outcome(p) == Outcome("north", "no-moves")


def test_picture_1_black_and_yellow_threaten_the_white_stone_not_the_far_blue() -> None:
    """Picture 1: "Black and yellow threaten the opponent's white stone. Your blue is not on an
    adjacent square and therefore the opponent's blue stone is not threatened."."""
    p = pos("""
        5  .  .  .  .  .
        4  .  .  .  .  .
        3  .  .  w  .  b
        2  .  K  .  Y  .
        1  .  .  .  .  B
    """)
    assert set(rules.threateners(p, SOUTH, sq(p, "c3"))) == {sq(p, "b2"), sq(p, "d2")}
    assert {t for t in texts(p) if "x" in t[2:]} == {"K b2xc3", "Y d2xc3"}
    # e3: the yellow stone steps there, the blue one two squares below would need two steps.
    assert rules.threateners(p, SOUTH, sq(p, "e3")) == (sq(p, "d2"),)
    assert reason(p, "Y d2xe3").startswith("only one of your stones threatens e3")
    # Once the blue stone stands next to e3, the blue North stone is threatened.
    q = play(p, "B e1-e2", "W c3-c4")
    assert {t for t in texts(q) if "xe3" in t} == {"B e2xe3", "Y d2xe3"}


def test_at_most_3_stones_in_play_at_once_plus_the_blockade() -> None:
    """"each player may have at most 3 stones in play at once (plus the blockade, which is no
    stone)."."""
    p = pos("""
        5  .  .  .  .  k
        4  .  .  .  .  .
        3  .  .  .  .  .
        2  .  .  .  .  .
        1  B  Y  K  .  .
    """)
    assert "at most 3 of your stones may be in play at once" in reason(p, "W@e1")
    assert "X@e1" in texts(p)


def test_never_onto_a_square_with_another_stone_or_a_blockade() -> None:
    """"You may never move a stone onto a square with another stone or a blockade"."""
    p = pos("""
        5  .  .  .  .  k
        4  .  .  .  .  .
        3  .  .  .  .  .
        2  .  X  W  .  .
        1  .  .  .  .  .
    """)
    assert texts(p, "c2") == {f"W c2-{n}" for n in ("b1", "c1", "d1", "d2", "b3", "c3", "d3")}
    assert reason(p, "W c2-b2").startswith("b2 holds your blockade: a stone moves only onto a free "
                                           "square; only one of your stones threatens b2")


def test_nor_jump_over_another_stone_or_a_blockade() -> None:
    """"nor jump over another stone or a blockade."."""
    p = pos("""
        5  .  .  .  .  .
        4  .  .  .  .  .
        3  .  .  .  k  .
        2  .  .  B  .  .
        1  .  .  x  Y  .
    """, turn=SOUTH)
    assert "B c2-c4" in texts(p)
    assert "never jumps" in reason(play(p, "B c2-c3", "K d3-c2"), "Y d1-b3")


def test_a_stone_in_the_opponents_camp_is_safe() -> None:
    """"When your stone is in the opponent's camp it is safe: the opponent may not knock it out"."""
    p = pos("""
        5  .  .  .  W  .
        4  .  .  k  .  w
        3  .  .  .  .  .
        2  .  .  .  .  .
        1  .  .  .  .  .
    """, turn=NORTH)
    assert set(rules.threateners(p, NORTH, sq(p, "d5"))) == {sq(p, "c4"), sq(p, "e4")}
    assert not any("xd5" in t for t in texts(p))
    assert reason(p, "W e4xd5") == ("a stone in its opponent's camp cannot be knocked out: South's "
                                    "white stone on d5 stands in your camp")
    # One rank lower it is not in the camp and falls.
    q = pos("""
        5  .  .  .  .  .
        4  .  .  .  W  .
        3  .  .  k  .  w
        2  .  .  .  .  .
        1  .  .  .  .  .
    """, turn=NORTH)
    assert {t for t in texts(q) if "x" in t[2:]} == {"K c3xd4", "W e3xd4"}


def test_your_black_stone_may_leave_the_opponents_camp_backward_and_white_move_out_or_within() -> None:
    """"but you may move your own black stone back out of the camp, or your own white stone out of
    or within it."."""
    black = pos("""
        5  .  .  K  .  .
        4  .  .  .  .  .
        3  .  .  .  .  .
        2  .  .  .  .  .
        1  .  .  .  .  k
    """)
    assert texts(black, "c5") == {"K c5-b4", "K c5-d4"}
    white = pos("""
        5  .  .  W  .  .
        4  .  .  .  .  .
        3  .  .  .  .  .
        2  .  .  .  .  .
        1  .  .  .  .  k
    """)
    assert texts(white, "c5") == {"W c5-b5", "W c5-d5", "W c5-b4", "W c5-c4", "W c5-d4"}


def test_you_may_threaten_the_opponents_stones_in_her_own_camp() -> None:
    """"You may also threaten the opponent's stones in her own camp (picture 2)."."""
    p = pos("""
        5  .  .  b  .  .
        4  .  .  W  K  .
        3  .  .  .  .  .
        2  .  .  .  .  .
        1  .  .  .  .  .
    """)
    assert {t for t in texts(p) if "x" in t[2:]} == {"W c4xc5", "K d4xc5"}


def test_picture_2_stones_in_the_far_camp() -> None:
    """Picture 2: "... the stones may move as shown (white is already in the opponent's
    black-marked camp)" (the picture is lost; pbmkit's reading: a blue or yellow stone in the far
    camp has no move, a black one can only leave it backward, a white one moves within or out)."""
    p = pos("""
        5  B  .  .  .  .
        4  .  .  .  .  .
        3  .  .  .  .  .
        2  .  .  .  .  .
        1  .  .  .  .  k
    """)
    assert texts(p, "a5") == set()
    q = pos("""
        5  .  .  .  .  Y
        4  .  .  .  .  .
        3  .  .  .  .  .
        2  .  .  .  .  .
        1  .  .  .  .  k
    """)
    assert texts(q, "e5") == set()


def test_two_stones_that_can_move_to_the_same_adjacent_square_threaten_it() -> None:
    """"when two of your stones can move to the same adjacent square (picture 1) you "threaten"
    that square (so both stones must lie on squares next to it)."."""
    p = pos("""
        5  .  .  .  .  .
        4  .  .  .  .  .
        3  .  .  .  .  .
        2  .  W  .  K  .
        1  .  .  .  .  k
    """)
    assert rules.threatened_squares(p, SOUTH) == (sq(p, "c1"), sq(p, "c3"))


def test_a_stone_or_either_blockade_on_a_threatened_square_may_be_knocked_out() -> None:
    """"When an opponent's stone, or one of the blockades, lies on a square you threaten on your
    turn, you may knock it out of play."."""
    p = pos("""
        5  .  .  .  .  .
        4  .  .  .  .  .
        3  .  .  X  .  .
        2  .  W  k  K  .
        1  .  .  x  .  .
    """, turn=SOUTH)
    knocks = {t for t in texts(p) if "x" in t[2:]}
    assert knocks == {"W b2xc3", "K d2xc3", "W b2xc1", "K d2xc1"}  # c2: the black can't reach it
    assert rules.threateners(p, SOUTH, sq(p, "c2")) == (sq(p, "b2"),)


def test_you_choose_which_of_your_two_stones_moves_onto_the_square() -> None:
    """"You choose which of your two stones moves onto the threatened square where the stone or
    blockade is knocked out."."""
    p = pos("""
        5  .  .  .  .  .
        4  .  .  .  .  .
        3  .  .  w  .  .
        2  .  K  .  Y  .
        1  .  .  .  .  .
    """)
    by_black = play(p, "K b2xc3")
    by_yellow = play(p, "Y d2xc3")
    assert setup.diagram(by_black).splitlines()[3].split()[1:] == [".", ".", "K", ".", "."]
    assert setup.diagram(by_yellow).splitlines()[3].split()[1:] == [".", ".", "Y", ".", "."]
    assert rules.out_of_play(by_black, NORTH) == rules.out_of_play(by_yellow, NORTH) == "W"


def test_a_blockade_disappears_only_when_knocked_out() -> None:
    """"A blockade disappears only when it is knocked out."."""
    p = play(rules.initial_position(), "B@a1", "B@e5", "X@c3", "X@a5")
    for _ in range(4):
        p = rules.apply(p, rules.legal_moves(p)[-1])
        assert setup.format_setup(p).count("X") == 2
    assert "X" not in rules.out_of_play(p, SOUTH) + rules.out_of_play(p, NORTH)


def test_you_may_knock_out_your_own_blockade_as_well_as_your_opponents() -> None:
    """"You may knock out your own blockade as well as your opponent's."."""
    p = pos("""
        5  .  .  .  .  k
        4  .  .  .  .  .
        3  .  X  .  x  .
        2  .  .  W  .  .
        1  .  K  .  .  .
    """)
    knocks = {t for t in texts(p) if "x" in t[2:]}
    assert knocks == set()  # the black stone on b1 reaches c2 only: nothing is threatened twice
    q = play(p, "K b1-a2", "K e5-d4")
    own = play(q, "W c2xb3")
    assert rules.out_of_play(own, SOUTH) == "X"
    assert mv("W c2xb3") in rules.legal_moves(q)
