"""What ``pbmkit check`` reports of each game (:class:`GameCheck`), and the lean path that finds it.

:func:`iter_checks` gives, for every game of a text, what a replay finds (validity, turns, result,
problems, the desk's overstepped deadlines) without the replay's record of every move. A chunk of
an archive (:func:`~pbmkit.records.chunks.game_chunks`) whose games are plain (tags, numbered
main-line turns with no comment, phase lines, an ending) is read by the lean path: the scanner's
turn matches go straight to the game's ``split``, ``read``, ``check_move`` and ``apply``, with no
``Turn``, ``WrittenMove`` or ``Ply`` made, and the repeated-position table is a set. Dated records
(the desk's ``{[%ccsnt 2026.11.21]}`` after every move, docs/desk.md) are plain too: a comment
after a move that holds the desk's annotations and nothing else is read by the desk's own parser
(:func:`~pbmkit.desk.dates.desk_notes`), and the desk's report (its warnings, ``overstepped``)
is computed from what each ply carries by the desk's own :class:`~pbmkit.desk.dates.Clocks`,
as the full path's :func:`~pbmkit.desk.dates.clock_check` does. At the first thing that would
make a problem or that the lean path does not follow (any other comment, a comment before a
game's first move, a series, an illegal move, an announcement not due, a TimeControl tag that
cannot be read...) the chunk is
read and replayed again by the full path (:func:`~pbmkit.records.reader.iter_records`,
:func:`~pbmkit.records.replay.replay`), which explains what it finds. So a game is valid by the
lean path exactly when the full replay finds no problem in it, and then the two report the same
turns and result: ``tests/records/test_lean_check.py`` holds them equal.

Over 600 lines on purpose: the lean path and the judgement it shares with the full replay's report
sit together, so that the two verdicts, which must agree (issue 37), are written side by side.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeAlias, cast

from pbmkit.games import AnyGame, IllegalMoveError, SetupError, UnknownGameError, get_game
from pbmkit.games.base import Plays
from pbmkit.games.notation import MoveSpan, RunSplit
from pbmkit.records.model import Comment, Ending, Record, canonical_tag_name
from pbmkit.records.problems import MoveSyntaxError, Problem
from pbmkit.records.reader import DATE_PATTERN, TAG_PATTERN, chunk_spans, parse_chunk
from pbmkit.records.replay import GameReplay, Replayer, replay, report_json, start_position
from pbmkit.records.tokens import one_turn_pattern, scanner

if TYPE_CHECKING:
    import datetime

    from pbmkit.desk.dates import Clocks, MoveNotes
    from pbmkit.desk.rows import StatusFacts

__all__ = ["FULL_REPLAY_VARIABLE", "GameCheck", "iter_checks", "lean_check_on"]


class GameCheck:
    """One game of a file as ``pbmkit check`` reports it (the object of ``check --json``).

    A plain class: it is defined at the start of every command, where a dataclass costs ~1.5 ms.
    """

    __slots__ = ("detail", "errors", "facts", "game", "how", "index", "overstepped", "replayed",
                 "source", "tags", "turns", "warnings", "winner")

    def __init__(self, source: str, index: int, game: AnyGame | None, tags: dict[str, str],
                 turns: int, winner: str | None, how: str | None, errors: list[Problem],
                 warnings: list[Problem], overstepped: list[dict[str, object]],
                 detail: str = "") -> None:
        self.source = source
        self.index = index
        """The game's number in its file, from 1."""
        self.game = game
        """The rules as the record's tags configure them (``None``: an unknown game)."""
        self.tags = tags
        self.turns = turns
        self.winner = winner
        self.how = how
        self.detail = detail
        """What the final position adds to the result's words (a score), as the replay's."""
        self.errors = errors
        self.warnings = warnings
        """Warnings and notes, the desk's among them."""
        self.overstepped = overstepped
        """The desk's overstepped deadlines (``check --json``'s ``overstepped``)."""
        self.facts: StatusFacts | None = None
        """What the lean path kept for the game's status row (:func:`iter_checks`'s ``facts``)."""
        self.replayed: GameReplay | None = None
        """The full replay of a game the lean path handed over (:func:`iter_checks`'s ``facts``)."""

    def __repr__(self) -> str:
        return (f"GameCheck(source={self.source!r}, index={self.index}, valid={self.valid}, "
                f"turns={self.turns}, winner={self.winner!r})")

    @property
    def valid(self) -> bool:
        """Whether the game has no error (warnings and notes do not count)."""
        return not self.errors

    @classmethod
    def of(cls, rep: GameReplay, clocks: bool = True) -> GameCheck:
        """The report of a full replay, the desk's clock checked (which adds its warnings;
        ``clocks=False``: not checked, no desk warning and no ``overstepped``)."""
        from pbmkit.desk.dates import clock_check

        overstepped = clock_check(rep) if clocks else []
        return cls(rep.source, rep.index, rep.game, rep.record.tags, rep.turns, rep.winner, rep.how,
                   rep.errors, rep.warnings, overstepped, rep.detail)

    def to_json(self) -> dict[str, Any]:
        """The object of ``check --json`` (record-format.md), plus ``file``, ``warnings`` and
        ``overstepped``."""
        return {**report_json(self), "overstepped": self.overstepped}


