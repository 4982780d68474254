"""Pairing an event (docs/events.md, "Pairing"): the Berger tables against the tables the FIDE
Handbook publishes (C.05, Annex 1; tests/fixtures/berger_fide.txt) for 3 to 14 players, side
balance for every size, double round robins, and tables of games of more than two sides."""

from __future__ import annotations

import re
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from pbmkit.events.pairing import (
    MAX_PLAYERS,
    PairingError,
    berger_rounds,
    round_robin,
    split_tables,
    table_rotation,
)

FIXTURE = Path(__file__).parent.parent / "fixtures" / "berger_fide.txt"


def published() -> dict[int, list[list[tuple[int, int]]]]:
    """The published tables by their even size (4, 6, ... 14): rounds of (first, second) pairs."""
    tables: dict[int, list[list[tuple[int, int]]]] = {}
    size = 0
    for line in FIXTURE.read_text(encoding="utf-8").splitlines():
        if m := re.fullmatch(r"(\d+) or (\d+) players:", line):
            size = int(m.group(2))
            tables[size] = []
        elif m := re.fullmatch(r"Rd (\d+): (.*)\.", line):
            assert int(m.group(1)) == len(tables[size]) + 1
            tables[size].append([(int(a), int(b)) for a, b in re.findall(r"(\d+)-(\d+)", m.group(2))])
    return tables


PUBLISHED = published()


