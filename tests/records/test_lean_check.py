"""``pbmkit check`` reports by the lean path exactly what the full replay finds (issue 16).

:func:`pbmkit.desk.summary.iter_checks` checks plain games (tags, numbered main-line turns
without comments, phase lines, an ending) without building the replay's records, and hands every
other chunk of the archive to the full path. These tests hold the two equal on random games of
every registered game, each spoiled in the ways records go wrong, read whole and a game at a time,
and make sure the lean path is the one that checks plain archives.
"""

from __future__ import annotations

import contextlib
import datetime
import gc
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pbmkit.desk import summary
from pbmkit.desk.dates import annotation_text, format_date
from pbmkit.desk.summary import GameCheck, _lean_chunk, iter_checks
from pbmkit.games import game_names, get_game
from pbmkit.records.model import Comment
from pbmkit.records.reader import parse_records
from pbmkit.records.replay import iter_check_text
from pbmkit.records.writer import moves_text, write_record

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _key(c: GameCheck) -> tuple[Any, ...]:
    return (c.to_json(), c.tags, c.game.title if c.game is not None else None)


def _full(text: str) -> list[tuple[Any, ...]]:
    return [_key(GameCheck.of(rep)) for rep in iter_check_text(text, "f.txt")]


def _same(text: str) -> list[tuple[Any, ...]]:
    """Assert that the lean reports equal the full path's, whole and a chunk at a time."""
    full = _full(text)
    whole = [_key(c) for c in iter_checks(text, "f.txt", lean=True)]
    assert whole == full
    chunked = [_key(c) for c in iter_checks(text, "f.txt", progress=lambda done, total: None,
                                            lean=True)]
    assert chunked == full
    assert [_key(c) for c in iter_checks(text, "f.txt", lean=False)] == full
    return full


def _moves(name: str, rng: random.Random, plies: int) -> list[Any]:
    game = get_game(name)
    position = game.initial_position()
    moves: list[Any] = []
    while len(moves) < plies and game.outcome(position) is None:
        legal = list(game.legal_moves(position))
        if not legal:
            break
        move = rng.choice(legal)
        moves.append(move)
        position = game.apply(position, move)
    return moves


def _record(name: str, seed: int, plies: int = 60, tags: str = "") -> str:
    game = get_game(name)
    moves = _moves(name, random.Random(seed), plies)
    sides = "".join(f'[{tag} "{tag} {seed}"]\n' for tag in game.side_tags)
    return f'[Game "{game.title}"]\n[Number "{seed}"]\n{sides}{tags}\n{moves_text(game, moves)}'


def _turn_lines(text: str) -> list[int]:
    lines = text.split("\n")
    return [k for k, line in enumerate(lines) if line[:1].isdigit()]


def _edit_line(text: str, rng: random.Random, edit: Callable[[str], str]) -> str:
    lines = text.split("\n")
    turns = _turn_lines(text)
    if turns:
        k = rng.choice(turns)
        lines[k] = edit(lines[k])
    return "\n".join(lines)


