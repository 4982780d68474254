"""Baladãna random playouts (hypothesis): every generated turn is accepted by the checker, turns
are listed once each, every capture may take any tax and random loot, the mover always keeps a
golden ring on a figure (rule 5), and positions round-trip through Setup and the notation."""

from __future__ import annotations

import random

from hypothesis import example, given, settings
from hypothesis import strategies as st

from pbmkit.games import baladana as bd
from pbmkit.games.baladana import check, rules, setup
from pbmkit.games.baladana.notation import NOTATION

PLIES = 40


def _spoils(position: bd.Position, move: bd.Move, rng: random.Random) -> bd.Move:
    """``move`` with a random tax among the choices and random loot on random legal squares."""
    # What stands on the end square once the ring move is made (a free golden ring the mover
    # picks up first is not captured: seed 2008330 found this helper reading the board before it).
    captured = bd.rules.after_ring_move(position, move.ring)[move.end]
    if not captured or not bd.rules.is_figure(captured):
        return move
    choices = rules.tax_choices(captured)
    tax = rng.choice(choices) if choices else None
    left = list(captured[1:].replace("Y", ""))
    if tax is not None:
        left.remove(tax)
    loot = []
    for colour in left:
        if rng.random() < 0.7:
            loot.append((colour, rng.randrange(64)))
    candidate = bd.Move(move.start, move.end, move.ring, tax, tuple(loot))
    return candidate if check.check_move(position, candidate) is None else \
        bd.Move(move.start, move.end, move.ring, tax)


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32))
@example(2008330)  # a free golden ring picked up before the figure moves onto its square
def test_random_playouts_stay_legal(seed: int) -> None:
    """Random games from the default setup: checker accepts every generated turn; rule 5 holds;
    the game ends exactly when no turn is left."""
    rng = random.Random(seed)
    position = rules.initial_position()
    for _ in range(PLIES):
        moves = rules.legal_moves(position)
        result = rules.outcome(position)
        assert (result is None) == bool(moves)
        if result is not None:
            assert result.how in ("golden-rings", "no-capture", "no-moves")
            return
        assert len(set(moves)) == len(moves)
        for move in rng.sample(moves, min(len(moves), 100)):
            assert check.check_move(position, move) is None
            assert NOTATION.read(NOTATION.format(move, position), position) == move
        assert setup.parse_setup(setup.format_setup(position)) == position
        move = _spoils(position, rng.choice(moves), rng)
        assert check.check_move(position, move) is None
        mover = position.turn
        position = rules.apply(position, move)
        assert rules.golden_on_figures(position.cells, mover)
        assert all(len(c) <= 4 for c in position.cells if bd.rules.is_figure(c))


def test_the_checker_accepts_every_generated_turn_of_the_opening() -> None:
    """All turns of the opening (ring moves times figure moves) are legal, each listed once."""
    start = rules.initial_position()
    moves = rules.legal_moves(start)
    assert len(moves) == len(set(moves)) > 1000
    assert all(check.check_move(start, m) is None for m in moves)
