"""Baladãna positions as text: the ``Setup`` string and diagrams that parse back.

Setup (``docs/baladana.md``): groups separated by ``;``, each starting with a word:

* ``white`` / ``black``: that side's figures, ``square=RINGS`` each (``d1=RGB``, ``e1=YY``; a
  figure without rings is ``a3=`` or ``a3``); golden rings on a figure are its side's;
* ``free``: the free rings, ``square=R``, ``=G``, ``=B``, or ``=Yw`` / ``=Yb`` (a golden ring and
  its owner);
* ``move white`` or ``move black``: the side to move (``white`` when left out).

Ring letters in the order ``R G B Y``; any case and spacing on input. Diagrams (for tests and
docs): one row per rank, rank 8 at the top, eight cells per row separated by spaces: ``.`` empty,
``wRB`` / ``bYY`` / ``w`` a figure and its rings, ``R`` / ``G`` / ``B`` / ``Yw`` / ``Yb`` a free
ring. An optional rank number starts a row; a line of file letters is ignored.
"""

from __future__ import annotations

import re

from pbmkit.games.baladana.rules import (
    BLACK,
    EMPTY,
    GOLD,
    MAX_RINGS,
    SIDE_LETTERS,
    SIDE_NAMES,
    WHITE,
    Position,
    figure,
    free_ring,
    is_figure,
    space,
    space_name,
)
from pbmkit.games.base import SetupError

__all__ = ["DEFAULT_SETUP", "MAX_SETUP_LENGTH", "diagram", "format_setup", "from_diagram",
           "parse_setup", "validate"]

MAX_SETUP_LENGTH = 1000
"""A Setup longer than this is refused before it is read (the default one is about 260)."""

DEFAULT_SETUP = (
    "white a1=GB b1=B c1=RB d1=RGB e1=YY f1=RB g1=B h1=GB"
    " a2=G b2=G c2=G d2=G e2=G f2=G g2=G h2=G;"
    " black a7=G b7=G c7=G d7=G e7=G f7=G g7=G h7=G"
    " a8=GB b8=B c8=RB d8=RGB e8=YY f8=RB g8=B h8=GB;"
    " move white"
)
"""The default setup (house: the rules' diagram is lost), replaceable by a record's Setup tag."""

_FILES = frozenset("abcdefghABCDEFGH")
_RANKS = frozenset("12345678")
_RINGS = frozenset("rgbyRGBY")
_FREE_RINGS = frozenset(("r", "g", "b", "R", "G", "B"))


# Setup items are matched by hand, not by patterns compiled at every start-up (the default setup
# is read by every command): held to the patterns ``([a-h][1-8])(?:=([rgby]{0,6}))?`` and
# ``([a-h][1-8])=([rgb]|y[wb])`` (any case) by tests/games/test_baladana_fast_paths.py.
def _figure_item(item: str) -> tuple[str, str] | None:
    """``d1=RGB`` -> ``("d1", "RGB")``; ``a3=`` and ``a3`` -> ``("a3", "")``; else ``None``."""
    name, _, rings = item.partition("=")
    if len(name) == 2 and name[0] in _FILES and name[1] in _RANKS and len(rings) <= 6 \
            and all(c in _RINGS for c in rings):
        return name, rings
    return None


def _free_item(item: str) -> tuple[str, str] | None:
    """``d4=R`` -> ``("d4", "R")``; ``e5=Yw`` -> ``("e5", "Yw")``; else ``None``."""
    name, eq, ring = item.partition("=")
    if eq and len(name) == 2 and name[0] in _FILES and name[1] in _RANKS and (
            ring in _FREE_RINGS or (len(ring) == 2 and ring[0] in "yY" and ring[1] in "wbWB")):
        return name, ring
    return None

_MOVE = {"white": WHITE, "w": WHITE, "black": BLACK, "b": BLACK}


