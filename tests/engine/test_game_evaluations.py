"""The games' own evaluations for the engine (``Evaluates``, docs/engine.md): a chance from 0 to 1
for the side to move over positions of random games of each game that has one, exact where the
game is won, and on the side of the player a position favours (material, the way to the goal)."""

from __future__ import annotations

from typing import Any

import pytest

from pbmkit.engine import Engine, Evaluates, Limits, Settings
from pbmkit.games import game_names, get_game
from pbmkit.games.base import AnyGame
from tests.support.playing import random_positions

EVALUATED = [get_game(n) for n in game_names() if isinstance(get_game(n), Evaluates)]


def _positions(game: AnyGame, seed: int, games: int = 6, plies: int = 300) -> list[Any]:
    return random_positions(game, seed, games, plies)


def test_the_batalo_family_games_evaluate() -> None:
    assert {g.name for g in EVALUATED} >= {"batalo", "billo", "batukhan", "batrakill", "baladana"}


@pytest.mark.parametrize("game", EVALUATED, ids=[g.name for g in EVALUATED])
def test_an_evaluation_is_a_chance_and_exact_where_the_game_is_won(game: AnyGame) -> None:
    values = []
    for position in _positions(game, 41):
        value = game.evaluate(position)  # type: ignore[attr-defined]
        assert isinstance(value, float) and 0.0 <= value <= 1.0
        values.append(value)
        outcome = game.outcome(position)
        if outcome is not None and outcome.winner != "draw":
            won = outcome.winner == game.side_to_move(position)
            if outcome.how not in ("no-moves",):  # a side with no move is told by its moves
                assert value == (1.0 if won else 0.0), (outcome, value)
    assert min(values) < 0.4 and max(values) > 0.6, "positions of random games are not all even"


@pytest.mark.parametrize("game", EVALUATED, ids=[g.name for g in EVALUATED])
def test_the_engine_scores_a_playout_cut_short_by_the_evaluation(game: AnyGame) -> None:
    calls: list[float] = []

    class Counted:
        """The game, its evaluation counted."""

        def __getattr__(self, name: str) -> object:
            return getattr(game, name)

        @property
        def evaluate(self) -> object:
            def counted(position: Any) -> float:
                calls.append(game.evaluate(position))  # type: ignore[attr-defined]
                return calls[-1]
            return counted

    counted: Any = Counted()
    got = Engine(counted, seed=3, settings=Settings(cutoff=2)).search(
        game.initial_position(), Limits(seconds=None, playouts=40))
    assert got.move in game.legal_moves(game.initial_position())
    assert len(calls) >= 30, "most playouts of two plies end unfinished, scored by the evaluation"


def test_batalo_values_the_column_and_the_way_to_the_base() -> None:
    from pbmkit.games.batalo.rules import BLACK_COLUMN, Position

    game = get_game("batalo")
    start = game.initial_position()
    assert game.evaluate(start) == pytest.approx(0.5, abs=0.1)  # type: ignore[attr-defined]
    board = list(start.board)
    board[board.index(BLACK_COLUMN)] = 0  # Black without its column: White far ahead
    assert game.evaluate(Position(tuple(board), 1)) > 0.75  # type: ignore[attr-defined]
    assert game.evaluate(Position(tuple(board), -1)) < 0.25  # type: ignore[attr-defined]
    near = [p for p in _positions(game, 2, 4) if game.outcome(p) is None and
            any(game.outcome(game.apply(p, m)) is not None for m in game.legal_moves(p))]
    assert near and all(game.evaluate(p) > 0.9 for p in near), "a base in reach is a win"  # type: ignore[attr-defined]


