"""The record model: one game as written, with every element's place in the source.

A :class:`Record` is syntax only: it knows turns, moves as written, comments, series and endings,
never positions. Replaying it against a game's rules is :mod:`pbmkit.records.replay`'s job.
"""

from __future__ import annotations

from dataclasses import dataclass, field

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


@dataclass(slots=True)
class Comment:
    """A comment: ``{ text }`` (``kind="{"``, may span lines) or ``; text`` (``kind=";"``)."""

    text: str
    """What is inside the braces, or after the semicolon, exactly as written."""
    kind: str = "{"
    line: int = 0
    column: int = 0

    def key(self) -> tuple[str, str]:
        """What the writer preserves: kind and text."""
        return (self.kind, self.text)


@dataclass(slots=True)
class WrittenMove:
    """One move as written (one move of a run of move text, as the game's notation splits it) and
    what follows it."""

    text: str
    """The move's text, runs of blanks inside it made one space."""
    line: int = 0
    column: int = 0
    end_pos: int = 0
    """Offset just after the move (or after its announcements) in the parsed text."""
    announcements: tuple[str, ...] = ()
    """The words written after the move (Batalo's ``("averto",)``), lower case, each once."""
    comments: list[Comment] = field(default_factory=list)


@dataclass(slots=True)
class Turn:
    """A numbered turn: ``12.`` (main line) or ``12a.`` (series ``a``) and up to one move of each
    side."""

    label: str
    """``"12"`` or ``"12a"`` (the series letter in lower case)."""
    number: int
    series: str
    """``""`` for the main line, else the series letter."""
    moves: list[WrittenMove] = field(default_factory=list)
    ellipsis: bool = False
    """``12. ...``: the turn's first move is the second side's (a Setup with Black to move)."""
    line: int = 0
    column: int = 0
    comments: list[Comment] = field(default_factory=list)
    """Comments written between the turn number and its first move."""
    phase: int = 0
    """The number of the last phase line before the turn (``round 2`` → 2), 0 before any: turn
    numbers start again at 1 after a phase line."""


@dataclass(slots=True)
class Ending:
    """``resigns``/``concedes`` (the side to move gives up) or ``draw agreed``."""

    kind: str
    """``"resigns"``, ``"concedes"`` or ``"draw agreed"``."""
    series: str = ""
    """The line it ends (the series of the turn before it)."""
    line: int = 0
    column: int = 0
    comments: list[Comment] = field(default_factory=list)


@dataclass(slots=True)
class Phase:
    """A phase line: ``round 2`` (Batrakill's second round). Turns are numbered from 1 after it."""

    number: int
    series: str = ""
    """The line it belongs to (the series of the turn before it)."""
    line: int = 0
    column: int = 0
    comments: list[Comment] = field(default_factory=list)

    @property
    def label(self) -> str:
        """As written canonically: ``"round 2"``."""
        return f"round {self.number}"


@dataclass(eq=False)
class Record:
    """One game as written: tags, turns and endings in written order, comments, problems."""

    tags: dict[str, str] = field(default_factory=dict)
    """Tag name (canonical case for known tags, as written for others) to value, in written order."""
    body: list[Turn | Ending | Phase] = field(default_factory=list)
    """Turns, phase lines and endings of every line (main line and series) in the order written."""
    leading: list[Comment] = field(default_factory=list)
    """Comments before the first tag or turn (only the first game of a file has these)."""
    intro: list[Comment] = field(default_factory=list)
    """Comments between the tags and the first turn (not on a tag's line)."""
    tag_comments: dict[str, list[Comment]] = field(default_factory=dict)
    """Comments written after a tag, by tag name."""
    tag_positions: dict[str, tuple[int, int]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    """Syntax problems found while reading this game (the replay reports them as its own)."""
    move_problems: list[Problem] = field(default_factory=list)
    """Moves that cannot be read at all (``IR to``, ``g4``): syntax errors of the record, which the
    replay reports again, better placed, at the first one of each line."""
    source: str = "<string>"
    line: int = 1
    column: int = 1
    start_pos: int = 0
    """Offset of the game's first element in the parsed text."""
    lines: list[str] = field(default_factory=list, repr=False)
    """The source text's lines (shared by the games of a file), for caret displays."""
    bom: bool = False
    """Whether the source text began with a byte-order mark (offsets exclude it)."""
    first_line: int = 1
    """The source line that :attr:`lines` starts with: a game read from a chunk of a large archive
    keeps only its chunk's lines (:func:`pbmkit.records.reader.iter_records`)."""

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
