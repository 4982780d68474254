"""Batrakill's ``play(position, text)`` is the notation's ``read``, ``check_move`` and ``apply``
in one call (issue 22): on every ply of seeded playouts of the duel and of the zones version with
2 to 5 players, and on random crowded positions, for the written texts of every candidate move
(legal or not, in the writer's spelling and in others the reader takes), ``play`` answers only a
legal move, and then with ``apply``'s position; it answers every knight's step outside a tower,
every dragon step and every placement once the text was read before (the speed rests on that);
where it does not answer, the long way refuses or answers as before.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_batrakill_fast_paths import _candidates, _crowded, _playout
from test_batrakill_helpers import CONFIGS

from pbmkit.games.base import IllegalMoveError
from pbmkit.games.batrakill.check import check_move
from pbmkit.games.batrakill.config import make_config
from pbmkit.games.batrakill.game import batrakill
from pbmkit.games.batrakill.notation import format_move, notation_for
from pbmkit.games.batrakill.play import play
from pbmkit.games.batrakill.rules import Move, Position, apply, knight_squares
from pbmkit.games.notation import MoveSyntaxError


def _long_way(position: Position, text: str) -> tuple[Position | None, str | None]:
    """(the position after ``text``, ``None``) when it is legal, else (``None``, why not)."""
    try:
        move = notation_for(position.config.layout.board).read(text, position)
    except (MoveSyntaxError, IllegalMoveError) as exc:
        return None, str(exc)
    why = check_move(position, move)
    if why is not None:
        return None, why
    return apply(position, move), None


def _spellings(position: Position, move: Move) -> Iterator[str]:
    """``move`` as the writer spells it, and as players may: any case, ``D`` left out or added,
    ``x`` or an en dash for ``-``, spaces round the separator."""
    text = format_move(position.config.layout.board, move)
    yield text
    yield text.upper()
    bare = text.removeprefix("D ")
    yield bare
    yield f"D {bare}"
    yield bare.replace("-", "x")
    yield bare.replace("-", "–")
    yield bare.replace("-", " - ")


def _common(position: Position, move: Move) -> bool:
    """Whether ``move`` is of the kinds ``play`` answers: a knight's step from outside any tower
    carrying none, the dragon's step, its placement."""
    if move.kind == "drop":
        return True
    if move.kind == "dragon":
        return len(move.path) == 2 and move.path[1] in position.config.near[move.path[0]]
    k = position.knight_at(move.path[0])
    return (move.kind == "step" and k is not None and not k.carrying
            and move.path[0] not in position.towers)


def _holds(position: Position, rng: random.Random) -> int:
    """``play`` against the long way on every candidate text of ``position``; the number of
    legal moves of the common kinds it answered."""
    answered = 0
    candidates = sorted(_candidates(position, rng))
    for move in candidates:
        if not all(0 <= sq < position.config.size for sq in move.path) \
                or (len(move.path) == 1) != (move.kind == "drop"):
            continue  # no text writes it
        for text in _spellings(position, move):
            first = play(position, text)  # perhaps never read yet
            expected, why = _long_way(position, text)
            for got in (first, play(position, text)):
                if got is None:
                    continue
                assert why is None, (position, text, why)
                assert got == expected, (position, text)
                assert hash(got) == hash(expected)
                assert knight_squares(got.knights) == {k.square for k in got.knights}
            if expected is not None and check_move(position, move) is None and _common(position, move) \
                    and text == format_move(position.config.layout.board, move):
                assert first is not None or play(position, text) is not None, (position, text)
                answered += 1
    return answered


@pytest.mark.parametrize("name", list(CONFIGS))
def test_play_is_read_check_and_apply_on_every_ply_of_random_playouts(name: str) -> None:
    cfg = make_config(CONFIGS[name])
    answered = 0
    for seed in range(2):
        rng = random.Random(seed)
        positions = list(_playout(cfg, rng, 100))
        for position, after in pairwise(positions):
            answered += _holds(position, rng)
            hit = [m for m in _legal_texts(position) if _long_way(position, m)[0] == after]
            assert hit  # the move played: play answers it as the long way does, or declines
            for text in hit:
                got = play(position, text)
                assert got is None or got == after
    assert answered > 100


def _legal_texts(position: Position) -> list[str]:
    from pbmkit.games.batrakill.rules import legal_moves

    board = position.config.layout.board
    return [format_move(board, m) for m in legal_moves(position)]


@pytest.mark.parametrize("name", ["duel", "2 players", "5 players"])
def test_play_is_read_check_and_apply_on_crowded_positions(name: str) -> None:
    """Knights in towers, carrying towers, barred from towers; dragons that must eat."""
    cfg = make_config(CONFIGS[name])

    @settings(max_examples=30, deadline=None)
    @given(st.integers(0, 2**32))
    def run(seed: int) -> None:
        rng = random.Random(seed)
        _holds(_crowded(cfg, rng), rng)

    run()


def test_play_declines_texts_that_are_no_move_and_games_over() -> None:
    """No move, a square off the board, a passage or a placement of a tower, a game over: ``None``
    (the long way explains), never an error."""
    cfg = make_config({})
    game = batrakill(cfg)
    position = game.initial_position()
    for text in ("", " ", "x", "D", "D@", "D@z9", "a1-a10", "c2-c3-c4", "e9/e8", "e5>c7", "c2 c3",
                 "\u2028", "D e4xe6xg6", "c2-c3 " * 20, "a1-j1"):
        assert play(position, text) is None
        assert play(position, text) is None  # and when read before
    over = position._replace(result=("dragon", "eaten"))
    text = _legal_texts(position)[0]
    assert _long_way(position, text)[0] is not None
    assert play(position, text) is not None
    assert play(over, text) is None
    assert _long_way(over, text) == (None, "the game is over")


def test_play_is_the_games_play() -> None:
    """The game offers it (:class:`~pbmkit.games.base.Plays`), in every configuration."""
    from pbmkit.games.base import Plays

    for tags in CONFIGS.values():
        game = batrakill(make_config(tags))
        assert isinstance(game, Plays)
        assert game.play is play


@pytest.mark.parametrize(("square", "facing", "text", "supply"), [
    (63, "N", "a8-a9", 5),  # onto an X square facing north, towers left: takes a tower (rule 5)
    (63, "N", "a8-a9", 0),  # none left: steps on
    (65, "N", "c8-c9", 2),
    (64, "N", "b8-b9", 2),  # not an X square
    (10, "E", "b2-c2", 5),  # in its camp: faces north again (rule 5)
    (19, "S", "b3-b2", 5),  # into its camp
    (28, "W", "b4-a4", 5),  # outside the camp: keeps its facing
])
def test_play_takes_towers_and_turns_knights_in_their_camp(square: int, facing: str, text: str,
                                                           supply: int) -> None:
    """The duel's round 1: a knight's step that takes a tower or turns it north is answered, with
    ``apply``'s position (random playouts seldom reach an X square)."""
    from pbmkit.games.batrakill.rules import Knight, initial_position

    cfg = make_config({})
    knights = (Knight(square, facing, "knights", square), Knight(0, "N", "knights", 0))
    position = initial_position(cfg)._replace(knights=tuple(sorted(knights)), supply=supply,
                                              dragon=40)
    expected, why = _long_way(position, text)
    assert why is None
    got = play(position, text) or play(position, text)
    assert got == expected
    assert expected is not None
    assert (expected.supply, expected.knight_at(got.knights[-1].square)) == (
        got.supply, got.knights[-1])
