"""The fast path of the PNG board: a :class:`~pbmkit.render.shapes.Drawing` put together from
pieces rasterised once by PDFium and kept.

Every pixel still comes from PDFium drawing the PDF backend's shapes (the same fonts, shaping and
right-to-left text as the printed forms): only what is drawn once and reused changes.

* The **base**: the white page with the grid (``Drawing.grid``, promised equal for equal
  ``grid_key``), rendered once per (grid key, box, width) exactly as the whole-board path renders
  a page; and the grid alone on transparent, to lay back over what lies under it.
* **Sprites**: a placed group (``Placed``: a piece, a last-move dot or end outline; equal ``key``
  promises equal shapes) rendered once per key, scale and quarter-pixel phase, on transparent; a
  text once per text, size, weight, colour, anchor, place across and phase down.
* Per board: a copy of the base; the ``under`` sprites (the last move's end outlines) laid on white
  with the grid composited back over them, as the page draws them; the ``over`` sprites pasted at
  their pixels, in drawing order; any other shape (the last move's arrow) rendered by PDFium for
  this board alone, cropped to its box. What is missing (a new glyph, a name, an arrow) is drawn
  by one small PDF of one page an item, made and rendered once for the board.

Positions follow the page as PDFium renders it (its effective scales across and down, from the
page size it reads), so a sprite lands where the whole page would have drawn it, to a quarter
pixel. The caches are bounded (least recently used out first) by the bytes of their images:
:data:`BASE_BYTES` and :data:`SPRITE_BYTES`. docs/viewer.md ("PNG boards") has the figures.
"""

from __future__ import annotations

import ctypes
import io
import math
import struct
import warnings
import zlib
from collections import OrderedDict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from pbmkit.render.shapes import Circle, Colour, Drawing, Placed, Polygon, Polyline, Shape, Text

if TYPE_CHECKING:
    from PIL import Image as PILImage
    from reportlab.pdfgen.canvas import Canvas

__all__ = ["BAND_BYTES", "BAND_ROWS", "BASE_BYTES", "PHASES", "SPRITE_BYTES", "cache_bytes",
           "clear_caches", "palette_png", "raster_image"]

PHASES = 4
"""Sub-pixel positions a sprite is kept at, across and down: a glyph lands within 1/8 pixel of
where the page puts it."""
BASE_BYTES = 64 << 20
"""The most the cached bases (page with grid, grid alone) hold: about 18 Batalo boards at 960 px."""
SPRITE_BYTES = 48 << 20
"""The most the cached sprites hold."""
BAND_ROWS = 16
"""Rows of a PNG compressed as one piece (:func:`palette_png`)."""
BAND_BYTES = 16 << 20
"""The most the cached compressed bands hold (the rows and their deflated bytes)."""


def _grey(colour: Colour | None) -> bool:
    return colour is None or colour[0] == colour[1] == colour[2]


_GREY_KEYS: dict[str, bool] = {}
"""Whether each grid (by ``grid_key``) and each placed group (by ``key``) is grey: a few hundred
keys at most (the games' glyphs and grids), kept for the process; cleared past 4,096."""


def _keyed_grey(key: str, shapes: Sequence[Shape]) -> bool:
    got = _GREY_KEYS.get(key)
    if got is None:
        if len(_GREY_KEYS) >= 4096:
            _GREY_KEYS.clear()
        got = _GREY_KEYS[key] = all(_shape_grey(s) for s in shapes)
    return got


def _drawing_grey(drawing: Drawing) -> bool:
    """Whether every colour of ``drawing`` is a grey."""
    return (_keyed_grey("grid:" + drawing.grid_key, drawing.grid)
            and all(_shape_grey(s) for s in drawing.under)
            and all(_shape_grey(s) for s in drawing.over))


def _shape_grey(shape: Shape) -> bool:
    if isinstance(shape, Placed):
        return _keyed_grey(shape.key, shape.shapes)
    if isinstance(shape, Polygon | Circle):
        return _grey(shape.fill) and _grey(shape.stroke)
    if isinstance(shape, Polyline):
        return _grey(shape.stroke)
    return _grey(shape.fill)


