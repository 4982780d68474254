"""The correspondence desk: dates on moves, days used, time controls, repeats (docs/desk.md).

Dates and correspondence events are PGN-style command annotations inside a move's ``{ }``
comment, so the record grammar is untouched and every game reads them the same way::

    12. IR to HS {[%ccrcv 2026.11.20] [%ccsnt 2026.11.21]} EV to DU {[%ccsnt 2026.11.25]}

``%ccsnt`` (correspondence chess sent) is the spelling ICCF, ChessBase and Scid write; the others
(``%ccrcv`` received, ``%ccarr`` arrived, ``%ccleave`` days of leave, ``%ccdraw`` draw offers,
``%ccunclear``) are
pbmkit's, in the same style. This module knows no game: side names come from the caller (the
game's sides in move order).

Over 600 lines on purpose: dates, clocks, time controls and a game's standing are one model of the
correspondence desk, which check, status, move, mail and the referee all read; its parts share the
annotations' one parser. How a game ended (:func:`game_end`, :func:`termination_end`) is
:mod:`pbmkit.desk.endings`'s, re-exported here: ``pbmkit move`` on a record without dates asks
it without importing this module.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Final, cast

from pbmkit.desk.endings import game_end, termination_end
from pbmkit.records.model import Comment, Phase, Record, WrittenMove
from pbmkit.records.problems import Problem

if TYPE_CHECKING:
    from pbmkit.records.replay import GameReplay

__all__ = [
    "DESK_NOTES_READ",
    "NO_NOTES",
    "REPEAT_AFTER",
    "Clocks",
    "DeskReport",
    "MoveClock",
    "MoveNotes",
    "Overstep",
    "Standing",
    "TimeControl",
    "annotation_text",
    "clock_check",
    "clock_problems",
    "desk_notes",
    "desk_problems",
    "desk_report",
    "format_date",
    "game_end",
    "has_desk_marks",
    "last_move_overstep",
    "move_fields",
    "new_report",
    "next_turn",
    "overstep_text",
    "parse_date",
    "pending_draw",
    "read_notes",
    "replay_clock",
    "sides_in_order",
    "standing",
    "standing_after",
    "termination_end",
    "written_result",
]

REPEAT_AFTER = 14
"""Days without an answer after which the waiting player sends a repeat (ICCF postal rules)."""

# One annotation: "[%name value]". Linear: the name is letters, one white space, then the value,
# a bounded run of characters that are not brackets (stripped after); no two quantifiers compete
# for the same characters.
_ANNOTATION = re.compile(r"\[%([A-Za-z]{1,16})(?:\s([^\[\]]{0,200}))?\]")
_DATE = re.compile(r"(\d{4})[.\-/](\d\d)[.\-/](\d\d)(?:\s*,\s*\d\d?:\d\d(?::\d\d)?)?")
_TIME_CONTROL = re.compile(r"\s*(?:(\d{1,4})\s*/\s*)?(\d{1,5})\s*")
_DRAW_VALUES = ("offer", "declined", "accepted")
_ANNOTATIONS_ONLY = re.compile(rf"\s*(?:{_ANNOTATION.pattern}\s*)+")
"""A comment of annotations and blanks only (each annotation as :data:`_ANNOTATION` finds it: its
value stops at the first bracket, so the two find the same annotations)."""


def parse_date(text: str) -> datetime.date | None:
    """``2026.11.21`` or ``2026-11-21`` (an ICCF time ``,12:56`` after it is ignored); else None."""
    if len(text) == 10 and text[4] == text[7] and text[4] in ".-/" and text[:4].isdigit() \
            and text[5:7].isdigit() and text[8:].isdigit():  # the common case, without a regex
        try:
            return datetime.date(int(text[:4]), int(text[5:7]), int(text[8:]))
        except ValueError:
            return None
    m = _DATE.fullmatch(text.strip())
    if m is None:
        return None
    try:
        return datetime.date(int(m[1]), int(m[2]), int(m[3]))
    except ValueError:
        return None


def format_date(day: datetime.date) -> str:
    """The annotation spelling of a date: ``2026.11.21`` (PGN's and ICCF's dotted form)."""
    return f"{day.year:04d}.{day.month:02d}.{day.day:02d}"


def annotation_text(*, received: datetime.date | None = None, sent: datetime.date | None = None,
                    leave: int = 0, draw: str | None = None, unclear: bool = False,
                    arrived: datetime.date | None = None) -> str:
    """The inside of a ``{ }`` comment carrying these annotations (empty if none)."""
    parts = []
    if arrived is not None:
        parts.append(f"[%ccarr {format_date(arrived)}]")
    if received is not None:
        parts.append(f"[%ccrcv {format_date(received)}]")
    if sent is not None:
        parts.append(f"[%ccsnt {format_date(sent)}]")
    if leave:
        parts.append(f"[%ccleave {leave}]")
    if draw is not None:
        parts.append(f"[%ccdraw {draw}]")
    if unclear:
        parts.append("[%ccunclear]")
    return " ".join(parts)


class TimeControl:
    """``"10/50"``: 10 moves in 50 days, cumulative (``moves`` set); ``"3"``: 3 days per move.

    The classes of this module are plain classes, not dataclasses: a dataclass costs ~2.3 million
    instructions to define at each command's start (docs/performance.md, "Start-up")."""

    __slots__ = ("days", "moves")

    def __init__(self, days: int, moves: int | None = None) -> None:
        self.days = days
        self.moves = moves

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TimeControl) and (self.days, self.moves) == (other.days,
                                                                              other.moves)

    def __hash__(self) -> int:
        return hash((self.days, self.moves))

    def __repr__(self) -> str:
        return f"TimeControl(days={self.days!r}, moves={self.moves!r})"

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """Read a ``TimeControl`` tag value; ``ValueError`` with the expected shapes."""
        m = _TIME_CONTROL.fullmatch(text)
        if m is None or int(m[2]) == 0 or (m[1] is not None and int(m[1]) == 0):
            raise ValueError(f"the TimeControl tag must be MOVES/DAYS (like 10/50: 10 moves in 50 "
                             f"days) or DAYS per move (like 3), not {text!r}")
        return cls(int(m[2]), int(m[1]) if m[1] is not None else None)

    def allowed(self, count: int) -> int:
        """Days a side may have used in total after its ``count``-th move (cumulative control),
        or on one move (days per move)."""
        if self.moves is None:
            return self.days
        return self.days * -(-max(count, 1) // self.moves)

    def __str__(self) -> str:
        return f"{self.moves}/{self.days}" if self.moves is not None else str(self.days)


class MoveNotes:
    """The desk annotations of one written move."""

    __slots__ = ("accepted", "arrived", "draw", "leave", "problems", "received", "sent", "unclear")

    def __init__(self, received: datetime.date | None = None, arrived: datetime.date | None = None,
                 sent: datetime.date | None = None, leave: int = 0, draw: str | None = None,
                 accepted: bool = False, unclear: bool = False,
                 problems: list[tuple[Comment, str]] | None = None) -> None:
        self.received = received
        self.arrived = arrived
        """When this move reached the opponent (``pbmkit received``, before they answer)."""
        self.sent = sent
        self.leave = leave
        self.draw = draw
        """``"offer"`` (the mover offers a draw) or ``"declined"`` (the opponent declined it)."""
        self.accepted = accepted
        """``[%ccdraw accepted]``: the player who moves next accepted the draw on offer (a game of
        more than two places, where every other place must accept; docs/desk.md)."""
        self.unclear = unclear
        """The opponent answered that this move is unclear (``move unclear``)."""
        self.problems: list[tuple[Comment, str]] = [] if problems is None else problems
        """Annotations that could not be read, with why."""

    def _fields(self) -> tuple[object, ...]:
        return (self.received, self.arrived, self.sent, self.leave, self.draw, self.accepted,
                self.unclear, self.problems)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MoveNotes) and self._fields() == other._fields()

    def __repr__(self) -> str:
        return ("MoveNotes(received={!r}, arrived={!r}, sent={!r}, leave={!r}, draw={!r}, "
                "accepted={!r}, unclear={!r}, problems={!r})").format(*self._fields())


