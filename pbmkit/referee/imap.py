"""An IMAP mailbox as the referee's inbox (docs/referee.md, "The inbox: IMAP").

Through IMAPClient (a maintained library over the standard ``imaplib``: it parses the server's
answers, which ``imaplib`` leaves as raw lines, and knows MOVE, UIDPLUS and folder names in
modified UTF-7). What this module decides:

* **Security.** ``ssl`` (implicit TLS, port 993, the default) or ``starttls`` (port 143; a server
  that does not offer STARTTLS is refused, never used in plain text); ``none`` only to this
  machine (127.0.0.1, ::1, localhost). Certificates are checked (``cafile`` adds an authority).
* **The password** comes from an environment variable (``password_env``, by default
  ``PBMKIT_IMAP_PASSWORD``) or a file only its owner can read (``password_file``), never from
  ``club.toml`` or the command line, as for SMTP (:mod:`pbmkit.mail.smtp`).
* **Keys** are ``UIDVALIDITY.UID``. A folder whose UIDVALIDITY changed (recreated, restored from
  a backup, a server moved) numbers its messages anew: a key of the old numbering is then no
  longer valid, and :meth:`ImapInbox.done` with it does nothing (it never moves whichever message
  now has that UID). Messages already done are in the processed folder, out of the inbox; one
  applied but not yet done (a run killed between the two) comes back under a new key, and the
  referee's ledger of processed messages (Message-ID and content digest) skips it, then marks it
  done.
* **Sizes.** The UIDs and ``RFC822.SIZE`` of every message come first; bodies are then fetched in
  batches of bounded bytes, each body as ``BODY.PEEK[]<0.N>`` with ``N`` one byte past
  :data:`~pbmkit.referee.inbox.MAX_MESSAGE_BYTES`: an oversized message is read no further than
  the bound, whatever size the server announced (``PEEK``: reading sets no ``\\Seen`` flag).
* **Done** moves the message to the processed folder (``Processed``, created when missing):
  the inbox holds only what is still to do, so a run lists a short folder however long the club
  has run, and a person looking at the mailbox sees what the referee has handled. With MOVE
  (RFC 6851) in one command; without it, COPY then ``\\Deleted`` (and UID EXPUNGE of that one
  message where the server has UIDPLUS; a bare EXPUNGE, which would also remove what a person
  marked deleted, is never sent). The inbox hands out only messages not marked ``\\Deleted``.
* **Failures.** Every socket operation has the timeout ``timeout`` (30 s by default). A server
  that cannot be reached, refuses the login, or goes away mid-run is one :class:`ImapError` line
  (a :class:`~pbmkit.mail.files.MailError`); whatever the referee had applied before stays
  applied, and the messages not yet done are handed out again on the next run.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import functools
import imaplib
import ipaddress
import os
import re
import ssl
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, TypeVar, cast

from imapclient import IMAPClient
from imapclient.exceptions import CapabilityError, LoginError

from pbmkit.common.config import Table
from pbmkit.mail.files import MailError, read_private
from pbmkit.referee.inbox import MAX_MESSAGE_BYTES, InboxMessage

__all__ = ["DEFAULT_PASSWORD_ENV", "ImapConfig", "ImapError", "ImapInbox", "load_imap_config",
           "open_imap", "read_imap_password"]

DEFAULT_PASSWORD_ENV = "PBMKIT_IMAP_PASSWORD"
_SECURITY = {"ssl": 993, "starttls": 143, "none": 143}
_KEYS = {"host", "port", "security", "user", "password_env", "password_file", "folder",
         "processed", "timeout", "cafile"}
_MAX_PASSWORD = 4096
BATCH_BYTES = 8_000_000
"""The most bytes of bodies one FETCH asks for (a batch holds one message at least)."""
BATCH_COUNT = 200
"""The most messages one FETCH asks for."""
_META_CHUNK = 2000
"""UIDs per FETCH of sizes and dates."""
_KEY = re.compile(r"([0-9]{1,10})\.([0-9]{1,10})")
_BYTES = re.compile(r"""\bb'([^']*)'""")

T = TypeVar("T")


class ImapError(MailError):
    """The IMAP server cannot be used or went away; the text says why, in one line."""


