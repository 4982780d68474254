"""How Billo moves are written and read (docs/billo.md, "Notation"): letters, marks, ambiguity.

Diagrams: rank 8 on top; Yellow upper case, Orange lower case; R round, S square, + a Billo.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbmkit.games import billo, get_game
from pbmkit.games.billo import rules
from pbmkit.games.billo import setup as billo_setup
from pbmkit.games.billo.notation import AmbiguousMoveError
from pbmkit.games.notation import Pbmserv
from pbmkit.records import IllegalMoveError, MoveSyntaxError, check_text, format_move, parse_move

NOTATION = get_game("billo").notation
START = billo_setup.initial_position()


def pos(text: str, turn: int = rules.YELLOW) -> billo.Position:
    return billo_setup.from_diagram(text, turn)


def sq(name: str) -> int:
    return rules.space(name)


CHAIN = pos("""
    8  .  .  .  .  .  .  .  rs
    7  .  .  .  .  .  .  .  .
    6  .  .  .  .  .  .  .  .
    5  .  .  .  .  .  s  .  .
    4  .  .  .  .  S  .  .  .
    3  .  .  .  s  .  .  .  .
    2  .  .  R  .  .  .  .  .
    1  .  .  .  .  .  .  .  RS
""")
"""The round piece on c2 must capture d3, pass through its own square piece on e4, capture f5."""


@pytest.mark.parametrize("text", ["R c2xd3-e4xf5", "Rc2xd3-e4xf5", "r c2 x d3 - e4 x f5",
                                  "R C2XD3-E4XF5", "R c2×d3–e4×f5", "c2xd3-e4xf5", "R c2-d3-e4-f5",
                                  "c2-d3-e4-f5"])
def test_a_chained_capture_reads_in_every_spelling(text: str) -> None:
    move = parse_move("billo", text, CHAIN)
    assert move == billo.Move.along("R", [sq(s) for s in ("c2", "d3", "e4", "f5")],
                                    [sq("d3"), sq("f5")])
    assert format_move("billo", move, CHAIN) == "R c2xd3-e4xf5"


def test_capture_marks_once_written_must_all_be_right() -> None:
    with pytest.raises(IllegalMoveError, match=r"captures an orange square piece on f5 \(write x"):
        parse_move("billo", "R c2xd3-e4-f5", CHAIN)
    with pytest.raises(IllegalMoveError, match="nothing is captured on e4"):
        parse_move("billo", "R c2xd3xe4xf5", CHAIN)


def test_the_piece_letter_may_be_left_out_when_one_piece_can_make_the_move() -> None:
    p = pos("""
        8  .  .  .  .  .  .  .  rs
        7  .  .  .  .  .  .  .  .
        6  .  .  .  .  .  .  .  .
        5  .  .  .  .  .  .  .  .
        4  .  .  .  .  .  .  .  .
        3  .  .  .  .  .  .  .  .
        2  .  .  .  .  .  .  S  .
        1  .  .  .  R  .  .  .  .
    """)
    assert parse_move("billo", "d1-d2", p) == billo.Move("R", sq("d1"), (sq("d2"),))
    assert parse_move("billo", "g2-h3", p) == billo.Move("S", sq("g2"), (sq("h3"),))
    # The writer always prints the letter.
    assert format_move("billo", parse_move("billo", "d1-d2", p), p) == "R d1-d2"


def test_a_move_both_parts_of_a_double_could_make_is_ambiguous_and_lists_both() -> None:
    with pytest.raises(AmbiguousMoveError) as info:
        parse_move("billo", "c1-d2", START)
    assert info.value.candidates == ("R c1-d2", "S c1-d2")
    assert "ambiguous" in str(info.value) and "R c1-d2 or S c1-d2" in str(info.value)
    assert info.value.start == sq("c1")
    # With the letter it is one move.
    assert parse_move("billo", "S c1-d2", START) == billo.Move("S", sq("c1"), (sq("d2"),))


def test_an_ambiguous_move_in_a_record_is_an_error_listing_the_candidates() -> None:
    [rep] = check_text('[Game "Billo"]\n\n1. c1-d2\n', "g.txt")
    assert not rep.valid
    err = rep.errors[0]
    assert err.turn == "1" and err.side == "yellow" and err.move == "c1-d2"
    assert "R c1-d2 or S c1-d2" in err.message
    assert set(err.legal) == {"R c1-b2", "R c1-c2", "R c1-d2", "S c1-b2", "S c1-c2", "S c1-d2"}


BILLOS = pos("""
    8  .  .  .  .  .  .  .  rs
    7  .  .  .  .  .  .  .  .
    6  .  .  .  .  .  .  .  .
    5  .  .  .  R+ .  .  .  .
    4  .  .  .  .  s  .  .  .
    3  .  .  .  .  .  .  .  .
    2  .  .  .  .  .  .  .  .
    1  S  .  .  .  .  .  .  .
