"""Batrakill's evaluation, playout policy and guide for the engine (``Evaluates``, ``PlaysOut``,
``Guides``; docs/engine.md).

What wins (docs/batrakill.md): the dragon eats five knights in the round that counts (round 2 of
the duel), or the last knight, or leaves the knights without a move; the knights immobilise the
dragon or catch it between two knights, one of them in a tower (in the duel, only in round 2).

The evaluation is the dragon's chance, a logistic curve of the dragon's worth less the knights':

* What the dragon still has to eat: five, or every knight left if fewer (``need``). Each knight
  eaten brings it nearer; knights beyond those five are the knights' spare men.
* The towers set up: every capture needs one. A knight in a tower cannot be eaten in round 2
  (it is thrown out instead), and the towers' passages take it anywhere.
* The dragon's room: the squares it can reach by steps through free squares (a flood fill, not
  only the squares around it); a dragon walled into a few squares is nearly trapped.
* The knights that can still come at it: knights never step back, so a knight past the dragon
  (outside a tower) can no longer reach it; those that can are worth more the nearer they are.
* What the side to move can do at once: a capture in one knight's move, a knight the dragon can
  eat.

Round 1 of the duel is valued as the start of round 2 it leads to (so that the round's end is no
cliff): the knights that will come back (not eaten, their start square not under a broken tower),
the towers set up, a carried tower as most of one, and the knights walking toward the X squares
where the towers still in supply wait as part of one each.

The playout policy (``PlaysOut``) plays the game's plan instead of uniform moves: the knights take
a capture when they have one, walk north to the X squares and set a carried tower up in round 1,
and in round 2 herd the dragon (step toward it, into a tower next to it, never onto a square where
it eats them at once) most of the time; the dragon eats the most it can, else mostly steps toward
the nearest knight it may eat.

The guide (``Guides``) offers the search the knights' plan: in round 1 the walk to an X square,
the last tower set up, a tower set up by its site; in both rounds never a move that feeds the
dragon.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import islice
from random import Random

from pbmkit.games.batrakill.rules import (
    EATS_TO_WIN,
    Config,
    Knight,
    Move,
    Position,
    apply,
    jump_chains,
    knight_moves,
    legal_moves,
)

__all__ = ["BANKED", "BASE", "CARRIED", "CAUGHT", "CHASE", "DANGER", "EAT", "EDGE", "EXPOSED",
           "EXPOSED_RADIUS", "FETCH", "HANGING", "HERD", "HUNT", "HUNT_CAP", "KEEN", "KNIGHT", "LOSS",
           "PLACE", "PROWL", "REACH", "ROOM", "ROOM_CAP", "SAFE", "SCALE", "SETTLE", "SHELTER",
           "SQUEEZE", "STIFF", "STUCK", "THREAT", "TOWER", "UNTOWERED", "WALK", "WALK_SPAN",
           "dragon_chance", "evaluate", "guide", "playout_move", "room"]

BASE = 0.5
"""The dragon's worth at the start of round 2 before the knights' (a dragon free to roam eats)."""
EAT = 0.6
"""Each knight of the five the dragon no longer needs to eat, for the dragon."""
KNIGHT = 0.6
"""Each knight beyond those the dragon must still eat, for the knights."""
TOWER = 0.6
"""A tower set up, for the knights."""
CARRIED = 0.95
"""A carried tower counts as this share of a tower set up where it stands (round 1)."""
EDGE = 0.35
"""A tower on the board's edge counts as this share of one in its middle (the share grows
evenly toward the middle)."""
WALK = 0.9
"""A tower still in supply counts as up to this share of one set up on the X square it waits on,
by how near the knight nearest to an X square is: the whole share on the square, none from
:data:`WALK_SPAN` steps, by the square of the way still to go (the last steps bring the tower
nearest; round 1). Less than :data:`CARRIED`, and an X square's worth as a site: taking the tower
is a step forward, and carrying it toward the middle another (before, a tower in supply a step
away counted 0.41 of a tower, more than the 0.33 of the tower taken on the edge, and the knights
stood next to the X squares for hundreds of plies)."""
WALK_SPAN = 10
"""See :data:`WALK`."""
LOSS = 0.1
"""The knights the dragon is expected to eat for each knight's move still needed to set the towers
to come up (round 1: the longer the knights take, the more the dragon eats)."""
ROOM = 0.12
"""Each square of the dragon's room (up to :data:`ROOM_CAP`), for the dragon."""
ROOM_CAP = 14
"""The room beyond which the dragon counts as free."""
REACH = 0.12
"""Each knight that can still reach the dragon, for the knights."""
CHASE = 0.05
"""Each step nearer than 5 of a knight that can reach the dragon, for the knights."""
UNTOWERED = 0.25
"""The share of :data:`REACH` and :data:`CHASE` left with no tower set up (then no capture is
possible, only a trap), growing to the whole with two towers."""
SHELTER = 0.15
"""Each knight in a tower, for the knights: it cannot be eaten there, leaves it in any direction
and passes to any other tower."""
THREAT = 0.3
"""Each line through the dragon to move where one knights' move would catch it, for the knights
(the dragon must step out of it)."""
CAUGHT = 0.03
"""The dragon's chance when the knights to move can catch it at once."""
HANGING = 0.6
"""A knight the dragon to move eats at once (the move is compulsory), for the dragon."""
HUNT = 0.25
"""Each of the dragon's steps to the nearest square it could eat a knight from (up to
:data:`HUNT_CAP`), for the knights: a dragon ahead on knights eaten still has to go and eat the
rest, and a knight protected by the square behind it is no meal."""
HUNT_CAP = 10
"""See :data:`HUNT`."""
EXPOSED = 0.3
"""Each knight the dragon could jump onto a free square beyond, for the dragon, in full where it
could jump it now, a quarter less for each of its steps to the square it would jump from, none
beyond :data:`EXPOSED_RADIUS` steps: knights that keep together (one behind the other, on the
edge) are safe from it."""
EXPOSED_RADIUS = 3
"""See :data:`EXPOSED`."""
STUCK = 6
"""Fewer moves than this for the knights (of the duel) count for the dragon: knights that can no
longer move lose, and knights short of moves must walk into its jaws."""
STIFF = 0.25
"""Each of the knights' moves fewer than :data:`STUCK`, for the dragon."""
DANGER = (1.0, 1.0, 0.6, 0.3)
"""The share of the knights' reach (:data:`REACH`, :data:`CHASE`) that counts by the dragon's
distance (in king steps) to the nearest tower: a capture needs a knight in a tower beside the
dragon, so knights about a dragon far from every tower can only wall it in (the share left with
no tower, :data:`UNTOWERED`); none beyond. Before, knights near the dragon counted in full
wherever it stood, and a dragon came no nearer to the knights on their first ranks, far from the
towers, than the middle of the board (traced 1 s games: hundreds of plies there)."""
SAFE = 3
"""Fewer of the knights' moves than this that leave no knight the dragon could then jump
(:func:`_safe_moves`) count for the dragon: the knights must move, and with no safe move one of
them feeds it (duel, both rounds)."""
SQUEEZE = 0.2
"""Each of the knights' safe moves fewer than :data:`SAFE`, for the dragon."""
BANKED = 0.2
"""A knight on its far edge (out of a tower) counts as this share of a knight the dragon can eat,
in what it still needs (:func:`_drawn`): the dragon jumps it only along the edge, and knights
there may step to and fro for ever (traced games: the dragon ate four in round 2, and the last
three knights on rank 9 held it off for hundreds of plies)."""
KEEN = 3
"""The knights that can still come at the dragon for their chance to count in full (:func:`_drawn`):
with fewer the share of a capture or a trap falls, none at all is a draw at best (traced games: a
dragon behind every knight, the towers on rank 9, for hundreds of plies)."""
SCALE = 0.6
"""The logistic's slope."""
HERD = 0.75
"""The share of the knights' playout moves in round 2 drawn from their herding moves."""
PROWL = 0.75
"""The share of the dragon's playout moves that, when it cannot eat, step toward the nearest knight
it may eat (the others are drawn from all its moves)."""
PLACE = 0.5
"""The share of the knights' playout moves in round 1 that set a carried tower up when one can,
on a square worth :data:`SETTLE` of a tower or more. The last tower is set up at once, wherever
it stands: that ends round 1 (rule 7) and sends every knight home (rule 8), so no square is
unsafe. Before, the last tower was set up in half the playouts, and only where the dragon could
not jump the knight stepping out: the playouts lost the tower and its knight to the dragon often
enough that the search valued taking the last tower below a move elsewhere, and against a random
dragon, which seldom eats, round 1 went on for hundreds of plies with four towers up and an X
square free beside a knight (a traced game: round 1 over at ply 1,211)."""
SETTLE = 0.75
"""See :data:`PLACE`."""
FETCH = 0.85
"""The share of the knights' playout moves in round 1 (set-ups included) that walk the knight
nearest to an X square toward it, while towers are in supply."""

