"""``bench/batrakill_rounds.py``: Batrakill's first round between two engines, the measure of the
engine's strength in the duel (docs/engine.md). Its round is the rules core's, and each side's
result is credited to the player that had that role."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))  # bench/ is a folder of scripts, not a package

from batrakill_rounds import first_round, summary  # noqa: E402

from pbmkit.games import get_game  # noqa: E402


def _random(seed: int) -> Any:
    rng = random.Random(seed)
    game = get_game("batrakill")
    return lambda position: rng.choice(list(game.legal_moves(position)))


def test_a_first_round_is_played_to_its_end_by_the_rules() -> None:
    """Round 1 ends when the dragon has eaten five, or every tower is set up or broken, or a side
    cannot move (the rules' rule 7): what the bench reports is what the round left."""
    game = get_game("batrakill")
    for seed in range(6):
        lost, towers, plies, ended = first_round(game, _random(seed), _random(seed + 50), 3000)
        assert ended and 0 < plies < 3000
        assert 0 <= towers <= 5 and 0 <= lost <= 13
        assert lost >= 5 or towers == 5 or lost + towers >= 1  # the round had something happen


def test_a_round_cut_at_the_cap_is_counted_as_it_stands() -> None:
    """Cut after 12 plies: the knights eaten so far and the towers set up so far, not ended."""
    game = get_game("batrakill")
    position, knights, dragon = game.initial_position(), _random(1), _random(2)
    for _ in range(12):
        mover = knights if game.side_to_move(position) == "knights" else dragon
        position = game.apply(position, mover(position))
    assert position.round == 1 and position.eaten > 0  # these seeds: a knight eaten by ply 12
    got = first_round(game, _random(1), _random(2), 12)
    assert got == (position.eaten + len(position.broken), len(position.towers), 12, False)


def test_each_result_is_credited_to_the_player_in_that_role() -> None:
    """A the knights in one game (lost 1, four towers), A the dragon in the other (B's knights
    lost 5, one tower): A's knights lose 1, B's 5; A's dragon eats 5, B's 1."""
    line = summary([("knights", 1, 4, 100, True), ("dragon", 5, 1, 90, True)], "1 s", "0.1 s")
    assert "lose 1.00 knights and set up 4.00 towers with A (1 s) as the knights" in line
    assert "5.00 and 1.00 with B (0.1 s)" in line
    assert "A as the dragon eats 5.00, B as the dragon 1.00" in line
    assert "0 round(s) cut" in line
