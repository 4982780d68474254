"""``bench/engine_seats.py``, the strength bench of games of more than two seats (Batrakill's zones
version, docs/engine.md "Measured"): each game A plays one seat, the seat going round, and its
baseline from the same seeds has B in every seat. With A the very player B would be in that seat,
each game and its baseline are the same game: the difference the bench reports is exactly 0."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))  # bench/ is a folder of scripts, not a package

from engine_seats import play_seats, seat_match  # noqa: E402

from pbmkit.games import get_game  # noqa: E402


def test_a_seat_match_pairs_each_game_with_its_baseline_seat_by_seat() -> None:
    game = get_game("batrakill").configure({"Layout": "zones"})
    seats = tuple(game.order)
    assert len(seats) == 5

    def make_b(k: int, seat: int) -> Any:
        rng = random.Random(1000 * k + seat)
        return lambda position: rng.choice(list(game.legal_moves(position)))

    rows = seat_match(game, lambda k: make_b(k, k % len(seats)), make_b, 10, max_plies=300)
    assert [seat for seat, _, _ in rows] == [*seats, *seats]  # A's seat goes round
    assert all(got == was for _, got, was in rows)  # the same players: the same games
    assert {got for _, got, _ in rows} <= {0.0, 1.0}  # no game here reaches 300 plies


def test_each_seat_is_played_by_its_own_player_and_every_move_is_checked() -> None:
    """Seat ``i`` of ``game.order`` is asked for every move of that seat, and only for those."""
    game = get_game("batrakill").configure({"Layout": "zones"})
    rng = random.Random(5)
    asked: list[tuple[int, str]] = []

    def player(seat: int) -> Any:
        def move(position: Any) -> Any:
            asked.append((seat, game.side_to_move(position)))
            return rng.choice(list(game.legal_moves(position)))
        return move

    winner = play_seats(game, [player(i) for i in range(len(game.order))], max_plies=300)
    assert winner in (*game.order, "draw") or "+" in winner
    assert asked and all(game.order[seat] == side for seat, side in asked)
    assert {seat for seat, _ in asked} == set(range(len(game.order)))
