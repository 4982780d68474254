"""Batu Khan records through the game-neutral grammar: a laid piece (``B@c1``) is one move token,
read the same by the fast path and by Lark, and never glued to the move before it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_reader_fast_path import FRAGMENTS, SEPARATORS, _both

from pbmkit.records import check_text

HEAD = '[Game "Batu Khan"]\n[South "A"]\n[North "B"]\n\n'


@pytest.mark.parametrize("body", [
    "1. W@b1 K@e5\n2. Y@e1 Y@c5\n",
    "1. W @ b1 k@E5\n",
    "1. W@b1 K@e5\n2. W b1-c2 X@c1\n",
    "1. W@b1 K@e5 {a note}\n2. W b1-c2 X @ c1 ; laid\n3. B@a1 resigns\n",
    "1. W@b1 K@e5\n2. Wb1-c2 e5-d4\n3. X@c3 draw agreed\n",
])
def test_laid_pieces_read_the_same_by_the_fast_path_and_by_lark(body: str) -> None:
    both = _both(HEAD + body)
    assert both is not None, body
    assert both[0] == both[1]


def test_a_laid_piece_after_a_move_is_its_own_move_not_a_trailing_x() -> None:
    """``W b1-c2 X@c1``: without the rule, ``X`` would end the first move as a separator."""
    for laid in ("X@c1", "X @ c1", "x@C1"):
        [rep] = check_text(HEAD + f"1. W@b1 K@e5\n2. W b1-c2 {laid}\n")
        assert rep.valid, [p.message for p in rep.errors]
        assert [str(p.move) for p in rep.main] == ["W@b1", "K@e5", "W b1-c2", "X@c1"]


def test_a_stray_at_sign_is_explained_as_a_laying_without_its_letter() -> None:
    [rep] = check_text(HEAD + "1. W@b1 @c5\n")
    assert not rep.valid
    assert [p.message for p in rep.errors] == [
        "'@c5': laying a piece is written with its letter and the square, like B@c1 or X@d3"]


BATU_FRAGMENTS = ["1. W@b1 K@e5", "2. W b1-c2 X@c1", "3. Y b2xc3", "4. Bc1-c3 e5-d4", "X @ d3",
                  "K b2 x c3", "5. B@a1 averto", "B c1-", "@c1", "B@", "W b1-c2 X", "6. c1-c3"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(BATU_FRAGMENTS + FRAGMENTS), st.sampled_from(SEPARATORS)),
                max_size=10))
def test_where_the_fast_path_reads_batu_khan_text_it_reads_it_as_lark_does(
        parts: list[tuple[str, str]]) -> None:
    """The record grammar's one-turn fast path knows laid pieces and lettered moves
    (``SIMPLE_MOVE``); wherever it answers, Lark gives the same tokens."""
    text = "".join(f + s for f, s in parts)
    both = _both(text)
    if both is not None:
        assert both[0] == both[1], text


def test_batu_khan_turns_take_the_one_turn_fast_path() -> None:
    from pbmkit.records.tokens import simple_items

    found = simple_items(HEAD + "1. W@b1 K@e5\n2. W b1-c2 X@c1\n3. Y e1xd2 K e5-d4\n")
    assert found is not None
    items, _ = found
    [(_, _, body)] = items
    assert [turn[1][0].type for turn in body] == ["TURNS"]
