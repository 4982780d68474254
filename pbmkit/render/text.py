"""Text as it is printed: right-to-left scripts joined and put in display order, missing glyphs named.

A PDF shows glyphs in the order they are drawn and does no shaping, so a name in Arabic or Hebrew
is prepared here before it is measured and drawn: Arabic letters take their joined (contextual)
forms with ``arabic-reshaper``, then the Unicode bidirectional algorithm (``python-bidi``) puts
each line in display order. Cutting and wrapping happen on the shaped text in reading (logical)
order, so an ellipsis always ends the name where a reader ends it; only the finished line is
reordered. Text without right-to-left characters passes through unchanged.

No ReportLab here: :mod:`pbmkit.render.pdf` supplies the font's character map. SVG text is not
prepared this way: an SVG viewer shapes and orders text itself, so it receives the name as typed.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Collection, Iterable
from functools import lru_cache

__all__ = ["MissingGlyphsWarning", "display_order", "is_invisible", "needs_bidi", "shape",
           "unicode_names"]

_RTL = frozenset({"R", "AL", "RLE", "RLO", "RLI", "FSI", "AN"})
"""Bidi classes that make the bidirectional algorithm reorder something."""

_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


class MissingGlyphsWarning(UserWarning):
    """Characters that no font of the document has: they print as empty boxes."""

    def __init__(self, chars: Iterable[str], font: str, why: str = "") -> None:
        self.chars = tuple(dict.fromkeys(chars))
        self.font = font
        self.why = why
        """Why no system font was taken for them, when the system's fonts could not be asked."""
        verb = "it prints as an empty box" if len(self.chars) == 1 else "they print as empty boxes"
        have = "have" if " and " in font else "has"
        because = f" ({why})" if why else ""
        super().__init__(f"{font} {have} no glyph for {unicode_names(self.chars)}{because}: {verb}")


def unicode_names(chars: Collection[str], limit: int = 8) -> str:
    """``'中' (U+4E2D), '😀' (U+1F600)``: each character (if printable) with its code point."""
    shown = []
    for ch in list(chars)[:limit]:
        code = f"U+{ord(ch):04X}"
        shown.append(f"'{ch}' ({code})" if ch.isprintable() and not ch.isspace() else code)
    more = len(chars) - limit
    return ", ".join(shown) + (f" and {more} more" if more > 0 else "")


def needs_bidi(text: str) -> bool:
    """Whether ``text`` holds a right-to-left character (or a bidi control) to reorder."""
    if text.isascii():
        return False
    bidi = unicodedata.bidirectional
    return any(bidi(ch) in _RTL for ch in text if ord(ch) >= 0x0590)


def is_invisible(ch: str) -> bool:
    """A control or format character, or a variation selector: nothing to draw, no box for it."""
    return unicodedata.category(ch) in ("Cc", "Cf") or "\ufe00" <= ch <= "\ufe0f" or (
        "\U000e0100" <= ch <= "\U000e01ef")


def _has_arabic(text: str) -> bool:
    return any("\u0600" <= ch <= "\u06ff" or "\u0750" <= ch <= "\u077f" or "\u08a0" <= ch <= "\u08ff"
               for ch in text)


@lru_cache(maxsize=8)
def _reshaper(glyphs: frozenset[int]) -> Callable[[str], str]:
    """An Arabic reshaper using only the ligatures whose glyphs the font has."""
    import arabic_reshaper
    from arabic_reshaper.ligatures import LIGATURES

    config: dict[str, bool | str] = {"delete_harakat": True, "support_ligatures": True}
    for key, (_, forms) in LIGATURES:
        config[key] = all(ord(f) in glyphs for f in forms if f)
    return arabic_reshaper.ArabicReshaper(configuration=config).reshape  # type: ignore[no-any-return]


def shape(text: str, glyphs: frozenset[int]) -> str:
    """``text`` in logical order with its Arabic letters in their joined forms (ligatures only
    where the font has ``glyphs`` for them: code points). Other text is returned unchanged."""
    if text.isascii() or not _has_arabic(text):
        return text
    return _reshaper(glyphs)(text)


def display_order(line: str) -> str:
    """One shaped line in display (left-to-right drawing) order, bidi controls removed.

    The paragraph direction is that of the first strong character, as a reader expects of a
    name field: a Hebrew name reads from the right, "Ada (עדה)" from the left.
    """
    if not needs_bidi(line):
        return line
    from bidi import get_display

    visual = str(get_display(line))
    return "".join(ch for ch in visual if ch not in _BIDI_CONTROLS)
