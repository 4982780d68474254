"""The rows of ``pbmkit status`` (docs/desk.md, status): one game's standing as data.

Every game of a file is read once, by ``check``'s lean path (:func:`~pbmkit.desk.summary.iter_checks`
with ``facts``), which keeps what a row needs (:class:`StatusFacts`: the desk's report, each move's
notes, the last move, the ending) and hands a game it does not follow to the full path as
``check`` does; such a game's row is :func:`game_row`'s, from its record and replay, as ``status``
has always made it. :func:`iter_rows` gives each game's row either way; with the environment
variable ``PBMKIT_FULL_REPLAY`` set (:func:`~pbmkit.desk.summary.lean_check_on`) every row is the
full path's, which ``tests/desk/test_status_rows.py`` holds equal to the lean one.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pbmkit.desk.dates import DeskReport, MoveNotes
    from pbmkit.desk.summary import GameCheck
    from pbmkit.games import AnyGame
    from pbmkit.records.model import Ending, Record
    from pbmkit.records.replay import GameReplay

__all__ = ["StatusFacts", "game_row", "iter_rows", "lean_row"]


class StatusFacts:
    """What the lean path keeps of a game it read, for the game's status row (its check, the
    :class:`~pbmkit.desk.summary.GameCheck`, has the rest). A plain class, as ``GameCheck``."""

    __slots__ = ("ending", "first", "game_name", "last", "notes", "report")

    def __init__(self, game_name: str, report: DeskReport, notes: list[MoveNotes],
                 ending: Ending | None, last: tuple[str, str, str] | None, first: str) -> None:
        self.game_name = game_name
        """The record's game name (:attr:`~pbmkit.records.model.Record.game_name`)."""
        self.report = report
        """The desk's report of the main line's clocks, without its moves (:attr:`notes`)."""
        self.notes = notes
        """Every main-line move's notes, in order."""
        self.ending = ending
        self.last = last
        """The last move's turn label, side and text as written (None: no move)."""
        self.first = first
        """The side to move at the start (a Setup's)."""


def iter_rows(text: str, source: str, me: tuple[str, ...], today: datetime.date,
              lean: bool | None = None) -> Iterator[dict[str, Any]]:
    """The row of every game of ``text`` (the objects of ``status --json``), in file order.
    ``lean``: as :func:`~pbmkit.desk.summary.iter_checks`'s (None: unless ``PBMKIT_FULL_REPLAY``)."""
    from pbmkit.desk.summary import iter_checks
    from pbmkit.records.reader import move_syntax_problems

    for check in iter_checks(text, source, lean=lean, facts=True):
        if check.facts is not None:
            yield lean_row(check, check.facts, me, today)
            continue
        rep = check.replayed
        assert rep is not None  # iter_checks keeps the replay of every game it gives no facts
        record = rep.record
        record.move_problems = move_syntax_problems(record, record.turns)
        yield game_row(record, check.index, me, today, rep)


def game_row(record: Record, index: int, me: tuple[str, ...], today: datetime.date,
             checked: GameReplay | None = None) -> dict[str, Any]:
    """One game's status line as data (the objects of ``status --json``).

    Whose turn from the numbered turns, the result from the ending or the Winner tag, read from
    the record (docs/desk.md, status); ``checked``: the record's replay, as ``check`` replays it,
    whose errors (an illegal move, a bad tag) join the row's ``problems`` and whose result (a
    board win without a Winner tag) counts (``status`` always gives it; None: the record alone).
    """
    from pbmkit.desk.dates import desk_report, next_turn, sides_in_order, written_result
    from pbmkit.games import SetupError, get_game

    tags = record.tags
    problems = [p.message for p in (*record.problems, *record.move_problems) if p.severity == "error"]
    game: AnyGame | None
    try:
        game = get_game(tags.get("Game", "").strip() or record.game_name)
    except KeyError as exc:
        game, problems = None, [str(exc.args[0]), *problems]
    if game is not None:  # the sides and their order as the tags choose them (Layout, Order)
        try:
            game = game.configure(tags)
        except SetupError as exc:
            problems.append(str(exc))
    sides = tuple(game.sides) if game is not None else ("white", "black")
    order = tuple(game.order) if game is not None else sides_in_order(record, sides)
    first = None
    if game is not None and "Setup" in tags and not record.main:
        try:
            first = game.side_to_move(game.parse_setup(tags["Setup"]))
        except (SetupError, ValueError) as exc:
            problems.append(f"bad Setup: {exc}")
    label, side = next_turn(record, order, first)
    winner = written_result(record, order, side)
    if checked is not None:
        problems += [m for p in checked.errors if (m := p.message) not in problems]
        if checked.valid and checked.winner is not None:
            winner = checked.winner  # a board win the Winner tag does not say
    report = desk_report(record, order)
    last = report.moves[-1] if report.moves else None
    return _row(record.source, index, game, tags, order, problems, (label, side), winner,
                record.ending, report,
                None if last is None else (last.label, last.side, last.written.text),
                None if last is None else last.notes, report.draw_offer() is not None,
                record.game_name, me, today)


