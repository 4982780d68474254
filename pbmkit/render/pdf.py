"""PDF output with ReportLab: fonts, canvases with metadata, the drawing model, and text fields.

This is the only module that imports ReportLab; the form modules that use it are imported only
by the commands that write PDFs, so ``import pbmkit.render`` stays cheap. Text goes through
``drawString`` (never through ReportLab's paragraph markup), so a name such as
``<b>Bob & "Al"</b>`` prints literally.
"""

from __future__ import annotations

import io
import math
import os
import unicodedata
import warnings
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from importlib import resources

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from pbmkit import __version__
from pbmkit.render.shapes import (
    PLACED_REACH,
    Circle,
    Colour,
    Drawing,
    Placed,
    Polygon,
    Polyline,
    Shape,
    Text,
)
from pbmkit.render.system_fonts import FallbackFont, find_fonts, lookup_failure
from pbmkit.render.system_fonts import enabled as system_fonts_enabled
from pbmkit.render.templates import Paper
from pbmkit.render.text import MissingGlyphsWarning, display_order, is_invisible
from pbmkit.render.text import shape as shape_text

__all__ = ["FONT", "FONT_BOLD", "MIN_SIZE", "Fonts", "TextLine", "draw_drawing", "draw_text", "finish",
           "fit_text", "form_box", "new_canvas", "register_fonts", "register_user_font",
           "text_width"]

FONT = "DejaVuSans"
FONT_BOLD = "DejaVuSans-Bold"
_FONT_FILES = {FONT: "DejaVuSans.ttf", FONT_BOLD: "DejaVuSans-Bold.ttf"}
_registered = False

MIN_SIZE = 6.0
"""The smallest text size a form prints: below it a value is wrapped or cut, never shrunk."""

ELLIPSIS = "…"


def register_fonts() -> None:
    """Register the bundled DejaVu Sans faces with ReportLab (once per process)."""
    global _registered
    if _registered:
        return
    _copy_out_nominal_letters()
    fonts = resources.files("pbmkit").joinpath("render", "fonts")
    for name, filename in _FONT_FILES.items():
        with resources.as_file(fonts.joinpath(filename)) as path:
            pdfmetrics.registerFont(TTFont(name, str(path)))
    _registered = True


def _copy_out_nominal_letters() -> None:
    """Make text copied out of the PDF read as the letters typed, not as the glyphs drawn.

    Arabic is drawn with Unicode's presentation forms (a letter's joined form, ligatures such as
    lam-alef), each a code point of its own; ReportLab's ToUnicode map says so, and a reader
    copying the name got presentation forms. The map is made here to give each presentation
    form's letters instead (its compatibility decomposition), in the order a reader that
    reorders right-to-left text (poppler, PDFium) turns back into the typed one: the letters of
    a ligature reversed, as the glyphs of a right-to-left line are drawn."""
    from reportlab.pdfbase import ttfonts

    made = ttfonts.makeToUnicodeCMap
    if getattr(made, "pbmkit", False):
        return

    def nominal(fontname: str, subset: Sequence[int]) -> str:
        lines = made(fontname, subset).split("\n")
        for k, line in enumerate(lines):
            code, sep, value = line.partition("> <")
            if not sep or not line.startswith("<") or not value.endswith(">"):
                continue
            letters = presentation_letters(int(value[:-1], 16))
            if letters:
                lines[k] = f"{code}> <{letters.encode('utf-16-be').hex().upper()}>"
        return "\n".join(lines)

    nominal.pbmkit = True  # type: ignore[attr-defined]
    ttfonts.makeToUnicodeCMap = nominal


def presentation_letters(code: int) -> str:
    """The letters an Arabic presentation form stands for, in drawing (right-to-left visual)
    order; ``""`` for any other code point."""
    if not (0xFB50 <= code <= 0xFDFF or 0xFE70 <= code <= 0xFEFF):
        return ""
    letters = unicodedata.normalize("NFKC", chr(code)).strip()
    return letters[::-1] if letters and letters != chr(code) else ""


