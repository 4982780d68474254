"""How Baladãna turns are written (``docs/baladana.md``, "Notation").

A side's turn is ``[ring move] figure move [tax R] [loot G>e4 B>c3]``, parts separated by spaces:

* ring move ``Gd1>e2``: the ring letter (``R``, ``G``, ``B``, ``Y``), the square it leaves, ``>``,
  the square it goes to;
* figure move ``e2-e6``, or ``c1xh6`` for a capture (``x`` is required on a capture and refused
  elsewhere);
* ``tax R`` after capturing a figure that carried rings and no golden ring;
* ``loot`` then one item per ring kept, ``G>e4`` (ring letter, ``>``, square).

Input is case-insensitive and spacing is free between parts; output is canonical: ring letters
upper case, squares lower case, one space between parts. Every pattern is a fixed-length token
matched with ``fullmatch`` (linear). A written turn longer than :data:`MAX_TURN_LENGTH` is refused.
"""


from collections.abc import Sequence
from typing import Final, NamedTuple

from pbmkit.games.baladana.rules import (
    BOARD,
    SIDE_LETTERS,
    Move,
    Position,
    space,
    space_name,
)
from pbmkit.games.base import IllegalMoveError
from pbmkit.games.notation import (
    MoveSyntaxError,
    NotationBase,
    RunSplit,
    guarded,
    memoised_reader,
    not_a_move,
)

__all__ = ["MAX_TURN_LENGTH", "NOTATION", "BaladanaNotation", "bare_text", "move_text", "split_turns"]

MAX_TURN_LENGTH: Final = 120
_EXAMPLE: Final = "Gd1>e2 e2-e6"
# The words of a turn, each a fixed-length token, matched by hand (no pattern to compile at the
# start of every command; held to the patterns they replace by tests/games/test_baladana_fast_paths.py):
# a ring move ``[RGBY][a-h][1-8]>[a-h][1-8]``, a figure move ``[a-h][1-8][-x×–][a-h][1-8]``, a loot
# item ``[RGBY]>[a-h][1-8]``, a tax letter ``[RGBY]``; any case.
_LETTERS: Final = frozenset("RGBYrgby")
_FILES: Final = frozenset("abcdefghABCDEFGH")
_RANKS: Final = frozenset("12345678")
_SEPARATORS: Final = frozenset("-xX×–")


def _square_at(word: str, i: int) -> bool:
    return word[i] in _FILES and word[i + 1] in _RANKS


def _ring_word(word: str) -> bool:
    """``Gd1>e2``: a ring letter, a square, ``>``, a square."""
    return (len(word) == 6 and word[0] in _LETTERS and word[3] == ">" and _square_at(word, 1)
            and _square_at(word, 4))


def _looks_like_squares(word: str) -> bool:
    """Whether ``word`` names a square somewhere (``d1``, ``Qd1>e2``): a turn mistyped, which the
    reader explains word by word; a word with none (``banana``) is no turn at all."""
    return any(word[k] in "abcdefghABCDEFGH" and word[k + 1] in "12345678"
               for k in range(len(word) - 1))


def _figure_word(word: str) -> bool:
    """``e2-e6`` or ``c1xh6``."""
    return len(word) == 5 and word[2] in _SEPARATORS and _square_at(word, 0) and _square_at(word, 3)


def _loot_word(word: str) -> bool:
    """``G>e4``."""
    return len(word) == 4 and word[0] in _LETTERS and word[1] == ">" and _square_at(word, 2)


# One side's turn in a run of move text (:meth:`BaladanaNotation.split`): an optional ring move, a
# figure move, an optional tax and loot. Atomic, bounded: linear on any line.
_SQ: Final = r"[a-z][0-9]{1,2}"
_ONE_TURN: Final = (
    rf"(?i:(?>(?:[a-z][ \t]*{_SQ}[ \t]*>[ \t]*{_SQ}[ \t]+)?{_SQ}[ \t]*[-x×–][ \t]*{_SQ}"
    rf"(?:[ \t]+tax[ \t]+[a-z](?![a-z0-9]))?(?:[ \t]+loot(?:[ \t]+[a-z][ \t]*>[ \t]*{_SQ}){{1,8}})?"
    rf"|[a-z][ \t]*{_SQ}[ \t]*>[ \t]*{_SQ}))")
