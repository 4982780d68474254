"""Every command works on every registered game's records (the generic game tests, issue 10).

For each game in the registry, a seeded random game (played by the rules core and written by
``moves_text``) is put through the commands a correspondence player uses: ``new``, ``check``
(text and ``--json``), ``moves`` (text, ``--json``, ``--from``), ``show`` (terminal and
``--svg``), ``move`` (a legal move appended and the record still valid; an illegal one refused
with the file byte-identical), ``fmt --check``, ``convert --to json``, ``chart`` and ``mailer``.
Nothing here names a game: a game registered tomorrow is tested the same way.
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from pbmkit.cli import cli
from pbmkit.games import game_names, get_game
from pbmkit.games.board import board_order
from pbmkit.games.notation import ListsMoves
from pbmkit.records import check_text, moves_text
from pbmkit.records.writer import new_record_text

PLIES = 14


def _run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@cache
def _game_text(name: str) -> tuple[str, Any]:
    """The text of a seeded random game of ``name`` still going on, and the game's next move."""
    game = get_game(name)
    for seed in range(50):
        rng = random.Random(seed)
        position, played = game.initial_position(), []
        while len(played) < PLIES:
            legal = list(game.legal_moves(position))
            if not legal or game.outcome(position) is not None:
                break
            move = rng.choice(legal)
            played.append(move)
            position = game.apply(position, move)
        legal = list(game.legal_moves(position))
        if len(played) == PLIES and legal and game.outcome(position) is None:
            players = {side: f"Player {k + 1}" for k, side in enumerate(game.sides)}
            head = new_record_text(name, players, number="1", date="2026-11-24")
            return head + "\n" + moves_text(game, played), rng.choice(legal)
    raise AssertionError(f"no seeded {name} game lasted {PLIES} plies")