""")


def test_plus_names_a_billo_and_the_writer_always_prints_it() -> None:
    move = billo.Move("R", sq("d5"), (sq("e4"),), (sq("e4"),))
    for text in ("R+ d5xe4", "R+d5xe4", "r+ d5xe4", "R d5xe4", "d5xe4", "R+ d5-e4", "d5-e4"):
        assert parse_move("billo", text, BILLOS) == move, text
    assert format_move("billo", move, BILLOS) == "R+ d5xe4"


def test_plus_on_a_piece_that_is_not_a_billo_is_an_error() -> None:
    p = rules.apply(BILLOS, billo.Move("R", sq("d5"), (sq("e4"),), (sq("e4"),)))
    p = rules.apply(p, billo.Move("R", sq("h8"), (sq("h7"),)))
    with pytest.raises(IllegalMoveError, match=r"'\+' marks a Billo, but the square piece on a1 is not"):
        parse_move("billo", "S+ a1-a2", p)


PROMOTION = pos("""
    8  .  .  .  .  .  .  .  rs
    7  .  .  R  .  .  .  .  .
    6  .  .  .  .  .  .  .  .
    5  .  .  .  .  .  .  .  .
    4  .  .  .  .  .  .  .  .
    3  .  .  .  .  .  .  .  .
    2  .  .  .  .  .  .  .  .
    1  S  .  .  .  .  .  .  .
