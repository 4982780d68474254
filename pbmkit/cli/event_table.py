"""``pbmkit event table``, ``event letters`` and ``event mail``: an event's crosstable, the
organiser's letters to the players, and the same letters by e-mail (docs/events.md).

The commands are added to the ``event`` group of :mod:`pbmkit.cli.event`.
"""

from __future__ import annotations

import json
import os
import re
import sys
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from pbmkit.cli.common import InputError, atomic_write, echo_err

if TYPE_CHECKING:
    from pbmkit.events.model import Event

_DIR = click.argument("folder", metavar="DIR", type=click.Path(file_okay=False))
_PAPER = click.option("--paper", type=click.Choice(["letter", "a4"], case_sensitive=False),
                      default="letter", show_default=True, help="Paper size of a PDF.")
_FONT = click.option("--font", "font", type=click.Path(dir_okay=False), default=None,
                     help="A TrueType font (.ttf) for the characters DejaVu Sans lacks (CJK ...).")
PLACEHOLDER_SENDER = "organiser@invalid"
"""The From of ``event mail --dry-run``'s messages when the event knows no address to send from
(no organiser's e-mail, no ``from`` in mail.toml): a dry run sends nothing, so it needs none;
``.invalid`` is the top-level domain reserved for names that can never be real (RFC 2606)."""


def _load(folder: str) -> Event:
    """The event of ``folder`` with its results, or one clear line and exit status 2."""
    from pbmkit.events.folder import EventError, load_event

    try:
        return load_event(folder)
    except EventError as exc:
        raise InputError(str(exc)) from None


def _pdf(make: Callable[..., bytes], *args: object, **kwargs: object) -> bytes:
    """A PDF from ``make``: a font it cannot use is one line (exit 2), characters no font has
    are named in a warning on standard error."""
    import warnings

    from pbmkit.render.text import MissingGlyphsWarning

    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", MissingGlyphsWarning)
            data = make(*args, **kwargs)
    except ValueError as exc:
        raise InputError(str(exc)) from None
    for w in caught:
        if isinstance(w.message, MissingGlyphsWarning):
            hint = "" if kwargs.get("font_file") else " (give --font FILE.ttf, a font that has them)"
            echo_err(f"Warning: {w.message}{hint}")
    return data