@pytest.fixture(params=game_names())
def record(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[str, Path]:
    name: str = request.param
    path = tmp_path / f"{name}.txt"
    path.write_text(_game_text(name)[0], encoding="utf-8")
    return name, path


def test_check_reads_the_record_valid(record: tuple[str, Path]) -> None:
    _name, path = record
    result = _run("check", str(path))
    assert result.exit_code == 0, result.output
    [data] = json.loads(_run("check", "--json", str(path)).output)
    assert data["valid"] and data["errors"] == [] and data["winner"] is None
    assert data["turns"] == len(check_text(path.read_text(encoding="utf-8"))[0].record.main)


def test_moves_lists_every_legal_move_once_sorted(record: tuple[str, Path]) -> None:
    _name, path = record
    [rep] = check_text(path.read_text(encoding="utf-8"))
    game = rep.game
    assert game is not None
    listed = json.loads(_run("moves", "--json", str(path)).output)
    notation = game.notation
    text_of = notation.listing if isinstance(notation, ListsMoves) else notation.format
    expected = sorted({text_of(m, rep.final) for m in game.legal_moves(rep.final)}, key=board_order)
    assert listed["side"] == game.side_to_move(rep.final)
    assert listed["moves"] == expected
    text = _run("moves", str(path))
    assert text.exit_code == 0 and text.output.strip()


def test_show_draws_the_board_as_text_and_svg(record: tuple[str, Path], tmp_path: Path) -> None:
    _name, path = record
    shown = _run("show", str(path))
    assert shown.exit_code == 0, shown.output
    svg = tmp_path / "board.svg"
    drawn = _run("show", "--svg", str(svg), str(path))
    assert drawn.exit_code == 0, drawn.output
    assert svg.read_text(encoding="utf-8").lstrip().startswith(("<svg", "<?xml"))


def test_move_appends_a_legal_move_and_refuses_an_illegal_one(record: tuple[str, Path]) -> None:
    name, path = record
    text, move = _game_text(name)
    [rep] = check_text(text)
    game = rep.game
    assert game is not None
    written = game.notation.format(move, rep.final)
    before = path.read_bytes()
    refused = _run("move", str(path), "@@ no such move")
    assert refused.exit_code != 0 and path.read_bytes() == before
    added = _run("move", str(path), written)
    assert added.exit_code == 0, added.output
    after = path.read_text(encoding="utf-8")
    assert after.startswith(text.rstrip("\n"))
    [again] = check_text(after)
    assert again.valid, [p.message for p in again.errors]
    assert again.main[-1].move == move and len(again.main) == len(rep.main) + 1


def test_move_takes_the_number_of_its_turn_and_refuses_another(record: tuple[str, Path]) -> None:
    """Issue 34: `pbmkit move g.txt "1. IR to HS"` was refused ("'1.' is not a space") though
    `mail read` and the referee take numbered moves. A number that is the next turn's is taken
    (``N.`` or ``N...``), another refused naming both numbers, the file unchanged."""
    name, path = record
    text, move = _game_text(name)
    [rep] = check_text(text)
    game = rep.game
    assert game is not None
    written = game.notation.format(move, rep.final)
    label = rep.next_label()
    wrong = str(int(label) + 3)
    before = path.read_bytes()
    refused = _run("move", str(path), f"{wrong}. {written}")
    assert refused.exit_code == 1
    assert (f"is numbered {wrong}, but the record's next move is "
            f"{rep.next_turn()[1].capitalize()}") in refused.stderr
    assert refused.stderr.splitlines()[0].endswith(f" {label}")
    assert path.read_bytes() == before
    dots = "." if rep.next_turn()[1] == (rep.order or game.sides)[0] else "..."
    added = _run("move", str(path), f"{label}{dots} {written}")
    assert added.exit_code == 0, added.output
    [again] = check_text(path.read_text(encoding="utf-8"))
    assert again.valid and again.main[-1].move == move and len(again.main) == len(rep.main) + 1


def test_fmt_check_convert_and_new(record: tuple[str, Path], tmp_path: Path) -> None:
    name, path = record
    checked = _run("fmt", "--check", str(path))
    assert checked.exit_code == 0, checked.output  # moves_text writes the canonical form
    converted = _run("convert", "--to", "json", str(path))
    assert converted.exit_code == 0, converted.output
    data = json.loads(converted.output)
    data = data[0] if isinstance(data, list) else data
    assert data["name"] == get_game(name).title
    fresh = tmp_path / "new.txt"
    players = [f"--player={side}=P{k}" for k, side in enumerate(get_game(name).sides)]
    made = _run("new", "--rules", name, *players, str(fresh))
    assert made.exit_code == 0, made.output
    [rep] = check_text(fresh.read_text(encoding="utf-8"))
    assert rep.valid and rep.game is not None and rep.game.name == get_game(name).name


def test_records_chart_and_mailers_print(record: tuple[str, Path], tmp_path: Path) -> None:
    _name, path = record
    chart, mailer = tmp_path / "chart.pdf", tmp_path / "mailer.pdf"
    made = _run("chart", str(path), "-o", str(chart))
    assert made.exit_code == 0, made.output
    made = _run("mailer", str(path), "-o", str(mailer))
    assert made.exit_code == 0, made.output
    for pdf in (chart, mailer):
        assert pdf.read_bytes().startswith(b"%PDF")


def test_moves_summarises_a_game_of_thousands_of_turns_and_lists_the_others() -> None:
    """Issue 12: a Baladãna position has 1,000-4,000 turns; `moves` groups them by figure, ring
    moves summarised (SummarisesMoves), while --json lists every turn; a game without a summary
    lists its moves one a line."""
    from pbmkit.games.notation import SummarisesMoves

    examples = Path(__file__).resolve().parents[2] / "examples"
    path = str(examples / "baladana-02-loot-and-a-golden-ring-put-down.txt")
    out = _run("moves", "--turn", "4", path).output
    lines = out.splitlines()
    assert "legal move(s)" in lines[0] and len(lines) < 80
    assert any(line.startswith("  a2 (") and "turn(s)" in line for line in lines)
    assert any("after a ring move (" in line for line in lines)
    listed = json.loads(_run("moves", "--json", "--turn", "4", path).output)["moves"]
    assert str(len(listed)) in lines[0] and len(listed) > 1000
    assert isinstance(get_game("baladana").notation, SummarisesMoves)
    assert not isinstance(get_game("batalo").notation, SummarisesMoves)
    batalo = _run("moves", str(examples / "01-short-base-win.txt"), "--turn", "1").output
    assert all(line.startswith("  ") and " to " in line for line in batalo.splitlines()[1:])
