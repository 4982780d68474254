"""Batrakill's rules core: configurations, positions, moves, generation, apply and outcome.

Rule numbers are those of pbmkit's rulings 1–14 in ``docs/batrakill.md``, beside the house
rulings. A :class:`Config` is one layout with one order of play (the record's tags); a
:class:`Position` holds it, so every function here takes a position alone.
"""


from bisect import bisect_left, insort
from collections.abc import Iterator
from itertools import pairwise
from typing import Final, NamedTuple

from pbmkit.games.batrakill.layout import Layout

__all__ = ["DRAGON", "KNIGHTS", "Config", "Knight", "Move", "Position", "apply", "dragon_move_is_legal",
           "dragon_moves", "has_moves", "initial_position", "knight_move_is_legal", "knight_moves",
           "legal_moves", "outcome", "place_name"]

DRAGON: Final = "dragon"
KNIGHTS: Final = "knights"
"""The duel's two sides (the knights' single faction is also called ``knights``)."""
EATS_TO_WIN: Final = 5
_DIR: Final = {"N": 0, "S": 1, "E": 2, "W": 3}
_FORWARD_SIDEWAYS: Final = {"N": ("N", "E", "W"), "E": ("E", "N", "S"), "S": ("S", "E", "W"),
                             "W": ("W", "N", "S")}
REVERSED: Final = {"N": "S", "S": "N", "E": "W", "W": "E"}


def place_name(place: tuple[str, ...]) -> str:
    """A place in the order of play as a side name: ``"blue"``, ``"blue+green"``, ``"dragon"``."""
    return "+".join(place)


class Config:
    """One layout with one order of play; compared by identity (one instance per record set-up).
    (A plain class, not a dataclass: defining one costs ~0.5 ms of every command's start-up.)"""

    __slots__ = ("around", "dragon_index", "duel", "forward", "jump_over", "layout", "near", "order",
                 "size", "steps", "texts", "tower_owner", "zone_of")

    def __init__(self, layout: Layout, order: tuple[tuple[str, ...], ...],
                 zone_of: tuple[tuple[str, str], ...] = ()) -> None:
        self.layout = layout
        self.order = order
        """Places in the order of play: each the factions one player moves, or ``("dragon",)``."""
        self.zone_of = zone_of
        """(faction, zone letter) of each faction in play (zones version)."""
        zones = dict((z, f) for f, z in zone_of)
        board = layout.board
        steps = board.steps
        self.duel = layout.version == "duel"
        """Whether this is the two-round duel."""
        self.dragon_index = order.index((DRAGON,)) if (DRAGON,) in order else -1
        """The dragon's place in :attr:`order` (``-1`` if none)."""
        self.tower_owner: dict[int, str | None] = {z.tower: zones.get(z.letter) for z in layout.zones}
        """Zones version: tower site -> the faction of its zone, ``None`` for a neutral tower."""
        self.size = board.size
        """The number of squares."""
        self.steps = steps
        """The board's ``steps``: ``steps[square][direction]``, ``-1`` off the board."""
        self.forward = {f: tuple(tuple(row[_DIR[d]] for d in _FORWARD_SIDEWAYS[f] if row[_DIR[d]] >= 0)
                                 for row in steps) for f in _FORWARD_SIDEWAYS}
        """``forward[facing][square]``: the squares a knight facing ``facing`` steps to (rule 1)."""
        self.around = tuple(tuple((t, steps[t][d]) for d, t in enumerate(row) if t >= 0) for row in steps)
        """``around[square]``: (neighbour, the square beyond it or ``-1``) in each direction."""
        self.jump_over = {(a, steps[over][d]): over for a in range(board.size)
                          for d, over in enumerate(steps[a]) if over >= 0 and steps[over][d] >= 0}
        """``(from, to) -> the square jumped over`` for every straight jump of two squares."""
        self.near = tuple(frozenset(t for t in row if t >= 0) for row in steps)
        """``near[square]``: its neighbours."""
        self.texts: dict[str, tuple[int, int, int, int]] = {}
        """A move's text -> what :func:`~pbmkit.games.batrakill.play.play` needs of it (the squares
        of a knight's or the dragon's step), learnt on first use."""

    def __repr__(self) -> str:
        return f"Config(layout={self.layout!r}, order={self.order!r}, zone_of={self.zone_of!r})"

    def __copy__(self) -> "Config":
        """The same set-up: a copy of a position is the same position (compared by identity)."""
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> "Config":
        """The same set-up, as :meth:`__copy__` (nothing in it is changed after it is made but the
        memo of texts read, which any copy may share)."""
        return self

    def __reduce__(self) -> tuple[type["Config"], tuple[Layout, tuple[tuple[str, ...], ...],
                                                     tuple[tuple[str, str], ...]]]:
        """``Config(layout, order, zone_of)`` again (pickles; compiled, a native class has no
        other way): another set-up, equal in all but identity, so a position unpickled is not the
        one pickled, as two records of the same set-up do not share their positions."""
        return Config, (self.layout, self.order, self.zone_of)

    def facing_of(self, faction: str) -> str:
        """The facing toward the centre of ``faction``'s zone (``N`` in the duel)."""
        for f, letter in self.zone_of:
            if f == faction:
                return self.layout.zone(letter).facing
        return "N"


