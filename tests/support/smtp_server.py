"""A real SMTP server on 127.0.0.1 for the tests (aiosmtpd), with login and failure modes."""

from __future__ import annotations

import asyncio
import socket
import ssl
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

USER, PASSWORD = "ann", "s3cret pass"
HERE = Path(__file__).resolve().parent
CERT = HERE / "localhost-cert.pem"
"""A self-signed certificate for 127.0.0.1 and localhost (valid to 2126), for the TLS tests only;
its key is beside it, made for these tests and used nowhere else."""
KEY = HERE / "localhost-key.pem"
QUIET = "ignore:Requiring AUTH while not requiring TLS"
"""A login without TLS is what these tests want (127.0.0.1 only); aiosmtpd warns of it."""


@dataclass
class Handler:
    """Keeps what the server accepted; ``mode`` makes it misbehave."""

    mode: str = "ok"
    """``ok``; ``drop`` (close the connection once the data came, before answering);
    ``drop-rcpt`` (close it at RCPT, before the data); ``refuse-rcpt``; ``slow`` (keep the
    message, then answer only after :attr:`delay` seconds: past the client's timeout)."""
    delay: float = 3.0
    accepted: list[tuple[str, list[str], bytes]] = field(default_factory=list)
    logins: list[tuple[str, bool]] = field(default_factory=list)

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str,
                          rcpt_options: list[str]) -> str:
        if self.mode == "refuse-rcpt":
            return "550 5.1.1 no such mailbox here"
        if self.mode == "drop-rcpt":
            server.transport.close()
            return "421 closing"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        if self.mode == "drop":
            server.transport.close()  # the connection goes before the message is accepted
            return "421 closing"
        self.accepted.append((envelope.mail_from, list(envelope.rcpt_tos), envelope.content))
        if self.mode == "slow":  # delivered, but the client gives up before the answer
            await asyncio.sleep(self.delay)
        return "250 Message accepted for delivery"

    def authenticate(self, server: Any, session: Any, envelope: Any, mechanism: str,
                     auth_data: Any) -> AuthResult:
        ok = (isinstance(auth_data, LoginPassword) and auth_data.login.decode() == USER
              and auth_data.password.decode() == PASSWORD)
        self.logins.append((auth_data.login.decode() if isinstance(auth_data, LoginPassword)
                            else "?", ok))
        return AuthResult(success=ok, handled=False)


def free_port() -> int:
    """A port nothing listens on at 127.0.0.1 (a moment ago)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _server_context() -> ssl.SSLContext:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(CERT, KEY)
    return context


@contextmanager
def smtp_server(mode: str = "ok", tls: str | None = None) -> Iterator[tuple[int, Handler]]:
    """An SMTP server on 127.0.0.1 that asks for a login; yields its port and its handler.

    ``tls``: None (AUTH without TLS: on this machine only), ``"starttls"`` (STARTTLS required
    before the login) or ``"ssl"`` (TLS from the first byte), with :data:`CERT`.
    """
    handler = Handler(mode)
    # aiosmtpd knows of STARTTLS, not of TLS from the first byte: AUTH is offered without asking
    options: dict[str, Any] = {"auth_require_tls": tls == "starttls"}
    if tls == "starttls":
        options.update(tls_context=_server_context(), require_starttls=True)
    elif tls == "ssl":
        options.update(ssl_context=_server_context())
    controller = Controller(handler, hostname="127.0.0.1", port=free_port(),
                            authenticator=handler.authenticate, auth_required=True, **options)
    controller.start()
    try:
        yield controller.port, handler
    finally:
        controller.stop()