def iter_checks(text: str, source: str = "<string>", *,
                progress: Callable[[int, int], None] | None = None,
                lean: bool | None = None, facts: bool = False) -> Iterator[GameCheck]:
    """Every game of ``text`` checked, one at a time, as :class:`GameCheck` (see the module's
    docstring: plain games by the lean path, the others by the full replay).

    ``progress(done, total)`` is called after each chunk of the archive (a game or a few).
    ``lean=False`` replays every game fully (the same reports, slower); ``None``, the default:
    :func:`lean_check_on`. ``facts``: each game also carries what its ``pbmkit status`` row
    needs (:mod:`pbmkit.desk.rows`): the lean path's :class:`~pbmkit.desk.rows.StatusFacts`, or
    the full path's replay (``replayed``), whose desk the row reads from the record (such a
    game's check then has no desk warning and no ``overstepped``: the row does not read them).
    """
    if lean is None:
        lean = lean_check_on()
    index = 0
    spans = chunk_spans(text, 0 if progress is not None else None)
    total = len(spans)
    for k, (start, end, first_line) in enumerate(spans):
        chunk = text[start:end]
        quick = _lean_chunk(chunk, source, first_line, index, facts) if lean else None
        if quick is None:
            for record in parse_chunk(chunk, source, first_line):
                index += 1
                rep = replay(record, source, index)
                check = GameCheck.of(rep, not facts)
                if facts:
                    check.replayed = rep
                yield check
        else:
            index += len(quick)
            yield from quick
        if progress is not None:
            progress(k + 1, total)


FULL_REPLAY_VARIABLE: Final = "PBMKIT_FULL_REPLAY"
"""The environment variable that turns the lean path off (:func:`lean_check_on`)."""


def lean_check_on() -> bool:
    """Whether :func:`iter_checks` (and so ``pbmkit check``) takes the lean path by default: yes,
    unless the environment variable ``PBMKIT_FULL_REPLAY`` is set to anything but ``""`` or
    ``0``. Read at each call, so that the tests holding the two paths equal switch paths in the
    compiled build too (where replacing a module's function changes nothing its own code
    calls)."""
    return os.environ.get(FULL_REPLAY_VARIABLE, "") in ("", "0")


_PLAYS: Final[dict[type, bool]] = {}
"""Whether each class of game plays (:class:`Plays`), asked once: ``isinstance`` of a protocol looks
at every member of it, which cost ~1.5% of checking an archive of short games when asked of each."""


class _Bail(Exception):
    """The lean path stops: the chunk is read again by the full path."""


_BLANKS: Final = r"[ \t\r\n\f\ufeff]*"
"""The grammar's WS, or nothing (never ``\\s``: a no-break space is no blank of a record)."""
_WS: Final = re.compile(_BLANKS)
"""The grammar's WS (ignored between tokens; a turn's own match takes the blanks after it)."""

_TURN_LINES: Final[dict[str, tuple[re.Pattern[str], range] | None]] = {}
"""For each quick pattern of a :class:`RunSplit` (its source): the whole turn's pattern and the
indices of its move groups in ``Match.groups()`` (``None``: the quick pattern cannot be used)."""