def parse_setup(text: str) -> Position:
    """The position a Setup string describes; :class:`SetupError` saying what is wrong."""
    if len(text) > MAX_SETUP_LENGTH:
        raise SetupError(f"the Setup is longer than {MAX_SETUP_LENGTH} characters", tag="Setup")
    cells = [EMPTY] * 64
    turn = WHITE
    seen: set[str] = set()
    for group in text.split(";"):
        words = group.split()
        if not words:
            continue
        head = words[0].lower()
        if head in seen:
            raise SetupError(f"the Setup names the group {head!r} twice", tag="Setup")
        seen.add(head)
        items = words[1:]
        if head == "move":
            if len(items) != 1 or items[0].lower() not in _MOVE:
                raise SetupError("'move' is followed by white or black", tag="Setup")
            turn = _MOVE[items[0].lower()]
        elif head in SIDE_NAMES:
            side = SIDE_NAMES.index(head)
            for item in items:
                got = _figure_item(item)
                if got is None:
                    raise SetupError(f"{item!r} is not a figure: write its square and rings, like "
                                     "d1=RGB (a figure without rings: a3=)", tag="Setup")
                _place(cells, got[0], figure(side, got[1].upper()), item)
        elif head == "free":
            for item in items:
                got = _free_item(item)
                if got is None:
                    raise SetupError(f"{item!r} is not a free ring: write its square and colour, "
                                     "like d4=R, and a golden ring with its owner: e5=Yw or e5=Yb",
                                     tag="Setup")
                ring = got[1]
                cell = free_ring(GOLD, SIDE_LETTERS.index(ring[1].lower())) if len(ring) == 2 \
                    else ring.upper()
                _place(cells, got[0], cell, item)
        else:
            raise SetupError(f"the Setup group {words[0]!r} is unknown: groups start with white, "
                             "black, free or move", tag="Setup")
    position = Position(tuple(cells), turn)
    validate(position)
    return position


def _place(cells: list[str], name: str, cell: str, item: str) -> None:
    sq = space(name)
    if cells[sq]:
        raise SetupError(f"{name.lower()} is named twice in the Setup ({item!r})", tag="Setup")
    cells[sq] = cell


def validate(position: Position) -> None:
    """:class:`SetupError` for an impossible position: more than 3 rings on a figure, more than
    two golden rings for a side, no figure at all for a side."""
    for side, name in enumerate(SIDE_NAMES):
        letter = SIDE_LETTERS[side]
        golden = sum(c.count(GOLD) for c in position.cells if c[:1] == letter)
        golden += sum(1 for c in position.cells if c == GOLD + letter)
        if golden > 2:
            raise SetupError(f"{name.capitalize()} has {golden} golden rings; each player owns two",
                             tag="Setup")
        if not any(c[:1] == letter for c in position.cells):
            raise SetupError(f"{name.capitalize()} has no figure", tag="Setup")
    for sq, c in enumerate(position.cells):
        if is_figure(c) and len(c) - 1 > MAX_RINGS:
            raise SetupError(f"the figure on {space_name(sq)} carries {len(c) - 1} rings; a figure "
                             f"carries at most {MAX_RINGS}", tag="Setup")


def format_setup(position: Position) -> str:
    """The canonical Setup string of ``position``."""
    groups = []
    for side, name in enumerate(SIDE_NAMES):
        letter = SIDE_LETTERS[side]
        items = [f"{space_name(sq)}={c[1:]}" for sq, c in enumerate(position.cells) if c[:1] == letter]
        groups.append(f"{name} {' '.join(items)}")
    free = [f"{space_name(sq)}={c}" for sq, c in enumerate(position.cells)
            if c and not is_figure(c)]
    if free:
        groups.append(f"free {' '.join(free)}")
    groups.append(f"move {SIDE_NAMES[position.turn]}")
    return "; ".join(groups)


_CELL = r"\.|[wb][RGBY]{0,3}|[RGB]|Y[wb]"  # compiled on first use (diagrams are for tests and docs)


def from_diagram(text: str, turn: int | str = WHITE) -> Position:
    """A position from a diagram (see the module docstring); ``turn`` 0/1 or a side's name."""
    rows = []
    for line in text.strip("\n").splitlines():
        words = line.split()
        if not words or all(len(w) == 1 and w in "abcdefgh" for w in words):
            continue
        if words[0].isdigit():
            words = words[1:]
        if len(words) != 8:
            raise SetupError(f"a diagram row has 8 cells, not {len(words)}: {line.strip()!r}")
        rows.append(words)
    if len(rows) != 8:
        raise SetupError(f"a diagram has 8 rows, not {len(rows)}")
    cells = [EMPTY] * 64
    for i, row in enumerate(rows):
        for f, word in enumerate(row):
            if not re.fullmatch(_CELL, word):
                raise SetupError(f"{word!r} is not a diagram cell")
            if word != ".":
                cells[8 * (7 - i) + f] = figure(SIDE_LETTERS.index(word[0]), word[1:]) \
                    if word[0] in "wb" else word
    side = SIDE_NAMES.index(turn) if isinstance(turn, str) else turn
    position = Position(tuple(cells), side)
    validate(position)
    return position


def diagram(position: Position) -> str:
    """The diagram of ``position``: rank 8 on top, cells padded to one width, file letters below."""
    lines = []
    for r in range(7, -1, -1):
        row = [position.cells[8 * r + f] or "." for f in range(8)]
        lines.append(f"{r + 1} " + " ".join(f"{c:<4}" for c in row).rstrip())
    lines.append("  " + " ".join(f"{chr(97 + f):<4}" for f in range(8)).rstrip())
    return "\n".join(lines)

