"""What every game's move notation provides, and the helpers the notations share.

A game's package writes its own moves (``pbmkit/games/<game>/notation.py``); the record reader and
writer in :mod:`pbmkit.records` reach it through :class:`MoveNotation` only.
"""


import re
from collections.abc import Callable, Collection, Hashable, Iterator, Sequence
from typing import TYPE_CHECKING, Generic, NamedTuple, Protocol, TypeVar, runtime_checkable

from pbmkit.games.base import MoveError
from pbmkit.games.board import board_order

if TYPE_CHECKING:
    from pbmkit.games.base import AnyGame

__all__ = [
    "KeepsMarks",
    "ListsMoves",
    "MoveNotation",
    "MoveSpan",
    "MoveSyntaxError",
    "NotationBase",
    "Pbmserv",
    "RunSplit",
    "StreamsMoves",
    "SummarisesMoves",
    "destinations",
    "guarded",
    "memoised_reader",
    "not_a_move",
    "quick_pattern",
    "split_by",
]

W = TypeVar("W")
P_contra = TypeVar("P_contra", contravariant=True)
M = TypeVar("M", bound=Hashable)
M_contra = TypeVar("M_contra", bound=Hashable, contravariant=True)


class MoveSyntaxError(MoveError):
    """A written move that cannot be read at all (``IR to``, ``g4``, ``NA to HS``); says why.
    ``start``: the starting space, when that much could be read (:class:`MoveError`)."""


def memoised_reader(parse: Callable[[str], W], size: int = 8192) -> Callable[[str], W]:
    """``parse`` remembered per text, its :class:`MoveSyntaxError` too: records repeat moves."""
    cache: dict[str, W | MoveSyntaxError] = {}

    def read(text: str) -> W:
        got = cache.get(text)
        if got is None:
            try:
                got = parse(text)
            except MoveSyntaxError as exc:
                got = MoveSyntaxError(str(exc), exc.start)  # kept without its traceback
            if len(cache) > size:
                cache.clear()
            cache[text] = got
        if isinstance(got, MoveSyntaxError):
            raise MoveSyntaxError(str(got), got.start)
        return got

    read.__doc__ = parse.__doc__
    return read


class MoveSpan(NamedTuple):
    """One move in a run of move text (:meth:`MoveNotation.split`): offsets into the run."""

    start: int
    """The offset of the move's first character."""
    end: int
    """The offset just after the move's own text."""
    announcements: tuple[str, ...] = ()
    """The words written after the move (Batalo's ``("averto",)``), lower case, as written."""
    stop: int = -1
    """The offset just after the move's announcements (``-1``: the same as :attr:`end`)."""


_WORD = re.compile(r"[^ \t]+")


def split_by(pattern: re.Pattern[str], text: str, announcements: Collection[str] = ()
             ) -> list[MoveSpan]:
    """The moves of a run of move text, found by ``pattern`` (one whole move of the game).

    From each word on: an announcement word (lower case in ``announcements``) joins the move
    before it; else the match of ``pattern`` there is a move (taken to the end of the word it
    stops in); else the word alone is a move, which the notation's reader will then reject with
    its own words. Total and linear as long as ``pattern`` is (bounded repetitions, atomic groups).
    """
    spans: list[MoveSpan] = []
    words = _WORD.match
    match = pattern.match
    i, n = 0, len(text)
    while i < n:
        if text[i] in " \t":
            i += 1
            continue
        word = words(text, i)
        assert word is not None  # text[i] is not a blank
        w_end = word.end()
        if announcements and spans:
            low = word.group().lower()
            if low in announcements:
                last = spans[-1]
                spans[-1] = MoveSpan(last.start, last.end, (*last.announcements, low), w_end)
                i = w_end
                continue
        m = match(text, i)
        end = m.end() if m is not None and m.end() > i else w_end
        if end < n and text[end] not in " \t":  # the move stops inside a word: take all of it
            more = words(text, end)
            assert more is not None
            end = more.end()
        spans.append(MoveSpan(i, end, (), end))
        i = end
    return spans