def _turn_line(split: object) -> tuple[re.Pattern[str], range] | None:
    """One pattern for a whole plain turn of a game whose ``split`` is a :class:`RunSplit`: the
    number (group 1), the run of move text (group 2: the quick pattern, its groups after it), then
    the end of the line and the blanks after it.

    Where it matches, ONE_TURN matches the same text with the same number and run, and the game's
    ``split`` finds in the run the moves and words of the quick pattern's groups: the quick pattern
    takes only words that MOVETEXT takes (RunSplit's contract), and the run ends at a line's end,
    where MOVETEXT ends too. So a turn is one match where it was ONE_TURN's, then ``split``'s.
    """
    if not isinstance(split, RunSplit):
        return None
    quick = split.quick
    if quick in _TURN_LINES:
        return _TURN_LINES[quick]
    found: tuple[re.Pattern[str], range] | None = None
    if not re.search(r"\\[0-9]|\(\?P=", quick):  # a backreference would count groups anew
        try:
            pattern = re.compile(rf"([0-9]{{1,9}})\.[ \t]*({quick})(?=[\r\n]|\Z){_BLANKS}")
        except re.error:  # pragma: no cover - e.g. global flags inside the quick pattern
            pattern = None
        if pattern is not None and pattern.groups % 2 == 0:
            found = (pattern, range(2, pattern.groups, 2))
    _TURN_LINES[quick] = found
    return found


_DATED_LINES: Final[dict[tuple[str, int], tuple[re.Pattern[str], tuple[_Run, ...]] | None]] = {}
"""For each quick pattern of a :class:`RunSplit` and number of sides: :func:`_dated_line`'s."""

_Run = tuple[int, int, tuple[int, ...], int]
"""One run of a dated turn line's pattern: its group, its first move's group, its other moves'
groups (each move's word is the group after it), its comment's group (indices of
``Match.groups()``)."""


def _dated_line(split: object, sides: int) -> tuple[re.Pattern[str], tuple[_Run, ...]] | None:
    """One pattern for a whole dated turn of a game whose ``split`` is a :class:`RunSplit`, as
    the desk writes it (``12. IR to HS {[%ccsnt 2026.11.21]} EV to DU {[%ccsnt 2026.11.22]}``):
    the number (group 1), then up to ``sides`` runs each followed by a comment (a run: the quick
    pattern, its groups inside it; the comment's text), then the end of the line and the blanks
    after it, before a turn number, a tag or the end (anything else may go on with the turn: a
    comment or moves on the next line, read by :func:`_commented_turn`); and the groups of each
    run.

    Where it matches, the reader finds the same turn: ONE_TURN takes the number and the first run
    (MOVETEXT stops at the ``{``, and the quick pattern takes only words MOVETEXT takes, up to
    it), each comment goes to the move before it, and each run after a comment is a MOVETEXT of
    the same turn; the game's ``split`` finds in each run the moves and words of the quick
    pattern's groups (its ``fullmatch`` of the run, the same constraint as here: the run ends
    where the ``{`` starts).
    """
    if not isinstance(split, RunSplit) or _turn_line(split) is None:
        return None
    key = (split.quick, sides)
    if key in _DATED_LINES:
        return _DATED_LINES[key]
    run = rf"({split.quick})\{{([^}}]*)\}}[ \t]*"
    source = rf"([0-9]{{1,9}})\.[ \t]*{run}" + f"(?:{run}" * (sides - 1) + ")?" * (sides - 1) \
        + rf"(?=[\r\n]|\Z){_BLANKS}+(?=[0-9\[]|\Z)"
    found: tuple[re.Pattern[str], tuple[_Run, ...]] | None = None
    try:
        pattern = re.compile(source)
    except re.error:  # pragma: no cover - as _turn_line's
        pattern = None
    if pattern is not None:
        inner = (pattern.groups - 1) // sides - 2  # the quick pattern's own groups
        runs = []
        group = 2
        for _ in range(sides):
            moves = range(group + 1, group + 1 + inner, 2)
            runs.append((group - 1, moves[0] - 1, tuple(g - 1 for g in moves[1:]), group + inner))
            group += inner + 2
        found = (pattern, tuple(runs))
    _DATED_LINES[key] = found
    return found


