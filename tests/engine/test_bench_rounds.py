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

from batrakill_rounds import a_score, first_round, pair_score, summary  # noqa: E402

from pbmkit.games import get_game  # noqa: E402


def _random(seed: int) -> Any:
    rng = random.Random(seed)
    game = get_game("batrakill")
    return lambda position: rng.choice(list(game.legal_moves(position)))


def test_a_first_round_is_played_to_its_end_by_the_rules() -> None:
    """Round 1 ends when the dragon has eaten five, or every tower is set up or broken, or a side
    cannot move (the rules' rule 7); the side whose move ended it won the round."""
    game = get_game("batrakill")
    for seed in range(6):
        won, lost, towers, plies = first_round(game, _random(seed), _random(seed + 50), 3000)
        assert 0 < plies < 3000 and 0 <= towers <= 5 and 0 <= lost <= 13
        assert won in ("knights", "dragon")
        if won == "dragon" and lost < 5:  # its fifth meal, unless the knights could not move
            assert towers < 5


def test_a_round_cut_at_the_cap_is_counted_as_it_stands() -> None:
    """Cut after 12 plies: the knights eaten so far and the towers set up so far, no winner."""
    game = get_game("batrakill")
    position, knights, dragon = game.initial_position(), _random(1), _random(2)
    for _ in range(12):
        mover = knights if game.side_to_move(position) == "knights" else dragon
        position = game.apply(position, mover(position))
    assert position.round == 1 and position.eaten > 0  # these seeds: a knight eaten by ply 12
    got = first_round(game, _random(1), _random(2), 12)
    assert got == ("cut", position.eaten + len(position.broken), len(position.towers), 12)


def test_each_round_is_credited_to_the_player_in_that_role() -> None:
    """A the knights winning round 1, A the dragon losing it, one round cut: 1.5 of 3; the
    knights' losses and towers with A and with B as the knights."""
    rows = [("knights", "knights", 1, 5, 300, ), ("dragon", "knights", 2, 5, 250),
            ("knights", "cut", 3, 4, 600)]
    assert a_score(rows) == 1.5
    line = summary(rows, "1 s", "0.1 s")
    assert "A won 1.5/3 = 50.0%" in line
    assert "lost 2.00 and set up 4.50 towers with A as the knights, 2.00 and 5.00 with B" in line
    assert "1 round(s) cut" in line
    assert "in pairs (each the knights once, the better knights win the pair): A 1/1 = 100.0%" in line


def test_a_pair_goes_to_the_engine_whose_knights_did_better_against_the_other_s_dragon() -> None:
    """Towers first, then the knights lost; equal, half each; a round without its pair left out.
    The round's winner does not decide: both knights lost round 1 in the second pair, A's with
    more towers up."""
    rows = [("knights", "knights", 4, 5, 300), ("dragon", "knights", 1, 5, 250),  # B lost fewer
            ("knights", "dragon", 5, 4, 300), ("dragon", "dragon", 5, 2, 120),  # A set up more
            ("knights", "dragon", 5, 3, 200), ("dragon", "dragon", 5, 3, 150),  # as well: half
            ("knights", "knights", 2, 5, 200)]  # no pair
    assert pair_score(rows) == (1.5, 3)
    assert a_score(rows) == 4.0  # the rounds' winners: A won 4 of 7
    assert "A 1.5/3 = 50.0%" in summary(rows, "1 s", "0.1 s")
    equal = [("knights", "dragon", 5, 3, 200), ("dragon", "dragon", 5, 3, 150)]
    swapped = [rows[1], rows[0], rows[3], rows[2], rows[5], rows[4]]
    assert pair_score(equal) == (0.5, 1)
    assert pair_score(swapped) == (1.5, 3)  # the order within a pair does not matter