class RunSplit:
    """A notation's ``split``: :func:`split_by` with ``one`` (one move's pattern), and a quick
    path for the common run, a few moves written canonically.

    ``quick`` matches a whole common run: its groups come in pairs, a move then the announcement
    after it (each announcement group matches one fixed word, or nothing: ``()``), as many pairs as
    a turn holds moves. Where it matches, the spans come from the places of its groups, built once
    for each shape of run (the positions of the groups) and shared: callers must not change them.
    :meth:`plain` is the definition the quick path is held to (``tests/games/test_every_game.py``).
    Used as a class attribute: ``split = RunSplit(QUICK, ONE_MOVE)``.

    ``quick`` matches move text only: words the record grammar's MOVETEXT takes (none starting
    with a digit, ``.`` or ``…``, no ending word, no ``round N``), separated by spaces or tabs,
    with no backreference, so that ``pbmkit check``'s lean path may read a whole turn line with
    it (the turn's number, then ``quick``, then the line's end) in one match; held by
    ``tests/records/test_lean_turns.py`` for every game.
    """

    __slots__ = ("_announcements", "_one", "_quick", "_shapes")

    def __init__(self, quick: str, one: str, announcements: Collection[str] = ()) -> None:
        self._quick: re.Pattern[str] | str = quick
        self._one: re.Pattern[str] | str = one
        self._announcements = frozenset(announcements)
        self._shapes: dict[tuple[tuple[int, int], ...], tuple[MoveSpan, ...]] = {}

    @property
    def quick(self) -> str:
        """The quick path's pattern, as given."""
        return self._quick if isinstance(self._quick, str) else self._quick.pattern

    def __call__(self, text: str) -> Sequence[MoveSpan]:
        quick = self._quick
        if isinstance(quick, str):  # compiled on first use: start-up pays only what it uses
            quick = self._quick = re.compile(quick)
        m = quick.fullmatch(text)
        if m is None:
            return self.plain(text)
        regs = m.regs
        spans = self._shapes.get(regs)
        if spans is None:
            if len(self._shapes) > 4096:
                self._shapes.clear()
            spans = self._shapes[regs] = self._spans(m)
        return spans

    def plain(self, text: str) -> list[MoveSpan]:
        """The spans by definition: :func:`split_by` with one move's pattern."""
        one = self._one
        if isinstance(one, str):
            one = self._one = re.compile(one)
        return split_by(one, text, self._announcements)

    @staticmethod
    def _spans(m: re.Match[str]) -> tuple[MoveSpan, ...]:
        regs = m.regs
        spans = []
        for k in range(1, len(regs) - 1, 2):
            (start, end), (a_start, a_end) = regs[k], regs[k + 1]
            if start < 0:
                break
            if a_end > a_start >= 0:
                spans.append(MoveSpan(start, end, (m.string[a_start:a_end].lower(),), a_end))
            else:
                spans.append(MoveSpan(start, end, (), end))
        return tuple(spans)


class MoveNotation(Protocol[P_contra, M]):
    """How a game writes its moves: what the record reader, the replayer and the writer ask.

    The record grammar finds a turn's move text (a run of text between turn numbers, comments and
    endings) and hands it to :meth:`split`, then each move's text to :meth:`read`. Where a move
    starts and ends is the game's :meth:`~pbmkit.games.base.Touching.touched`, asked through
    :func:`~pbmkit.games.base.start_of` and :func:`destinations`; a notation says nothing of it.
    :class:`NotationBase` gives the defaults.
    """

    @property
    def example(self) -> str:
        """A typical move as written, for messages (``"IR to HS"``)."""
        ...

    def split(self, text: str) -> Sequence[MoveSpan]:
        """The moves written in ``text``, a run of move text (words on one line between a turn
        number, comments and an ending), in order, with the words announced after each. Total:
        never raises; every word belongs to a span (a word that fits no move is a span of its
        own, which :meth:`normalize` then rejects). Most games call :func:`split_by`."""
        ...

    def normalize(self, text: str) -> str:
        """The canonical spelling of a written move, without a position; ``MoveSyntaxError`` if unreadable."""
        ...

    def read(self, text: str, position: P_contra) -> M:
        """The game's move for ``text`` in ``position``: notation checks only, not legality.

        Raises ``MoveSyntaxError`` (unreadable, with ``.start`` set when the starting space was
        readable) or ``IllegalMoveError`` (readable, but the text contradicts the position, e.g.
        an explicit capture with nothing to capture; ``AmbiguousMoveError`` with the candidates).
        """
        ...

    def format(self, move: M, position: P_contra) -> str:
        """The canonical text of ``move`` played in ``position`` (``"IR to HS"``)."""
        ...



@runtime_checkable
class KeepsMarks(Protocol[P_contra, M_contra]):
    """A notation with optional marks a player may write (Billo's ``=B``): ``pbmkit move`` keeps
    the marks typed in what it appends, where the writer's canonical text leaves them out."""

    def format_written(self, move: M_contra, position: P_contra, written: str) -> str:
        """The canonical text of ``move`` with the optional marks of ``written`` kept."""
        ...



