"""Batrakill positions as text: the ``Setup`` tag string and diagrams with facing arrows.

Setup (one line, fields in any order, every field optional but ``knights``)::

    round=1 move=knights supply=5 eaten=0 before=0 dragon=e5 towers=e9,c9 broken=a9
    knights=a1^,Cc8v:c1,Bd8v barred=c1:e5 result=knights:trapped

A knight is its faction letter (P, B, G, Y; none in the duel), its square, its facing arrow
(``^`` north, ``>`` east, ``v`` south, ``<`` west), ``*`` when it stands in a carried tower, and
``:`` its start square when it stands elsewhere (its identity for round 2). ``before`` counts
the knights eaten in earlier rounds; ``barred`` lists ejected knights (by start square) and the
tower each may not re-enter.

A diagram (tests, docs) has one line per rank, top rank first, a token per square: ``.`` empty,
``D`` the dragon, ``T`` an empty tower, ``#`` a broken tower, a knight as its arrow after its
faction letter (``^``, ``Bv``), ``T`` before it when it stands in a placed tower (``T^``) and
``C`` when it carries one (``Cv``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from pbmkit.games.base import SetupError
from pbmkit.games.batrakill.layout import FACTIONS
from pbmkit.games.batrakill.rules import KNIGHTS, Config, Knight, Position, place_name

__all__ = ["ARROWS", "diagram", "format_setup", "from_diagram", "parse_setup"]

ARROWS = {"N": "^", "E": ">", "S": "v", "W": "<"}
_FACING = {v: k for k, v in ARROWS.items()}
_LETTER = {f: f[0].upper() for f in FACTIONS}
_FACTION = {v: k for k, v in _LETTER.items()}
# Compiled on first use (re keeps them): a record without a Setup tag never reads one.
_KNIGHT = r"([PBGY]?)([a-z][0-9]{1,2})([\^>v<])(\*?)(?::([a-z][0-9]{1,2}))?"
_CELL = r"([TC]?)([PBGY]?)([\^>v<])"
MAX_SETUP = 2000


def _letter(cfg: Config, faction: str) -> str:
    return "" if cfg.duel else _LETTER[faction]


def format_setup(position: Position) -> str:
    """The ``Setup`` value of ``position``."""
    cfg = position.config
    board = cfg.layout.board
    name = board.name

    def squares(items: frozenset[int]) -> str:
        return ",".join(sorted(name(s) for s in items)) or "-"

    knights = ",".join(
        f"{_letter(cfg, k.faction)}{name(k.square)}{ARROWS[k.facing]}{'*' if k.carrying else ''}"
        f"{'' if k.home == k.square else ':' + name(k.home)}" for k in position.knights) or "-"
    barred = ",".join(sorted(f"{name(h)}:{name(t)}" for h, t in position.barred)) or "-"
    result = ":".join(position.result) if position.result else "-"
    return (f"round={position.round} move={place_name(position.place)} supply={position.supply} "
            f"eaten={position.eaten} before={position.eaten_before} "
            f"dragon={name(position.dragon) if position.dragon >= 0 else '-'} "
            f"towers={squares(position.towers)} broken={squares(position.broken)} knights={knights} "
            f"barred={barred} result={result}")


def _number(value: str, key: str) -> int:
    if not value.isdigit() or len(value) > 3:
        raise SetupError(f"{key} must be a number, not {value!r}", tag="Setup")
    return int(value)


def parse_setup(cfg: Config, text: str) -> Position:
    """A position of ``cfg`` from a ``Setup`` value; :class:`SetupError` saying what is wrong."""
    if len(text) > MAX_SETUP:
        raise SetupError(f"a Setup longer than {MAX_SETUP} characters", tag="Setup")
    board = cfg.layout.board
    fields: dict[str, str] = {}
    for item in text.split():
        key, eq, value = item.partition("=")
        if not eq or key in fields:
            raise SetupError(f"{item!r}: write each field once as key=value", tag="Setup")
        fields[key.lower()] = value
    unknown = set(fields) - {"round", "move", "supply", "eaten", "before", "dragon", "towers", "broken",
                             "knights", "barred", "result"}
    if unknown:
        raise SetupError(f"unknown field {sorted(unknown)[0]!r}", tag="Setup")
    if "knights" not in fields:
        raise SetupError("a Setup needs knights=...", tag="Setup")

    def square(s: str, what: str) -> int:
        sq = board.find(s)
        if sq is None:
            raise SetupError(f"{what}: {s!r} is not a square of the board", tag="Setup")
        return sq

    def squares(key: str) -> frozenset[int]:
        value = fields.get(key, "-")
        return frozenset() if value == "-" else frozenset(square(s, key) for s in value.split(","))

    knights: list[Knight] = []
    if fields["knights"] != "-":
        for token in fields["knights"].split(","):
            m = re.fullmatch(_KNIGHT, token)
            if m is None:
                raise SetupError(f"knight {token!r}: write it like a1^ (duel) or Bd8v:d8", tag="Setup")
            letter, sq, arrow, star, home = m.groups()
            faction = KNIGHTS if cfg.duel else _FACTION.get(letter, "")
            if (letter != "") == cfg.duel or not any(faction in p for p in cfg.order):
                raise SetupError(f"knight {token!r}: no such faction in this game", tag="Setup")
            at = square(sq, "knights")
            knights.append(Knight(at, _FACING[arrow], faction, square(home, "knights") if home else at,
                                  bool(star)))
    towers, broken = squares("towers"), squares("broken")
    dragon = -1 if fields.get("dragon", "-") == "-" else square(fields["dragon"], "dragon")
    places = [place_name(p) for p in cfg.order]
    move = fields.get("move", places[0]).lower()
    if move not in places:
        raise SetupError(f"move={move}: the order of play is {' '.join(places)}", tag="Setup")
    barred: set[tuple[int, int]] = set()
    if fields.get("barred", "-") != "-":
        for pair in fields["barred"].split(","):
            h, _, t = pair.partition(":")
            barred.add((square(h, "barred"), square(t, "barred")))
    result = None
    if fields.get("result", "-") != "-":
        winner, _, how = fields["result"].partition(":")
        result = (winner, how)
    rnd = _number(fields.get("round", "1"), "round")
    if rnd not in (1, 2) or (rnd == 2 and not cfg.duel):
        raise SetupError(f"round={rnd}: the duel has rounds 1 and 2, the zones version one", tag="Setup")
    on = [k.square for k in knights] + list(broken) + ([dragon] if dragon >= 0 else [])
    if len(set(on)) != len(on) or set(on) & (towers - {k.square for k in knights}) or towers & broken:
        raise SetupError("two pieces on one square (a knight may stand only in a tower)", tag="Setup")
    if len({k.home for k in knights}) != len(knights):
        raise SetupError("two knights with one start square", tag="Setup")
    if any(k.carrying and k.square in towers for k in knights):
        raise SetupError("a knight carrying a tower stands on a placed tower", tag="Setup")
    return Position(cfg, tuple(sorted(knights)), towers, broken,
                    _number(fields.get("supply", str(cfg.layout.towers)), "supply"), dragon, rnd,
                    _number(fields.get("eaten", "0"), "eaten"), _number(fields.get("before", "0"), "before"),
                    frozenset(barred), places.index(move), result)


def from_diagram(cfg: Config, text: str, *, move: str | None = None, round: int = 1,
                 supply: int | None = None, eaten: int = 0, homes: Mapping[str, str] | None = None
                 ) -> Position:
    """A position from a diagram (see the module docstring); ``homes`` maps a knight's square to
    its start square where they differ; ``move`` names the place to move (the first by default)."""
    board = cfg.layout.board
    rows = [line.split() for line in text.strip().splitlines() if line.strip()]
    files, ranks = cfg.layout.files, cfg.layout.ranks
    if len(rows) != ranks or any(len(r) != files for r in rows):
        raise SetupError(f"a diagram has {ranks} lines of {files} squares", tag="Setup")
    knights: list[Knight] = []
    towers: set[int] = set()
    broken: set[int] = set()
    dragon = -1
    home_of: dict[int, int] = {}
    for a, b in (homes or {}).items():
        sa, sb = board.find(a), board.find(b)
        if sa is None or sb is None:
            raise SetupError(f"homes: {a}:{b} is off the board", tag="Setup")
        home_of[sa] = sb
    for i, row in enumerate(rows):
        for f, cell in enumerate(row):
            sq = board.at((f, ranks - 1 - i))
            assert sq is not None
            if cell == ".":
                continue
            if cell == "D":
                dragon = sq
            elif cell == "T":
                towers.add(sq)
            elif cell == "#":
                broken.add(sq)
            else:
                m = re.fullmatch(_CELL, cell)
                if m is None:
                    raise SetupError(f"diagram: {cell!r} is not a piece", tag="Setup")
                kind, letter, arrow = m.groups()
                faction = KNIGHTS if cfg.duel else _FACTION[letter]
                if kind == "T":
                    towers.add(sq)
                home = home_of.get(sq)
                knights.append(Knight(sq, _FACING[arrow], faction, sq if home is None else home,
                                      kind == "C"))
    places = [place_name(p) for p in cfg.order]
    return Position(cfg, tuple(sorted(knights)), frozenset(towers), frozenset(broken),
                    cfg.layout.towers if supply is None else supply, dragon, round, eaten, 0,
                    frozenset(), places.index(move) if move else 0)


def diagram(position: Position) -> str:
    """The diagram of ``position`` (the inverse of :func:`from_diagram` for what a diagram shows)."""
    cfg = position.config
    board = cfg.layout.board
    lines = []
    for r in range(cfg.layout.ranks - 1, -1, -1):
        cells = []
        for f in range(cfg.layout.files):
            sq = board.at((f, r))
            k = position.knight_at(sq) if sq is not None else None
            if k is not None:
                prefix = "T" if sq in position.towers else "C" if k.carrying else ""
                cells.append(f"{prefix}{_letter(cfg, k.faction)}{ARROWS[k.facing]}")
            elif sq == position.dragon:
                cells.append("D")
            elif sq in position.towers:
                cells.append("T")
            elif sq in position.broken:
                cells.append("#")
            else:
                cells.append(".")
        lines.append(" ".join(f"{c:>3}" for c in cells))
    return "\n".join(lines)