# The common run, two turns as the writer spells them: split at once by RunSplit (held to the
# plain split by tests/games/test_run_split.py); both patterns are compiled on first use.
_TURN: Final = (r"(?:[RGBY][a-h][1-8]>[a-h][1-8] )?[a-h][1-8][-x][a-h][1-8](?: tax [RGB])?"
                r"(?: loot [RGB]>[a-h][1-8](?: [RGB]>[a-h][1-8]){0,3})?")
_QUICK_RUN: Final = rf"({_TURN})()(?: ({_TURN})())?[ \t]*"


class _Written(NamedTuple):
    """A turn as read from text, before a position is known (a named tuple: a dataclass costs
    ~1 ms to define at every start-up)."""

    ring: tuple[str, int, int] | None
    start: int
    end: int
    capture: bool
    tax: str | None
    loot: tuple[tuple[str, int], ...]
    canonical: str


def _sq(name: str) -> int:
    return space(name)


def _tokens(text: str) -> list[str]:
    """The words of ``text``, with ``>`` and ``x`` kept inside the word they are written in;
    spaces round ``>`` are closed up (``G d1 > e2`` reads as ``Gd1>e2``)."""
    body = text.strip()
    if len(body) > MAX_TURN_LENGTH:
        guarded(body, MAX_TURN_LENGTH, _EXAMPLE, "turn")
    return _close_up(body).split()


def _close_up(text: str) -> str:
    """``text`` with the blanks round each ``>`` taken out (as ``re.sub(r"\\s*>\\s*", ">", text)``)."""
    if ">" not in text:
        return text
    first, *middle, last = text.split(">")
    return ">".join([first.rstrip(), *(p.strip() for p in middle), last.lstrip()])


_SQUARES: Final = {name: sq for sq, name in enumerate(BOARD.names)}
"""Square numbers by lower-case name."""


def _canonical(text: str) -> _Written | None:
    """``text`` read at once when it is a turn without tax or loot written as the writer writes
    it (``e2-e6``, ``c1xh6``, ``Gd1>e2 e2-e6``); ``None`` for anything else, which
    :func:`_parse` reads word by word (held to it by ``tests/games/test_baladana_fast_paths.py``)."""
    got = read_plain(text)
    if got is None:
        return None
    move, capture = got
    return _Written(move.ring, move.start, move.end, capture, move.tax, (), text)


def read_plain(text: str) -> tuple[Move, bool] | None:
    """The turn ``text`` and its capture mark when ``text`` is spelt as the writer spells a turn
    without loot (``[Gd1>e2 ]e2-e6``, ``[Gd1>e2 ]c1xh6[ tax R]``); else ``None``. Each figure move
    and ring move is read once and kept (at most 8,192 and 16,384 words), so that a record's turns
    are read without splitting words."""
    n = len(text)
    tax = None
    if n > 10 and text[-6:-1] == " tax ":
        tax = text[-1]
        if tax not in _TAX_LETTERS:
            return None
        n -= 6
        text = text[:n]
    if n == 5:
        figure = FIGURE_WORDS.get(text) or figure_word_read(text)
        ring = None
    elif n == 12 and text[6] == " ":
        ring = RING_WORDS.get(text[:6]) or ring_word_read(text[:6])
        figure = FIGURE_WORDS.get(text[7:]) or figure_word_read(text[7:])
        if ring is None:
            return None
    else:
        return None
    if figure is None:
        return None
    bare, capture = figure
    if tax is None:
        return figure if ring is None else (_new_move(Move, (bare.start, bare.end, ring, None, ())),
                                            capture)
    if not capture:  # a tax without x: the word-by-word reader says what is wrong
        return None
    return _new_move(Move, (bare.start, bare.end, ring, tax, ())), True


