"""Conditional moves (pbmkit/referee/conditional.py): "if they play this, I play that"."""

from __future__ import annotations

from typing import Any

import pytest

from pbmkit.games import get_game
from pbmkit.referee.conditional import MAX_MOVES, QueueRefused, answer, read_queue, split_moves

BATALO = get_game("batalo")
PLACES = ("white", "black")


def _after(*moves: str) -> Any:
    position = BATALO.initial_position()
    for text in moves:
        position = BATALO.apply(position, BATALO.notation.read(text, position))
    return position


def test_a_queue_is_read_in_the_games_notation_and_checked_whole() -> None:
    """White queues after its first move: written loosely, kept canonically."""
    queue = read_queue(BATALO, _after("IR to HS"), PLACES, "white",
                       "ev to fu; JQ-JS, DW to DY KP to KR")
    assert queue == ("EV to FU", "JQ to JS", "DW to DY", "KP to KR")


def test_the_reply_comes_when_the_opponent_plays_the_head() -> None:
    before = _after("IR to HS")
    queue = read_queue(BATALO, before, PLACES, "white", "EV to FU JQ to JS DW to DY KP to KR")
    played = BATALO.notation.read("EV to FU", before)
    reply = answer(BATALO, before, played, queue)
    assert reply.move == "JQ to JS" and reply.rest == ("DW to DY", "KP to KR")
    before = _after("IR to HS", "EV to FU", "JQ to JS")
    last = answer(BATALO, before, BATALO.notation.read("DW to DY", before), reply.rest)
    assert last.move == "KP to KR" and last.rest == ()


def test_another_move_drops_the_whole_queue() -> None:
    before = _after("IR to HS")
    queue = read_queue(BATALO, before, PLACES, "white", "EV to FU JQ to JS DW to DY KP to KR")
    played = BATALO.notation.read("DW to DY", before)
    assert answer(BATALO, before, played, queue).move is None
    assert answer(BATALO, before, played, queue).rest == ()
    assert answer(BATALO, before, played, ()).move is None


@pytest.mark.parametrize(("text", "why"), [
    ("EV to FU", "has no reply"),
    ("EV to FU JQ to JS EW to EU KP to KR", "their move 2, EW to EU: a stone slides only one"),
    ("EV to FU JQ to QQ", "your reply 1, JQ to QQ"),
    (" ".join(["EV to FU", "JQ to JS"] * (MAX_MOVES // 2 + 1)), f"at most {MAX_MOVES} moves"),
])
def test_a_queue_that_could_never_be_played_is_refused(text: str, why: str) -> None:
    with pytest.raises(QueueRefused, match=why):
        read_queue(BATALO, _after("IR to HS"), PLACES, "white", text)


def test_a_queue_on_your_own_turn_or_with_several_players_is_refused() -> None:
    with pytest.raises(QueueRefused, match="it is your turn"):
        read_queue(BATALO, _after("IR to HS"), PLACES, "black", "JQ to JS EV to FU")
    with pytest.raises(QueueRefused, match="games of two players"):
        read_queue(BATALO, _after("IR to HS"), ("a", "b", "c"), "white", "EV to FU JQ to JS")


def test_moves_are_split_by_the_notation_of_every_game() -> None:
    assert split_moves(get_game("billo"), "R c1-d2 R c2xd3-e4xf5") == ["R c1-d2", "R c2xd3-e4xf5"]
    assert split_moves(get_game("batu khan"), "B@c1, X@d3") == ["B@c1", "X@d3"]
    assert split_moves(get_game("hex"), "c3 swap") == ["c3", "swap"]
