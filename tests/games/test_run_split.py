"""Every game's quick split (``RunSplit``) gives the spans of its plain definition (``split_by``).

A notation may split the common run of a turn (its moves as the writer spells them) by one
pattern; wherever that pattern answers, the spans must be those of the plain split, for runs met
in play (every pair of moves of seeded random games, with the words the game announces) and for
runs spelled otherwise.
"""

from __future__ import annotations

import random

import pytest

from pbmkit.games import game_names, get_game
from pbmkit.games.notation import RunSplit

QUICK = [name for name in game_names() if isinstance(get_game(name).notation.split, RunSplit)]


def test_the_games_of_the_suite_split_quickly() -> None:
    assert {"batalo", "billo", "batukhan", "hex"} <= set(QUICK)


def _runs(name: str, seed: int) -> list[str]:
    game = get_game(name)
    rng = random.Random(seed)
    position, texts = game.initial_position(), []
    for _ in range(60):
        legal = list(game.legal_moves(position))
        if not legal or game.outcome(position) is not None:
            break
        move = rng.choice(legal)
        text = game.notation.format(move, position)
        position = game.apply(position, move)
        texts.append(" ".join((text, *(a.word for a in game.announce(position)))))
    runs = [" ".join(texts[k:k + 2]) for k in range(len(texts))]
    runs += [r + " " for r in runs[:5]] + [r.replace(" ", "  ") for r in runs[:5]]
    runs += [r.lower() for r in runs[:5]] + [" ".join(texts[k:k + 3]) for k in range(0, len(texts), 7)]
    return runs


@pytest.mark.parametrize("name", QUICK)
def test_the_quick_split_is_the_plain_split_on_runs_met_in_play(name: str) -> None:
    split = get_game(name).notation.split
    assert isinstance(split, RunSplit)
    quick = 0
    for seed in range(6):
        for run in _runs(name, seed):
            assert list(split(run)) == split.plain(run), run
            quick += split(run) is split(run)  # a shape met before: the quick path answered
    assert quick > 0