def _lean_chunk(chunk: str, source: str, first_line: int, index: int, facts: bool = False
                ) -> list[GameCheck] | None:
    """The games of ``chunk`` checked by the lean path, or ``None`` when one of them is not plain
    or has a problem (the full path then reads the chunk).

    The chunk is read as :func:`~pbmkit.records.tokens.simple_items` reads it (tags, then a body
    up to the next tag), but each game's turns with the game's own turn pattern
    (:func:`_turn_line`), ONE_TURN and ``split`` only where it does not match."""
    if ";" in chunk or chunk.startswith("\ufeff"):
        return None  # line comments (or a tag value holding a semicolon) and the byte-order mark
    dated = "{" in chunk  # the desk's comments after moves (the others bail)
    out: list[GameCheck] = []
    skip, tag_at = _WS.match, TAG_PATTERN.match
    n = len(chunk)
    pos = cast(re.Match[str], skip(chunk)).end()
    try:
        while pos < n:
            tags: list[re.Match[str]] = []
            while pos < n and chunk[pos] == "[":
                m = tag_at(chunk, pos)  # the grammar's TAG, with the name and value as groups
                if m is None:
                    return None  # a syntax error
                tags.append(m)
                pos = cast(re.Match[str], skip(chunk, m.end())).end()
            check, pos = _lean_game(tags, chunk, pos, first_line, source, index + len(out) + 1,
                                    dated, facts)
            out.append(check)
    except _Bail:
        return None
    return out


def _lean_tags(tokens: list[re.Match[str]]) -> dict[str, str]:
    tags: dict[str, str] = {}
    for m in tokens:
        name, value = canonical_tag_name(m.group(1)), m.group(2)
        if name in tags or "\\" in value:
            raise _Bail  # a repeated tag starts another game; escapes: the reader's
        if name == "Date" and value.strip() and not DATE_PATTERN.fullmatch(value.strip()):
            raise _Bail  # a warning
        if "{" in value or "}" in value:
            raise _Bail  # a brace the lean path would take for a comment's
        tags[name] = value
    return tags