class Knight(NamedTuple):
    """A knight: where it stands, its facing, its faction, its start square (its identity) and
    whether it stands in a carried tower."""

    square: int
    facing: str
    faction: str
    home: int
    carrying: bool = False


class Move(NamedTuple):
    """One move. ``kind``: ``"step"`` (a knight, a carrying set, a knight leaving a tower),
    ``"place"`` (a knight steps out of its carried tower, which stays), ``"pass"`` (underground,
    tower to tower), ``"drop"`` (the dragon placed; ``path`` is its square) or ``"dragon"`` (a step,
    or a chain of jumps: ``path`` is the start then each landing)."""

    kind: str
    path: tuple[int, ...]


class Position(NamedTuple):
    """A Batrakill position (immutable, hashable; a named tuple: cheap to build and to hash)."""

    config: Config
    knights: tuple[Knight, ...]
    """Sorted by square."""
    towers: frozenset[int]
    """Placed towers (carried ones are the carrying knights' squares)."""
    broken: frozenset[int]
    supply: int
    dragon: int
    """The dragon's square, ``-1`` before it is placed."""
    round: int
    eaten: int
    """Knights eaten in this round."""
    eaten_before: int
    """Knights eaten (or lost) in earlier rounds."""
    barred: frozenset[tuple[int, int]]
    """(knight's home, tower square): an ejected knight may not enter that tower on its next move."""
    to_move: int
    """Index into ``config.order``."""
    result: tuple[str, str] | None = None
    """(winner, how) once the game is over."""

    @property
    def place(self) -> tuple[str, ...]:
        """The factions (or ``("dragon",)``) to move."""
        return self.config.order[self.to_move]

    @property
    def dragon_to_move(self) -> bool:
        """Whether the dragon moves next."""
        return self.to_move == self.config.dragon_index

    def knight_at(self, square: int) -> Knight | None:
        """The knight on ``square``, if any."""
        knights = self.knights
        i = bisect_left(knights, (square,))  # sorted by square: (square,) sorts just before its knight
        if i < len(knights) and knights[i][0] == square:
            return knights[i]
        return None


_tuple_new = tuple.__new__


def _position(fields: tuple[object, ...]) -> Position:
    """A position from its twelve fields in order, built as a plain tuple is (no ``__new__`` call)."""
    return _tuple_new(Position, fields)


_SQUARES: tuple[tuple[Knight, ...], set[int]] = ((), set())


def knight_squares(knights: tuple[Knight, ...]) -> set[int]:
    """The squares of ``knights`` (not to be changed), remembered for the last tuple asked about:
    a move's check, its apply and the next side's ``has_moves`` ask about the same knights."""
    global _SQUARES  # one reference, swapped at once: safe across threads
    last = _SQUARES
    if last[0] is knights:
        return last[1]
    on = {k.square for k in knights}
    _SQUARES = (knights, on)
    return on


def initial_position(config: Config) -> Position:
    """The start: every knight on its start square, all towers in supply (duel) or on their sites
    (zones), no dragon, the first place of the order to move."""
    layout = config.layout
    if config.duel:
        knights = [Knight(sq, facing, KNIGHTS, sq) for sq, facing in layout.knights]
        towers: frozenset[int] = frozenset()
    else:
        playing = dict(config.zone_of)
        knights = [Knight(sq, layout.zone(playing[f]).facing, f, sq)
                   for f in playing for sq in layout.zone(playing[f]).knights]
        towers = frozenset(z.tower for z in layout.zones)
    return Position(config, tuple(sorted(knights)), towers, frozenset(), layout.towers, -1, 1, 0, 0,
                    frozenset(), 0)


