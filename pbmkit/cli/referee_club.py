"""``pbmkit referee forfeit`` and ``pbmkit referee site``: the organiser's commands
(docs/referee.md), added to the ``referee`` group of :mod:`pbmkit.cli.referee`."""

from __future__ import annotations

from pathlib import Path

import click

from pbmkit.cli.common import InputError, Refused, echo_err


@click.command()
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


@click.command()
@click.argument("folder", type=click.Path(file_okay=False, exists=True))
@click.option("-o", "--output", required=True, type=click.Path(file_okay=False),
              help="The folder of the pages (made if need be).")
def site(folder: str, output: str) -> None:
    """Write the club's web pages into OUTPUT: index.html (running and finished games), a page
    per game (as pbmkit html makes it), standings and ratings per game: static files for any
    web host."""
    from pbmkit.referee.club import ClubError
    from pbmkit.referee.db import DatabaseError
    from pbmkit.referee.organiser import make_site

    try:
        report = make_site(folder, Path(output))
    except (ClubError, DatabaseError) as exc:
        raise InputError(str(exc)) from None
    except OSError as exc:
        raise InputError(f"cannot write to {output}: {exc.strerror or exc}") from None
    for line in report.skipped:
        echo_err(line)
    click.echo(f"Wrote {report.pages} page(s) to {output}: {report.running} running and "
               f"{report.finished} finished game(s); open {Path(output) / 'index.html'}")
