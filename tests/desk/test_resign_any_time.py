"""A player resigns at any time, by ``pbmkit resign`` and by mail, in every game (issue 35, item
5: "a record writes a resignation as the player to move's, so resign on your turn");
docs/record-format.md, Endings, says how a resignation out of turn is written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbmkit.cli import cli
from pbmkit.games import game_names, get_game
from pbmkit.records import check_text


def _run(*args: str) -> tuple[int, str]:
    done = CliRunner().invoke(cli, list(args))
    return done.exit_code, done.output


def _a_move(path: Path) -> str:
    code, out = _run("moves", str(path), "--json")
    assert code == 0, out
    return str(json.loads(out)["moves"][0])


@pytest.mark.parametrize("rules", game_names())
def test_the_side_that_just_moved_resigns_and_the_game_is_over(tmp_path: Path, rules: str) -> None:
    game = get_game(rules)
    first, second = game.order  # every game's default is two places
    path = tmp_path / "g.txt"
    args = ["new", str(path), "--rules", rules]
    for side in game.order:
        args += ["--player", f"{side}={side.capitalize()} Player"]
    assert _run(*args)[0] == 0
    assert _run("move", str(path), _a_move(path))[0] == 0
    reply = _a_move(path)
    code, out = _run("resign", str(path), "--side", first)  # out of turn: the second is to move
    assert code == 0, out
    assert f"resigns: {second.capitalize()} (" in out
    text = path.read_text(encoding="utf-8")
    assert f'[Winner "{second.capitalize()}"]' in text and '[Termination "resignation"]' in text
    (rep,) = check_text(text)
    assert rep.valid and rep.winner == second
    before = path.read_bytes()
    code, out = _run("move", str(path), reply)
    assert code == 1 and "the game is over" in out
    assert path.read_bytes() == before


def test_on_its_turn_a_resignation_is_still_written_resigns(tmp_path: Path) -> None:
    path = tmp_path / "g.txt"
    assert _run("new", str(path), "--white", "Ann", "--black", "Bob")[0] == 0
    assert _run("move", str(path), "IR to HS")[0] == 0
    assert _run("resign", str(path), "--side", "black")[0] == 0
    text = path.read_text(encoding="utf-8")
    assert "1. IR to HS resigns" in text and "Termination" not in text


def test_with_several_players_a_resignation_waits_for_the_turn(tmp_path: Path) -> None:
    path = tmp_path / "z.txt"
    code, out = _run("new", str(path), "--rules", "batrakill", "--tag", "Layout=zones",
                     "--player", "purple=P1", "--player", "blue=P2", "--player", "green=P3",
                     "--player", "yellow=P4", "--player", "dragon=P5")
    assert code == 0, out
    (rep,) = check_text(path.read_text(encoding="utf-8"))
    to_move = rep.next_turn()[1]
    other = next(s for s in (rep.order or ()) if s != to_move)
    before = path.read_bytes()
    code, out = _run("resign", str(path), "--side", other)
    assert code == 1 and "a resignation is made on one's turn" in out
    assert path.read_bytes() == before


def test_moves_lists_none_once_the_record_ended_the_game(tmp_path: Path) -> None:
    """The moves --json contract: an empty list when the game is over, by the board or by the
    record (a resignation, an annulment); --turn still lists an earlier position's."""
    path = tmp_path / "g.txt"
    assert _run("new", str(path), "--white", "Ann", "--black", "Bob")[0] == 0
    assert _run("move", str(path), "IR to HS")[0] == 0
    assert _run("resign", str(path), "--side", "white")[0] == 0
    code, out = _run("moves", str(path), "--json")
    assert code == 0 and json.loads(out) == {"side": "black", "moves": []}
    code, out = _run("moves", str(path))
    assert code == 0 and "The game is over: Black wins" in out
    code, out = _run("moves", str(path), "--turn", "1", "--json")
    assert code == 0 and json.loads(out)["moves"]