_TAX_LETTERS: Final = frozenset("RGBY")
_new_move = tuple.__new__
FIGURE_WORDS: Final[dict[str, tuple[Move, bool]]] = {}
RING_WORDS: Final[dict[str, tuple[str, int, int]]] = {}


def figure_word_read(word: str) -> tuple[Move, bool] | None:
    """``e2-e6`` or ``c1xh6`` as the writer writes it: the figure move and whether ``x`` marks a
    capture, kept in :data:`FIGURE_WORDS`."""
    sep = word[2]
    start, end = _SQUARES.get(word[:2]), _SQUARES.get(word[3:])
    if (sep != "-" and sep != "x") or start is None or end is None:
        return None
    got = FIGURE_WORDS[word] = (Move(start, end), sep == "x")
    return got


def ring_word_read(word: str) -> tuple[str, int, int] | None:
    """``Gd1>e2`` as the writer writes it, kept in :data:`RING_WORDS`."""
    a, b = _SQUARES.get(word[1:3]), _SQUARES.get(word[4:6])
    if word[0] not in "RGBY" or word[3] != ">" or a is None or b is None:
        return None
    ring = RING_WORDS[word] = (word[0], a, b)
    return ring


def _parse(text: str) -> _Written:
    """Read one side's turn without a position; ``MoveSyntaxError`` saying what is wrong."""
    written = _canonical(text)
    return _parse_words(text) if written is None else written


def _parse_words(text: str) -> _Written:
    """:func:`_parse` word by word, for any spelling."""
    words = _tokens(text)
    if not words:
        raise MoveSyntaxError("an empty turn")
    i = 0
    ring = None
    if _ring_word(words[0]):
        w = words[0]
        ring = (w[0].upper(), _sq(w[1:3]), _sq(w[4:6]))
        i = 1
    if i >= len(words):
        raise MoveSyntaxError(f"the ring move {words[0]!r} is followed by no figure move: a turn "
                              f"always moves a figure, like {_EXAMPLE}")
    f = words[i]
    if not _figure_word(f) and i == 0 and not _looks_like_squares(f):
        raise not_a_move(text, "Baladãna", "write [ring move] figure move [tax R] [loot G>e4], "
                         f"like {_EXAMPLE}", "turn")
    if not _figure_word(f):
        raise MoveSyntaxError(f"expected a figure move like e2-e6 or c1xh6 in {text.strip()!r}, "
                              f"found {words[i]!r} (a turn is [ring move] figure move [tax R] "
                              "[loot G>e4])")
    start, end = _sq(f[0:2]), _sq(f[3:5])
    capture = f[2] in "xX×"
    i += 1
    tax = None
    if i < len(words) and words[i].lower() == "tax":
        if i + 1 >= len(words) or words[i + 1] not in _LETTERS:
            raise MoveSyntaxError("'tax' is followed by the letter of the ring taxed: R, G or B")
        tax = words[i + 1].upper()
        i += 2
    loot: list[tuple[str, int]] = []
    if i < len(words) and words[i].lower() == "loot":
        i += 1
        while i < len(words) and _loot_word(item := words[i]):
            loot.append((item[0].upper(), _sq(item[2:4])))
            i += 1
        if not loot:
            raise MoveSyntaxError("'loot' is followed by the rings kept, each as letter>square, "
                                  "like loot G>e4 B>c3")
    if i < len(words):
        raise MoveSyntaxError(f"unexpected {words[i]!r} in {text.strip()!r}: a turn is [ring move] "
                              "figure move [tax R] [loot G>e4 B>c3]")
    if (tax is not None or loot) and not capture:
        raise MoveSyntaxError("tax and loot follow a capture, written with x (c1xh6 tax R)")
    parts = []
    if ring is not None:
        parts.append(f"{ring[0]}{space_name(ring[1])}>{space_name(ring[2])}")
    parts.append(f"{space_name(start)}{'x' if capture else '-'}{space_name(end)}")
    if tax is not None:
        parts.append(f"tax {tax}")
    if loot:
        parts.append("loot " + " ".join(f"{c}>{space_name(s)}" for c, s in loot))
    return _Written(ring, start, end, capture, tax, tuple(loot), " ".join(parts))


