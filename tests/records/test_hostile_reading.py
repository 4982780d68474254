"""Records arrive by mail from other people: no text may make reading slow or crash it.

Issue 9, items 1(b), 2, 9 and 14: every pattern the reader uses is linear (a 10,000-character
adversarial string is read at once), a turn number too long for an integer is a syntax error,
``1...`` with no move after it is an error, and Billo's ``=B`` reads in a record exactly as
``pbmkit move`` reads it.
"""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap

import pytest

from pbmkit.records import check_text, parse_records, read_move
from pbmkit.records.tokens import grammar_text

# Strings built to make a backtracking pattern try every way of splitting them: letters that are
# also separators ("x", "to"), runs that almost form a move, and a character at the end that
# makes every attempt fail.
ATTACKS = {
    "x-run": "x" * 9_999 + "'",
    "X-run": "X" * 9_999 + "’",
    "x-and-space": "x " * 4_999 + "x'",
    "to-run": "to" * 4_999 + "t'",
    "spaced-captures": "IR" + " x IR" * 1_999 + "'",
    "digits": "a1" * 4_999 + "a'",
    "dashes": "a-" * 4_999 + "a'",
    "promotion": "c7-c8=" * 1_666 + "'",
    "spoken": "I'm moving my stone from " + "ab to " * 1_662 + "'",
    "piece-letters": "R+ " * 3_333 + "'",
    "numbers": "1. " * 3_333 + "'",
    "averto": "averto " * 1_428 + "'",
    "tag": '[A "' + "\\\\" * 4_998,
    "comment": "{" + "x" * 9_999,
    "blanks": " \t" * 4_999 + "x'",
}


def test_the_attacks_are_ten_thousand_characters() -> None:
    assert all(9_990 <= len(s) <= 10_010 for s in ATTACKS.values())


_PROBE = textwrap.dedent(r"""
    import json, re, sys, time
    from pbmkit.games import get_game, game_names
    from pbmkit.records import parse_records
    from pbmkit.records.tokens import one_turn_pattern, terminal
    attacks, names = json.loads(sys.stdin.read())
    worst = (0.0, "")
    def timed(label, fn):
        global worst
        t = time.process_time()
        try:
            fn()
        except ValueError:
            pass
        d = time.process_time() - t
        if d > worst[0]:
            worst = (d, label)
    for name in names:
        pattern = re.compile(terminal(name))
        for key, s in attacks.items():
            timed(f"{name} {key}", lambda: (pattern.match(s), pattern.match(s, 1)))
    turn = one_turn_pattern()
    for key, s in attacks.items():
        timed(f"ONE_TURN {key}", lambda: turn.match("1. " + s))
        timed(f"record {key}", lambda: parse_records("1. " + s + "\n"))
        for game in game_names():
            notation = get_game(game).notation
            timed(f"{game} notation {key}", lambda: notation.normalize(s))
            timed(f"{game} split {key}", lambda: notation.split(s))
    print(json.dumps(worst))
""")


def test_every_terminal_notation_and_record_reads_an_adversarial_string_at_once() -> None:
    """Issue 9 item 14: a backtracking pattern took 4 s on 48 letters and an apostrophe, three
    times more for every four letters; every pattern is now linear, so 10,000 characters take
    milliseconds (the budget is generous: it catches exponential blow-up, not slowness; it counts
    the probe's CPU time, which other processes on a busy machine do not inflate)."""
    import json

    names = re.findall(r"^([A-Z_]+)(?:\.-?[0-9]+)?: /", grammar_text(), re.M)
    assert {"TURN", "MOVETEXT", "PHASE", "WORD"} <= set(names)
    run = subprocess.run([sys.executable, "-c", _PROBE], input=json.dumps([ATTACKS, names]),
                         capture_output=True, text=True, timeout=300, check=True)
    seconds, label = json.loads(run.stdout)
    assert seconds < 5.0, f"{label} took {seconds:.1f} s"


def test_the_issue_s_slow_line_is_an_ordinary_syntax_error() -> None:
    [rep] = check_text("1. " + "x" * 48 + "'\n")
    assert not rep.valid
    assert rep.errors[0].line == 1


@pytest.mark.parametrize("digits", [10, 4_301, 5_000])
def test_a_turn_number_of_too_many_digits_is_a_syntax_error_not_a_crash(digits: int) -> None:
    """Issue 9 item 9: more than 4,300 digits made every command end in a ValueError traceback."""
    for text in ("1" + "0" * (digits - 1) + ". IR to HS\n", "1" * digits + " IR to HS\n",
                 "1. IR to HS\n" + "2" * digits + "... EV to FU\n"):
        [rep] = check_text(text)
        assert not rep.valid
        assert any(f"a turn number has at most 9 digits, not {digits}" in p.message
                   for p in rep.errors), [p.message for p in rep.errors]