@dataclass(frozen=True, slots=True)
class ImapConfig:
    """The ``[inbox] imap`` table of club.toml (docs/referee.md)."""

    host: str
    port: int
    user: str
    security: str = "ssl"
    """``ssl`` (implicit TLS, port 993), ``starttls`` (port 143) or ``none`` (this machine only)."""
    password_env: str = DEFAULT_PASSWORD_ENV
    password_file: str | None = None
    folder: str = "INBOX"
    """Where the players' mail arrives."""
    processed: str = "Processed"
    """Where a message goes once the referee has handled it (created when missing)."""
    timeout: float = 30.0
    cafile: str | None = None

    @property
    def where(self) -> str:
        return f"the IMAP server {self.host}:{self.port}"


def _is_local(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def load_imap_config(table: Mapping[str, object], where: str) -> ImapConfig:
    """Check the ``imap`` table of club.toml's ``[inbox]`` (``where`` names the file in errors);
    :class:`MailError` with the reason otherwise."""
    imap = Table.check(table, _KEYS, where=where, name="[inbox] imap", error=MailError,
                       no_password=True)
    host = imap.text("host")
    user = imap.text("user")
    if host is None or user is None:
        imap.fail("the imap table needs a host and a user")
    security = imap.choice("security", _SECURITY, "ssl")
    if security == "none" and not _is_local(host):
        imap.fail(f"imap security = \"none\" would send the password to {host} unencrypted; "
                  "use ssl or starttls (none is for a server on this machine)")
    port = imap.integer("port", _SECURITY[security], 1, 65535)
    timeout = imap.seconds("timeout", 30, 600)
    folder = imap.text("folder") or "INBOX"
    processed = imap.text("processed") or "Processed"
    if processed == folder or (folder.upper() == "INBOX" and processed.upper() == "INBOX"):
        imap.fail(f"imap processed must be another folder than {folder!r}")
    return ImapConfig(host=host, port=port, user=user, security=security,
                      password_env=imap.text("password_env") or DEFAULT_PASSWORD_ENV,
                      password_file=imap.text("password_file"), folder=folder,
                      processed=processed, timeout=timeout, cafile=imap.text("cafile"))


def read_imap_password(config: ImapConfig, environ: Mapping[str, str] | None = None) -> str:
    """The password: the environment variable ``password_env`` if set, else ``password_file``
    (mode 600 or 400, this user's); :class:`MailError` when there is neither."""
    env = os.environ if environ is None else environ
    value = env.get(config.password_env)
    if value:
        return value
    if config.password_file is None:
        raise MailError(f"no IMAP password for {config.user}: set {config.password_env} or "
                        "password_file in club.toml's imap table")
    path = os.path.expanduser(config.password_file)
    data = read_private(path, "the password file", _MAX_PASSWORD)
    assert data is not None
    try:
        text = data.decode("utf-8").rstrip("\r\n")
    except UnicodeDecodeError:
        raise MailError(f"the password file {path} is not UTF-8 text") from None
    if not text:
        raise MailError(f"the password file {path} is empty")
    return text


class _Client(Protocol):
    """The part of :class:`imapclient.IMAPClient` used here."""

    normalise_times: bool

    def starttls(self, ssl_context: ssl.SSLContext | None = None) -> bytes: ...
    def login(self, username: str, password: str) -> bytes: ...
    def logout(self) -> bytes: ...
    def shutdown(self) -> None: ...
    def capabilities(self) -> tuple[bytes, ...]: ...
    def folder_exists(self, folder: str) -> bool: ...
    def create_folder(self, folder: str) -> bytes: ...
    def subscribe_folder(self, folder: str) -> bytes: ...
    def select_folder(self, folder: str, readonly: bool = False) -> dict[bytes, object]: ...
    def search(self, criteria: str | Sequence[str]) -> list[int]: ...
    def fetch(self, messages: Sequence[int], data: Sequence[str]) -> dict[int, dict[bytes, object]]: ...
    def move(self, messages: Sequence[int], folder: str) -> object: ...
    def copy(self, messages: Sequence[int], folder: str) -> object: ...
    def add_flags(self, messages: Sequence[int], flags: Sequence[bytes]) -> object: ...
    def uid_expunge(self, messages: Sequence[int]) -> object: ...


def _one_line(exc: BaseException) -> str:
    """What ``exc`` says, on one line of at most 200 characters (the server's words as text, not
    as Python's ``b'...'``)."""
    first = exc.args[0] if len(exc.args) == 1 else None
    text = first.decode("utf-8", "replace") if isinstance(first, bytes) else str(exc)
    text = _BYTES.sub(lambda m: m.group(1), text)
    return " ".join(text.split())[:200] or type(exc).__name__


class ImapInbox:
    """An IMAP folder as an :class:`~pbmkit.referee.inbox.Inbox`: connects, logs in and selects
    the folder when made; :class:`ImapError` when it cannot."""

    def __init__(self, config: ImapConfig, password: str | None = None, *,
                 environ: Mapping[str, str] | None = None, batch_bytes: int = BATCH_BYTES,
                 batch_count: int = BATCH_COUNT) -> None:
        self.config = config
        self.batch_bytes = batch_bytes
        self.batch_count = batch_count
        secret = read_imap_password(config, environ) if password is None else password
        self._client: _Client | None = None
        self._client = self._guard("connecting", lambda: self._connect(secret))
        self._capabilities = {c.upper() for c in self._guard("asking its capabilities",
                                                             self._live().capabilities)}
        self._ensure_processed()
        selected = self._guard(f"selecting the folder {config.folder!r}",
                               lambda: self._live().select_folder(config.folder))
        validity = selected.get(b"UIDVALIDITY")
        self.uidvalidity = validity if isinstance(validity, int) else 0
        """The folder's UIDVALIDITY at login: the first half of every key."""

    # connection -------------------------------------------------------------------------------

    def _context(self) -> ssl.SSLContext:
        try:
            return ssl.create_default_context(cafile=self.config.cafile)
        except (OSError, ssl.SSLError) as exc:
            raise ImapError(f"cannot use the certificate file {self.config.cafile}: "
                            f"{_one_line(exc)}") from None

    def _connect(self, password: str) -> _Client:
        config = self.config
        context = self._context() if config.security != "none" else None
        client = cast(_Client, IMAPClient(config.host, port=config.port,
                                          ssl=config.security == "ssl", ssl_context=context,
                                          timeout=config.timeout))
        try:
            client.normalise_times = False  # INTERNALDATE with its time zone
            if config.security == "starttls":
                client.starttls(context)
            client.login(config.user, password)
        except BaseException:
            with contextlib.suppress(Exception):
                client.shutdown()
            raise
        return client

    def _live(self) -> _Client:
        if self._client is None:
            raise ImapError(f"{self.config.where}: the inbox is closed")
        return self._client

    def _guard(self, doing: str, action: Callable[[], T]) -> T:
        """``action()``, its failures made one :class:`ImapError` line saying what was being done."""
        where = self.config.where
        try:
            return action()
        except ImapError:
            raise
        except LoginError as exc:
            raise ImapError(f"{where} refused the login of {self.config.user} "
                            f"({_one_line(exc)}); check the user and the password") from None
        except ssl.SSLCertVerificationError as exc:
            raise ImapError(f"{where}: its certificate is not trusted ({exc.verify_message}); "
                            "cafile names the authority of a server's own certificate") from None
        except CapabilityError as exc:
            raise ImapError(f"{where} does not offer what {doing} needs ({_one_line(exc)})") \
                from None
        except TimeoutError:
            self._drop()
            raise ImapError(f"{where} did not answer within {self.config.timeout:g} s "
                            f"({doing})") from None
        except ConnectionRefusedError:
            raise ImapError(f"cannot connect to {where}: connection refused") from None
        except imaplib.IMAP4.abort as exc:
            self._drop()
            raise ImapError(f"{where} went away ({doing}): {_one_line(exc)}") from None
        except imaplib.IMAP4.error as exc:
            raise ImapError(f"{where} refused {doing}: {_one_line(exc)}") from None
        except ssl.SSLError as exc:
            self._drop()
            raise ImapError(f"{where}: TLS failed ({doing}): {exc.reason or _one_line(exc)}") \
                from None
        except (OSError, EOFError) as exc:
            self._drop()
            text = exc.strerror if isinstance(exc, OSError) and exc.strerror else _one_line(exc)
            if doing == "connecting":  # an unknown host, no route, ...
                raise ImapError(f"cannot connect to {where}: {text}") from None
            raise ImapError(f"{where} went away ({doing}): {text}") from None

    def _drop(self) -> None:
        client, self._client = self._client, None
        if client is not None:
            with contextlib.suppress(Exception):
                client.shutdown()

    def _ensure_processed(self) -> None:
        client = self._live()
        folder = self.config.processed
        if self._guard("looking for the processed folder", lambda: client.folder_exists(folder)):
            return
        try:
            self._guard(f"creating the folder {folder!r}", lambda: client.create_folder(folder))
        except ImapError:  # another run made it meanwhile?
            if not self._guard("looking for the processed folder",
                               lambda: client.folder_exists(folder)):
                raise
        with contextlib.suppress(ImapError):  # so that mail programs show it; not needed
            self._guard("subscribing", lambda: client.subscribe_folder(folder))

    # the Inbox protocol -----------------------------------------------------------------------

    def messages(self) -> Iterator[InboxMessage]:
        """The messages of the folder not yet done (nor marked ``\\Deleted``), in UID order."""
        client = self._live()
        uids = sorted(self._guard("listing the messages", lambda: client.search(["UNDELETED"])))
        sizes: dict[int, tuple[int, float | None]] = {}
        for start in range(0, len(uids), _META_CHUNK):
            chunk = uids[start:start + _META_CHUNK]
            answer = self._guard("asking the sizes of the messages",
                                 functools.partial(client.fetch, chunk,
                                                   ["RFC822.SIZE", "INTERNALDATE"]))
            for uid, data in answer.items():
                size = data.get(b"RFC822.SIZE")
                when = data.get(b"INTERNALDATE")
                sizes[uid] = (size if isinstance(size, int) else 0,
                              when.timestamp() if isinstance(when, dt.datetime) else None)
        batch: list[int] = []
        weight = 0
        for uid in uids:
            if uid not in sizes:  # gone meanwhile (another run did it)
                continue
            cost = min(sizes[uid][0], MAX_MESSAGE_BYTES + 1)
            if batch and (weight + cost > self.batch_bytes or len(batch) >= self.batch_count):
                yield from self._bodies(batch, sizes)
                batch, weight = [], 0
            batch.append(uid)
            weight += cost
        if batch:
            yield from self._bodies(batch, sizes)

    def _bodies(self, batch: list[int], sizes: Mapping[int, tuple[int, float | None]]
                ) -> Iterator[InboxMessage]:
        client = self._live()
        part = f"BODY.PEEK[]<0.{MAX_MESSAGE_BYTES + 1}>"
        answer = self._guard("fetching the messages", lambda: client.fetch(batch, [part]))
        for uid in batch:
            data = answer.get(uid)
            if data is None:
                continue
            body = data.get(b"BODY[]<0>")
            if body is None:
                body = data.get(b"BODY[]")
            if not isinstance(body, bytes):
                continue
            size, arrived = sizes[uid]
            oversized = size > MAX_MESSAGE_BYTES or len(body) > MAX_MESSAGE_BYTES
            yield InboxMessage(key=f"{self.uidvalidity}.{uid}", raw=body[:MAX_MESSAGE_BYTES],
                               oversized=oversized, arrived=arrived)

    def done(self, key: str) -> None:
        """Move the message to the processed folder; nothing for a key of an older UIDVALIDITY
        (the message comes back under its new key, and the referee's ledger skips it)."""
        found = _KEY.fullmatch(key)
        if found is None:
            raise ImapError(f"{self.config.where}: {key!r} is not a key of this inbox")
        if int(found.group(1)) != self.uidvalidity:
            return
        uid = [int(found.group(2))]
        client = self._live()
        target = self.config.processed
        if b"MOVE" in self._capabilities:
            self._guard("moving a message", lambda: client.move(uid, target))
            return
        self._guard("copying a message", lambda: client.copy(uid, target))
        self._guard("marking a message deleted", lambda: client.add_flags(uid, [b"\\Deleted"]))
        if b"UIDPLUS" in self._capabilities:
            self._guard("expunging a message", lambda: client.uid_expunge(uid))

    def close(self) -> None:
        """Log out (quietly: a server already gone is not an error here)."""
        client, self._client = self._client, None
        if client is None:
            return
        try:
            client.logout()
        except Exception:
            with contextlib.suppress(Exception):
                client.shutdown()

    def __enter__(self) -> ImapInbox:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class HasImap(Protocol):
    """A club as :func:`open_imap` reads it (:class:`pbmkit.referee.club.Club`)."""

    @property
    def root(self) -> Path: ...

    @property
    def imap(self) -> Mapping[str, object] | None: ...


def open_imap(club: HasImap, environ: Mapping[str, str] | None = None) -> ImapInbox:
    """The IMAP inbox of a club whose ``club.toml`` has ``[inbox] imap = {...}``; the password
    from ``environ`` (the process's environment by default) or the password file."""
    where = str(club.root / "club.toml")
    if club.imap is None:
        raise MailError(f"{where}: [inbox] has no imap table")
    return ImapInbox(load_imap_config(club.imap, where), environ=environ)