_OPPOSITE = (1, 0, 3, 2, 5, 4, 7, 6)
"""The opposite of each of the eight directions of a square board (N S E W NE SW NW SE)."""
_VECTORS = {"N": (0, 1), "S": (0, -1), "E": (1, 0), "W": (-1, 0)}


def room(config: Config, start: int, closed: set[int] | frozenset[int], cap: int) -> int:
    """The squares the dragon on ``start`` reaches by steps through squares not in ``closed``,
    counted up to ``cap`` (``start`` not counted)."""
    near = config.near
    seen = {start}
    todo = [start]
    count = 0
    while todo:
        sq = todo.pop()
        for t in near[sq]:
            if t not in seen and t not in closed:
                seen.add(t)
                count += 1
                if count >= cap:
                    return count
                todo.append(t)
    return count


def _reaches(knight: Knight, kf: int, kr: int, df: int, dr: int, in_tower: bool,
             behind: int = 0) -> bool:
    """Whether ``knight`` can still come at a dragon on (df, dr): the dragon is not behind it
    (knights never step back), or it stands in a tower and some tower (``behind``: the farthest
    back of them, in steps along its facing from the dragon; the passages lead to every tower) is
    at most a square ahead of the dragon, so that it can pass there and step out level with it or
    behind it."""
    vx, vy = _VECTORS[knight.facing]
    if in_tower:
        return behind <= 1
    return (df - kf) * vx + (dr - kr) * vy >= 0