def _swap_moves(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    turns = _turn_lines(text)
    if len(turns) > 2:
        a, b = rng.sample(turns, 2)
        head_a, _, run_a = lines[a].partition(". ")
        head_b, _, run_b = lines[b].partition(". ")
        lines[a], lines[b] = f"{head_a}. {run_b}", f"{head_b}. {run_a}"
    return "\n".join(lines)


def _at_a_turn_line(edit: Callable[[list[str], int], None]) -> Callable[[str, random.Random], str]:
    """A spoil that edits the lines at a turn line chosen at random (``edit(lines, k)``)."""

    def spoil(text: str, rng: random.Random) -> str:
        lines = text.split("\n")
        turns = _turn_lines(text)
        if turns:
            edit(lines, rng.choice(turns))
        return "\n".join(lines)

    return spoil


def _series(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    turns = _turn_lines(text)
    if turns:
        k = rng.choice(turns)
        number, _, run = lines[k].partition(". ")
        lines.insert(k + 1, f"{number}a. {run}")
    return "\n".join(lines)


def _renumbered(text: str, rng: random.Random) -> str:
    """The phase lines left out and the turns numbered on, as if the game had one round."""
    lines = [line for line in text.split("\n") if not line.startswith("round ")]
    number = 0
    for k, line in enumerate(lines):
        if line[:1].isdigit():
            number += 1
            lines[k] = f"{number}." + line.partition(".")[2]
    return "\n".join(lines)


def _second_side_first(text: str, rng: random.Random) -> str:
    """A Setup after the first move, the moves from there written without the ``...``."""
    title = text.split('"', 2)[1]
    [name] = [n for n in game_names() if get_game(n).title == title]
    game = get_game(name)
    moves = _moves(name, rng, 12)
    if len(moves) < 2:
        return text
    position = game.apply(game.initial_position(), moves[0])
    body = moves_text(game, moves[1:], position).replace(" ... ", " ")
    return f'[Game "{title}"]\n[Setup "{game.format_setup(position)}"]\n\n{body}'


def _tag(tag: str) -> Callable[[str, random.Random], str]:
    return lambda text, rng: text.replace("\n\n", f"\n{tag}\n\n", 1)


SPOILS: dict[str, Callable[[str, random.Random], str]] = {
    "as written": lambda text, rng: text,
    "a comment after a move": lambda text, rng: _edit_line(text, rng, lambda line: line + " {hm}"),
    "a line comment": lambda text, rng: _edit_line(text, rng, lambda line: line + " ; hm"),
    "an announcement written": lambda text, rng: _edit_line(text, rng, lambda line: line + " averto"),
    "an announcement written twice": lambda text, rng: _edit_line(
        text, rng, lambda line: line + " averto averto"),
    "announcements left out": lambda text, rng: text.replace(" averto", ""),
    "two moves swapped": _swap_moves,
    "a turn left out": _at_a_turn_line(lambda lines, k: lines.pop(k)),
    "a turn written twice": _at_a_turn_line(lambda lines, k: lines.insert(k + 1, lines[k])),
    "a series": _series,
    "a number written with a zero": lambda text, rng: _edit_line(text, rng, lambda line: "0" + line),
    "two spaces in a run": lambda text, rng: _edit_line(text, rng, lambda line: line.replace(" ", "  ")),
    "resigns": lambda text, rng: text.rstrip("\n") + "\nresigns\n",
    "draw agreed": lambda text, rng: text.rstrip("\n") + "\ndraw agreed\n",
    "draw claimed": lambda text, rng: text.rstrip("\n") + "\ndraw claimed\n",
    "a move after the ending": lambda text, rng: _edit_line(
        text, rng, lambda line: line + "\nresigns"),
    "the phase lines left out": lambda text, rng: text.replace("round 2\n", ""),
    "a phase line at the end": lambda text, rng: text.rstrip("\n") + "\nround 2\n",
    "a Winner tag for the first side": lambda text, rng: _tag(
        f'[Winner "{_first_side(text)}"]')(text, rng),
    "a Winner tag: draw": _tag('[Winner "Draw"]'),
    "a Winner tag: going on": _tag('[Winner "*"]'),
    "a Winner tag of nobody": _tag('[Winner "Nobody"]'),
    "a Date tag": _tag('[Date "1994-03-12"]'),
    "a bad Date tag": _tag('[Date "March 12"]'),
    "a TimeControl tag": _tag('[TimeControl "30 days"]'),
    "a tag written twice": _tag('[Number "7"]'),
    "an escaped tag value": _tag('[Event "a \\"big\\" one"]'),
    "an unknown game": lambda text, rng: text.replace('[Game "', '[Game "Not', 1),
    "a byte-order mark": lambda text, rng: "\ufeff" + text,
    "the phase lines left out, turns numbered on": _renumbered,
    "a Setup with the second side to move, no '...'": _second_side_first,
    "no tags": lambda text, rng: text[text.index("\n\n") + 2:],
}


def _first_side(text: str) -> str:
    title = text.split('"', 2)[1]
    for name in game_names():
        if get_game(name).title == title:
            return get_game(name).order[0].capitalize()
    return "White"


@pytest.mark.parametrize("spoil", list(SPOILS))
@pytest.mark.parametrize("name", game_names())
def test_the_lean_path_reports_what_the_replay_finds(name: str, spoil: str) -> None:
    for seed, plies in enumerate((4, 40, 120)):
        rng = random.Random(seed)
        text = SPOILS[spoil](_record(name, seed, plies), rng)
        _same(text)


@pytest.mark.parametrize("name", game_names())
def test_an_archive_of_games_spoiled_or_not_reports_each_as_the_replay_does(name: str) -> None:
    rng = random.Random(16)
    spoils = list(SPOILS.values())
    games = []
    for seed in range(40):
        text = _record(name, seed, rng.choice([10, 40, 80]))
        if seed % 2:
            text = rng.choice(spoils)(text, rng)
        games.append(text.lstrip("\ufeff"))
    _same("\n".join(games))


def test_the_examples_report_the_same_by_either_path() -> None:
    texts = [path.read_text(encoding="utf-8") for path in sorted(EXAMPLES.glob("*.txt"))]
    assert len(texts) >= 10
    for text in texts:
        _same(text)
    _same("\n".join(texts))


@pytest.mark.parametrize("name", game_names())
def test_plain_games_of_every_game_are_checked_by_the_lean_path(name: str) -> None:
    text = "\n".join(_record(name, seed, 50) for seed in range(6))
    lean = _lean_chunk(text, "f.txt", 1, 0)
    assert lean is not None
    assert [_key(c) for c in lean] == _full(text)
    assert len(lean) == 6


def test_a_repeated_position_is_noted_by_the_lean_path_as_by_the_replay() -> None:
    text = '[Game "Batalo"]\n\n1. IR to HS EV to FU\n2. HS to IR FU to EV\n3. IR to HS EV to FU\n'
    lean = _lean_chunk(text, "f.txt", 1, 0)
    assert lean is not None
    [check] = lean
    assert check.valid
    assert [(p.line, p.column, p.turn, p.side, p.message) for p in check.warnings] == [
        (4, 13, "2", "black", "this position was seen before, at the start"),
        (5, 4, "3", "white", "this position was seen before, after turn 1 (white)"),
        (5, 13, "3", "black", "this position was seen before, after turn 1 (black)"),
    ]
    assert [_key(c) for c in lean] == _full(text)


def test_a_repeated_move_written_with_two_spaces_is_noted_as_written_by_the_replay() -> None:
    text = '[Game "Batalo"]\n\n1. IR to HS EV to FU\n2. HS to IR FU  to EV\n'
    assert _lean_chunk(text, "f.txt", 1, 0) is None
    [full] = _same(text)
    assert [p["move"] for p in full[0]["warnings"]] == ["FU to EV"]


@pytest.mark.parametrize("text", [
    '[Game "Batalo"]\n\n1. IR to HS {a comment} EV to FU\n',
    '[Game "Batalo"]\n\n1. IR to HS EV to FU\n1a. IR to HT\n',
    '[Game "Batalo"]\n\n1. IR to GT\n',
    '[Game "Batalo"]\n\n1. IR to HS averto\n',
    '[Game "Batalo"]\n\n2. IR to HS\n',
    '[Game "Batalo"]\n[Winner "Black"]\n\n1. IR to HS\nresigns\n',
    '[Game "Batalo"]\n[TimeControl "30 days"]\n\n1. IR to HS {[%ccsnt 2026.11.21]}\n',
    '[Game "Batalo"]\n\n1. IR to HS {[%ccsnt 2026.11.21] by post} EV to FU\n',
    '[Game "Batalo"]\n\n1. IR to HS {[%clk 0:03:00]} EV to FU\n',
    '[Game "Batalo"]\n\n{[%ccsnt 2026.11.20]}\n1. IR to HS {[%ccsnt 2026.11.21]} EV to FU\n',
    '[Game "Batalo"]\n\n1. {[%ccsnt 2026.11.21]} IR to HS EV to FU\n',
    '[Game "Batalo"]\n\n1. IR to HS {} EV to FU\n',
    '[Game "Batalo"]\n\n1. IR to HS {[%ccsnt 2026.11.21] EV to FU\n',
    '[Game "Chess"]\n\n1. e4 e5\n',
    '[Game "Batalo"]\n\n1. IR to\n',
])
def test_anything_the_replay_would_report_goes_to_the_full_path(text: str) -> None:
    assert _lean_chunk(text, "f.txt", 1, 0) is None
    _same(text)


# --- Dated records: the desk's comment after every move (docs/desk.md), as `pbmkit move` and the
# club referee write them. The lean path follows them and computes the desk's report with the
# desk's own Clocks; anything else in a comment goes to the full path.

def _dated(text: str, seed: int, tags: str = '[Date "2026-11-01"]') -> str:
    """``text`` (one record) with ``tags`` added and a desk comment after every move: the sent
    date a day or two after the last, every fifth move received the day after the last too."""
    text = _tag(tags)(text, random.Random(seed)) if tags else text
    [record] = parse_records(text, check_moves=False)[0]
    rng = random.Random(seed)
    day = datetime.date(2026, 11, 1)
    n = 0
    for turn in record.main:
        for move in turn.moves:
            n += 1
            received = day + datetime.timedelta(days=1) if n % 5 == 0 else None
            day += datetime.timedelta(days=rng.choice((1, 2)))
            move.comments.append(Comment(annotation_text(received=received, sent=day)))
    return write_record(record)


def _in_a_comment(edit: Callable[[str, random.Random], str]) -> Callable[[str, random.Random], str]:
    """A spoil that rewrites one desk comment (its text, without the braces) chosen at random."""

    def spoil(text: str, rng: random.Random) -> str:
        starts = [k for k, c in enumerate(text) if c == "{"]
        if not starts:
            return text
        a = rng.choice(starts)
        b = text.index("}", a)
        return text[:a + 1] + edit(text[a + 1:b], rng) + text[b:]

    return spoil


def _at_a_comment(edit: Callable[[str, str], str]) -> Callable[[str, random.Random], str]:
    """A spoil that rewrites the text after one comment chosen at random (``edit(before,
    after)``, ``before`` ending with the comment's ``}``)."""

    def spoil(text: str, rng: random.Random) -> str:
        ends = [k + 1 for k, c in enumerate(text) if c == "}"]
        if not ends:
            return text
        at = rng.choice(ends)
        return edit(text[:at], text[at:])

    return spoil


def _day(rng: random.Random) -> str:
    return format_date(datetime.date(2026, 11, 1) + datetime.timedelta(days=rng.randrange(-9, 90)))


DATED_SPOILS: dict[str, Callable[[str, random.Random], str]] = {
    "as the desk writes it": lambda text, rng: text,
    "a bad date": _in_a_comment(lambda c, rng: c.replace(c[c.index(" ") + 1:c.index("]")],
                                                         "2026.13.45", 1)),
    "a date that is no date": _in_a_comment(lambda c, rng: "[%ccsnt soon]"),
    "a date going backwards": _in_a_comment(lambda c, rng: "[%ccsnt 2026.10.02]"),
    "received before the move it answers was sent": _in_a_comment(
        lambda c, rng: f"[%ccrcv 2026.10.02] {c}"),
    "sent before it was received": _in_a_comment(lambda c, rng: f"{c} [%ccrcv 2027.01.01]"),
    "arrived before it was sent": _in_a_comment(lambda c, rng: f"{c} [%ccarr 2026.10.02]"),
    "arrived": _in_a_comment(lambda c, rng: f"{c} [%ccarr {_day(rng)}]"),
    "a date with a time": _in_a_comment(lambda c, rng: c.replace("]", ",12:56]", 1)),
    "leave": _in_a_comment(lambda c, rng: f"{c} [%ccleave 3]"),
    "bad leave": _in_a_comment(lambda c, rng: f"{c} [%ccleave three]"),
    "a draw offer": _in_a_comment(lambda c, rng: f"{c} [%ccdraw offer]"),
    "a draw declined": _in_a_comment(lambda c, rng: f"{c} [%ccdraw declined]"),
    "a draw accepted": _in_a_comment(lambda c, rng: f"[%ccdraw accepted] {c}"),
    "a draw maybe": _in_a_comment(lambda c, rng: f"{c} [%ccdraw maybe]"),
    "unclear": _in_a_comment(lambda c, rng: f"{c} [%ccunclear]"),
    "upper case": _in_a_comment(lambda c, rng: c.replace("%cc", "%CC")),
    "blanks and lines in a comment": _in_a_comment(lambda c, rng: f"  {c}\n [%ccleave 1] "),
    "text after the command": _in_a_comment(lambda c, rng: f"{c} sent by post"),
    "another command": _in_a_comment(lambda c, rng: f"{c} [%clk 0:03:00]"),
    "no command": _in_a_comment(lambda c, rng: "sent by post"),
    "an empty comment": _in_a_comment(lambda c, rng: ""),
    "a TimeControl, days a move, overstepped": _tag('[TimeControl "1"]'),
    "a TimeControl, moves in days, overstepped": _tag('[TimeControl "3/4"]'),
    "a TimeControl kept": _tag('[TimeControl "10/500"]'),
    "a TimeControl that cannot be read": _tag('[TimeControl "30 days"]'),
    "no Date tag": lambda text, rng: text.replace('[Date "2026-11-01"]\n', ""),
    "two comments after one move": _at_a_comment(
        lambda a, b: f"{a} {{[%ccarr 2026.12.30]}}{b}"),
    "two comments after one move, one not the desk's": _at_a_comment(
        lambda a, b: f"{a} {{a fine move}}{b}"),
    "a comment before the first move": lambda text, rng: text.replace(
        "\n\n", "\n\n{[%ccsnt 2026.11.01]}\n", 1),
    "a comment after a turn's number": lambda text, rng: _edit_line(
        text, rng, lambda line: line.replace(". ", ". {[%ccsnt 2026.11.01]} ", 1)),
    "a comment on a line of its own": lambda text, rng: _edit_line(
        text, rng, lambda line: line + "\n{[%ccarr 2026.12.30]}"),
    "a continuation line": lambda text, rng: _edit_line(
        text, rng, lambda line: line.replace("} ", "}\n", 1)),
    "a continuation line, its comment first": lambda text, rng: _edit_line(
        text, rng, lambda line: line.replace(" {", "\n{", 1)),
    "a move without its comment": _at_a_comment(lambda a, b: a[:a.rindex("{")].rstrip(" ") + b),
    "the last move without its comment": lambda text, rng: text[:text.rstrip().rindex("{")].rstrip()
    + "\n",
    "a comment not closed": lambda text, rng: text[:text.rindex("}")] + text[text.rindex("}") + 1:],
    "a brace in a comment": _in_a_comment(lambda c, rng: f"{c} {{"),
    "a line comment": lambda text, rng: _edit_line(text, rng, lambda line: line + " ; hm"),
}


@pytest.mark.parametrize("spoil", [*DATED_SPOILS, *SPOILS])
@pytest.mark.parametrize("name", game_names())
def test_dated_games_are_reported_as_the_replay_finds(name: str, spoil: str) -> None:
    """The desk's warnings and ``overstepped`` too, whether the lean path or the full one finds
    them: every way the desk's comments go wrong, and the plain records' ways."""
    for seed, plies in enumerate((6, 60)):
        rng = random.Random(seed)
        text = _dated(_record(name, seed, plies), seed)
        spoiled = (DATED_SPOILS.get(spoil) or SPOILS[spoil])(text, rng)
        _same(spoiled)


@pytest.mark.parametrize("name", game_names())
def test_an_archive_of_dated_games_spoiled_or_not_reports_each_as_the_replay_does(
        name: str) -> None:
    rng = random.Random(27)
    spoils = [*DATED_SPOILS.values(), *SPOILS.values()]
    games = []
    for seed in range(40):
        text = _dated(_record(name, seed, rng.choice([10, 40, 80])), seed,
                      rng.choice(['[Date "2026-11-01"]', '[TimeControl "2"]', ""]))
        if seed % 2:
            text = rng.choice(spoils)(text, rng)
        games.append(text.lstrip("\ufeff"))
    _same("\n".join(games))


@pytest.mark.parametrize("name", game_names())
def test_dated_games_of_every_game_are_checked_by_the_lean_path(name: str) -> None:
    text = "\n".join(_dated(_record(name, seed, 50), seed,
                            '[TimeControl "1"]' if seed % 2 else '[Date "2026-11-01"]')
                     for seed in range(6))
    lean = _lean_chunk(text, "f.txt", 1, 0)
    assert lean is not None
    assert [_key(c) for c in lean] == _full(text)
    assert len(lean) == 6
    assert all(c.valid for c in lean)
    assert any(c.overstepped for c in lean)  # the desk's clocks worked, in the lean path


DESK_WARNED = '[Game "Batalo"]\n[Date "2026-11-20"]\n[TimeControl "2"]\n\n' \
    "1. IR to HS {[%ccsnt 2026.11.21]} EV to FU {[%ccsnt 2026.11.22]}\n" \
    "2. HS to IR {[%ccrcv 2026.11.20] [%ccsnt 2026.11.26]} FU to EV {[%ccsnt 2026.13.45]}\n" \
    "3. IR to HS {[%ccsnt 2026.11.28]}\n{[%ccarr 2026.11.27]}\nEV to FU {[%ccsnt 2026.11.29]}\n"


def test_the_lean_path_keeps_every_desk_warning() -> None:
    """A lean path that dropped a desk warning (or its overstep) would fail here, not only
    differ from the replay: the warnings are written out."""
    lean = _lean_chunk(DESK_WARNED, "f.txt", 1, 0)
    assert lean is not None
    [check] = lean
    assert check.valid
    assert [(p.line, p.column, p.turn, p.side, p.message) for p in check.warnings] == [
        (6, 4, "2", "white", "received 2026.11.20, before the move it answers was sent "
                             "(2026.11.22)"),
        (6, 4, "2", "white", "time overstepped: White had used 6 days, the time control 2 allows "
                             "2 days a move"),
        (6, 55, "2", "black", "this position was seen before, at the start"),
        (6, 64, "2", "black", "[%ccsnt 2026.13.45]: not a date like 2026.11.21"),
        (7, 4, "3", "white", "this position was seen before, after turn 1 (white)"),
        (7, 4, "3", "white", "arrived 2026.11.27, before it was sent (2026.11.28)"),
        (9, 1, "3", "black", "this position was seen before, after turn 1 (black)"),
    ]
    assert check.overstepped == [{"side": "white", "turn": "2", "days": 6, "allowed": 2,
                                  "line": 6, "column": 4}]
    assert [_key(c) for c in lean] == _full(DESK_WARNED)


def test_check_prints_the_same_bytes_by_the_lean_path_as_by_the_replay(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """``pbmkit check`` and ``check --json`` on dated archives of every game: the same output
    with the lean path as with every game replayed."""
    from pbmkit.cli.checking import run_check

    games = []
    for k, name in enumerate(game_names()):
        for seed in range(4):
            text = _dated(_record(name, seed, 40), seed, '[TimeControl "1"]' if seed % 2 else "")
            games.append(text if seed != 3 else DATED_SPOILS["a bad date"](text, random.Random(k)))
    path = tmp_path / "dated.txt"
    path.write_text("\n".join(games), encoding="utf-8")

    def run(as_json: bool) -> str:
        with contextlib.suppress(SystemExit):  # 1: a game with a problem
            run_check([str(path)], as_json, False)
        return capsys.readouterr().out

    lean = [run(False), run(True)]
    monkeypatch.setenv(summary.FULL_REPLAY_VARIABLE, "1")  # honoured by the compiled build too
    assert not summary.lean_check_on()
    assert [run(False), run(True)] == lean
    assert "time overstepped" in lean[0] and '"overstepped": [\n' in lean[1]


# --- What a differential fuzz of the two paths found (issue 37, "Correct before fast").

NBSP_RECORD = '[Game "Batalo"]\n\n1. IR to HS {[%ccsnt 2026.11.21]} EV to FU {[%ccsnt 2026.11.22]}\n' \
    "\u00a02. HS to IR\n"


@pytest.mark.parametrize("blank", ["\u00a0", "\u2003", "\u3000", "\x0b", "\x85", "\x1c"])
@pytest.mark.parametrize("line", [
    "1. IR to HS {[%ccsnt 2026.11.21]} EV to FU {[%ccsnt 2026.11.22]}", "1. IR to HS EV to FU",
    "1. IR to HS EV to FU {[%ccsnt 2026.11.22]}"])
def test_a_unicode_blank_that_is_no_blank_of_the_grammar_is_an_error_by_either_path(
        blank: str, line: str) -> None:
    """A no-break space (or any blank but space, tab, a line end, form feed) before a turn: one
    verdict, whatever came before it (the replay once took it as a blank after a plain turn only,
    the lean path after any turn it read in one match)."""
    text = f'[Game "Batalo"]\n\n{line}\n{blank}2. HS to IR\n'
    [full] = _same(text)
    assert not full[0]["valid"]
    assert [(e["line"], e["column"], e["message"]) for e in full[0]["errors"]] == [
        (4, 1, f"unexpected character {blank!r}")]
    assert _same(NBSP_RECORD)[0][0]["errors"][0]["message"] == "unexpected character '\\xa0'"


def test_a_bare_draw_before_a_game_counts_the_same_in_a_small_file_and_a_large_one() -> None:
    """A stray ``draw`` (no ending: ``draw agreed`` is one) belongs to the game after it, whether
    the file is read whole or, past 64 KiB, a chunk of games at a time."""
    game = '[Game "Batalo"]\n[Number "{}"]\n\n1. IR to HS EV to FU\n'
    small = "draw\n" + game.format(0)
    large = small + "".join("\n" + game.format(k) for k in range(1, 3000))
    assert len(large) > 1 << 16
    [first] = _same(small)
    assert (first[0]["valid"], first[0]["turns"]) == (False, 1)
    assert first[0]["errors"][0]["message"].startswith("'draw' has no turn number before it")
    checked = _same(large)
    assert len(checked) == 3000
    assert checked[0] == first


def _shuttle(turns: int, dated: bool = False) -> str:
    """A game shuttling between two positions: every move from turn 2 on repeats a position."""
    d = " {[%ccsnt 2026.11.21]}" if dated else ""
    lines = [f"{k}. IR to HS{d} EV to FU{d}" if k % 2 else f"{k}. HS to IR{d} FU to EV{d}"
             for k in range(1, turns + 1)]
    return '[Game "Batalo"]\n\n' + "\n".join(lines) + "\n"


def _comments_after_one_move(comments: int) -> str:
    return '[Game "Batalo"]\n\n1. IR to HS {[%ccsnt 2026.11.21]}\n' \
        + "{[%ccsnt 2026.11.21]}\n" * comments


def _cpu_seconds(text: str, repeats: int) -> float:
    """The least CPU time of ``repeats`` checks of ``text`` by :func:`iter_checks`."""
    best = float("inf")
    for _ in range(repeats):
        gc.collect()
        started = time.process_time()
        for _check in iter_checks(text, "f.txt"):
            pass
        best = min(best, time.process_time() - started)
    return best


def _cost_per_byte_growth(make: Callable[[int], str], n: int) -> float:
    """How many times more a byte of ``make(16 * n)`` costs to check than a byte of ``make(n)``
    (CPU time, one process): about 1 when checking is linear, about 16 when quadratic."""
    small, large = make(n), make(16 * n)
    _cpu_seconds(small, 1)  # patterns compiled, tables filled
    per_small = _cpu_seconds(small, 5) / len(small)
    per_large = _cpu_seconds(large, 3) / len(large)
    return per_large / per_small


@pytest.mark.parametrize("dated", [False, True])
def test_a_game_shuttling_between_two_positions_checks_in_linear_time(dated: bool) -> None:
    """Each repeated position's note placed its line by counting the lines from the chunk's start:
    16,384 turns took 3.8 s where 2,048 took 0.14 s (issue 37). Now lines are counted on from the
    last move: a byte of a long shuttle costs what a byte of a short one does."""
    [check] = iter_checks(_shuttle(40, dated), "f.txt")
    assert check.valid and len(check.warnings) == 40 * 2 - 3
    assert [_key(c) for c in iter_checks(_shuttle(40, dated), "f.txt")] == _full(_shuttle(40, dated))
    assert _cost_per_byte_growth(lambda n: _shuttle(n, dated), 1000 if dated else 1500) < 3


def test_a_run_of_desk_comments_after_one_move_checks_in_linear_time() -> None:
    """The desk's reading of a move's comments placed each comment by counting the lines from the
    chunk's start: 32,768 comments took 5.8 s by the lean path, 0.17 s by the replay (issue 37)."""
    _same(_comments_after_one_move(50))
    assert _cost_per_byte_growth(_comments_after_one_move, 2048) < 3


def test_the_switch_to_the_full_replay_is_read_at_each_check(monkeypatch: pytest.MonkeyPatch) -> None:
    """``PBMKIT_FULL_REPLAY`` turns the lean path off (a function's attribute replaced from outside
    does nothing in the compiled build: the module calls its own function directly)."""
    monkeypatch.delenv(summary.FULL_REPLAY_VARIABLE, raising=False)
    assert summary.lean_check_on()
    for value, on in (("1", False), ("yes", False), ("0", True), ("", True)):
        monkeypatch.setenv(summary.FULL_REPLAY_VARIABLE, value)
        assert summary.lean_check_on() is on
