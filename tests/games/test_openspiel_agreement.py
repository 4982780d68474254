"""pbmkit's Amazons, Othello and Hex agree with an independent implementation of their rules,
OpenSpiel's (DeepMind's ``open_spiel``, in C++), on random games it played.

The games are in tests/fixtures/openspiel_games.json, made by ``bench/openspiel_agreement.py``
(OpenSpiel installed as pyproject's bench extra: ``pip install open_spiel``); this test needs no
OpenSpiel. At every ply pbmkit must read OpenSpiel's move, find it legal, and count as many legal
moves (Amazons: whole turns, queen move and shot); the game must end where OpenSpiel's ended, with
its winner. Hex is played there without the swap rule, which pbmkit adds on Blue's first move.

Amazons' and Othello's plies also keep OpenSpiel's own action strings (Amazons: three a turn, the
queen, its square, the arrow): they are read through ``bench/openspiel_agreement.py``'s
``move_text``, the mapping ``bench/engine.py --against openspiel`` plays by, and pbmkit writes the
move it reads back as the same text (Othello's ``pass`` too).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from pbmkit.games import get_game

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))  # bench/ is a folder of scripts, not a package
from openspiel_agreement import amazons_square, move_text, winner  # noqa: E402

FIXTURE = ROOT / "tests" / "fixtures" / "openspiel_games.json"
GAMES: list[dict[str, Any]] = json.loads(FIXTURE.read_text(encoding="utf-8"))["games"]


def agree(record: dict[str, Any]) -> None:
    """Replay one of OpenSpiel's games through pbmkit; AssertionError where they differ."""
    game = get_game(record["game"])
    position = game.initial_position()
    actions = record.get("actions", [None] * len(record["moves"]))
    for ply, (text, count, said) in enumerate(zip(record["moves"], record["legal"], actions, strict=True)):
        if said is not None:  # OpenSpiel's own strings, read by the bench's mapping
            assert move_text(record["game"], said) == text, (record["seed"], ply, said)
        assert game.outcome(position) is None, (record["seed"], ply)
        legal = game.legal_moves(position)
        swap = 1 if record["game"] == "hex" and ply == 1 else 0  # OpenSpiel's Hex has no swap
        assert len(legal) == count + swap, (record["game"], record["seed"], ply, text)
        move = game.notation.read(text, position)
        assert game.check_move(position, move) is None and move in legal, (record["seed"], ply)
        assert game.notation.format(move, position) == text, (record["seed"], ply)  # both ways
        position = game.apply(position, move)
    outcome = game.outcome(position)
    assert outcome is not None and outcome.winner == record["winner"], (record["seed"], outcome)


def test_the_fixture_holds_games_of_each_and_every_ply_has_its_count() -> None:
    names = {g["game"] for g in GAMES}
    assert names == {"amazons", "othello", "hex"}
    assert all(len(g["moves"]) == len(g["legal"]) > 5 for g in GAMES)
    assert any("pass" in g["moves"] for g in GAMES if g["game"] == "othello")
    assert all(len(g["actions"]) == len(g["moves"]) for g in GAMES if g["game"] != "hex")


def test_openspiel_amazons_actions_are_pbmkit_squares_and_turns() -> None:
    # OpenSpiel's rows count from the top (row 1 is pbmkit's rank 10), its columns from a
    assert [amazons_square(a) for a in ("X From (7, 1)", "X From (10, 4)", "O To (1, 10)",
                                         "O Shoot: (10, 10)")] == ["a4", "d1", "j10", "j1"]
    assert move_text("amazons", ["X From (10, 4)", "X To (4, 4)", "X Shoot: (4, 7)"]) == "d1-d7/g7"
    assert move_text("othello", ["pass"]) == "pass" and move_text("othello", ["D3"]) == "d3"
    with pytest.raises(ValueError, match="1 actions for a move of 3"):
        move_text("amazons", ["X From (10, 4)"])
    assert winner("othello", [-1.0, 1.0]) == "white" and winner("amazons", [1.0, -1.0]) == "white"
    assert winner("othello", [0.0, 0.0]) == "draw"


@pytest.mark.parametrize("record", GAMES, ids=lambda g: f"{g['game']}-{g['seed']}")
def test_pbmkit_agrees_with_openspiel_at_every_ply(record: dict[str, Any]) -> None:
    agree(record)


@pytest.mark.parametrize("size", [7, 11])
def test_a_hex_cell_is_openspiels_action_of_the_same_number_on_every_size(size: int) -> None:
    """``bench/engine.py --against openspiel [--size N]`` plays OpenSpiel's Hex action ``row * n
    + col`` as pbmkit's cell of that number: the cells of every size are numbered rank by rank from
    a1 (OpenSpiel's rows are pbmkit's ranks), and the move the bench reads for an action lays its
    stone there."""
    from engine import hex_move

    game = get_game("hex").configure({"Board": f"{size}x{size}"})
    for cell in range(size * size):
        row, col = divmod(cell, size)
        assert game.board.name(cell) == f"{'abcdefghijklmnopqrs'[col]}{row + 1}"
        assert hex_move(cell, game).cell == cell