def _lean_game(tag_tokens: list[re.Match[str]], chunk: str, pos: int, first_line: int,
               source: str, index: int, dated: bool, facts: bool = False
               ) -> tuple[GameCheck, int]:
    """One plain game checked move by move, as :meth:`Replayer.run` would with no problem: its
    body read from ``pos`` up to the next tag (or the chunk's end), where reading goes on.

    ``dated``: the chunk holds comments. A comment after a move that holds the desk's annotations
    only (:func:`~pbmkit.desk.dates.desk_notes`) is followed, and so is the move text after it
    (the turn goes on). With such comments or a TimeControl tag, each move is handed to the desk's
    :class:`~pbmkit.desk.dates.Clocks` as it is read (:class:`_Desk`), which computes the
    desk's report as the full path's :func:`~pbmkit.desk.dates.clock_check` does. Any other
    comment, or one elsewhere, bails. ``facts``: the desk's clocks run on every game, and what
    its status row needs is kept (:class:`~pbmkit.desk.rows.StatusFacts`)."""
    tags = _lean_tags(tag_tokens)
    dated_at = None
    if dated:
        from pbmkit.desk.dates import DESK_NOTES_READ
        from pbmkit.desk.dates import desk_notes as desk_only

        notes_read = DESK_NOTES_READ.get
    record = Record(tags=tags, source=source)
    try:
        game = get_game(tags.get("Game", "").strip() or record.game_name).configure(tags)
        start = start_position(game, tags.get("Setup"))
    except (UnknownGameError, SetupError):
        raise _Bail from None
    judge = Replayer(record, source, index)
    winner_tag = judge.for_game(game)
    if judge.result.errors:
        raise _Bail  # a Winner tag the game cannot have
    read, check, apply, side_to_move = game.notation.read, game.check_move, game.apply, \
        game.side_to_move
    split, announce = game.notation.split, game.announce
    plays = _PLAYS.get(type(game))
    if plays is None:
        plays = _PLAYS[type(game)] = isinstance(game, Plays)
    play: Callable[[Any, str], Any] | None = cast(Plays[Any], game).play if plays else None
    order = game.order
    sides = len(order)
    desk = _Desk(tags, order, chunk, first_line) if dated or "TimeControl" in tags or facts \
        else None
    clock = None if desk is None else desk.clocks  # typed: compiled, a native call a move
    # check only reads the clocks' problems and oversteps: a move sent on or after the one before,
    # with nothing received or arrived, and within a time control of days a move, has neither
    tc = None if desk is None else desk.report.time_control
    lazy = desk is not None and not facts and (tc is None or tc.moves is None)
    limit = None
    if tc is not None and lazy:  # (datetime is imported by the desk's dates, not for plain games)
        from datetime import timedelta

        limit = timedelta(days=tc.days)
    unsent = None if desk is None else desk.report.start
    behind = False
    kept: list[MoveNotes] | None = [] if facts else None  # every move's notes, for the row
    moved = ""  # the last move's text, its turn's label and its index in the turn (facts only)
    moved_label, moved_k = "", 0
    no_notes = None if desk is None else desk.no_notes
    last_comments: _Commented = None  # the comments of the last move read
    last_at = 0  # the offset of the last move whose comments the desk read (a list of them)
    # the line of the last move placed for a note, its start, the move's offset: lines are
    # counted on from one note to the next, never from the chunk's start again
    d_line, d_line_start, d_scanned = first_line, 0, 0
    rounds = game.rounds > 1
    round_of = game.round_of
    first_round = round_of(start) if rounds else 1
    written_round = first_round
    position = start
    seen: dict[Any, _Reached | None] = {start: None}
    repeats = game.positions_repeat
    notes: list[Problem] = []
    turns = 0
    ending: Ending | None = None
    ender: str | None = None
    expected = 1  # the next turn's number (from 1 again after a phase line)
    lines = _turn_line(split)
    turn_at = None if lines is None else lines[0].match
    pairs = range(0) if lines is None else lines[1]
    dated_runs: tuple[_Run, ...] = ()
    if dated and (dated_line := _dated_line(split, sides)) is not None:
        dated_at, dated_runs = dated_line[0].match, dated_line[1]
    one_turn, skip = one_turn_pattern().match, _WS.match
    after_phase = False
    n = len(chunk)
    while pos < n:
        c = chunk[pos]
        if c == "[":
            break  # the next game's tags
        if ending is not None:
            raise _Bail  # a move after the ending
        starts: list[int] | None = None  # where each move starts (None: the match's groups')
        commented: list[_Commented] | None = None  # each move's comments
        if "0" <= c <= "9":
            if dated_at is not None and (m := dated_at(chunk, pos)) is not None:
                # a turn as the desk writes it: one match, a comment after each run
                groups: Sequence[str | None] = m.groups()
                run = m[2]
                matched: list[int] = []
                moves: Sequence[int] = matched
                commented = []
                for r_run, r_first, r_more, r_comment in dated_runs:
                    text = groups[r_run]
                    if text is None:
                        break
                    if "  " in text or "\t" in text or groups[r_first] is None:
                        raise _Bail  # a move written with odd spaces: the full path quotes it
                    matched.append(r_first)
                    for g in r_more:  # the run's other moves: no comment between them
                        if groups[g] is None:
                            break
                        commented.append(None)
                        matched.append(g)
                    c_text = groups[r_comment]
                    if c_text is None:  # (never: the comment closes the run)
                        raise _Bail
                    found = notes_read(c_text)  # read before: a dict's get, no call
                    if found is None and c_text not in DESK_NOTES_READ:
                        found = desk_only(c_text)
                    if found is None:
                        raise _Bail  # a comment that is not the desk's
                    commented.append(found[0] if not found[1] else [m.start(r_comment + 1) - 1])
                turn_end = m.end()
            elif turn_at is not None and (m := turn_at(chunk, pos)) is not None:
                # the common turn: its moves are the groups of one match
                run = m[2]
                groups = m.groups()
                moves = pairs
                turn_end = m.end()
            else:  # a turn as the scanner reads it, ONE_TURN then the game's split
                m = one_turn(chunk, pos)
                if m is None or m[2]:
                    raise _Bail  # "12." alone (or "12. ..."), a series
                run = m[3]
                groups, starts = [], []
                _split_run(split, run, m.start(3), sides, groups, starts)
                turn_end = m.end()
                if dated and turn_end < n and chunk[turn_end] == "{":
                    commented, turn_end = _commented_turn(chunk, turn_end, split, sides, groups,
                                                          starts, desk_only)
                moves = range(0, len(groups), 2)
        else:  # an ending or a phase line; anything else the full path reads
            if scanner(1).match(chunk, pos) is not None:
                raise _Bail  # move text outside a turn
            m = scanner(2).match(chunk, pos)
            kind = None if m is None else m.lastgroup
            if m is None or kind not in ("RESIGNS", "DRAW", "PHASE"):
                raise _Bail  # a turn number alone, an ellipsis, a syntax error
            after_phase = kind == "PHASE"
            if after_phase:
                if not rounds:
                    raise _Bail
                written_round = int(m[0].split()[1])  # as the reader's Phase
                expected = 1
            else:
                line_start = chunk.rfind("\n", 0, pos) + 1
                ending = Ending(" ".join(m[0].lower().split()), "",
                                first_line + chunk.count("\n", 0, pos), pos - line_start + 1)
                ender = side_to_move(position)
            pos = cast(re.Match[str], skip(chunk, m.end())).end()
            continue
        label = m[1]
        if label != str(expected):
            raise _Bail  # a turn out of sequence, a label written otherwise (0-padded)
        if "  " in run or "\t" in run:
            raise _Bail  # a move written with odd spaces: the full path's notes quote it so
        expected += 1
        after_phase = False
        j = 0
        for g in moves:
            text = groups[g]
            if text is None:
                break
            if j == sides:
                raise _Bail  # more moves than sides
            if side_to_move(position) != order[j]:
                raise _Bail
            if rounds and round_of(position) != written_round:
                raise _Bail
            after = None if play is None else play(position, text)
            if after is None:  # not answered at once: read, checked and applied
                try:
                    move = read(text, position)
                    if check(position, move) is not None:
                        raise _Bail
                except (MoveSyntaxError, IllegalMoveError):
                    raise _Bail from None
                after = apply(position, move)
            if clock is not None:  # the desk's clocks, given the move's offset (placed later)
                last_comments = None if commented is None else commented[j]
                if last_comments is None:
                    move_notes = cast("MoveNotes", no_notes)
                elif isinstance(last_comments, list):
                    last_at = m.start(g + 1) if starts is None else starts[j]
                    move_notes = cast(_Desk, desk).read(label, order[j], last_comments, last_at)
                else:
                    move_notes = last_comments  # one comment, read by the turn's pattern
                if lazy and move_notes.received is None and move_notes.arrived is None and \
                        (sent := move_notes.sent) is not None and unsent is not None and \
                        not sent < unsent and (limit is None or sent - unsent <= limit):
                    unsent, behind = sent, True  # no date out of order: nothing to report
                else:
                    if behind:
                        clock.skipped(cast("datetime.date", unsent))
                        behind = False
                    clock.add(label, order[j], 0, m.start(g + 1) if starts is None else starts[j],
                              move_notes)
                    unsent = None if move_notes.arrived is not None else move_notes.sent
                if kept is not None:  # (only for a status row)
                    kept.append(move_notes)
                    moved, moved_label, moved_k = text, label, j
            word = groups[g + 1]  # lower case already where split gave it
            if word and (word if starts is not None else word.lower()) \
                    not in {a.word for a in announce(after)}:
                raise _Bail  # a word not due: the full path's warning
            if repeats:
                entry = (m, j, written_round)
                earlier = seen.setdefault(after, entry)
                if earlier != entry:  # a repeated position: a note, as the full path's
                    at = m.start(g + 1) if starts is None else starts[j]
                    k = chunk.count("\n", d_scanned, at)  # lines counted on from the last note's
                    if k:
                        d_line += k
                        d_line_start = chunk.rfind("\n", d_scanned, at) + 1
                    d_scanned = at
                    notes.append(_repeated(chunk, d_line, d_line_start, source, earlier, label, at,
                                           text, order[j], order))
            position = after
            j += 1
        if j == 0:
            raise _Bail  # no move read (split finds one in every run)
        turns += 1
        pos = turn_end
    if after_phase:
        raise _Bail  # a phase line ends the game
    judge.result.final = position
    judge.judge_result(game.outcome(position), ending, ender, winner_tag)
    res = judge.result
    if res.errors or res.warnings:
        raise _Bail
    overstepped: list[dict[str, object]] = []
    if desk is not None:
        if ending is None and isinstance(last_comments, list) \
                and "\n" in chunk[last_at:last_comments[-1]]:
            raise _Bail  # a comment on a line after the last move: the next game's, maybe
        overstepped = desk.report_into(notes, source)
    done = GameCheck(source, index, game, tags, turns, res.winner, res.how, [], notes,
                     overstepped, res.detail)
    if kept is not None and desk is not None:
        from pbmkit.desk.rows import StatusFacts

        done.facts = StatusFacts(record.game_name, desk.report, kept, ending,
                                (moved_label, order[moved_k], moved) if turns else None,
                                side_to_move(start))
    return done, pos


