"""Header floods and other heavy messages through `mail read`'s path: time and peak memory.

Issue 22: a 112 KB message whose From holds 8,000 encoded words peaked at 0.94 GB in
``mail read --dry-run``; a 700 KB From header ran 96 s and 24 GB. Each message here is read in a
fresh process (``read_message`` then ``GameFolder.take`` on examples/mail/games, what ``mail read
--dry-run`` does), and the process's peak RSS (``resource.getrusage``) and the time of the two
calls are printed, with the outcome. Numbers are in docs/mail.md ("Bounds").

    .venv/bin/python bench/mail_floods.py            # every case
    .venv/bin/python bench/mail_floods.py from-700-kb
"""

from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
from collections.abc import Callable

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAMES = os.path.join(ROOT, "examples", "mail", "games")


def _message(headers: bytes, body: bytes = b"Move: 8... DW to BW\n", *,
             sender: bytes = b"Bob Kay <bob@example.net>",
             subject: bytes = b"Re: Batalo #1, 8. JQ to JS") -> bytes:
    return (b"Received: from mx.example.net by mail.example.org; Wed, 18 Nov 2026 07:16:00 +0000\n"
            b"From: " + sender + b"\nTo: ann@example.org\nSubject: " + subject + b"\n"
            b"Date: Wed, 18 Nov 2026 08:15:00 +0100\n" + headers + b"\n" + body)


def _nested(depth: int) -> bytes:
    head = b"".join(b'Content-Type: multipart/mixed; boundary="b%d"\n\n--b%d\n' % (i, i)
                    for i in range(depth))
    tail = b"".join(b"--b%d--\n" % i for i in reversed(range(depth)))
    return head + b"Content-Type: text/plain\n\nMove: 8... DW to BW\n" + tail


