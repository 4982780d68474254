"""The correspondence desk's commands: ``status`` (whose work, run without click too, is
:mod:`pbmkit.cli.status`) and the events: resign, draw offers, claims, comments, "move unclear",
undo.

Each event is appended to the record like a mailed move: under the file lock, checked by replaying
the new text before anything is written, then written atomically; an event that does not apply
is refused with the reason and the file stays byte-for-byte the same (docs/desk.md).
"""

from __future__ import annotations

import datetime
import unicodedata
from collections.abc import Callable
from typing import TYPE_CHECKING

import click

from pbmkit.cli.common import (
    InputError,
    Refused,
    atomic_write,
    click_failure,
    locked,
    pick_game,
    read_source,
)
from pbmkit.cli.dates import read_day
from pbmkit.cli.group import Group
from pbmkit.cli.refusals import Failure, UsageFailure

if TYPE_CHECKING:
    from pbmkit.desk.actions import Action
    from pbmkit.records import GameReplay

_FILE = click.argument("file", type=click.Path(dir_okay=False, exists=True))
MAX_COMMENT = 2000
"""The longest comment the ``comment`` command writes (characters)."""


def with_original_encoding(path: str, text: str) -> bytes:
    """``text`` encoded as ``path`` is: a byte-order mark kept if the file had one."""
    with open(path, "rb") as fh:
        bom = fh.read(3) == b"\xef\xbb\xbf"
    data = text.encode("utf-8")
    return b"\xef\xbb\xbf" + data if bom else data


def free_text(text: str, what: str) -> str:
    """``text`` as a command writes it into a ``{ }`` comment, white space folded; a clear
    :class:`InputError` naming ``what`` when it cannot be written as text (docs/desk.md).

    Refused: control characters, ``{`` or ``}`` (they open and close comments), more than
    :data:`MAX_COMMENT` characters, and ``[%`` (it opens an annotation: a comment's text never
    becomes a draw offer, a date or a mail id).
    """
    clean = " ".join(text.split())
    if any(unicodedata.category(ch) == "Cc" for ch in clean):
        raise InputError(f"{what} holds control characters; write plain text")
    if "{" in clean or "}" in clean:
        raise InputError(f"{what} cannot hold {{ or }}: they open and close comments in a record")
    if "[%" in clean:
        raise InputError(f"{what} cannot hold '[%': it opens a desk annotation such as "
                         "[%ccdraw offer]; use the command for the event (pbmkit draw offer, "
                         "move --sent ...) or write '[ %'")
    if len(clean) > MAX_COMMENT:
        raise InputError(f"{what} is {len(clean)} characters long; at most {MAX_COMMENT}")
    return clean


# --- the event workflow -----------------------------------------------------------------------


Edit = Callable[[str, "GameReplay"], tuple[str, str]]
"""Given the text and its replayed game, the new text and the message to print (or Refused)."""


def apply_event(file: str, edit: Edit, *, allow_over: bool = False) -> GameReplay:
    """Lock ``file``, replay it, apply ``edit``, check the new text replays as expected, write it.

    Returns the new text's replay. Refused (nothing written) when the record has several games or
    errors, the game is over (unless ``allow_over``), or the edit would break the record.
    """
    from pbmkit.desk.actions import EventRefused, replay_end, verify
    from pbmkit.records import check_text

    with locked(file):
        text, name = read_source(file)
        replays = check_text(text, name)
        rep = pick_game(replays, None, name, can_choose=False)
        if rep.game is None or not rep.valid:
            first = rep.errors[0] if rep.errors else None
            raise Refused(f"{name}: the record has errors; fix them first (pbmkit check {file})"
                          + (f"\n{first.format()}" if first else ""))
        ended = None if allow_over else replay_end(rep)
        if ended is not None:
            raise Refused(f"the game is over ({ended}); the record was not changed")
        try:
            new_text, message = edit(text, rep)
            after = verify(new_text, name)
        except EventRefused as exc:
            raise Refused(str(exc)) from None
        atomic_write(file, with_original_encoding(file, new_text))
    # the player's words are the action's; the record's detail is the desk's to say
    finished = after.winner is not None and rep.winner is None
    click.echo(f"{message} Winner tag set." if finished else message)
    return after