def _split_run(split: Callable[[str], Sequence[MoveSpan]], run: str, at: int, sides: int,
               groups: list[str | None], starts: list[int]) -> None:
    """Add the moves of ``run`` (move text at offset ``at`` of the chunk), as the game's ``split``
    finds them, to a turn's ``groups`` (each move's text and word) and ``starts``."""
    for s_start, s_end, words, _stop in split(run):
        if len(words) > 1:
            raise _Bail  # a word written twice (the full path's warning)
        groups += (run[s_start:s_end], words[0] if words else None)
        starts.append(at + s_start)
    if len(starts) > sides:
        raise _Bail


def _commented_turn(chunk: str, pos: int, split: Callable[[str], Sequence[MoveSpan]],
                    sides: int, groups: list[str | None], starts: list[int],
                    desk_notes: Callable[[str], object]) -> tuple[list[_Commented], int]:
    """The rest of a turn from the comment at ``pos``: comments and the move text between them
    (its moves added to ``groups`` and ``starts``), up to the next turn, tag or anything else.
    Where each move's comments start, and where the turn ends (the blanks after it skipped).

    A comment belongs to the move before it, as the reader's; one holding anything but the desk's
    annotations bails."""
    n = len(chunk)
    commented: list[list[int]] = [[] for _ in starts]  # where each move's comments start
    skip, movetext = _WS.match, scanner(1).match
    while pos < n:
        c = chunk[pos]
        if c == "{":
            close = chunk.find("}", pos)
            if close < 0 or not starts or desk_notes(chunk[pos + 1:close]) is None:
                raise _Bail  # not closed; not the desk's comment
            commented[len(starts) - 1].append(pos)
            pos = cast(re.Match[str], skip(chunk, close + 1)).end()
            continue
        if "0" <= c <= "9" or c == "[":
            break
        more = movetext(chunk, pos)
        if more is None:
            break  # an ending, a phase line, anything else: read on as after any turn
        if "  " in more[0] or "\t" in more[0]:
            raise _Bail  # a move written with odd spaces: the full path's notes quote it so
        _split_run(split, more[0], pos, sides, groups, starts)
        commented += [[] for _ in range(len(starts) - len(commented))]
        pos = cast(re.Match[str], skip(chunk, more.end())).end()
    return [k or None for k in commented], pos


