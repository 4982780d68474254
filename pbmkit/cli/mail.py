"""``pbmkit mail``: moves by e-mail: compose, send, read and apply (docs/mail.md)."""

from __future__ import annotations

import datetime
import sys
from typing import TYPE_CHECKING, Any

import click

from pbmkit.cli.common import InputError, Refused, atomic_write, load_game
from pbmkit.cli.group import Group

if TYPE_CHECKING:
    from email.message import EmailMessage

    from pbmkit.mail.keys import KeyRing
    from pbmkit.records import GameReplay

_FILE = click.argument("file", type=click.Path(dir_okay=False, exists=True))
_SVG = click.option("--svg", "with_svg", is_flag=True, help="Attach the board as an SVG drawing.")
_PDF = click.option("--pdf", "with_pdf", is_flag=True, help="Attach the filled mailer card (PDF).")
_TEXT = click.option("--text", "text_only", is_flag=True,
                     help="Plain text only: no HTML part, no board picture (a few KB).")
_PAPER = click.option("--paper", type=click.Choice(["letter", "a4"], case_sensitive=False),
                      default="letter", show_default=True, help="Paper of the mailer PDF.")


@click.group(cls=Group)
def mail() -> None:
    """Moves by e-mail: compose, send, read and apply (docs/mail.md)."""


def keyring() -> KeyRing:
    """The player's game keys (``keys.toml`` beside mail.toml), or a usage error."""
    from pbmkit.mail.compose import MailError
    from pbmkit.mail.keys import KeyRing, keys_path

    try:
        return KeyRing.load(keys_path())
    except MailError as exc:
        raise InputError(str(exc)) from None


def save_keys(keys: KeyRing) -> None:
    from pbmkit.mail.compose import MailError

    try:
        keys.save()
    except MailError as exc:
        raise InputError(str(exc)) from None


def _message(rep: GameReplay, with_svg: bool, with_pdf: bool, paper: str,
             sender: str | None = None, *, text_only: bool = False,
             text: str | None = None) -> EmailMessage:
    """The message of the record's last move with the game key's headers (the key made and saved
    when the game has none), or a clear refusal; ``text_only``: the text part alone, without the
    HTML part, its board picture and the game's page; ``text``: the record's text (a game of two
    players still going then gets its page, to answer by tapping)."""
    from pbmkit.mail.compose import MailError, board_attachment, compose_message, mailer_attachment
    from pbmkit.mail.files import NoAddress
    from pbmkit.mail.tapped import page_attachment

    keys = keyring()
    try:
        attachments = []
        page = page_attachment(text, rep) if text is not None and not text_only else None
        if page is not None:
            attachments.append(page)
        if with_pdf:
            attachments.append(mailer_attachment(rep, paper_key=paper.lower()))
        if with_svg:
            attachments.append(board_attachment(rep))
        msg = compose_message(rep, sender=sender, attachments=attachments, keys=keys,
                              html=not text_only)
    except NoAddress as exc:  # a setting to give, as event mail's (docs/cli.md, "Exit codes")
        raise InputError(f"{rep.source}: {exc}") from None
    except MailError as exc:
        raise Refused(f"{rep.source}: {exc}") from None
    save_keys(keys)
    return msg


def _sender() -> str | None:
    """``from`` of mail.toml when the file exists (compose needs no server)."""
    from pbmkit.mail.compose import MailError
    from pbmkit.mail.smtp import config_path, load_config

    path = config_path()
    if not path.exists():
        return None
    try:
        return load_config(path).sender
    except MailError as exc:
        raise InputError(str(exc)) from None