def test_billo_values_material_and_billos() -> None:
    from pbmkit.games.billo.rules import ORANGE, YELLOW, Position, cell

    game = get_game("billo")
    start = game.initial_position()
    assert game.evaluate(start) == pytest.approx(0.5)  # type: ignore[attr-defined]
    board = list(start.board)
    gone = next(sq for sq, c in enumerate(board) if c < 0)
    board[gone] = cell(ORANGE, 1, 0)  # Orange lost a square piece
    down = Position(tuple(board), YELLOW)
    assert game.evaluate(down) > 0.6  # type: ignore[attr-defined]
    assert game.evaluate(Position(tuple(board), ORANGE)) < 0.4  # type: ignore[attr-defined]
    crowned = list(board)
    mine = next(sq for sq, c in enumerate(crowned) if c > 0)
    crowned[mine] = cell(YELLOW, 2, 1)  # a round Billo instead of a basic round piece
    assert game.evaluate(Position(tuple(crowned), YELLOW)) > game.evaluate(down)  # type: ignore[attr-defined]


def test_batu_khan_values_stones_on_their_way_to_the_far_camp() -> None:
    game = get_game("batukhan")
    start = game.initial_position()
    played = start
    for text in ("B@a1", "b@e5"):
        played = game.apply(played, game.notation.read(text, played))
    assert game.evaluate(played) == pytest.approx(0.5)  # type: ignore[attr-defined]
    ahead = game.apply(played, game.notation.read("B a1-a3", played))  # South's blue stone 2 up
    assert game.evaluate(ahead) < 0.45, "North to move, South ahead"  # type: ignore[attr-defined]


def test_batrakill_values_knights_eaten_and_a_dragon_hemmed_in() -> None:
    game = get_game("batrakill")
    start = game.initial_position()
    assert 0.3 < game.evaluate(start) < 0.7  # type: ignore[attr-defined]
    second = [p for p in _positions(game, 5, 3) if p.round == 2 and p.dragon >= 0 and
              p.result is None]
    assert second, "random duels reach round 2"
    position = second[0]
    dragon = position.dragon_to_move
    more = position._replace(eaten=position.eaten + 2)
    mine = game.evaluate(position)  # type: ignore[attr-defined]
    assert (game.evaluate(more) > mine) == dragon  # type: ignore[attr-defined]
    zones = game.configure({"Layout": "zones", "Order": "Purple Blue Green Dragon"})
    first = zones.initial_position()
    assert 0.0 < zones.evaluate(first) <= 1 / 3  # type: ignore[attr-defined]


def test_baladana_values_golden_rings_and_the_right_to_capture() -> None:
    from pbmkit.games.baladana.rules import Position

    game = get_game("baladana")
    start = game.initial_position()
    assert 0.4 < game.evaluate(start) < 0.65  # type: ignore[attr-defined]
    cells = list(start.cells)
    black_gold = cells.index("bYY")
    cells[black_gold] = "bY"  # Black lost a golden ring: it can no longer capture
    assert game.evaluate(Position(tuple(cells), 0)) > 0.9  # type: ignore[attr-defined]
    assert game.evaluate(Position(tuple(cells), 1)) < 0.1  # type: ignore[attr-defined]


def test_a_wide_position_of_an_evaluated_game_grows_its_moves_progressively() -> None:
    game = get_game("baladana")  # 1,383 turns at the start
    start = game.initial_position()
    got = Engine(game, seed=2).search(start, Limits(seconds=None, playouts=400))
    tried = len(got.choices)
    assert 20 <= tried <= 2.0 * 400 ** 0.5 + 1, "a few dozen moves searched, not 400 once each"
    assert got.choices[0].visits >= 20
    every = Engine(game, seed=2, settings=Settings(wide=0)).search(
        start, Limits(seconds=None, playouts=400))
    assert len(every.choices) == 400, "without widening, every playout tries a new move"
    hex_game = get_game("hex").configure({"Board": "19x19"})  # no evaluation: never widened
    plain = Engine(hex_game, seed=2).search(hex_game.initial_position(),
                                            Limits(seconds=None, playouts=300))
    assert len(plain.choices) == 300
