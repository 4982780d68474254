"""A club folder: ``club.toml``, the database ``club.db``, the records under ``games/``, a Maildir.

``club.toml`` (docs/referee.md, "Set-up")::

    name = "Harmony Club"
    address = "referee@club.example.org"   # the referee's own address; replies use referee+...@
    organiser = "orga@club.example.org"
    move_days = 14                         # the deadline of a move, in days
    reminder_days = 7                      # a reminder after this many days without a move
    pictures = true                        # the board as an inline PNG in a move's mail

    [inbox]
    maildir = "maildir"                    # a Maildir (relative to the club folder), or:
    # imap = { host = "imap.example.org", port = 993, user = "...", ... }

    [smtp]                                 # as mail.toml's [smtp] (docs/mail.md)
    host = "smtp.example.org"
    port = 587
    security = "starttls"
    user = "referee@club.example.org"
    password_env = "PBMKIT_SMTP_PASSWORD"  # or password_file = "..." (mode 600)

:func:`load_club` reads and checks it; :func:`init_club` makes a new folder.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pbmkit.common.files import atomic_write
from pbmkit.common.text import printable
from pbmkit.mail.files import MAX_CONFIG, MailError
from pbmkit.mail.smtp import SmtpConfig, load_config
from pbmkit.mail.trust import address_key
from pbmkit.referee.errors import RefereeError

__all__ = ["CLUB_FILE", "DB_FILE", "GAMES_DIR", "Club", "ClubError", "init_club", "load_club",
]

CLUB_FILE = "club.toml"
DB_FILE = "club.db"
GAMES_DIR = "games"
LOCK_FILE = ".lock"

_KEYS = {"name", "address", "organiser", "move_days", "reminder_days", "pictures", "inbox",
         "smtp", "outbox", "authserv_id", "vacation_days"}

TEMPLATE = """\
# The club's settings (docs/referee.md, "Set-up").
name = "{name}"
# The referee's own address: players write to it; every message the referee sends comes from
# referee+<key>@ of it (sub-addressing: your mail server must deliver referee+anything@ to it).
address = "{address}"
# Who hears of an overstepped time control (and decides: pbmkit referee forfeit).
organiser = "{organiser}"
# The deadline of a move (days), and the reminder to the player to move (days without a move).
move_days = 14
reminder_days = 7
# The board as a picture (PNG) in every move's mail, as well as in text.
pictures = true
# Vacation days a player may take a calendar year (the command 'vacation DAYS'; ICCF: 45).
vacation_days = 45

[inbox]
# A Maildir, relative to this folder (what fetchmail, getmail, mbsync or a local server fill).
maildir = "maildir"

# To try the club before it has a mail server: delete the SMTP table below and uncomment
# these two lines; the referee then writes its mail as .eml files into the folder sent/.
# [outbox]
# folder = "sent"

[smtp]
# The server that sends the referee's mail (the keys of mail.toml's [smtp], docs/mail.md).
# The password: the environment variable PBMKIT_SMTP_PASSWORD, or password_file (mode 600).
host = "localhost"
port = 25
security = "none"
"""


class ClubError(RefereeError):
    """A club folder or its settings that cannot be used; the text says why in one line."""


@dataclass(frozen=True, slots=True)
class Club:
    """A club folder and its settings."""

    root: Path
    name: str
    address: str
    """The referee's address, ``referee@club.example.org`` (the base of the ``+`` addresses)."""
    organiser: str | None
    smtp: SmtpConfig | None
    maildir: Path | None
    imap: dict[str, Any] | None = None
    """The ``[inbox] imap`` table as written (the IMAP helper reads it)."""
    move_days: int = 14
    reminder_days: int = 7
    pictures: bool = True
    """Whether a move's mail carries the board as an inline PNG (drawn when it is sent)."""
    outbox_folder: Path | None = None
    """``[outbox] folder``: the outgoing mail is written there as ``.eml`` files instead of being
    sent by SMTP (a club trying its set-up, the demo, another program that sends)."""
    authserv_id: str | None = None
    """The club's own receiving server's name in Authentication-Results (as mail.toml's
    ``[read] authserv_id``): when set, a move counts only when that server authenticated the
    sender (DKIM/DMARC), besides the player's key."""
    raw: dict[str, Any] = field(default_factory=dict)
    """The whole document, for settings other modules read."""
    vacation_days: int = 45
    """Vacation days a player may take in a calendar year (``vacation DAYS``)."""

    @property
    def db_path(self) -> Path:
        return self.root / DB_FILE

    @property
    def games_dir(self) -> Path:
        return self.root / GAMES_DIR

    @property
    def lock_path(self) -> Path:
        return self.root / LOCK_FILE

    @property
    def local_part(self) -> str:
        return self.address.rpartition("@")[0]

    @property
    def domain(self) -> str:
        return self.address.rpartition("@")[2]

    def plus_address(self, detail: str) -> str:
        """``referee+DETAIL@domain``."""
        return f"{self.local_part}+{detail}@{self.domain}"


def _days(doc: dict[str, Any], key: str, default: int, where: str) -> int:
    value = doc.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 365:
        raise ClubError(f"{where}: {key} must be a number of days from 1 to 365")
    return value


def _address(doc: dict[str, Any], key: str, where: str, *, required: bool) -> str | None:
    value = doc.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or "@" not in value or address_key(value.strip()) is None:
        raise ClubError(f"{where}: {key} must be an e-mail address like referee@club.example.org")
    return value.strip()