@mail.command()
@_FILE
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="Write the message to this .eml file (default: standard output).")
@_SVG
@_PDF
@_PAPER
@_TEXT
def compose(file: str, output: str | None, with_svg: bool, with_pdf: bool, paper: str,
            text_only: bool) -> None:
    """Write the e-mail of FILE's last move to the opponent (RFC 5322, an .eml file).

    The subject names the game, its number and the move; the body has the move, the whole move
    list with dates and days used, and the board, as text and as an HTML page with the board's
    picture (--text: the text alone). Addresses come from the <Side>Email tags.
    """
    from pbmkit.cli.common import read_source

    _, rep, _ = load_game(file, None)
    text, _ = read_source(file)
    data = _message(rep, with_svg, with_pdf, paper, _sender(), text_only=text_only,
                    text=text).as_bytes()
    if output is None or output == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    atomic_write(output, data)
    click.echo(f"Wrote {output}", err=True)


@mail.command()
@_FILE
@_SVG
@_PDF
@_PAPER
@_TEXT
@click.option("--again", is_flag=True, help="Send the last move again (a repeat).")
def send(file: str, with_svg: bool, with_pdf: bool, paper: str, text_only: bool,
         again: bool) -> None:
    """Send FILE's last move to the opponent over SMTP (mail.toml; docs/mail.md).

    Only once the server has accepted the message is the record changed: the message's
    Message-ID is noted on the move ([%ccmailsnt ID]), and its sent date when the record keeps
    dates and the move has none. The password comes from the environment variable named in
    mail.toml (PBMKIT_SMTP_PASSWORD) or a file only you can read, never from the command line.
    """
    from pbmkit.cli.desk import apply_event
    from pbmkit.mail.compose import MailError, move_mails
    from pbmkit.mail.smtp import config_path, load_config, read_password, send_message

    try:
        config = load_config(config_path())
        password = read_password(config)
    except MailError as exc:
        raise InputError(str(exc)) from None

    def edit(text: str, rep: GameReplay) -> tuple[str, str]:
        from pbmkit.records.edit import append_after_last_move, last_move

        found = last_move(rep.record)
        if found is None:
            raise Refused(f"{rep.source}: the record has no move to mail yet")
        if not again and move_mails(found[1].comments)[1]:
            raise Refused(f"{rep.source}: the last move was mailed already; --again sends it "
                          "again (a repeat)")
        msg = _message(rep, with_svg, with_pdf, paper, config.sender, text_only=text_only,
                       text=text)
        try:
            send_message(msg, config, password)
        except MailError as exc:
            raise Refused(f"{exc}; the record was not changed") from None
        to = ", ".join(a.addr_spec for a in msg["To"].addresses)
        note = _sent_note(rep, found[1].comments, str(msg["Message-ID"]))
        if note is None:  # the same move's id (compose.move_message_id) is noted already
            return text, f"Sent {msg['Subject']} to {to} again (the same Message-ID, noted already)"
        return (append_after_last_move(text, rep.record, "{" + note + "}"),
                f"Sent {msg['Subject']} to {to}; noted {note}")

    apply_event(file, edit, allow_over=True)


def _sent_note(rep: GameReplay, comments: Any, message_id: str) -> str | None:
    """``[%ccmailsnt ID]``, after ``[%ccsnt TODAY]`` when the record keeps dates and the move has
    no sent date yet; None when the move notes this id already (a copy sent again)."""
    from pbmkit.cli.dates import keeps_dates
    from pbmkit.desk.dates import annotation_text, read_notes
    from pbmkit.mail.compose import mail_annotation, move_mails, stored_id

    if stored_id(message_id) in move_mails(comments)[1]:
        return None
    note = mail_annotation(message_id, incoming=False)
    if keeps_dates(rep) and read_notes(comments).sent is None:
        note = f"{annotation_text(sent=datetime.date.today())} {note}"
    return note


# --- read ------------------------------------------------------------------------------------

_VERBS = {"applied": "applied", "skipped": "skipped", "refused": "REFUSED", "ignored": "ignored",
          "unreadable": "UNREADABLE"}