class _Desk:
    """The desk's clocks of a game the lean path reads: :attr:`clocks` (the same
    :class:`~pbmkit.desk.dates.Clocks` as the full path's
    :func:`~pbmkit.desk.dates.clock_check`), whose ``add`` takes each move, its offset in the chunk (as line
    0 and the column: a line is found only for a move or a comment that a warning names, by
    :meth:`place`) and its notes (:attr:`no_notes`, one comment's, or :meth:`read`'s), and
    :meth:`report_into` gives the report."""

    __slots__ = ("chunk", "clocks", "first_line", "no_notes", "report")

    def __init__(self, tags: dict[str, str], order: tuple[str, ...], chunk: str,
                 first_line: int) -> None:
        from pbmkit.desk.dates import NO_NOTES, Clocks, new_report

        report, refused = new_report(tags, order)
        if refused is not None:
            raise _Bail  # a TimeControl tag that cannot be read: the reader knows where it is
        self.report = report
        self.clocks: Clocks = Clocks(report)
        self.no_notes = NO_NOTES
        """The notes of a move without a comment."""
        self.chunk = chunk
        self.first_line = first_line

    def read(self, label: str, side: str, comments: list[int], pos: int) -> MoveNotes:
        """The notes of the comments starting at ``comments``, read as the reader's (their
        problems added to the report): the comments of the move at offset ``pos`` of the chunk.
        Each comment is placed by its offset (line 0, the offset for the column: :meth:`place`
        finds its line and column if a warning names it)."""
        from pbmkit.desk.dates import desk_notes, read_notes

        chunk = self.chunk
        texts = [chunk[a + 1:chunk.index("}", a)] for a in comments]
        found = desk_notes(texts[0]) if len(texts) == 1 else None
        if found is not None and not found[1]:
            return found[0]  # one comment, read before
        notes = read_notes([Comment(text, "{", 0, a) for a, text in zip(comments, texts,
                                                                       strict=True)])
        for comment, message in notes.problems:
            self.report.problems.append((comment.line, comment.column, label, side, message))
        return notes

    def place(self) -> None:
        """The report's problems and oversteps, given by their offsets in the chunk (line 0, the
        offset for the column), given their lines and columns in the file: one pass over the
        chunk, whatever their number."""
        report = self.report
        offsets = sorted({p[1] for p in report.problems if p[0] == 0}
                         | {o.column for o in report.overstepped if o.line == 0})
        if not offsets:
            return
        chunk, first_line = self.chunk, self.first_line
        where: dict[int, tuple[int, int]] = {}
        line, line_start, scanned = first_line, 0, 0
        for at in offsets:
            k = chunk.count("\n", scanned, at)
            if k:
                line += k
                line_start = chunk.rfind("\n", scanned, at) + 1
            scanned = at
            where[at] = (line, at - line_start + 1)
        report.problems[:] = [(where[p[1]][0], where[p[1]][1], p[2], p[3], p[4]) if p[0] == 0
                              else p for p in report.problems]
        report.overstepped[:] = [o.placed(*where[o.column])
                                 if o.line == 0 else o for o in report.overstepped]

    def report_into(self, warnings: list[Problem], source: str) -> list[dict[str, object]]:
        """Add the desk's warnings to ``warnings`` as :func:`~pbmkit.desk.dates.clock_check`
        does; ``check --json``'s ``overstepped``. (A game without a TimeControl tag or a comment,
        whose desk the full path skips, has neither.)"""
        from pbmkit.desk.dates import desk_problems

        report = self.report
        if report.problems or report.overstepped:
            self.place()
            warnings.extend(desk_problems(report, _source_lines(self.chunk, self.first_line),
                                          source))
            warnings.sort(key=lambda p: (p.line or 0, p.column or 0))
        return [o.to_json() for o in report.overstepped]