def library_edit(action: Action) -> Edit:
    """A desk action of :mod:`pbmkit.desk.actions` as the edit of :func:`apply_event`,
    for the player keeping the record (no acting side: the side to move, or the last mover)."""
    def edit(text: str, rep: GameReplay) -> tuple[str, str]:
        done = action(text, rep, None)
        return done.text, done.message
    return edit


def _to_move(rep: GameReplay) -> str:
    return rep.next_turn()[1]


def _player(rep: GameReplay, side: str) -> str:
    from pbmkit.desk.actions import player

    return player(rep, side)


# --- commands ----------------------------------------------------------------------------------


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(allow_dash=True))
@click.option("--me", "me_option", multiple=True, metavar="NAME",
              help="Your name as in the records' player tags (repeatable; default: config file).")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON array, an object per game.")
@click.option("--today", default=None, help="Count days up to this date (default: today).")
def status(paths: tuple[str, ...], me_option: tuple[str, ...], as_json: bool,
           today: str | None) -> None:
    """One line per game in PATHS (files or folders; default: the current folder).

    Every game is checked as pbmkit check checks it: a record with an illegal move or another
    error is flagged ERRORS (pbmkit check tells where).

    Games waiting for you come first (marked >), then those waiting for the opponent, then the
    finished ones. DAYS is the days used by each side in move order (White/Black), the side to
    move's running days included; LEFT is the days left to the side to move under the
    TimeControl tag.
    """
    from pbmkit.cli.status import run_status

    try:
        run_status(paths, me_option, as_json, today)
    except (Failure, UsageFailure) as exc:
        raise click_failure(exc) from None


@click.command()
@_FILE
@click.option("--side", metavar="SIDE",
              help="The side that resigns (default: the side to move); a player may resign at "
                   "any time.")
def resign(file: str, side: str | None) -> None:
    """A player resigns: the Winner tag set, and 'resigns' written on their turn.

    In a record the side to move gives up ('resigns' after the last move); a resignation out of
    turn is written as the Winner tag and [Termination "resignation"] (docs/record-format.md,
    Endings).
    """
    from pbmkit.desk.actions import resign as action

    def edit(text: str, rep: GameReplay) -> tuple[str, str]:
        done = action(text, rep, None if side is None else side.strip().lower())
        return done.text, done.message

    apply_event(file, edit)


@click.group(cls=Group)
def draw() -> None:
    """Draws: offer one with your last move, accept or decline the opponent's, claim one."""


@draw.command("offer")
@_FILE
def draw_offer(file: str) -> None:
    """Offer a draw with your last move (the last move of the record carries the offer)."""
    from pbmkit.desk.actions import offer_draw

    apply_event(file, library_edit(offer_draw))


@draw.command("accept")
@_FILE
def draw_accept(file: str) -> None:
    """Accept the draw on offer: 'draw agreed', Winner Draw.

    With more than two players every other player accepts, each on their turn: an acceptance
    before the last is noted ([%ccdraw accepted]) and the accepting player then plays their move.
    """
    from pbmkit.desk.actions import accept_draw

    apply_event(file, library_edit(accept_draw))


@draw.command("decline")
@_FILE
def draw_decline(file: str) -> None:
    """Decline the draw the opponent offered (the offer is marked declined; play goes on)."""
    from pbmkit.desk.actions import decline_draw

    apply_event(file, library_edit(decline_draw))


@draw.command("claim")
@_FILE
def draw_claim(file: str) -> None:
    """Claim a draw where the game's rules allow one (its docs page says when)."""
    from pbmkit.desk.actions import claim_draw

    apply_event(file, library_edit(claim_draw))