def _banked(knight: Knight, coords: tuple[tuple[int, int], ...], files: int, ranks: int,
            sq: int) -> bool:
    """Whether ``knight`` (not in a tower) stands on its far edge, the square ahead of it off the
    board: the dragon can jump it only along that edge, and it never has to leave it."""
    vx, vy = _VECTORS[knight.facing]
    f, r = coords[sq]
    return not (0 <= f + vx < files and 0 <= r + vy < ranks)


def _drawn(chance: float, position: Position, on: dict[int, Knight], reachers: int) -> float:
    """``chance`` (the dragon's, as if one side must win) with what neither side can force taken
    out: the dragon's share scaled by how far the knights it can still eat cover what it needs
    (a knight on its far edge counts :data:`BANKED`: it can sit there for ever), the knights' by
    how many of them can still come at it (:data:`KEEN`); what is left is a draw, half each (the
    rules have no move limit: a game neither side can win goes on until the players agree a
    draw)."""
    cfg = position.config
    layout = cfg.layout
    coords = layout.board.coords
    towers = position.towers
    eaten = position.eaten if cfg.duel else position.eaten + position.eaten_before
    need = min(EATS_TO_WIN - eaten, len(on))
    if need <= 0:
        return chance
    banked = sum(1 for sq, k in on.items()
                 if sq not in towers and _banked(k, coords, layout.files, layout.ranks, sq))
    food = len(on) - banked + BANKED * min(banked, need)
    dragon = chance * min(1.0, food / need)
    knights = (1.0 - chance) * min(1.0, reachers / KEEN)
    return 0.5 + (dragon - knights) / 2


