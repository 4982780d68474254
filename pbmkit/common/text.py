"""Text from other people made safe to show: the one terminal escaping of pbmkit.

Records come by mail, and so do the referee's subjects, senders and server errors; whatever a
command prints of them must not move the cursor, recolour or clear the terminal, ring its bell,
reorder the line (bidi overrides) or hide part of it. :data:`UNSAFE` is the one class of the
characters that can, and :func:`printable` writes each as its Python escape.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

__all__ = ["UNSAFE", "printable"]

_UNSAFE_CLASS = (
    "["
    "\x00-\x1f\x7f-\x9f"              # Cc: C0, DEL, C1 (U+0085 among them)
    "\xad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e"  # Cf: soft hyphen, Arabic ...
    "\u200b\u200e\u200f"              # Cf: zero-width space, left-to-right and right-to-left marks
    "\u2028\u2029"                    # Zl, Zp: line and paragraph separators
    "\u202a-\u202e"                   # Cf: bidi embeddings and overrides
    "\u2060-\u2064\u2066-\u206f"      # Cf: word joiner, invisible operators, bidi isolates ...
    "\ud800-\udfff"                   # Cs: surrogates (undecodable bytes, surrogateescape)
    "\ufeff\ufff9-\ufffb"             # Cf: zero-width no-break space (BOM), annotations
    "\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
    "\U000e0001\U000e0020-\U000e007f"  # Cf: language tag, tag characters
    "]")
"""The class of :data:`UNSAFE`: every character of the categories Cc (controls), Cf (format:
bidi, zero-width, invisible), Cs (surrogates), Zl and Zp (line and paragraph separators) of
Python's Unicode database, but the zero-width joiners U+200C and U+200D, which Persian, the Indic
scripts and emoji sequences need (as the mail's headers keep them). One character class: a match
is linear in the text's length.

Spaces other than U+0020 (U+00A0 NO-BREAK SPACE, U+3000 IDEOGRAPHIC SPACE ...), private-use and
unassigned code points are left as they are: they show as a space or a glyph (a box at worst)
and can neither move the cursor nor reorder or hide the text. tests/common/test_printable.py
holds the class equal to the Unicode database of the Python that runs it; the class also names
the format characters Unicode 15 added (U+13439 to U+1343F, Egyptian hieroglyph controls)."""

if TYPE_CHECKING:
    UNSAFE: re.Pattern[str]
    """The compiled :data:`_UNSAFE_CLASS` (compiled on first use, by :func:`__getattr__`)."""


def __getattr__(name: str) -> Any:
    """:data:`UNSAFE`, compiled on first use (its class costs a mailed move, which prints no
    outside text when all goes well, ~5M instructions at start-up)."""
    if name == "UNSAFE":
        return re.compile(_UNSAFE_CLASS)  # kept by re: one pattern object
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _escape(m: re.Match[str]) -> str:
    return m.group().encode("unicode_escape").decode("ascii")


def printable(text: str, limit: int | None = None) -> str:
    """``text`` safe to print on a terminal, on one line: each character of :data:`UNSAFE`
    written as its Python escape (``\\x1b``, ``\\n``, ``\\u202e``, ``\\ud800``, ``\\U000e0001``)
    and, past ``limit`` characters, cut with an ellipsis and the full length
    (``… (12,345 characters)``), so one name cannot fill the screen."""
    if limit is not None and len(text) > limit:
        return _escaped(text[:limit]) + f"… ({len(text):,} characters)"
    return _escaped(text)


def _escaped(text: str) -> str:
    if text.isascii() and text.isprintable():  # no control character: nothing of UNSAFE
        return text
    return re.compile(_UNSAFE_CLASS).sub(_escape, text)