@runtime_checkable
class ListsMoves(Protocol[P_contra, M_contra]):
    """A notation whose move listings (``pbmkit moves``) leave out what a player chooses after the
    move itself (Baladãna's tax and loot, chosen once the capture is made): each listed text
    stands for every move written with it, and is listed once."""

    def listing(self, move: M_contra, position: P_contra) -> str:
        """The text of ``move`` in a list of legal moves."""
        ...


@runtime_checkable
class SummarisesMoves(Protocol[P_contra, M_contra]):
    """A notation whose legal moves are too many to read one a line (Baladãna: 1,000–4,000 turns,
    ring moves times figure moves): ``pbmkit moves`` prints this summary instead (``--json`` still
    lists every move)."""

    def summarise(self, moves: Sequence[M_contra], position: P_contra) -> list[str]:
        """Lines that group ``moves`` readably (by piece, say), each at most ~100 characters."""
        ...


@runtime_checkable
class StreamsMoves(Protocol[P_contra]):
    """A notation that lists the legal moves of a position one at a time, in order, without
    building them all first (Billo: a contrived position has hundreds of thousands of paths):
    ``pbmkit moves --json`` writes them as they come."""

    def sorted_listing(self, position: P_contra, start: int | None = None) -> Iterator[str]:
        """The texts ``pbmkit moves --json`` lists, each once and in sorted order (``sorted`` of
        the texts of the legal moves, of the piece on the space ``start`` only if given)."""
        ...


@runtime_checkable
class Pbmserv(Protocol[M_contra]):
    """A notation with a pbmserv form (Batalo's row-and-diagonal names): ``convert --to pbmserv``
    writes a record with it, and says clearly that a game without it has no pbmserv form."""

    def pbmserv(self, move: M_contra | None) -> str:
        """``move`` in pbmserv's coordinates (``""`` for ``None``)."""
        ...


def destinations(game: "AnyGame", position: object, start: int) -> tuple[str, ...]:
    """Where the piece on ``start`` may go in ``position``: the names of the ends
    (:func:`~pbmkit.games.base.end_of`) of the legal moves that start there
    (:func:`~pbmkit.games.base.start_of`), sorted by name. A notation that streams its moves
    (:class:`StreamsMoves`: Billo, whose two paths to one square may capture different pieces) lists
    the moves themselves, never building them all."""
    from pbmkit.games.base import end_of, start_of

    notation = game.notation
    if isinstance(notation, StreamsMoves):
        return tuple(notation.sorted_listing(position, start))
    board = game.board
    ends = {end for m in game.legal_moves(position)
            if start_of(game, m) == start and (end := end_of(game, m)) is not None}
    return tuple(sorted((board.name(e) for e in ends), key=board_order))


def guarded(text: str, max_length: int | None, example: str, what: str = "move") -> str:
    """``text`` without the blanks round it; :class:`MoveSyntaxError` for an empty text or one
    longer than ``max_length`` (``None``: no limit): the common guards of every notation, in one
    place and one wording ("an empty action", "a move of 93 characters is too long: write one move
    like c2-c3")."""
    body = text.strip()
    if not body:
        raise MoveSyntaxError(f"an empty {what}")
    if max_length is not None and len(body) > max_length:
        raise MoveSyntaxError(f"a{'n' if what[:1] in 'aeiou' else ''} {what} of {len(body)} "
                              f"characters is too long: write one {what} like {example}")
    return body


def not_a_move(text: str, title: str, how: str, what: str = "move") -> MoveSyntaxError:
    """The one wording, in every game, of a text that is no move of the game at all (``banana``):
    what was read, as written, and how the game writes a move: "'banana' is not a Batalo move:
    write two space names, like IR to HS". ``how`` ends with the game's example."""
    return MoveSyntaxError(f"{text.strip()[:60]!r} is not a{'n' if title[:1] in 'AEIOU' else ''} "
                           f"{title} {what}: {how}")


_STOP = (r"(?![0-9.…]|(?:[Rr](?i:esigns|ound[ \t]+[0-9]{1,9})|[Cc](?i:oncedes)"
         r"|[Dd](?i:raw[ \t]+(?:agreed|claimed)))(?![A-Za-z0-9]))")
"""Where the record grammar's MOVETEXT cannot start a word (a number, ``.``, ``…``, an ending,
``round N``): a derived quick pattern's moves start nowhere else."""

_STOP_PROBES = ("0", "1", "5", "9", ".", "…", "resigns", "Resigns", "RESIGNS", "round 2",
                "Round\t2", "concedes", "Concedes", "draw agreed", "Draw claimed", "DRAW AGREED")
"""What a move's pattern is tried on to tell whether it may start where MOVETEXT stops (where
none of them matches at all, the derived quick pattern leaves the guard out)."""

