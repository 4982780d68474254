"""Sending a move's message over SMTP, configured in ``$XDG_CONFIG_HOME/pbmkit/mail.toml``.

The password never comes from the command line (it would show in ``ps`` and the shell history):
it comes from an environment variable, or from a file only its owner can read.
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import smtplib
import ssl
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from email.message import EmailMessage
from pathlib import Path

from pbmkit.common.config import Table, read_toml
from pbmkit.mail.compose import MailError
from pbmkit.mail.files import read_private

__all__ = ["DEFAULT_PASSWORD_ENV", "MaybeSent", "SmtpConfig", "SmtpSession", "config_path",
           "load_config", "read_password", "send_message"]

DEFAULT_PASSWORD_ENV = "PBMKIT_SMTP_PASSWORD"
_SECURITY = {"starttls": 587, "ssl": 465, "none": 25}
_KEYS = {"host", "port", "security", "user", "password_env", "password_file", "from", "timeout",
         "cafile"}
_MAX_PASSWORD = 4096


@dataclass(frozen=True, slots=True)
class SmtpConfig:
    """The ``[smtp]`` table of mail.toml (docs/mail.md)."""

    host: str
    port: int
    security: str = "starttls"
    """``starttls`` (port 587), ``ssl`` (implicit TLS, port 465) or ``none`` (no encryption:
    for a server on this machine only; a password is never sent over it to another host)."""
    user: str | None = None
    password_env: str = DEFAULT_PASSWORD_ENV
    password_file: str | None = None
    sender: str | None = None
    """``from``: your address, for records without your ``<Side>Email`` tag."""
    timeout: float = 30.0
    cafile: str | None = None
    """A certificate file to trust (a server with its own certificate authority)."""


def config_path(environ: Mapping[str, str] | None = None) -> Path:
    """``$XDG_CONFIG_HOME/pbmkit/mail.toml`` (``~/.config/pbmkit/mail.toml`` by default)."""
    env = os.environ if environ is None else environ
    base = env.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "pbmkit" / "mail.toml"


def load_config(path: Path) -> SmtpConfig:
    """Read the ``[smtp]`` table of ``path``; :class:`MailError` with the reason otherwise."""
    where = str(path)
    doc = read_toml(path, MailError)
    if doc is None:
        raise MailError(f"no mail configuration: write {where} with an [smtp] table "
                        "(host, port, security, user; see docs/mail.md)")
    if not isinstance(doc.get("smtp"), dict):
        raise MailError(f"{where}: no [smtp] table")
    table = Table.check(doc["smtp"], _KEYS, where=where, name="[smtp]", error=MailError,
                        no_password=True)
    host = table.text("host")
    if host is None:
        table.fail("[smtp] needs a host")
    security = table.choice("security", _SECURITY, "starttls")
    return SmtpConfig(host=host, port=table.integer("port", _SECURITY[security], 1, 65535),
                      security=security, user=table.text("user"),
                      password_env=table.text("password_env") or DEFAULT_PASSWORD_ENV,
                      password_file=table.text("password_file"), sender=table.text("from"),
                      timeout=table.seconds("timeout", 30, 600), cafile=table.text("cafile"))


def read_password(config: SmtpConfig, environ: Mapping[str, str] | None = None) -> str | None:
    """The password: the environment variable ``password_env`` if set, else ``password_file``.

    A password file must be a regular file of this user that nobody else can read or write (mode
    600 or 400); otherwise :class:`MailError` (``chmod 600 FILE``). None without either.
    """
    env = os.environ if environ is None else environ
    value = env.get(config.password_env)
    if value:
        return value
    if config.password_file is None:
        return None
    path = os.path.expanduser(config.password_file)
    data = read_private(path, "the password file", _MAX_PASSWORD)
    assert data is not None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise MailError(f"the password file {path} is not UTF-8 text") from None
    text = text.rstrip("\r\n")
    if not text:
        raise MailError(f"the password file {path} is empty")
    return text


def _is_local(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _context(config: SmtpConfig) -> ssl.SSLContext:
    try:
        return ssl.create_default_context(cafile=config.cafile)
    except (OSError, ssl.SSLError) as exc:
        raise MailError(f"cannot use the certificate file {config.cafile}: {exc}") from None


def _reply(exc: smtplib.SMTPResponseException) -> str:
    text = exc.smtp_error.decode("utf-8", "replace") if isinstance(exc.smtp_error, bytes) \
        else str(exc.smtp_error)
    return f"{exc.smtp_code} {' '.join(text.split())[:200]}"


class MaybeSent(MailError):
    """The message went to the server in full, but its answer never came (a timeout, a dropped
    connection): it may have been delivered."""


class _Watched:
    """Wraps a connection's ``send``: notes when the message's data, ended by ``CRLF . CRLF``,
    went to the server in full (after that, a failure may follow a delivery)."""

    def __init__(self, server: smtplib.SMTP) -> None:
        self.handed = False
        self._send = server.send

    def __call__(self, data: bytes | str) -> None:
        self._send(data)
        if isinstance(data, bytes) and data.endswith(b"\r\n.\r\n"):
            self.handed = True


def send_message(msg: EmailMessage, config: SmtpConfig, password: str | None) -> None:
    """Hand ``msg`` to the SMTP server of ``config``; return only once the server accepted it.

    Every failure before the message's data went to the server in full is one
    :class:`MailError` line saying that the message was not sent (the server cannot be reached,
    TLS fails, the login is refused, the server refuses the sender or the recipients, or drops
    the connection). A timeout or a dropped connection after the data went, before the server's
    answer, is :class:`MaybeSent`: the message may have been delivered. A server that answers
    the data with an error did not take it (not sent).
    """
    with SmtpSession(config, password) as session:
        session.send(msg)


class SmtpSession:
    """One connection to the SMTP server of ``config`` for many messages (the referee's outbox):
    opened by the first :meth:`send`, kept open between messages, dropped after a failure (the
    next :meth:`send` opens a new one), closed (``QUIT``) by :meth:`close`. Each :meth:`send`
    fails as :func:`send_message` does; a connection kept open that the server closed meanwhile
    (before the message's data went) is opened again once, for the same message."""

    def __init__(self, config: SmtpConfig, password: str | None) -> None:
        self.config = config
        self.password = password
        self.where = f"{config.host}:{config.port}"
        self._server: smtplib.SMTP | None = None
        self._watched: _Watched | None = None

    def __enter__(self) -> SmtpSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _open(self) -> smtplib.SMTP:
        config = self.config
        if config.user and self.password is None:
            raise MailError(f"no password for {config.user}: set {config.password_env} or "
                            "password_file in mail.toml")
        if config.user and config.security == "none" and not _is_local(config.host):
            raise MailError(f"security = \"none\" would send the password to {config.host} "
                            "unencrypted; use starttls or ssl")
        if config.security == "ssl":
            server: smtplib.SMTP = smtplib.SMTP_SSL(config.host, config.port,
                                                    timeout=config.timeout,
                                                    context=_context(config))
        else:
            server = smtplib.SMTP(config.host, config.port, timeout=config.timeout)
        self._server = server
        self._watched = _Watched(server)
        setattr(server, "send", self._watched)  # noqa: B010 (an instance's method replaced)
        server.ehlo()
        if config.security == "starttls":
            server.starttls(context=_context(config))
            server.ehlo()
        if config.user:
            assert self.password is not None
            server.login(config.user, self.password)
        return server

    def send(self, msg: EmailMessage | bytes, from_addr: str = "",
             to_addrs: Sequence[str] = ()) -> None:
        """Hand ``msg`` to the server: a message, or its bytes (CRLF lines) with the envelope's
        sender and recipients; return only once the server accepted it."""
        for again in (False, True):
            reused = self._server is not None
            try:
                server = self._server if self._server is not None else self._open()
                assert self._watched is not None
                self._watched.handed = False
                if isinstance(msg, bytes):
                    options: tuple[str, ...] = ()
                    if not (from_addr.isascii() and all(a.isascii() for a in to_addrs)):
                        if not server.has_extn("smtputf8"):
                            raise smtplib.SMTPNotSupportedError(
                                "an address needs SMTPUTF8, which the server does not offer")
                        options = ("SMTPUTF8", "BODY=8BITMIME")
                    refused = server.sendmail(from_addr, list(to_addrs), msg, options)
                else:
                    refused = server.send_message(msg)
                if refused:
                    first, (code, why) = next(iter(refused.items()))
                    raise MailError(f"{self.where} refused the recipient {first} ({code} "
                                    f"{why.decode('utf-8', 'replace')[:200]}); the message was "
                                    "not sent to every player")
                return
            except (smtplib.SMTPServerDisconnected, TimeoutError, OSError) as exc:
                handed = self._watched is not None and self._watched.handed
                self._drop()
                if handed:
                    lost = (f"no answer within {self.config.timeout:g} s" if _timed_out(exc)
                            else "the connection was closed")
                    raise MaybeSent(f"{self.where} took the message but did not confirm it "
                                    f"({lost}): the message MAY HAVE BEEN SENT; if your "
                                    "opponent does not answer, send it again (pbmkit mail "
                                    "send: the copy has the same Message-ID, and the "
                                    "opponent's pbmkit skips a second copy)") from None
                if reused and not again and not _timed_out(exc):
                    continue  # the server closed the connection kept open: a new one
                raise _not_sent(exc, self.where, self.config) from None
            except smtplib.SMTPException as exc:
                self._drop()
                raise _not_sent(exc, self.where, self.config) from None

    def _drop(self) -> None:
        if self._server is not None:
            with contextlib.suppress(OSError):
                self._server.close()
        self._server = self._watched = None

    def close(self) -> None:
        """Say goodbye to the server (``QUIT``) and close the connection, if one is open."""
        server, self._server, self._watched = self._server, None, None
        if server is not None:
            try:
                server.quit()
            except (smtplib.SMTPException, OSError):
                server.close()


def _timed_out(exc: BaseException) -> bool:
    return isinstance(exc, TimeoutError) or "timed out" in str(exc)


def _not_sent(exc: BaseException, where: str, config: SmtpConfig) -> MailError:
    """The line for a failure before the message went to the server in full."""
    if isinstance(exc, smtplib.SMTPAuthenticationError):
        return MailError(f"{where} refused the login of {config.user}: {_reply(exc)}; "
                         "the message was not sent")
    if isinstance(exc, smtplib.SMTPNotSupportedError):
        return MailError(f"{where} cannot do what mail.toml asks ({exc}); the message was not "
                         "sent")
    if isinstance(exc, smtplib.SMTPServerDisconnected):
        if _timed_out(exc):
            return MailError(f"{where} did not answer within {config.timeout:g} s; the message "
                             "was not sent")
        return MailError(f"{where} closed the connection before the message was handed over; "
                         "the message was not sent")
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        first, (code, why) = next(iter(exc.recipients.items()))
        return MailError(f"{where} refused the recipient {first} ({code} "
                         f"{why.decode('utf-8', 'replace')[:200]}); the message was not sent")
    if isinstance(exc, smtplib.SMTPResponseException):
        return MailError(f"{where} answered {_reply(exc)}; the message was not sent")
    if isinstance(exc, smtplib.SMTPException):
        return MailError(f"{where}: {exc}; the message was not sent")
    if isinstance(exc, ssl.SSLError):
        return MailError(f"{where}: TLS failed ({exc.reason or exc}); the message was not sent")
    if isinstance(exc, TimeoutError):
        return MailError(f"{where} did not answer within {config.timeout:g} s; the message was "
                         "not sent")
    assert isinstance(exc, OSError)
    return MailError(f"cannot reach {where}: {exc.strerror or exc}; the message was not sent")
