"""The engine (pbmkit/engine/, docs/engine.md) on every registered game, through the game contract:
legal moves only, every win in one found, deterministic with a seed, its bounds kept, proofs and
more than two sides (max-n), the tree kept between searches, a game's own hooks used."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from pbmkit.engine import Engine, Limits, PlaysOut, Settings, search
from pbmkit.games import game_names, get_game
from pbmkit.games.base import AnyGame
from tests.test_plugged_game import TRIO

QUICK = Settings(playout_plies=40)
"""Short playouts: the tests judge what the engine plays, not how well."""


def _games() -> list[AnyGame]:
    games = [get_game(name) for name in game_names()]
    zones = get_game("batrakill").configure({"Layout": "zones", "Order": "Purple Blue Green Dragon"})
    return [*games, zones, TRIO]


GAMES = _games()
IDS = [f"{g.name}-{len(g.order)}" for g in GAMES]


def _wins_now(game: AnyGame, position: Any) -> list[Any]:
    """The moves that win at once for the side to move, by the rules core alone."""
    side = game.side_to_move(position)
    out = []
    for move in game.legal_moves(position):
        outcome = game.outcome(game.apply(position, move))
        if outcome is not None and outcome.winner in (side, *side.split("+")):
            out.append(move)
    return out


def _playout(game: AnyGame, rng: random.Random, plies: int = 400) -> list[Any]:
    """The positions of one random game, the last one before its end last."""
    position, seen = game.initial_position(), []
    for _ in range(plies):
        moves = game.legal_moves(position)
        if not moves:
            break
        seen.append(position)
        position = game.apply(position, moves[rng.randrange(len(moves))])
    return seen


def _win_in_one_positions(game: AnyGame, wanted: int) -> list[Any]:
    rng = random.Random(7)
    found: list[Any] = []
    for _ in range(60):
        for position in reversed(_playout(game, rng)[-4:]):
            if _wins_now(game, position):
                found.append(position)
        if len(found) >= wanted:
            break
    return found[:wanted]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_win_in_one_is_found_and_said_proven(game: AnyGame) -> None:
    positions = _win_in_one_positions(game, 6)
    assert len(positions) >= 2, "random games of every game end with a winning move"
    for position in positions:
        got = search(game, position, Limits(seconds=None, playouts=3), seed=5, settings=QUICK)
        side = game.side_to_move(position)
        outcome = game.outcome(game.apply(position, got.move))
        assert game.check_move(position, got.move) is None
        assert outcome is not None and outcome.winner in (side, *side.split("+"))
        assert (got.proven, got.moves_to_end, got.chance) == ("win", 1, 1.0)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_engine_plays_only_legal_moves_written_as_the_notation_reads_them(game: AnyGame) -> None:
    rng = random.Random(3)
    positions = [p for p in _playout(game, rng, 60)[::12]]
    wide = len(game.legal_moves(game.initial_position())) > 500
    for position in positions[:2] if wide else positions:
        got = search(game, position, Limits(seconds=None, playouts=2 if wide else 30), seed=1,
                     settings=QUICK)
        assert got.move in game.legal_moves(position)
        assert game.check_move(position, got.move) is None
        text = game.notation.format(got.move, position)
        assert game.notation.read(text, position) == got.move
        assert got.side == game.side_to_move(position)
        assert 0.0 <= got.chance <= 1.0 and set(got.chances) <= set(game.order)
        after = position
        for move in got.line:  # the expected line is legal move after move
            assert game.check_move(after, move) is None
            after = game.apply(after, move)


@pytest.mark.parametrize("name", ["hex", "batukhan", "batalo"])
def test_a_search_bounded_in_playouts_is_the_same_with_the_same_seed(name: str) -> None:
    game = get_game(name)
    position = _playout(game, random.Random(11), 12)[-1]
    runs = [search(game, position, Limits(seconds=None, playouts=150), seed=seed, settings=QUICK)
            for seed in (4, 4, 5)]
    same = [(r.move, r.line, r.chance, r.playouts, [(c.move, c.visits) for c in r.choices])
            for r in runs]
    assert same[0] == same[1]
    assert runs[0].playouts == 150
    assert same[0] != same[2], "another seed searches other playouts"


def test_the_tree_stays_within_its_node_cap_and_the_time_bound_is_kept() -> None:
    game = get_game("hex")
    got = search(game, game.initial_position(), Limits(seconds=None, playouts=400, nodes=50),
                 seed=2)
    assert got.nodes == 50 and got.playouts == 400
    # The time bound by the clock it is set in (wall), and the stop after it by the CPU time the
    # search used: a process the machine leaves waiting (a loaded CI host) spends wall time but
    # no CPU, where a search that ran on past its deadline would spend both.
    cpu = time.process_time()
    timed = search(game, game.initial_position(), Limits(seconds=0.2), seed=2)
    cpu = time.process_time() - cpu
    assert timed.seconds >= 0.2 and cpu < 0.6 and timed.playouts > 10


def _forced_win_in_two(game: AnyGame, position: Any) -> bool:
    """By brute force: a move after which every answer allows a win in one (and no win now)."""
    if _wins_now(game, position):
        return False
    return any(_wins_in_two_with(game, position, move) for move in game.legal_moves(position))


def _wins_in_two_with(game: AnyGame, position: Any, move: Any) -> bool:
    """By brute force: after ``move`` every answer allows a win in one."""
    after = game.apply(position, move)
    return game.outcome(after) is None and all(
        _wins_now(game, game.apply(after, reply)) for reply in game.legal_moves(after))


def test_the_solver_proves_a_win_in_two_and_plays_it() -> None:
    game = get_game("hex")
    rng = random.Random(21)
    checked = 0
    while checked < 3:
        position = next((p for p in reversed(_playout(game, rng)[-7:])
                         if len(game.legal_moves(p)) <= 14 and _forced_win_in_two(game, p)), None)
        if position is None:
            continue
        checked += 1
        got = search(game, position, Limits(seconds=None, playouts=20_000), seed=3)
        assert (got.proven, got.moves_to_end) == ("win", 2)
        after = game.apply(position, got.move)
        assert all(_wins_now(game, game.apply(after, r)) for r in game.legal_moves(after))
        assert got.playouts < 20_000, "a proven root ends the search"


def test_a_lost_position_is_proven_lost() -> None:
    game = get_game("hex")
    rng = random.Random(8)
    for _ in range(200):
        seen = _playout(game, rng)
        # the position after a move that left the opponent a forced win in one
        position = next((p for p in seen[-3:] if not _wins_now(game, p)
                         and all(_wins_now(game, game.apply(p, m)) for m in game.legal_moves(p))),
                        None)
        if position is not None:
            break
    assert position is not None
    got = search(game, position, Limits(seconds=None, playouts=5_000), seed=1)
    assert got.proven == "loss" and got.chance == 0.0 and got.moves_to_end == 1


def _must_stop_the_next(game: AnyGame, rng: random.Random) -> tuple[Any, list[Any]] | None:
    """A position of a random game where the side to move cannot win at once, and every move but
    a few lets the next side win at once: the position and those few moves."""
    for position in reversed(_playout(game, rng)):
        if _wins_now(game, position):
            continue
        moves = game.legal_moves(position)
        saving = [m for m in moves if game.outcome(game.apply(position, m)) is None
                  and not _wins_now(game, game.apply(position, m))]
        if saving and len(saving) < len(moves) // 2:
            return position, saving
    return None


def test_more_than_two_sides_are_searched_max_n_each_for_its_own_win() -> None:
    engine = Engine(TRIO, seed=9, settings=QUICK)
    got = engine.search(TRIO.initial_position(), Limits(seconds=None, playouts=300))
    assert set(got.chances) == {"red", "green", "blue"}
    assert abs(sum(got.chances.values()) - 1.0) < 1e-9  # a win, or a draw shared by the three
    rng = random.Random(4)
    found = 0
    for _ in range(300):
        case = _must_stop_the_next(TRIO, rng)
        if case is None:
            continue
        position, saving = case
        got = search(TRIO, position, Limits(seconds=None, playouts=3_000), seed=2, settings=QUICK)
        assert got.move in saving, TRIO.format_setup(position)
        lost = [c for c in got.choices if c.move not in saving]
        assert lost and all(c.proven == "loss" for c in lost)
        found += 1
        if found == 3:
            break
    assert found == 3


def test_the_tree_is_kept_for_the_position_two_plies_on() -> None:
    game = get_game("hex")
    engine = Engine(game, seed=1)
    start = game.initial_position()
    first = engine.search(start, Limits(seconds=None, playouts=600))
    assert engine.root is not None
    played = next(c for c in engine.root.children if c.move == first.move)
    kept = max(played.children, key=lambda g: g.visits)  # the reply searched most
    later = game.apply(game.apply(start, first.move), kept.move)
    before = kept.visits
    assert before > 0
    engine.search(later, Limits(seconds=None, playouts=100))
    assert engine.root is kept and kept.visits == before + 100
    fresh = Engine(game, seed=1, settings=Settings(reuse=False))
    fresh.search(start, Limits(seconds=None, playouts=600))
    fresh.search(later, Limits(seconds=None, playouts=100))
    assert fresh.root is not None and fresh.root.visits == 100


class _HookedHex:
    """Hex with a playout policy and an evaluation, as a game adds them in its package (and
    without its whole playout, which would be asked first)."""

    def __init__(self) -> None:
        self.calls = {"policy": 0, "evaluate": 0}
        self._hex = get_game("hex")

    def __getattr__(self, name: str) -> Any:
        if name == "playout":
            raise AttributeError(name)
        return getattr(self._hex, name)

    @property
    def playout_move(self) -> Any:
        def pick(position: Any, rng: random.Random) -> Any:
            self.calls["policy"] += 1
            moves = self._hex.legal_moves(position)
            return moves[0] if moves else None
        return pick

    @property
    def evaluate(self) -> Any:
        def value(position: Any) -> float:
            self.calls["evaluate"] += 1
            return 0.25
        return value


def test_a_games_playout_policy_and_evaluation_are_used() -> None:
    hooked = _HookedHex()
    game: Any = hooked
    got = search(game, hooked.initial_position(), Limits(seconds=None, playouts=50), seed=1,
                 settings=Settings(cutoff=3))
    assert hooked.calls["policy"] == 150 and hooked.calls["evaluate"] == 50
    assert got.move in hooked.legal_moves(hooked.initial_position())


class _GuidedHex:
    """Hex with a guide (``Guides``) that prefers one cell and records what it was asked; with
    ``even``, every playout is cut at once and valued 0.5, so that no move looks better than
    another."""

    def __init__(self, even: bool = False) -> None:
        self._hex = get_game("hex")
        self.asked: list[int] = []
        self.even = even

    def __getattr__(self, name: str) -> Any:
        if self.even and name == "playout":
            raise AttributeError(name)
        return getattr(self._hex, name)

    @property
    def evaluate(self) -> Any:
        if not self.even:
            raise AttributeError("evaluate")
        return lambda position: 0.5

    @property
    def guide(self) -> Any:
        def weights(position: Any, moves: Any) -> list[float]:
            assert set(moves) == set(self._hex.legal_moves(position))
            self.asked.append(len(moves))
            return [1.0 if m == max(moves, key=str) else 0.0 for m in moves]
        return weights


def test_a_games_guide_is_tried_first_and_decides_between_moves_the_search_finds_even() -> None:
    guided = _GuidedHex(even=True)
    game: Any = guided
    start = guided.initial_position()
    favourite = max(guided.legal_moves(start), key=str)
    for seed in (1, 2, 3, 4):
        engine = Engine(game, seed=seed, settings=Settings(cutoff=0))
        got = engine.search(start, Limits(seconds=None, playouts=300))
        assert guided.asked[0] == len(guided.legal_moves(start))
        root = engine.root
        assert root is not None and root.children[0].move == favourite  # expanded first
        assert got.move == favourite and got.choices[1].visits < got.choices[0].visits
        asked = len(guided.asked)
        unguided = Engine(game, seed=seed, settings=Settings(cutoff=0, guide=0))
        plain = unguided.search(start, Limits(seconds=None, playouts=300))
        assert len(guided.asked) == asked  # guide=0: never asked
        assert plain.move != favourite  # a tie broken by the seeded order, not by the guide


def test_a_guided_move_that_loses_is_dropped() -> None:
    """The guide's bias fades with the visits: a guide that weighs every move but the winning
    ones still lets the search prove a win in two and play it."""
    game = get_game("hex")
    rng = random.Random(21)
    position = None
    while position is None:
        position = next((p for p in reversed(_playout(game, rng)[-7:])
                         if len(game.legal_moves(p)) <= 14 and _forced_win_in_two(game, p)), None)

    winning = {m for m in game.legal_moves(position) if _wins_in_two_with(game, position, m)}

    class Misguided(_GuidedHex):
        @property
        def guide(self) -> Any:
            def weights(at: Any, moves: Any) -> list[float]:
                return [0.0 if m in winning else 1.0 for m in moves]
            return weights

    misguided: Any = Misguided()
    got = search(misguided, position, Limits(seconds=None, playouts=20_000), seed=3)
    assert (got.proven, got.moves_to_end) == ("win", 2)
    assert _wins_in_two_with(game, position, got.move)


@pytest.mark.parametrize("game", [g for g in GAMES if isinstance(g, PlaysOut)],
                         ids=[g.name for g in GAMES if isinstance(g, PlaysOut)])
def test_a_games_own_playout_move_is_legal_and_none_only_at_the_end(game: AnyGame) -> None:
    rng = random.Random(6)
    for position in _playout(game, rng, 150)[::3]:
        drawn = game.playout_move(position, rng)  # type: ignore[attr-defined]
        assert drawn is not None and game.check_move(position, drawn) is None
    ended = next(p for p in [game.apply(p, m) for p in _win_in_one_positions(game, 1)
                             for m in _wins_now(game, p)])
    assert game.outcome(ended) is not None and game.playout_move(ended, rng) is None  # type: ignore[attr-defined]


class _Littering:
    """Hex moved move by move (its whole playout left out), each list of moves leaving a reference
    cycle behind, as a game's move generation may."""

    def __init__(self) -> None:
        self._hex = get_game("hex")
        self.calls = 0

    def __getattr__(self, name: str) -> Any:
        if name == "playout":
            raise AttributeError(name)
        return getattr(self._hex, name)

    def legal_moves(self, position: Any) -> Any:
        self.calls += 1
        litter: list[Any] = [[] for _ in range(20)]
        litter.append(litter)  # garbage only the collector frees
        return self._hex.legal_moves(position)


def test_a_games_cyclic_garbage_is_collected_during_a_search_but_not_the_whole_tree() -> None:
    import gc

    collections: list[tuple[int, int]] = []
    game: Any = _Littering()

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "stop":
            collections.append((info["generation"], game.calls))

    gc.collect()
    gc.callbacks.append(seen)
    try:
        got = search(game, game.initial_position(), Limits(seconds=None, playouts=1500), seed=1)
    finally:
        gc.callbacks.remove(seen)
    assert got.playouts == 1500
    during = [generation for generation, calls in collections if calls < game.calls]
    assert during, "the garbage is collected while the search runs, not all of it at its end"
    assert max(during) <= 1, "only the young objects: the whole tree is never walked"