_read = memoised_reader(_parse)


def bare_text(move: Move) -> str:
    """``[ring move] figure move`` without tax and loot, ``x`` unknown: ``"Gd1>e2 e2-e6"``."""
    ring = f"{move.ring[0]}{space_name(move.ring[1])}>{space_name(move.ring[2])} " if move.ring else ""
    return f"{ring}{space_name(move.start)}-{space_name(move.end)}"


def move_text(position: Position, move: Move, *, spoils: bool = True) -> str:
    """The canonical text of ``move`` in ``position``; ``spoils=False`` leaves tax and loot out."""
    ring = f"{move.ring[0]}{space_name(move.ring[1])}>{space_name(move.ring[2])} " if move.ring else ""
    target = position.cells[move.end]
    # A capture: the end square holds an opponent's figure (a ring move never changes that).
    capture = target[:1] == SIDE_LETTERS[1 - position.turn]
    text = f"{ring}{space_name(move.start)}{'x' if capture else '-'}{space_name(move.end)}"
    if spoils and move.tax is not None:
        text += f" tax {move.tax}"
    if spoils and move.loot:
        text += " loot " + " ".join(f"{c}>{space_name(s)}" for c, s in move.loot)
    return text


def split_turns(text: str) -> tuple[str, ...]:
    """The sides' turns in a run of move text: ``"Gd1>e2 e2-e6 c7-c6"`` ->
    ``("Gd1>e2 e2-e6", "c7-c6")``. A turn ends after its figure move and its tax and loot; the
    next ring move or figure move starts the next turn. ``MoveSyntaxError`` for a word that fits
    nowhere."""
    words = _tokens(text)
    turns: list[list[str]] = []
    current: list[str] = []
    moved = False
    i = 0
    while i < len(words):
        w = words[i]
        low = w.lower()
        if _ring_word(w) or _figure_word(w):
            figure_word = _figure_word(w)
            if moved or (current and not figure_word):
                turns.append(current)
                current, moved = [], False
            current.append(w)
            moved = figure_word
        elif low == "tax" and moved and i + 1 < len(words):
            current.extend((w, words[i + 1]))
            i += 1
        elif low == "loot" and moved:
            current.append(w)
            while i + 1 < len(words) and _loot_word(words[i + 1]):
                current.append(words[i + 1])
                i += 1
        else:
            raise MoveSyntaxError(f"{w!r} is not part of a Baladãna turn ([ring move] figure move "
                                  "[tax R] [loot G>e4])")
        i += 1
    if current:
        turns.append(current)
    return tuple(" ".join(t) for t in turns)


