"""Hex's whole playout for the engine (pbmkit/games/hex/engine.py, ``PlaysOutWhole``): the board
filled at random and its winner decided once must be the winner the rules core gives, both on the
filled board and for the same stones played move by move until the game ends."""

from __future__ import annotations

import random

from pbmkit.engine import Engine, Limits, PlaysOutWhole
from pbmkit.games import get_game
from pbmkit.games.hex.engine import playout
from pbmkit.games.hex.game import Position

HEX = get_game("hex")
SIDES = ("red", "blue")


def _positions(rng: random.Random, games: int) -> list[Position]:
    """Positions not over from random games, from the empty board to near the end."""
    found: list[Position] = []
    for _ in range(games):
        position = HEX.initial_position()
        while HEX.outcome(position) is None:
            found.append(position)
            moves = HEX.legal_moves(position)
            position = HEX.apply(position, moves[rng.randrange(len(moves))])
    return found


def test_a_filled_board_has_the_winner_of_the_rules_core_and_of_the_game_played_move_by_move() -> None:
    rng = random.Random(41)
    positions = _positions(rng, 25)
    assert len(positions) > 300
    winners = set()
    for position in positions:
        winner, laid = playout(position, rng)
        empty = [s for s, c in enumerate(position.cells) if c == 0]
        assert sorted(m.cell for _, m in laid) == empty, "every empty cell filled once"
        assert [side for side, _ in laid] == [SIDES[(position.turn + k) % 2] for k in range(len(laid))]
        cells = list(position.cells)
        for side, move in laid:
            cells[move.cell] = SIDES.index(side) + 1
        filled = Position(tuple(cells), position.turn)
        outcome = HEX.outcome(filled)
        assert outcome is not None and outcome.winner == winner
        step = position
        for side, move in laid:  # the same stones, through the rules, until the game ends
            assert HEX.side_to_move(step) == side and HEX.check_move(step, move) is None
            step = HEX.apply(step, move)
            if HEX.outcome(step) is not None:
                break
        ended = HEX.outcome(step)
        assert ended is not None and ended.winner == winner
        winners.add(winner)
    assert winners == {"red", "blue"}


def test_the_playout_draws_only_from_its_random_source() -> None:
    position = HEX.apply(HEX.initial_position(), HEX.notation.read("d4", HEX.initial_position()))
    one = playout(position, random.Random(3))
    assert one == playout(position, random.Random(3))
    assert any(playout(position, random.Random(seed))[1] != one[1] for seed in range(4, 8))


def test_the_engine_plays_hex_out_whole() -> None:
    calls = []

    class Counted:
        """Hex, its whole playout counted."""

        def __getattr__(self, name: str) -> object:
            return getattr(HEX, name)

        @property
        def playout(self) -> object:
            def counted(position: Position, rng: random.Random) -> object:
                calls.append(position)
                return playout(position, rng)
            return counted

    assert isinstance(HEX, PlaysOutWhole)
    got = Engine(Counted(), seed=1).search(HEX.initial_position(),  # type: ignore[arg-type]
                                           Limits(seconds=None, playouts=200))
    assert len(calls) == 200 and HEX.check_move(HEX.initial_position(), got.move) is None
