"""PDF output with ReportLab: fonts, canvases with metadata, the drawing model, and text fields.

This is the only module that imports ReportLab; the form modules that use it are imported only
by the commands that write PDFs, so ``import pbmkit.render`` stays cheap. Text goes through
``drawString`` (never through ReportLab's paragraph markup), so a name such as
``<b>Bob & "Al"</b>`` prints literally.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from importlib import resources

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from pbmkit import __version__
from pbmkit.render.shapes import Circle, Colour, Drawing, Placed, Polygon, Polyline, Shape, Text
from pbmkit.render.templates import Paper

__all__ = ["FONT", "FONT_BOLD", "draw_drawing", "fit_text", "new_canvas", "register_fonts",
           "text_width"]

FONT = "DejaVuSans"
FONT_BOLD = "DejaVuSans-Bold"
_FONT_FILES = {FONT: "DejaVuSans.ttf", FONT_BOLD: "DejaVuSans-Bold.ttf"}
_registered = False


def register_fonts() -> None:
    """Register the bundled DejaVu Sans faces with ReportLab (once per process)."""
    global _registered
    if _registered:
        return
    fonts = resources.files("pbmkit").joinpath("render", "fonts")
    for name, filename in _FONT_FILES.items():
        with resources.as_file(fonts.joinpath(filename)) as path:
            pdfmetrics.registerFont(TTFont(name, str(path)))
    _registered = True


def new_canvas(buffer: io.BytesIO, paper: Paper, *, title: str, subject: str,
               author: str = "", keywords: str = "") -> Canvas:
    """A canvas on ``paper`` writing to ``buffer``, with the document metadata set."""
    register_fonts()
    c = Canvas(buffer, pagesize=(paper.width, paper.height), pageCompression=1,
               initialFontName=FONT, initialFontSize=10)
    c.setTitle(title)
    c.setSubject(subject)
    c.setCreator(f"pbmkit {__version__}")
    c.setProducer(f"pbmkit {__version__} (ReportLab)")
    c.setAuthor(author or f"pbmkit {__version__}")
    if keywords:
        c.setKeywords(keywords)
    return c


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of ``text`` in points at ``size``."""
    return float(pdfmetrics.stringWidth(text, FONT_BOLD if bold else FONT, size))


def fit_text(c: Canvas, text: str, x: float, y: float, max_width: float, *, size: float,
             bold: bool = False, min_size: float = 5.0, anchor: str = "start") -> None:
    """Draw ``text`` on one line within ``max_width``: shrink it down to ``min_size``, then cut it
    with an ellipsis. ``anchor`` is ``"start"``, ``"middle"`` or ``"end"``."""
    font = FONT_BOLD if bold else FONT
    width = text_width(text, size, bold)
    if width > max_width and width > 0:
        size = max(min_size, size * max_width / width)
        width = text_width(text, size, bold)
        while width > max_width and len(text) > 1:
            text = text[:-2] + "…"  # drop one character (and the old ellipsis) per round
            width = text_width(text, size, bold)
    c.setFont(font, size)
    if anchor == "middle":
        c.drawCentredString(x, y, text)
    elif anchor == "end":
        c.drawRightString(x, y, text)
    else:
        c.drawString(x, y, text)


def _set_fill(c: Canvas, colour: Colour) -> None:
    c.setFillColorRGB(*colour)


def _set_stroke(c: Canvas, colour: Colour, width: float) -> None:
    c.setStrokeColorRGB(*colour)
    c.setLineWidth(width)


def _draw_shape(c: Canvas, shape: Shape) -> None:
    if isinstance(shape, Placed):
        name = _form(c, shape.key, shape.shapes, (-1.0, -1.0, 1.0, 1.0))
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
        c.setFont(FONT_BOLD if shape.bold else FONT, shape.size)
        if shape.anchor == "middle":
            c.drawCentredString(shape.x, shape.y, shape.text)
        elif shape.anchor == "end":
            c.drawRightString(shape.x, shape.y, shape.text)
        else:
            c.drawString(shape.x, shape.y, shape.text)


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
    """Close the document and return its bytes."""
    c.save()
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
        fit_text(c, value, x + 4, y + 3 + max(0.0, (height - label_size - 3 - size) / 2 - 1),
                 width - 8, size=size)
