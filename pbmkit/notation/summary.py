"""What ``pbmkit check`` reports of each game (:class:`GameCheck`), and the lean path that finds it.

:func:`iter_checks` gives, for every game of a text, what a replay finds (validity, turns, result,
problems, the desk's overstepped deadlines) without the replay's record of every move. A chunk of
an archive (:func:`~pbmkit.notation.chunks.game_chunks`) whose games are plain (tags, numbered
main-line turns with no comment, phase lines, an ending) is read by the lean path: the scanner's
turn matches go straight to the game's ``split``, ``read``, ``check_move`` and ``apply``, with no
``Turn``, ``WrittenMove`` or ``Ply`` made, and the repeated-position table is a set. At the first
thing that would make a problem or that the lean path does not follow (a comment, a series, an
illegal move, an announcement not due, a repeated position, a tag the desk reads...) the chunk is
read and replayed again by the full path (:func:`~pbmkit.notation.reader.iter_records`,
:func:`~pbmkit.notation.replay.replay`), which explains what it finds. So a game is valid by the
lean path exactly when the full replay finds no problem in it, and then the two report the same
turns and result: ``tests/notation/test_lean_check.py`` holds them equal.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any, Final, cast

from pbmkit.games import Game, IllegalMoveError, SetupError, UnknownGameError, get_game
from pbmkit.games.base import Plays
from pbmkit.notation.model import Ending, Record, canonical_tag_name
from pbmkit.notation.problems import MoveSyntaxError, Problem
from pbmkit.notation.reader import _DATE_RE, _TAG_RE, _parse_records, chunk_spans
from pbmkit.notation.replay import GameReplay, _Replayer, _start_position, replay, report_json
from pbmkit.notation.tokens import simple_items

__all__ = ["GameCheck", "iter_checks"]


class GameCheck:
    """One game of a file as ``pbmkit check`` reports it (the object of ``check --json``).

    A plain class: it is defined at the start of every command, where a dataclass costs ~1.5 ms.
    """

    __slots__ = ("errors", "game", "how", "index", "overstepped", "source", "tags", "turns",
                 "warnings", "winner")

    def __init__(self, source: str, index: int, game: Game[Any, Any] | None, tags: dict[str, str],
                 turns: int, winner: str | None, how: str | None, errors: list[Problem],
                 warnings: list[Problem], overstepped: list[dict[str, object]]) -> None:
        self.source = source
        self.index = index
        """The game's number in its file, from 1."""
        self.game = game
        """The rules as the record's tags configure them (``None``: an unknown game)."""
        self.tags = tags
        self.turns = turns
        self.winner = winner
        self.how = how
        self.errors = errors
        self.warnings = warnings
        """Warnings and notes, the desk's among them."""
        self.overstepped = overstepped
        """The desk's overstepped deadlines (``check --json``'s ``overstepped``)."""

    def __repr__(self) -> str:
        return (f"GameCheck(source={self.source!r}, index={self.index}, valid={self.valid}, "
                f"turns={self.turns}, winner={self.winner!r})")

    @property
    def valid(self) -> bool:
        """Whether the game has no error (warnings and notes do not count)."""
        return not self.errors

    @classmethod
    def of(cls, rep: GameReplay) -> GameCheck:
        """The report of a full replay, the desk's clock checked (which adds its warnings)."""
        from pbmkit.notation.desk import clock_check

        overstepped = clock_check(rep)
        return cls(rep.source, rep.index, rep.game, rep.record.tags, rep.turns, rep.winner, rep.how,
                   rep.errors, rep.warnings, overstepped)

    def to_json(self) -> dict[str, Any]:
        """The object of ``check --json`` (record-format.md), plus ``file``, ``warnings`` and
        ``overstepped``."""
        return {**report_json(self), "overstepped": self.overstepped}


def iter_checks(text: str, source: str = "<string>", *,
                progress: Callable[[int, int], None] | None = None) -> Iterator[GameCheck]:
    """Every game of ``text`` checked, one at a time, as :class:`GameCheck` (see the module's
    docstring: plain games by the lean path, the others by the full replay).

    ``progress(done, total)`` is called after each chunk of the archive (a game or a few).
    """
    index = 0
    spans = chunk_spans(text, 0 if progress is not None else None)
    total = len(spans)
    for k, (start, end, first_line) in enumerate(spans):
        chunk = text[start:end]
        quick = _lean_chunk(chunk, source, first_line, index)
        if quick is None:
            records, _ = _parse_records(chunk, source, False, first_line)
            for record in records:
                index += 1
                yield GameCheck.of(replay(record, source, index))
        else:
            index += len(quick)
            yield from quick
        if progress is not None:
            progress(k + 1, total)


_PLAYS: Final[dict[type, bool]] = {}
"""Whether each class of game plays (:class:`Plays`), asked once: ``isinstance`` of a protocol looks
at every member of it, which cost ~1.5% of checking an archive of short games when asked of each."""


class _Bail(Exception):
    """The lean path stops: the chunk is read again by the full path."""