EW = b"=?utf-8?q?a?= "
MULTI = b'MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="b"\n'
CASES: dict[str, Callable[[], bytes]] = {
    "from-8000-encoded-words (112 KB)": lambda: _message(b"", sender=EW * 8000 + b"<b@x.y>"),
    "from-700-kb": lambda: _message(b"", sender=b"a" * 700_000 + b" <bob@example.net>"),
    "from-1000-bytes-of-dots (parsed)": lambda: _message(b"", sender=b"a." * 490 + b"<b@x.y>"),
    "from-1000-bytes-of-commas (parsed)": lambda: _message(b"", sender=b"a@b.c," * 166),
    "from-50-encoded-words (parsed)": lambda: _message(b"", sender=EW * 50 + b"<bob@example.net>"),
    "subject-8000-encoded-words": lambda: _message(b"", subject=EW * 8000),
    "subject-16-kib-50-encoded-words": lambda: _message(
        b"", subject=EW * 50 + b"x " * 7800),
    "message-id-700-kb": lambda: _message(b"Message-ID: <" + b"a" * 700_000 + b"@x>\n"),
    "message-id-16-kib": lambda: _message(b"Message-ID: <" + b"a" * 16_000 + b"@x>\n"),
    "references-10000-ids": lambda: _message(
        b"References:" + b"".join(b" <r%d@example.net>\n" % i for i in range(10_000))),
    "references-16-kib": lambda: _message(
        b"References:" + b"".join(b" <r%d@e.n>\n" % i for i in range(1_300))),
    "to-10000-addresses": lambda: _message(
        b"To: " + b",\n ".join(b"p%d@example.org" % i for i in range(10_000)) + b"\n"),
    "received-10000": lambda: _message(b"".join(
        b"Received: from a%d by b; Wed, 18 Nov 2026 07:16:00 +0000\n" % i for i in range(10_000))),
    "100000-tiny-headers": lambda: _message(b"X: y\n" * 100_000),
    "500-headers-of-2-kib": lambda: _message(b"".join(
        b"X-H%d: " % i + b"v" * 2000 + b"\n" for i in range(480))),
    "authentication-results-16-kib": lambda: _message(
        b"Authentication-Results: mail.example.org; " + b"dkim=pass header.d=x; " * 700 + b"\n"),
    "nested-multiparts-5000": lambda: _message(b"MIME-Version: 1.0\n" + _nested(5000)[:900_000]),
    "nested-multiparts-20 (read)": lambda: _message(b"MIME-Version: 1.0\n" + _nested(19)),
    "parts-20000": lambda: _message(MULTI, b"--b\nContent-Type: text/plain\n\nx\n" * 20_000),
    "parts-1000 (read)": lambda: _message(MULTI, b"--b\nContent-Type: text/plain\n\nx\n" * 999
                                          + b"--b--\n"),
    "part-with-20000-headers": lambda: _message(
        MULTI, b"--b\nContent-Type: text/plain\n" + b"X: y\n" * 20_000 + b"\nx\n--b--\n"),
    "part-content-type-16-kib (read)": lambda: _message(
        MULTI, b"--b\nContent-Type: text/plain; " + b"a=b; " * 3200 + b"\n\nx\n--b--\n"),
    "content-type-16000-semicolons": lambda: _message(
        b'Content-Type: text/plain; a="' + b";" * 16_000 + b'"\n'),
    "19-nested-content-types-16000-semicolons": lambda: _message(b"MIME-Version: 1.0\n" + b"".join(
        b'Content-Type: multipart/mixed; boundary="b%d"; a="' % i + b";" * 16_000
        + b'"\n\n--b%d\n' % i for i in range(19)) + b"Content-Type: text/plain\n"),
    "19-nested-content-types-99-parameters (read)": lambda: _message(
        b"MIME-Version: 1.0\n" + _nested(19).replace(
            b'"\n\n--b', b'"; a="' + b";" * 97 + b"x" * 16_000 + b'"\n\n--b')),
    "lines-300000": lambda: _message(b"", b"x\n" * 300_000),
    "lines-30000 (read)": lambda: _message(b"", b"Move: 8... DW to BW\n" + b"x" * 30 + b"\n" * 29_990),
    "base64-body-1-mib (read)": lambda: _message(
        b"Content-Transfer-Encoding: base64\n",
        base64.encodebytes(b"Move: 8... DW to BW\n" + b"x" * 760_000)),
    "html-80000-unclosed-tags": lambda: _message(
        b"Content-Type: text/html\n", b"<a " * 80_000 + b"<p>8... DW to BW</p>"),
    "html-250000-lt": lambda: _message(b"Content-Type: text/html\n", b"<" * 250_000),
    "html-body-1-mib (read)": lambda: _message(
        b"Content-Type: text/html\n", b"<div>" * 200_000 + b"<p>8... DW to BW</p>"),
}


def _child(name: str) -> None:
    import resource
    import time

    from pbmkit.cli.common import read_source
    from pbmkit.cli.status import record_files
    from pbmkit.mail.apply import GameFolder
    from pbmkit.mail.sources import Unreadable, read_message

    data = CASES[name]()
    import datetime

    authserv = "mail.example.org" if name.startswith("authentication") else None
    folder = GameFolder([(p, read_source(p)[0]) for p in record_files((GAMES,))], authserv)

    start = time.perf_counter()
    got = read_message(data, name)
    outcome = got.why if isinstance(got, Unreadable) else folder.take(got, datetime.date.today()).text
    seconds = time.perf_counter() - start
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"size": len(data), "seconds": seconds, "rss_mb": rss,
                      "outcome": outcome[:90]}))


def main(argv: list[str]) -> int:
    if argv[:1] == ["--child"]:
        _child(argv[1])
        return 0
    names = [n for n in CASES if not argv or any(a in n for a in argv)]
    print(f"{'message':36} {'bytes':>9} {'seconds':>8} {'peak RSS':>9}  outcome")
    for name in names:
        done = subprocess.run([sys.executable, __file__, "--child", name], capture_output=True,
                              text=True, check=False, timeout=600)
        if done.returncode != 0:
            print(f"{name:36} FAILED: {done.stderr.strip().splitlines()[-1:]}")
            continue
        row = json.loads(done.stdout)
        print(f"{name:36} {row['size']:>9,} {row['seconds']:>8.3f} {row['rss_mb']:>6.0f} MB  "
              f"{row['outcome']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
