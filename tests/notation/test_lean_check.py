"""``pbmkit check`` reports by the lean path exactly what the full replay finds (issue 16).

:func:`pbmkit.notation.summary.iter_checks` checks plain games (tags, numbered main-line turns
without comments, phase lines, an ending) without building the replay's records, and hands every
other chunk of the archive to the full path. These tests hold the two equal on random games of
every registered game, each spoiled in the ways records go wrong, read whole and a game at a time,
and make sure the lean path is the one that checks plain archives.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pbmkit.games import game_names, get_game
from pbmkit.notation.replay import iter_check_text
from pbmkit.notation.summary import GameCheck, _lean_chunk, iter_checks
from pbmkit.notation.writer import moves_text

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _key(c: GameCheck) -> tuple[Any, ...]:
    return (c.to_json(), c.tags, c.game.title if c.game is not None else None)


def _full(text: str) -> list[tuple[Any, ...]]:
    return [_key(GameCheck.of(rep)) for rep in iter_check_text(text, "f.txt")]


def _same(text: str) -> list[tuple[Any, ...]]:
    """Assert that the lean reports equal the full path's, whole and a chunk at a time."""
    full = _full(text)
    whole = [_key(c) for c in iter_checks(text, "f.txt")]
    assert whole == full
    chunked = [_key(c) for c in iter_checks(text, "f.txt", progress=lambda done, total: None)]
    assert chunked == full
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
    '[Game "Batalo"]\n[TimeControl "30"]\n\n1. IR to HS\n',
    '[Game "Chess"]\n\n1. e4 e5\n',
    '[Game "Batalo"]\n\n1. IR to\n',
])
def test_anything_the_replay_would_report_goes_to_the_full_path(text: str) -> None:
    assert _lean_chunk(text, "f.txt", 1, 0) is None
    _same(text)