def _hunt(position: Position, on: dict[int, Knight], closed: set[int]) -> tuple[int, float]:
    """The dragon's steps (through free squares) to the nearest square from which it could jump
    a knight onto a free square beyond, its way to its next meal (at most :data:`HUNT_CAP`); and
    the knights so exposed within :data:`EXPOSED_RADIUS` steps of it, each the more the nearer
    (a knight in a tower is thrown out, not eaten, once the passages are open)."""
    cfg = position.config
    steps = cfg.steps
    sheltered = position.towers if position.round == 2 or not cfg.duel else frozenset()
    d = position.dragon
    prey: dict[int, list[int]] = {}  # an attack square -> the knights it attacks
    for sq in on:
        if sq in sheltered:
            continue
        row = steps[sq]
        for i in range(8):
            s, t = row[i], row[_OPPOSITE[i]]
            if s >= 0 and t >= 0 and t not in closed and (s == d or s not in closed):
                prey.setdefault(s, []).append(sq)
    if not prey:
        return HUNT_CAP, 0.0
    nearest = HUNT_CAP
    reached: dict[int, int] = {}  # a knight exposed -> the dragon's steps to attack it
    near = cfg.near
    seen = {d}
    level = [d]
    for far in range(HUNT_CAP):
        nxt = []
        for sq in level:
            hit = prey.get(sq)
            if hit is not None:
                nearest = min(nearest, far)
                for k in hit:
                    reached.setdefault(k, far)
            if far < HUNT_CAP - 1:
                for t in near[sq]:
                    if t not in seen and t not in closed:
                        seen.add(t)
                        nxt.append(t)
        if not nxt or (nearest < HUNT_CAP and far >= EXPOSED_RADIUS):
            break
        level = nxt
    span = EXPOSED_RADIUS + 1
    return nearest, sum((span - far) / span for far in reached.values() if far <= EXPOSED_RADIUS)


def _capture_threats(position: Position, on: dict[int, Knight]) -> int:
    """The lines through the dragon where one knights' move could catch it: a knight on one side,
    and on the other a square some knight can enter, one of the two a tower (a cheap count, not a
    proof: a knight's facing and the zones' factions are left out)."""
    d = position.dragon
    cfg = position.config
    row = cfg.steps[d]
    towers = position.towers
    in_towers = any(sq in towers for sq in on)
    count = 0
    for axis in range(0, 8, 2):
        a, b = row[axis], row[axis + 1]
        if a < 0 or b < 0:
            continue
        for x, y in ((a, b), (b, a)):
            if x not in on or y in on or y in position.broken:
                continue
            if x not in towers and y not in towers:
                continue
            if (y in towers and in_towers) or any(n in on and n != x for n in cfg.near[y]):
                count += 1
                break
    return count


def _safe_moves(position: Position, on: dict[int, Knight]) -> int:
    """The knights' moves (of the duel's knights, whoever is to move) after which the dragon has
    no first jump that eats a knight, counted up to :data:`SAFE` (a cheap look: only jumps from
    where the dragon stands, over the knight that moved or one it no longer backs)."""
    d = position.dragon
    cfg = position.config
    coords = cfg.layout.board.coords
    df, dr = coords[d]
    if all(max(abs(coords[sq][0] - df), abs(coords[sq][1] - dr)) > 2 for sq in on):
        return SAFE  # no knight can step next to the dragon: every move is safe
    sheltered = position.towers if position.round == 2 else frozenset()
    blocked = position.towers | position.broken
    around = cfg.around[d]
    safe = 0
    for m in knight_moves(position._replace(to_move=0)):
        if not _feeds(m, on, around, sheltered, blocked):
            safe += 1
            if safe >= SAFE:
                break
    return safe


def _feeds(move: Move, on: dict[int, Knight], around: tuple[tuple[int, int], ...],
           sheltered: frozenset[int], blocked: frozenset[int]) -> bool:
    """Whether the knights' ``move`` lets the dragon (``around``: its jumps, each the square
    jumped and the square landed on) jump a knight at once: the knight that moved, or one it no
    longer backs."""
    s, t = move.path[0], move.path[-1]
    for over, to in around:
        if to < 0 or (over != t and (over not in on or over == s)) or over in sheltered:
            continue
        if to != t and (to not in on or to == s) and to not in blocked:
            return True  # the dragon eats the knight on ``over``
    return False


