"""``pbmkit check``'s lean path reads a plain turn line in one match (issue 22, the scanner step).

The lean path (:mod:`pbmkit.desk.summary`) reads each game's turns with one pattern made of
the turn's number and the game's :class:`~pbmkit.games.notation.RunSplit` quick pattern, where the
full reader matches ONE_TURN (the grammar's MOVETEXT) and then the game's ``split``. These tests
hold the two readings to each other: the quick pattern of every game takes only what ONE_TURN
takes, with the same moves (RunSplit's contract), and records spelt in every odd way a hostile
or careless writer might are reported by the lean path exactly as by the full replay.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_lean_check import _record, _same

from pbmkit.desk.summary import _lean_chunk, _turn_line
from pbmkit.games import game_names, get_game
from pbmkit.games.notation import RunSplit
from pbmkit.records.tokens import one_turn_pattern


def _split(name: str) -> RunSplit:
    split = get_game(name).notation.split
    assert isinstance(split, RunSplit)
    return split


def _disagreement(split: RunSplit, run: str, end: str = "\n") -> str | None:
    """Where reading ``7. run`` by the lean path's turn line differs from ONE_TURN then
    ``split`` (``None``: they agree, or the turn line leaves the turn to them)."""
    text = f"7. {run}{end}"
    line = _turn_line(split)
    if line is None:
        return "no turn line"
    m = line[0].match(text)
    if m is None:
        return None  # the lean path then reads the turn as the scanner does
    one = one_turn_pattern().match(text)
    if one is None or one.end() != m.end() or one[1] != m[1] or one[2] or one[3] != m[2]:
        return f"ONE_TURN reads {one and one.groups()!r}, the turn line {m.groups()!r}"
    spans = [(s.start, s.end, s.announcements) for s in split(m[2])]
    base = m.start(2)
    groups = []
    for g in line[1]:
        if m[g + 1] is None:
            break
        word = m[g + 2]
        groups.append((m.start(g + 1) - base, m.end(g + 1) - base, (word.lower(),) if word else ()))
    if spans != groups:
        return f"split finds {spans}, the turn line {groups}"
    return None


@pytest.mark.parametrize("name", game_names())
def test_every_game_reads_its_turns_by_a_turn_line(name: str) -> None:
    assert _turn_line(_split(name)) is not None


@pytest.mark.parametrize("name", game_names())
def test_a_quick_pattern_takes_only_what_one_turn_and_split_read_alike(name: str) -> None:
    split = _split(name)

    @settings(max_examples=300, deadline=None, database=None)
    @given(st.from_regex(split.quick, fullmatch=True), st.sampled_from(["\n", "\r\n", "\r", ""]))
    def agree(run: str, end: str) -> None:
        assert "\n" not in run and "\r" not in run
        assert _disagreement(split, run, end) is None

    agree()


def test_the_contract_check_finds_a_quick_pattern_that_takes_more_than_move_text() -> None:
    # A word starting with a digit, a stop word, a move text across a line: ONE_TURN ends the run
    # earlier (or the turn line takes more), and the check says so.
    for quick, run in [(r"([a-z]+)()(?: ([0-9][a-z]+)())?[ \t]*", "ab 1c"),
                       (r"([a-z]+)()(?: ([a-z]+ [a-z]+)())?[ \t]*", "ab draw agreed"),
                       (r"([a-z]+)()(?: (round 2)())?[ \t]*", "ab round 2")]:
        assert _disagreement(RunSplit(quick, r"\S+"), run) is not None, quick
    assert _disagreement(RunSplit(r"([a-z]+)()[ \t]*", r"\S+"), "ab ") is None


def _lines(text: str, edit: Callable[[list[str], int], None], rng: random.Random) -> str:
    lines = text.split("\n")
    turns = [k for k, line in enumerate(lines) if line[:1].isdigit()]
    if turns:
        edit(lines, rng.choice(turns))
    return "\n".join(lines)


def _at_turn(edit: Callable[[str], str]) -> Callable[[str, random.Random], str]:
    def spoil(text: str, rng: random.Random) -> str:
        def one(lines: list[str], k: int) -> None:
            lines[k] = edit(lines[k])

        return _lines(text, one, rng)

    return spoil


def _join_two(lines: list[str], k: int) -> None:
    if k + 1 < len(lines) and lines[k + 1][:1].isdigit():
        lines[k:k + 2] = [lines[k] + " " + lines[k + 1]]


def _break_run(lines: list[str], k: int) -> None:
    head, _, run = lines[k].partition(". ")
    words = run.split(" ")
    cut = len(words) // 2 or 1
    lines[k] = f"{head}. {' '.join(words[:cut])}\n{' '.join(words[cut:])}"


def _renumber(lines: list[str], k: int) -> None:
    _, _, run = lines[k].partition(". ")
    lines[k] = f"{int(lines[k].partition('.')[0]) + 2}. {run}"


def _swap_numbers(lines: list[str], k: int) -> None:
    nxt = k + 1
    if nxt < len(lines) and lines[nxt][:1].isdigit():
        a, _, ra = lines[k].partition(". ")
        b, _, rb = lines[nxt].partition(". ")
        lines[k], lines[nxt] = f"{b}. {ra}", f"{a}. {rb}"


HOSTILE: dict[str, Callable[[str, random.Random], str]] = {
    "CRLF line ends": lambda text, rng: text.replace("\n", "\r\n"),
    "CR line ends": lambda text, rng: text.replace("\n", "\r"),
    "no line end after the last turn": lambda text, rng: text.rstrip("\n"),
    "a tab after the number": _at_turn(lambda line: line.replace(". ", ".\t", 1)),
    "no blank after the number": _at_turn(lambda line: line.replace(". ", ".", 1)),
    "three blanks after the number": _at_turn(lambda line: line.replace(". ", ".   ", 1)),
    "a blank after a line": _at_turn(lambda line: line + " "),
    "two blanks after a line": _at_turn(lambda line: line + "  "),
    "a tab after a line": _at_turn(lambda line: line + "\t"),
    "a tab between words": _at_turn(lambda line: line[::-1].replace(" ", "\t", 1)[::-1]),
    "a no-break space after a line": _at_turn(lambda line: line + "\xa0"),
    "a line separator after a line": _at_turn(lambda line: line + "\u2028"),
    "a vertical tab after a line": _at_turn(lambda line: line + "\x0b"),
    "a next-line character after a line": _at_turn(lambda line: line + "\x85"),
    "a form feed after a line": _at_turn(lambda line: line + "\f"),
    "a byte-order mark after a line": _at_turn(lambda line: line + "\ufeff"),
    "a no-break space inside a move": _at_turn(lambda line: line[::-1].replace(" ", "\xa0", 1)[::-1]),
    "two turns on one line": lambda text, rng: _lines(text, _join_two, rng),
    "the next number glued to the last word": lambda text, rng: text.replace("\n2.", "2.", 1),
    "every number glued to the last word": lambda text, rng: re.sub(r"\n([0-9])", r"\1", text),
    "the ending glued to the last word": lambda text, rng: text.rstrip("\n") + "resigns\n",
    "a turn broken over two lines": lambda text, rng: _lines(text, _break_run, rng),
    "blank lines between turns": lambda text, rng: text.replace("\n2.", "\n\n\n2.", 1),
    "a comment line between turns": lambda text, rng: text.replace("\n2.", "\n{ hm }\n2.", 1),
    "a line comment between turns": lambda text, rng: text.replace("\n2.", "\n; hm\n2.", 1),
    "a series letter": _at_turn(lambda line: line.replace(".", "a.", 1)),
    "an upper-case series letter": _at_turn(lambda line: line.replace(".", "B.", 1)),
    "a number skipped": lambda text, rng: _lines(text, _renumber, rng),
    "two numbers swapped": lambda text, rng: _lines(text, _swap_numbers, rng),
    "a number with a zero": _at_turn(lambda line: "0" + line),
    "a number of ten digits": _at_turn(lambda line: "100000000" + line),
    "a number alone": _at_turn(lambda line: line.partition(" ")[0]),
    "an ellipsis": _at_turn(lambda line: line.replace(". ", ". ... ", 1)),
    "a unicode ellipsis": _at_turn(lambda line: line.replace(". ", ". … ", 1)),
    "a stray word line": lambda text, rng: text.replace("\n2.", "\nhm\n2.", 1),
    "the ending on the last turn's line": lambda text, rng: text.rstrip("\n") + " resigns\n",
    "the ending in capitals": lambda text, rng: text.rstrip("\n") + "\nRESIGNS\n",
    "a draw on its own line": lambda text, rng: text.rstrip("\n") + "\ndraw   agreed\r\n",
    "a phase on a turn's line": lambda text, rng: text.replace("\nround 2\n", " round 2\n"),
    "a phase with a tab": lambda text, rng: text.replace("round 2", "round\t2"),
    "a word after the phase": lambda text, rng: text.replace("round 2", "round 2x"),
    "words in capitals": _at_turn(lambda line: line.upper()),
    "words in lower case": _at_turn(lambda line: line.lower()),
    "a word doubled": _at_turn(lambda line: line + " " + line.split(" ")[-1]),
    "a tag in the body": lambda text, rng: text.replace("\n2.", '\n[Event "x"]\n2.', 1),
    "a broken tag in the body": lambda text, rng: text.replace("\n2.", '\n[Event x]\n2.', 1),
    "a tag after the moves": lambda text, rng: text + '[Event "x"]\n',
    "a turn before the tags": lambda text, rng: "1. " + text.partition("\n1. ")[2].partition(
        "\n")[0] + "\n" + text,
}


@pytest.mark.parametrize("spoil", list(HOSTILE))
@pytest.mark.parametrize("name", game_names())
def test_hostile_spellings_are_reported_as_the_replay_reports_them(name: str, spoil: str) -> None:
    for seed, plies in enumerate((3, 30, 90)):
        _same(HOSTILE[spoil](_record(name, seed, plies), random.Random(seed)))


@pytest.mark.parametrize("name", game_names())
def test_an_archive_of_hostile_spellings_reads_as_the_replay_reads_it(name: str) -> None:
    rng = random.Random(22)
    spoils = list(HOSTILE.values())
    _same("\n".join(rng.choice(spoils)(_record(name, seed, rng.choice([8, 40])), rng)
                    for seed in range(30)))


@pytest.mark.parametrize("text", [
    '[Game "Batalo"]\r\n\r\n1. IR to HS EV to FU\r\n2. HS to IR FU to EV\r\n',
    '[Game "Batalo"]\n\n1.IR to HS EV to FU \n2.\tHS to IR FU to EV\n',
    '[Game "Batalo"]\n\n1. IR to HS EV to FU 2. HS to IR FU to EV',
])
def test_odd_but_plain_spellings_stay_on_the_lean_path(text: str) -> None:
    lean = _lean_chunk(text, "f.txt", 1, 0)
    assert lean is not None and len(lean) == 1 and lean[0].valid and lean[0].turns == 2
    _same(text)


def test_a_repeated_position_is_noted_at_its_place_on_a_crlf_record() -> None:
    text = '[Game "Batalo"]\r\n\r\n1. IR to HS EV to FU\r\n2. HS to IR FU to EV\r\n'
    [check] = _lean_chunk(text, "f.txt", 1, 0) or []
    assert [(p.line, p.column, p.move, p.source_line) for p in check.warnings] == [
        (4, 13, "FU to EV", "2. HS to IR FU to EV")]
    _same(text)