class _Cache:
    """A least-recently-used map whose values are weighed in bytes."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.used = 0
        self.items: OrderedDict[Hashable, tuple[object, int]] = OrderedDict()

    def get(self, key: Hashable) -> object | None:
        got = self.items.get(key)
        if got is None:
            return None
        self.items.move_to_end(key)
        return got[0]

    def put(self, key: Hashable, value: object, size: int) -> None:
        old = self.items.pop(key, None)
        if old is not None:
            self.used -= old[1]
        self.items[key] = (value, size)
        self.used += size
        while self.used > self.limit and len(self.items) > 1:
            _, (_, gone) = self.items.popitem(last=False)
            self.used -= gone

    def clear(self) -> None:
        self.items.clear()
        self.used = 0


@dataclass(frozen=True, eq=False)
class _Base:
    """A page's white and grid, and how PDFium maps the page to pixels."""

    page: PILImage.Image
    """The white page with the grid: mode ``L`` (a grey grid) or ``RGB``."""
    grid: PILImage.Image
    """The grid alone on transparent (``LA`` or ``RGBA``)."""
    sx: float
    sy: float
    page_width: float
    page_height: float
    origin: tuple[float, float]
    grey: bool

    def at(self, x: float, y: float) -> tuple[float, float]:
        """The pixel (fractional) of the drawing's point (x, y)."""
        return (x - self.origin[0]) * self.sx, (self.page_height - (y - self.origin[1])) * self.sy


@dataclass(frozen=True, eq=False)
class _Sprite:
    ink: PILImage.Image
    alpha: PILImage.Image
    dx: int
    dy: int
    """Where the image's corner stands from the pixel it is placed at."""
    grey: bool


_BASES = _Cache(BASE_BYTES)
_SPRITES = _Cache(SPRITE_BYTES)
_BANDS = _Cache(BAND_BYTES)


def clear_caches() -> None:
    """Forget every cached base, sprite and compressed band."""
    _BASES.clear()
    _SPRITES.clear()
    _BANDS.clear()


def cache_bytes() -> tuple[int, int, int]:
    """The bytes the caches of bases, sprites and compressed bands hold now."""
    return _BASES.used, _SPRITES.used, _BANDS.used


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def palette_png(indexes: PILImage.Image, palette: Sequence[int], level: int) -> bytes:
    """A palette PNG of ``indexes`` (mode ``L`` or ``P``: a palette index a pixel) and
    ``palette`` (r, g, b, r, g, b ...), deflated at ``level``.

    The rows are deflated in bands of :data:`BAND_ROWS`, each on its own (a full flush between
    them), and a band met before is not deflated again: a board shares most of its rows with the
    empty board and with the boards before it (the margins, the rows without pieces, the rows
    that did not change). Costs about a tenth in size against one stream; halves the time.
    """
    width, height = indexes.size
    raw = indexes.tobytes()
    adler = 1
    parts = []
    for top in range(0, height, BAND_ROWS):
        band = b"".join([b"\0" + raw[r * width:(r + 1) * width]  # filter 0: none
                         for r in range(top, min(height, top + BAND_ROWS))])
        adler = zlib.adler32(band, adler)
        key = (level, band)
        deflated = _BANDS.get(key)
        if not isinstance(deflated, bytes):
            packer = zlib.compressobj(level, zlib.DEFLATED, -15)
            deflated = packer.compress(band) + packer.flush(zlib.Z_FULL_FLUSH)
            _BANDS.put(key, deflated, len(band) + len(deflated) + 100)
        parts.append(deflated)
    # a zlib stream: its header, the bands, a last empty block, the checksum of it all
    stream = b"".join([b"\x78\x01", *parts, b"\x03\x00", struct.pack(">I", adler)])
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return b"".join([b"\x89PNG\r\n\x1a\n", _chunk(b"IHDR", header),
                     _chunk(b"PLTE", bytes(palette)), _chunk(b"IDAT", stream),
                     _chunk(b"IEND", b"")])


def _bytes(image: PILImage.Image) -> int:
    return image.width * image.height * len(image.getbands())


def _phase(value: float) -> tuple[int, float]:
    """``value`` as a whole pixel and a phase (a multiple of 1/PHASES below 1)."""
    whole = math.floor(value)
    step = round((value - whole) * PHASES)
    if step == PHASES:
        return whole + 1, 0.0
    return whole, step / PHASES