_SITES: dict[Config, tuple[float, ...]] = {}


def _sites(config: Config) -> tuple[float, ...]:
    """``_sites(config)[square]``: what a tower set up on ``square`` is worth, in towers: one in
    the middle of the board, :data:`EDGE` on its edge (fewer lines through the squares next to it
    to catch the dragon on, and a dragon kept away from it more easily)."""
    got = _SITES.get(config)
    if got is None:
        layout = config.layout
        half = max(layout.files, layout.ranks) // 2 or 1
        cf, cr = (layout.files - 1) / 2, (layout.ranks - 1) / 2
        got = _SITES[config] = tuple(
            EDGE + (1.0 - EDGE) * max(0.0, 1.0 - max(abs(f - cf), abs(r - cr)) / half)
            for f, r in layout.board.coords)
    return got


def _material(knights_left: float, towers: float, eaten: int) -> float:
    """The dragon's worth less the knights' from what the dragon must still eat, the knights it
    has to do it with and the towers."""
    need = min(EATS_TO_WIN - eaten, knights_left)
    return (BASE + EAT * (EATS_TO_WIN - need) - KNIGHT * max(0, knights_left - need)
            - TOWER * towers)


def _unplaced(knights_left: float) -> float:
    """The room and reach terms of a dragon not placed yet: free, every knight able to reach it."""
    return ROOM * ROOM_CAP - REACH * knights_left


def _walks(walkers: list[tuple[int, int]], xs: list[tuple[tuple[int, int], float]], left: int
           ) -> list[tuple[int, float]]:
    """Up to ``left`` walks of knights (``walkers``, on these squares) to X squares (``xs``, each
    with its worth as a site), each knight and each X square in one walk at most, the shortest
    first (a greedy matching): the steps and the site's worth of each. Before, each knight was
    matched to its nearest X square whichever knight was nearer to it, and three knights about one
    X square counted as three towers coming."""
    pairs = sorted((abs(xr - r) + abs(xf - f), -worth, w, x)
                   for w, (f, r) in enumerate(walkers) for x, ((xf, xr), worth) in enumerate(xs))
    walks: list[tuple[int, float]] = []
    knights: set[int] = set()
    squares: set[int] = set()
    for steps, worth, w, x in pairs:
        if w in knights or x in squares:
            continue
        knights.add(w)
        squares.add(x)
        walks.append((steps, -worth))
        if len(walks) >= left or len(squares) == len(xs):
            break
    return walks


def _round_one(position: Position) -> float:
    """Round 1 of the duel, valued as the start of round 2 it leads to."""
    cfg = position.config
    layout = cfg.layout
    broken = position.broken
    coming: float = sum(1 for k in position.knights if k.home not in broken)
    site = _sites(cfg)
    carriers = [k.square for k in position.knights if k.carrying]
    carried = len(carriers)
    left = min(layout.towers - len(position.towers) - len(broken) - carried, position.supply)
    coming_towers = CARRIED * sum(site[sq] for sq in carriers)
    pending = carried  # the knights' moves still needed to set up the towers to come
    if left > 0:
        coords = layout.board.coords
        held = {k.square for k in position.knights}  # a knight on an X square has no tower there
        xs = [(coords[x], site[x]) for x in layout.x_squares
              if x not in position.towers and x not in held]
        walkers = [coords[k.square] for k in position.knights if k.facing == "N" and not k.carrying]
        walks = _walks(walkers, xs, left)
        for steps, worth in walks:
            coming_towers += WALK * worth * max(0.0, 1.0 - steps / WALK_SPAN) ** 2
            pending += steps + 1
        pending += (left - len(walks)) * (WALK_SPAN + 1)
    room_to_eat = EATS_TO_WIN - position.eaten
    # the towers still to come come only while the dragon has not ended the round by eating five
    towers = sum(site[sq] for sq in position.towers) + coming_towers * room_to_eat / EATS_TO_WIN
    coming -= min(room_to_eat, LOSS * pending)  # the dragon eats while the knights fetch
    diff = _material(coming, towers, 0) + _unplaced(coming)
    if position.dragon >= 0:
        on = {k.square: k for k in position.knights}
        closed = set(on).union(position.towers, broken)
        diff += EXPOSED * _hunt(position, on, closed)[1] + SQUEEZE * (SAFE - _safe_moves(position, on))
        if position.dragon_to_move:
            diff += HANGING * max((e for _, e in jump_chains(position, position.dragon)),
                                  default=0)
    return diff