@dataclass(frozen=True, eq=False)
class _Face:
    """What text layout needs of a registered TrueType font: its characters and their widths."""

    name: str
    glyphs: frozenset[int]
    widths: dict[int, float]
    default: float

    @classmethod
    def of(cls, name: str) -> _Face:
        face = _FACES.get(name)
        if face is None:
            register_fonts()
            tt = pdfmetrics.getFont(name).face
            face = _FACES[name] = cls(name, frozenset(tt.charToGlyph), dict(tt.charWidths),
                                      float(tt.defaultWidth))
        return face


_FACES: dict[str, _Face] = {}
_USER_FONTS: dict[str, str] = {}


def register_user_font(path: str) -> str:
    """Register the TrueType font file ``path`` (once per process); returns its ReportLab name.

    ``ValueError`` with a readable reason when the file is missing or is not a usable TrueType
    font (ReportLab embeds TrueType outlines only: no ``.otf`` with CFF outlines).
    """
    key = os.path.realpath(path)
    name = _USER_FONTS.get(key)
    if name is None:
        name = f"UserFont{len(_USER_FONTS) + 1}"
        if not os.path.isfile(key):
            raise ValueError(f"cannot read font {path}: no such file")
        try:
            font = TTFont(name, key)
        except OSError as exc:
            raise ValueError(f"cannot read font {path}: {exc.strerror or exc}") from None
        except Exception as exc:  # ReportLab's TTFError and struct errors on a damaged file
            raise ValueError(f"cannot use font {path}: {exc}") from None
        pdfmetrics.registerFont(font)
        _USER_FONTS[key] = name
    return name


@dataclass
class Fonts:
    """The fonts of one document: DejaVu Sans, an optional user font for the characters DejaVu
    lacks, and the characters neither has (reported by :func:`finish`)."""

    fallback: str = ""
    missing: dict[str, None] = field(default_factory=dict)
    system: dict[tuple[str, int], FallbackFont] = field(default_factory=dict)
    """The system fonts (fontconfig) that give the characters neither font has, by file."""
    by_char: dict[str, str] = field(default_factory=dict)
    """Character -> the registered font made from a system font that draws it."""
    looked_up: set[str] = field(default_factory=set)
    failure: str = ""
    """Why the system's fonts could not be asked for a character, if they could not."""

    def take_from_system(self, chars: Iterable[str]) -> None:
        """Find a system font for each of ``chars`` (once per character and document) and make
        the document's font of each system font again with the new characters."""
        grown: dict[tuple[str, int], FallbackFont] = {}
        new = sorted(ch for ch in chars if ch not in self.by_char and ch not in self.looked_up)
        self.looked_up.update(new)
        for ch, found in find_fonts(new).items() if new else ():
            if found is None:
                self.failure = self.failure or lookup_failure()
                continue
            font = self.system.setdefault(found, FallbackFont(*found))
            if font.add((ch,)):
                grown[found] = font
        for font in grown.values():
            name = _register_fallback(font)
            self.by_char.update(dict.fromkeys(font.chars, name))


_FALLBACKS: dict[tuple[str, int, frozenset[str]], str] = {}


def _register_fallback(font: FallbackFont) -> str:
    """Register the font made of ``font``'s characters (once per process and set of characters)."""
    key = (font.path, font.index, frozenset(font.chars))
    name = _FALLBACKS.get(key)
    if name is None:
        name = _FALLBACKS[key] = f"PbmkitFallback{len(_FALLBACKS) + 1}"
        pdfmetrics.registerFont(TTFont(name, io.BytesIO(font.build(name))))
    return name


def _fonts(c: Canvas) -> Fonts:
    fonts: Fonts = c.__dict__.setdefault("_pbmkit_fonts", Fonts())
    return fonts


