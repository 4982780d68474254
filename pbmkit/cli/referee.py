"""``pbmkit referee``: a club's referee (docs/referee.md): ``init`` a club folder, ``run`` it."""

from __future__ import annotations

import os
import time

import click

from pbmkit.cli.common import InputError, Refused
from pbmkit.cli.group import Group


@click.group(cls=Group)
def referee() -> None:
    """A club's referee: players' games by e-mail (docs/referee.md)."""


@referee.command()
@click.argument("folder", type=click.Path(file_okay=False))
@click.option("--address", default="referee@club.example.org", show_default=True,
              help="The referee's own e-mail address (players write to it).")
@click.option("--name", default=None, help="The club's name (default: the folder's).")
@click.option("--organiser", default=None, help="The organiser's address (default: the referee's).")
@click.option("--force", is_flag=True,
              help="Make the club in a folder that holds other files (never over a club).")
def init(folder: str, address: str, name: str | None, organiser: str | None,
         force: bool) -> None:
    """Make the club folder FOLDER: club.toml (edit it), the database, games/, a Maildir.

    FOLDER must be new or empty (or --force).
    """
    from pbmkit.referee.club import ClubError, init_club

    try:
        club = init_club(folder, name=name, address=address, organiser=organiser, force=force)
    except ClubError as exc:
        raise InputError(str(exc)) from None
    toml = os.path.join(folder, "club.toml")  # "club/" gives club/club.toml, not club//
    click.echo(f"Made the club {club.name} in {folder}: edit {toml} (the address, "
               "[smtp], the inbox), then run: pbmkit referee run " + folder)


@referee.command()
@click.argument("folder", type=click.Path(file_okay=False, exists=True))
@click.option("--watch", is_flag=True,
              help="Keep going: a run every --interval seconds (a run that did nothing prints "
                   "nothing).")
@click.option("--interval", type=click.FloatRange(1, 86400), default=60.0, show_default=True,
              help="Seconds between runs with --watch.")
@click.option("-v", "--verbose", is_flag=True, help="A line for every message handled.")
@click.option("--timings", is_flag=True,
              help="Say (on stderr) the CPU and wall seconds of each phase of the run.")
@click.option("--retry-now", is_flag=True,
              help="Send now the messages waiting their next try after a failure (once the "
                   "mail server is mended), not after their back-off.")
@click.option("--dry-run", is_flag=True,
              help="Show what a run would do (reminders, overstep reports, vacation ends, the "
                   "mail) on a copy of the club: nothing is read, changed or sent.")
@click.option("--today", "today", metavar="DATE",
              help="With --dry-run: the day to look at (2026-12-20; today or later).")
def run(folder: str, watch: bool, interval: float, verbose: bool, timings: bool,
        retry_now: bool, dry_run: bool, today: str | None) -> None:
    """Handle every message of the club's inbox once, then send the outbox (for cron).

    Another run on the same club at the same time does nothing (a lock) and says so.
    """
    from pbmkit.mail.files import MailError
    from pbmkit.referee.club import ClubError
    from pbmkit.referee.db import DatabaseError
    from pbmkit.referee.run import Busy, DiskFull, InboxFailed, RunReport, run_club

    if today is not None and not dry_run:
        raise click.UsageError("--today goes with --dry-run: a real run dates what it does by "
                               "the machine's clock")
    if dry_run:
        if watch or retry_now:
            raise click.UsageError("--dry-run makes one run and sends nothing: no --watch or "
                                   "--retry-now")
        _dry_run(folder, today, verbose)
        return

    def tell(report: RunReport) -> None:
        if watch and report.idle:  # say only what happened, not "0 message(s)" every minute
            return
        if verbose:
            for line in report.lines:
                click.echo(line)
        for line in report.problems[:20]:
            click.echo(f"clocks: {line}", err=True)
        for line in report.send.errors[:20]:
            click.echo(f"outbox: {line}", err=True)
        click.echo(report.summary())
        if timings:
            click.echo(report.timing_line(), err=True)

    while True:
        try:
            report = run_club(folder, retry_now=retry_now)
            retry_now = False  # --watch: the first run only
        except Busy as exc:
            click.echo(str(exc))
        except InboxFailed as exc:  # the rest of the run was done; the run fails all the same
            tell(exc.report)
            raise Refused(str(exc)) from None
        except DiskFull as exc:  # work begun that could not be finished: 1 (docs/cli.md)
            raise Refused(str(exc)) from None
        except (ClubError, MailError, DatabaseError) as exc:  # settings (docs/cli.md): 2
            raise InputError(str(exc)) from None
        else:
            tell(report)
        if not watch:
            return
        try:
            time.sleep(interval)
        except KeyboardInterrupt:
            return


def _dry_run(folder: str, today: str | None, verbose: bool) -> None:
    """``referee run --dry-run [--today DATE]``: what a run would do that day, on a copy."""
    import datetime

    from pbmkit.cli.dates import read_day
    from pbmkit.common.text import printable
    from pbmkit.mail.files import MailError
    from pbmkit.referee.club import ClubError
    from pbmkit.referee.db import DatabaseError
    from pbmkit.referee.preview import preview_run
    from pbmkit.referee.run import Busy

    now = datetime.datetime.now(datetime.UTC).date()
    day = read_day(today, "--today") or now
    if day < now:
        raise click.BadParameter(f"{day} is before today ({now}): a dry run looks ahead",
                                 param_hint="--today")
    try:
        found = preview_run(folder, day)
    except Busy as exc:
        raise Refused(str(exc)) from None
    except (ClubError, MailError, DatabaseError) as exc:
        raise Refused(str(exc)) from None
    click.echo(f"Dry run of {folder} on {day} (nothing read, changed or sent): "
               f"{found.report.notices} reminder(s) and overstep report(s), "
               f"{len(found.mail)} message(s) to send")
    for to, subject in found.mail:
        click.echo(f"  to {printable(to)}: {printable(subject)}")
    for line in found.report.problems[:20]:
        click.echo(f"clocks: {line}", err=True)
    if verbose:
        for line in found.report.lines:
            click.echo(line)


def _organiser_commands() -> None:
    from pbmkit.cli.referee_club import forfeit, log, site, status

    for command in (forfeit, log, site, status):
        referee.add_command(command)


_organiser_commands()