def _slug(name: str) -> str:
    """A file name's part for a player: ASCII letters and digits, hyphens between."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")[:24].strip("-") or "player"


def page_links(folder: str, event: Event, output: str) -> dict[int, str]:
    """Game number -> the link from the page ``output`` to the game's ``pbmkit html`` page, for
    each finished game whose page exists: the record's name with ``.html`` for ``.txt``, beside
    the record (``pbmkit html DIR/03-ann-bob.txt -o DIR/03-ann-bob.html``)."""
    base = os.path.dirname(os.path.abspath(output))
    links: dict[int, str] = {}
    for game in event.games:
        if game.outcome is None:
            continue
        page = Path(folder, game.file).with_suffix(".html")
        if page.is_file():
            links[game.number] = Path(os.path.relpath(page.resolve(), base)).as_posix()
    return links


@click.command("table", short_help="Print or write the event's crosstable.")
@_DIR
@click.option("--json", "as_json", is_flag=True, help="Write the crosstable as JSON (docs/events.md).")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="Write a PDF (OUT.pdf), a web page (OUT.html) or JSON (OUT.json) instead of "
                   "printing the crosstable.")
@_PAPER
@_FONT
def table(folder: str, as_json: bool, output: str | None, paper: str, font: str | None) -> None:
    """Print or write the event's crosstable: players in order of points, then of the event's
    tie-breaks (`tie_breaks` in event.toml, named in the legend), each result in its cell with
    the side, games counted and, while games run, those still running.

    -o OUT.pdf draws it on Letter or A4 (--paper); -o OUT.html writes a web page linking each
    finished game to its pbmkit html page where that exists (the record's name with .html).
    """
    from pbmkit.events import sheet as sheets
    from pbmkit.events import table as crosstables
    from pbmkit.render import crosstable as draw
    from pbmkit.web.crosstable import crosstable_html

    kind = "json" if as_json else "text"
    if output is not None:
        suffix = Path(output).suffix.lower()
        kinds = {".pdf": "pdf", ".html": "html", ".htm": "html", ".json": "json"}
        if suffix not in kinds:
            raise click.BadParameter(f"{output}: write a .pdf, .html or .json file",
                                     param_hint="-o")
        if as_json and kinds[suffix] != "json":
            raise click.BadParameter("--json writes JSON: give -o OUT.json, or leave out --json",
                                     param_hint="-o")
        kind = kinds[suffix]
    event = _load(folder)
    standings = crosstables.crosstable(event)
    if kind == "json":
        text = json.dumps(crosstables.as_json(standings), ensure_ascii=False, indent=2) + "\n"
    elif kind == "html":
        assert output is not None
        text = crosstable_html(sheets.sheet(standings, page_links(folder, event, output)))
    elif kind == "pdf":
        assert output is not None
        data = _pdf(draw.crosstable_pdf, sheets.sheet(standings), paper_key=paper.lower(),
                    font_file=font)
        atomic_write(output, data)
        click.echo(f"Wrote the crosstable of {len(standings.standings)} players to {output}")
        return
    else:
        text = draw.crosstable_text(sheets.sheet(standings))
    if output is None:
        click.echo(text, nl=False)
        return
    atomic_write(output, text)
    click.echo(f"Wrote the crosstable of {len(standings.standings)} players to {output}")


@click.command("letters", short_help="The organiser's letter to each player: their games.")
@_DIR
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="The PDF to write, a page per player (default: the letters as text on "
                   "standard output).")
@_PAPER
@_FONT
def letters(folder: str, output: str | None, paper: str, font: str | None) -> None:
    """The organiser's letter to each player: their games (number, round, side, opponents),
    the time control, and the opponents' and the organiser's addresses."""
    from pbmkit.events.letters import letter_text
    from pbmkit.events.letters import letters as make_letters

    event = _load(folder)
    pages = make_letters(event)
    if output is None:
        click.echo("\f\n".join(f"To: {p.recipient.name}\n{p.title}\n\n{letter_text(p)}" for p in pages),
                   nl=False)
        return
    if Path(output).suffix.lower() != ".pdf":
        raise click.BadParameter(f"{output}: the letters are a PDF (OUT.pdf)", param_hint="-o")
    from pbmkit.render.letters import letters_pdf

    data = _pdf(letters_pdf, pages, paper_key=paper.lower(), title=f"{event.name}: letters",
                font_file=font)
    atomic_write(output, data)
    click.echo(f"Wrote {len(pages)} letter(s) to {output}")


@click.command("mail", short_help="E-mail each player their letter.")
@_DIR
@click.option("--dry-run", is_flag=True,
              help="Send nothing: write each player's message as an .eml file (to -o FOLDER); "
                   "needs no address to send from.")
@click.option("-o", "--output", "out_dir", type=click.Path(file_okay=False), default=None,
              help="With --dry-run: the folder of the .eml files (default: DIR/mail).")
@click.option("--player", "only", multiple=True, metavar="NAME",
              help="Only this player (repeat for several); default: every player with an e-mail.")
def mail(folder: str, dry_run: bool, out_dir: str | None, only: tuple[str, ...]) -> None:
    """E-mail each player their letter (as event letters prints it) through the SMTP server of
    mail.toml (docs/mail.md), from the organiser's address (else mail.toml's from; a --dry-run
    without either writes the messages from organiser@invalid, and says so).

    Players without an e-mail address are named on standard error: print their letter. A
    message the server does not take stops the sending; the players not reached are listed
    (send to them with --player NAME). Exit status 1 when a letter was not sent.
    """
    from pbmkit.events.letters import letter_message
    from pbmkit.events.letters import letters as make_letters
    from pbmkit.mail.compose import MailError
    from pbmkit.mail.smtp import config_path, load_config, read_password, send_message

    if out_dir is not None and not dry_run:
        raise click.UsageError("-o is the folder of the --dry-run's .eml files; add --dry-run")
    event = _load(folder)
    names = {p.name for p in event.players}
    unknown = [n for n in only if n not in names]
    if unknown:
        raise InputError(f"{unknown[0]!r} is not a player of {event.name} (the players: "
                         f"{', '.join(p.name for p in event.players)})")
    chosen = [(player, page) for player, page in zip(event.players, make_letters(event), strict=True)
              if not only or player.name in only]
    for player, _ in chosen:
        if not player.email:
            echo_err(f"{player.name} has no e-mail address: print their letter (pbmkit event letters)")
    chosen = [(player, page) for player, page in chosen if player.email]
    config = None
    password = None
    if not dry_run or not (event.organiser and event.organiser.email):
        path = config_path()
        try:
            if dry_run and not path.exists():
                config = None
            else:
                config = load_config(path)
                password = None if dry_run else read_password(config)
        except MailError as exc:
            raise InputError(str(exc)) from None
    organiser = event.organiser
    sender = (organiser.email if organiser and organiser.email else None) or (
        config.sender if config is not None else None)
    placeholder = not sender and dry_run
    if placeholder:
        sender = PLACEHOLDER_SENDER  # a dry run sends nothing: it needs no address to send from
    if not sender:
        raise InputError("no address to send from: give the organiser an e-mail in the players "
                         "file (event.toml's [organiser]) or set from in mail.toml")
    sender_name = organiser.name if organiser and organiser.email == sender else ""
    messages = [(player, letter_message(page, player, sender, sender_name)) for player, page in chosen]
    if not messages:
        raise InputError("no letter to send: no player chosen has an e-mail address (give "
                         "them in the players file)")
    if dry_run:
        target = Path(out_dir) if out_dir is not None else Path(folder, "mail")
        try:
            target.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise InputError(f"cannot write to the folder {target}: {exc.strerror or exc}") from None
        seeds = {p.name: k for k, p in enumerate(event.players, 1)}
        for player, msg in messages:
            path = target / f"{seeds[player.name]:02d}-{_slug(player.name)}.eml"
            atomic_write(str(path), msg.as_bytes())
        click.echo(f"Dry run: wrote {len(messages)} message(s) to {target} (nothing sent)")
        if placeholder:
            click.echo(f"From: {PLACEHOLDER_SENDER}, a stand-in: to send, give the organiser an "
                       "e-mail in the players file (event.toml's [organiser]) or set from in mail.toml")
        return
    assert config is not None
    sent: list[str] = []
    for k, (player, msg) in enumerate(messages):
        try:
            send_message(msg, config, password)
        except MailError as exc:
            rest = [p.name for p, _ in messages[k + 1:]]
            echo_err(f"{player.name}: not sent: {exc}")
            if rest:
                echo_err("not tried: " + ", ".join(rest) + " (send to them with --player NAME)")
            click.echo(f"Sent {len(sent)} of {len(messages)} letter(s)"
                       + (f" ({', '.join(sent)})" if sent else ""))
            sys.exit(1)
        sent.append(player.name)
        click.echo(f"Sent {msg['Subject']} to {player.name} <{player.email}>")
    click.echo(f"Sent {len(sent)} letter(s)")