NO_NOTES = MoveNotes()
"""The notes of a move without a comment (shared: read them, never change them)."""

_DAYS: dict[str, datetime.date | None] = {}
"""Dates already read (a folder of games repeats the same few hundred days)."""


def _day(text: str) -> datetime.date | None:
    day = _DAYS.get(text, _DAYS)
    if day is _DAYS:
        if len(_DAYS) > 50_000:
            _DAYS.clear()
        day = _DAYS[text] = parse_date(text)
    return day  # type: ignore[return-value]


def read_notes(comments: Iterable[Comment]) -> MoveNotes:
    """The desk annotations in ``comments`` (other annotations, like ``[%clk]``, are ignored)."""
    notes = MoveNotes()
    for c in comments:
        if "[%" not in c.text:
            continue
        for message in _read_into(notes, _ANNOTATION.findall(c.text)):
            notes.problems.append((c, message))
    return notes


def _read_into(notes: MoveNotes, found: list[tuple[str, str]]) -> list[str]:
    """Read the desk annotations of one comment (``found``: each annotation's name and value, as
    written) into ``notes``; what cannot be read, in words (the one parser of the desk's
    annotations: :func:`read_notes`, :func:`desk_notes`)."""
    problems: list[str] = []
    for raw, value in found:
        name = raw.lower()
        value = value.strip()
        if name == "ccsnt" or name == "ccrcv" or name == "ccarr":
            day = _day(value)
            if day is None:
                problems.append(f"[%{raw} {value}]: not a date like 2026.11.21")
            elif name == "ccrcv":
                notes.received = day
            elif name == "ccarr":
                notes.arrived = day
            else:
                notes.sent = day
        elif name == "ccleave":
            if value.isdigit() and len(value) <= 4:
                notes.leave += int(value)
            else:
                problems.append(f"[%ccleave {value}]: leave is a number of days")
        elif name == "ccdraw":
            if value.lower() == "accepted":
                notes.accepted = True
            elif value.lower() in _DRAW_VALUES:
                notes.draw = value.lower()
            else:
                problems.append(f"[%ccdraw {value}]: write offer, accepted or declined")
        elif name == "ccunclear":
            notes.unclear = True
    return problems


