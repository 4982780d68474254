"""The notation test every registered game must pass: every generated move replays through its text.

Random playouts from the standard start of each game in the registry: at every position, every
legal move is written canonically (``format_move``) and read back (``parse_move``) to the very same
move; the canonical text is a fixed point of the writer's respelling; and a whole played game,
written as a record, replays valid to the same final position.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbmkit.games import game_names, get_game
from pbmkit.records import check_text, format_move, parse_move
from pbmkit.records.writer import moves_text
from tests.support.every_game_bounds import sample, wide

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PLIES = 80


def test_every_registered_game_has_a_move_notation() -> None:
    assert game_names(), "no game registered"
    for name in game_names():
        notation = get_game(name).notation
        assert notation.example, f"{name} has no move notation"
        assert notation.normalize(notation.example), f"{name}'s example does not read"


def _record(game: Any, moves: list[Any]) -> str:
    return f'[Game "{game.title}"]\n\n' + moves_text(game, moves)


def _playout(name: str, rng: random.Random) -> None:
    game = get_game(name)
    notation = game.notation
    position = game.initial_position()
    played: list[str] = []
    moves_played: list[Any] = []
    for _ in range(PLIES):
        moves = list(game.legal_moves(position))
        if not moves:
            break
        for move in sample(moves, rng):
            text = format_move(name, move, position)
            assert parse_move(name, text, position) == move, (game.format_setup(position), text)
            assert notation.normalize(text) == text, text
        move = rng.choice(moves)
        played.append(format_move(name, move, position))
        moves_played.append(move)
        position = game.apply(position, move)
    [replayed] = check_text(_record(game, moves_played), "playout")
    assert replayed.valid, [p.message for p in replayed.errors]
    assert [p.text for p in replayed.main] == played
    assert replayed.final == position


@pytest.mark.parametrize("name", game_names())
def test_every_generated_move_replays_through_the_notation(name: str) -> None:
    @settings(SETTINGS, max_examples=3 if wide(get_game(name)) else 12)
    @given(st.randoms(use_true_random=False))
    def run(rng: random.Random) -> None:
        _playout(name, rng)

    run()