def dragon_chance(position: Position) -> float:
    """The dragon's chance of winning, 0 to 1."""
    result = position.result
    if result is not None:
        return 1.0 if result[0] == "dragon" else 0.0
    cfg = position.config
    if cfg.duel and position.round == 1:
        return 1.0 / (1.0 + math.exp(-SCALE * _round_one(position)))
    eaten = position.eaten if cfg.duel else position.eaten + position.eaten_before
    site = _sites(cfg)
    diff = _material(len(position.knights), sum(site[sq] for sq in position.towers), eaten)
    d = position.dragon
    if d < 0:
        diff += _unplaced(len(position.knights))
    else:
        on = {k.square: k for k in position.knights}
        towers = position.towers
        closed = set(on).union(towers, position.broken)
        diff += ROOM * room(cfg, d, closed, ROOM_CAP)
        coords = cfg.layout.board.coords
        df, dr = coords[d]
        # without towers the knights can only wall the dragon in: coming at it counts less, and
        # so it does far from every tower (a capture needs a tower next to the dragon)
        near_tower = min((max(abs(coords[t][0] - df), abs(coords[t][1] - dr)) for t in towers),
                         default=len(DANGER))
        reach = UNTOWERED + (1.0 - UNTOWERED) * min(1.0, len(towers) / 2) * (
            DANGER[near_tower] if near_tower < len(DANGER) else 0.0)
        reachers = 0
        behind: dict[str, int] = {}
        for sq, k in on.items():
            kf, kr = coords[sq]
            if sq in towers and k.facing not in behind:
                vx, vy = _VECTORS[k.facing]
                behind[k.facing] = min((coords[t][0] - df) * vx + (coords[t][1] - dr) * vy
                                       for t in towers)
            if _reaches(k, kf, kr, df, dr, sq in towers, behind.get(k.facing, 0)):
                reachers += 1
                diff -= reach * (REACH + CHASE * max(0, 5 - max(abs(kf - df), abs(kr - dr))))
        way, exposed = _hunt(position, on, closed)
        diff += EXPOSED * exposed - HUNT * way
        diff -= SHELTER * sum(1 for sq in on if sq in towers)
        if cfg.duel:
            moves = sum(1 for _ in islice(knight_moves(position._replace(to_move=0)), STUCK))
            diff += STIFF * (STUCK - moves)
            diff += SQUEEZE * (SAFE - _safe_moves(position, on))
        threats = _capture_threats(position, on)
        if position.dragon_to_move:
            eats = max((e for _, e in jump_chains(position, d)), default=0)
            diff += HANGING * eats - THREAT * threats
        elif threats and _capture(position, on) is not None:
            return CAUGHT
        return _drawn(1.0 / (1.0 + math.exp(-SCALE * diff)), position, on, reachers)
    return 1.0 / (1.0 + math.exp(-SCALE * diff))


def evaluate(position: Position) -> float:
    """The place to move's chance of winning, 0 to 1: the dragon's, or the knights' rest of it
    (shared evenly among the knights' places of the zones version, who race for the capture)."""
    chance = dragon_chance(position)
    if position.dragon_to_move:
        return chance
    return (1.0 - chance) / max(1, len(position.config.order) - 1)


# --- the playout policy ----------------------------------------------------------------------


def _captures(position: Position, move: Move, on: dict[int, Knight]) -> bool:
    """Whether the knights' ``move`` may catch the dragon (a cheap filter: confirmed by the rules
    core before it is played)."""
    d = position.dragon
    s, t = move.path[0], move.path[-1]
    cfg = position.config
    if d < 0 or t not in cfg.near[d]:
        return False
    row = cfg.steps[d]
    o = row[_OPPOSITE[row.index(t)]]
    if o < 0 or o == s or o not in on:
        return False
    towers = position.towers
    return t in towers or o in towers or (move.kind == "place" and o == s)


