"""`make fuzz`: generated hostile messages through the path of `pbmkit mail read --dry-run` (issue 22).

The messages start from real ones (examples/mail/inbox.mbox, and for every example record of every
game a reply composed by `pbmkit mail compose` that `mail read` applies, and the player's own
message) and are mutated structurally: headers replaced by hostile values (encoded words by the
thousand, lengths up to the 1 MiB message cap, deep comments, groups, many addresses, NULs and
control bytes, bytes that are not UTF-8, bad charsets (every codec Python has, at the size bound of
the decoded text), dates out of range or in the future,
duplicate headers, thousands of headers), MIME structure (deep nesting, many parts, bad boundaries,
base64 and quoted-printable garbage, HTML-only bodies with deep tags), auto-replies (vacation
responders quoting the message, marked or not), bodies (long lines, many
`Move:` lines, right-to-left and combining characters) and bytes (flips, cuts, splices).

Each message goes through ``read_message`` and ``GameFolder.take`` in process, on a folder of
records loaded once, as `mail read --dry-run` does (pbmkit/cli/mail.py). A finding is:

* a traceback (any exception out of the two calls), or a MemoryError swallowed into a line;
* an outcome that is not one line of a known kind;
* an automatic message (Auto-Submitted, X-Autoreply, Precedence, List-Id, a bounce) applied;
* a record changed by a message that was not applied (the folder is put back after each message);
* a message taking more than 1 s of CPU time (``time.thread_time``: while the ITIMER_PROF that
  interrupts a runaway message is armed, Linux stops ``time.process_time`` from advancing within
  a message), or raising the process's peak RSS by more than
  200 MB over its RSS before the message (the peak is reset before every message through
  /proc/self/clear_refs, and read with ``resource.getrusage``).

Message ``i`` of seed ``s`` is generated from ``random.Random(f"{s}/{i}")`` alone, so a run is
deterministic, can be cut into parts (``--start``, ``--count``) and any message rebuilt
(``--write INDEX``). Findings are written as ``.eml`` reproducers to bench/fuzz-findings/
(``--replay FILE.eml`` runs one again). Exit status 1 when something was found.

Usage: python bench/fuzz_mail.py [--count 100000] [--seed 1] [--start 0] [--jobs 2]
"""

from __future__ import annotations

import argparse
import base64
import datetime
import mailbox
import multiprocessing
import os
import random
import resource
import signal
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from pathlib import Path
from types import FrameType

from pbmkit.mail.charsets import python_codecs

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
FINDINGS = ROOT / "bench" / "fuzz-findings"
TODAY = datetime.date(2026, 11, 26)
"""The ``today`` of every run (a fixed day keeps runs alike)."""
NOW = datetime.datetime(2026, 11, 20, 9, 30, tzinfo=datetime.UTC)
CAP = 1024 * 1024
"""pbmkit.mail.sources.MAX_MESSAGE: the generator aims around it."""
TIME_LIMIT = 1.0
"""CPU seconds a message may take."""
MEMORY_LIMIT = 200 * 1024 * 1024
"""Bytes a message may raise the peak RSS by."""
INTERRUPT = 10.0
"""CPU seconds (ITIMER_PROF) after which a message is interrupted (a finding already) so the run
goes on."""
HANG = 300.0
"""Wall seconds without news after which a worker is killed (a message stuck in C code)."""
ADDRESS_SPACE = 3 * 1024 * 1024 * 1024
"""A worker's address space (RLIMIT_AS): a flood ends in MemoryError, not in the OOM killer."""

VERBS = {"applied": "would apply", "skipped": "skipped", "refused": "REFUSED", "ignored": "ignored",
         "unreadable": "UNREADABLE"}

# --- the real messages --------------------------------------------------------------------------


@dataclass(slots=True)
class Corpus:
    """The records of the folder (path, text) and the real messages the mutations start from."""

    files: list[tuple[str, str]]
    seeds: list[bytes]
    replies: list[bytes] = field(default_factory=list)
    """The composed replies alone (each is applied to its record)."""


def _example_record(path: Path, number: int, plies: int) -> tuple[str, bytes, bytes] | None:
    """A record of the example's game (its tags, players' addresses, the first ``plies`` moves,
    the last mailed), the opponent's reply to it as `mail compose` writes it, and the player's
    own message of the last move."""
    from pbmkit.mail.compose import compose_message
    from pbmkit.records import append_move, check_text

    replays = check_text(path.read_text(encoding="utf-8"), str(path))
    rep = replays[0]
    game = rep.game
    if game is None or len(rep.main) < 3:
        return None
    plies = max(1, min(plies, len(rep.main) - 1))
    skip = {"Winner", "Result", "Number", "Event", "Termination"}
    tags = [(k, v) for k, v in rep.record.tags.items() if k not in skip and not k.endswith("Email")]
    tags.append(("Number", str(number)))
    for side, tag in zip(game.sides, game.side_tags, strict=True):
        tags.append((f"{tag}Email", f"{side.capitalize()} Player <{side}{number}@example.org>"))
    text = "".join(f'[{k} "{v}"]\n' for k, v in tags) + "\n"
    for k, ply in enumerate(rep.main[: plies + 1]):
        (now,) = check_text(text, "fuzz.txt")
        if k == plies:
            reply = append_move(text, now, ply.move)
            (answered,) = check_text(reply, "fuzz.txt")
            mail = compose_message(answered, now=NOW).as_bytes()
            own = compose_message(now, now=NOW - datetime.timedelta(days=3)).as_bytes()
            return text, _received(mail), _received(own)
        note = f"[%ccmailsnt {k + 1}m.{number}@example.org]" if k == plies - 1 else ""
        text = append_move(text, now, ply.move, comment=note)
    return None