_DESK_NAMES = frozenset({"ccsnt", "ccrcv", "ccarr", "ccleave", "ccdraw", "ccunclear"})
"""The annotations the desk reads (and writes)."""

DESK_NOTES_READ: Final[dict[str, tuple[MoveNotes, bool] | None]] = {}
""":func:`desk_notes` of the comment texts already read (an archive repeats the same days): a
caller on a hot path may look a text up here first (and call :func:`desk_notes` when it is not
there); never change an entry."""


def desk_notes(text: str) -> tuple[MoveNotes, bool] | None:
    """The desk's notes of a comment whose ``text`` holds the desk's annotations and nothing else
    (blanks between them), and whether one of them cannot be read; ``None`` for any other comment
    (free text, another command such as ``[%clk]``, no annotation at all).

    The notes are shared between calls with the same text: read them, never change them. This is
    what the lean path of ``pbmkit check`` reads (:mod:`pbmkit.desk.summary`); it hands a
    comment whose notes have problems to :func:`read_notes`, which places them.
    """
    found = DESK_NOTES_READ.get(text, DESK_NOTES_READ)
    if found is not DESK_NOTES_READ:
        return found  # type: ignore[return-value]
    result: tuple[MoveNotes, bool] | None = _desk_shape(text)
    if result is None and _ANNOTATIONS_ONLY.fullmatch(text) is not None:
        pairs = _ANNOTATION.findall(text)
        if all(raw.lower() in _DESK_NAMES for raw, _ in pairs):
            notes = MoveNotes()
            result = (notes, bool(_read_into(notes, pairs)))
    if len(DESK_NOTES_READ) > 50_000:
        DESK_NOTES_READ.clear()
    DESK_NOTES_READ[text] = result
    return result


