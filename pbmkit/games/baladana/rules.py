"""Baladãna's rules core: board, positions, turns, powers, generation, apply and the end.

The rules, the board, the powers, a turn, the end and pbmkit's rulings (house rulings marked):
``docs/baladana.md``.

Squares are numbered ``8 × rank + file`` (``a1`` = 0, ``h8`` = 63), as on
:func:`pbmkit.games.board.square_board`. A square holds a short string (see :data:`EMPTY`):

* ``""``: nothing;
* a figure: its side letter ``"w"`` or ``"b"`` then its rings in the order ``R G B Y``
  (``"wRB"``, ``"bYY"``, ``"w"`` for a figure without rings); a golden ring on a figure is always
  its owner's (only its owner ever moves it);
* a free ring: ``"R"``, ``"G"``, ``"B"``, or ``"Yw"`` / ``"Yb"`` (a golden ring and its owner).

A :class:`Move` is a side's whole turn: an optional ring move, the figure move, and after a
capture the tax and the loot.
"""


from collections.abc import Iterable, Iterator, Sequence
from typing import Final, NamedTuple

from pbmkit.games.base import Outcome
from pbmkit.games.board import Board, square_board

__all__ = [
    "BLACK", "BOARD", "CHECKED", "COLOURS", "EMPTY", "GOLD", "MAX_RINGS", "RING_ORDER", "SIDE_LETTERS",
    "SIDE_NAMES", "WHITE", "Move", "Position", "apply", "can_capture", "can_capture_at",
    "figure_targets", "gold_after", "golden_end", "golden_in_play", "golden_on_figures",
    "has_legal_move", "initial_position", "is_figure", "legal_moves", "line_between", "made",
    "outcome", "owner_of", "reaches", "ring_moves", "rings_of", "space", "space_name",
    "tax_choices", "terminal", "with_ring",
]

WHITE: Final = 0
BLACK: Final = 1
SIDE_NAMES: Final = ("white", "black")
SIDE_LETTERS: Final = ("w", "b")
EMPTY: Final = ""
GOLD: Final = "Y"
COLOURS: Final = "RGB"
"""The rings that give powers: red (diagonal), green (orthogonal), blue (distance)."""
RING_ORDER: Final = "RGBY"
MAX_RINGS: Final = 3
BOARD: Final[Board] = square_board(8, 8)