""")


@pytest.mark.parametrize("text", ["R c7-c8=B", "R c7-c8 =B", "R c7-c8=b", "c7-c8=B", "R c7-c8"])
def test_promotion_may_be_marked_with_equals_b(text: str) -> None:
    move = parse_move("billo", text, PROMOTION)
    assert move == billo.Move("R", sq("c7"), (sq("c8"),))
    assert rules.promotes(PROMOTION, move)
    # The canonical text needs no mark; normalize keeps a mark that was written.
    assert format_move("billo", move, PROMOTION) == "R c7-c8"
    assert NOTATION.normalize(text) == ("R c7-c8=B" if "=" in text and text[0] == "R"
                                        else "c7-c8=B" if "=" in text else "R c7-c8")


def test_equals_b_on_a_move_that_does_not_promote_is_an_error() -> None:
    with pytest.raises(IllegalMoveError, match="'=B' marks a promotion, but the move does not promote"):
        parse_move("billo", "S a1-a2=B", PROMOTION)
    with pytest.raises(MoveSyntaxError, match="'=Q' is not a promotion mark"):
        parse_move("billo", "R c7-c8=Q", PROMOTION)


@pytest.mark.parametrize(("text", "message"), [
    ("i9-a1", "i9 is not a square of the board"),
    ("R c1", "has no destination"),
    ("R c1-", "ends with a separator"),
    ("R c1 d2", "expected '-' or 'x' between two squares"),
    ("Q c1-d2", "does not start a Billo move"),
    ("", "an empty move"),
    ("=B", "'=B' follows a move"),
])
def test_unreadable_moves_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(MoveSyntaxError, match=message):
        NOTATION.normalize(text)


def test_an_illegal_move_says_why_in_players_words() -> None:
    with pytest.raises(IllegalMoveError, match="capture is mandatory"):
        parse_move("billo", "S h1-h2", pos("""
            8  .  .  .  .  .  .  .  rs
            7  .  .  .  .  .  .  .  .
            6  .  .  .  .  .  .  .  .
            5  .  .  .  .  .  .  .  .
            4  .  .  .  .  .  .  .  .
            3  .  .  .  .  .  .  .  .
            2  .  .  .  .  .  .  r  .
            1  .  .  .  .  .  .  .  RS
        """))
    with pytest.raises(IllegalMoveError, match="there is no piece on d4"):
        parse_move("billo", "R d4-d5", START)


def test_normalize_respells_without_a_position() -> None:
    assert NOTATION.normalize("rc2 X D3 - e4") == "R c2xd3-e4"
    assert NOTATION.normalize("s+d5-e6") == "S+ d5-e6"
    assert NOTATION.normalize("c1 to d2") == "c1-d2"
    assert NOTATION.normalize(NOTATION.normalize("rc2 X D3 - e4")) == "R c2xd3-e4"


def test_billo_has_no_pbmserv_coordinates_nor_averto() -> None:
    assert not isinstance(NOTATION, Pbmserv)
    assert billo.GAME.announce(START) == () and not billo.GAME.announcement_words


# --- records: the First tag and claimed draws ------------------------------------------------


def test_the_first_tag_chooses_who_opens_each_turn() -> None:
    [rep] = check_text('[Game "Billo"]\n[First "orange"]\n\n1. R c8-c7 R c1-c2\n2. S d8-d7\n')
    assert rep.valid and rep.order == ("orange", "yellow")
    assert [p.side for p in rep.main] == ["orange", "yellow", "orange"]
    assert rep.next_turn() == ("2", "yellow")
    [rep] = check_text('[Game "Billo"]\n\n1. R c8-c7\n')
    assert "c8 holds an orange double, and it is Yellow's turn" in rep.errors[0].message
    [rep] = check_text('[Game "Billo"]\n[First "Blue"]\n\n1. R c1-c2\n')
    assert rep.errors[0].message == "the First tag must be Yellow or Orange, not 'Blue'"
    [rep] = check_text('[Game "Batalo"]\n[First "Black"]\n\n1. EV to FU\n')
    assert rep.errors[0].message == "Batalo has no First tag: White always moves first"


def _claimed(text: str) -> object:
    """The replay of ``text`` (which ends with 'draw agreed') read as ending with 'draw claimed'."""
    from pbmkit.records import Ending, parse_records, replay

    [record], _ = parse_records(text, "claim.txt")
    ending = record.body[-1]
    assert isinstance(ending, Ending)
    ending.kind = "draw claimed"
    return replay(record)


def test_a_draw_is_claimed_with_one_round_and_one_square_billo_each() -> None:
    setup = "YR:a1+ YS:h1+ OR:a8+ OS:h8+ y"
    rep = _claimed(f'[Game "Billo"]\n[Setup "{setup}"]\n[Winner "Draw"]\n\n1. R+ a1-a2 draw agreed\n')
    assert rep.valid and (rep.winner, rep.how) == ("draw", "draw-claimed")  # type: ignore[attr-defined]
    refused = _claimed('[Game "Billo"]\n\n1. R c1-c2 draw agreed\n')
    assert not refused.valid  # type: ignore[attr-defined]
    assert refused.errors[0].message.startswith(  # type: ignore[attr-defined]
        "the draw claim is refused: a draw may be claimed only when each side")
    batalo = _claimed("1. IR to HS draw agreed\n")
    assert "Batalo has no claimed draws" in batalo.errors[0].message  # type: ignore[attr-defined]


def test_a_quiet_count_in_the_setup_allows_the_fifty_move_claim() -> None:
    quiet = "YR:a1 YS:h1 OR:h8 OS:a8 y 99"
    rep = _claimed(f'[Game "Billo"]\n[Setup "{quiet}"]\n\n1. R a1-a2 draw agreed\n')
    assert rep.valid and rep.how == "draw-claimed"  # type: ignore[attr-defined]
    early = _claimed('[Game "Billo"]\n[Setup "YR:a1 YS:h1 OR:h8 OS:a8 y 97"]\n\n1. R a1-a2 draw agreed\n')
    assert "(49 so far)" in early.errors[0].message  # type: ignore[attr-defined]


BILLO_PIECES = ["1.", "2.", "3a.", "...", " ", "\n", "R c1-d2", "S c8-c7", "c1-d2", "R+ d5-e6", "Rc2xd3",
                "R c7-c8", "=B", "=Q", "x", "-", "i9", "R", "S", "+", "to", "{c}", "resigns",
                "draw agreed", '[First "Orange"]', '[First "Blue"]', '[Setup "YR:a1+ OS:h8 y"]',
                '[Setup "YR:a8 y"]', "R c1-c2-c3", "S d1xd2", "d2-d3"]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(BILLO_PIECES), max_size=25))
def test_any_billo_text_gives_messages_never_a_traceback(pieces: list[str]) -> None:
    text = '[Game "Billo"]\n' + "".join(pieces)
    for game in check_text(text, "soup.txt"):
        for problem in game.errors + game.warnings:
            assert problem.message and "__ANON" not in problem.message
            problem.format()
        game.to_json()
    for piece in pieces:
        try:
            NOTATION.read(piece, START)
        except ValueError as exc:  # MoveSyntaxError, IllegalMoveError, AmbiguousMoveError
            assert str(exc)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="RSrs+ cdh18x-–×=Bto", max_size=16))
def test_any_written_move_reads_or_says_why(text: str) -> None:
    try:
        move = NOTATION.read(text, START)
    except ValueError as exc:
        assert str(exc)
    else:
        assert isinstance(move, billo.Move) and len(move.steps) >= 1
