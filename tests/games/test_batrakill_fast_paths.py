"""The Batrakill rules core's fast paths give the same answers as the plain definitions.

``check_move`` checks the written move alone (``knight_move_is_legal``: the one knight and the one
square; ``dragon_move_is_legal``: the written chain followed jump by jump, and whether the dragon
could eat, searched only as far as the first eating jump), ``has_moves`` answers without
generating the moves, and ``apply`` builds positions without generating any move. These are there
for speed only (issue 16): the tests hold them to the plain ones — membership in
``legal_moves``, ``bool`` of the generated moves, and ``apply`` as it was written before the fast
paths (kept below as :func:`plain_apply`) — over random playouts of the duel and of the zones
version with 2 to 5 players, and over random crowded positions (chains of jumps, towers with and
without knights, carried towers, ejected knights barred from their tower).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_batrakill_helpers import CONFIGS

from pbmkit.games.batrakill.check import check_move
from pbmkit.games.batrakill.config import make_config
from pbmkit.games.batrakill.notation import notation_for
from pbmkit.games.batrakill.rules import (
    DRAGON,
    EATS_TO_WIN,
    KNIGHTS,
    REVERSED,
    Config,
    Knight,
    Move,
    Position,
    _captured,
    apply,
    dragon_moves,
    has_moves,
    has_passages,
    initial_position,
    knight_moves,
    legal_moves,
)
from pbmkit.games.notation import RunSplit

# --- the plain definitions (apply as written before the fast paths) ------------------------------


def plain_has_moves(position: Position) -> bool:
    """Whether the place to move has a move, by generating them."""
    if position.dragon_to_move:
        return bool(dragon_moves(position))
    return next(knight_moves(position), None) is not None


def _plain_dragon_apply(position: Position, move: Move
                        ) -> tuple[dict[int, Knight], set[int], set[tuple[int, int]], int]:
    board = position.config.layout.board
    knights = {k.square: k for k in position.knights}
    broken = set(position.broken)
    barred: set[tuple[int, int]] = set()
    eaten = 0
    eject = has_passages(position)
    for a, b in pairwise(move.path):
        fa, ra = board.coords[a]
        fb, rb = board.coords[b]
        if max(abs(fa - fb), abs(ra - rb)) < 2:
            continue
        sq = board.at(((fa + fb) // 2, (ra + rb) // 2))
        assert sq is not None
        k = knights.pop(sq, None)
        if k is None:
            continue
        if sq in position.towers and eject:
            knights[a] = k._replace(square=a, facing=position.config.facing_of(k.faction))
            barred.add((k.home, sq))
        else:
            eaten += 1
            if k.carrying:
                broken.add(sq)
    return knights, broken, barred, eaten


def plain_apply(position: Position, move: Move) -> Position:
    """The position after ``move``, as ``rules.apply`` computed it before the fast paths."""
    cfg = position.config
    nxt = (position.to_move + 1) % len(cfg.order)
    if move.kind == "drop":
        return position._replace(dragon=move.path[0], to_move=nxt)
    if move.kind == "dragon":
        on, broken, ejected, eaten = _plain_dragon_apply(position, move)
        after = position._replace(knights=tuple(sorted(on.values())), broken=frozenset(broken),
                                  dragon=move.path[-1], eaten=position.eaten + eaten,
                                  barred=position.barred | ejected, to_move=nxt)
        return _plain_after_dragon(after)
    s, t = move.path[0], move.path[-1]
    knights = list(position.knights)
    i = next(i for i, k in enumerate(knights) if k.square == s)
    k = knights[i]
    towers, supply = position.towers, position.supply
    if move.kind == "place":
        towers = towers | {s}
        k = k._replace(square=t, carrying=False)
    else:
        k = k._replace(square=t)
    if cfg.duel and position.round == 1:
        if not k.carrying and t in cfg.layout.camp:
            k = k._replace(facing="N")
        elif (not k.carrying and k.facing == "N" and t in cfg.layout.x_squares and supply > 0
              and t not in towers):
            k = k._replace(carrying=True, facing=REVERSED["N"])
            supply -= 1
    knights[i] = k
    faction_of = {x.home: x.faction for x in knights}
    barred = frozenset(b for b in position.barred if faction_of.get(b[0], k.faction) not in position.place)
    after = position._replace(knights=tuple(sorted(knights)), towers=towers, supply=supply,
                              barred=barred, to_move=nxt)
    return _plain_after_knights(after, k)


def _plain_round_two(position: Position) -> Position:
    broken = position.broken
    knights = [Knight(k.home, "N", k.faction, k.home) for k in position.knights if k.home not in broken]
    lost = len(position.knights) - len(knights)
    after = Position(position.config, tuple(sorted(knights)), position.towers, broken, 0, -1, 2, 0,
                     position.eaten_before + position.eaten + lost, frozenset(), 0)
    if not knights:
        return after._replace(result=(DRAGON, "eaten"))
    if not plain_has_moves(after):
        return after._replace(result=(DRAGON, "no-moves"))
    return after


def _plain_round_one_over(position: Position) -> bool:
    done = len(position.towers) + len(position.broken)
    return (position.eaten >= EATS_TO_WIN or done >= position.config.layout.towers
            or not plain_has_moves(position))


def _plain_after_dragon(position: Position) -> Position:
    cfg = position.config
    if cfg.duel and position.round == 1:
        return _plain_round_two(position) if _plain_round_one_over(position) else position
    total = position.eaten if cfg.duel else position.eaten + position.eaten_before
    if total >= EATS_TO_WIN or not position.knights:
        return position._replace(result=(DRAGON, "eaten"))
    if not plain_has_moves(position):
        return position._replace(result=(DRAGON, "no-moves"))
    return position


def _plain_after_knights(position: Position, mover: Knight) -> Position:
    cfg = position.config
    if cfg.duel and position.round == 1:
        return _plain_round_two(position) if _plain_round_one_over(position) else position
    winner = _captured(position, mover)
    if winner is not None:
        return position._replace(result=(winner, "captured"))
    if not plain_has_moves(position):
        if position.dragon_to_move:
            return position._replace(result=(KNIGHTS if cfg.duel else mover.faction, "trapped"))
        return position._replace(result=(DRAGON, "no-moves"))
    return position


# --- positions and candidate moves ----------------------------------------------------------


def _playout(cfg: Config, rng: random.Random, plies: int) -> Iterator[Position]:
    """The positions of a random game; eating moves are preferred, to have many of them."""
    p = initial_position(cfg)
    for _ in range(plies):
        yield p
        moves = legal_moves(p)
        if not moves:
            return
        long = [m for m in moves if len(m.path) > 2]
        p = apply(p, rng.choice(long if long and rng.random() < 0.5 else moves))


def _crowded(cfg: Config, rng: random.Random) -> Position:
    """A random crowded position of ``cfg``: knights (some in towers, some carrying towers, in the
    duel's round 1), empty towers, broken towers, the dragon among them, ejected knights barred."""
    board = cfg.layout.board
    squares = list(range(board.size))
    rng.shuffle(squares)
    n_knights, n_towers, n_broken = rng.randint(0, 20), rng.randint(0, 10), rng.randint(0, 6)
    knight_sq = squares[:n_knights]
    tower_sq = set(squares[n_knights:n_knights + n_towers])
    broken = frozenset(squares[n_knights + n_towers:n_knights + n_towers + n_broken])
    free = squares[n_knights + n_towers + n_broken:]
    round_ = rng.choice((1, 2)) if cfg.duel else 1
    factions = [f for place in cfg.order for f in place if f != DRAGON]
    homes = rng.sample(range(board.size), len(knight_sq))
    knights = []
    for sq, home in zip(knight_sq, homes, strict=True):
        in_tower = rng.random() < 0.3
        if in_tower:
            tower_sq.add(sq)
        carrying = cfg.duel and round_ == 1 and not in_tower and rng.random() < 0.2
        knights.append(Knight(sq, rng.choice("NESW"), rng.choice(factions), home, carrying))
    towers = frozenset(tower_sq)
    dragon = rng.choice(free) if free and rng.random() < 0.95 else -1
    barred = frozenset((k.home, t) for k in knights for t in towers if rng.random() < 0.1)
    return Position(cfg, tuple(sorted(knights)), towers, broken, rng.randint(0, 5), dragon, round_,
                    rng.randint(0, 4), rng.randint(0, 4), barred, rng.randrange(len(cfg.order)))


def _candidates(position: Position, rng: random.Random) -> set[Move]:
    """Moves of every kind near the pieces, legal or not: the legal ones, each cut short, made
    longer or bent; steps, jumps and passages of every knight to every square up to two away and
    to every tower (the knights of the place to move, and two others); drops; random paths."""
    board = position.config.layout.board
    steps = board.steps
    out: set[Move] = set(legal_moves(position))
    for m in list(out):
        for cut in range(1, len(m.path)):
            out.add(Move(m.kind, m.path[:cut]))
        last = m.path[-1]
        for d, over in enumerate(steps[last]):
            if over >= 0:
                out.add(Move(m.kind, (*m.path, over)))
                if steps[over][d] >= 0:
                    out.add(Move(m.kind, (*m.path, steps[over][d])))
                    out.add(Move(m.kind, (*m.path[:-1], steps[over][d])))
    mine = [k.square for k in position.knights if k.faction in position.place]
    others = [k.square for k in position.knights if k.faction not in position.place]
    near = {*mine, *rng.sample(others, min(2, len(others)))}
    if position.dragon >= 0:
        near.add(position.dragon)
    for s in near:
        twos = {t for a in steps[s] if a >= 0 for t in (a, *steps[a]) if t >= 0}
        for t in twos | set(position.towers):
            for kind in ("step", "place", "pass", "dragon"):
                out.add(Move(kind, (s, t)))
    for _ in range(20):
        out.add(Move(rng.choice(("drop", "dragon", "step")),
                     tuple(rng.randrange(board.size) for _ in range(rng.randint(1, 4)))))
        out.add(Move("drop", (rng.randrange(board.size),)))
    return out


def _holds(position: Position, rng: random.Random) -> None:
    """Every fast path of ``position`` agrees with its plain definition."""
    legal = set(legal_moves(position))
    if position.result is None:
        assert has_moves(position) == plain_has_moves(position) == bool(legal), position
    else:
        assert has_moves(position) == plain_has_moves(position), position
    for m in _candidates(position, rng):
        assert (check_move(position, m) is None) == (m in legal), (position, m)
    for m in legal:
        after = apply(position, m)
        assert after == plain_apply(position, m), (position, m)
        assert hash(after) == hash(plain_apply(position, m))


@pytest.mark.parametrize("name", list(CONFIGS))
def test_fast_paths_agree_with_the_plain_definitions_over_random_playouts(name: str) -> None:
    cfg = make_config(CONFIGS[name])

    @settings(max_examples=4)
    @given(st.integers(0, 2**32))
    def run(seed: int) -> None:
        rng = random.Random(seed)
        for position in _playout(cfg, rng, 150):
            _holds(position, rng)

    run()


@pytest.mark.parametrize("name", ["duel", "2 players", "5 players"])
def test_fast_paths_agree_with_the_plain_definitions_on_crowded_positions(name: str) -> None:
    cfg = make_config(CONFIGS[name])

    @settings(max_examples=150)
    @given(st.integers(0, 2**32))
    def run(seed: int) -> None:
        rng = random.Random(seed)
        _holds(_crowded(cfg, rng), rng)

    run()


def test_the_crowded_positions_have_eating_chains_ejections_and_trapped_sides() -> None:
    """The random positions above reach what the fast paths decide: chains of several jumps that
    eat, dragon moves refused because the dragon could eat, ejections, sides without a move."""
    cfg = make_config({})
    long_eats = refused_steps = ejections = stuck = 0
    for seed in range(300):
        rng = random.Random(seed)
        p = _crowded(cfg, rng)
        stuck += not has_moves(p)
        if p.dragon < 0 or p.result is not None:
            continue
        moves = dragon_moves(p)
        long_eats += any(len(m.path) > 2 for m in moves)
        free = [t for t in cfg.layout.board.steps[p.dragon] if t >= 0 and p.knight_at(t) is None
                and t not in p.towers and t not in p.broken]
        refused_steps += any(Move("dragon", (p.dragon, t)) not in moves for t in free)
        ejections += p.round == 2 and any(apply(p, m).barred != p.barred for m in moves)
    assert long_eats > 20 and refused_steps > 20 and ejections > 5 and stuck > 2


@pytest.mark.parametrize("name", list(CONFIGS))
def test_the_quick_split_is_the_plain_split_on_runs_of_one_to_five_moves(name: str) -> None:
    """The notation's quick split (one pattern for a whole common run) gives the plain split's
    spans, for the runs of every version, as written and spelled otherwise."""
    cfg = make_config(CONFIGS[name])
    notation = notation_for(cfg.layout.board)
    split = notation.split
    assert isinstance(split, RunSplit)
    quick = 0
    for seed in range(4):
        rng = random.Random(seed)
        texts = []
        for p in _playout(cfg, rng, 120):
            moves = legal_moves(p)
            if moves:
                texts.append(notation.format(rng.choice(moves), p))
        for size in range(1, 6):
            for k in range(0, len(texts), 3):
                run = " ".join(texts[k:k + size])
                for spelt in (run, run + " ", run.lower(), run.replace(" ", "  "), run.replace("-", "x")):
                    assert list(split(spelt)) == split.plain(spelt), spelt
                    quick += split(spelt) is split(spelt)
    assert quick > 100
