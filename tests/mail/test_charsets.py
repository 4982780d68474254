"""A mail's text is decoded only in the charsets mail uses (issue 35, item 1; docs/mail.md,
"Threat model", a costly charset): a part declaring ``charset="punycode"`` cost 4.4 s of CPU for
262 KB; now every codec Python has, as the charset of a part at the size bound, costs under
0.5 s of CPU, whether it is read or refused."""

from __future__ import annotations

import base64
import codecs
import contextlib
import random
import time
from email.message import Message

import pytest

from pbmkit.mail.charsets import MAIL_CHARSETS, mail_codec, python_codecs
from pbmkit.mail.sources import MAX_TEXT, body_lines, read_message

SIZE = 4 * MAX_TEXT  # the bytes of a part that are decoded at most
_RANDOM = random.Random(35)
SHAPES = {  # the inputs that cost some codec the most (measured: punycode's worst is "digits")
    "letters": b"a" * SIZE,
    "digits": b"-" + b"9" * (SIZE - 1),
    "delimiter": b"a" * (SIZE // 2) + b"-" + b"a" * (SIZE // 2 - 1),
    "random": _RANDOM.randbytes(SIZE),
    "high": b"\xff" * SIZE,
    "escapes": b"\x1b$B!!" * (SIZE // 5) + b"~{!!" * 4 + b"+AAAA" * 4 + b"\\x41" * 4,
}


def _message(charset: str, data: bytes) -> Message:
    raw = (b"From: Bob <bob@example.net>\r\nTo: ann@example.org\r\nSubject: Batalo #1\r\n"
           b"MIME-Version: 1.0\r\nContent-Type: text/plain; charset=\"" + charset.encode() + b"\"\r\n"
           b"Content-Transfer-Encoding: base64\r\n\r\n" + base64.encodebytes(data))
    inc = read_message(raw, "test")
    assert not hasattr(inc, "why"), inc
    return inc.message  # type: ignore[union-attr]


def _cpu(charset: str, data: bytes) -> float:
    message = _message(charset, data)
    started = time.process_time()
    with contextlib.suppress(ValueError):
        body_lines(message)
    return time.process_time() - started


CODECS = python_codecs()


def test_python_has_the_codecs_the_test_is_about() -> None:
    found = {codecs.lookup(name).name for name in CODECS}
    assert len(found) > 100 and {"punycode", "idna", "unicode-escape", "rot-13"} <= found


@pytest.mark.parametrize("charset", CODECS)
def test_no_codec_as_a_part_s_charset_costs_half_a_second(charset: str) -> None:
    worst = max((_cpu(charset, data), shape) for shape, data in SHAPES.items())
    assert worst[0] < 0.5, f"{charset} on {worst[1]!r}: {worst[0]:.2f} s of CPU"


@pytest.mark.parametrize("charset", ["punycode", "idna", "unicode_escape", "raw_unicode_escape",
                                     "rot13", "base64", "zlib", "hex", "uu", "quopri", "bz2",
                                     "utf-8-sig", "x-unknown", "undefined"])
def test_a_codec_that_is_no_mail_charset_is_refused_by_name(charset: str) -> None:
    with pytest.raises(ValueError, match=f"text in a charset pbmkit does not read \\('{charset}'\\): "
                                         "send it as UTF-8"):
        body_lines(_message(charset, b"Move: DX to FV\n"))


@pytest.mark.parametrize("charset", MAIL_CHARSETS)
def test_every_mail_charset_is_read(charset: str) -> None:
    assert mail_codec(charset) is not None
    words = "Move: DX to FV"
    assert body_lines(_message(charset, words.encode(mail_codec(charset) or "")))[0] == words


@pytest.mark.parametrize(("spelled", "codec"), [("UTF8", "utf-8"), ("latin1", "iso8859-1"),
                                                ("cp1252", "cp1252"), ("Windows-874", "cp874"),
                                                ("ISO_8859-15", "iso8859-15")])
def test_python_s_other_spellings_of_a_mail_charset_are_read(spelled: str, codec: str) -> None:
    assert mail_codec(spelled) == codec


def test_an_encoded_word_in_a_codec_that_is_no_mail_charset_is_read_as_utf_8() -> None:
    raw = (b"From: Bob <bob@example.net>\r\nSubject: =?punycode?Q?Batalo_#1-?=\r\n"
           b"Content-Type: text/plain\r\n\r\nMove: DX to FV\r\n")
    inc = read_message(raw, "test")
    assert inc.subject == "Batalo #1-"  # type: ignore[union-attr]