_KNIGHT: Final = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
# The board's rays and neighbours (pbmkit.games.board.SQUARE_DIRECTIONS: the four orthogonal
# directions, then the four diagonal ones), shared rather than built again at every start-up.
_ORTH_RAYS: Final = tuple(rays[:4] for rays in BOARD.rays)
_DIAG_RAYS: Final = tuple(rays[4:] for rays in BOARD.rays)
_LEAPS: Final = tuple(tuple(8 * (s // 8 + dr) + s % 8 + df for df, dr in _KNIGHT
                            if 0 <= s % 8 + df < 8 and 0 <= s // 8 + dr < 8) for s in range(64))
NEIGHBOURS: Final[tuple[tuple[int, ...], ...]] = BOARD.neighbours
"""The 8 (or fewer, at an edge) squares around each square: where a ring move may go."""
_NAMES: Final = BOARD.names


def space(name: str) -> int:
    """The square called ``name`` (any case); ``KeyError`` off the board."""
    return BOARD.space(name)


def space_name(sq: int) -> str:
    """``"a1"`` .. ``"h8"``."""
    return _NAMES[sq]


def is_figure(cell: str) -> bool:
    """Whether a square's content is a figure (else empty or a free ring)."""
    return cell[:1] in ("w", "b")


def owner_of(cell: str) -> int | None:
    """The side of a figure, or the owner of a free golden ring; ``None`` otherwise."""
    letter = cell[:1] if is_figure(cell) else cell[1:2]
    return SIDE_LETTERS.index(letter) if letter in SIDE_LETTERS else None


def rings_of(cell: str) -> str:
    """The rings a figure carries (``"RB"``), or the colour of a free ring (``"Y"``)."""
    return cell[1:] if is_figure(cell) else cell[:1]


def figure(side: int, rings: str) -> str:
    """The cell of a figure of ``side`` carrying ``rings`` (any order)."""
    return SIDE_LETTERS[side] + "".join(sorted(rings, key=RING_ORDER.index))


def free_ring(colour: str, owner: int | None = None) -> str:
    """The cell of a free ring (a golden one with its owner)."""
    return colour + (SIDE_LETTERS[owner] if colour == GOLD and owner is not None else "")


class Position:
    """The 64 squares (see the module docstring) and the side to move.

    Also holds what the rules ask of every position, both functions of the squares: ``gold``,
    the squares holding a golden ring (on a figure or free; at most four, in board order), and
    ``over``, whether those golden rings end the game (:func:`terminal` is not ``None``). The end
    of the game, rule 5 and the right to capture are judged from those few squares.
    ``Position(cells, turn)`` works them out; :func:`apply` and
    :func:`~pbmkit.games.baladana.check.check_move` carry them along, giving them to the
    constructor (held to this by ``tests/games/test_baladana_fast_paths.py``). Being functions
    of the squares, they change nothing in equality or hashing, which compare the squares and
    the side to move.

    A plain class with slots, not a named tuple, so that mypyc compiles it (docs/performance.md,
    "The compiled build"): equal, hashed, copied and pickled by its squares and side to move.
    Immutable by convention: nothing sets its attributes after it is made (``Final``: mypy
    refuses it), as :func:`apply`'s memo of the last turn checked relies on."""

    __slots__ = ("cells", "gold", "over", "turn")

    def __init__(self, cells: tuple[str, ...], turn: int = WHITE,
                 gold: tuple[int, ...] | None = None, over: bool | None = None) -> None:
        """``gold`` and ``over`` are worked out from ``cells`` unless given (:func:`made`)."""
        if gold is None:
            gold = tuple(sq for sq, c in enumerate(cells) if GOLD in c)
        if over is None:
            over = golden_end(cells, gold)
        self.cells: Final = cells
        self.turn: Final = turn
        self.gold: Final = gold
        self.over: Final = over

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self.turn == other.turn and self.cells == other.cells

    def __hash__(self) -> int:
        return hash((self.cells, self.turn))

    def __reduce__(self) -> tuple[type["Position"], tuple[tuple[str, ...], int]]:
        """``Position(cells, turn)`` again (copies and pickles)."""
        return Position, (self.cells, self.turn)

    def __repr__(self) -> str:
        return f"Position(cells={self.cells!r}, turn={self.turn!r})"

    def at(self, name: str) -> str:
        """The content of the square called ``name``."""
        return self.cells[space(name)]


def made(cells: tuple[str, ...], turn: int, gold: tuple[int, ...], over: bool) -> Position:
    """A :class:`Position` from its squares, side to move, golden squares (in board order) and
    end, all known: nothing worked out again."""
    return Position(cells, turn, gold, over)


class Move(NamedTuple):
    """A side's whole turn.

    ``ring``: ``(colour, from, to)`` or ``None``; ``start``/``end``: the figure move; ``tax``: the
    ring colour taxed after capturing a figure without golden rings; ``loot``: ``(colour, square)``
    pairs, in the order written.
    """

    start: int
    end: int
    ring: tuple[str, int, int] | None = None
    tax: str | None = None
    loot: tuple[tuple[str, int], ...] = ()

    def bare(self) -> "Move":
        """The ring move and figure move alone (no tax, no loot)."""
        return Move(self.start, self.end, self.ring)


def initial_position() -> Position:
    """The default setup (house, ``docs/baladana.md``): chess-like ring combinations."""
    from pbmkit.games.baladana.setup import DEFAULT_SETUP, parse_setup

    return parse_setup(DEFAULT_SETUP)


# --- golden rings ----------------------------------------------------------------------------


def golden_on_figures(cells: tuple[str, ...] | list[str], side: int) -> list[int]:
    """How many golden rings each of ``side``'s figures carries, one entry per figure carrying any."""
    letter = SIDE_LETTERS[side]
    return [c.count(GOLD) for c in cells if GOLD in c and c[0] == letter]


def golden_in_play(cells: tuple[str, ...] | list[str], side: int) -> int:
    """``side``'s golden rings still in the game (on its figures or free on squares)."""
    letter = SIDE_LETTERS[side]
    return sum(c.count(GOLD) for c in cells if GOLD in c and letter in c)


def can_capture(cells: tuple[str, ...] | list[str], side: int) -> bool:
    """Rule: both of ``side``'s golden rings on one and the same figure of ``side``."""
    letter = SIDE_LETTERS[side]
    return any(c[0] == letter for c in cells if GOLD + GOLD in c)


def reaches(cells: Sequence[str], a: int, b: int) -> bool:
    """Whether the figure on ``a`` reaches ``b`` by its powers, an opponent's figure on ``b``
    counting as reachable: ``b in figure_targets(cells, a, True)`` without listing the targets
    (``b`` is another square, holding nothing or an opponent's figure). The line from ``a`` to
    ``b`` is looked up, then the squares between are tested (held to :func:`figure_targets` by
    ``tests/games/test_baladana_fast_paths.py``)."""
    rings = cells[a][1:]
    diagonal_power = "R" in rings
    straight_power = "G" in rings
    far = "B" in rings
    if not (diagonal_power or straight_power):
        return far and b in LEAP_SETS[a]
    diagonal, between = LINES.get(64 * a + b) or line_between(a, b)
    if diagonal is None or (between and not far):
        return False
    if not (diagonal_power if diagonal else straight_power):
        return False
    for t in between:  # noqa: SIM110 (a loop: no generator made for the usual 0-2 squares)
        if cells[t]:
            return False
    return True


def line_between(a: int, b: int) -> tuple[bool | None, tuple[int, ...]]:
    """Whether ``a`` and ``b`` are on a diagonal (``True``), a rank or file (``False``) or
    neither (``None``), and the squares between them; kept in :data:`LINES`."""
    df, dr = b % 8 - a % 8, b // 8 - a // 8
    if (df and dr and abs(df) != abs(dr)) or not (df or dr):
        line: tuple[bool | None, tuple[int, ...]] = (None, ())
    else:
        step = (df > 0) - (df < 0) + 8 * ((dr > 0) - (dr < 0))
        line = (bool(df and dr), tuple(range(a + step, b, step)))
    LINES[64 * a + b] = line
    return line


LINES: Final[dict[int, tuple[bool | None, tuple[int, ...]]]] = {}
LEAP_SETS: Final = tuple(frozenset(leaps) for leaps in _LEAPS)


# --- powers ----------------------------------------------------------------------------------


def figure_targets(cells: tuple[str, ...] | list[str], sq: int, capture: bool) -> Iterator[int]:
    """The squares the figure on ``sq`` may move to by its powers; opponent's figures only when
    ``capture`` (its side may capture). Never a free ring or a figure of its own colour; never
    over a figure or a free ring, except the blue-only leap."""
    cell = cells[sq]
    side = cell[0]
    rings = set(cell[1:]) - {GOLD}
    if not rings:
        return
    if rings == {"B"}:
        for t in _LEAPS[sq]:
            c = cells[t]
            if not c or (capture and c[0] in "wb" and c[0] != side):
                yield t
        return
    rays: list[tuple[int, ...]] = []
    if "R" in rings:
        rays.extend(_DIAG_RAYS[sq])
    if "G" in rings:
        rays.extend(_ORTH_RAYS[sq])
    far = "B" in rings
    for ray in rays:
        for t in ray if far else ray[:1]:
            c = cells[t]
            if not c:
                yield t
                continue
            if capture and c[0] in "wb" and c[0] != side:
                yield t
            break


# --- ring moves ----------------------------------------------------------------------------


def ring_moves(position: Position) -> Iterator[tuple[tuple[str, int, int], list[str]]]:
    """Every ring move of the side to move, each once, with the squares after it."""
    cells = position.cells
    letter = SIDE_LETTERS[position.turn]
    for sq, cell in enumerate(cells):
        if not cell:
            continue
        if cell[0] == letter:
            for colour in dict.fromkeys(cell[1:]):
                rest = cell.replace(colour, "", 1)
                for t in NEIGHBOURS[sq]:
                    c = cells[t]
                    if not c:
                        placed = free_ring(colour, position.turn)
                    elif c[0] == letter and len(c) <= MAX_RINGS:
                        placed = figure(position.turn, c[1:] + colour)
                    else:
                        continue
                    after = list(cells)
                    after[sq] = rest
                    after[t] = placed
                    yield (colour, sq, t), after
        elif not is_figure(cell):
            colour = cell[0]
            if colour == GOLD and cell[1:] != letter:
                continue  # only its owner moves a golden ring
            for t in NEIGHBOURS[sq]:
                c = cells[t]
                if c[:1] == letter and len(c) <= MAX_RINGS:
                    after = list(cells)
                    after[sq] = EMPTY
                    after[t] = figure(position.turn, c[1:] + colour)
                    yield (colour, sq, t), after


def after_ring_move(position: Position, ring: tuple[str, int, int] | None) -> list[str]:
    """The squares after a ring move taken as legal (``None``: no ring move)."""
    cells = list(position.cells)
    if ring is None:
        return cells
    colour, a, b = ring
    src = cells[a]
    if is_figure(src):
        cells[a] = src.replace(colour, "", 1)
    else:
        cells[a] = EMPTY
    dst = cells[b]
    cells[b] = figure(position.turn, dst[1:] + colour) if dst else free_ring(colour, position.turn)
    return cells


# --- turns -----------------------------------------------------------------------------------


def tax_choices(captured: str) -> tuple[str, ...]:
    """The ring colours the capturer may tax from the captured figure's cell: none when it
    carried golden rings (they are the tax) or no ring at all."""
    rings = captured[1:]
    if not rings or GOLD in rings:
        return ()
    return tuple(dict.fromkeys(rings))


def _figure_moves(cells: list[str], side: int) -> Iterator[tuple[int, int]]:
    letter = SIDE_LETTERS[side]
    capture = can_capture(cells, side)
    for sq, cell in enumerate(cells):
        if cell[:1] == letter:
            for t in figure_targets(cells, sq, capture):
                yield sq, t


def plain_turns(position: Position) -> Iterator[Move]:
    """Every turn by the definition: no ring move and each ring move, then every figure move on
    the squares after it. :func:`_turns` gives the same turns in the same order, faster (held to
    this by ``tests/games/test_baladana_fast_paths.py``)."""
    side = position.turn
    choices: list[tuple[tuple[str, int, int] | None, list[str]]] = [(None, list(position.cells))]
    choices.extend(ring_moves(position))
    for ring, cells in choices:
        if not golden_on_figures(cells, side):
            continue  # rule 5: the mover keeps a golden ring on a figure
        for start, end in _figure_moves(cells, side):
            taxes = tax_choices(cells[end]) if cells[end] else ()
            yield Move(start, end, ring, taxes[0] if taxes else None)


def _reach(cells: tuple[str, ...] | list[str], sq: int) -> tuple[list[int], frozenset[int]]:
    """The targets of the figure on ``sq`` if it may capture (:func:`figure_targets`, in its
    order), and every square its powers look at: each ray up to and including its first square
    that is not empty, every leap square."""
    cell = cells[sq]
    side = cell[0]
    rings = set(cell[1:]) - {GOLD}
    if not rings:
        return [], frozenset()
    if rings == {"B"}:
        leaps = _LEAPS[sq]
        return [t for t in leaps if not cells[t] or (cells[t][0] in "wb" and cells[t][0] != side)], \
            frozenset(leaps)
    rays: list[tuple[int, ...]] = []
    if "R" in rings:
        rays.extend(_DIAG_RAYS[sq])
    if "G" in rings:
        rays.extend(_ORTH_RAYS[sq])
    far = "B" in rings
    out: list[int] = []
    seen: list[int] = []
    for ray in rays:
        for t in ray if far else ray[:1]:
            seen.append(t)
            c = cells[t]
            if not c:
                out.append(t)
                continue
            if c[0] in "wb" and c[0] != side:
                out.append(t)
            break
    return out, frozenset(seen)


def _turns(position: Position) -> Iterator[Move]:
    """:func:`plain_turns` without generating every figure's moves again after each ring move.

    A ring move changes two squares: the figures on them move differently after it, and so may
    the figures whose powers look at a square it empties or fills (a free ring picked up or put
    down); every other figure keeps the squares it reaches without a ring move. Those are kept
    with the opponent's figures it could capture, which are dropped when the mover may not
    capture (a golden ring moved may change that)."""
    side = position.turn
    letter = SIDE_LETTERS[side]
    cells0 = position.cells
    figures = [sq for sq, c in enumerate(cells0) if c[:1] == letter]
    golden0 = bool(golden_on_figures(cells0, side))
    capture0 = can_capture(cells0, side)
    base = {sq: _reach(cells0, sq) for sq in figures}
    taxes: dict[int, str | None] = {}

    def tax(cells: tuple[str, ...] | list[str], end: int) -> str | None:
        # The end square holds nothing or an opponent's figure, which no ring move changes.
        if not cells[end]:
            return None
        if end not in taxes:
            choices = tax_choices(cells[end])
            taxes[end] = choices[0] if choices else None
        return taxes[end]

    def ends_of(cells: tuple[str, ...] | list[str], reach: list[int], capture: bool) -> list[int]:
        return reach if capture else [t for t in reach if not cells[t]]

    if golden0:
        for sq in figures:
            for end in ends_of(cells0, base[sq][0], capture0):
                yield Move(sq, end, None, tax(cells0, end))
    for ring, cells in ring_moves(position):
        colour, a, b = ring
        if colour == GOLD:
            if not golden_on_figures(cells, side):
                continue  # rule 5: the mover keeps a golden ring on a figure
            capture = can_capture(cells, side)
        elif not golden0:
            continue  # rule 5, no golden ring moved
        else:
            capture = capture0
        changed = [s for s in (a, b) if bool(cells[s]) != bool(cells0[s])]
        for sq in figures:
            reach, looked = base[sq]
            if sq in (a, b) or (changed and not looked.isdisjoint(changed)):
                reach = _reach(cells, sq)[0]
            for end in ends_of(cells, reach, capture):
                yield Move(sq, end, ring, tax(cells, end))


def terminal(position: Position) -> Outcome | None:
    """The win or the no-capture draw, judged before the side to move plays; else ``None``."""
    if not position.over:
        return None
    cells = position.cells
    golds = [cells[sq] for sq in position.gold]  # the squares holding golden rings: at most 4
    mover = position.turn
    me, you = SIDE_LETTERS[mover], SIDE_LETTERS[1 - mover]
    if not any(c[0] == me for c in golds):
        return Outcome(SIDE_NAMES[1 - mover], "golden-rings")
    if not any(c[0] == you for c in golds):
        return Outcome(SIDE_NAMES[mover], "golden-rings")
    if sum(c.count(GOLD) for c in golds if me in c) < 2 and \
            sum(c.count(GOLD) for c in golds if you in c) < 2:
        return Outcome("draw", "no-capture")
    return None


def legal_moves(position: Position) -> list[Move]:
    """Every legal turn, each once (a capture with its first tax choice, R before G before B,
    and no loot), in board order; empty when the game is over."""
    if terminal(position) is not None:
        return []
    return list(_turns(position))


def has_legal_move(position: Position) -> bool:
    """Whether the side to move has a legal turn, without listing them: a figure that moves
    without a ring move answers at once (``terminal`` being ``None``, the mover keeps a golden ring
    on a figure, rule 5); only when none does are the turns with a ring move searched, up to the
    first (held to ``bool(plain_turns)`` by ``tests/games/test_baladana_fast_paths.py``)."""
    return terminal(position) is None and _some_turn(position)


def _some_turn(position: Position) -> bool:
    """Whether a position that is not :func:`terminal` has a legal turn."""
    cells = position.cells
    letter = SIDE_LETTERS[position.turn]
    capture = can_capture_at(cells, position.gold, letter)
    for sq, cell in enumerate(cells):
        if cell[:1] == letter and next(figure_targets(cells, sq, capture), None) is not None:
            return True
    return next(_turns(position), None) is not None


def outcome(position: Position) -> Outcome | None:
    """A win (``golden-rings``), a draw (``no-capture``, or ``no-moves``: no legal turn), or ``None``."""
    done = terminal(position)
    if done is not None:
        return done
    if not _some_turn(position):
        return Outcome("draw", "no-moves")
    return None


def can_capture_at(cells: Sequence[str], gold: Iterable[int], letter: str) -> bool:
    """:func:`can_capture` from the squares holding golden rings."""
    for sq in gold:
        c = cells[sq]
        if c[0] == letter and GOLD + GOLD in c:
            return True
    return False


def golden_end(cells: Sequence[str], gold: Iterable[int]) -> bool:
    """Whether the golden rings on the squares ``gold`` end the game (:func:`terminal`): a side
    without a golden ring on one of its figures, or each side with fewer than two in play. The
    same for either side to move."""
    white_figure = black_figure = False
    white = black = 0
    for sq in gold:
        c = cells[sq]
        first = c[0]
        if first == "w":
            white_figure = True
            white += c.count(GOLD)
        elif first == "b":
            black_figure = True
            black += c.count(GOLD)
        elif c[1] == "w":
            white += 1
        else:
            black += 1
    return not (white_figure and black_figure and (white >= 2 or black >= 2))


def gold_after(gold: tuple[int, ...], cells: Sequence[str], changed: Iterable[int]) -> tuple[int, ...]:
    """The squares holding golden rings in ``cells`` (in board order), given those of a position
    that differed from it only on the squares ``changed``."""
    return tuple(sorted({sq for sq in (*gold, *changed) if GOLD in cells[sq]}))


def with_ring(cell: str, colour: str) -> str:
    """The figure ``cell`` carrying one more ring, its rings in the order ``R G B Y``."""
    out = WITH_RINGS.get(cell + colour)
    if out is None:
        out = WITH_RINGS[cell + colour] = cell[0] + "".join(sorted(cell[1:] + colour, key=RING_ORDER.index))
    return out


WITH_RINGS: Final[dict[str, str]] = {}


CHECKED: Final[list[tuple[Position, Move, Position] | None]] = [None]
"""The last turn :func:`~pbmkit.games.baladana.check.check_move` found legal at once (no loot),
with the position it leads to: ``(position, move, after)``. :func:`apply` gives ``after`` back
when asked for the same position and move objects (both immutable), as the replayer does right
after checking, instead of making it again (held to the plain apply by
``tests/games/test_baladana_fast_paths.py``)."""


def apply(position: Position, move: Move) -> Position:
    """The position after a legal turn (not checked: see :func:`~pbmkit.games.baladana.check.check_move`).

    The squares holding golden rings are carried along: they change only when a golden ring is
    moved, a figure carrying one moves, or one is captured."""
    checked = CHECKED[0]
    if checked is not None and checked[0] is position and checked[1] is move:
        return checked[2]  # made by check_move, which has just found this turn legal
    start, end, ring, _, loot = move
    turn = position.turn
    cells = list(position.cells)
    gold = position.gold
    moved_gold = False
    if ring is not None:
        colour, a, b = ring
        src = cells[a]
        cells[a] = src.replace(colour, "", 1) if src[0] in "wb" else EMPTY
        dst = cells[b]
        cells[b] = with_ring(dst, colour) if dst else free_ring(colour, turn)
        if colour == GOLD:
            moved_gold = True
    mover = cells[start]
    cells[start] = EMPTY
    captured = cells[end]
    cells[end] = mover
    if captured:
        for colour, sq in loot:
            c = cells[sq]
            cells[sq] = figure(owner_of(c) or 0, c[1:] + colour) if c else free_ring(colour)
    if moved_gold or GOLD in mover or GOLD in captured:
        changed = (ring[1], ring[2], start, end) if ring else (start, end)
        gold = gold_after(gold, cells, changed)
        return Position(tuple(cells), 1 - turn, gold, golden_end(cells, gold))
    # No golden ring moved: the same squares, with the same golden rings, end the game or not.
    return Position(tuple(cells), 1 - turn, gold, position.over)
