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
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

__all__ = ["FallbackFont", "enabled", "find_font", "find_fonts", "forget", "lookup_failure"]

_TIMEOUT = 10.0
"""Seconds for one ``fc-match`` (it answers in milliseconds; a first run on a fresh machine may
have to scan the fonts for fontconfig's cache, a fraction of a second even with CJK fonts)."""
_ATTEMPTS = 3
"""``fc-match`` runs tried for one question before the look-up is given up as failed."""
_QUIET = 30.0
"""After a failed look-up, seconds during which no other is tried (a broken fontconfig must not
cost every character of every document its attempts); then the look-up is tried again."""
_CANDIDATES = 6
"""Fonts of fontconfig's sorted answer whose characters are read for each character asked."""

_found: dict[str, tuple[str, int] | None] = {}
"""Answers kept for the process: the font of a character, or ``None``: no system font draws it.
A look-up that failed (fontconfig did not answer) is not an answer and is not kept."""
_failure: list[tuple[float, str]] = []
"""The last failed look-up (time, why), while it is recent: see :func:`lookup_failure`."""


def enabled() -> bool:
    """Whether system fonts are looked up (fontconfig installed, not turned off)."""
    return os.environ.get("PBMKIT_SYSTEM_FONTS", "1") != "0" and shutil.which("fc-match") is not None


def forget() -> None:
    """Forget every answer and failure (for tests, and after fonts are installed)."""
    _found.clear()
    _failure.clear()


def lookup_failure() -> str:
    """Why the system's fonts could not be asked, if the last look-up failed recently (``""``
    otherwise): said beside the warning about missing characters, so that a user knows the
    characters are missing because fontconfig failed, not because no font has them."""
    if _failure and time.monotonic() - _failure[0][0] < _QUIET:
        return _failure[0][1]
    return ""


def find_font(ch: str) -> tuple[str, int] | None:
    """The system font file (and its index in a collection) that draws ``ch``; ``None`` when
    there is none, or when fontconfig could not be asked (:func:`lookup_failure` says why)."""
    return find_fonts((ch,)).get(ch)


def find_fonts(chars: Iterable[str]) -> dict[str, tuple[str, int] | None]:
    """The system font (file, index) of each of ``chars`` (``None``: none found), asking
    fontconfig once for all the characters not answered before in this process.

    ``fc-match -s`` sorts the system's fonts by how well they match a sans-serif font covering
    the characters; each character takes the first of the best few whose character map (read
    here, not taken on fontconfig's word) has an outline for it. A failed run (an error, a
    time-out, a non-zero exit: fontconfig's cache being rewritten by another process, say) is
    tried again; a look-up that still fails is not kept as an answer.
    """
    wanted = list(dict.fromkeys(chars))
    if not enabled():
        return dict.fromkeys(wanted)
    new = [ch for ch in wanted if ch not in _found]
    if new and not lookup_failure():
        if len(_found) > 4096:  # bounded for a long-running process (the referee)
            _found.clear()
        candidates = _ask(new)
        rest = [] if candidates is None else _choose(new, candidates)
        if len(new) > 1:  # several scripts: a character the best fonts lack is asked alone
            for ch in rest:
                alone = _ask([ch])
                if alone is not None:
                    _choose([ch], alone)
    return {ch: _found.get(ch) for ch in wanted}


def _choose(chars: list[str], candidates: list[tuple[str, int]]) -> list[str]:
    """Keep for each of ``chars`` the first of the best ``candidates`` that draws it; returns
    the characters none of them draws (kept as ``None``: no font)."""
    lacking = []
    for ch in chars:
        found = next(((path, index) for path, index in candidates[:_CANDIDATES]
                      if (source := _source(path, index)) is not None and source.draws(ch)), None)
        _found[ch] = found
        if found is None:
            lacking.append(ch)
    return lacking


def _ask(chars: list[str]) -> list[tuple[str, int]] | None:
    """fontconfig's fonts for ``chars``, best first; ``None`` if it could not be asked."""
    pattern = "sans-serif:charset=" + " ".join(f"{ord(ch):x}" for ch in chars)
    why = ""
    for attempt in range(_ATTEMPTS):
        if attempt:
            time.sleep(0.2 * attempt)
        try:
            done = subprocess.run(["fc-match", "-s", "-f", "%{file}\t%{index}\n", pattern],
                                  capture_output=True, text=True, timeout=_TIMEOUT, check=False)
        except subprocess.TimeoutExpired:
            why = f"fc-match did not answer in {_TIMEOUT:g} s"
            continue
        except (OSError, subprocess.SubprocessError) as exc:
            why = f"fc-match could not be run ({exc})"
            continue
        if done.returncode != 0:
            why = f"fc-match exited with status {done.returncode}"
            continue
        found: list[tuple[str, int]] = []
        for line in done.stdout.splitlines():
            path, _, index = line.partition("\t")
            if path:
                found.append((path, int(index) if index.isdigit() else 0))
        if found:
            _failure.clear()
            return found
        why = "fc-match named no font"
    _failure[:] = [(time.monotonic(), f"the system's fonts could not be asked: {why}")]
    return None


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
