"""A real IMAP server for the tests: Dovecot from Debian's ``dovecot-imapd``, on 127.0.0.1.

:func:`dovecot_server` starts ``dovecot -F -c CONF`` in the foreground with its own configuration
file, its own base and state folders and a Maildir in a fresh folder under /tmp (short paths: its
sockets live there), one user in a passwd-file, a plain listener (STARTTLS offered) and an
implicit-TLS one, both on free ports of 127.0.0.1, and stops it at the end. It works as root (CI:
the login processes then run as Debian's ``dovenull``, the mail as ``dovecot``; Dovecot refuses
root for both) and as a normal user (everything runs as that user). The TLS certificate is the
tests' own for 127.0.0.1 (tests/support/localhost-cert.pem).
"""

from __future__ import annotations

import contextlib
import dataclasses
import grp
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from imapclient import IMAPClient

from pbmkit.referee.imap import ImapConfig

USER, PASSWORD = "referee", "imap s3cret"
HERE = Path(__file__).resolve().parent
CERT = HERE / "localhost-cert.pem"
KEY = HERE / "localhost-key.pem"
DH = Path("/usr/share/dovecot/dh.pem")

CONF = """\
protocols = imap
listen = 127.0.0.1
base_dir = {root}/run
state_dir = {root}/state
log_path = {root}/dovecot.log
ssl = yes
ssl_cert = <{cert}
ssl_key = <{key}
{dh}
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
default_internal_user = {internal}
default_internal_group = {internal_group}
default_login_user = {login}
first_valid_uid = 1
mail_location = maildir:~/Maildir
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {root}/passwd
}}
userdb {{
  driver = static
  args = uid={mail_uid} gid={mail_gid} home={root}/home/%u
}}
service imap-login {{
  chroot =
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
  inet_listener imaps {{
    address = 127.0.0.1
    port = {tls_port}
    ssl = yes
  }}
}}
service anvil {{
  chroot =
}}
service auth {{
  user = {auth_user}
}}
service auth-worker {{
  user = {auth_user}
}}
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class Dovecot:
    """A running Dovecot and what the tests do with it."""

    root: Path
    conf: Path
    port: int
    """Plain IMAP (STARTTLS offered)."""
    tls_port: int
    """IMAP over implicit TLS."""
    mail_uid: int
    mail_gid: int
    process: subprocess.Popen[bytes] | None = None
    appended: list[int] = field(default_factory=list)

    @property
    def maildir(self) -> Path:
        return self.root / "home" / USER / "Maildir"

    def config(self, **changes: object) -> ImapConfig:
        """An :class:`ImapConfig` for this server (plain, 127.0.0.1), with ``changes``."""
        base = ImapConfig(host="127.0.0.1", port=self.port, user=USER, security="none",
                          timeout=10.0)
        return dataclasses.replace(base, **changes)

    @contextmanager
    def client(self) -> Iterator[IMAPClient]:
        """A logged-in client of the test's own, to look at the mailbox from outside."""
        client = IMAPClient("127.0.0.1", port=self.port, ssl=False, timeout=10)
        client.login(USER, PASSWORD)
        try:
            yield client
        finally:
            client.logout()

    def append(self, raw: bytes, folder: str = "INBOX") -> None:
        """Put a message in ``folder`` with IMAP APPEND."""
        with self.client() as client:
            if not client.folder_exists(folder):
                client.create_folder(folder)
            client.append(folder, raw)

    def deliver(self, raw: bytes) -> None:
        """Put a message in the INBOX by writing it into the Maildir Dovecot serves (as a local
        delivery agent does: tmp/, then a rename into new/)."""
        for sub in ("tmp", "new", "cur"):
            path = self.maildir / sub
            path.mkdir(parents=True, exist_ok=True)
            self._own(path)
        for path in (self.maildir.parent, self.maildir):
            self._own(path)
        name = f"{time.time_ns()}.P{os.getpid()}.pbmkit-test"
        tmp = self.maildir / "tmp" / name
        tmp.write_bytes(raw)
        self._own(tmp)
        tmp.rename(self.maildir / "new" / name)

    def _own(self, path: Path) -> None:
        if os.getuid() == 0:
            os.chown(path, self.mail_uid, self.mail_gid)

    def folder(self, name: str) -> list[bytes]:
        """The messages of folder ``name`` (their whole bytes, in UID order)."""
        with self.client() as client:
            if not client.folder_exists(name):
                return []
            client.select_folder(name, readonly=True)
            uids = sorted(client.search(["UNDELETED"]))
            data = client.fetch(uids, ["BODY.PEEK[]"]) if uids else {}
            return [data[u][b"BODY[]"] for u in uids]

    def stop(self) -> None:
        """Stop the server and every process of it (a signal to its process group), so that its
        connections go with it: the master alone lets its children outlive it a moment, still
        serving their connections."""
        if self.process is None:
            return
        group = self.process.pid  # its own process group (start_new_session)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(group, signal.SIGTERM)
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(group, signal.SIGKILL)
            self.process.wait(10)
        if self.process.stderr is not None:
            self.process.stderr.close()
        self.process = None
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:  # its children are gone too
            try:
                os.killpg(group, 0)
            except ProcessLookupError:
                return
            time.sleep(0.01)

    def start(self) -> None:
        """Start (or start again) the server; waits until it greets."""
        binary = shutil.which("dovecot") or "/usr/sbin/dovecot"
        if not os.path.exists(binary):
            raise RuntimeError("Dovecot is not installed: apt-get install -y dovecot-imapd "
                               "(make test installs it: scripts/system_deps.sh)")
        log = self.root / "dovecot.log"
        self.process = subprocess.Popen([binary, "-F", "-c", str(self.conf)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                        start_new_session=True)
        deadline = time.monotonic() + 30
        while True:
            if self.process.poll() is not None:
                err = self.process.stderr.read().decode() if self.process.stderr else ""
                logged = log.read_text() if log.exists() else ""
                raise RuntimeError(f"dovecot stopped at once: {err}{logged}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=5) as s:
                    if s.recv(100).startswith(b"* OK"):
                        return
            except OSError:
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"dovecot did not answer: {log.read_text()}")
            time.sleep(0.05)


def message(n: int, body: str = "move 1 a1-b2", *, size: int = 0) -> bytes:
    """A small message numbered ``n`` (its Subject and Message-ID say which), padded to ``size``
    bytes of body when asked."""
    text = (f"From: player{n}@example.org\r\nTo: referee@club.example.org\r\n"
            f"Subject: message {n}\r\nMessage-ID: <m{n}@example.org>\r\n"
            f"Date: Thu, 26 Nov 2026 12:00:00 +0000\r\n\r\n{body}\r\n")
    if size:
        line = "x" * 76 + "\r\n"
        text += line * (size // len(line) + 1)
    return text.encode()


@contextmanager
def dovecot_server() -> Iterator[Dovecot]:
    """A Dovecot of its own, stopped and removed at the end."""
    root = Path(tempfile.mkdtemp(prefix="pbmkit-dovecot-"))
    try:
        root.chmod(0o755)  # Dovecot's own users (as root) must reach its folders
        for sub in ("run", "state", "home"):
            (root / sub).mkdir()
        if os.getuid() == 0:  # Dovecot runs neither its login processes nor the mail as root
            try:
                internal = pwd.getpwnam("dovecot")
                pwd.getpwnam("dovenull")
            except KeyError:
                raise RuntimeError("the users dovecot and dovenull are missing: "
                                   "apt-get install -y dovecot-imapd (make test installs it)") from None
            names = {"internal": "dovecot", "internal_group": "dovecot", "login": "dovenull",
                     "auth_user": "root"}
            mail_uid, mail_gid = internal.pw_uid, internal.pw_gid
            os.chown(root / "home", mail_uid, mail_gid)
        else:
            me = pwd.getpwuid(os.getuid())
            names = {"internal": me.pw_name, "internal_group": grp.getgrgid(os.getgid()).gr_name,
                     "login": me.pw_name, "auth_user": me.pw_name}
            mail_uid, mail_gid = os.getuid(), os.getgid()
        (root / "passwd").write_text(f"{USER}:{{PLAIN}}{PASSWORD}::::::\n")
        (root / "passwd").chmod(0o600)
        port, tls_port = free_port(), free_port()
        conf = root / "dovecot.conf"
        conf.write_text(CONF.format(root=root, cert=CERT, key=KEY, port=port, tls_port=tls_port,
                                    dh=f"ssl_dh = <{DH}" if DH.exists() else "",
                                    mail_uid=mail_uid, mail_gid=mail_gid, **names))
        server = Dovecot(root=root, conf=conf, port=port, tls_port=tls_port, mail_uid=mail_uid,
                         mail_gid=mail_gid)
        server.start()
        try:
            yield server
        finally:
            server.stop()
    finally:
        shutil.rmtree(root, ignore_errors=True)
