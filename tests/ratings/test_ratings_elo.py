"""The Elo update against published figures (issue 26, "Checked against published figures").

Sources, each cited where it is used:

* FIDE Handbook B.02, the FIDE Rating Regulations effective from 1 March 2024: table 8.1.2 (the
  expected score ``PD`` of a rating difference ``D``), 8.3.1 (a difference of more than 400 points
  counts as 400), 8.3.2 (the change is ``K × Σ(score − PD)``), 8.3.3 (K = 40 for a player's first
  30 games, 20 below 2400, 10 once the rating has reached 2400).
* Arpad Elo, *The Rating of Chessplayers, Past and Present* (1978), p. 37: Lajos Portisch (2635)
  against Vlastimil Hort (2600), a difference of 35 points, expects 0.55.
* FIDE's rating calculator as a live-ratings article worked it (2008): Kasparov (2812, K 10)
  beating Carlsen (2786) gains 4.6 points.
* The worked example of Wikipedia's "Elo rating system" (section "Mathematical details"): a
  player rated 1613 plays five games against 1609, 1477, 1388, 1586 and 1720, scores 2.5 (lost,
  drew, won, won, lost), and with K = 32 ends on 1601.
"""

import math

import pytest

from pbmkit.ratings.elo import (
    PD_TABLE,
    expected_score,
    k_factor,
    rating_change,
)

# FIDE B.02 table 8.1.2 as published: (first D, last D, PD of the higher rated player).
PUBLISHED_ROWS = [
    (0, 3, .50), (4, 10, .51), (11, 17, .52), (18, 25, .53), (26, 32, .54), (33, 39, .55),
    (40, 46, .56), (47, 53, .57), (54, 61, .58), (62, 68, .59), (69, 76, .60), (77, 83, .61),
    (84, 91, .62), (92, 98, .63), (99, 106, .64), (107, 113, .65), (114, 121, .66),
    (122, 129, .67), (130, 137, .68), (138, 145, .69), (146, 153, .70), (154, 162, .71),
    (163, 170, .72), (171, 179, .73), (180, 188, .74), (189, 197, .75), (198, 206, .76),
    (207, 215, .77), (216, 225, .78), (226, 235, .79), (236, 245, .80), (246, 256, .81),
    (257, 267, .82), (268, 278, .83), (279, 290, .84), (291, 302, .85), (303, 315, .86),
    (316, 328, .87), (329, 344, .88), (345, 357, .89), (358, 374, .90), (375, 391, .91),
    (392, 411, .92), (412, 432, .93), (433, 456, .94), (457, 484, .95), (485, 517, .96),
    (518, 559, .97), (560, 619, .98), (620, 735, .99),
]


@pytest.mark.parametrize(("first", "last", "pd"), PUBLISHED_ROWS)
def test_every_row_of_fides_table_both_ends_and_both_players(first: int, last: int, pd: float) -> None:
    for d in (first, last):
        assert expected_score(1500 + d, 1500, cap=False) == pd
        assert expected_score(1500, 1500 + d, cap=False) == pytest.approx(1 - pd)


def test_the_table_is_the_normal_curve_fide_tabulated_within_a_hundredth() -> None:
    # FIDE's rows round the normal distribution (sigma 2000/7) to hundredths, off by one at a few
    # boundaries: a typo in PD_TABLE would be off by more somewhere.
    for d in range(0, 736):
        smooth = 0.5 * (1 + math.erf(d / (2000 / 7) / math.sqrt(2)))
        assert abs(expected_score(d, 0, cap=False) - smooth) <= 0.0101, d
    assert len(PD_TABLE) == 50


def test_more_than_400_points_counts_as_400() -> None:
    # FIDE 8.3.1: a player 1,050 points above another expects 0.92, not 1.0; the other 0.08.
    assert expected_score(2450, 1400) == .92
    assert expected_score(1400, 2450) == pytest.approx(.08)
    assert expected_score(2450, 1400, cap=False) == 1.0


def test_elo_portisch_against_hort() -> None:
    # Elo (1978) p. 37: 2635 against 2600, a difference of 35: 0.55.
    assert expected_score(2635, 2600) == .55


def test_fide_calculator_kasparov_beats_carlsen() -> None:
    # 2812 beats 2786 with K = 10: +4.6 (D = 26, PD = .54).
    assert rating_change(2812, [(2786, 1.0)], k_factor(200, reached_2400=True)) == pytest.approx(4.6)


def test_wikipedia_five_game_example_ends_on_1601() -> None:
    games = [(1609, 0.0), (1477, 0.5), (1388, 1.0), (1586, 1.0), (1720, 0.0)]
    expected = sum(expected_score(1613, opponent) for opponent, _ in games)
    assert expected == pytest.approx(2.86)  # .51 + .68 + .78 + .54 + .35 (the logistic: 2.867)
    change = rating_change(1613, games, 32)
    assert change == pytest.approx(-11.52)
    assert round(1613 + change) == 1601


@pytest.mark.parametrize(("games", "reached", "k"), [
    (0, False, 40), (29, False, 40), (30, False, 20), (500, False, 20), (30, True, 10),
    (29, True, 40),
])
def test_k_by_games_played_and_2400(games: int, reached: bool, k: int) -> None:
    assert k_factor(games, reached) == k