def _capture(position: Position, on: dict[int, Knight], moves: list[Move] | None = None
             ) -> Move | None:
    """A move of the knights to move (of ``moves``, by default every one) that catches the
    dragon at once, by the rules core, if there is one."""
    for m in knight_moves(position) if moves is None else moves:
        if _captures(position, m, on) and apply(position, m).result is not None:
            return m
    return None


def _safe(position: Position, move: Move, occupied: set[int] | dict[int, Knight]) -> bool:
    """Whether the knight ``move`` moves stands where the dragon cannot jump it at once (a cheap
    look along the line from the dragon only)."""
    d = position.dragon
    s, t = move.path[0], move.path[-1]
    cfg = position.config
    if d < 0 or t not in cfg.near[d]:
        return True
    if t in position.towers and (position.round == 2 or not cfg.duel):
        return True  # a knight in a tower is thrown out, not eaten
    row = cfg.steps[d]
    beyond = cfg.steps[t][row.index(t)]
    return beyond < 0 or (beyond != s and (beyond in occupied or beyond in position.towers
                                           or beyond in position.broken))


def _dragon_move(position: Position, rng: Random) -> Move | None:
    d = position.dragon
    if d < 0:
        moves = legal_moves(position)
        return moves[int(rng.random() * len(moves))] if moves else None
    chains = jump_chains(position, d)
    most = max((e for _, e in chains), default=0)
    if most:
        best = [p for p, e in chains if e == most]
        return Move("dragon", best[int(rng.random() * len(best))])
    moves = legal_moves(position)
    if not moves:
        return None
    pick = rng.random()
    if pick < PROWL:
        cfg = position.config
        coords = cfg.layout.board.coords
        steps = [m for m in moves if len(m.path) == 2 and m.path[1] in cfg.near[d]]
        sheltered = position.towers if position.round == 2 or not cfg.duel else frozenset()
        prey = [coords[k.square] for k in position.knights if k.square not in sheltered]
        if steps and prey:
            def way(m: Move) -> int:
                f, r = coords[m.path[1]]
                return min(max(abs(f - kf), abs(r - kr)) for kf, kr in prey)
            nearest = min(way(m) for m in steps)
            steps = [m for m in steps if way(m) == nearest]
            return steps[int(rng.random() * len(steps))]
    return moves[int(rng.random() * len(moves))]


def _fetching(position: Position, moves: list[Move], on: dict[int, Knight]) -> list[Move]:
    """Round 1: the safe moves that bring the knight nearest to an X square still giving a tower
    nearer to it (a knight facing north, not carrying)."""
    layout = position.config.layout
    coords = layout.board.coords
    xs = [coords[x] for x in layout.x_squares if x not in position.towers and x not in on]
    if not xs:
        return []

    def walk(sq: int) -> int:
        f, r = coords[sq]
        return min(abs(xr - r) + abs(xf - f) for xf, xr in xs)

    best: list[Move] = []
    nearest = 1 << 30
    for m in moves:
        s, t = m.path[0], m.path[-1]
        k = on[s]
        if m.kind != "step" or k.facing != "N" or k.carrying:
            continue
        before = walk(s)
        if walk(t) < before and before <= nearest and _safe(position, m, on):
            if before < nearest:
                best, nearest = [], before
            best.append(m)
    return best


