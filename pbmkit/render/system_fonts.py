"""Fonts of the system for the characters the bundled DejaVu Sans lacks (CJK names, above all).

Where fontconfig is installed (``fc-match``), each such character is looked up in the system's
fonts, and the glyphs found are copied into a small TrueType font made for the document, which
ReportLab embeds: a Chinese or Japanese name prints by default, no ``--font`` needed. Fonts with
CFF outlines (Noto Sans CJK, the usual CJK font of Linux systems), which ReportLab cannot embed,
are converted glyph by glyph (cubic curves to quadratic ones, fontTools' ``cu2qu``); only the
characters the document uses are copied, so making the font takes a few milliseconds once the
system font is open (about a second to read a CJK font's character map, once per process).

Nothing here imports ReportLab: :mod:`pbmkit.render.pdf` registers the font bytes made here.
``PBMKIT_SYSTEM_FONTS=0`` in the environment turns the look-up off (the characters then print as
empty boxes, with the warning, unless ``--font`` is given).
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

__all__ = ["FallbackFont", "enabled", "find_font"]

_TIMEOUT = 5.0


def enabled() -> bool:
    """Whether system fonts are looked up (fontconfig installed, not turned off)."""
    return os.environ.get("PBMKIT_SYSTEM_FONTS", "1") != "0" and shutil.which("fc-match") is not None


@lru_cache(maxsize=1024)
def find_font(ch: str) -> tuple[str, int] | None:
    """The system font file (and its index in a collection) that fontconfig offers for ``ch`` and
    that has a drawable glyph for it; ``None`` when there is none."""
    if not enabled():
        return None
    lines: list[str] = []
    for _attempt in range(2):  # once more after a failed run: the answer is kept for the process
        try:
            done = subprocess.run(
                ["fc-match", "-f", "%{file}\n%{index}\n", f"sans-serif:charset={ord(ch):x}"],
                capture_output=True, text=True, timeout=_TIMEOUT, check=False)
        except (OSError, subprocess.SubprocessError):
            continue
        lines = done.stdout.splitlines()
        if done.returncode == 0:
            break
        lines = []
    if len(lines) < 2 or not lines[0]:
        return None
    path, index = lines[0], int(lines[1] or 0) if lines[1].isdigit() else 0
    source = _source(path, index)
    return (path, index) if source is not None and source.draws(ch) else None


class _Source:
    """An open system font: its character map and glyphs (read once per process)."""

    def __init__(self, font: Any) -> None:
        self.font = font
        self.cmap: dict[int, str] = font.getBestCmap() or {}
        self.glyphs = font.getGlyphSet()
        self.upm = int(font["head"].unitsPerEm)

    def draws(self, ch: str) -> bool:
        """Whether the font has an outline for ``ch`` (colour bitmap fonts have none)."""
        name = self.cmap.get(ord(ch))
        return name is not None and ("glyf" in self.font or "CFF " in self.font)


@lru_cache(maxsize=8)
def _source(path: str, index: int) -> _Source | None:
    from fontTools.ttLib import TTFont

    try:
        return _Source(TTFont(path, fontNumber=index, lazy=True))
    except Exception:  # a damaged or unreadable font file: as if there were none
        return None


@dataclass
class FallbackFont:
    """The characters a document takes from one system font, and the TrueType font made of them
    (made again, under a new name, each time a character is added)."""

    path: str
    index: int
    chars: dict[str, None] = field(default_factory=dict)
    version: int = 0

    def add(self, chars: Iterable[str]) -> bool:
        """Take ``chars`` too; whether any is new (the font must then be made again)."""
        new = [ch for ch in chars if ch not in self.chars]
        self.chars.update(dict.fromkeys(new))
        if new:
            self.version += 1
        return bool(new)

    def build(self, name: str = "PbmkitFallback") -> bytes:
        """A TrueType font named ``name`` (ReportLab knows a font by its PostScript name: one name
        a font) holding the glyphs of :attr:`chars` (and an empty ``.notdef``)."""
        from fontTools.fontBuilder import FontBuilder
        from fontTools.pens.cu2quPen import Cu2QuPen
        from fontTools.pens.ttGlyphPen import TTGlyphPen

        source = _source(self.path, self.index)
        assert source is not None
        src = source.font
        upm = source.upm
        order = [".notdef"]
        glyphs = {".notdef": TTGlyphPen(None).glyph()}
        advance = {".notdef": upm // 2}
        cmap: dict[int, str] = {}
        hmtx = src["hmtx"]
        for ch in self.chars:
            gname = source.cmap.get(ord(ch))
            if gname is None:
                continue
            name = f"u{ord(ch):04X}"
            pen = TTGlyphPen(None)
            drawn = Cu2QuPen(pen, upm / 1000) if "CFF " in src else pen
            source.glyphs[gname].draw(drawn)
            glyphs[name] = pen.glyph()
            advance[name] = int(hmtx[gname][0])
            order.append(name)
            cmap[ord(ch)] = name
        fb = FontBuilder(upm, isTTF=True)
        fb.setupGlyphOrder(order)
        fb.setupCharacterMap(cmap)
        fb.setupGlyf(glyphs)
        glyf = fb.font["glyf"]
        fb.setupHorizontalMetrics({n: (advance[n], int(getattr(glyf[n], "xMin", 0))) for n in order})
        hhea = src["hhea"]
        fb.setupHorizontalHeader(ascent=int(hhea.ascent), descent=int(hhea.descent))
        fb.setupNameTable({"familyName": name, "styleName": "Regular", "psName": name})
        fb.setupOS2(sTypoAscender=int(hhea.ascent), sTypoDescender=int(hhea.descent),
                    usWinAscent=int(hhea.ascent), usWinDescent=abs(int(hhea.descent)))
        fb.setupPost()
        out = io.BytesIO()
        fb.save(out)
        return out.getvalue()