def _desk_shape(text: str) -> tuple[MoveNotes, bool] | None:
    """:func:`desk_notes` of the two comments the desk writes after nearly every move,
    ``[%ccsnt DATE]`` and ``[%ccrcv DATE] [%ccsnt DATE]``, when their dates can be read (the
    same notes as the general reading, without its two regular expressions); ``None`` for any
    other text (the general reading then decides)."""
    size = len(text)
    if size == 19 and text[18] == "]" and text.startswith("[%ccsnt "):
        sent = _day(text[8:18])
        if sent is not None:
            return MoveNotes(None, None, sent), False  # positional: the common case, made faster
    elif size == 39 and text[38] == "]" and text.startswith("[%ccrcv ") \
            and text.startswith("] [%ccsnt ", 18):
        received, sent = _day(text[8:18]), _day(text[28:38])
        if received is not None and sent is not None:
            return MoveNotes(received, None, sent), False
    return None


class MoveClock:
    """One main-line move with its dates and the days it used."""

    __slots__ = ("count", "days", "label", "notes", "side", "start", "total", "written")

    def __init__(self, label: str, side: str, written: WrittenMove, notes: MoveNotes,
                 start: datetime.date | None, days: int | None, total: int, count: int) -> None:
        self.label = label
        self.side = side
        self.written = written
        self.notes = notes
        self.start = start
        """When the side's clock started: the received date, else the date the previous move
        arrived (``%ccarr``), else the previous move's sent date, else (the first move) the
        game's ``Date``."""
        self.days = days
        """Days used on this move (sent − start − leave, at least 0); None when a date is
        missing."""
        self.total = total
        """The side's days used so far, this move included (moves of unknown length count 0)."""
        self.count = count
        """This is the side's ``count``-th move."""

    def __repr__(self) -> str:
        return (f"MoveClock(label={self.label!r}, side={self.side!r}, notes={self.notes!r}, "
                f"start={self.start!r}, days={self.days!r}, total={self.total!r}, "
                f"count={self.count!r})")


class Overstep:
    """A side that used more days than the time control allows, first at ``label``."""

    __slots__ = ("allowed", "column", "label", "line", "side", "used")

    def __init__(self, side: str, label: str, used: int, allowed: int, line: int,
                 column: int) -> None:
        self.side = side
        self.label = label
        self.used = used
        self.allowed = allowed
        self.line = line
        self.column = column

    def placed(self, line: int, column: int) -> Overstep:
        """The same overstep at another place in the source."""
        return Overstep(self.side, self.label, self.used, self.allowed, line, column)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Overstep) and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash((self.side, self.label, self.used, self.allowed, self.line, self.column))

    def __repr__(self) -> str:
        return (f"Overstep(side={self.side!r}, label={self.label!r}, used={self.used!r}, "
                f"allowed={self.allowed!r}, line={self.line!r}, column={self.column!r})")

    def to_json(self) -> dict[str, object]:
        """The ``overstepped`` entry of ``check --json``."""
        return {"side": self.side, "turn": self.label, "days": self.used, "allowed": self.allowed,
                "line": self.line, "column": self.column}