def test_the_fixture_holds_the_six_published_tables() -> None:
    assert sorted(PUBLISHED) == [4, 6, 8, 10, 12, 14]
    for size, rounds in PUBLISHED.items():
        assert len(rounds) == size - 1 and all(len(r) == size // 2 for r in rounds)


@pytest.mark.parametrize("players", range(3, 15))
def test_the_berger_tables_are_the_published_ones(players: int) -> None:
    assert berger_rounds(players) == PUBLISHED[players + players % 2]


@pytest.mark.parametrize("players", range(3, 15))
def test_the_games_are_the_published_pairs_without_the_bye(players: int) -> None:
    games = round_robin(players)
    expected = [(r, board, pair) for r, pairs in enumerate(PUBLISHED[players + players % 2], 1)
                for board, pair in enumerate([p for p in pairs if max(p) <= players], 1)]
    assert [(g.round, g.table, g.players) for g in games] == expected


@pytest.mark.parametrize("players", range(2, 21))
@pytest.mark.parametrize("double", [False, True])
def test_everyone_meets_everyone_once_a_cycle_and_at_most_once_a_round(players: int,
                                                                        double: bool) -> None:
    games = round_robin(players, double=double)
    met = Counter(frozenset(g.players) for g in games)
    assert set(met) == {frozenset(p) for p in combinations(range(1, players + 1), 2)}
    assert set(met.values()) == {2 if double else 1}
    rounds = (players - 1 + players % 2) * (2 if double else 1)
    assert {g.round for g in games} == set(range(1, rounds + 1))
    for r in range(1, rounds + 1):
        seated = [p for g in games if g.round == r for p in g.players]
        assert len(seated) == len(set(seated)) == players - players % 2


def _sides(games: list, players: int) -> dict[int, tuple[int, int]]:
    first = Counter(g.players[0] for g in games)
    second = Counter(g.players[1] for g in games)
    return {p: (first[p], second[p]) for p in range(1, players + 1)}


@pytest.mark.parametrize("players", range(2, MAX_PLAYERS + 1))
def test_sides_are_balanced_as_far_as_the_tables_allow(players: int) -> None:
    """Each player's games split as evenly as their count allows: an even count (odd sections, a
    bye each) exactly in half, an odd count one apart; and half the players of an even section
    have the extra first side."""
    for p, (a, b) in _sides(round_robin(players), players).items():
        assert abs(a - b) == (a + b) % 2, (p, a, b)
    if players % 2 == 0:
        more = sum(1 for a, b in _sides(round_robin(players), players).values() if a > b)
        assert more == players // 2


@pytest.mark.parametrize("players", range(2, MAX_PLAYERS + 1))
def test_a_double_round_robin_gives_each_pairing_both_sides(players: int) -> None:
    games = round_robin(players, double=True)
    ordered = Counter(g.players for g in games)
    assert all(ordered[(b, a)] == 1 for a, b in ordered)
    assert all(a == b for a, b in _sides(games, players).values())


@pytest.mark.parametrize("players", range(3, 21))
def test_no_player_has_one_side_three_times_running_in_a_double_round_robin(players: int) -> None:
    """FIDE's recommendation: the last two rounds of the first cycle exchanged."""
    games = round_robin(players, double=True)
    for p in range(1, players + 1):
        sides = "".join("W" if g.players[0] == p else "B"
                        for g in sorted(games, key=lambda g: g.round) if p in g.players)
        assert "WWW" not in sides and "BBB" not in sides, (p, sides)


def test_the_double_round_robin_exchanges_the_last_two_rounds_of_the_first_cycle() -> None:
    games = round_robin(4, double=True)
    rounds = [[g.players for g in games if g.round == r] for r in range(1, 7)]
    assert rounds[:3] == [[(1, 4), (2, 3)], [(2, 4), (3, 1)], [(4, 3), (1, 2)]]
    assert rounds[3:] == [[(4, 1), (3, 2)], [(3, 4), (2, 1)], [(4, 2), (1, 3)]]


@pytest.mark.parametrize("players", [0, 1, MAX_PLAYERS + 1])
def test_a_section_too_small_or_too_large_is_refused(players: int) -> None:
    with pytest.raises(PairingError):
        round_robin(players)


@pytest.mark.parametrize("players", range(3, MAX_PLAYERS + 1))
def test_tables_seat_everyone_once_at_sizes_the_game_seats(players: int) -> None:
    tables = split_tables(players, (3, 4, 5))
    assert sorted(p for t in tables for p in t) == list(range(1, players + 1))
    counts = [len(t) for t in tables]
    assert all(3 <= c <= 5 for c in counts) and max(counts) - min(counts) <= 1
    assert counts == sorted(counts, reverse=True)
    assert len(tables) == min(n for n in range(1, players + 1) if 3 * n <= players <= 5 * n)


def test_tables_are_dealt_in_a_snake_by_seeding() -> None:
    assert split_tables(4, (3, 4, 5)) == [[1, 2, 3, 4]]
    assert split_tables(6, (3, 4, 5)) == [[1, 4, 5], [2, 3, 6]]
    assert split_tables(7, (3, 4, 5)) == [[1, 4, 5, 7], [2, 3, 6]]


@pytest.mark.parametrize("players", [0, 1, 2])
def test_too_few_players_for_a_table_are_refused(players: int) -> None:
    with pytest.raises(PairingError, match="too few players"):
        split_tables(players, (3, 4, 5))


@pytest.mark.parametrize("size", [3, 4, 5])
def test_at_a_table_everyone_plays_every_side_once_the_lone_side_too(size: int) -> None:
    seated = [10 + i for i in range(size)]
    games = table_rotation(seated, 2)
    assert [g.round for g in games] == list(range(1, size + 1))
    assert all(g.table == 2 for g in games)
    for side in range(size):
        assert sorted(g.players[side] for g in games) == seated
    assert sorted(g.players[-1] for g in games) == seated  # the side played alone: the last


def test_batrakill_zones_seats_three_to_five_and_the_duel_is_a_game_of_two() -> None:
    from pbmkit.games import SetupError, get_game
    from pbmkit.games.base import SeatsTables

    duel = get_game("batrakill")
    zones = duel.configure({"Layout": "zones"})
    assert isinstance(duel, SeatsTables) and isinstance(zones, SeatsTables)
    assert duel.table_sizes == () and zones.table_sizes == (3, 4, 5)
    assert zones.seating(3) == (("Purple", "Blue", "Dragon"), "Dragon")
    assert zones.seating(5) == (("Purple", "Blue", "Green", "Yellow", "Dragon"), "Dragon")
    with pytest.raises(SetupError):
        zones.seating(2)
    assert not any(isinstance(get_game(n), SeatsTables) for n in ("batalo", "billo", "hex"))
