"""A side's advantage must not inflate the ratings of the players who happened to play it more
(issue 26: "Asymmetric games ... must not let one side's advantage inflate a rating").

Twelve players of one strength play 2,400 Batrakill duels in which the knights win 70% of the
games whoever plays them (about 150 Elo points of advantage); six of the players take the knights
in 80% of their games, the other six in 20%. A list that ignored the knights' advantage would
put the first six about 100 points above the others; pbmkit's estimates the advantage from the
games and the two groups end level.
"""

import random

import pytest

from pbmkit.cli.ratings import heading
from pbmkit.ratings import lists as rating_lists
from pbmkit.ratings import rate
from pbmkit.ratings.elo import advantage_error, side_advantage
from tests.support.ratings_helpers import games_of, record

KNIGHTS_SCORE = 0.7
ADVANTAGE = 151  # the normal curve FIDE tabulates: PD(151) ~ 0.70


def duels(count: int = 2400, seed: int = 26) -> str:
    rng = random.Random(seed)
    lucky = [f"Lucky {k}" for k in range(6)]
    other = [f"Other {k}" for k in range(6)]
    parts = []
    for n in range(count):
        a, b = rng.choice(lucky), rng.choice(other)
        knights, dragon = (a, b) if rng.random() < 0.8 else (b, a)
        winner = "first" if rng.random() < KNIGHTS_SCORE else "second"
        day = f"2025-{1 + n % 12:02d}-{1 + n % 28:02d}"
        parts.append(record(knights, dragon, winner, game="Batrakill", date=day, number=n))
    return "".join(parts)


def group_gap(lists: list[rating_lists.RatingList]) -> float:
    (duel,) = lists
    lucky = [p.rating for p in duel.players if p.name.startswith("Lucky")]
    other = [p.rating for p in duel.players if p.name.startswith("Other")]
    return sum(lucky) / len(lucky) - sum(other) / len(other)


def test_the_knights_advantage_does_not_inflate_their_usual_players() -> None:
    games = games_of(duels())
    lists = rate(games)
    assert abs(group_gap(lists)) < 25
    assert lists[0].first_side == "knights"
    assert lists[0].advantage == pytest.approx(ADVANTAGE, abs=35)


def test_without_the_estimate_the_same_games_would_inflate_them(monkeypatch: pytest.MonkeyPatch
                                                                 ) -> None:
    # One pass: rated without an advantage (what the test above guards against).
    monkeypatch.setattr(rating_lists, "ADVANTAGE_PASSES", 1)
    lists = rate(games_of(duels()))
    assert lists[0].advantage == 0
    assert group_gap(lists) > 70


def test_a_symmetric_game_gets_no_advantage_to_speak_of() -> None:
    rng = random.Random(5)
    names = [f"P{k}" for k in range(8)]
    text = "".join(record(*rng.sample(names, 2), rng.choice(("first", "second", "draw")),
                          date=f"2025-01-{1 + n % 28:02d}", number=n) for n in range(600))
    (batalo,) = rate(games_of(text))
    assert abs(batalo.advantage) < 30


def test_few_games_are_shrunk_towards_no_advantage() -> None:
    # Four knights' wins of four: the observed score alone says "more than 400 points"; four games
    # of twenty-four (n / (n + 20)) keep a sixth of what the bisection finds.
    duels = [(0.0, 1.0)] * 4
    assert 0 < side_advantage(duels) <= 400 * 4 / 24 + 1e-9


def test_an_advantage_is_estimated_from_enough_games_only_and_with_its_error() -> None:
    """Issue 38: "first side (south) +27 points" from four games between two players. Below
    MIN_ADVANTAGE_GAMES none is estimated, allowed for or shown; above, with its standard error."""
    text = "".join(record("A", "B", "first" if k % 2 else "second", game="Batrakill", number=k)
                   for k in range(4))
    (few,) = rate(games_of(text))
    assert (few.advantage, few.advantage_error) == (0.0, None)
    assert "too few games" in heading(few) and "+" not in heading(few).split(":", 1)[1]
    (many,) = rate(games_of(duels()))
    assert many.advantage_error is not None and 5 < many.advantage_error < 12  # 2,400 games
    assert f"± {many.advantage_error:.0f}" in heading(many)
    assert advantage_error([(0.0, 1.0), (0.0, 0.0)] * 2, 0.0) > 150  # four games: noise