def _knights_move(position: Position, rng: Random) -> Move | None:
    moves = list(knight_moves(position))
    if not moves:
        return None
    cfg = position.config
    on = {k.square: k for k in position.knights}
    d = position.dragon
    round_one = cfg.duel and position.round == 1
    if not round_one and d >= 0:
        caught = _capture(position, on, moves)
        if caught is not None:
            return caught
    pick = rng.random()
    if round_one:
        if len(position.towers) + len(position.broken) + 1 >= cfg.layout.towers:
            # the last tower set up ends round 1 (rule 7) wherever it stands, and every knight
            # goes home (rule 8): no square is unsafe, and no site better than ending the round
            ends = [m for m in moves if m.kind == "place"]
            if ends:
                return ends[int(rng.random() * len(ends))]
        if pick < PLACE:
            site = _sites(cfg)
            places = [m for m in moves if m.kind == "place" and _safe(position, m, on)
                      and site[m.path[0]] >= SETTLE]
            if places:
                return places[int(rng.random() * len(places))]
        if pick < FETCH and position.supply > 0:
            fetch = _fetching(position, moves, on)
            if fetch:
                return fetch[int(rng.random() * len(fetch))]
    elif d >= 0 and pick < HERD:
        coords = cfg.layout.board.coords
        df, dr = coords[d]
        towers = position.towers
        herd = []
        for m in moves:
            s, t = m.path[0], m.path[-1]
            sf, sr = coords[s]
            tf, tr = coords[t]
            nearer = max(abs(tf - df), abs(tr - dr)) < max(abs(sf - df), abs(sr - dr))
            if (nearer or (t in towers and t in cfg.near[d])) and _safe(position, m, on):
                herd.append(m)
        if herd:
            return herd[int(rng.random() * len(herd))]
    safe = [m for m in moves if _safe(position, m, on)]
    pool = safe or moves
    return pool[int(rng.random() * len(pool))]


def guide(position: Position, moves: Sequence[Move]) -> list[float] | None:
    """The knights' plan in the duel, for the search (``Guides``): a weight for each of ``moves``;
    ``None`` for the dragon's moves and the zones version (left to the search).

    * A move that lets the dragon jump a knight at once (:func:`_feeds`) weighs nothing, unless
      it sets round 1's last tower up: that ends the round wherever it stands (rule 7), and every
      knight goes home (rule 8).
    * Round 1: the walk of the knight nearest to a free X square toward it and the last tower set
      up weigh the most; a carried tower set up weighs what its square is worth (:func:`_sites`),
      one carried toward the middle 0.5, any other move 0.2.
    * Round 2: every other move weighs 1 (``None`` when no move feeds the dragon).

    Without it the knights' moves differ by too little for a short search to tell: in round 1 a
    step nearer an X square changes the chance by about 0.005, a tenth of the noise of a move
    searched 30 times, and against a random dragon the engine's knights stepped to and fro for 350
    to 1,100 plies before round 1 ended (with it, 100 to 240); in round 2, with spare knights, a
    knight fed to the dragon costs the knights about 0.05, and they fed it knights with safe moves
    left."""
    cfg = position.config
    d = position.dragon
    if not cfg.duel or position.dragon_to_move:
        return None
    on = {k.square: k for k in position.knights}
    blocked = position.towers | position.broken
    around = cfg.around[d] if d >= 0 else ()
    if position.round == 2:
        if d < 0:
            return None
        weights = [0.0 if _feeds(m, on, around, position.towers, blocked) else 1.0 for m in moves]
        return weights if 0.0 in weights else None
    sheltered: frozenset[int] = frozenset()  # in round 1 a knight in a tower is eaten too
    site = _sites(cfg)
    last = len(position.towers) + len(position.broken) + 1 >= cfg.layout.towers
    fetch = set(_fetching(position, list(moves), on)) if position.supply > 0 else set()
    weights = []
    for m in moves:
        s, t = m.path[0], m.path[-1]
        if m.kind == "place" and last:
            w = 1.0
        elif _feeds(m, on, around, sheltered, blocked):
            w = 0.0
        elif m.kind == "place":
            w = site[s]
        elif m in fetch:
            w = 1.0
        elif on[s].carrying and site[t] > site[s]:
            w = 0.5
        else:
            w = 0.2
        weights.append(w)
    return weights


def playout_move(position: Position, rng: Random) -> Move | None:
    """A legal move of ``position`` drawn by the policy above, or ``None`` when the game is over."""
    if position.result is not None:
        return None
    if position.dragon_to_move:
        return _dragon_move(position, rng)
    return _knights_move(position, rng)