def _source_lines(chunk: str, first_line: int) -> Callable[[int | None], str | None]:
    """``Record.source_line`` of the records of ``chunk`` (the reader's lines: ``split("\\n")``)."""
    lines = chunk.split("\n")

    def source_line(line: int | None) -> str | None:
        if line is None or not 0 <= line - first_line < len(lines):
            return None
        return lines[line - first_line].rstrip("\r")

    return source_line


def _repeated(chunk: str, line: int, line_start: int, source: str, earlier: _Reached | None,
              label: str, pos: int, move: str, side: str, order: tuple[str, ...]) -> Problem:
    """The note the replay (:class:`Replayer`) makes at ``side``'s move ``move`` of the turn ``label``,
    written at offset ``pos`` of the chunk (on the file's line ``line``, which starts at offset
    ``line_start``), whose position was first reached by the move ``earlier`` (``None``: the
    start)."""
    if earlier is None:
        message = "this position was seen before, at the start"
    else:
        first, k, round_ = earlier
        label_first = first.group(1) if round_ == 1 else f"{round_}:{first.group(1)}"
        message = f"this position was seen before, after turn {label_first} ({order[k]})"
    line_end = chunk.find("\n", pos)
    text = chunk[line_start:line_end if line_end >= 0 else len(chunk)].rstrip("\r")
    return Problem(source, line, pos - line_start + 1, label, side, move, message,
                   severity="note", source_line=text)


_Commented: TypeAlias = "MoveNotes | list[int] | None"
"""A move's comments as the lean path finds them: none, one comment's notes (readable), or where
each comment starts (read and placed by :meth:`_Desk.add`)."""

_Reached = tuple[re.Match[str], int, int]
"""Where the lean path first reached a position: the turn's match, the move's index in the turn,
the round."""