@click.command()
@_FILE
@click.argument("text")
def comment(file: str, text: str) -> None:
    """Add a comment { TEXT } after the last move (after the tags before the first move)."""
    from pbmkit.records.edit import append_after_last_move, last_move

    clean = free_text(text, "the comment")
    if not clean:
        raise InputError("the comment is empty")

    def edit(old: str, rep: GameReplay) -> tuple[str, str]:
        if last_move(rep.record) is None:
            nl = "\r\n" if "\r\n" in old else "\n"
            sep = "" if old.endswith("\n") else nl
            return f"{old}{sep}{{{clean}}}{nl}", "Added the comment."
        return append_after_last_move(old, rep.record, "{" + clean + "}"), "Added the comment."

    apply_event(file, edit, allow_over=True)


@click.command()
@_FILE
@click.option("--why", default=None, help="What is unclear (written after the mark).")
def unclear(file: str, why: str | None) -> None:
    """Mark the opponent's last move unclear (illegible or ambiguous): they must restate it."""
    from pbmkit.desk.dates import annotation_text, read_notes
    from pbmkit.records.edit import append_after_last_move, last_move

    reason = free_text(why or "", "--why")

    def edit(text: str, rep: GameReplay) -> tuple[str, str]:
        found = last_move(rep.record)
        if found is None:
            raise Refused("there is no move to call unclear")
        if read_notes(found[1].comments).unclear:
            raise Refused("the last move is already marked unclear")
        note = annotation_text(unclear=True) + (f" {reason}" if reason else "")
        new = append_after_last_move(text, rep.record, "{" + note + "}")
        return new, (f"Marked {found[0].label}. {found[1].text} unclear: ask "
                     f"{_player(rep, rep.main[-1].side)} to restate it.")

    apply_event(file, edit)


@click.command()
@_FILE
@click.argument("day", metavar="[DATE]", required=False)
def received(file: str, day: str | None) -> None:
    """Note that the opponent's last move arrived on DATE (default: today), before you answer.

    Your clock runs from that day (not from their sent date), and your next move needs no
    received date. Written as [%ccarr DATE] after their move (docs/desk.md).
    """
    from pbmkit.desk.dates import annotation_text, format_date, read_notes
    from pbmkit.records.edit import append_after_last_move, last_move

    date = read_day(day, "DATE") or datetime.date.today()

    def edit(text: str, rep: GameReplay) -> tuple[str, str]:
        found = last_move(rep.record)
        if found is None:
            raise Refused("there is no move yet to have received")
        notes = read_notes(found[1].comments)
        if notes.arrived is not None:
            raise Refused(f"the record already says {found[0].label}. {found[1].text} arrived on "
                          f"{format_date(notes.arrived)}; the record was not changed")
        if notes.sent is not None and date < notes.sent:
            raise Refused(f"{format_date(date)} is before the move was sent "
                          f"({format_date(notes.sent)}); the record was not changed")
        new = append_after_last_move(text, rep.record, "{" + annotation_text(arrived=date) + "}")
        return new, (f"Noted: {found[0].label}. {found[1].text} arrived on {format_date(date)}; "
                     f"{_player(rep, _to_move(rep))}'s clock runs from then.")

    apply_event(file, edit)


@click.command()
@_FILE
def undo(file: str) -> None:
    """Take back the last move of the main line (only that move, with its comments and dates).

    The rest of the record stays byte for byte as it was; a Winner tag the move set goes back to *.
    """
    from pbmkit.records import parse_records
    from pbmkit.records.edit import remove_last_move, set_tag

    def edit(text: str, rep: GameReplay) -> tuple[str, str]:
        if not rep.main:
            raise Refused("there is no move to take back")
        last = rep.main[-1]
        try:
            new = remove_last_move(text, rep.record)
        except ValueError as exc:
            raise Refused(f"{exc}; the record was not changed") from None
        on_board = rep.winner is not None and rep.how not in ("concession", "agreement")
        if on_board and rep.record.tags.get("Winner", "*").strip() not in ("", "*"):
            (record,), _ = parse_records(new, rep.source)
            new = set_tag(new, record, "Winner", "*")
        return new, f"Took back {last.label}. {last.side.capitalize()} {last.text}."

    apply_event(file, edit, allow_over=True)