def _received(data: bytes) -> bytes:
    stamp = b"Received: from mx.example.net by mail.example.org; Fri, 20 Nov 2026 10:00:00 +0000\n"
    return stamp + data.replace(b"\r\n", b"\n")


def build_corpus() -> Corpus:
    """The folder (examples/mail/games and one record for every example record of every game)
    and the real messages."""
    files = [(str(p), p.read_text(encoding="utf-8"))
             for p in sorted((EXAMPLES / "mail" / "games").glob("*.txt"))]
    box = mailbox.mbox(str(EXAMPLES / "mail" / "inbox.mbox"), create=False)
    seeds = [box.get_bytes(key) for key in box.iterkeys()]
    replies = []
    for n, path in enumerate(sorted(EXAMPLES.glob("*.txt")), 101):
        made = _example_record(path, n, 4 + n % 7)
        if made is None:
            continue
        text, reply, own = made
        files.append((f"fuzz-games/{n}-{path.stem}.txt", text))
        seeds += [reply, own]
        replies.append(reply)
    return Corpus(files, seeds, replies)


# --- hostile values -----------------------------------------------------------------------------

Rng = random.Random
FROMS = [b"bob@example.net <eve@evil.example>", b"bob@example.net)<eve@evil.example>",
         b"=?utf-8?q?bob=40example=2Enet?=", b"Bob <bob@example.net> eve@evil.example",
         b"bob@example.net; eve@evil.example", b"Bob Kay <bob@example.net>",
         b"\"Bob Kay\" <bob@example.net>", b"bob@EXAMPLE.NET", b"\xe2\x84\xaaim <kim@example.net>",
         b"<@relay.example:bob@example.net>", b"bob@[127.0.0.1]", b"\"bob\\\"@\"@example.net",
         b"Bob <bob@example.net", b"<>", b"@", b"\"\"@example.net", b"bob@example.net (Bob (Kay))",
         b"Undisclosed recipients:;", b"grp: bob@example.net;", b"bob@xn--exmple-cua.net",
         b"bob@ex\xc3\xa4mple.net", b"=?utf-8?b?Qm9i?= <bob@example.net>"]
DATES = [b"Fri, 31 Dec 9999 23:59:59 -2359", b"Sat, 01 Jan 0001 00:00:00 +2359",
         b"Thu, 01 Jan 2099 00:00:00 +0000", b"Mon, 32 Nov 2026 25:61:61 +0000",
         b"99999999999999999999", b"Tue, 17 Nov 2026 21:40:00 +99999999999999999", b"",
         b"Tue, 17 Nov -2026 21:40:00 +0000", b"17 Nov 26 21:40 EST", b"Tue, 17 Nov 2026",
         b"Tue, 17 Nov 2026 21:40:00 +0000 (" + b"(" * 50 + b")", b"1e308", b"\x00\xff",
         b"Tue, 17 Foo 2026 21:40:00 +0000", b"Wed, 18 Nov 2026 08:15:00 +0100",
         b"Sun, 31 Dec 1899 23:59:59 -1200", b"Tue, 17 Nov 99999 21:40:00 +0000",
         b"Tue, 17 Nov 2026 21:40:00.999999999 +0000", b"Tue, 17 Nov 2026 21:40:00 GMT+25"]
CHARSETS = [b"utf-8", b"x-unknown", b"utf-7", b"utf-16", b"utf-32", b"cp037", b"iso-2022-jp",
            b"us-ascii", b"latin-1", b"\"\"", b"utf-8\x00", b"b\xffd", b"rot13", b"idna", b"punycode",
            b"uu", b"zlib", b"hex", b"base64", b"unicode-escape", b"mbcs", b"gb18030", b"x" * 300]
CODECS = [name.encode() for name in python_codecs()]
"""Every codec Python has, each as a part's charset (issue 35: punycode decodes in quadratic time)."""
COSTLY = [b"-" + b"9" * 262143, b"a" * 131072 + b"-" + b"a" * 131071, b"\\x41" * 65536,
          b"\x1b$B!!" * 52428, b"+" + b"A" * 262142, b"\xff" * 262144]
"""Bodies at the size bound of the decoded text (4 x MAX_TEXT) that cost some codec the most."""
ESCAPING = [b"punycode", b"idna", b"unicode_escape", b"raw_unicode_escape", b"utf-7", b"PUNYCODE"]
"""The codecs that read escapes or deltas: drawn half the time."""
CTES = [b"base64", b"quoted-printable", b"x-uuencode", b"uuencode", b"8bit", b"7bit", b"binary",
        b"BASE64 (a comment)", b"gzip", b"", b"base64\x00", b"quoted-printable; x=y"]
TEXTS = ["Move: 8... DW to BW", "8... DW to BW", "Move: 5... R f7-g6", "Move: 99999999999. JQ to JS",
         "Move: 8" + "." * 500 + " DW to BW", "Move:", "move : DW to BW averto!!!",
         "Move: \u202e8... DW to BW\u202c", "Move: 8... D\u0301W to BW", "Move: 8... \uff24W to BW",
         "Move: \u200f8...\u200e DW\u00a0to\u00a0BW", "Move: 8… DW to BW", "Move: 1:8... DW to BW",
         "Received: 2026.11.18", "Received: 9999.99.99", "On Tue, Ann wrote:", "-- ", "> Move: x",
         "-----Original Message-----", "\u0627\u0644\u0646\u0642\u0644\u0629: DW to BW",
         "Move: " + "\u0301" * 300, "Move: 8... DW to BW" + " averto" * 100]
