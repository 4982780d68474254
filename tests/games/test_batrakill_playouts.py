"""Batrakill random playouts (hypothesis): in the duel and in the zones version with 2, 3, 4 and 5
players, every generated move is accepted by the checker, is written and read back to itself,
round-trips through the Setup string, and the game ends exactly when no move is left."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_batrakill_helpers import CONFIGS

from pbmkit.games.batrakill.check import check_move
from pbmkit.games.batrakill.config import make_config
from pbmkit.games.batrakill.notation import format_move, notation_for
from pbmkit.games.batrakill.rules import DRAGON, Config, apply, initial_position, legal_moves, outcome
from pbmkit.games.batrakill.setup import format_setup, parse_setup


def _playout(cfg: Config, rng: random.Random, plies: int = 300) -> tuple[int, set[int]]:
    notation = notation_for(cfg.layout.board)
    p = initial_position(cfg)
    rounds = {p.round}
    for _ in range(plies):
        moves = legal_moves(p)
        assert (outcome(p) is None) == bool(moves)
        if not moves:
            return p.eaten, rounds
        assert len(set(moves)) == len(moves)
        for m in moves:
            assert check_move(p, m) is None
            text = format_move(cfg.layout.board, m)
            assert notation.read(text, p) == m, text
            assert notation.normalize(text) == text
        assert parse_setup(cfg, format_setup(p)) == p
        p = apply(p, rng.choice(moves))
        rounds.add(p.round)
        assert p.eaten + p.eaten_before + len(p.knights) == (13 if cfg.duel else 5 * len(
            [f for place in cfg.order for f in place if f != DRAGON]))
    return p.eaten, rounds


@pytest.mark.parametrize("name", list(CONFIGS))
def test_random_playouts_stay_legal(name: str) -> None:
    cfg = make_config(CONFIGS[name])

    @settings(max_examples=15, deadline=None)
    @given(st.randoms(use_true_random=False))
    def run(rng: random.Random) -> None:
        _playout(cfg, rng)

    run()


def test_random_duels_reach_round_2() -> None:
    cfg = make_config({})
    reached = sum(2 in _playout(cfg, random.Random(seed))[1] for seed in range(20))
    assert reached >= 10
