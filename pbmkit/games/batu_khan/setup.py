"""Batu Khan positions as text: the ``Setup`` string and ASCII diagrams that parse back.

Setup (``docs/batu-khan.md``): the board size, then one group per side and place, then the side
to move. Every piece of each side is listed exactly once: on the board (``S:`` / ``N:``, a letter
and a square each), in hand (``S-hand:`` / ``N-hand:``) or knocked out (``S-out:`` / ``N-out:``;
for the blockade: gone). Empty groups are left out::

    5x5 S:Bc1,Wb2 S-hand:KX S-out:Y N:Kd5,Xc3 N-hand:BYW s

The start is ``5x5 S-hand:BYKWX N-hand:BYKWX s``. Diagrams: one row per rank, the last rank at the
top, cells ``.`` or a piece letter (South upper case, North lower case), an optional rank number
before each row and a line of file letters ignored.
"""

from __future__ import annotations

import re

from pbmkit.games.base import SetupError
from pbmkit.games.batu_khan.rules import (
    DEFAULT_FILES,
    DEFAULT_RANKS,
    EMPTY,
    KIND_WORDS,
    MAX_SIZE,
    MAX_STONES_IN_PLAY,
    MIN_SIZE,
    NORTH,
    PIECES,
    SIDE_NAMES,
    SOUTH,
    Position,
    first_action,
    geometry,
    owner,
    stones_in_camp,
    symbol_of,
)

__all__ = [
    "diagram",
    "format_setup",
    "from_diagram",
    "parse_board_size",
    "parse_setup",
    "standard_setup",
    "validate",
]

_SIZE_RE = re.compile(r"^([0-9]{1,2})\s*[x×]\s*([0-9]{1,2})$", re.IGNORECASE)
_ITEM_RE = re.compile(r"^([BYKWX])([A-I][1-9])$", re.IGNORECASE)
_SIDE_KEYS = {"S": SOUTH, "N": NORTH}
_PLACES = ("", "-HAND", "-OUT")
_TURN_WORDS = {"s": SOUTH, "south": SOUTH, "n": NORTH, "north": NORTH}
_SIDE_LETTER = ("s", "n")
MAX_SETUP_LENGTH = 400
"""A Setup longer than this is refused before it is read (the longest real one is about 90)."""


def standard_setup(files: int = DEFAULT_FILES, ranks: int = DEFAULT_RANKS) -> str:
    """The Setup of the start on a ``files`` × ``ranks`` board."""
    return f"{files}x{ranks} S-hand:{PIECES} N-hand:{PIECES} s"


def parse_board_size(text: str) -> tuple[int, int]:
    """``(files, ranks)`` from a ``Board`` tag value such as ``"7x7"``; :class:`SetupError` if bad."""
    m = _SIZE_RE.match(text.strip())
    if m is None:
        raise SetupError(f"the board size {text.strip()[:20]!r} is not files x ranks, like '5x5' or "
                         "'7x6'")
    files, ranks = int(m.group(1)), int(m.group(2))
    if not (MIN_SIZE <= files <= MAX_SIZE and MIN_SIZE <= ranks <= MAX_SIZE):
        raise SetupError(f"a Batu Khan board has {MIN_SIZE} to {MAX_SIZE} files and ranks, "
                         f"not {files}x{ranks}")
    return files, ranks


# --- validation ------------------------------------------------------------------------------


def _side_word(side: int) -> str:
    return SIDE_NAMES[side].capitalize()