# --- generation -----------------------------------------------------------------------------


def has_passages(position: Position) -> bool:
    return position.round == 2 or not position.config.duel


def knight_moves(position: Position, only: int = -1) -> Iterator[Move]:
    """The moves of the knights of the factions to move (rules 1, 5, 9, 10); with ``only``, of
    the knight on that square alone."""
    board = position.config.layout.board
    steps = board.steps
    occupied = {k.square for k in position.knights}
    towers, broken, dragon = position.towers, position.broken, position.dragon
    place = position.place
    passages = has_passages(position)
    empty_towers = towers - occupied
    for k in position.knights:
        if k.faction not in place or (only >= 0 and k.square != only):
            continue
        s = k.square
        barred = {t for h, t in position.barred if h == k.home}
        if k.carrying:  # the set moves by knight moves with the reversed facing; the knight may step out
            for d in _FORWARD_SIDEWAYS[k.facing]:
                t = steps[s][_DIR[d]]
                if t >= 0 and t not in occupied and t != dragon and t not in broken and t not in towers:
                    yield Move("step", (s, t))
            for t in steps[s]:
                if t >= 0 and t not in occupied and t != dragon and t not in broken and t not in barred:
                    yield Move("place", (s, t))
            continue
        in_tower = s in towers
        targets = steps[s] if in_tower else tuple(steps[s][_DIR[d]] for d in _FORWARD_SIDEWAYS[k.facing])
        near = set()
        for t in targets:
            if t >= 0 and t not in occupied and t != dragon and t not in broken and t not in barred:
                near.add(t)
                yield Move("step", (s, t))
        if in_tower and passages:
            for t in sorted(empty_towers - near - barred):
                yield Move("pass", (s, t))