def _lean_chunk(chunk: str, source: str, first_line: int, index: int) -> list[GameCheck] | None:
    """The games of ``chunk`` checked by the lean path, or ``None`` when one of them is not plain
    or has a problem (the full path then reads the chunk)."""
    if "{" in chunk or ";" in chunk or chunk.startswith("\ufeff"):
        return None  # comments (or a tag value holding a brace: rare) and the byte-order mark
    simple = simple_items(chunk, first_line)
    if simple is None or simple[1]:
        return None
    out: list[GameCheck] = []
    try:
        for item in simple[0]:
            if isinstance(item, list):  # the tag-less body of the first game
                out.append(_lean_game([], item, chunk, first_line, source, index + len(out) + 1))
            else:
                out.append(_lean_game(item[1], item[2], chunk, first_line, source,
                                      index + len(out) + 1))
    except _Bail:
        return None
    return out


def _lean_tags(tokens: list[Any]) -> dict[str, str]:
    tags: dict[str, str] = {}
    for tok in tokens:
        m = _TAG_RE.fullmatch(str(tok))
        if m is None:  # pragma: no cover - the TAG terminal has the same shape
            raise _Bail
        name, value = canonical_tag_name(m.group(1)), m.group(2)
        if name in tags or "\\" in value:
            raise _Bail  # a repeated tag starts another game; escapes: the reader's
        if name == "Date" and value.strip() and not _DATE_RE.fullmatch(value.strip()):
            raise _Bail  # a warning
        tags[name] = value
    if "TimeControl" in tags:
        raise _Bail  # the desk's clocks read the full replay
    return tags


def _lean_game(tag_tokens: list[Any], body: list[Any], chunk: str, first_line: int, source: str,
               index: int) -> GameCheck:
    """One plain game checked move by move, as :meth:`_Replayer._main` would with no problem."""
    tags = _lean_tags(tag_tokens)
    record = Record(tags=tags, source=source)
    try:
        game = get_game(tags.get("Game", "").strip() or record.game_name).configure(tags)
        start = _start_position(game, tags.get("Setup"))
    except (UnknownGameError, SetupError):
        raise _Bail from None
    judge = _Replayer(record, source, index)
    judge.game = game
    judge.result.game = game
    winner_tag = judge._winner_tag()
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
    last = len(body) - 1
    expected = 1  # the next turn's number (from 1 again after a phase line)
    for k, (kind, data) in enumerate(body):
        if ending is not None:
            raise _Bail  # a move after the ending
        if kind == "end":
            ending = Ending(" ".join(str(data).lower().split()), "", data.line, data.column)
            ender = side_to_move(position)
            continue
        if kind == "phase":
            if not rounds or k == last:
                raise _Bail
            written_round = int(str(data).split()[1])  # as the reader's Phase
            expected = 1
            continue
        if len(data) != 1 or data[0].type != "TURNS":
            raise _Bail  # "12. ...", or move text after a turn's own (a move too many)
        for m in data[0].matches:
            if m[1] != str(expected) or m[2]:
                raise _Bail  # a turn out of sequence, a label written otherwise (0-padded), a series
            run = m[3]
            expected += 1
            spans = split(run)
            if not spans or len(spans) > sides or "  " in run or "\t" in run:
                raise _Bail
            for j, (s_start, s_end, words, _stop) in enumerate(spans):
                if side_to_move(position) != order[j]:
                    raise _Bail
                if rounds and round_of(position) != written_round:
                    raise _Bail
                text = run[s_start:s_end]
                after = None if play is None else play(position, text)
                if after is None:  # not answered at once: read, checked and applied
                    try:
                        move = read(text, position)
                        if check(position, move) is not None:
                            raise _Bail
                    except (MoveSyntaxError, IllegalMoveError):
                        raise _Bail from None
                    after = apply(position, move)
                if words and (len(words) > 1
                              or words[0] not in {a.word for a in announce(after)}):
                    raise _Bail  # a word not due (or written twice): the full path's warning
                if repeats:
                    entry = (m, j, written_round)
                    earlier = seen.setdefault(after, entry)
                    if earlier != entry:  # a repeated position: a note, as the full path's
                        notes.append(_repeated(chunk, first_line, source, earlier, m, s_start,
                                               s_end, order[j], order))
                position = after
            turns += 1
    judge.result.final = position
    judge._result(game.outcome(position), ending, ender, winner_tag)
    res = judge.result
    if res.errors or res.warnings:
        raise _Bail
    return GameCheck(source, index, game, tags, turns, res.winner, res.how, [], notes, [])


def _repeated(chunk: str, first_line: int, source: str, earlier: _Reached | None,
              m: re.Match[str], s_start: int, s_end: int, side: str, order: tuple[str, ...]
              ) -> Problem:
    """The note of :meth:`_Replayer._play_turn` at ``side``'s move, ``s_start:s_end`` of the run
    of turn match ``m``, whose position was first reached by the move ``earlier`` (``None``: the
    start)."""
    if earlier is None:
        message = "this position was seen before, at the start"
    else:
        first, k, round_ = earlier
        label = first.group(1) if round_ == 1 else f"{round_}:{first.group(1)}"
        message = f"this position was seen before, after turn {label} ({order[k]})"
    pos = m.start(3) + s_start
    line_start = chunk.rfind("\n", 0, pos) + 1
    line_end = chunk.find("\n", pos)
    text = chunk[line_start:line_end if line_end >= 0 else len(chunk)].rstrip("\r")
    return Problem(source, first_line + chunk.count("\n", 0, pos), pos - line_start + 1,
                   m.group(1), side, m.group(3)[s_start:s_end], message, severity="note",
                   source_line=text)


_Reached = tuple[re.Match[str], int, int]
"""Where the lean path first reached a position: the turn's match, the move's index in the turn,
the round."""