def validate(position: Position) -> list[str]:
    """Why ``position`` cannot occur in Batu Khan (an empty list if it can).

    Checked: the board size and cell symbols; hands of known letters, each once, none also on the
    board; at most 3 stones of a side on the board; ruling 1 (a side that has laid no stone has
    done nothing, and South acts first); a side to move that has not already won in the camp.
    A finished game (the side that just moved has two stones in the camp) is a valid position.
    """
    files, ranks = position.files, position.ranks
    if not (MIN_SIZE <= files <= MAX_SIZE and MIN_SIZE <= ranks <= MAX_SIZE):
        return [f"a Batu Khan board has {MIN_SIZE} to {MAX_SIZE} files and ranks, not "
                f"{files}x{ranks}"]
    geo = geometry(files, ranks)
    if len(position.cells) != geo.size:
        return [f"a {geo.label} board has {geo.size} squares, not {len(position.cells)}"]
    symbols = set(PIECES) | set(PIECES.lower()) | {EMPTY}
    bad = [sq for sq, c in enumerate(position.cells) if c not in symbols]
    if bad:
        return [f"{geo.names[bad[0]]} holds an unknown symbol {position.cells[bad[0]]!r}"]
    if position.turn not in (SOUTH, NORTH):
        return ["the side to move must be South or North"]
    problems: list[str] = []
    for side in (SOUTH, NORTH):
        who = _side_word(side)
        hand = position.hands[side]
        if "".join(p for p in PIECES if p in hand) != hand:
            problems.append(f"{who}'s hand {hand!r} must list pieces of {PIECES}, each once, in "
                            "that order")
            continue
        seen: dict[str, str] = {}
        for sq, c in enumerate(position.cells):
            if c != EMPTY and owner(c) == side:
                letter = c.upper()
                if letter in seen:
                    problems.append(f"{who}'s {_piece(letter)} stands on both {seen[letter]} and "
                                    f"{geo.names[sq]}; each side has one")
                seen[letter] = geo.names[sq]
                if letter in hand:
                    problems.append(f"{who}'s {_piece(letter)} is both on {geo.names[sq]} and in "
                                    "hand")
        stones = [s for s in seen if s != "X"]
        if len(stones) > MAX_STONES_IN_PLAY:
            problems.append(f"{who} has {len(stones)} stones on the board; at most "
                            f"{MAX_STONES_IN_PLAY} may be in play at once")
        if first_action(position, side) and "X" not in hand:
            problems.append(f"{who} has laid no stone but its blockade is not in hand: each "
                            "player's first action lays a stone (ruling 1)")
    if problems:
        return problems
    south_new, north_new = first_action(position, SOUTH), first_action(position, NORTH)
    if south_new and not north_new:
        problems.append("North has acted but South has not: South acts first (ruling 1)")
    elif south_new and position.turn == NORTH:
        problems.append("nobody has acted yet, so it is South's turn: South acts first")
    elif north_new and not south_new and position.turn == SOUTH:
        problems.append("South has acted and North has not yet, so it is North's turn")
    won = position.turn
    if stones_in_camp(position, won) >= 2:
        problems.append(f"{_side_word(won)} has two stones in {_side_word(1 - won)}'s camp and "
                        f"it is {_side_word(won)}'s turn: the game ended when they got there")
    return problems


def _piece(letter: str) -> str:
    return "blockade" if letter == "X" else f"{KIND_WORDS[letter]} stone"


def _checked(position: Position, what: str) -> Position:
    problems = validate(position)
    if problems:
        raise SetupError(f"impossible {what}: " + "; ".join(problems))
    return position


# --- Setup strings ---------------------------------------------------------------------------


def _group_key(token: str) -> tuple[int, str, str] | None:
    key, sep, items = token.partition(":")
    k = key.upper()
    if not sep or k[:1] not in _SIDE_KEYS or k[1:] not in _PLACES:
        return None
    return _SIDE_KEYS[k[:1]], k[1:], items


def parse_setup(text: str) -> Position:
    """A position from a Setup value (see the module docstring); :class:`SetupError` if bad."""
    if len(text) > MAX_SETUP_LENGTH:
        raise SetupError(f"the Setup is {len(text)} characters long; a Batu Khan Setup has at most "
                         f"{MAX_SETUP_LENGTH}")
    fields = text.split()
    if not fields:
        raise SetupError("the Setup is empty; expected e.g. '5x5 S:Bc1 S-hand:YKWX N-hand:BYKWX n'")
    files, ranks = DEFAULT_FILES, DEFAULT_RANKS
    if _SIZE_RE.match(fields[0]) or fields[0][:1].isdigit():
        files, ranks = parse_board_size(fields[0])
        fields = fields[1:]
    if not fields or fields[-1].lower() not in _TURN_WORDS:
        got = fields[-1] if fields else ""
        raise SetupError(f"the Setup must end with the side to move, 's' (South) or 'n' (North), "
                         f"not {got[:20]!r}")
    turn = _TURN_WORDS[fields[-1].lower()]
    geo = geometry(files, ranks)
    cells = [EMPTY] * geo.size
    hands = ["", ""]
    placed: dict[tuple[int, str], str] = {}
    seen: set[tuple[int, str]] = set()
    for token in fields[:-1]:
        group = _group_key(token)
        if group is None:
            raise SetupError(f"bad Setup group {token[:30]!r}: expected S:, N: (pieces on the board "
                             "like Bc1,Xd3), S-hand:, N-hand:, S-out: or N-out: (letters like KX)")
        side, place, items = group
        label = f"{'SN'[side]}{place.lower()}:"
        if (side, place) in seen:
            raise SetupError(f"the group {label} appears twice in the Setup")
        seen.add((side, place))
        if place == "":
            for item in filter(None, items.split(",")):
                m = _ITEM_RE.match(item)
                if m is None:
                    raise SetupError(f"{item[:20]!r} in {label} is not a piece letter (B Y K W X) "
                                     "followed by a square, like Bc1")
                letter = m.group(1).upper()
                sq = geo.find(m.group(2))
                if sq is None:
                    raise SetupError(f"{m.group(2).lower()} in {label} is not a square of "
                                     f"{geo.where()}")
                if cells[sq] != EMPTY:
                    raise SetupError(f"two pieces on {geo.names[sq]}; a square holds one stone or "
                                     "one blockade")
                _place(placed, side, letter, label)
                cells[sq] = symbol_of(letter, side)
        else:
            for ch in items.replace(",", ""):
                letter = ch.upper()
                if letter not in PIECES:
                    raise SetupError(f"{ch!r} in {label} is not a piece letter: B blue, Y yellow, "
                                     "K black, W white, X blockade")
                _place(placed, side, letter, label)
                if place == "-HAND":
                    hands[side] += letter
    for side in (SOUTH, NORTH):
        missing = [p for p in PIECES if (side, p) not in placed]
        if missing:
            p, s = missing[0], "SN"[side]
            raise SetupError(f"{_side_word(side)}'s {_piece(p)} is missing from the Setup: list it "
                             f"on the board ({s}:{p}a1), in hand ({s}-hand:{p}) or knocked out "
                             f"({s}-out:{p})")
    ordered = tuple("".join(p for p in PIECES if p in hand) for hand in hands)
    position = Position(files, ranks, "".join(cells), (ordered[0], ordered[1]), turn)
    return _checked(position, "Setup")


