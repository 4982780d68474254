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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pbmkit.common.config import Table, read_toml
from pbmkit.common.files import atomic_write
from pbmkit.common.text import printable
from pbmkit.mail.files import MailError
from pbmkit.mail.smtp import SmtpConfig, load_config
from pbmkit.mail.trust import AUTHSERV_ID, AUTHSERV_ID_WORDS, address_key
from pbmkit.referee.errors import RefereeError

__all__ = ["CLUB_FILE", "DB_FILE", "GAMES_DIR", "ROBOT_DOMAIN", "Club", "ClubError", "Robot",
           "Robots", "init_club", "is_robot_address", "load_club"]

CLUB_FILE = "club.toml"
DB_FILE = "club.db"
GAMES_DIR = "games"
LOCK_FILE = ".lock"
_SITE_URL = re.compile(r"https?://[A-Za-z0-9.\-]{1,253}(?::\d{1,5})?(?:/[A-Za-z0-9._~%!$&'()*+,;=:@/\-]{0,300})?")
"""A site's address: http(s), a host, a path of URL characters (no query, no fragment, no
space or quote: it is written into mail and into a link)."""

_KEYS = {"name", "address", "organiser", "move_days", "reminder_days", "pictures", "inbox",
         "smtp", "outbox", "authserv_id", "vacation_days", "site", "robots"}
_INBOX_KEYS = {"maildir", "imap"}

ROBOT_DOMAIN = "robots.invalid"
"""The domain of a robot player's address (``hal@robots.invalid``): reserved, never delivered
(RFC 2606); nothing is ever queued to it."""

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
class Robot:
    """A robot player of the club (``[robots.NAME]``): the engine, thinking ``seconds`` a move,
    in the games ``games`` (their registry names)."""

    name: str
    seconds: float
    games: tuple[str, ...]

    @property
    def address(self) -> str:
        """Its player's address (never delivered: :data:`ROBOT_DOMAIN`)."""
        return f"{self.name.lower()}@{ROBOT_DOMAIN}"


@dataclass(frozen=True, slots=True)
class Robots:
    """The ``[robots]`` table: the robots, the CPU seconds all their moves may take in one run
    (``budget``), and how their games are rated (``ratings``: ``"apart"``, in lists of their
    own, or ``"none"``)."""

    players: tuple[Robot, ...] = ()
    budget: float = 60.0
    ratings: str = "apart"

    def named(self, name: str) -> Robot | None:
        """The robot called ``name`` (any case), if any."""
        return next((r for r in self.players if r.name.casefold() == name.casefold()), None)


def is_robot_address(address: str | None) -> bool:
    """Whether ``address`` is a robot player's (nothing is sent to it)."""
    return bool(address) and str(address).lower().endswith("@" + ROBOT_DOMAIN)


ROBOT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,29}")
"""A robot's name: one word, as a player's (``signup NAME``)."""


def _robots(doc: dict[str, Any], where: str) -> Robots:
    """The ``[robots]`` table read and checked (docs/referee.md, "Robots")."""
    table = doc.get("robots", {})
    if not isinstance(table, dict):
        raise ClubError(f"{where}: [robots] must be a table")
    budget = table.get("budget", 60)
    if isinstance(budget, bool) or not isinstance(budget, (int, float)) or not 1 <= budget <= 3600:
        raise ClubError(f"{where}: [robots] budget must be seconds of CPU a run, 1 to 3600")
    ratings = table.get("ratings", "apart")
    if ratings not in ("apart", "none"):
        raise ClubError(f"{where}: [robots] ratings must be \"apart\" (rated in lists of their own) "
                        "or \"none\" (not rated)")
    from pbmkit.games import get_game

    players = []
    for name, robot in table.items():
        if name in ("budget", "ratings"):
            continue
        at = f"{where}: [robots.{printable(str(name), 30)}]"
        if not isinstance(robot, dict) or not ROBOT_NAME.fullmatch(name):
            raise ClubError(f"{at}: a robot is a table named by one word (letters, digits, . - _)")
        unknown = sorted(set(robot) - {"seconds", "games"})
        if unknown:
            raise ClubError(f"{at}: unknown key {unknown[0]!r} (known: games, seconds)")
        seconds = robot.get("seconds", 10)
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) \
                or not 0.05 <= seconds <= 600:
            raise ClubError(f"{at}: seconds must be the time it thinks a move, 0.05 to 600")
        games = robot.get("games")
        if not isinstance(games, list) or not games or not all(isinstance(g, str) for g in games):
            raise ClubError(f"{at}: games must be a list of the games it plays, like [\"hex\"]")
        names = []
        for game in games:
            try:
                names.append(get_game(game).name)
            except (KeyError, ValueError):
                raise ClubError(f"{at}: no game called {printable(game, 40)!r}") from None
        players.append(Robot(name, float(seconds), tuple(names)))
    if len({r.name.casefold() for r in players}) != len(players):
        raise ClubError(f"{where}: [robots]: two robots of the same name")
    return Robots(tuple(players), float(budget), ratings)


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
    site_url: str | None = None
    """``[site] url``: where the club's pages (``pbmkit referee site``) are published, without
    the final ``/``; a move's mail then links the player to move to the game's page."""
    robots: Robots = field(default_factory=Robots)
    """The club's robot players (``[robots]``; docs/referee.md, "Robots")."""

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