def lean_row(check: GameCheck, facts: StatusFacts, me: tuple[str, ...], today: datetime.date
             ) -> dict[str, Any]:
    """:func:`game_row` of a game the lean path read (valid: it has no problem), from its check
    and its facts, without a record of its moves."""
    from pbmkit.desk.dates import pending_draw, written_result
    from pbmkit.records.model import Record

    game = check.game
    assert game is not None  # the lean path reads known games only
    tags = check.tags
    order = tuple(game.order)
    last = facts.last
    if last is None:  # next_turn's: no move yet
        turn = ("1", facts.first if "Setup" in tags else order[0])
    elif (filled := order.index(last[1]) + 1) < len(order):
        turn = (last[0], order[filled])
    else:
        turn = (str(int(last[0]) + 1), order[0])
    ending = facts.ending
    winner = check.winner
    if winner is None:
        winner = written_result(Record(tags=tags, body=[ending] if ending is not None else []),
                                order, turn[1])
    notes = facts.notes
    return _row(check.source, check.index, game, tags, order, [], turn, winner, ending,
                facts.report, last, notes[-1] if notes else None,
                pending_draw(notes, len(order)) is not None, facts.game_name, me, today)


def _row(source: str, index: int, game: AnyGame | None, tags: dict[str, str],
         order: tuple[str, ...], problems: list[str], turn: tuple[str, str], winner: str | None,
         ending: Ending | None, report: DeskReport, last: tuple[str, str, str] | None,
         last_notes: MoveNotes | None, draw_open: bool, game_name: str, me: tuple[str, ...],
         today: datetime.date) -> dict[str, Any]:
    """The row of a game: ``turn``, the next move's label and side; ``last``, the last move's
    label, side and text; ``last_notes``, its notes; ``draw_open``, a draw offer is open."""
    from pbmkit.desk.dates import game_end, standing_after
    from pbmkit.records.writer import move_text

    label, side = turn
    ended = game_end(tags, winner, ending=ending)
    to_move = None if ended is not None else side
    side_tags = dict(zip(game.sides, game.side_tags, strict=True)) if game is not None else {}
    players = {s: tags.get(side_tags.get(s, s.capitalize()), "?") for s in order}
    folded = {n.casefold() for n in me}
    mine = [s for s in order if players[s].strip().casefold() in folded]
    now = standing_after(report, last_notes, to_move, today)
    tc = report.time_control
    return {
        "file": source,
        "game": index,
        "name": game.title if game is not None else tags.get("Game", "?"),
        "number": tags.get("Number"),
        "players": players,
        "me": mine[0] if mine else None,
        "opponent": ", ".join(players[s] for s in order if s not in mine) if mine else None,
        "to_move": to_move,
        "yours": bool(to_move and to_move in mine),
        "turn": label if to_move else None,
        "last_move": f"{last[0]}. {move_text(game_name, last[2])}" if last is not None else None,
        "last_side": last[1] if last is not None else None,
        "last_sent": last_notes.sent.isoformat() if last_notes is not None and last_notes.sent
        else None,
        "days_used": now.used,
        "time_control": str(tc) if tc is not None else None,
        "days_left": now.days_left,
        "waiting_days": now.running,
        "overdue": now.overdue,
        "repeat": bool(mine) and now.repeat_due and to_move not in mine,
        "draw_offered": draw_open and to_move is not None,
        "unclear": bool(last_notes is not None and last_notes.unclear and to_move is not None),
        "overstepped": [{"side": o.side, "turn": o.label} for o in report.overstepped],
        "winner": winner,
        "ended": ended,
        "problems": problems,
        "valid": not problems,
        "since": now.waiting_since.isoformat() if now.waiting_since else None,
    }