def _place(placed: dict[tuple[int, str], str], side: int, letter: str, label: str) -> None:
    earlier = placed.get((side, letter))
    if earlier is not None:
        raise SetupError(f"{_side_word(side)}'s {_piece(letter)} is listed twice (in {earlier} and "
                         f"{label}); each piece is on the board, in hand or knocked out")
    placed[side, letter] = label


def format_setup(position: Position) -> str:
    """The Setup value of ``position``: size, groups (empty ones left out), side to move."""
    geo = position.geometry
    parts = [geo.label]
    order = {p: i for i, p in enumerate(PIECES)}
    for side in (SOUTH, NORTH):
        s = "SN"[side]
        on_board = sorted(((c.upper(), geo.names[sq]) for sq, c in enumerate(position.cells)
                           if c != EMPTY and owner(c) == side), key=lambda item: order[item[0]])
        if on_board:
            parts.append(f"{s}:" + ",".join(f"{p}{name}" for p, name in on_board))
        hand = position.hands[side]
        if hand:
            parts.append(f"{s}-hand:{hand}")
        laid = {p for p, _ in on_board}
        out = "".join(p for p in PIECES if p not in hand and p not in laid)
        if out:
            parts.append(f"{s}-out:{out}")
    parts.append(_SIDE_LETTER[position.turn])
    return " ".join(parts)


# --- diagrams --------------------------------------------------------------------------------


def diagram(position: Position) -> str:
    """The board as text, the last rank at the top; parses back with :func:`from_diagram`."""
    geo = position.geometry
    lines = ["   " + "  ".join(chr(ord("a") + f) for f in range(geo.files))]
    for rank in range(geo.ranks - 1, -1, -1):
        row = position.cells[rank * geo.files:(rank + 1) * geo.files]
        lines.append(f"{rank + 1}  " + "  ".join(row))
    return "\n".join(lines)


def from_diagram(text: str, turn: int = SOUTH, out: str = "") -> Position:
    """A position from a diagram like :func:`diagram`'s (rows of ``.`` and piece letters).

    Pieces not on the board are in hand, except those listed in ``out`` (South's in upper case,
    North's in lower case: ``"Yx"`` = South's yellow stone knocked out and North's blockade gone).
    Raises :class:`SetupError` for a malformed or impossible diagram.
    """
    rows: list[list[str]] = []
    for line in text.splitlines():
        tokens = line.split()
        if not tokens or all(len(t) == 1 and "a" <= t <= "i" for t in tokens):
            continue
        if tokens[0].isdigit():
            tokens = tokens[1:]
        rows.append(tokens)
    ranks = len(rows)
    files = len(rows[0]) if rows else 0
    if not (MIN_SIZE <= files <= MAX_SIZE and MIN_SIZE <= ranks <= MAX_SIZE):
        raise SetupError(f"a diagram has {MIN_SIZE} to {MAX_SIZE} rows and columns, not "
                         f"{files}x{ranks}")
    if any(len(row) != files for row in rows):
        raise SetupError("every row of a diagram has the same number of cells")
    cells = [EMPTY] * (files * ranks)
    for i, row in enumerate(rows):
        for f, token in enumerate(row):
            if token != EMPTY and token.upper() not in PIECES:
                raise SetupError(f"{token!r} is not a cell: expected '.' or B Y K W X (North in "
                                 "lower case)")
            cells[(ranks - 1 - i) * files + f] = token
    hands = []
    for side in (SOUTH, NORTH):
        gone = {c.upper() for c in out if c.upper() in PIECES and owner(c) == side}
        laid = {c.upper() for c in cells if c != EMPTY and owner(c) == side}
        hands.append("".join(p for p in PIECES if p not in laid and p not in gone))
    position = Position(files, ranks, "".join(cells), (hands[0], hands[1]), turn)
    return _checked(position, "diagram")