class DeskReport:
    """The clocks of one game: every main-line move's days, the totals, the time control."""

    __slots__ = ("counts", "moves", "order", "overstepped", "problems", "start", "time_control",
                 "totals")

    def __init__(self, start: datetime.date | None, order: tuple[str, ...],
                 time_control: TimeControl | None = None) -> None:
        self.start = start
        self.order = order
        self.moves: list[MoveClock] = []
        self.totals: dict[str, int] = {}
        self.counts: dict[str, int] = {}
        self.time_control = time_control
        self.overstepped: list[Overstep] = []
        self.problems: list[tuple[int, int, str | None, str | None, str]] = []
        """(line, column, turn, side, message) of every date that cannot be right or read."""

    def __repr__(self) -> str:
        return (f"DeskReport(start={self.start!r}, order={self.order!r}, moves={self.moves!r}, "
                f"totals={self.totals!r}, time_control={self.time_control!r}, "
                f"overstepped={self.overstepped!r}, problems={self.problems!r})")

    @property
    def last_sent(self) -> datetime.date | None:
        """The sent date of the last main-line move (the Date tag when there is no move)."""
        if not self.moves:
            return self.start
        return self.moves[-1].notes.sent

    def draw_offer(self) -> MoveClock | None:
        """The move whose draw offer is still open (not declined, and accepted by every place
        that moved since: :func:`pending_draw`), or None."""
        found = pending_draw([m.notes for m in self.moves], len(self.order))
        return None if found is None else self.moves[found[0]]


def pending_draw(notes: Sequence[MoveNotes], places: int) -> tuple[int, int] | None:
    """The open draw offer of a main line whose moves carry ``notes``, in a game of ``places``
    places in turn order: (the index of the offering move, the acceptances so far), or None.

    A draw needs every other place's acceptance, each on its turn (docs/desk.md): the player to
    move accepts with ``[%ccdraw accepted]`` after the last move and then plays; the offer stays
    open while every move since the offer carries an acceptance, and a ``declined`` ends it.
    With two places the first acceptance is the last one (``draw agreed``).
    """
    last = len(notes) - 1
    for k in range(last, -1, -1):
        n = notes[k]
        if n.draw == "declined":
            return None
        if k < last and not n.accepted:
            return None  # a player moved on without accepting: no offer is open
        if n.draw == "offer":
            count = sum(1 for m in notes[k:] if m.accepted)
            return (k, count) if count < places - 1 else None
    return None


def new_report(tags: dict[str, str], order: Sequence[str]) -> tuple[DeskReport, str | None]:
    """The report of a game with these tags before its first move: the start (the Date tag) and
    the time control; and why the TimeControl tag cannot be read (None: it can, or there is none).
    """
    report = DeskReport(parse_date(tags.get("Date", "")), tuple(order))
    report.totals, report.counts = dict.fromkeys(order, 0), dict.fromkeys(order, 0)
    tc_text = tags.get("TimeControl")
    refused = None
    if tc_text is not None:
        try:
            report.time_control = TimeControl.parse(tc_text)
        except ValueError as exc:
            refused = str(exc)
    return report, refused


