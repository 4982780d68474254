"""The charset of a mail's text part as a cost (issue 35, item 1): every codec Python has, as the
charset of a 256 KiB part (the most `body_lines` decodes), through `body_lines`, on the inputs
that cost codecs the most; the CPU time of the worst, next to UTF-8 on the same input (the
reference: what a player's mail costs). Before pbmkit.mail.charsets, punycode's worst was
about 6 s; codecs that are no mail charset are now refused before decoding.

    .venv/bin/python bench/charsets.py [--top 5]
"""

from __future__ import annotations

import argparse
import base64
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import contextlib

from pbmkit.mail.charsets import mail_codec, python_codecs
from pbmkit.mail.sources import MAX_TEXT, Unreadable, body_lines, read_message

SIZE = 4 * MAX_TEXT


def shapes() -> dict[str, bytes]:
    rnd = random.Random(35)
    return {"letters": b"a" * SIZE, "digits": b"-" + b"9" * (SIZE - 1),
            "delimiter": b"a" * (SIZE // 2) + b"-" + b"a" * (SIZE // 2 - 1),
            "random": rnd.randbytes(SIZE), "high": b"\xff" * SIZE,
            "escapes": b"\x1b$B!!" * (SIZE // 5)}


def cpu(charset: str, data: bytes) -> float:
    raw = (b"From: Bob <bob@example.net>\r\nSubject: Batalo #1\r\nMIME-Version: 1.0\r\n"
           b"Content-Type: text/plain; charset=\"" + charset.encode() + b"\"\r\n"
           b"Content-Transfer-Encoding: base64\r\n\r\n" + base64.encodebytes(data))
    inc = read_message(raw, "bench")
    assert not isinstance(inc, Unreadable), inc.why
    started = time.process_time()
    with contextlib.suppress(ValueError):
        body_lines(inc.message)
    return time.process_time() - started


def run(top: int = 1) -> tuple[list[str], float]:
    """Summary lines (the ``top`` worst codecs) and the worst CPU seconds."""
    data = shapes()
    rows = sorted(((cpu(name, blob), name, shape) for name in python_codecs()
                   for shape, blob in data.items()), reverse=True)
    lines = []
    for seconds, name, shape in rows[:top]:
        reference = cpu("utf-8", data[shape])
        said = "read" if mail_codec(name) else "refused"
        lines.append(f"charsets: worst of {len(python_codecs())} codecs, {name} ({said}) on "
                     f"{shape!r}, 256 KiB: {seconds * 1000:.1f} ms CPU, "
                     f"{seconds / max(reference, 1e-6):.1f}x UTF-8 on the same bytes")
    return lines, rows[0][0]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--top", type=int, default=5, help="How many of the worst to print.")
    lines, _ = run(ap.parse_args().top)
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
