"""The test every registered game must pass, written against the Game protocol of base.py only.

Random playouts from the standard setup: every generated move is accepted by ``check_move``, moves
are listed once each, ``outcome`` says the game is over exactly when there is no legal move, and
every position of a game in progress survives ``format_setup`` → ``parse_setup``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pbmkit.games import game_names, get_game
from pbmkit.games.base import Game, Outcome
from tests.support.every_game_bounds import sample, wide

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PLIES = 120


@pytest.mark.parametrize("name", game_names())
def test_the_game_is_registered_under_its_name_and_follows_the_protocol(name: str) -> None:
    game = get_game(name)
    assert isinstance(game, Game)
    assert game.name == name and get_game(name.upper()) is game
    assert game.title and len(game.sides) >= 2 and game.board.size > 0
    start = game.initial_position()
    assert game.side_to_move(start) == game.sides[0]
    assert game.outcome(start) is None and game.legal_moves(start)
    assert game.parse_setup(game.format_setup(start)) == start


def _playout(game: Game[Any, Any], rng: random.Random) -> None:
    position = game.initial_position()
    for _ in range(PLIES):
        assert game.side_to_move(position) in game.sides
        moves = list(game.legal_moves(position))
        result = game.outcome(position)
        assert (result is None) == bool(moves), (game.format_setup(position), result, len(moves))
        if result is not None:
            assert isinstance(result, Outcome) and result.winner in (*game.sides, "draw")
            return
        assert len(set(moves)) == len(moves), "a legal move is listed twice"
        for move in sample(moves, rng):
            assert game.check_move(position, move) is None, (game.format_setup(position), str(move))
        text = game.format_setup(position)
        assert game.parse_setup(text) == position, text
        assert game.format_setup(game.parse_setup(text)) == text
        position = game.apply(position, rng.choice(moves))


@pytest.mark.parametrize("name", game_names())
def test_random_playouts_stay_legal_and_round_trip_through_setup(name: str) -> None:
    game = get_game(name)

    @settings(SETTINGS, max_examples=5 if wide(game) else 25)
    @given(st.randoms(use_true_random=False))
    def run(rng: random.Random) -> None:
        _playout(game, rng)

    run()