class Clocks:
    """The desk's one computation of a main line's clocks, fed a move at a time (:meth:`add`):
    each move's days, the sides' totals, the time control's oversteps and the dates that cannot
    be right go into ``report``. :func:`desk_report` feeds it a record's moves; the lean path of
    ``pbmkit check`` (:mod:`pbmkit.desk.summary`) the moves it reads, without a record."""

    __slots__ = ("_arrived", "_counts", "_moved", "_over", "_per_move", "_sent", "_tc",
                 "_totals", "report")

    def __init__(self, report: DeskReport) -> None:
        self.report = report
        self._sent = report.start
        self._arrived: datetime.date | None = None
        self._moved = False
        self._counts, self._totals = report.counts, report.totals
        self._tc = report.time_control
        """Read once: the report's time control is set before its clocks run (:func:`new_report`)."""
        self._per_move = self._tc is not None and self._tc.moves is None
        self._over: set[str] = {o.side for o in report.overstepped}
        """The sides that overstepped already (each side's first overstep is reported)."""

    def add(self, label: str, side: str, line: int, column: int, notes: MoveNotes
            ) -> tuple[datetime.date | None, int | None]:
        """The next main-line move, ``side``'s, of the turn ``label``, written at ``line`` and
        ``column``, with its ``notes`` (whose problems are already in the report): when its clock
        started and the days it used."""
        received, sent = notes.received, notes.sent
        if received is None:
            begin = self._arrived or self._sent
        else:
            begin = received
            if self._sent is not None and received < self._sent:
                self._received_early(label, side, line, column, received)
        count = self._counts[side] + 1
        self._counts[side] = count
        if sent is None or begin is None:
            days = None
        else:
            days = (sent - begin).days
            if days < 0:
                self._sent_early(label, side, line, column, sent, begin, received is None)
                days = 0
            if notes.leave:
                days = max(0, days - notes.leave)
            total = self._totals[side] + days
            self._totals[side] = total
            tc = self._tc
            if tc is not None and side not in self._over:
                if self._per_move:
                    used, allowed = days, tc.days
                else:
                    used, allowed = total, tc.allowed(count)
                if used > allowed:
                    self.report.overstepped.append(Overstep(side, label, used, allowed, line,
                                                            column))
                    self._over.add(side)
        arrived = self._arrived = notes.arrived
        self._sent = sent
        self._moved = True
        if arrived is not None and sent is not None and arrived < sent:
            self.report.problems.append((line, column, label, side,
                                         f"arrived {format_date(arrived)}, before it was sent "
                                         f"({format_date(sent)})"))
        return begin, days

    def skipped(self, sent: datetime.date) -> None:
        """Moves not given to :meth:`add` by a caller that reads only the report's problems: each
        sent on or after the one before, with nothing received or arrived, the last on ``sent``."""
        self._sent = sent
        self._arrived = None
        self._moved = True

    def _received_early(self, label: str, side: str, line: int, column: int,
                        received: datetime.date) -> None:
        previous = cast(datetime.date, self._sent)
        answered = f"the game's Date tag ({format_date(previous)})" if not self._moved else \
            f"the move it answers was sent ({format_date(previous)})"
        self.report.problems.append((line, column, label, side,
                                     f"received {format_date(received)}, before {answered}"))

    def _sent_early(self, label: str, side: str, line: int, column: int, sent: datetime.date,
                    begin: datetime.date, unreceived: bool) -> None:
        since = f"the game's Date tag ({format_date(begin)})" if not self._moved and unreceived \
            else f"it was received ({format_date(begin)})"
        self.report.problems.append((line, column, label, side,
                                     f"sent {format_date(sent)}, before {since}"))


def desk_report(record: Record, order: Sequence[str]) -> DeskReport:
    """The clocks of ``record``'s main line; ``order`` = the sides in the order they move."""
    report, refused = new_report(record.tags, order)
    if refused is not None:
        line, column = record.tag_positions.get("TimeControl", (record.line, record.column))
        report.problems.append((line, column, None, None, refused))
    clocks = Clocks(report)
    n = len(order)
    for turn in record.main:
        for k, wm in enumerate(turn.moves):
            side = order[(k + (1 if turn.ellipsis else 0)) % n]
            comments = wm.comments
            # one comment of the desk's (nearly every move of a desk's record): its notes as the
            # lean path reads them, shared (read, never changed); else read and placed here
            found = desk_notes(comments[0].text) if len(comments) == 1 else None
            notes = found[0] if found is not None and not found[1] else read_notes(comments)
            for c, message in notes.problems:
                report.problems.append((c.line, c.column, turn.label, side, message))
            begin, days = clocks.add(turn.label, side, wm.line, wm.column, notes)
            report.moves.append(MoveClock(turn.label, side, wm, notes, begin, days,
                                          report.totals[side], report.counts[side]))
    return report


def clock_problems(report: DeskReport, record: Record, source: str) -> list[Problem]:
    """Warnings for ``check``: unreadable or impossible dates, and each side that overstepped.

    Overstepping is a warning, not an error: the moves are still legal and the record still
    valid; what follows (a lost game, a penalty) is the tournament director's ruling.
    """
    return desk_problems(report, record.source_line, source)


def desk_problems(report: DeskReport, source_line: Callable[[int | None], str | None],
                  source: str) -> list[Problem]:
    """:func:`clock_problems`, each source line's text found by ``source_line(line)``."""
    out = [Problem(source, line, column, turn, side, None, message, (), "warning",
                   source_line(line))
           for line, column, turn, side, message in report.problems]
    tc = report.time_control
    for o in report.overstepped:
        assert tc is not None
        out.append(Problem(source, o.line, o.column, o.label, o.side, None, overstep_text(tc, o),
                           (), "warning", source_line(o.line)))
    return out