def test_nine_digit_turn_numbers_still_read() -> None:
    records, problems = parse_records("999999999. IR to HS\n")
    assert records[0].turns[0].number == 999_999_999
    assert not [p for p in problems if "digits" in p.message]


@pytest.mark.parametrize("text", ["1. IR - IP 1... ; DV-EU\n", "1. IR to HS 1...\n",
                                  "1. IR to HS {why} 1. ... {nothing}\n"])
def test_an_ellipsis_turn_with_no_move_after_it_is_an_error(text: str) -> None:
    """Issue 9 item 1(b): ``1...`` with no move after it must be an error, as a lone ``2.`` is."""
    [rep] = check_text(text)
    assert not rep.valid
    assert "is not followed by a move" in rep.errors[0].message
    assert rep.errors[0].turn == "1"


def test_an_ellipsis_turn_with_its_move_still_reads() -> None:
    [rep] = check_text("1. IR - IP 1... DV-EU\n")
    assert rep.valid and len(rep.main) == 2


PROMOTING = '[Game "Billo"]\n[Setup "YR:c7 YS:a1 OR:h8 OS:a8 y"]\n\n'


@pytest.mark.parametrize("turn", [
    "1. R c7-c8=B S a8-a7", "1. c7-c8=B R h8-h7", "1. Rc7-c8=B S a8-a7", "1. R c7-c8 =B S a8-a7",
    "1. R c7-c8=b S a8-a7", "1. c7-c8=B S a8-a7", "1. R c7 - c8 = B S a8-a7", "1. R c7 to c8=B S a8-a7",
    "1. Rc7-c8=B\n", "1. c7-c8=B", "1. R c7-c8=B S a8-a7 {done}",
])
def test_billo_promotion_marks_read_in_a_record_as_move_reads_them(turn: str) -> None:
    """Issue 9 item 2: ``53. c7-c8=B R a8-a7`` and ``53. Sc7-c8=B`` were syntax errors in a turn
    line while ``S c7-c8=B`` read; every spelling reads, and to the move ``pbmkit move`` reads."""
    [rep] = check_text(PROMOTING + turn + "\n")
    assert rep.valid, [p.message for p in rep.errors]
    first = rep.main[0]
    assert first.move == read_move("billo", first.written, first.before)
    assert "=" in first.written
    assert first.text == "R c7-c8"


def test_a_promotion_mark_on_a_move_that_does_not_promote_is_still_refused() -> None:
    [rep] = check_text('[Game "Billo"]\n[Setup "YR:c6 YS:a1 OR:h8 OS:a8 y"]\n\n1. c6-c7=B S a8-a7\n')
    assert not rep.valid
    assert "'=B' marks a promotion" in rep.errors[0].message


def test_a_promotion_mark_reads_the_same_with_or_without_lark() -> None:
    from pbmkit.records.reader import _lark_items, _Reader
    from pbmkit.records.tokens import simple_items

    for turn in ("53. c7-c8=B R a8-a7\n", "53. Sc7-c8=B\n", "53. R c7-c8=B S a8-a7\n"):
        reader = _Reader(turn, "t")
        fast = simple_items(reader.text)
        assert fast is not None, turn
        slow = _lark_items(reader)
        assert reader.problems == []
        shape = [[(t.type, str(t), t.start_pos) for t in item[1]] for item in fast[0][0]]
        lark_shape = [[(t.type, str(t), t.start_pos) for t in item[1]] for item in slow[0][0]]
        assert shape == lark_shape, turn


def test_a_line_of_unclosed_braces_reads_in_linear_time() -> None:
    """Issue 9 item 14: every ``{`` that no ``}`` follows made COMMENT scan to the end of the text
    (100,000 of them: 8.5 s, quadratic); they are now read as unclosed braces at once (~1.8 s, all
    of it the reporting of 100,000 errors). The bound is generous: it catches the quadratic scan, and
    it counts CPU time, which other processes on a busy machine do not inflate."""
    import time

    text = "1. IR to HS " + "{" * 100_000 + "\n"
    start = time.process_time()
    _, problems = parse_records(text)
    assert time.process_time() - start < 6.0
    assert problems[0].message == "this comment is never closed: a { needs its }"


def test_unclosed_braces_keep_tag_values_and_line_comments_that_hold_a_brace() -> None:
    records, problems = parse_records('[White "a{b"]\n1. IR to HS ; c{d\n2. {open\n')
    assert records[0].tags["White"] == "a{b"
    assert [c.text for c in records[0].turns[0].moves[0].comments] == [" c{d"]
    assert problems[0].message == "this comment is never closed: a { needs its }"
