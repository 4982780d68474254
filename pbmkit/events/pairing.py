"""Pairings of an event (docs/events.md, "Pairing"): the Berger round-robin tables of the FIDE
Handbook (C.05, Annex 1) for games of two sides, and tables of several players with the side
played alone rotating for games of more sides.

Players are numbered by their seeding, 1 for the first; a pairing names them in the order of the
game's sides (the first side first: White, Yellow, South). Nothing here knows a game: the caller
hands over the numbers of players a game seats.
"""

from __future__ import annotations

from dataclasses import dataclass

from pbmkit.events.errors import EventError

__all__ = ["MAX_PLAYERS", "Pairing", "PairingError", "berger_rounds", "round_robin", "split_tables",
           "table_rotation"]

MAX_PLAYERS = 60
"""The largest section paired (59 rounds of a round robin: more than any correspondence event)."""


class PairingError(EventError):
    """A section that cannot be paired (too few or too many players, no table size fits)."""


@dataclass(frozen=True)
class Pairing:
    """One game of the event: its round, its table (the board number of a round of a round robin,
    the table of a section split into tables) and its players by seeding number, in the order of
    the game's sides."""

    round: int
    table: int
    players: tuple[int, ...]


def berger_rounds(players: int) -> list[list[tuple[int, int]]]:
    """The Berger table for ``players`` players as FIDE publishes it: per round, the pairs
    (first side, second side) board by board. With an odd number the highest number, ``players +
    1``, is the bye (its pairs are kept: they are the table's).

    The table is the circle method in Berger's arrangement: with ``n`` numbers (even) and ``m = n -
    1``, round ``r`` shifts every number but ``n`` by ``(r - 1) * n / 2`` places (mod ``m``): board
    1 is ``n`` against the number that moved onto place 1 (``n`` takes the first side in even
    rounds), board ``k`` pairs places ``k`` and ``n + 1 - k``, the first of them on the first side.
    """
    if players < 2:
        raise PairingError("a round robin needs at least 2 players")
    n = players + players % 2
    m = n - 1

    def place(number: int, shift: int) -> int:
        return (number - 1 + shift) % m + 1

    rounds: list[list[tuple[int, int]]] = []
    for r in range(1, n):
        shift = (r - 1) * (n // 2)
        other = place(1, shift)
        boards = [(n, other) if r % 2 == 0 else (other, n)]
        boards += [(place(k, shift), place(n + 1 - k, shift)) for k in range(2, n // 2 + 1)]
        rounds.append(boards)
    return rounds


def round_robin(players: int, *, double: bool = False) -> list[Pairing]:
    """The games of a round robin of ``players`` (2 to :data:`MAX_PLAYERS`), by the Berger tables,
    byes left out (the boards of a round numbered 1, 2, ... in the table's order).

    ``double``: every pairing twice, with the sides exchanged. As FIDE recommends (C.05, Annex 1),
    the last two rounds of the first cycle are played in the other order, so no player has the same
    side three times running across the two cycles; the second cycle is the table's rounds in their
    order, sides exchanged.
    """
    if not 2 <= players <= MAX_PLAYERS:
        raise PairingError(f"a round robin pairs 2 to {MAX_PLAYERS} players, not {players}")
    table = berger_rounds(players)
    first = list(table)
    if double and len(first) >= 2:
        first[-2], first[-1] = first[-1], first[-2]
    cycles = [(first, False), (table, True)] if double else [(first, False)]
    games: list[Pairing] = []
    number = 0
    for rounds, swap in cycles:
        for pairs in rounds:
            number += 1
            played = [(a, b) for a, b in pairs if a <= players and b <= players]  # no bye
            for board, (a, b) in enumerate(played, 1):
                games.append(Pairing(number, board, (b, a) if swap else (a, b)))
    return games


def split_tables(players: int, sizes: tuple[int, ...]) -> list[list[int]]:
    """The section's players (seeding numbers) at tables of the ``sizes`` a game seats: as few
    tables as can seat everyone, as even as can be (sizes differ by one at most, the larger tables
    first), the players dealt out by seeding in a snake (1, 2, 3 to tables 1, 2, 3, then 4 to table
    3, ...), so the tables are of even strength."""
    if not sizes:
        raise PairingError("this game seats no table of several players")
    low, high = min(sizes), max(sizes)
    if players < low:
        raise PairingError(f"too few players: a table seats {low} to {high} players, "
                           f"and the section has {players}")
    if players > MAX_PLAYERS:
        raise PairingError(f"a section has at most {MAX_PLAYERS} players, not {players}")
    count = -(-players // high)
    while count <= players:
        small, extra = divmod(players, count)
        counts = [small + 1] * extra + [small] * (count - extra)
        if all(c in sizes for c in counts):
            break
        count += 1
    else:  # pragma: no cover - a table of the smallest size always fits at last
        raise PairingError(f"{players} players cannot be seated at tables of "
                           f"{', '.join(map(str, sizes))}")
    tables: list[list[int]] = [[] for _ in counts]
    order = list(range(count))
    seat = 1
    turn = 0
    while seat <= players:
        for t in (order if turn % 2 == 0 else order[::-1]):
            if len(tables[t]) < counts[t] and seat <= players:
                tables[t].append(seat)
                seat += 1
        turn += 1
    return tables


def table_rotation(seated: list[int], table: int) -> list[Pairing]:
    """The games of one table: as many as it has players, round ``g`` seating the players moved
    ``g - 1`` places along the sides, so each player plays every side once, the side played
    alone (the last of the seating) included."""
    k = len(seated)
    return [Pairing(g + 1, table, tuple(seated[(i + g) % k] for i in range(k))) for g in range(k)]