def _address(table: Table, key: str) -> str | None:
    value = table.text(key, what="an e-mail address like referee@club.example.org")
    if value is not None and ("@" not in value or address_key(value) is None):
        table.fail(f"{key} must be an e-mail address like referee@club.example.org")
    return value


def load_club(root: str | os.PathLike[str]) -> Club:
    """Read ``root/club.toml``; :class:`ClubError` with the reason otherwise."""
    folder = Path(root)
    path = folder / CLUB_FILE
    where = str(path)
    if not path.is_file():
        raise ClubError(f"{folder} is not a club folder (no {CLUB_FILE}; make one with: pbmkit "
                        f"referee init {folder})")
    doc = read_toml(path, ClubError)
    if doc is None:  # gone since
        raise ClubError(f"cannot read {where}: no such file")
    club = Table.check(doc, _KEYS, where=where, name="", error=ClubError)
    name = club.text("name", limit=100, what="a text of at most 100 characters") or folder.name
    address = _address(club, "address")
    if address is None:
        club.fail("address must be an e-mail address like referee@club.example.org")
    if "+" in address.rpartition("@")[0]:
        club.fail("address must be the referee's plain address, without a +")
    organiser = _address(club, "organiser")
    inbox = club.table("inbox", _INBOX_KEYS)
    maildir: Path | None = None
    imap: dict[str, Any] | None = None
    if inbox is not None:
        written = inbox.text("maildir", what="a folder's path")
        maildir = None if written is None else folder / os.path.expanduser(written)
        if "imap" in inbox.values:
            if not isinstance(inbox.values["imap"], dict):
                club.fail("[inbox] imap must be a table")
            imap = inbox.values["imap"]
    if maildir is not None and imap is not None:
        club.fail("[inbox] has both maildir and imap; choose one")
    smtp: SmtpConfig | None = None
    if "smtp" in doc:
        try:
            smtp = load_config(path)
        except MailError as exc:
            raise ClubError(str(exc)) from None
    pictures = club.flag("pictures", True)
    outbox = club.table("outbox", {"folder"})
    written = None if outbox is None else outbox.text("folder", what="a folder's path")
    outbox_folder = None if written is None else folder / os.path.expanduser(written)
    if outbox_folder is not None and smtp is not None:
        club.fail("both [smtp] and [outbox] folder; choose one")
    authserv_id = club.text("authserv_id", pattern=AUTHSERV_ID, what=AUTHSERV_ID_WORDS)
    site = club.table("site", {"url"})
    url = None if site is None else site.text(
        "url", pattern=_SITE_URL, what="where the club's pages are published, like "
        "https://club.example.org/games-site")
    return Club(folder, name, address, organiser, smtp, maildir, imap,
                _days(club, "move_days", 14), _days(club, "reminder_days", 7),
                pictures, outbox_folder, authserv_id, doc,
                vacation_days=_days(club, "vacation_days", 45),
                site_url=url.rstrip("/") if url else None, robots=_robots(doc, where))


def _days(club: Table, key: str, default: int) -> int:
    return club.integer(key, default, 1, 365, unit="days")


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
