"""The record model: one game as written, with every element's place in the source.

A :class:`Record` is syntax only: it knows turns, moves as written, comments, series and endings,
never positions. Replaying it against a game's rules is :mod:`pbmkit.records.replay`'s job.
"""

from __future__ import annotations

from pbmkit.records.problems import Problem

__all__ = ["KNOWN_TAGS", "Comment", "Ending", "Phase", "Record", "Turn", "WrittenMove", "announcements_of",
           "canonical_tag_name", "tag_value_text"]

KNOWN_TAGS: tuple[str, ...] = ("Game", "Number", "Date", "White", "Black", "Winner", "Setup",
                               "TimeControl")
"""The tags of record-format.md, in their canonical spelling and canonical order (``TimeControl``:
the correspondence desk, docs/desk.md)."""
_KNOWN_BY_LOWER = {t.lower(): t for t in KNOWN_TAGS}


def canonical_tag_name(name: str) -> str:
    """``"winner"`` → ``"Winner"`` for the known tags; unknown names are kept as written."""
    return _KNOWN_BY_LOWER.get(name.lower(), name)


def tag_value_text(value: str) -> str:
    """A tag's value as written between its quotes: ``\\`` and ``"`` escaped with a backslash
    (the reader undoes it: records/reader.py). The one escaping of the writer and of the edits."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


class _Element:
    """What the elements of a record share (what their dataclasses gave, written once): equality
    by every field of the class's ``__slots__`` with an element of the same class, no hash (an
    element holds lists and may change), a repr naming every field."""

    __slots__: tuple[str, ...] = ()

    def _fields(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, type(self)) and self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        """``Turn(column=1, comments=[], ...)``: every field, by name."""
        fields = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__slots__)
        return f"{type(self).__name__}({fields})"


class Comment(_Element):
    """A comment: ``{ text }`` (``kind="{"``, may span lines) or ``; text`` (``kind=";"``)."""

    __slots__ = ("column", "kind", "line", "text")

    def __init__(self, text: str, kind: str = "{", line: int = 0, column: int = 0) -> None:
        self.text = text
        """What is inside the braces, or after the semicolon, exactly as written."""
        self.kind = kind
        self.line = line
        self.column = column

    def key(self) -> tuple[str, str]:
        """What the writer preserves: kind and text."""
        return (self.kind, self.text)


class WrittenMove(_Element):
    """One move as written (one move of a run of move text, as the game's notation splits it) and
    what follows it."""

    __slots__ = ("announcements", "column", "comments", "end_pos", "line", "text")

    def __init__(self, text: str, line: int = 0, column: int = 0, end_pos: int = 0,
                 announcements: tuple[str, ...] = (), comments: list[Comment] | None = None
                 ) -> None:
        self.text = text
        """The move's text, runs of blanks inside it made one space."""
        self.line = line
        self.column = column
        self.end_pos = end_pos
        """Offset just after the move (or after its announcements) in the parsed text."""
        self.announcements = announcements
        """The words written after the move (Batalo's ``("averto",)``), lower case, each once."""
        self.comments: list[Comment] = [] if comments is None else comments


class Turn(_Element):
    """A numbered turn: ``12.`` (main line) or ``12a.`` (series ``a``) and up to one move of each
    side."""

    __slots__ = ("column", "comments", "ellipsis", "label", "line", "moves", "number", "phase",
                 "series")

    def __init__(self, label: str, number: int, series: str,
                 moves: list[WrittenMove] | None = None, ellipsis: bool = False, line: int = 0,
                 column: int = 0, comments: list[Comment] | None = None, phase: int = 0) -> None:
        self.label = label
        """``"12"`` or ``"12a"`` (the series letter in lower case)."""
        self.number = number
        self.series = series
        """``""`` for the main line, else the series letter."""
        self.moves: list[WrittenMove] = [] if moves is None else moves
        self.ellipsis = ellipsis
        """``12. ...``: the turn's first move is the second side's (a Setup with Black to move)."""
        self.line = line
        self.column = column
        self.comments: list[Comment] = [] if comments is None else comments
        """Comments written between the turn number and its first move."""
        self.phase = phase
        """The number of the last phase line before the turn (``round 2`` → 2), 0 before any: turn
        numbers start again at 1 after a phase line."""


class Ending(_Element):
    """``resigns``/``concedes`` (the side to move gives up) or ``draw agreed``."""

    __slots__ = ("column", "comments", "kind", "line", "series")

    def __init__(self, kind: str, series: str = "", line: int = 0, column: int = 0,
                 comments: list[Comment] | None = None) -> None:
        self.kind = kind
        """``"resigns"``, ``"concedes"`` or ``"draw agreed"``."""
        self.series = series
        """The line it ends (the series of the turn before it)."""
        self.line = line
        self.column = column
        self.comments: list[Comment] = [] if comments is None else comments


class Phase(_Element):
    """A phase line: ``round 2`` (Batrakill's second round). Turns are numbered from 1 after it."""

    __slots__ = ("column", "comments", "line", "number", "series")

    def __init__(self, number: int, series: str = "", line: int = 0, column: int = 0,
                 comments: list[Comment] | None = None) -> None:
        self.number = number
        self.series = series
        """The line it belongs to (the series of the turn before it)."""
        self.line = line
        self.column = column
        self.comments: list[Comment] = [] if comments is None else comments

    @property
    def label(self) -> str:
        """As written canonically: ``"round 2"``."""
        return f"round {self.number}"


class Record:
    """One game as written: tags, turns and endings in written order, comments, problems.

    The classes of this module are plain classes, not dataclasses: defining a dataclass costs
    about 2.3 million instructions at import, and importing :mod:`dataclasses` 42 million, on
    every command's start (docs/performance.md, "Start-up")."""

    def __init__(self, tags: dict[str, str] | None = None,
                 body: list[Turn | Ending | Phase] | None = None,
                 leading: list[Comment] | None = None, intro: list[Comment] | None = None,
                 tag_comments: dict[str, list[Comment]] | None = None,
                 tag_positions: dict[str, tuple[int, int]] | None = None,
                 problems: list[Problem] | None = None, move_problems: list[Problem] | None = None,
                 source: str = "<string>", line: int = 1, column: int = 1, start_pos: int = 0,
                 lines: list[str] | None = None, bom: bool = False, first_line: int = 1) -> None:
        self.tags: dict[str, str] = {} if tags is None else tags
        """Tag name (canonical case for known tags, as written for others) to value, in written
        order."""
        self.body: list[Turn | Ending | Phase] = [] if body is None else body
        """Turns, phase lines and endings of every line (main line and series) in the order
        written."""
        self.leading: list[Comment] = [] if leading is None else leading
        """Comments before the first tag or turn (only the first game of a file has these)."""
        self.intro: list[Comment] = [] if intro is None else intro
        """Comments between the tags and the first turn (not on a tag's line)."""
        self.tag_comments: dict[str, list[Comment]] = {} if tag_comments is None else tag_comments
        """Comments written after a tag, by tag name."""
        self.tag_positions: dict[str, tuple[int, int]] = \
            {} if tag_positions is None else tag_positions
        self.problems: list[Problem] = [] if problems is None else problems
        """Syntax problems found while reading this game (the replay reports them as its own)."""
        self.move_problems: list[Problem] = [] if move_problems is None else move_problems
        """Moves that cannot be read at all (``IR to``, ``g4``): syntax errors of the record, which
        the replay reports again, better placed, at the first one of each line."""
        self.source = source
        self.line = line
        self.column = column
        self.start_pos = start_pos
        """Offset of the game's first element in the parsed text."""
        self.lines: list[str] = [] if lines is None else lines
        """The source text's lines (shared by the games of a file), for caret displays."""
        self.bom = bom
        """Whether the source text began with a byte-order mark (offsets exclude it)."""
        self.first_line = first_line
        """The source line that :attr:`lines` starts with: a game read from a chunk of a large
        archive keeps only its chunk's lines (:func:`pbmkit.records.reader.iter_records`)."""

    def __repr__(self) -> str:
        return (f"Record(tags={self.tags!r}, body={self.body!r}, source={self.source!r}, "
                f"line={self.line})")

    @property
    def game_name(self) -> str:
        """The ``Game`` tag in lower case; without one, the registry's default game (the first
        registered: Batalo, record-format.md)."""
        name = self.tags.get("Game", "").strip().lower()
        if name:
            return name
        from pbmkit.games import default_game_name

        return default_game_name()

    @property
    def turns(self) -> list[Turn]:
        """Every turn, of every line, in written order."""
        return [t for t in self.body if isinstance(t, Turn)]

    @property
    def main(self) -> list[Turn]:
        """The main line's turns (plain numbers), in written order."""
        return [t for t in self.body if isinstance(t, Turn) and not t.series]

    @property
    def series(self) -> dict[str, list[Turn]]:
        """The alternate series (``12a.`` …) by letter, in order of first appearance."""
        out: dict[str, list[Turn]] = {}
        for t in self.body:
            if isinstance(t, Turn) and t.series:
                out.setdefault(t.series, []).append(t)
        return out

    @property
    def ending(self) -> Ending | None:
        """The main line's ending (``resigns``, ``draw agreed``), if written."""
        for t in self.body:
            if isinstance(t, Ending) and not t.series:
                return t
        return None

    def source_line(self, line: int | None) -> str | None:
        """The text of source line ``line`` (1-based) without its line end, if known."""
        if line is None or not 0 <= line - self.first_line < len(self.lines):
            return None
        return self.lines[line - self.first_line].rstrip("\r")

    def key(self) -> tuple[object, ...]:
        """Everything the writer preserves, without source positions: for round-trip checks."""
        from pbmkit.records.writer import move_text

        items: list[object] = []
        for t in self.body:
            if isinstance(t, Turn):
                items.append(("turn", t.label, t.ellipsis, tuple(c.key() for c in t.comments),
                              tuple((move_text(self.game_name, m.text), m.announcements,
                                     tuple(c.key() for c in m.comments)) for m in t.moves)))
            elif isinstance(t, Phase):
                items.append(("phase", t.number, t.series, tuple(c.key() for c in t.comments)))
            else:
                items.append(("end", t.kind, t.series, tuple(c.key() for c in t.comments)))
        return (
            tuple(self.tags.items()),
            tuple((k, tuple(c.key() for c in v)) for k, v in self.tag_comments.items() if v),
            tuple(c.key() for c in self.leading),
            tuple(c.key() for c in self.intro),
            tuple(items),
        )


def announcements_of(move: WrittenMove) -> tuple[str, ...]:
    """The words written after ``move`` (``("averto",)``), as the reader handed them over."""
    return move.announcements