def _new_pdf() -> tuple[io.BytesIO, Canvas]:
    from pbmkit.render.pdf import new_canvas
    from pbmkit.render.templates import Paper

    buffer = io.BytesIO()
    canvas = new_canvas(buffer, Paper("png", "PNG", 10.0, 10.0), title="", subject="board")
    canvas.setPageCompression(0)  # read at once by PDFium: deflating it only costs time
    return buffer, canvas


def _page_images(pdf: bytes, jobs: Sequence[tuple[int, int, float, float, float, float]]
                 ) -> list[PILImage.Image]:
    """Each page of ``pdf`` rendered into a transparent bitmap of (width, height) pixels, the
    page's display space mapped by the scales (sx, sy) and moved by (e, f) (before the move)."""
    import pypdfium2
    import pypdfium2.raw as pdfium_c

    out = []
    document = pypdfium2.PdfDocument(pdf)
    try:
        for k, (width, height, sx, sy, e, f) in enumerate(jobs):
            page = document[k]
            bitmap = pypdfium2.PdfBitmap.new_native(width, height, pdfium_c.FPDFBitmap_BGRA)
            bitmap.fill_rect((0, 0, 0, 0), 0, 0, width, height)
            matrix = pdfium_c.FS_MATRIX(sx, 0.0, 0.0, sy, e, f)
            clip = pdfium_c.FS_RECTF(0.0, 0.0, float(width), float(height))
            pdfium_c.FPDF_RenderPageBitmapWithMatrix(bitmap, page, ctypes.byref(matrix),
                                                     ctypes.byref(clip), pdfium_c.FPDF_ANNOT)
            out.append(bitmap.to_pil().convert("RGBA"))
            page.close()
    finally:
        document.close()
    return out


def _base(drawing: Drawing, width_px: int, grey: bool) -> _Base:
    key = (drawing.grid_key, drawing.bbox, width_px, grey)
    found = _BASES.get(key)
    if isinstance(found, _Base):
        return found
    import pypdfium2
    from PIL import Image

    from pbmkit.render.pdf import draw_drawing, finish, new_canvas
    from pbmkit.render.templates import Paper

    buffer = io.BytesIO()
    canvas = new_canvas(buffer, Paper("png", "PNG", drawing.width, drawing.height), title="",
                        subject="board")
    canvas.setPageCompression(0)
    grid_only = Drawing(bbox=drawing.bbox, grid=drawing.grid, grid_key=drawing.grid_key)
    draw_drawing(canvas, grid_only, 0.0, 0.0, drawing.width, drawing.height)
    canvas.showPage()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pdf = finish(canvas, buffer)
    document = pypdfium2.PdfDocument(pdf)
    try:
        page = document[0]
        pw, ph = page.get_size()
        scale = width_px / drawing.width
        white = page.render(scale=scale).to_pil().convert("RGB")
        clear = page.render(scale=scale, fill_color=(0, 0, 0, 0)).to_pil().convert("RGBA")
        page.close()
    finally:
        document.close()
    sx, sy = white.width / pw, white.height / ph
    if white.width != width_px:  # as the whole-page path: cut or widened with white
        fitted = Image.new("RGB", (width_px, white.height), (255, 255, 255))
        fitted.paste(white.crop((0, 0, min(width_px, white.width), white.height)))
        white = fitted
        clear = clear.crop((0, 0, width_px, clear.height))
    if grey:
        white, clear = white.convert("L"), clear.convert("LA")
    # The drawing's point (x, y) is the page's (x - x0, y - y0) (draw_drawing's translation).
    base = _Base(white, clear, sx, sy, pw, ph, (drawing.bbox[0], drawing.bbox[1]), grey)
    _BASES.put(key, base, _bytes(white) + _bytes(clear))
    return base


def _sprite_of(image: PILImage.Image, ax: int, ay: int, grey: bool) -> _Sprite | None:
    """The sprite of a transparent ``image`` whose anchor pixel is (ax, ay): cut to what it
    inks; ``None`` when it inks nothing."""
    box = image.getchannel("A").getbbox()
    if box is None:
        return None
    cut = image.crop(box)
    alpha = cut.getchannel("A")
    ink = cut.convert("RGB")
    return _Sprite(ink.convert("L") if grey else ink, alpha, box[0] - ax, box[1] - ay, grey)