def _chains(position: Position, start: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every chain of jumps from ``start``, lazily: (path, knights eaten), each ending after any
    jump (depth first: a chain is given before its continuations)."""
    board = position.config.layout.board
    steps = board.steps
    knights = {k.square: k for k in position.knights}
    towers, broken = set(position.towers), set(position.broken)
    eject = has_passages(position)

    homes: set[int] = set()  # the knights jumped so far (an ejected one stands elsewhere)

    def walk(at: int, path: list[int], landed: set[int], jumped: set[int], eats: int
             ) -> Iterator[tuple[tuple[int, ...], int]]:
        for d, over in enumerate(steps[at]):
            if over < 0 or over in jumped:
                continue
            k = knights.get(over)
            if k is None and over not in towers and over not in broken:
                continue
            if k is not None and k.home in homes:
                continue
            to = steps[over][d]
            if to < 0 or to in landed or to in knights or to in towers or to in broken:
                continue
            # take the jump: its effect at once (rule 3)
            undo_k, undo_broken, gain = None, False, 0
            ejected: Knight | None = None
            if k is not None:
                if over in towers and eject:
                    ejected = k
                    del knights[over]
                    knights[at] = k._replace(square=at)
                elif k.carrying:
                    undo_k, undo_broken, gain = k, True, 1
                    del knights[over]
                    broken.add(over)
                else:
                    undo_k, gain = k, 1
                    del knights[over]
            path.append(to)
            landed.add(to)
            jumped.add(over)
            if k is not None:
                homes.add(k.home)
            yield tuple(path), eats + gain
            yield from walk(to, path, landed, jumped, eats + gain)
            if k is not None:
                homes.discard(k.home)
            jumped.discard(over)
            landed.discard(to)
            path.pop()
            if ejected is not None:
                del knights[at]
                knights[over] = ejected
            if undo_k is not None:
                knights[over] = undo_k
            if undo_broken:
                broken.discard(over)

    return walk(start, [start], {start}, set(), 0)


def jump_chains(position: Position, start: int) -> list[tuple[tuple[int, ...], int]]:
    """Every chain of jumps from ``start``: (path, knights eaten), each ending after any jump."""
    return list(_chains(position, start))


def dragon_moves(position: Position) -> list[Move]:
    """The dragon's moves: its placement on any free square, else steps and chains of jumps, only
    eating ones if it can eat (rules 2, 3, 4, 8)."""
    board = position.config.layout.board
    occupied = {k.square for k in position.knights} | position.towers | position.broken
    if position.dragon < 0:
        return [Move("drop", (sq,)) for sq in range(board.size) if sq not in occupied]
    d = position.dragon
    chains = jump_chains(position, d)
    if any(eats for _, eats in chains):
        return [Move("dragon", path) for path, eats in chains if eats]
    moves = [Move("dragon", (d, t)) for t in board.steps[d] if t >= 0 and t not in occupied]
    moves.extend(Move("dragon", path) for path, _ in chains)
    return moves


def legal_moves(position: Position) -> list[Move]:
    """Every legal move of the place to move (none once the game is over)."""
    if position.result is not None:
        return []
    if position.dragon_to_move:
        return dragon_moves(position)
    return list(knight_moves(position))


# --- the fast paths: each held to the generation above by tests/games/test_batrakill_fast_paths.py


def _dragon_can_move(position: Position, on: set[int] | None = None) -> bool:
    """Whether the dragon has a legal move: a free square to be placed on, a free neighbour, or an
    occupied neighbour with a free square beyond it (every first jump is a legal move, or the
    start of one that eats). ``on``: the knights' squares, if known."""
    if on is None:
        on = knight_squares(position.knights)
    towers, broken = position.towers, position.broken
    d = position.dragon
    if d < 0:
        return len(on | towers | broken) < position.config.size
    for t, u in position.config.around[d]:
        if t not in on and t not in towers and t not in broken:
            return True
        if u >= 0 and u not in on and u not in towers and u not in broken:
            return True
    return False


def _knights_can_move(position: Position) -> bool:
    """Whether the factions to move have a legal move (:func:`knight_moves` yields one)."""
    cfg = position.config
    place = cfg.order[position.to_move]
    knights = position.knights
    steps, forward = cfg.steps, cfg.forward
    on = knight_squares(knights)
    towers, broken, dragon, barred = position.towers, position.broken, position.dragon, position.barred
    for k in knights:
        if k.faction not in place:
            continue
        s, home = k.square, k.home
        if k.carrying:
            for t in steps[s]:
                if t >= 0 and t not in on and t != dragon and t not in broken and (home, t) not in barred:
                    return True
            for t in forward[k.facing][s]:
                if t not in on and t != dragon and t not in broken and t not in towers:
                    return True
            continue
        in_tower = s in towers
        for t in steps[s] if in_tower else forward[k.facing][s]:
            if t >= 0 and t not in on and t != dragon and t not in broken and (home, t) not in barred:
                return True
        if in_tower and has_passages(position):
            for t in towers:
                if t not in on and (home, t) not in barred:
                    return True
    return False


def has_moves(position: Position) -> bool:
    """Whether the place to move has a legal move, the result aside (``bool`` of the moves
    :func:`dragon_moves` or :func:`knight_moves` give, without generating them)."""
    if position.to_move == position.config.dragon_index:
        return _dragon_can_move(position)
    return _knights_can_move(position)



def can_eat(position: Position, on: set[int] | None = None) -> bool:
    """Whether some chain of jumps of the placed dragon eats a knight (rule 3): a first jump that
    eats, else a search through the jumps that do not. ``on``: the knights' squares, if known."""
    d = position.dragon
    if on is None:
        on = knight_squares(position.knights)
    towers, broken = position.towers, position.broken
    near = position.config.near[d]
    if on.isdisjoint(near) and towers.isdisjoint(near) and broken.isdisjoint(near):
        return False  # nothing next to the dragon: no jump at all
    eject = has_passages(position)
    other = False
    for over, to in position.config.around[d]:
        knight = over in on
        if not knight and over not in towers and over not in broken:
            continue
        if to < 0 or to in on or to in towers or to in broken:
            continue
        if knight and not (eject and over in towers):
            return True
        other = True
    return other and any(eats for _, eats in _chains(position, d))


def _chain_eats_round_one(position: Position, path: tuple[int, ...]) -> int:
    """:func:`_chain_eats` where no knight is ejected (round 1 of the duel): a jumped knight is
    eaten (and a carried tower broken) and none moves, so the squares alone tell the position."""
    over_of = position.config.jump_over
    on = knight_squares(position.knights)
    towers, broken = position.towers, position.broken
    gone: set[int] = set()  # the knights eaten so far
    burnt: set[int] = set()  # the carried towers broken so far
    landed = {path[0]}
    jumped: set[int] = set()
    at = path[0]
    for to in path[1:]:
        over = over_of.get((at, to), -1)
        if over < 0 or over in jumped:
            return -1
        knight = over in on and over not in gone
        if not knight and over not in towers and over not in broken:
            return -1
        if (to in landed or (to in on and to not in gone) or to in towers or to in broken
                or to in burnt):
            return -1
        if knight:
            gone.add(over)
            k = position.knight_at(over)
            if k is not None and k.carrying:
                burnt.add(over)
        landed.add(to)
        jumped.add(over)
        at = to
    return len(gone)


def _chain_eats(position: Position, path: tuple[int, ...]) -> int:
    """The knights the chain of jumps ``path`` eats, or ``-1`` if it is not one (the rules of
    :func:`_chains`, followed along the one path)."""
    over_of = position.config.jump_over
    eject = has_passages(position)
    if not eject:
        return _chain_eats_round_one(position, path)
    knights = {k.square: k for k in position.knights}
    towers, broken = position.towers, set(position.broken)
    landed = {path[0]}
    jumped: set[int] = set()
    homes: set[int] = set()
    eats = 0
    at = path[0]
    for to in path[1:]:
        over = over_of.get((at, to), -1)
        if over < 0 or over in jumped:
            return -1
        k = knights.get(over)
        if k is None and over not in towers and over not in broken:
            return -1
        if k is not None and k.home in homes:
            return -1
        if to in landed or to in knights or to in towers or to in broken:
            return -1
        if k is not None:
            del knights[over]
            homes.add(k.home)
            if over in towers and eject:
                knights[at] = k
            else:
                eats += 1
                if k.carrying:
                    broken.add(over)
        landed.add(to)
        jumped.add(over)
        at = to
    return eats


def dragon_move_is_legal(position: Position, move: Move) -> bool:
    """``move in dragon_moves(position)``, checked along the written path."""
    path = move.path
    d = position.dragon
    if move.kind == "drop":
        return (d < 0 and len(path) == 1 and path[0] not in knight_squares(position.knights)
                and path[0] not in position.towers and path[0] not in position.broken)
    if move.kind != "dragon" or d < 0 or len(path) < 2 or path[0] != d:
        return False
    if len(path) == 2 and path[1] in position.config.steps[d]:
        t = path[1]
        on = knight_squares(position.knights)
        return (t not in on and t not in position.towers and t not in position.broken
                and not can_eat(position, on))
    eats = _chain_eats(position, path)
    return eats > 0 or (eats == 0 and not can_eat(position))


def knight_move_is_legal(position: Position, move: Move) -> bool:
    """``move in knight_moves(position)``, checked for the one knight and the one square."""
    path = move.path
    if len(path) != 2:
        return False
    s, t = path
    k = position.knight_at(s)
    cfg = position.config
    if k is None or k.faction not in cfg.order[position.to_move]:
        return False
    if t in knight_squares(position.knights) or t == position.dragon or t in position.broken:
        return False
    kind = move.kind
    towers = position.towers
    barred = (k.home, t) in position.barred if position.barred else False
    if k.carrying:
        if kind == "step":
            return t in cfg.forward[k.facing][s] and t not in towers
        return kind == "place" and t in cfg.steps[s] and not barred
    in_tower = s in towers
    if kind == "step":
        return not barred and t in (cfg.steps[s] if in_tower else cfg.forward[k.facing][s])
    return (kind == "pass" and in_tower and t in towers and not barred and has_passages(position)
            and t not in cfg.steps[s])


# --- apply ----------------------------------------------------------------------------------


def _dragon_apply(position: Position, move: Move
                  ) -> tuple[tuple[Knight, ...], frozenset[int], frozenset[tuple[int, int]], int]:
    """The knights, broken towers, newly barred towers and knights eaten after the dragon's
    ``move`` (a step leaves them as they were)."""
    path = move.path
    cfg = position.config
    if len(path) == 2 and path[1] in cfg.steps[path[0]]:
        return position.knights, position.broken, frozenset(), 0
    over_of = cfg.jump_over
    eject = has_passages(position)
    if not eject:  # round 1 of the duel: jumped knights are eaten, none moves; the order stays
        on = knight_squares(position.knights)
        gone = {sq for a, b in pairwise(path) if (sq := over_of[(a, b)]) in on}
        if not gone:
            return position.knights, position.broken, frozenset(), 0
        left = tuple(k for k in position.knights if k.square not in gone)
        carried = [k.square for k in position.knights if k.carrying and k.square in gone]
        global _SQUARES  # one reference, swapped at once: safe across threads
        _SQUARES = (left, on - gone)
        return left, position.broken.union(carried) if carried else position.broken, frozenset(), len(gone)
    knights = {k.square: k for k in position.knights}
    broken = set(position.broken)
    barred: set[tuple[int, int]] = set()
    eaten = 0
    for a, b in pairwise(path):
        sq = over_of[(a, b)]
        k = knights.pop(sq, None)
        if k is None:
            continue
        if sq in position.towers and eject:  # rule 10: ejected onto the take-off square
            knights[a] = Knight(a, cfg.facing_of(k.faction), k.faction, k.home, k.carrying)
            barred.add((k.home, sq))
        else:
            eaten += 1
            if k.carrying:  # rule 6: a carried tower jumped is broken, its knight eaten (house)
                broken.add(sq)
    return tuple(sorted(knights.values())), frozenset(broken), frozenset(barred), eaten


def apply(position: Position, move: Move) -> Position:
    """The position after the legal ``move`` (not checked), with the end of round 1, the reset of
    round 2 and the outcome applied."""
    (cfg, knights, towers, broken, supply, dragon, round_, eaten, eaten_before, barred, to_move,
     result) = position
    order = cfg.order
    nxt = to_move + 1
    if nxt == len(order):
        nxt = 0
    kind = move.kind
    path = move.path
    if kind == "drop":
        return _tuple_new(Position, (cfg, knights, towers, broken, supply, path[0], round_, eaten,
                                     eaten_before, barred, nxt, result))
    if kind == "dragon":
        if len(path) == 2 and path[1] in cfg.steps[path[0]]:  # a step: only the dragon moves
            after = _tuple_new(Position, (cfg, knights, towers, broken, supply, path[1], round_, eaten,
                                          eaten_before, barred, nxt, result))
            return dragon_stepped(after, cfg, knights, towers, broken, round_, eaten,
                                   eaten_before)
        on, broken, ejected, gain = _dragon_apply(position, move)
        after = _position((cfg, on, towers, broken, supply, path[-1], round_, eaten + gain,
                           eaten_before, barred | ejected if ejected else barred, nxt, result))
        return _after_dragon(after)
    s, t = path[0], path[-1]
    layout = cfg.layout
    i = bisect_left(knights, (s,))
    k = knights[i]
    facing, carrying = k.facing, k.carrying
    if kind == "place":
        towers = towers | {s}
        carrying = False
    if cfg.duel and round_ == 1:
        if not carrying and t in layout.camp:
            facing = "N"  # rule 5: faces north again in its camp
        elif not carrying and facing == "N" and t in layout.x_squares and supply > 0 and t not in towers:
            carrying, facing = True, REVERSED["N"]  # rule 5: takes a tower
            supply -= 1
    k = _tuple_new(Knight, (t, facing, k.faction, k.home, carrying))
    moved = list(knights)
    del moved[i]
    insort(moved, k)
    if barred:
        place = order[to_move]
        faction_of = {x.home: x.faction for x in moved}
        barred = frozenset(b for b in barred if faction_of.get(b[0], k.faction) not in place)
    new_knights = tuple(moved)
    squares = knight_squares(knights).copy()  # the squares of the new knights, for the next side's look
    squares.discard(s)
    squares.add(t)
    global _SQUARES  # one reference, swapped at once: safe across threads
    _SQUARES = (new_knights, squares)
    after = _tuple_new(Position, (cfg, new_knights, towers, broken, supply, dragon, round_, eaten,
                                  eaten_before, barred, nxt, result))
    return knight_stepped(after, k, t, squares)


def _round_two(position: Position) -> Position:
    """Rule 8: the reset between the rounds."""
    cfg = position.config
    broken, towers = position.broken, position.towers
    knights = [Knight(k.home, "N", k.faction, k.home) for k in position.knights
               if k.home not in broken]
    lost = len(position.knights) - len(knights)
    after = Position(cfg, tuple(sorted(knights)), towers, broken, 0, -1, 2, 0,
                     position.eaten_before + position.eaten + lost, frozenset(), 0)
    if not knights:
        return after._replace(result=(DRAGON, "eaten"))
    if not has_moves(after):
        return after._replace(result=(DRAGON, "no-moves"))
    return after


def _round_one_over(position: Position) -> bool:
    done = len(position.towers) + len(position.broken)
    return (position.eaten >= EATS_TO_WIN or done >= position.config.layout.towers
            or not has_moves(position))


def knight_stepped(after: Position, k: Knight, t: int, squares: set[int]) -> Position:
    """:func:`_after_knights` after knight ``k``'s plain step to ``t`` (``squares``: the
    knights' squares after it), the common cases of the duel first (the dragon moves next);
    apply's and play's hot path."""
    cfg = after.config
    if cfg.duel:
        if after.round == 1:
            if (after.eaten >= EATS_TO_WIN
                    or len(after.towers) + len(after.broken) >= cfg.layout.towers
                    or not _dragon_can_move(after, squares)):
                return _round_two(after)
            return after
        dragon = after.dragon
        if not (dragon >= 0 and t in cfg.near[dragon]) and _dragon_can_move(after, squares):
            return after  # the knight that moved is not next to the dragon: no capture
    return _after_knights(after, k)


def dragon_stepped(after: Position, cfg: Config, knights: tuple[Knight, ...],
                    towers: frozenset[int], broken: frozenset[int], round_: int, eaten: int,
                    eaten_before: int) -> Position:
    """:func:`_after_dragon` after a plain dragon step (nothing eaten, nothing broken), the
    common cases first (the knights move next); ``after``'s fields passed as they are at hand
    (apply's and play's hot path)."""
    if cfg.duel and round_ == 1:
        if (eaten >= EATS_TO_WIN or len(towers) + len(broken) >= cfg.layout.towers
                or not _knights_can_move(after)):
            return _round_two(after)
        return after
    if ((eaten if cfg.duel else eaten + eaten_before) < EATS_TO_WIN and knights
            and _knights_can_move(after)):
        return after
    return _after_dragon(after)


def _after_dragon(position: Position) -> Position:
    cfg = position.config
    if cfg.duel and position.round == 1:
        return _round_two(position) if _round_one_over(position) else position
    total = position.eaten if cfg.duel else position.eaten + position.eaten_before
    if total >= EATS_TO_WIN or not position.knights:
        return position._replace(result=(DRAGON, "eaten"))
    if not has_moves(position):
        return position._replace(result=(DRAGON, "no-moves"))
    return position


def _captured(position: Position, mover: Knight) -> str | None:
    """Rules 11, 14: the faction that captures the dragon with ``mover``'s move, if any."""
    cfg = position.config
    d = position.dragon
    if d < 0:
        return None
    steps = cfg.layout.board.steps
    row = steps[d]
    m = mover.square
    if m not in row:
        return None
    owners = cfg.tower_owner
    for axis in range(0, 8, 2):
        a, b = row[axis], row[axis + 1]
        if a < 0 or b < 0 or m not in (a, b):
            continue
        ka, kb = position.knight_at(a), position.knight_at(b)
        if ka is None or kb is None or not (a in position.towers or b in position.towers):
            continue
        if cfg.duel:
            return KNIGHTS

        def sides(sq: int, k: Knight) -> set[str]:
            got = {k.faction}
            owner = owners.get(sq) if sq in position.towers else None
            if owner is not None:
                got.add(owner)
            return got

        common = sides(a, ka) & sides(b, kb)
        if len(common) == 1:
            return common.pop()
        if common:
            return mover.faction if mover.faction in common else sorted(common)[0]
    return None


def _after_knights(position: Position, mover: Knight) -> Position:
    cfg = position.config
    if cfg.duel and position.round == 1:
        return _round_two(position) if _round_one_over(position) else position
    winner = _captured(position, mover)
    if winner is not None:
        return position._replace(result=(winner, "captured"))
    if not has_moves(position):
        if position.dragon_to_move:
            return position._replace(result=(KNIGHTS if cfg.duel else mover.faction, "trapped"))
        return position._replace(result=(DRAGON, "no-moves"))
    return position


def outcome(position: Position) -> tuple[str, str] | None:
    """(winner, how) if the game is over: the duel's winner of round 2, or the zones' winner."""
    return position.result
