"""Batrakill's rules core: configurations, positions, moves, generation, apply and outcome.

Rule numbers are those of ``shared/spec/batrakill.md``; the house rulings are in
docs/batrakill.md. A :class:`Config` is one layout with one order of play (the record's tags); a
:class:`Position` holds it, so every function here takes a position alone.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import NamedTuple

from pbmkit.games.batrakill.layout import Layout

__all__ = ["DRAGON", "KNIGHTS", "Config", "Knight", "Move", "Position", "apply", "dragon_moves",
           "initial_position", "knight_moves", "legal_moves", "outcome", "place_name"]

DRAGON = "dragon"
KNIGHTS = "knights"
"""The duel's two sides (the knights' single faction is also called ``knights``)."""
EATS_TO_WIN = 5
_DIR = {"N": 0, "S": 1, "E": 2, "W": 3}
_FORWARD_SIDEWAYS = {"N": ("N", "E", "W"), "E": ("E", "N", "S"), "S": ("S", "E", "W"), "W": ("W", "N", "S")}
_REVERSED = {"N": "S", "S": "N", "E": "W", "W": "E"}


def place_name(place: tuple[str, ...]) -> str:
    """A place in the order of play as a side name: ``"blue"``, ``"blue+green"``, ``"dragon"``."""
    return "+".join(place)


@dataclass(frozen=True, eq=False)
class Config:
    """One layout with one order of play; compared by identity (one instance per record set-up)."""

    layout: Layout
    order: tuple[tuple[str, ...], ...]
    """Places in the order of play: each the factions one player moves, or ``("dragon",)``."""
    zone_of: tuple[tuple[str, str], ...] = ()
    """(faction, zone letter) of each faction in play (zones version)."""

    @property
    def duel(self) -> bool:
        """Whether this is the two-round duel."""
        return self.layout.version == "duel"

    @property
    def tower_owner(self) -> dict[int, str | None]:
        """Zones version: tower site -> the faction of its zone, ``None`` for a neutral tower."""
        zones = dict((z, f) for f, z in self.zone_of)
        return {z.tower: zones.get(z.letter) for z in self.layout.zones}

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


@dataclass(frozen=True, slots=True)
class Move:
    """One move. ``kind``: ``"step"`` (a knight, a carrying set, a knight leaving a tower),
    ``"place"`` (a knight steps out of its carried tower, which stays), ``"pass"`` (underground,
    tower to tower), ``"drop"`` (the dragon placed; ``path`` is its square) or ``"dragon"`` (a step,
    or a chain of jumps: ``path`` is the start then each landing)."""

    kind: str
    path: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Position:
    """A Batrakill position (frozen, hashable)."""

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
        return self.place == (DRAGON,)

    def knight_at(self, square: int) -> Knight | None:
        """The knight on ``square``, if any."""
        for k in self.knights:
            if k.square == square:
                return k
        return None


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


def _passages(position: Position) -> bool:
    return position.round == 2 or not position.config.duel


def knight_moves(position: Position, only: int = -1) -> Iterator[Move]:
    """The moves of the knights of the factions to move (rules 1, 5, 9, 10); with ``only``, of
    the knight on that square alone."""
    board = position.config.layout.board
    steps = board.steps
    occupied = {k.square for k in position.knights}
    towers, broken, dragon = position.towers, position.broken, position.dragon
    place = position.place
    passages = _passages(position)
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


def _jumps(position: Position, start: int) -> list[tuple[tuple[int, ...], int]]:
    """Every chain of jumps from ``start``: (path, knights eaten), each ending after any jump."""
    board = position.config.layout.board
    steps = board.steps
    knights = {k.square: k for k in position.knights}
    towers, broken = set(position.towers), set(position.broken)
    eject = _passages(position)
    out: list[tuple[tuple[int, ...], int]] = []

    homes: set[int] = set()  # the knights jumped so far (an ejected one stands elsewhere)

    def walk(at: int, path: list[int], landed: set[int], jumped: set[int], eats: int) -> None:
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
            out.append((tuple(path), eats + gain))
            walk(to, path, landed, jumped, eats + gain)
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

    walk(start, [start], {start}, set(), 0)
    return out


def dragon_moves(position: Position) -> list[Move]:
    """The dragon's moves: its placement on any free square, else steps and chains of jumps, only
    eating ones if it can eat (rules 2, 3, 4, 8)."""
    board = position.config.layout.board
    occupied = {k.square for k in position.knights} | position.towers | position.broken
    if position.dragon < 0:
        return [Move("drop", (sq,)) for sq in range(board.size) if sq not in occupied]
    d = position.dragon
    chains = _jumps(position, d)
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


def _has_moves(position: Position) -> bool:
    if position.dragon_to_move:
        return bool(dragon_moves(position))
    return next(knight_moves(position), None) is not None


# --- apply ----------------------------------------------------------------------------------


def _dragon_apply(position: Position, move: Move
                  ) -> tuple[dict[int, Knight], set[int], set[tuple[int, int]], int]:
    board = position.config.layout.board
    knights = {k.square: k for k in position.knights}
    broken = set(position.broken)
    barred: set[tuple[int, int]] = set()
    eaten = 0
    eject = _passages(position)
    path = move.path
    for a, b in pairwise(path):
        fa, ra = board.coords[a]
        fb, rb = board.coords[b]
        if max(abs(fa - fb), abs(ra - rb)) < 2:
            continue
        sq = board.at(((fa + fb) // 2, (ra + rb) // 2))
        assert sq is not None
        k = knights.pop(sq, None)
        if k is None:
            continue
        if sq in position.towers and eject:  # rule 10: ejected onto the take-off square
            facing = position.config.facing_of(k.faction)
            knights[a] = k._replace(square=a, facing=facing)
            barred.add((k.home, sq))
        else:
            eaten += 1
            if k.carrying:  # rule 6: a carried tower jumped is broken, its knight eaten (house)
                broken.add(sq)
    return knights, broken, barred, eaten


def apply(position: Position, move: Move) -> Position:
    """The position after the legal ``move`` (not checked), with the end of round 1, the reset of
    round 2 and the outcome applied."""
    cfg = position.config
    order = cfg.order
    nxt = (position.to_move + 1) % len(order)
    if move.kind == "drop":
        return replace(position, dragon=move.path[0], to_move=nxt)
    if move.kind == "dragon":
        on, broken, ejected, eaten = _dragon_apply(position, move)
        after = replace(position, knights=tuple(sorted(on.values())), broken=frozenset(broken),
                        dragon=move.path[-1], eaten=position.eaten + eaten,
                        barred=position.barred | ejected, to_move=nxt)
        return _after_dragon(after)
    s, t = move.path[0], move.path[-1]
    layout = cfg.layout
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
        if not k.carrying and t in layout.camp:
            k = k._replace(facing="N")  # rule 5: faces north again in its camp
        elif (not k.carrying and k.facing == "N" and t in layout.x_squares and supply > 0
              and t not in towers):
            k = k._replace(carrying=True, facing=_REVERSED["N"])  # rule 5: takes a tower
            supply -= 1
    knights[i] = k
    place = position.place
    faction_of = {x.home: x.faction for x in knights}
    barred = frozenset(b for b in position.barred if faction_of.get(b[0], k.faction) not in place)
    after = replace(position, knights=tuple(sorted(knights)), towers=towers, supply=supply,
                    barred=barred, to_move=nxt)
    return _after_knights(after, k)


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
        return replace(after, result=(DRAGON, "eaten"))
    if not _has_moves(after):
        return replace(after, result=(DRAGON, "no-moves"))
    return after


def _round_one_over(position: Position) -> bool:
    done = len(position.towers) + len(position.broken)
    return (position.eaten >= EATS_TO_WIN or done >= position.config.layout.towers
            or not _has_moves(position))


def _after_dragon(position: Position) -> Position:
    cfg = position.config
    if cfg.duel and position.round == 1:
        return _round_two(position) if _round_one_over(position) else position
    total = position.eaten if cfg.duel else position.eaten + position.eaten_before
    if total >= EATS_TO_WIN or not position.knights:
        return replace(position, result=(DRAGON, "eaten"))
    if not _has_moves(position):
        return replace(position, result=(DRAGON, "no-moves"))
    return position


def _captured(position: Position, mover: Knight) -> str | None:
    """Rules 11, 14: the faction that captures the dragon with ``mover``'s move, if any."""
    cfg = position.config
    d = position.dragon
    if d < 0:
        return None
    steps = cfg.layout.board.steps
    owners = cfg.tower_owner
    for axis in range(0, 8, 2):
        a, b = steps[d][axis], steps[d][axis + 1]
        if a < 0 or b < 0 or mover.square not in (a, b):
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
        return replace(position, result=(winner, "captured"))
    if not _has_moves(position):
        if position.dragon_to_move:
            return replace(position, result=(KNIGHTS if cfg.duel else mover.faction, "trapped"))
        return replace(position, result=(DRAGON, "no-moves"))
    return position


def outcome(position: Position) -> tuple[str, str] | None:
    """(winner, how) if the game is over: the duel's winner of round 2, or the zones' winner."""
    return position.result