def overstep_text(tc: TimeControl, o: Overstep) -> str:
    """``time overstepped: Black had used 70 days, the time control 10/50 allows 50 days for its
    first 10 moves`` (``check``'s warning, and ``pbmkit move``'s when it happens)."""
    if tc.moves is not None:
        limit = f"{o.allowed} days for its first {o.allowed // tc.days * tc.moves} moves"
    else:
        limit = f"{o.allowed} days a move"
    return (f"time overstepped: {o.side.capitalize()} had used {o.used} days, the time control "
            f"{tc} allows {limit}")


def last_move_overstep(report: DeskReport) -> Overstep | None:
    """The overstep of the main line's last move, when its days pass the time control (whether
    or not its side overstepped before): what ``pbmkit move`` warns of as it writes the move."""
    tc = report.time_control
    if tc is None or not report.moves:
        return None
    last = report.moves[-1]
    if last.days is None:
        return None
    used = last.days if tc.moves is None else last.total
    allowed = tc.allowed(last.count)
    if used <= allowed:
        return None
    return Overstep(last.side, last.label, used, allowed, last.written.line, last.written.column)


class Standing:
    """Where a game stands on a given day, for the side to move."""

    __slots__ = ("days_left", "overdue", "repeat_due", "running", "to_move", "used",
                 "waiting_since")

    def __init__(self, to_move: str | None, waiting_since: datetime.date | None,
                 running: int | None, used: dict[str, int], days_left: int | None, overdue: bool,
                 repeat_due: bool) -> None:
        self.to_move = to_move
        """The side to move (None: the game is over)."""
        self.waiting_since = waiting_since
        """When the side to move's clock started: the date the last move arrived (``%ccarr``,
        noted by ``pbmkit received``), else its sent date (the Date tag at the start)."""
        self.running = running
        """Days since then (None when the date is unknown)."""
        self.used = used
        """Days used per side, the side to move's running days included."""
        self.days_left = days_left
        """Days left to the side to move under the time control (None without a control)."""
        self.overdue = overdue
        """The side to move has used more than the time control allows."""
        self.repeat_due = repeat_due
        """No answer after :data:`REPEAT_AFTER` days, and no word that the move arrived: the
        waiting side should send a repeat."""

    def __repr__(self) -> str:
        return (f"Standing(to_move={self.to_move!r}, waiting_since={self.waiting_since!r}, "
                f"running={self.running!r}, used={self.used!r}, days_left={self.days_left!r}, "
                f"overdue={self.overdue!r}, repeat_due={self.repeat_due!r})")


def standing(report: DeskReport, to_move: str | None, today: datetime.date) -> Standing:
    """The clocks of ``report`` on ``today`` with ``to_move`` to move (None: the game is over)."""
    return standing_after(report, report.moves[-1].notes if report.moves else None, to_move, today)


def standing_after(report: DeskReport, last: MoveNotes | None, to_move: str | None,
                   today: datetime.date) -> Standing:
    """:func:`standing`, the main line's last move's notes given as ``last`` (None: no move): the
    report of ``pbmkit status``'s lean path keeps no :class:`MoveClock` (:mod:`pbmkit.desk.rows`)."""
    used = dict(report.totals)
    if to_move is None:
        return Standing(None, None, None, used, None, False, False)
    since = report.start if last is None else last.sent
    if last is not None and last.arrived is not None:
        since = last.arrived
    running = max(0, (today - since).days) if since is not None else None
    used[to_move] = used.get(to_move, 0) + (running or 0)
    tc = report.time_control
    left = None
    if tc is not None:
        count = report.counts.get(to_move, 0) + 1
        left = tc.allowed(count) - ((running or 0) if tc.moves is None else used[to_move])
    overdue = left is not None and left < 0
    repeat = last is not None and last.arrived is None and running is not None \
        and running >= REPEAT_AFTER
    return Standing(to_move, since, running, used, left, overdue, repeat)