def load_club(root: str | os.PathLike[str]) -> Club:
    """Read ``root/club.toml``; :class:`ClubError` with the reason otherwise."""
    folder = Path(root)
    path = folder / CLUB_FILE
    where = str(path)
    if not path.is_file():
        raise ClubError(f"{folder} is not a club folder (no {CLUB_FILE}; make one with: pbmkit "
                        f"referee init {folder})")
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_CONFIG + 1)
    except OSError as exc:
        raise ClubError(f"cannot read {where}: {exc.strerror or exc}") from None
    if len(data) > MAX_CONFIG:
        raise ClubError(f"{where}: larger than {MAX_CONFIG // 1024} KiB; not a club's settings")
    try:
        doc = tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ClubError(f"{where}: not TOML ({exc})") from None
    unknown = sorted(set(doc) - _KEYS)
    if unknown:
        raise ClubError(f"{where}: unknown key {unknown[0]!r} (known: {', '.join(sorted(_KEYS))})")
    name = doc.get("name", folder.name)
    if not isinstance(name, str) or not name.strip() or len(name) > 100:
        raise ClubError(f"{where}: name must be a text of at most 100 characters")
    address = _address(doc, "address", where, required=True)
    assert address is not None
    if "+" in address.rpartition("@")[0]:
        raise ClubError(f"{where}: address must be the referee's plain address, without a +")
    organiser = _address(doc, "organiser", where, required=False)
    inbox = doc.get("inbox", {})
    if not isinstance(inbox, dict):
        raise ClubError(f"{where}: [inbox] must be a table")
    maildir: Path | None = None
    imap: dict[str, Any] | None = None
    if "maildir" in inbox:
        if not isinstance(inbox["maildir"], str) or not inbox["maildir"].strip():
            raise ClubError(f"{where}: [inbox] maildir must be a folder's path")
        maildir = folder / os.path.expanduser(inbox["maildir"])
    if "imap" in inbox:
        if not isinstance(inbox["imap"], dict):
            raise ClubError(f"{where}: [inbox] imap must be a table")
        imap = inbox["imap"]
    if maildir is not None and imap is not None:
        raise ClubError(f"{where}: [inbox] has both maildir and imap; choose one")
    smtp: SmtpConfig | None = None
    if "smtp" in doc:
        try:
            smtp = load_config(path)
        except MailError as exc:
            raise ClubError(str(exc)) from None
    pictures = doc.get("pictures", True)
    if not isinstance(pictures, bool):
        raise ClubError(f"{where}: pictures must be true or false")
    outbox = doc.get("outbox", {})
    if not isinstance(outbox, dict) or set(outbox) - {"folder"} or (
            "folder" in outbox and (not isinstance(outbox["folder"], str)
                                    or not outbox["folder"].strip())):
        raise ClubError(f"{where}: [outbox] has one key, folder (a folder's path)")
    outbox_folder = folder / os.path.expanduser(outbox["folder"]) if "folder" in outbox else None
    if outbox_folder is not None and smtp is not None:
        raise ClubError(f"{where}: both [smtp] and [outbox] folder; choose one")
    authserv_id = doc.get("authserv_id")
    if authserv_id is not None and (not isinstance(authserv_id, str)
                                    or not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9.\-_]{0,252}",
                                                        authserv_id)):
        raise ClubError(f"{where}: authserv_id must be a server's name, like mx.example.org")
    return Club(folder, name.strip(), address, organiser, smtp, maildir, imap,
                _days(doc, "move_days", 14, where), _days(doc, "reminder_days", 7, where),
                pictures, outbox_folder, authserv_id, doc,
                vacation_days=_days(doc, "vacation_days", 45, where))


def init_club(root: str | os.PathLike[str], *, name: str | None = None,
              address: str = "referee@club.example.org",
              organiser: str | None = None, force: bool = False) -> Club:
    """Make the club folder ``root``: ``club.toml`` (a template to edit), the database, ``games/``
    and the Maildir ``maildir/{new,cur,tmp}``. Refused (:class:`ClubError`, nothing written) when
    ``root`` holds a club already, and when it is a folder that is not empty (an event's files,
    say: the club's ``games/`` would mix with them), unless ``force``."""
    from pbmkit.referee.db import open_db
    from pbmkit.referee.keys import make_club_key

    folder = Path(root)
    if (folder / CLUB_FILE).exists() or (folder / DB_FILE).exists():
        raise ClubError(f"{folder} holds a club already ({CLUB_FILE}); nothing was changed")
    if not force and folder.is_dir():
        held = sorted(p.name for p in folder.iterdir())
        if held:
            shown = ", ".join(printable(n, 40) for n in held[:3]) + (", ..." if len(held) > 3
                                                                     else "")
            raise ClubError(f"{folder} is not empty ({len(held)} entries: {shown}): a club is "
                            "made in a new or empty folder (give --force to make it there "
                            "anyway); nothing was changed")
    if address_key(address) is None or "+" in address.rpartition("@")[0]:
        raise ClubError(f"{address!r} is not a plain e-mail address like referee@club.example.org")
    folder.mkdir(parents=True, exist_ok=True)
    text = TEMPLATE.format(name=(name or folder.resolve().name).replace('"', "'"),
                           address=address, organiser=organiser or address)
    for sub in ("games", "maildir/new", "maildir/cur", "maildir/tmp"):
        (folder / sub).mkdir(parents=True, exist_ok=True)
    atomic_write(folder / CLUB_FILE, text.encode("utf-8"))
    club = load_club(folder)
    make_club_key(folder)
    open_db(club.db_path).close()
    return club