@mail.command("read")
@click.argument("sources", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("--games", "games_dir", type=click.Path(file_okay=False, exists=True), default=".",
              show_default=True, help="The folder of your records (searched with its subfolders).")
@click.option("--dry-run", is_flag=True, help="Report what would be applied; write nothing.")
def read(sources: tuple[str, ...], games_dir: str, dry_run: bool) -> None:
    """Apply the moves mailed to you: SOURCES are .eml files, mboxes or Maildirs.

    Each message is matched to its game among the records in --games (by its thread, its
    subject "GAME #3, ..." and the players' <Side>Email tags), its move is taken from the body
    (quoted replies and signatures left out), checked against the rules and appended with its
    dates and Message-ID. A message from anyone but the player to move, with an illegal move or
    a wrong move number is reported and applied to nothing; one applied already is skipped.
    Exit status 1 when a message was refused or could not be read (the others are still read).
    With authserv_id in the [read] table of mail.toml, a move is applied only when your own
    mail server's Authentication-Results header authenticates the sender (docs/mail.md).
    """
    from pbmkit.cli.common import read_source
    from pbmkit.cli.status import record_files
    from pbmkit.common.text import printable
    from pbmkit.mail.apply import GameFolder
    from pbmkit.mail.smtp import config_path
    from pbmkit.mail.sources import Unreadable
    from pbmkit.mail.sources import read_source as mail_source
    from pbmkit.mail.trust import load_read_settings

    files = []
    for path in record_files((games_dir,)):
        try:
            files.append((path, read_source(path)[0]))
        except InputError as exc:
            click.echo(f"{printable(path, 200)}: not read: {exc.message}", err=True)
    try:
        settings = load_read_settings(config_path())
    except ValueError as exc:
        raise InputError(str(exc)) from None
    folder = GameFolder(files, settings.authserv_id)
    folder.keys = keyring()
    counts = dict.fromkeys(_VERBS, 0)
    today = datetime.date.today()
    for source in sources:
        for item in mail_source(source):
            if isinstance(item, Unreadable):
                counts["unreadable"] += 1
                click.echo(f"{printable(item.where, 200)}: UNREADABLE: {printable(item.why, 300)}",
                           err=True)
                continue
            saved = folder.keys.checkpoint()
            outcome = folder.take(item, today)
            status, text = outcome.status, outcome.text
            if status == "applied" and not dry_run and outcome.record is not None:
                failed = _write_record(outcome.record)
                if failed is not None:  # not written: the mail adopts no key, notes no turn
                    folder.keys.restore(saved)
                    status, text = "refused", f"{outcome.record.title}: {failed}; nothing applied"
            counts[status] += 1
            verb = "would apply" if status == "applied" and dry_run else _VERBS[status]
            click.echo(f"{printable(item.where, 200)}: {verb}: {printable(text, 400)}",
                       err=status in ("refused", "unreadable"))
    if not dry_run:
        save_keys(folder.keys)  # keys adopted, codes seen (docs/mail.md, "Game keys")
    summary = ", ".join(f"{n} {'would apply' if k == 'applied' and dry_run else _VERBS[k].lower()}"
                        for k, n in counts.items() if n)
    click.echo(f"{'Dry run: ' if dry_run else ''}{summary or 'no messages'}"
               + (" (nothing written)" if dry_run else ""))
    if counts["refused"] or counts["unreadable"]:
        sys.exit(1)


def _write_record(rec: Any) -> str | None:
    """Write ``rec``'s new text, atomically and under the lock, if the file still holds what was
    read; the reason it was not written otherwise (the record put back in memory)."""
    from pbmkit.cli.common import locked, read_source
    from pbmkit.cli.desk import with_original_encoding
    from pbmkit.records import check_text

    try:
        with locked(rec.path):
            current, _ = read_source(rec.path)
            if current != rec.original:
                raise InputError(f"{rec.path} changed while the mail was read; run again")
            atomic_write(rec.path, with_original_encoding(rec.path, rec.text))
            rec.original = rec.text
            return None
    except InputError as exc:
        rec.text = rec.original
        rec.replay = check_text(rec.text, rec.path)[0]
        return str(exc.message)