_NOTHING = object()
"""Cached for a sprite that inks nothing (a text of invisible characters)."""


def _n(value: float) -> str:
    return f"{value:.5f}".rstrip("0").rstrip(".")


def _paint(fill: Colour | None, stroke: Colour | None, width: float) -> tuple[str, str]:
    """The colour operators and the painting operator (as ReportLab's ``drawPath`` picks it)."""
    ops = []
    if fill is not None:
        ops.append(f"{_n(fill[0])} {_n(fill[1])} {_n(fill[2])} rg")
    if stroke is not None:
        ops.append(f"{_n(stroke[0])} {_n(stroke[1])} {_n(stroke[2])} RG {_n(width)} w")
    paint = {(True, True): "B*", (True, False): "S", (False, True): "f*"}.get(
        (stroke is not None, fill is not None), "n")
    return " ".join(ops), paint


def _path_ops(shape: Shape) -> str:
    """The PDF operators of a polygon, polyline or circle, as the PDF backend writes them."""
    from reportlab.pdfgen.pathobject import PDFPathObject

    if isinstance(shape, Circle):
        path = PDFPathObject()
        path.circle(shape.centre[0], shape.centre[1], shape.radius)
        colours, paint = _paint(shape.fill, shape.stroke, shape.width)
        return f"{colours} {path.getCode()} {paint}"
    if isinstance(shape, Polyline):
        dash = f"[{_n(shape.dash[0])} {_n(shape.dash[1])}] 0 d " if shape.dash else ""
        line = " ".join(f"{_n(x)} {_n(y)} {'m' if k == 0 else 'l'}"
                        for k, (x, y) in enumerate(shape.points))
        colours, paint = _paint(None, shape.stroke, shape.width)
        return f"{colours} {dash}n {line} S" + (" [] 0 d" if dash else "")
    if isinstance(shape, Polygon):
        line = " ".join(f"{_n(x)} {_n(y)} {'m' if k == 0 else 'l'}"
                        for k, (x, y) in enumerate(shape.points))
        colours, paint = _paint(shape.fill, shape.stroke, shape.width)
        return f"{colours} n {line} h {paint}"
    return ""


