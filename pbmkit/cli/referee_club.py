"""``pbmkit referee forfeit``, ``site``, ``status`` and ``log``: the organiser's commands
(docs/referee.md), added to the ``referee`` group of :mod:`pbmkit.cli.referee`."""

from __future__ import annotations

from pathlib import Path

import click

from pbmkit.cli.common import InputError, Refused, echo_err


@click.command(short_help="Rule that a side forfeits a game (an overstepped time control).")
@click.argument("folder", type=click.Path(file_okay=False, exists=True))
@click.argument("number", type=click.IntRange(1))
@click.argument("side")
@click.option("--winner", default=None,
              help="The place that wins (needed with more than two places).")
def forfeit(folder: str, number: int, side: str, winner: str | None) -> None:
    """Rule that SIDE forfeits game NUMBER (an overstepped time control): the Winner tag and
    [Termination "time forfeit"] are written, the moves stay; the players and the organiser
    are told by the next run."""
    from pbmkit.mail.files import MailError
    from pbmkit.referee.club import ClubError
    from pbmkit.referee.db import DatabaseError
    from pbmkit.referee.organiser import ForfeitRefused, forfeit_game
    from pbmkit.referee.run import Busy

    try:
        click.echo(forfeit_game(folder, number, side, winner))
    except (ForfeitRefused, Busy) as exc:
        raise Refused(str(exc)) from None
    except (ClubError, MailError, DatabaseError) as exc:
        raise InputError(str(exc)) from None


@click.command(short_help="Write the club's web pages (games, standings, ratings).")
@click.argument("folder", type=click.Path(file_okay=False, exists=True))
@click.option("-o", "--output", required=True, type=click.Path(file_okay=False),
              help="The folder of the pages (made if need be).")
def site(folder: str, output: str) -> None:
    """Write the club's web pages into OUTPUT: index.html (running and finished games), a page
    per game (as pbmkit html makes it), standings and ratings per game: static files for any
    web host."""
    from pbmkit.common.files import FileWriteError
    from pbmkit.referee.club import ClubError
    from pbmkit.referee.db import DatabaseError
    from pbmkit.referee.organiser import make_site

    try:
        report = make_site(folder, Path(output))
    except (ClubError, DatabaseError) as exc:
        raise InputError(str(exc)) from None
    except OSError as exc:
        raise InputError(f"cannot write to {output}: {exc.strerror or exc}") from None
    except FileWriteError as exc:
        raise InputError(str(exc)) from None
    for line in report.skipped:
        echo_err(line)
    click.echo(f"Wrote {report.pages} page(s) to {output}: {report.running} running and "
               f"{report.finished} finished game(s); open {Path(output) / 'index.html'}")


@click.command(short_help="The club at a glance (players, games, outbox, last run).")
@click.argument("folder", type=click.Path(file_okay=False, exists=True))
@click.option("--json", "as_json", is_flag=True, help="The status as JSON.")
def status(folder: str, as_json: bool) -> None:
    """The club at a glance, changing nothing: players, games, challenges, the outbox (what
    waits, what failed and why), the messages handled and the last run. Works while a run is
    working."""
    import json

    from pbmkit.referee.club import ClubError
    from pbmkit.referee.db import DatabaseError
    from pbmkit.referee.status import club_status, shown

    try:
        got = club_status(folder)
    except (ClubError, DatabaseError) as exc:
        raise InputError(str(exc)) from None
    if as_json:
        click.echo(json.dumps(got.as_json(), indent=2, ensure_ascii=False))
        return

    def counts(outcomes: dict[str, int]) -> str:
        total = sum(outcomes.values())
        return f"{total:,}" + (" (" + ", ".join(f"{n:,} {k}" for k, n in outcomes.items()) + ")"
                               if outcomes else "")

    lines = [f"{shown(got.name)} <{shown(got.address)}>, organiser "
             f"{shown(got.organiser) if got.organiser else 'none'}",
             f"Players: {got.players:,}" + (f" ({got.signups:,} signup(s) waiting for their code)"
                                            if got.signups else ""),
             f"Games: {got.running:,} running, {got.finished:,} over; challenges open: "
             f"{got.challenges_open:,}",
             f"Messages handled: {counts(got.outcomes)}",
             f"  the last 7 days: {counts(got.recent)}; the last at {got.last_message or '-'}",
             f"Outbox: {got.waiting:,} waiting ({got.failing_count:,} failed at least once), "
             f"{got.sent:,} sent" + (f", {got.maybe_sent:,} maybe twice" if got.maybe_sent
                                     else "")]
    for e in got.failing:
        when = e.next_try.strftime("%Y-%m-%d %H:%M UTC") if e.next_try else "now"
        lines.append(f"  #{e.id} to {shown(e.recipient, 80)} ({shown(e.subject, 60)}): "
                     f"{e.attempts} attempt(s), next {when}: {shown(e.error, 160)}")
    if got.failing_count > len(got.failing):
        lines.append(f"  ... and {got.failing_count - len(got.failing):,} more")
    run = got.last_run
    lines.append("Last run: " + (f"ended {run.get('at', '?')}: {shown(run.get('summary'))}"
                                 if run else "none yet")
                 + (" (a run is working now)" if got.running_now else ""))
    if run and run.get("inbox_failed"):
        lines.append(f"  its inbox failed: {shown(run['inbox_failed'])}")
    lines += [f"Note: {note}" for note in got.notes]
    click.echo("\n".join(lines))


@click.command(short_help="The ledger: the messages the referee handled, the latest first.")
@click.argument("folder", type=click.Path(file_okay=False, exists=True))
@click.option("-n", "--last", type=click.IntRange(1, 100_000), default=50, show_default=True,
              help="How many messages, the latest first.")
@click.option("--outcome", "outcomes", multiple=True, metavar="OUTCOME",
              help="Only messages of this outcome (repeatable): done, refused, help, ignored, "
                   "unanswered, duplicate, unreadable, oversized, error.")
@click.option("--sender", default=None, help="Only messages from this address.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object a line.")
def log(folder: str, last: int, outcomes: tuple[str, ...], sender: str | None,
        as_json: bool) -> None:
    """The ledger: the messages the referee handled, the latest first: when, what became of
    each (done, refused, help, ignored, unanswered, duplicate, unreadable, oversized, error),
    from whom, and what it said or why it was refused. Changes nothing."""
    import json

    from pbmkit.referee.club import ClubError
    from pbmkit.referee.db import DatabaseError
    from pbmkit.referee.status import OUTCOMES, ledger, shown

    for outcome in outcomes:
        if outcome.lower() not in OUTCOMES:
            raise click.BadParameter(f"{outcome!r} is none of {', '.join(OUTCOMES)}",
                                     param_hint="'--outcome'")
    outcomes = tuple(o.lower() for o in outcomes)
    try:
        entries = ledger(folder, last=last, outcomes=outcomes, sender=sender)
    except (ClubError, DatabaseError) as exc:
        raise InputError(str(exc)) from None
    for e in entries:
        if as_json:
            click.echo(json.dumps({"at": e.at, "outcome": e.outcome, "sender": e.sender,
                                   "message_id": e.message_id, "detail": e.detail},
                                  ensure_ascii=False))
        else:
            click.echo(f"{e.at}  {e.outcome:<10} {shown(e.sender, 60):<30} {shown(e.detail)}")
    if not entries and not as_json:
        echo_err("no message in the ledger" + (" matches" if outcomes or sender else " yet"))
