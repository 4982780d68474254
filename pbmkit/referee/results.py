"""The club's games read from their records without a replay: the places in turn order, the
written result, every game of one game's rules with its players and winner (the lists of
``games`` and ``standings``, the clocks' reminders)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any

from pbmkit.referee import queries

__all__ = ["CHOOSING", "club_results", "order_of", "result_of"]

CHOOSING = ("Board", "Layout", "Order", "First")
"""The tags that configure a game (its board, its places and their order)."""


def order_of(rules: str, record: Any) -> tuple[str, ...]:
    """The places of a record's game in turn order, as its tags configure the game."""
    from pbmkit.games import get_game

    game = get_game(rules)
    return tuple(game.configure({k: v for k, v in record.tags.items() if k in CHOOSING}).order)


def result_of(record: Any, order: Sequence[str], to_move: str) -> str | None:
    """The desk's written result (:func:`pbmkit.desk.dates.written_result`), where a winning
    faction of a place of two (``[Winner "Green"]`` in a ``Blue+Green`` game) is that place:
    the seat, and so the player, that won."""
    from pbmkit.desk.dates import written_result

    result = written_result(record, order, to_move)
    if result is None:
        tag = str(record.tags.get("Winner", "*")).strip().lower()
        result = next((p for p in order if "+" in p and tag in p.split("+")), None)
    return result


def club_results(db: sqlite3.Connection, rules: str) -> list[tuple[list[tuple[str, str]], str | None]]:
    """Every game of ``rules``: its players (side, club name) and its winner (None while
    running), read from the records' endings and Winner tags (no replay)."""
    from pbmkit.desk.dates import next_turn
    from pbmkit.records import parse_records

    seats: dict[int, list[tuple[str, str]]] = {}
    for game, side, name in queries.seats_of_rules(db, rules):
        seats.setdefault(game, []).append((side, name))
    out: list[tuple[list[tuple[str, str]], str | None]] = []
    for number, text, state in queries.games_of_rules(db, rules):
        players = seats.get(number, [])
        if state == "running":
            out.append((players, None))
            continue
        (record,), _ = parse_records(text, str(number), check_moves=False)
        order = order_of(rules, record)
        winner = result_of(record, order, next_turn(record, order)[1])
        out.append((players, winner or None))
    return out