def _paths_pdf(pages: Sequence[tuple[float, float, str]]) -> bytes:
    """A PDF of one page a (width, height, content operators): written here, no ReportLab (whose
    document skeleton costs more than these few paths)."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b""]
    kids = []
    for width, height, content in pages:
        stream = f"1 J 1 j {content}".encode("ascii")
        kids.append(f"{len(objects) + 1} 0 R")
        objects.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {width!r} {height!r}] "
                       f"/Contents {len(objects) + 2} 0 R /Resources << >> >>".encode("ascii"))
        objects.append(b"<< /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream))
    objects[1] = f"<< /Type /Pages /Kids [{' '.join(kids)}] /Count {len(pages)} >>".encode("ascii")
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for k, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (k, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % at for at in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


class _Board:
    """One board being put together: the pages of what it needs drawn, then the drawing of it."""

    def __init__(self, drawing: Drawing, base: _Base, width_px: int) -> None:
        self.drawing = drawing
        self.base = base
        self.width_px = width_px
        self.jobs: list[tuple[int, int, float, float, float, float]] = []
        """Each page's bitmap size, scales and move (for :func:`_page_images`)."""
        self.anchors: list[tuple[int, int]] = []
        """Each page's anchor pixel in its bitmap."""
        self.buffer, self.canvas = _new_pdf()
        self.runs: list[tuple[float, float, str]] = []
        self.run_jobs: list[tuple[int, int, float, float, float, float]] = []
        self.run_at: list[tuple[int, int]] = []

    def sprite_key(self, shape: Placed | Text) -> tuple[Hashable, int, int, float, float]:
        """The cache key of ``shape``'s sprite, the pixel it is placed at and its phase."""
        base = self.base
        if isinstance(shape, Placed):
            px, py = base.at(*shape.at)
            ix, fx = _phase(px)
            iy, fy = _phase(py)
            return (("P", shape.key, base.sx, base.sy, fx, fy, base.grey), ix, iy, fx, fy)
        _, py = base.at(shape.x, shape.y)
        iy = math.floor(py)
        fy = round(py - iy, 4)  # text is hinted: drawn at its own phase
        across = round((shape.x - base.origin[0]) * base.sx, 6)
        return (("T", shape.text, shape.size, shape.bold, shape.fill, shape.anchor, across,
                 base.sx, base.sy, fy, self.width_px, base.grey), 0, iy, 0.0, fy)

    def draw_sprite(self, shape: Placed | Text, fx: float, fy: float) -> int:
        """Draw ``shape`` on a page of its own, to be cut into its sprite; returns the page."""
        from pbmkit.render.pdf import _draw_shape

        base, canvas = self.base, self.canvas
        if isinstance(shape, Placed):
            # The group about the page's (2, 2) (a glyph keeps within +-1, its form's box).
            side = 4.0
            margin = math.ceil(max(base.sx, base.sy)) + 2
            _start_page(canvas, side, side)
            _draw_shape(canvas, replace(shape, at=(2.0, 2.0)))
            size = 2 * margin + 1
            # the display point (2, side - 2) goes to the pixel (margin + fx, margin + fy)
            self.jobs.append((size, size, base.sx, base.sy, margin + fx - 2.0 * base.sx,
                              margin + fy - (side - 2.0) * base.sy))
            self.anchors.append((margin, margin))
        else:
            height = 3.0 * shape.size
            room = math.ceil(2.0 * shape.size * base.sy) + 2  # above the baseline
            _start_page(canvas, self.drawing.width, height)
            _draw_shape(canvas, replace(shape, x=shape.x - base.origin[0], y=shape.size))
            rows = room + math.ceil(shape.size * base.sy) + 2
            # across as on the board; the baseline (display y = height - size) at row room + fy
            self.jobs.append((self.width_px, rows, base.sx, base.sy, 0.0,
                              room + fy - (height - shape.size) * base.sy))
            self.anchors.append((0, room))
        canvas.showPage()
        return len(self.jobs) - 1

    def draw_run(self, run: Sequence[Shape]) -> int | None:
        """Keep ``run`` (shapes kept for no other board: the last move's arrow) for a page of
        the board's size, rendered cropped to its box; returns its number among the runs
        (``None``: off the picture)."""
        base = self.base
        xs: list[float] = []
        ys: list[float] = []
        for shape in run:
            reach = shape.width if isinstance(shape, Circle | Polygon | Polyline) else 0.0
            if isinstance(shape, Circle):
                reach += shape.radius
                points: Sequence[tuple[float, float]] = (shape.centre,)
            elif isinstance(shape, Polygon | Polyline):
                points = shape.points
            else:  # not reached: texts and groups are sprites
                continue
            for x, y in points:
                for dx, dy in ((-reach, -reach), (reach, reach)):
                    px, py = base.at(x + dx, y + dy)
                    xs.append(px)
                    ys.append(py)
        if not xs:
            return None
        left, top = max(0, math.floor(min(xs)) - 2), max(0, math.floor(min(ys)) - 2)
        right = min(self.width_px, math.ceil(max(xs)) + 2)
        bottom = min(base.page.height, math.ceil(max(ys)) + 2)
        if right <= left or bottom <= top:
            return None
        x0, y0 = base.origin
        content = f"1 0 0 1 {-x0!r} {-y0!r} cm " + " ".join(_path_ops(s) for s in run)
        self.runs.append((base.page_width, base.page_height, content))
        self.run_jobs.append((right - left, bottom - top, base.sx, base.sy, -float(left),
                              -float(top)))
        self.run_at.append((left, top))
        return len(self.runs) - 1

    def render_runs(self) -> list[_Sprite | None]:
        """Every run kept, rendered."""
        if not self.runs:
            return []
        images = _page_images(_paths_pdf(self.runs), self.run_jobs)
        return [_sprite_of(image, -left, -top, self.base.grey)
                for image, (left, top) in zip(images, self.run_at, strict=True)]

    def render(self) -> list[PILImage.Image]:
        """Every page drawn, rendered."""
        if not self.jobs:
            return []
        from pbmkit.render.pdf import finish

        with warnings.catch_warnings():  # a character no font has is left out of the picture
            warnings.simplefilter("ignore")
            pdf = finish(self.canvas, self.buffer)
        return _page_images(pdf, self.jobs)


