"""No Billo position comes back within a game, so the replayer keeps no table of positions for it.

``Billo.positions_repeat`` is ``False``: every move captures (fewer pieces), promotes (more
Billos, as many pieces) or is quiet (one more quiet ply, which the position counts for rule 14's
draw claim), so (pieces taken, Billos, quiet plies) grows with every move and no position is
reached twice. The replayer then makes no repetition table (issue 16: hashing each Billo position
for it cost ~0.5 µs of a ply); the tests below prove the premise on every move of random games
and random positions, and check what the replayer reports stays the same.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from test_billo_playouts import positions

from pbmkit.desk.summary import iter_checks
from pbmkit.games import get_game
from pbmkit.games.billo import Position
from pbmkit.games.billo.rules import BILLO
from pbmkit.records import check_text
from pbmkit.records.writer import moves_text

GAME = get_game("billo")


def _growth(position: Position) -> tuple[int, int, int]:
    """(pieces taken, Billos, quiet plies): what every move makes larger."""
    pieces = billos = 0
    for code in position.board:
        magnitude = abs(code)
        for state in (magnitude % 3, magnitude // 3):  # the round piece's, the square piece's
            if state:
                pieces += 1
                billos += state == BILLO
    return (-pieces, billos, position.quiet)


def test_billo_declares_that_no_position_repeats_and_the_other_games_do_not() -> None:
    assert GAME.positions_repeat is False
    for name in ("batalo", "batukhan", "baladana", "batrakill"):
        assert getattr(get_game(name), "positions_repeat", True) is True


@pytest.mark.parametrize("seed", range(6))
def test_every_move_of_a_random_game_makes_the_growth_key_larger(seed: int) -> None:
    rng = random.Random(seed)
    position = GAME.initial_position()
    seen = {position}
    for _ in range(300):
        moves = GAME.legal_moves(position)
        if not moves:
            break
        after = GAME.apply(position, rng.choice(moves))
        assert _growth(after) > _growth(position)
        assert after not in seen
        seen.add(after)
        position = after


@settings(max_examples=150)
@given(position=positions())
def test_every_legal_move_of_a_random_position_makes_the_growth_key_larger(position: Position) -> None:
    for move in GAME.legal_moves(position)[:30]:
        assert _growth(GAME.apply(position, move)) > _growth(position)


@pytest.mark.parametrize("seed", range(3))
def test_a_billo_record_reports_the_same_with_no_table_of_positions(seed: int) -> None:
    rng = random.Random(seed)
    position, moves = GAME.initial_position(), []
    for _ in range(120):
        legal = GAME.legal_moves(position)
        if not legal or GAME.outcome(position) is not None:
            break
        moves.append(rng.choice(legal))
        position = GAME.apply(position, moves[-1])
    text = '[Game "Billo"]\n\n' + moves_text(GAME, moves)
    [full] = check_text(text)
    [lean] = iter_checks(text)
    assert full.valid and lean.valid and not full.warnings and not lean.warnings
    assert full.final == position
    assert (full.turns, full.winner, full.how) == (lean.turns, lean.winner, lean.how)