def new_canvas(buffer: io.BytesIO, paper: Paper, *, title: str, subject: str,
               author: str = "", keywords: str = "", font_file: str | None = None) -> Canvas:
    """A canvas on ``paper`` writing to ``buffer``, with the document metadata set.

    ``font_file``: a TrueType font used for every character the bundled DejaVu Sans lacks (CJK,
    emoji ...); ``ValueError`` if it cannot be used.
    """
    register_fonts()
    fallback = register_user_font(font_file) if font_file else ""
    c = Canvas(buffer, pagesize=(paper.width, paper.height), pageCompression=1,
               initialFontName=FONT, initialFontSize=10)
    c.__dict__["_pbmkit_fonts"] = Fonts(fallback)
    c.setTitle(title)
    c.setSubject(subject)
    c.setCreator(f"pbmkit {__version__}")
    c.setProducer(f"pbmkit {__version__} (ReportLab)")
    c.setAuthor(author or f"pbmkit {__version__}")
    if keywords:
        c.setKeywords(keywords)
    return c


class TextLine:
    """One line of text laid out: its shaped characters in logical order, the font of each and
    each one's width at 1 pt. Built once (linear in the text); cutting and wrapping use it."""

    __slots__ = ("chars", "fonts", "primary", "widths")

    def __init__(self, text: str, bold: bool, doc: Fonts | None) -> None:
        primary = _Face.of(FONT_BOLD if bold else FONT)
        self.primary = primary.name
        fallback = doc.fallback if doc is not None else ""
        second = _Face.of(fallback) if fallback else None
        shaped = shape_text(text, primary.glyphs)
        system: dict[str, str] = {}
        if doc is not None and not shaped.isascii():
            lacking = {ch for ch in shaped if ord(ch) not in primary.glyphs
                       and (second is None or ord(ch) not in second.glyphs) and not is_invisible(ch)}
            if lacking and system_fonts_enabled():
                doc.take_from_system(lacking)
                system = doc.by_char
        memo: dict[str, tuple[str, float] | None] = {}
        chars: list[str] = []
        fonts: list[str] = []
        widths: list[float] = []
        for ch in shaped:
            if ch in memo:
                got = memo[ch]
            else:
                got = memo[ch] = _font_of(ch, primary, second, system)
            if got is None:
                continue
            chars.append(ch)
            fonts.append(got[0])
            widths.append(got[1])
        self.chars, self.fonts, self.widths = chars, fonts, widths

    def width(self, size: float, start: int = 0, stop: int | None = None) -> float:
        """The width of ``chars[start:stop]`` at ``size``."""
        return size * math.fsum(self.widths[start:stop])


