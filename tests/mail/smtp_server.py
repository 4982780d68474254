"""A real SMTP server on 127.0.0.1 for the tests (aiosmtpd), with login and failure modes."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

USER, PASSWORD = "ann", "s3cret pass"
QUIET = "ignore:Requiring AUTH while not requiring TLS"
"""A login without TLS is what these tests want (127.0.0.1 only); aiosmtpd warns of it."""


@dataclass
class Handler:
    """Keeps what the server accepted; ``mode`` makes it misbehave."""

    mode: str = "ok"
    """``ok``; ``drop`` (close the connection at DATA, before answering); ``refuse-rcpt``."""
    accepted: list[tuple[str, list[str], bytes]] = field(default_factory=list)
    logins: list[tuple[str, bool]] = field(default_factory=list)

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str,
                          rcpt_options: list[str]) -> str:
        if self.mode == "refuse-rcpt":
            return "550 5.1.1 no such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        if self.mode == "drop":
            server.transport.close()  # the connection goes before the message is accepted
            return "421 closing"
        self.accepted.append((envelope.mail_from, list(envelope.rcpt_tos), envelope.content))
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


@contextmanager
def smtp_server(mode: str = "ok") -> Iterator[tuple[int, Handler]]:
    """An SMTP server on 127.0.0.1 that asks for a login (AUTH PLAIN/LOGIN without TLS: on this
    machine only); yields its port and its handler."""
    handler = Handler(mode)
    controller = Controller(handler, hostname="127.0.0.1", port=free_port(),
                            authenticator=handler.authenticate, auth_required=True,
                            auth_require_tls=False)
    controller.start()
    try:
        yield controller.port, handler
    finally:
        controller.stop()