class BaladanaNotation(NotationBase[Position, Move]):
    """The Baladãna turn notation (``[ring move] figure move [tax R] [loot G>e4 B>c3]``)."""

    example = _EXAMPLE

    def normalize(self, text: str) -> str:
        """``"gD1 > E2  e2-E6"`` -> ``"Gd1>e2 e2-e6"``; ``MoveSyntaxError`` if not a turn."""
        return _read(text).canonical

    def read(self, text: str, position: Position) -> Move:
        """The turn ``text`` means in ``position`` (not checked for legality, except the capture
        mark: ``x`` on a figure move that captures nothing, or a capture written with ``-``, is
        :class:`IllegalMoveError`)."""
        n = len(text)
        # The writer's spellings from the words already read (read_plain without a call), else read_plain,
        # else word by word.
        got = FIGURE_WORDS.get(text) if n == 5 else None
        if n == 12 and text[6] == " ":
            ring = RING_WORDS.get(text[:6])
            figure = FIGURE_WORDS.get(text[7:])
            if ring is not None and figure is not None:
                bare, capture = figure
                end = bare.end
                move = _new_move(Move, (bare.start, end, ring, None, ()))
                if capture == (position.cells[end][:1] == SIDE_LETTERS[1 - position.turn]):
                    return move
                raise _capture_mark(move, capture)
        if got is None:
            got = read_plain(text)
        if got is None:
            w = _read(text)
            move, capture = Move(w.start, w.end, w.ring, w.tax, w.loot), w.capture
        else:
            move, capture = got
        end = move.end
        if capture == (position.cells[end][:1] == SIDE_LETTERS[1 - position.turn]):
            return move
        raise _capture_mark(move, capture)

    def format(self, move: Move, position: Position) -> str:
        """The canonical text of ``move`` in ``position`` (tax and loot included)."""
        return move_text(position, move)

    def listing(self, move: Move, position: Position) -> str:
        """``[ring move] figure move``: the turn as ``pbmkit moves`` lists it, without the tax and
        loot chosen after a capture (docs/baladana.md)."""
        return move_text(position, move, spoils=False)

    def summarise(self, moves: Sequence[Move], position: Position) -> list[str]:
        """The turns grouped by the figure that moves: its moves alone, then the moves it has
        only after a ring move, with the ring moves that allow them (``--from`` and ``--json``
        list every turn)."""
        by_figure: dict[int, list[Move]] = {}
        for m in moves:
            by_figure.setdefault(m.start, []).append(m)
        lines: list[str] = []
        for start in sorted(by_figure):
            turns = by_figure[start]
            cell = position.cells[start]
            alone = sorted({m.end for m in turns if m.ring is None})
            more = sorted({m.end for m in turns if m.ring is not None} - set(alone))
            rings = sorted({m.ring for m in turns if m.ring is not None})
            name = space_name(start)
            lines.append(f"{name} ({'+'.join(cell[1:]) or 'no ring'}): {len(turns)} turn(s)")
            if alone:
                lines.append("  " + _wrap("alone: ", [f"{name}{_sep(position, e)}{space_name(e)}"
                                                       for e in alone]))
            if more:
                lines.append("  " + _wrap(f"after a ring move ({len(rings)} possible): ",
                                          [f"{name}{_sep(position, e)}{space_name(e)}" for e in more]))
        return lines

    split = RunSplit(_QUICK_RUN, _ONE_TURN)
    """The sides' turns in a run of move text: ``"Gd1>e2 e2-e6 c7-c6"`` -> two turns."""


def _sep(position: Position, end: int) -> str:
    """``x`` before a square holding an opponent's figure, else ``-``."""
    return "x" if position.cells[end][:1] == SIDE_LETTERS[1 - position.turn] else "-"


def _wrap(head: str, items: list[str], width: int = 96) -> str:
    """``head`` and the items, comma-separated, continued on indented lines past ``width``."""
    lines, line = [], head
    for k, item in enumerate(items):
        piece = item + (", " if k < len(items) - 1 else "")
        if len(line) + len(piece) > width and line.strip():
            lines.append(line.rstrip())
            line = "    "
        line += piece
    lines.append(line)
    return "\n  ".join(lines)


def _capture_mark(move: Move, capture: bool) -> IllegalMoveError:
    """The error for the capture mark of ``move``, wrong either way."""
    end = space_name(move.end)
    if capture:
        return IllegalMoveError(f"'x' marks a capture, but {end} holds no figure of your opponent's",
                                move.start)
    return IllegalMoveError(f"{end} holds your opponent's figure: write the capture with x "
                            f"({space_name(move.start)}x{end})", move.start)


NOTATION: Final = BaladanaNotation()
"""The Baladãna move notation."""