def _font_of(ch: str, primary: _Face, second: _Face | None, system: dict[str, str]
             ) -> tuple[str, float] | None:
    """The font that draws ``ch`` and its width at 1 pt; ``None``: an invisible character to drop.
    DejaVu Sans first, then the user's font, then a system font (``system``: character -> font)."""
    code = ord(ch)
    if code in primary.glyphs:
        return primary.name, primary.widths.get(code, primary.default) / 1000
    if second is not None and code in second.glyphs:
        return second.name, second.widths.get(code, second.default) / 1000
    if ch in system:
        face = _Face.of(system[ch])
        if code in face.glyphs:
            return face.name, face.widths.get(code, face.default) / 1000
    if is_invisible(ch):
        return None
    return primary.name, primary.default / 1000  # drawn as the font's empty box, and reported


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of ``text`` in points at ``size`` (in DejaVu Sans)."""
    return TextLine(text, bold, None).width(size)


def _draw_line(c: Canvas, line: TextLine, start: int, stop: int, x: float, y: float, size: float,
               anchor: str, ellipsis: bool = False) -> None:
    """Draw ``line.chars[start:stop]`` (and an ellipsis after it, in reading order) at ``size``."""
    chars, fonts = line.chars[start:stop], line.fonts[start:stop]
    width = line.width(size, start, stop)
    if ellipsis:
        chars, fonts = [*chars, ELLIPSIS], [*fonts, line.primary]
        width += size * _Face.of(line.primary).widths.get(ord(ELLIPSIS), 0.0) / 1000
    text = "".join(chars)
    visual = display_order(text)
    if visual != text:  # reordered: each character keeps its font, found again by character
        by_char = dict(zip(chars, fonts, strict=True))
        fonts = [by_char.get(ch, line.primary) for ch in visual]
    x -= {"middle": width / 2, "end": width}.get(anchor, 0.0)
    missing = _fonts(c).missing
    run_start = 0
    for k in range(1, len(visual) + 1):
        if k < len(visual) and fonts[k] == fonts[run_start]:
            continue
        run = visual[run_start:k]
        font = fonts[run_start]
        face = _Face.of(font)
        for ch in run:
            if ord(ch) not in face.glyphs and ch not in missing:
                missing[ch] = None
        c.setFont(font, size)
        c.drawString(x, y, run)
        x += c.stringWidth(run, font, size)
        run_start = k


def draw_text(c: Canvas, text: str, x: float, y: float, *, size: float, bold: bool = False,
              anchor: str = "start") -> float:
    """Draw one line of ``text`` as it is (no fitting): shaped, in display order, each character
    in a font that has it. Returns its width."""
    line = TextLine(text, bold, _fonts(c))
    _draw_line(c, line, 0, len(line.chars), x, y, size, anchor)
    return line.width(size)


def fit_text(c: Canvas, text: str, x: float, y: float, max_width: float, *, size: float,
             bold: bool = False, min_size: float = MIN_SIZE, anchor: str = "start",
             lines: int = 1, height: float | None = None, top: float | None = None,
             wrap_at: str = "") -> int:
    """Draw ``text`` within ``max_width``, baseline ``y``: at ``size`` if it fits, else shrunk
    down to ``min_size`` (never below, never when it already fits), else wrapped on up to
    ``lines`` lines within ``height`` (from ``top`` down, or from the baseline ``y``), else cut
    with an ellipsis (on the last line).

    Linear in the text: each character is measured once. ``anchor`` is ``"start"``, ``"middle"``
    or ``"end"``. ``wrap_at``: a separator (``" · "`` between the moves of a turn) at which alone
    lines are broken, the separator dropped at the break; a part longer than a line is broken at
    its spaces. Returns the number of lines drawn.
    """
    line = TextLine(text, bold, _fonts(c))
    n = len(line.chars)
    natural = line.width(1.0)
    if natural * size <= max_width + 1e-6:
        _draw_line(c, line, 0, n, x, y, size, anchor)
        return 1
    min_size = min(min_size, size)
    if natural * min_size <= max_width + 1e-6:
        # The largest size that fits, from the measured width (not re-measured, so no rounding
        # can turn a fitting name into a cut one).
        _draw_line(c, line, 0, n, x, y, min(size, max_width / natural), anchor)
        return 1
    room = height if height is not None else lines * min_size * _LEADING
    for count in range(2, lines + 1):
        at = min(size, room / (count * _LEADING))
        if at < min_size - 1e-9:
            break
        breaks = _wrap(line, max_width / at, count, wrap_at)
        if breaks[-1][1] == n:
            first = y if top is None else top - 0.8 * at
            for k, (a, b) in enumerate(breaks):
                _draw_line(c, line, a, b, x, first - k * at * _LEADING, at, anchor)
            return count
    # Below the smallest size: as many full lines as there is room for, the last one cut.
    count = max(1, min(lines, int((room + 1e-6) // (min_size * _LEADING))))
    breaks = _wrap(line, max_width / min_size, count - 1, wrap_at) if count > 1 else []
    y = y if top is None or count == 1 else top - 0.8 * min_size
    for k, (a, b) in enumerate(breaks):
        _draw_line(c, line, a, b, x, y - k * min_size * _LEADING, min_size, anchor)
    if breaks and breaks[-1][1] == n:
        return len(breaks)
    start = _skip_spaces(line.chars, breaks[-1][1] if breaks else 0, wrap_at)
    ell = _Face.of(line.primary).widths.get(ord(ELLIPSIS), 1000.0) / 1000
    stop = _prefix(line.widths, start, max_width / min_size - ell)
    while stop > start and line.chars[stop - 1].isspace():
        stop -= 1
    _draw_line(c, line, start, stop, x, y - len(breaks) * min_size * _LEADING, min_size,
               anchor, ellipsis=True)
    return len(breaks) + 1


_LEADING = 1.1


def _prefix(widths: list[float], start: int, room: float) -> int:
    """The end of the longest run of ``widths`` from ``start`` whose sum is at most ``room``."""
    total = 0.0
    for k in range(start, len(widths)):
        total += widths[k]
        if total > room + 1e-9:
            return k
    return len(widths)


def _skip_spaces(chars: list[str], k: int, sep: str = "") -> int:
    """The start of the next line after a break at ``k``: past the separator and the spaces."""
    if sep and "".join(chars[k:k + len(sep)]) == sep:
        k += len(sep)
    while k < len(chars) and chars[k].isspace():
        k += 1
    return k


def _wrap(line: TextLine, room: float, count: int, sep: str = "") -> list[tuple[int, int]]:
    """Greedy word wrap of ``line`` into at most ``count`` lines no wider than ``room`` (at 1 pt):
    the (start, stop) of each line, the last one stopping before the end when the text does not
    fit. With ``sep``, lines break only where it stands (a part longer than a line at its spaces);
    else at spaces, and a word longer than a line is broken inside it. Looks at each character
    at most twice."""
    chars, widths = line.chars, line.widths
    n = len(chars)
    seps: list[int] = []
    if sep:
        text = "".join(chars)
        k = text.find(sep)
        while k >= 0:
            seps.append(k)
            k = text.find(sep, k + len(sep))
    out: list[tuple[int, int]] = []
    start = 0
    while start < n and len(out) < count:
        stop = max(_prefix(widths, start, room), start + 1)
        if stop < n and seps:
            at = [k for k in seps if start < k <= stop]
            if at:
                out.append((start, at[-1]))
                start = _skip_spaces(chars, at[-1], sep)
                continue
        if stop < n and not chars[stop].isspace():
            space = next((k for k in range(stop - 1, start, -1) if chars[k].isspace()), -1)
            if space > start:
                stop = space
        out.append((start, stop))
        start = _skip_spaces(chars, stop, sep)
    if out and start >= n:
        out[-1] = (out[-1][0], n)
    return out or [(0, n)]


def _set_fill(c: Canvas, colour: Colour) -> None:
    c.setFillColorRGB(*colour)


def _set_stroke(c: Canvas, colour: Colour, width: float) -> None:
    c.setStrokeColorRGB(*colour)
    c.setLineWidth(width)


def _draw_shape(c: Canvas, shape: Shape) -> None:
    if isinstance(shape, Placed):
        name = _form(c, shape.key, shape.shapes, (-PLACED_REACH, -PLACED_REACH, PLACED_REACH,
                                                 PLACED_REACH))
        # A bare q/cm/Do/Q: the form changes no state the canvas tracks, and this is the hot path
        # (every piece of every diagram), where saveState/translate cost a third of the run time.
        x, y = shape.at
        c.addLiteral(f"q 1 0 0 1 {x:.3f} {y:.3f} cm")
        c.doForm(name)
        c.addLiteral("Q")
    elif isinstance(shape, Polygon | Polyline):
        path = c.beginPath()
        (x, y), *rest = shape.points
        path.moveTo(x, y)
        for px, py in rest:
            path.lineTo(px, py)
        if isinstance(shape, Polyline):
            _set_stroke(c, shape.stroke, shape.width)
            if shape.dash:
                c.setDash(shape.dash[0], shape.dash[1])
            c.drawPath(path, stroke=1, fill=0)
            if shape.dash:
                c.setDash()
            return
        path.close()
        if shape.fill is not None:
            _set_fill(c, shape.fill)
        if shape.stroke is not None:
            _set_stroke(c, shape.stroke, shape.width)
        c.drawPath(path, stroke=int(shape.stroke is not None), fill=int(shape.fill is not None))
    elif isinstance(shape, Circle):
        if shape.fill is not None:
            _set_fill(c, shape.fill)
        if shape.stroke is not None:
            _set_stroke(c, shape.stroke, shape.width)
        x, y = shape.centre
        c.circle(x, y, shape.radius, stroke=int(shape.stroke is not None),
                 fill=int(shape.fill is not None))
    elif isinstance(shape, Text):
        _set_fill(c, shape.fill)
        draw_text(c, shape.text, shape.x, shape.y, size=shape.size, bold=shape.bold,
                  anchor=shape.anchor)


def _form(c: Canvas, key: str, shapes: Sequence[Shape], bbox: tuple[float, float, float, float]) -> str:
    """The name of a form XObject holding ``shapes``, drawn once per canvas and ``key``."""
    forms: dict[str, str] = c.__dict__.setdefault("_pbmkit_forms", {})
    name = forms.get(key)
    if name is None:
        name = forms[key] = f"pbmform{len(forms)}"
        c.beginForm(name, *bbox)
        for shape in shapes:
            _draw_shape(c, shape)
        c.endForm()
    return name


def draw_drawing(c: Canvas, drawing: Drawing, x: float, y: float, width: float, height: float,
                 *, valign: str = "middle") -> float:
    """Draw ``drawing`` scaled to fit the box (x, y, width, height), centred; returns the scale.

    ``valign`` (``"top"``, ``"middle"``, ``"bottom"``) places it when the box is taller than needed.
    """
    scale = min(width / drawing.width, height / drawing.height)
    dx = x + (width - scale * drawing.width) / 2
    spare = height - scale * drawing.height
    dy = y + {"top": spare, "bottom": 0.0}.get(valign, spare / 2)
    c.saveState()
    c.setLineJoin(1)  # round joins and caps on every page (showPage resets them)
    c.setLineCap(1)
    c.translate(dx, dy)
    c.scale(scale, scale)
    c.translate(-drawing.bbox[0], -drawing.bbox[1])
    for shape in drawing.under:
        _draw_shape(c, shape)
    if drawing.grid_key:
        c.doForm(_form(c, drawing.grid_key, drawing.grid, drawing.bbox))
    else:
        for shape in drawing.grid:
            _draw_shape(c, shape)
    for shape in drawing.over:
        _draw_shape(c, shape)
    c.restoreState()
    return scale


def finish(c: Canvas, buffer: io.BytesIO) -> bytes:
    """Close the document and return its bytes.

    Characters that no font of the document has are reported once, as a
    :class:`~pbmkit.render.text.MissingGlyphsWarning` naming them.
    """
    c.save()
    fonts = _fonts(c)
    if fonts.missing:
        names = "DejaVu Sans" + (" and the given font" if fonts.fallback else "")
        warnings.warn(MissingGlyphsWarning(fonts.missing, names, fonts.failure), stacklevel=2)
    return buffer.getvalue()


def form_box(c: Canvas, x: float, y: float, width: float, height: float, label: str,
             value: str = "", *, label_size: float = 6.5, value_size: float = 11.0,
             line_width: float = 0.6) -> None:
    """A labelled field: a box with a small label in its top-left corner and ``value`` inside."""
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(line_width)
    c.rect(x, y, width, height, stroke=1, fill=0)
    c.setFillColorRGB(0.3, 0.3, 0.3)
    fit_text(c, label, x + 3, y + height - label_size - 1.5, width - 6, size=label_size)
    if value:
        c.setFillColorRGB(0, 0, 0)
        size = min(value_size, height - label_size - 4)
        one = y + 3 + max(0.0, (height - label_size - 3 - size) / 2 - 1)  # one line, centred
        top = y + height - label_size - 4.0  # wrapped lines: from under the label ...
        room = top - (y + 1.0)  # ... to the box bottom edge
        fit_text(c, value, x + 4, one, width - 8, size=size,
                 lines=max(1, int(room // (MIN_SIZE * _LEADING))), height=room, top=top)