QUICK_MOVES = 2
"""The most moves a derived quick pattern takes on one turn line unless the notation says
otherwise (:attr:`NotationBase.turn_moves`): a turn of two sides. A longer turn is read by the
game's ``split`` alone: right, a little slower; every move more costs every turn a little."""


def quick_pattern(one: re.Pattern[str], announcements: Collection[str] = (),
                  moves: int = QUICK_MOVES) -> str:
    """The quick pattern of a :class:`RunSplit` derived from one move's pattern (what
    :class:`NotationBase` does for a notation that gives ``one_move`` and no ``split``): up to
    ``moves`` moves, each one match of ``one`` (a trailing ``\b`` left out) that starts where
    MOVETEXT may start a word and ends at a blank or the run's end, then one of
    ``announcements`` or nothing, blanks between them; held to ``split_by`` and the record
    grammar by ``tests/notation/test_lean_turns.py``. Measured (issue 40, Hex's 20,000 plies
    under callgrind) within a few percent of the pattern written by hand."""
    body = one.pattern.removesuffix(r"\b")  # the word's end is asked anyway, more strictly
    if one.flags & re.IGNORECASE:
        body = f"(?i:{body})"
    # The guard costs a little on every move: asked only of a move that may start like a stop.
    stop = _STOP if any(re.match(body, probe) for probe in _STOP_PROBES) else ""
    words = "|".join(re.escape(w) for w in sorted(announcements))
    said = rf"(?:[ \t]+((?i:{words})))?" if words else "()"
    # No move need say where its word ends: a blank, the run's end (the line's, a comment's
    # ``{``) always comes next, so a match that stops inside a word is no match.
    move = rf"({stop}(?:{body})){said}"
    pattern = move + rf"(?:[ \t]+{move}" * (moves - 1) + ")?" * (moves - 1)
    return rf"{pattern}[ \t]*"


class NotationBase(Generic[P_contra, M]):
    """Defaults for a game's notation: the common guard on a written move (:meth:`body`) and
    :meth:`split` by one move's pattern (:attr:`one_move`): a :class:`RunSplit` whose quick
    pattern is derived from it (:func:`quick_pattern`), so that ``pbmkit check``'s lean path reads
    a turn line in one match. A notation subclasses it, sets :attr:`example` and :attr:`one_move`
    (or its own ``split``) and writes ``normalize``, ``read`` and ``format``.
    """

    def __init_subclass__(cls, **kwargs: object) -> None:
        """A class that sets ``one_move`` and no ``split`` gets the :class:`RunSplit` of it."""
        super().__init_subclass__(**kwargs)
        one = cls.__dict__.get("one_move")
        if isinstance(one, re.Pattern) and "split" not in cls.__dict__:
            words = cls.announcement_words
            cls.split = RunSplit(quick_pattern(one, words, cls.turn_moves),  # type: ignore[method-assign,assignment]
                                 one.pattern, words)

    example: str = ""
    """A typical move as written, for messages and forms (``"IR to HS"``)."""
    what: str = "move"
    """What one move is called in messages (``"action"``, ``"turn"``)."""
    max_length: int = 80
    """The longest move text read (a longer one is refused before any pattern sees it)."""
    one_move: re.Pattern[str] | None = None
    """One move's pattern, for :meth:`split` (atomic and bounded: linear)."""
    announcement_words: Collection[str] = ()
    """The words a record may write after a move (lower case), joined to it by :meth:`split`."""
    turn_moves: int = QUICK_MOVES
    """The moves of one numbered turn (the game's sides): how many the derived quick pattern
    takes on one turn line (a game of three sides says 3)."""
    title: str = ""
    """The game's name, for the default :meth:`normalize`'s refusal."""
    how: str = ""
    """How a move is written, for the default :meth:`normalize`'s refusal ("write a square like
    d3 (columns a–h, rows 1–8 from the top), or pass")."""

    def normalize(self, text: str) -> str:
        """A move that :attr:`one_move` matches whole, in lower case (most games' canonical
        spelling); :func:`not_a_move` with :attr:`title` and :attr:`how` for anything else."""
        written = self.body(text)
        if self.one_move is not None and self.one_move.fullmatch(written):
            return written.lower()
        raise not_a_move(written, self.title, self.how)

    def body(self, text: str) -> str:
        """:func:`guarded` with this notation's words."""
        return guarded(text, self.max_length, self.example, self.what)

    def split(self, text: str) -> Sequence[MoveSpan]:
        """The moves of a run of move text: :func:`split_by` with :attr:`one_move`."""
        assert self.one_move is not None, "a notation sets one_move or its own split"
        return split_by(self.one_move, text, self.announcement_words)