NAMES = [b"From", b"To", b"Cc", b"Subject", b"Date", b"Message-ID", b"In-Reply-To", b"References",
         b"Received", b"Authentication-Results", b"Content-Type", b"Content-Transfer-Encoding",
         b"MIME-Version", b"Reply-To", b"Sender", b"Content-Disposition", b"Resent-From"]
RTL = "\u202e\u202d\u202a\u202b\u202c\u200f\u200e\u2066\u2067\u2068\u2069\u061c"
COMBINING = "\u0300\u0301\u0302\u0308\u0327\u0336\u20dd\u0489\u034f"


def size(r: Rng, big: bool) -> int:
    """A length: mostly small, now and then up to the message cap."""
    if big:  # up to the cap, or just under a bound of the mail reader (docs/mail.md, "Bounds")
        return r.choice([int(2 ** r.uniform(13, 20)), int(2 ** r.uniform(13, 20)),
                         CAP - r.randrange(2000), CAP + r.randrange(64),
                         r.choice([990, 4000, 16000, 16380]) - r.randrange(16)])
    return int(2 ** r.uniform(0, r.choice([6, 10, 13])))


def encoded_words(r: Rng, n: int) -> bytes:
    words = [b"=?utf-8?q?bob=40example=2Enet?=", b"=?utf-8?b?" + base64.b64encode(b"Bob Kay") + b"?=",
             b"=?iso-8859-1?q?=E9?=", b"=?x-bogus?q?a?=", b"=?utf-8?q?=ZZ?=", b"=?utf-8?Q??=",
             b"=??q?a?=", b"=?utf-8*en?q?a?=", b"=?utf-8?b?####?=", b"=?utf-7?q?+AGEAYg-?=",
             b"=?utf-8?q?" + b"=C3=A4" * 20 + b"?=", b"=?utf-8?x?a?=", b"=?utf-8?b?QQ?="]
    seps = [b" ", b"", b"\n ", b"\t", b", ", b" <a@b> "]
    sep = r.choice(seps)
    pick = r.sample(words, r.randrange(1, 4))
    count = r.choice([max(1, n // 12), 49, 50, 51])  # 50: the reader's bound
    return sep.join(pick[k % len(pick)] for k in range(count))


VALUES = ["encoded-words", "repeated", "comments", "groups", "addresses", "controls", "non-utf8",
          "dates", "froms", "ids", "received", "auth-results", "content-type", "subjects"]
"""The kinds of hostile header values (names for ``--exclude``)."""
MIMES = ["mime-nesting", "mime-parts", "mime-boundary", "mime-base64", "mime-qp", "mime-html",
         "mime-charset", "mime-costly-charset", "mime-type"]
"""The kinds of hostile MIME structures (names for ``--exclude``)."""
_excluded: frozenset[str] = frozenset()
"""What :func:`generate` leaves out (mutation functions and kinds of values or structures)."""


def _kind(r: Rng, kinds: list[str]) -> int:
    """A kind, drawn evenly; an excluded one is replaced by the last kind."""
    k = r.randrange(len(kinds))
    return len(kinds) - 1 if kinds[k] in _excluded else k


def value(r: Rng, name: bytes, big: bool) -> bytes:
    """A hostile value for the header ``name``."""
    n = size(r, big)
    kind = _kind(r, VALUES)
    if kind == 0:
        return encoded_words(r, n)
    if kind == 1:
        return r.choice([b"a", b"x@y, ", b"A ", b"\"", b"<", b"(", b"\\", b"=?", b"@", b".,;:",
                         b"<a@b>", b"\xff", b"bob@example.net ", b"\x00"]) * max(1, n // 4)
    if kind == 2:
        d = max(1, n // 2)
        head, tail = r.choice([(b"(", b")"), (b"((", b")"), (b"(", b""), (b"<", b">"),
                               (b"\"", b"\""), (b"[", b"]")])
        return b"Bob " + head * d + b"x" + tail * d + b" <bob@example.net>"
    if kind == 3:
        groups = [b"undisclosed-recipients:;", b"grp: bob@example.net, eve@evil.example;",
                  b"a: b: c@d;;", b"g:(c)bob@example.net;", b": ;", b"g:"]
        return b", ".join(r.choice(groups) for _ in range(max(1, n // 20)))
    if kind == 4:
        return b", ".join(b"u%d@d%d.example" % (k, k) for k in range(max(1, n // 16)))
    if kind == 5:
        base = bytearray(r.choice(FROMS))
        for _ in range(r.randrange(1, 8)):
            base.insert(r.randrange(len(base) + 1), r.choice(b"\x00\x01\x07\x08\x0b\x0c\x1b\x7f\r\x85"))
        return bytes(base)
    if kind == 6:
        return r.choice([b"B\xf6b <b\xf6b@example.net>", b"\xff\xfe\x00B", b"\xc3\x28 <bob@example.net>",
                         b"Re: Batalo #1, \xe9\xe8 8. JQ to JS", b"\xed\xa0\x80", b"\xf4\x90\x80\x80"])
    if kind == 7:
        return r.choice(DATES)
    if kind == 8:
        return r.choice(FROMS)
    if kind == 9:
        ids = [b"<" + b"a" * n + b"@x>", b" ".join(b"<id%d@x>" % k for k in range(max(1, n // 10))),
               b"no-brackets@x", b"<<<>>>", b"<a@b><c@d", b"<8w.ann@example.org>",
               b"<7w.ann@example.org> <5o.ann@example.org>", b"<>" * max(1, n // 2)]
        return r.choice(ids)
    if kind == 10:
        return b"from x by y; " + r.choice(DATES) + r.choice([b"", b";" * n, b" (" * n])
    if kind == 11:
        return r.choice([b"mail.example.org; dmarc=pass header.from=example.net",
                         b"mail.example.org; dkim=pass header.d=evil.example; spf=pass",
                         b"; ; ; =", b"mail.example.org 1; none",
                         b"mail.example.org; " + b"dkim=pass (" * max(1, n // 12),
                         b"mail.example.org; " + b"dmarc=pass; " * max(1, n // 12)])
    if kind == 12:
        return b"text/plain; charset=" + r.choice(CHARSETS) + r.choice(
            [b"", b"; format=flowed; delsp=yes", b"; name*0*=utf-8''%ff; name*1*=%00",
             b"; a=b" * max(1, n // 6), b"; a=b" * r.choice([99, 100, 101]),
             b"".join(b"; n*%d*=%%41" % k for k in range(max(1, n // 12))),
             b"; charset*=utf-8''%ff%fe", b";;;;", b"; boundary"])
    subjects = [b"Re: " * max(1, n // 4) + b"Batalo #1, 8. JQ to JS", b"Re: Batalo #" + b"1" * n,
                b"Re: Billo #2, 5. R c1-c2", b"Fwd[999]: Batalo #1", b"Batalo #" + b"#" * n,
                b"Re: B\xc3\xa4lo #1", b"=?utf-8?q?Re=3A_Batalo_=231=2C_8=2E_JQ_to_JS?=",
                b"Re: Batalo #1, 8. JQ to JS\x00Bcc: x@y"]
    return r.choice(subjects)


# --- messages -----------------------------------------------------------------------------------


class Message:
    """A message as a list of headers (name, raw value with its folds) and a body."""

    def __init__(self, data: bytes) -> None:
        data = data.replace(b"\r\n", b"\n")
        head, sep, self.body = data.partition(b"\n\n")
        if not sep:
            head, self.body = data, b""
        self.headers: list[tuple[bytes, bytes]] = []
        for line in head.split(b"\n"):
            if line[:1] in (b" ", b"\t") and self.headers:
                name, old = self.headers[-1]
                self.headers[-1] = (name, old + b"\n" + line)
            elif line.startswith(b"From ") and not self.headers:
                continue  # the mbox separator line
            else:
                name, _, rest = line.partition(b":")
                self.headers.append((name, rest.lstrip(b" ")))
        self.crlf = False

    def get(self, name: bytes) -> bytes | None:
        for k, v in self.headers:
            if k.lower() == name.lower():
                return v
        return None

    def set(self, name: bytes, val: bytes) -> None:
        for n, (k, _) in enumerate(self.headers):
            if k.lower() == name.lower():
                self.headers[n] = (k, val)
                return
        self.headers.append((name, val))

    def data(self) -> bytes:
        out = b"".join(k + b": " + v + b"\n" for k, v in self.headers) + b"\n" + self.body
        return out.replace(b"\n", b"\r\n") if self.crlf else out


def _text(r: Rng, big: bool) -> str:
    """A body text: the move among noise, right-to-left and combining characters, long lines."""
    lines = [r.choice(TEXTS) for _ in range(r.randrange(1, 6))]
    if r.random() < 0.3:
        n = size(r, big)
        filler = r.choice(["a", "Move: 8... DW to BW\n", RTL, COMBINING, "x" * 79 + "\n", "> q\n",
                           "\u00a0", "DW to BW ", "\r", "\n"])
        lines.insert(r.randrange(len(lines) + 1), filler * max(1, n // max(1, len(filler))))
    if r.random() < 0.2:
        k = r.randrange(len(lines))
        lines[k] = "".join(ch + r.choice(COMBINING + RTL) * r.randrange(3) for ch in lines[k])
    return "\n".join(lines) + "\n"


def _html(r: Rng, big: bool) -> str:
    n = max(1, size(r, big) // 10)
    move = r.choice(TEXTS)
    return r.choice([
        "<div>" * n + move + "</div>" * n,
        "<blockquote>" * n + move,
        "<p>" + move + "<!--" + "x" * n,
        "<html><body><p>" + move + "</p>" + "<br>" * n + "</body></html>",
        "<a " + "x=y " * n + ">" + move,
        "&#xFFFFFFFF;&#0;&#x110000;&" + "amp;" * n + move,
        "<script>" + move + "</script>" + "<style>" * n + move,
        "<table>" + "<tr><td>" * n + move,
        "<" * n + move,
        "<a " * n + move,
        "<a x='" * n + move,
        "</" * n + move,
        "<!" * n + move,
        "<p>" + move + "<td>" * n,
    ])


def _mime(r: Rng, big: bool, text: str) -> tuple[bytes, bytes, bytes]:
    """(Content-Type, Content-Transfer-Encoding, body) of a hostile MIME structure."""
    kind = _kind(r, MIMES)
    plain = text.encode("utf-8", "surrogatepass")
    if kind == 0:  # deep nesting
        depth = r.choice([3, 50, 500, 2000, 10000]) if big else r.choice([2, 10, 50, 200])
        body = plain
        ctype = b"text/plain; charset=utf-8"
        for k in range(depth):
            b = b"b%d" % k
            body = (b"--" + b + b"\nContent-Type: " + ctype + b"\n\n" + body + b"\n--" + b + b"--\n")
            ctype = b"multipart/" + r.choice([b"mixed", b"alternative", b"related"]) + b"; boundary=" + b
            if r.random() < 0.05:
                ctype, body = b"message/rfc822", b"Content-Type: " + ctype + b"\n\n" + body
        return ctype, b"7bit", body
    if kind == 1:  # many parts
        n = r.choice([100, 2000, 20000]) if big else r.choice([2, 10, 100])
        part = b"--b\nContent-Type: " + r.choice([b"text/plain", b"text/html", b"application/pdf",
                                                  b"image/svg+xml"]) + b"\n\nx\n"
        body = part * n + b"--b\nContent-Type: text/plain\n\n" + plain + b"\n--b--\n"
        return b"multipart/mixed; boundary=b", b"7bit", body
    if kind == 2:  # bad boundaries
        b = r.choice([b"", b"\"\"", b" ", b"a b", b"x" * 200, b"--", b"b\x00", b"=?utf-8?q?b?=", b"\xff"])
        body = r.choice([b"--b\n\n" + plain, plain, b"--" + b + b"\n\n" + plain + b"\n--" + b,
                         (b"--" + b + b"\n") * 50 + plain])
        return b"multipart/mixed; boundary=" + b, b"7bit", body
    if kind == 3:  # base64 garbage
        junk = bytes(r.randrange(256) for _ in range(r.randrange(1, 200)))
        good = base64.b64encode(plain)
        body = r.choice([junk, good[: r.randrange(len(good) + 1)], b"====" * 50, good + b"!!!" + junk,
                         good.replace(b"A", b"\x00")])
        return b"text/plain; charset=" + r.choice(CHARSETS), b"base64", body
    if kind == 4:  # quoted-printable garbage
        body = r.choice([b"=ZZ=\n=", b"=" * 100, b"=\n" * 1000, plain.replace(b" ", b"=20=") + b"=",
                         b"=C3" * 300, b"=00" * 100 + plain])
        return b"text/plain; charset=" + r.choice(CHARSETS), b"quoted-printable", body
    if kind == 5:  # HTML only
        return (b"text/html; charset=utf-8", r.choice([b"8bit", b"quoted-printable"]),
                _html(r, big).encode("utf-8", "surrogatepass"))
    if kind == 6:  # a charset that does not hold the bytes
        raw = r.choice([plain, plain.decode("utf-8", "replace").encode("utf-16"),
                        bytes(range(256)), b"\x1b$B" + plain])
        return b"text/plain; charset=" + r.choice(CHARSETS), r.choice(CTES), raw
    if kind == 7:  # any codec Python has as the charset of a text at the size bound
        body = r.choice(COSTLY)[: r.choice([4096, 65536, 262144, 262144])]  # under every bound
        if r.random() < 0.5:
            body = plain + b"\n" + body
        codec = r.choice(CODECS if r.random() < 0.5 else ESCAPING)
        return (b"text/plain; charset=\"" + codec + b"\"", b"base64",
                base64.encodebytes(body))
    return r.choice([b"multipart/alternative", b"text/plain; charset=utf-8", b"message/rfc822",
                     b"text/enriched", b"/", b"text/", b"x/y; charset=utf-8"]), r.choice(CTES), plain


Mutation = Callable[[Rng, Message, "list[bytes]", bool], str]


def m_header(r: Rng, m: Message, seeds: list[bytes], big: bool) -> str:
    name = r.choice(NAMES)
    m.set(name, value(r, name, big))
    return f"header {name.decode()}"


def m_duplicate(r: Rng, m: Message, seeds: list[bytes], big: bool) -> str:
    name = r.choice(NAMES[:10])
    val = value(r, name, big) if r.random() < 0.5 else (m.get(name) or b"x")
    m.headers.insert(r.randrange(len(m.headers) + 1), (name, val))
    return f"duplicate {name.decode()}"


def m_many(r: Rng, m: Message, seeds: list[bytes], big: bool) -> str:
    n = r.choice([100, 1000, 5000, 20000, 60000]) if big else r.choice([10, 50, 200])
    kind = r.randrange(4)
    if kind == 0:
        new = [(b"X-H%d" % k, b"v") for k in range(n)]
    elif kind == 1:
        new = [(b"Received", b"from x%d by y; Tue, 17 Nov 2026 21:40:00 +0000" % k) for k in range(n)]
    elif kind == 2:
        name = r.choice(NAMES[:10])
        same = m.get(name) or b"x"
        new = [(name, same)] * n
    else:
        new = [(b"X-" + b"A" * r.randrange(1, 100), b"") for _ in range(n)]
    at = r.randrange(len(m.headers) + 1)
    m.headers[at:at] = new
    return f"many headers ({n}, kind {kind})"


def m_drop(r: Rng, m: Message, seeds: list[bytes], big: bool) -> str:
    if m.headers:
        k = r.randrange(len(m.headers))
        name = m.headers.pop(k)[0]
        return f"drop {name.decode('latin-1')}"
    return "drop nothing"


def m_fold(r: Rng, m: Message, seeds: list[bytes], big: bool) -> str:
    if not m.headers:
        return "fold nothing"
    k = r.randrange(len(m.headers))
    name, val = m.headers[k]
    if val:
        at = r.randrange(len(val) + 1)
        val = val[:at] + r.choice([b"\n ", b"\n\t", b"\n", b"\r", b"\n \n ", b"\x00"]) + val[at:]
    m.headers[k] = (r.choice([name, name + b" ", name.upper(), b" " + name, name + b"\xff", b""]), val)
    return f"fold {name.decode('latin-1')}"


def m_mime(r: Rng, m: Message, seeds: list[bytes], big: bool) -> str:
    ctype, cte, body = _mime(r, big, _text(r, False))
    m.set(b"Content-Type", ctype)
    m.set(b"Content-Transfer-Encoding", cte)
    m.set(b"MIME-Version", b"1.0")
    m.body = body
    return f"mime {ctype[:40].decode('latin-1')!r} {cte[:20].decode('latin-1')!r}"


def m_body(r: Rng, m: Message, seeds: list[bytes], big: bool) -> str:
    text = _text(r, big)
    if r.random() < 0.5:
        m.set(b"Content-Type", b"text/plain; charset=utf-8")
        m.set(b"Content-Transfer-Encoding", r.choice([b"8bit", b"7bit"]))
        m.body = text.encode("utf-8", "surrogatepass")
    else:
        m.body = text.encode("utf-8", "surrogatepass") + m.body
    return "body"


def m_bytes(r: Rng, m: Message, seeds: list[bytes], big: bool) -> str:
    data = bytearray(m.data())
    for _ in range(r.randrange(1, 20)):
        op = r.randrange(5)
        at = r.randrange(len(data) + 1)
        if op == 0 and data:
            data[min(at, len(data) - 1)] ^= 1 << r.randrange(8)
        elif op == 1:
            data[at:at] = bytes(r.randrange(256) for _ in range(r.randrange(1, 8)))
        elif op == 2:
            del data[at: at + r.randrange(1, 64)]
        elif op == 3:
            other = r.choice(seeds)
            s = r.randrange(len(other))
            data[at:at] = other[s: s + r.randrange(1, 400)]
        else:
            chunk = bytes(data[at: at + r.randrange(1, 64)])
            data[at:at] = chunk * r.randrange(1, 50 if not big else 5000)
    m.__init__(bytes(data))  # type: ignore[misc]
    return "bytes"


def m_crlf(r: Rng, m: Message, seeds: list[bytes], big: bool) -> str:
    m.crlf = True
    return "crlf"


AUTO_MARKS = [(b"Auto-Submitted", b"auto-replied"), (b"Auto-Submitted", b"auto-generated"),
              (b"Auto-Submitted", b"AUTO-REPLIED (vacation)"), (b"X-Autoreply", b"yes"),
              (b"X-Autorespond", b"1"), (b"Precedence", b"bulk"), (b"Precedence", b"junk"),
              (b"List-Id", b"<players.example.org>"), (b"Return-Path", b"<>")]
"""The headers of an automatic message: such a message is never applied (mail read ignores it)."""


def m_autoreply(r: Rng, m: Message, seeds: list[bytes], big: bool) -> str:
    """A vacation responder's answer (issue 35): its words, the message it answers below it
    (quoted, or whole as Outlook writes it, its move line and all), an 'Auto:' subject, and one
    of the marks of an automatic message, or none (a responder that sets none: then the quoted
    move decides, as for any reply)."""
    away = (b"I am away until 14 December and will answer your mail then.\n\n"
            b"Move: 99. AA to BB\n" if r.random() < 0.2 else
            b"I am out of the office.\n")
    original = m.body[:20000]
    if r.random() < 0.5:
        original = b"\n".join(b"> " + line for line in original.split(b"\n"))
    else:
        original = b"-----Original Message-----\n" + original
    m.body = away + b"\n" + original
    subject = m.get(b"Subject") or b""
    m.set(b"Subject", r.choice([b"Auto: ", b"Out of Office: ", b"Automatic reply: "]) + subject)
    if r.random() < 0.8:
        name, value = r.choice(AUTO_MARKS)
        m.set(name, value)
        return f"auto-reply {name.decode()}: {value.decode()}"
    return "auto-reply without marks"


MUTATIONS: list[tuple[float, Mutation]] = [
    (30, m_header), (8, m_duplicate), (4, m_many), (5, m_drop), (5, m_fold), (12, m_mime),
    (10, m_body), (10, m_bytes), (2, m_crlf), (4, m_autoreply)]


def generate(seed: int, index: int, seeds: list[bytes], exclude: frozenset[str] = frozenset(),
             allow_big: bool = True) -> tuple[bytes, list[str]]:
    """Message ``index`` of ``seed``: its bytes and the mutations made (``exclude``: names of
    mutation functions left out; ``allow_big``: False keeps every length small, as in CI)."""
    global _excluded
    _excluded = exclude
    r = random.Random(f"{seed}/{index}")
    start = r.randrange(len(seeds))
    m = Message(seeds[start])
    big = r.random() < 0.04 and allow_big
    weights, funcs = zip(*[(w, f) for w, f in MUTATIONS if f.__name__ not in exclude], strict=True)
    done = [f"seed {start}" + (", big" if big else "")]
    for f in r.choices(funcs, weights, k=r.choice([1, 1, 2, 2, 3, 5])):
        done.append(f(r, m, seeds, big))
    return m.data(), done


# --- the harness --------------------------------------------------------------------------------


class Interrupted(BaseException):
    """A message ran past :data:`INTERRUPT` CPU seconds (a BaseException: nothing swallows it)."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise Interrupted


_PAGE = os.sysconf("SC_PAGE_SIZE")


def _rss() -> int:
    with open("/proc/self/statm", "rb") as fh:
        return int(fh.read().split()[1]) * _PAGE


def _reset_peak() -> bool:
    try:
        with open("/proc/self/clear_refs", "w") as fh:
            fh.write("5")
        return True
    except OSError:
        return False


@dataclass(slots=True)
class Result:
    """What one message did."""

    index: int
    status: str
    cpu: float
    wall: float
    memory: int
    """Bytes the peak RSS rose over the RSS before the message (-1: not measured)."""
    problem: str | None = None
    line: str = ""


class Harness:
    """A folder of records loaded once, and the path of `mail read --dry-run` for one message."""

    def __init__(self, files: list[tuple[str, str]]) -> None:
        from pbmkit.mail.apply import GameFolder

        self.folder = GameFolder(files)
        self.kept = [(rec, rec.text, rec.replay) for rec in self.folder.records]
        self.peaks = _reset_peak()

    def line(self, data: bytes, where: str) -> tuple[str, str | None, str]:
        """(status, problem or None, the line `mail read --dry-run` prints)."""
        from pbmkit.mail.sources import Unreadable, automatic, read_message
        from pbmkit.records.problems import printable

        item = read_message(data, where)
        applied = None
        if isinstance(item, Unreadable):
            status, text = "unreadable", item.why
        else:
            outcome = self.folder.take(item, TODAY)
            status, text = outcome.status, outcome.text
            if status == "applied":
                applied = outcome.record
        line = f"{printable(where, 200)}: {VERBS.get(status, status)}: {printable(text, 400)}"
        problem = None
        if status not in VERBS:
            problem = f"an outcome of no known kind: {status!r}"
        elif "\n" in line or "\r" in line or len(line) > 1000:
            problem = "an outcome that is not one line"
        elif "MemoryError" in text:
            problem = f"a MemoryError swallowed into a line: {text[:200]}"
        elif status == "applied" and not isinstance(item, Unreadable) and automatic(item.message):
            problem = f"an automatic message applied ({automatic(item.message)})"
        for rec, text0, rep0 in self.kept:
            if rec.text != text0 or rec.original != text0:
                if rec is not applied:
                    problem = problem or f"{rec.path} changed, and the message was {status}"
                elif not rec.replay.valid:
                    problem = problem or f"{rec.path}: the applied record does not replay"
                rec.text, rec.original, rec.replay = text0, text0, rep0
        return status, problem, line

    def run(self, index: int, data: bytes, where: str) -> Result:
        """One message, timed and measured; a traceback becomes the result's problem."""
        if self.peaks:
            _reset_peak()
        before = _rss()
        c0, t0 = time.thread_time(), time.perf_counter()
        signal.setitimer(signal.ITIMER_PROF, INTERRUPT)
        try:
            status, problem, line = self.line(data, where)
        except Interrupted:
            status, line = "interrupted", ""
            problem = f"still running after {INTERRUPT:.0f} s of CPU; stopped"
        except MemoryError:
            status, problem, line = "traceback", "MemoryError (traceback)", ""
        except Exception as exc:
            tb = traceback.extract_tb(exc.__traceback__)
            where_from = "; ".join(f"{Path(f.filename).name}:{f.lineno} {f.name}" for f in tb[-4:])
            status, problem, line = ("traceback", f"traceback: {type(exc).__name__}: {str(exc)[:200]} "
                                     f"(at {where_from})", "")
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
        cpu, wall = time.thread_time() - c0, time.perf_counter() - t0
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        memory = max(0, peak - before) if self.peaks else -1
        if problem is None and cpu > TIME_LIMIT:
            problem = f"took {cpu:.2f} s of CPU ({wall:.2f} s wall)"
        if problem is None and memory > MEMORY_LIMIT:
            problem = f"raised the peak RSS by {memory / 2**20:.0f} MB"
        return Result(index, status, cpu, wall, memory, problem, line)


# --- the run ------------------------------------------------------------------------------------

_CORPUS: Corpus | None = None


def corpus() -> Corpus:
    global _CORPUS
    if _CORPUS is None:
        _CORPUS = build_corpus()
    return _CORPUS


_HARNESS: Harness | None = None


def harness_of(c: Corpus) -> Harness:
    """The harness of the corpus' folder, made once (before the workers fork, so that every
    worker runs the code the run started with)."""
    global _HARNESS
    if _HARNESS is None:
        _HARNESS = Harness(c.files)
    return _HARNESS


def _worker(seed: int, indices: list[int], conn: Connection, exclude: frozenset[str]) -> None:
    """Run ``indices``, sending each result at once (a synchronous pipe: when the worker hangs,
    the message it hangs on is the first one not reported)."""
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))
    signal.signal(signal.SIGPROF, _alarm)
    c = corpus()
    harness = harness_of(c)
    for i in indices:
        data, _ = generate(seed, i, c.seeds, exclude)
        result = harness.run(i, data, f"fuzz {seed}/{i}")
        conn.send(result)
        if result.problem is not None and result.memory > MEMORY_LIMIT:
            break  # a fresh process for the rest: this one's peak is spoiled
    conn.send(None)
    conn.close()


@dataclass(slots=True)
class Summary:
    count: int = 0
    statuses: Counter[str] = field(default_factory=Counter)
    findings: list[Result] = field(default_factory=list)
    worst_cpu: Result | None = None
    worst_wall: Result | None = None
    worst_memory: Result | None = None
    cpu: float = 0.0

    def add(self, res: Result) -> None:
        self.count += 1
        self.cpu += res.cpu
        self.statuses[res.status] += 1
        if res.problem is not None:
            self.findings.append(res)
        if self.worst_cpu is None or res.cpu > self.worst_cpu.cpu:
            self.worst_cpu = res
        if self.worst_wall is None or res.wall > self.worst_wall.wall:
            self.worst_wall = res
        if self.worst_memory is None or res.memory > self.worst_memory.memory:
            self.worst_memory = res

    def worst(self) -> list[str]:
        """The slowest and largest messages, a line each."""
        out = []
        if self.worst_cpu is not None:
            out.append(f"worst CPU: message {self.worst_cpu.index}, {self.worst_cpu.cpu:.3f} s")
        if self.worst_wall is not None:
            out.append(f"worst wall: message {self.worst_wall.index}, {self.worst_wall.wall:.3f} s")
        if self.worst_memory is not None:
            out.append(f"worst memory: message {self.worst_memory.index}, "
                       f"{self.worst_memory.memory / 2**20:.1f} MB")
        return out


def fuzz(seed: int, start: int, count: int, jobs: int, exclude: frozenset[str] = frozenset(),
         chunk: int = 1000, progress: Callable[[Summary, float], None] | None = None) -> Summary:
    """Messages ``start`` .. ``start + count - 1`` of ``seed``, in ``jobs`` worker processes (a
    worker that dies or hangs is replaced; the message it was on is a finding)."""
    harness_of(corpus())  # built once, before the workers fork
    ctx = multiprocessing.get_context("fork")
    todo: list[list[int]] = [list(range(a, min(a + chunk, start + count)))
                             for a in range(start, start + count, chunk)]
    running: dict[Connection, tuple[multiprocessing.process.BaseProcess, list[int], list[float]]] = {}
    summary = Summary()
    t0 = time.perf_counter()
    while todo or running:
        while todo and len(running) < jobs:
            part = todo.pop(0)
            reader, writer = ctx.Pipe(duplex=False)
            worker = ctx.Process(target=_worker, args=(seed, part, writer, exclude), daemon=True)
            worker.start()
            writer.close()
            running[reader] = (worker, part, [time.perf_counter()])
        for conn in wait(list(running), timeout=2):
            assert isinstance(conn, Connection)
            proc, part, news = running[conn]
            try:
                res = conn.recv()
            except EOFError:  # the worker died
                res = None
                proc.join()
                if part:
                    summary.add(Result(part.pop(0), "killed", -1.0, -1.0, -1, f"the worker died "
                                       f"(exit {proc.exitcode}) on this message"))
            if res is None:
                proc.join()
                del running[conn]
                if part:
                    todo.insert(0, part)
                continue
            news[0] = time.perf_counter()
            summary.add(res)
            if part and part[0] == res.index:
                part.pop(0)
            if progress is not None and summary.count % 5000 == 0:
                progress(summary, time.perf_counter() - t0)
        for conn, (proc, part, news) in list(running.items()):
            if time.perf_counter() - news[0] > HANG:
                proc.kill()
                proc.join()
                del running[conn]
                if part:
                    summary.add(Result(part.pop(0), "killed", -1.0, -1.0, -1, f"the worker hung "
                                       f"(no answer in {HANG:.0f} s) on this message; killed"))
                    todo.insert(0, part)
    return summary


def save(seed: int, res: Result, seeds: list[bytes], exclude: frozenset[str]) -> Path:
    data, done = generate(seed, res.index, seeds, exclude)
    FINDINGS.mkdir(parents=True, exist_ok=True)
    path = FINDINGS / f"seed{seed}-{res.index}.eml"
    path.write_bytes(data)
    (FINDINGS / f"seed{seed}-{res.index}.txt").write_text(
        f"{res.problem}\nmutations: {'; '.join(done)}\nsize: {len(data)} bytes\n", encoding="utf-8")
    return path


def _commit() -> str:
    """The commit the run is at (for the docs), or "?" outside a git checkout."""
    import subprocess

    try:
        done = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True, timeout=10)
    except OSError:
        return "?"
    return done.stdout.strip() or "?"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=100_000, help="Messages to generate (100,000).")
    ap.add_argument("--seed", type=int, default=1, help="The seed of the run (1).")
    ap.add_argument("--start", type=int, default=0, help="The index of the first message (0).")
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                    help="Worker processes (the CPUs, at most 2).")
    ap.add_argument("--exclude", default="", help="Mutations (m_many, ...) and kinds of values or "
                    "structures (comments, mime-nesting, ...) left out, comma-separated.")
    ap.add_argument("--write", type=int, metavar="INDEX", help="Write message INDEX to standard output.")
    ap.add_argument("--replay", metavar="FILE", help="Run one message file through the harness.")
    a = ap.parse_args()
    exclude = frozenset(x for x in a.exclude.split(",") if x)
    if a.write is not None:
        data, done = generate(a.seed, a.write, corpus().seeds, exclude)
        print("; ".join(done), file=sys.stderr)
        sys.stdout.buffer.write(data)
        return 0
    if a.replay is not None:
        signal.signal(signal.SIGPROF, _alarm)
        res = Harness(corpus().files).run(0, Path(a.replay).read_bytes(), a.replay)
        print(f"{res.status}: {res.cpu:.3f} s CPU, {res.wall:.3f} s wall, "
              f"{res.memory / 2**20:.1f} MB; {res.problem or 'no problem'}\n{res.line}")
        return 1 if res.problem else 0

    def progress(s: Summary, wall: float) -> None:
        print(f"  {s.count:,} messages, {wall:.0f} s, {len(s.findings)} findings", flush=True)

    t0 = time.perf_counter()
    s = fuzz(a.seed, a.start, a.count, a.jobs, exclude, progress=progress)
    wall = time.perf_counter() - t0
    print(f"fuzz mail read at {_commit()}: {s.count:,} messages (seed {a.seed}, "
          f"{a.start}..{a.start + a.count - 1}) "
          f"in {wall:.0f} s wall, {s.cpu:.0f} s CPU in the messages, {a.jobs} jobs; "
          + ", ".join(f"{n:,} {k}" for k, n in sorted(s.statuses.items())))
    for line in s.worst():
        print(f"  {line}")
    for found in s.findings:
        path = save(a.seed, found, corpus().seeds, exclude)
        print(f"  FINDING message {found.index}: {found.problem} -> {path.relative_to(ROOT)}")
    print(f"{len(s.findings)} findings")
    return 1 if s.findings else 0


if __name__ == "__main__":
    sys.exit(main())
