"""Billo's ``play`` on capture plies and first readings (issue 22, fifth pass, step 3).

``play(position, text)`` answers, besides a one-step quiet move read before, the moves that
capture or pass through own pieces and the texts it has never read, as the writer spells them:
exactly ``apply(position, read(text, position))`` where ``check_move`` finds the move legal, and
``None`` wherever the long way refuses it (a capture that is not the best one, ``+`` on a basic
piece, a game over) or reads it otherwise (no ``x`` written where a piece is captured).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from test_billo_fast_paths import _ended, _playout, dense_positions
from test_billo_playouts import positions

from pbmkit.games.base import IllegalMoveError
from pbmkit.games.billo import Move, Position, check, rules, setup
from pbmkit.games.billo import notation as notation_module
from pbmkit.games.billo.notation import NOTATION
from pbmkit.games.billo.play import play
from pbmkit.games.billo.rules import ROUND
from pbmkit.games.notation import MoveSyntaxError


def _long_way(position: Position, text: str) -> Position | None:
    """Read, checked and applied: the position after ``text``, or ``None`` if refused."""
    try:
        move = NOTATION.read(text, position)
    except (MoveSyntaxError, IllegalMoveError):
        return None
    if check.check_move(position, move) is not None:
        return None
    return rules.apply(position, move)


def _spellings(position: Position, move: Move) -> Iterator[str]:
    """The writer's text of ``move``, without its ``x`` marks, with ``+`` added or dropped, and
    with the other letter."""
    text = rules.move_text(position, move)
    yield text
    yield text.replace("x", "-")
    yield text.replace("+", "") if "+" in text else text.replace(" ", "+ ", 1)
    yield ("S" if move.piece == ROUND else "R") + text[1:]


def _same(position: Position, text: str, *, forget: bool = False) -> bool:
    """``play`` against the long way for one text (first read by ``play`` itself when
    ``forget``); whether ``play`` answered."""
    if forget:
        notation_module.LETTERED.clear()
    got = play(position, text)
    expected = _long_way(position, text)
    if got is None:
        return False
    assert expected is not None, f"play answered {text!r}, which the long way refuses"
    assert got == expected, text
    assert hash(got) == hash(expected)
    assert got.quiet == expected.quiet
    m = got._masks
    assert m is not None
    assert m[:rules.P_KNOWN] == rules._packed_of(got.board)[:rules.P_KNOWN]
    assert m[rules.P_KNOWN] == (1 if rules._ending(m) is None else 0)
    return True


def _every_text(position: Position) -> Iterator[tuple[Move, str]]:
    """Every candidate move (legal or beaten by a better capture) in every spelling."""
    for move in rules.candidate_moves(position):
        for text in _spellings(position, move):
            yield move, text


@pytest.mark.parametrize("seed", range(4))
def test_play_is_read_check_and_apply_on_every_capture_ply_of_random_playouts(seed: int) -> None:
    """Along games preferring captures, every candidate move's texts: ``play`` answers only what
    the long way finds legal, with its position; every legal move as the writer spells it is
    answered, captures and passes included, read before or not."""
    rng = random.Random(300 + seed)
    captures = 0
    for k, position in enumerate(_playout(rng, 140, "yellow" if seed % 2 else "orange")):
        rules.static_outcome(position)  # as the replay meets it: "not over" asked
        legal = set(rules.legal_moves(position))
        for move, text in _every_text(position):
            answered = _same(position, text, forget=(k + len(text)) % 5 == 0)
            if move in legal and text == rules.move_text(position, move):
                assert answered, f"{text!r} is legal and written as the writer writes it"
                captures += bool(move.captures)
    assert captures > 8  # each game has its capture plies (13 to 26 of these seeds)


@settings(max_examples=80, deadline=None)
@given(position=dense_positions())
def test_play_agrees_with_the_long_way_in_crowded_positions(position: Position) -> None:
    """Billos and basic pieces crowded together: long chains, better captures elsewhere, fresh
    positions (no masks: ``play`` leaves them to the long way) and ended ones."""
    rules.static_outcome(position)
    texts = [text for _move, text in _every_text(position)]
    # an ended position has no candidate moves: the texts of the position it is cut from
    texts += [rules.move_text(position, move).replace("x", "-")
              for move in rules.candidate_moves(_opponent_gone(position))]
    for near in (position, Position(position.board, position.turn), *_ended(position)):
        for text in texts:
            _same(near, text)


def _opponent_gone(position: Position) -> Position:
    """``position`` without the opponent's pieces and with "not over" wrongly carried: its moves
    are the passes and steps an ended position would still allow by the movement rules."""
    cut = Position(tuple(c if c * position.turn >= 0 else 0 for c in position.board),
                   position.turn)
    m = rules.packed(cut)
    rules.set_masks(cut, (*m[:rules.P_KNOWN], 1))
    return cut


@settings(max_examples=60, deadline=None)
@given(position=positions())
def test_play_agrees_with_the_long_way_in_random_positions(position: Position) -> None:
    rules.static_outcome(position)
    for _move, text in _every_text(position):
        _same(position, text)


def test_play_refuses_a_plus_on_a_basic_piece_and_a_capture_not_the_best() -> None:
    """``R+ c4xd5`` by a basic piece is the reader's error; a capture of one piece where two can
    be taken breaks rule 6: both ``None``, as the long way refuses them."""
    board = [0] * 64
    sq = rules.space
    board[sq("c4")] = rules.cell(rules.YELLOW, 1)  # a yellow round piece
    board[sq("d5")] = rules.cell(rules.ORANGE, 0, 1)  # an orange square piece ahead
    board[sq("d6")] = rules.cell(rules.ORANGE, 0, 1)  # and another behind it
    board[sq("h8")] = rules.cell(rules.ORANGE, 1)
    board[sq("a1")] = rules.cell(rules.YELLOW, 0, 1)
    position = Position(tuple(board))
    rules.static_outcome(position)
    assert play(position, "R+ c4xd5") is None
    assert _long_way(position, "R+ c4xd5") is None
    assert play(position, "R c4xd5") is None  # d5 then d6 is two captures: the best
    assert _long_way(position, "R c4xd5") is None
    after = play(position, "R c4xd5xd6")
    assert after is not None and after == _long_way(position, "R c4xd5xd6")
    assert after.quiet == 0 and after.board[sq("d6")] == rules.cell(rules.YELLOW, 1)


def test_play_answers_a_text_never_read() -> None:
    """A record's first move text is learnt by ``play`` itself, as the reader learns it."""
    position = setup.initial_position()
    rules.static_outcome(position)
    notation_module.LETTERED.clear()
    after = play(position, "R c1-c2")
    assert after is not None and after == _long_way(position, "R c1-c2")
    assert "R c1-c2" in notation_module.LETTERED