def has_desk_marks(record: Record) -> bool:
    if "TimeControl" in record.tags:
        return True
    return any("[%" in c.text for t in record.main for m in t.moves for c in m.comments)


def replay_clock(replay: GameReplay) -> DeskReport | None:
    """The clocks of a replayed game (its sides in move order), None if its game is unknown."""
    if replay.game is None:
        return None
    return desk_report(replay.record, replay.order or replay.game.sides)


def clock_check(replay: GameReplay) -> list[dict[str, object]]:
    """Add the desk's warnings to ``replay.warnings``; the ``overstepped`` list of ``check --json``.

    Records without a ``TimeControl`` tag or a ``[%`` annotation are skipped at once.
    """
    if replay.game is None or not has_desk_marks(replay.record):
        return []
    report = replay_clock(replay)
    if report is None:
        return []
    extra = clock_problems(report, replay.record, replay.source)
    if extra:
        replay.warnings.extend(extra)
        replay.warnings.sort(key=lambda p: (p.line or 0, p.column or 0))
    return [o.to_json() for o in report.overstepped]


def move_fields(comments: Iterable[Comment]) -> dict[str, object]:
    """The desk fields of a move in ``convert --to json``, only those the move carries:
    ``received``/``sent``/``arrived`` (ISO dates), ``leave`` (days), ``draw``, ``unclear``."""
    notes = read_notes(comments)
    out: dict[str, object] = {}
    if notes.received is not None:
        out["received"] = notes.received.isoformat()
    if notes.arrived is not None:
        out["arrived"] = notes.arrived.isoformat()
    if notes.sent is not None:
        out["sent"] = notes.sent.isoformat()
    if notes.leave:
        out["leave"] = notes.leave
    if notes.draw is not None:
        out["draw"] = notes.draw
    if notes.unclear:
        out["unclear"] = True
    return out


def sides_in_order(record: Record, sides: Sequence[str]) -> tuple[str, ...]:
    """The sides in the order they move within a turn: the game's, from the ``First`` tag's side
    on when it names one (Billo)."""
    first = record.tags.get("First", "").strip().lower()
    if first in sides:
        k = list(sides).index(first)
        return (*sides[k:], *sides[:k])
    return tuple(sides)


def next_turn(record: Record, order: Sequence[str], first: str | None = None) -> tuple[str, str]:
    """``(label, side)`` of the next main-line move, read from the record's turns alone (no
    replay): after ``12. IR to HS`` it is ``("12", order[1])``. ``first`` is the side to move
    at the start (a Setup's), for a record without moves. After a phase line (``round 2``) that
    no turn follows yet, the first side opens turn 1 of the new round."""
    main = [item for item in record.body if not item.series]
    if main and isinstance(main[-1], Phase):
        return ("1", order[0])
    turns = [t for t in record.main if t.moves]
    if not turns:
        return ("1", first or order[0])
    last = turns[-1]
    filled = len(last.moves) + (1 if last.ellipsis else 0)
    if filled < len(order):
        return (last.label, order[filled])
    return (str(last.number + 1), order[0])


def written_result(record: Record, order: Sequence[str], to_move: str) -> str | None:
    """The result as written, without replaying: the main line's ending (``resigns``: the side
    to move gives up) or else the ``Winner`` tag; ``None`` for a game still going. A board win
    is only known here through the Winner tag (``pbmkit move`` sets it)."""
    ending = record.ending
    if ending is not None:
        if ending.kind in ("resigns", "concedes"):
            others = [s for s in order if s != to_move]
            if len(others) == 1:
                return others[0]
            tag = record.tags.get("Winner", "*").strip().lower()
            return tag if tag in others else None  # several places: the tag names the winner
        return "draw"
    tag = record.tags.get("Winner", "*").strip().lower()
    return tag if tag == "draw" or tag in order else None