def _start_page(canvas: Canvas, width: float, height: float) -> None:
    canvas.setPageSize((width, height))
    canvas.setLineJoin(1)  # round joins and caps, as draw_drawing sets them
    canvas.setLineCap(1)


_Step = tuple[Hashable, int, int]
"""A sprite's key and the pixel it is placed at; or (page, -1, -1) for a run of this board."""


def raster_image(drawing: Drawing, width_px: int) -> tuple[PILImage.Image, bool] | None:
    """``drawing`` rasterised ``width_px`` wide on white, put together from cached pieces, and
    whether it is grey (the image is then mode ``L``, else ``RGB``); ``None`` for a drawing
    without a ``grid_key`` (nothing to reuse: the whole-page path draws it)."""
    if not drawing.grid_key:
        return None
    grey = _drawing_grey(drawing)
    base = _base(drawing, width_px, grey)
    board = _Board(drawing, base, width_px)
    sprites: dict[Hashable, _Sprite | None] = {}
    missing: dict[Hashable, int] = {}
    layers: list[list[_Step]] = []
    for layer in (drawing.under, drawing.over):
        steps: list[_Step] = []
        run: list[Shape] = []
        for shape in [*layer, None]:
            if run and not isinstance(shape, Polygon | Polyline | Circle):
                page = board.draw_run(run)
                if page is not None:
                    steps.append((page, -1, -1))
                run = []
            if isinstance(shape, Placed | Text):
                key, ix, iy, fx, fy = board.sprite_key(shape)
                if key not in sprites and key not in missing:
                    found = _SPRITES.get(key)
                    if found is None:
                        missing[key] = board.draw_sprite(shape, fx, fy)
                    else:
                        sprites[key] = found if isinstance(found, _Sprite) else None
                steps.append((key, ix, iy))
            elif shape is not None:
                run.append(shape)
        layers.append(steps)
    images = board.render()
    runs = board.render_runs()
    pages = [_sprite_of(image, ax, ay, grey)
             for image, (ax, ay) in zip(images, board.anchors, strict=True)]
    for key, page in missing.items():
        sprite = sprites[key] = pages[page]
        _SPRITES.put(key, sprite if sprite is not None else _NOTHING,
                     64 if sprite is None else _bytes(sprite.ink) + _bytes(sprite.alpha))
    out = base.page.copy()
    for k, steps in enumerate(layers):
        placed: list[tuple[_Sprite, int, int]] = []
        for what, ix, iy in steps:
            sprite = runs[what] if isinstance(what, int) and ix == -1 == iy else sprites[what]
            if ix == -1 == iy:
                ix = iy = 0
            if sprite is not None:
                placed.append((sprite, ix + sprite.dx, iy + sprite.dy))
        if k == 0:
            _lay_under(out, base, placed)
        else:
            for sprite, x, y in placed:
                out.paste(sprite.ink, (x, y), sprite.alpha)
    return out, grey


def _lay_under(out: PILImage.Image, base: _Base, placed: list[tuple[_Sprite, int, int]]) -> None:
    """Lay the under sprites as the page does: on white, the grid over them."""
    from PIL import Image

    boxes: list[list[int]] = []
    for sprite, x, y in placed:
        box = [x, y, x + sprite.ink.width, y + sprite.ink.height]
        for other in boxes:  # sprites that overlap are laid as one tile
            if box[0] < other[2] and other[0] < box[2] and box[1] < other[3] and other[1] < box[3]:
                other[:] = [min(box[0], other[0]), min(box[1], other[1]),
                            max(box[2], other[2]), max(box[3], other[3])]
                break
        else:
            boxes.append(box)
    for box in boxes:
        left, top = max(0, box[0]), max(0, box[1])
        right, bottom = min(out.width, box[2]), min(out.height, box[3])
        if right <= left or bottom <= top:
            continue
        tile = Image.new("RGBA", (right - left, bottom - top), (255, 255, 255, 255))
        for sprite, x, y in placed:
            tile.paste(sprite.ink.convert("RGBA"), (x - left, y - top), sprite.alpha)
        tile.alpha_composite(base.grid.crop((left, top, right, bottom)).convert("RGBA"))
        out.paste(tile.convert(out.mode), (left, top))
