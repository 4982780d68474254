"""The engine's annotations read back from a record (issue 41 §2): ``[%eval SIDE CHANCE ...]`` read
strictly, anything malformed ignored, the mark ``?``/``??`` only where the analysis wrote it."""

from __future__ import annotations

import pytest

from pbmkit.records import Comment, check_text
from pbmkit.records.evals import MoveEval, format_eval, move_eval, move_evals, read_eval

SIDES = ("red", "blue")


def test_an_annotation_is_read_in_the_order_of_the_sides() -> None:
    assert read_eval(" blue 0.38 red 0.62", SIDES) == (0.62, 0.38)
    assert read_eval(" red 1 blue 0", SIDES) == (1.0, 0.0)
    assert read_eval(" red 1.000000 blue 0.000001", SIDES) == (1.0, 0.000001)
    four = ("purple", "blue+green", "dragon", "yellow")
    assert read_eval(" purple 0.1 blue+green 0.2 dragon 0.3 yellow 0.4", four) == (0.1, 0.2, 0.3, 0.4)


def test_what_analyse_writes_reads_back() -> None:
    written = format_eval({"red": 0.625, "blue": 0.375})
    assert written == "[%eval red 0.62 blue 0.38]"  # two decimals, as analyse has written them
    assert move_eval([Comment(written + " ?? a blunder: 62% -> 30%")], SIDES) == \
        MoveEval((0.62, 0.38), "??")


@pytest.mark.parametrize("inside", [
    "", " red 0.5", " red 0.5 blue 0.5 red 0.5", " red 0.5 green 0.5", " red 0.5 red 0.5",
    " Red 0.5 blue 0.5", " red 1.5 blue 0.5", " red -0.5 blue 0.5", " red .5 blue 0.5",
    " red 0.5e0 blue 0.5", " red nan blue 0.5", " red inf blue 0", " red 0x1 blue 0",
    " red 0.1234567 blue 0.5", " red 0,5 blue 0,5", " red 1.01 blue 0", " red 0.5 blue",
    " red ０.５ blue 0.5", " red 0." + "9" * 5000 + " blue 0",
])
def test_a_malformed_annotation_is_ignored(inside: str) -> None:
    assert read_eval(inside, SIDES) is None
    assert move_eval([Comment(f"[%eval{inside}] ?? not a mark either")], SIDES) is None


def test_only_a_well_formed_annotation_is_used_and_its_mark_is_its_comments_first_word() -> None:
    # the first well-formed annotation of the move's comments counts; a malformed one before it
    # is skipped
    got = move_eval([Comment("[%eval red 2 blue 0] ? no"), Comment("? [%eval red 0.4 blue 0.6] x")],
                    SIDES)
    assert got == MoveEval((0.4, 0.6), "?")
    # a player's own question marks, without an annotation, or not first, mark nothing
    assert move_eval([Comment("?? what a move")], SIDES) is None
    assert move_eval([Comment("[%eval red 0.4 blue 0.6] well ??")], SIDES) == MoveEval((0.4, 0.6))
    assert move_eval([Comment("[%eval red 0.4 blue 0.6] ?! interesting")], SIDES) == MoveEval((0.4, 0.6))
    assert move_eval([Comment("[%evalred 0.4 blue 0.6]")], SIDES) is None
    assert move_eval([Comment("[%eval red 0.4 blue 0.6 [%eval red 1 blue 0]")], SIDES) == \
        MoveEval((1.0, 0.0))


def test_a_comment_stuffed_with_annotations_is_looked_at_only_so_far() -> None:
    stuffed = "[%eval red 9 blue 9] " * 4 + "[%eval red 0.5 blue 0.5]"
    assert move_eval([Comment(stuffed)], SIDES) is None  # the fifth is past the bound
    many = "[%eval red 0.3 blue 0.7] " * 10_000
    assert move_eval([Comment(many)], SIDES) == MoveEval((0.3, 0.7))


def test_every_analysed_move_of_a_record_by_its_place() -> None:
    text = ('[Game "Hex"]\n[Red "A"]\n[Blue "B"]\n\n'
            "1. c2 {[%eval red 0.55 blue 0.45]} d4 {[%eval red 0.70 blue 0.30] ?? a blunder}\n"
            "2. d3 {[%eval red 5 blue 0]} e3 { no annotation }\n"
            "2a. c3 {[%eval red 0.2 blue 0.8] ? a mistake}\n")
    (rep,) = check_text(text, "t.txt")
    assert rep.valid
    found = move_evals(rep.record, SIDES)
    plies = [*rep.main, *rep.series["a"]]
    assert [found.get((p.line, p.column)) for p in plies] == [
        MoveEval((0.55, 0.45)), MoveEval((0.7, 0.3), "??"), None, None, MoveEval((0.2, 0.8), "?")]
