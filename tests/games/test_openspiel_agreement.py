"""pbmkit's Amazons, Othello and Hex agree with an independent implementation of their rules,
OpenSpiel's (DeepMind's ``open_spiel``, in C++), on random games it played.

The games are in tests/fixtures/openspiel_games.json, made by ``bench/openspiel_agreement.py``
(OpenSpiel installed as pyproject's bench extra: ``pip install open_spiel``); this test needs no
OpenSpiel. At every ply pbmkit must read OpenSpiel's move, find it legal, and count as many legal
moves (Amazons: whole turns, queen move and shot); the game must end where OpenSpiel's ended, with
its winner. Hex is played there without the swap rule, which pbmkit adds on Blue's first move.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pbmkit.games import get_game

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "openspiel_games.json"
GAMES: list[dict[str, Any]] = json.loads(FIXTURE.read_text(encoding="utf-8"))["games"]


def agree(record: dict[str, Any]) -> None:
    """Replay one of OpenSpiel's games through pbmkit; AssertionError where they differ."""
    game = get_game(record["game"])
    position = game.initial_position()
    for ply, (text, count) in enumerate(zip(record["moves"], record["legal"], strict=True)):
        assert game.outcome(position) is None, (record["seed"], ply)
        legal = game.legal_moves(position)
        swap = 1 if record["game"] == "hex" and ply == 1 else 0  # OpenSpiel's Hex has no swap
        assert len(legal) == count + swap, (record["game"], record["seed"], ply, text)
        move = game.notation.read(text, position)
        assert game.check_move(position, move) is None and move in legal, (record["seed"], ply)
        position = game.apply(position, move)
    outcome = game.outcome(position)
    assert outcome is not None and outcome.winner == record["winner"], (record["seed"], outcome)


def test_the_fixture_holds_games_of_each_and_every_ply_has_its_count() -> None:
    names = {g["game"] for g in GAMES}
    assert names == {"amazons", "othello", "hex"}
    assert all(len(g["moves"]) == len(g["legal"]) > 5 for g in GAMES)
    assert any("pass" in g["moves"] for g in GAMES if g["game"] == "othello")


@pytest.mark.parametrize("record", GAMES, ids=lambda g: f"{g['game']}-{g['seed']}")
def test_pbmkit_agrees_with_openspiel_at_every_ply(record: dict[str, Any]) -> None:
    agree(record)
