"""The fast path of the PNG board: a :class:`~pbmkit.render.shapes.Drawing` put together from
pieces rasterised once by PDFium and kept.

Every pixel still comes from PDFium drawing the PDF backend's shapes (the same fonts, shaping and
right-to-left text as the printed forms): only what is drawn once and reused changes.

* The **base**: the white page with the grid (``Drawing.grid``, promised equal for equal
  ``grid_key``), rendered once per (grid key, box, width) exactly as the whole-board path renders
  a page; and the grid alone on transparent, to lay back over what lies under it.
* **Sprites**, on transparent, cut to what they ink: the paths of a placed group (``Placed``: a
  piece, a last-move dot or end outline; equal ``key`` promises equal shapes), up to and between
  its texts, once per key, scale and quarter-pixel phase; each character once per font, size,
  colour and third of a pixel across (PDFium puts a character there, its baseline on a whole
  row); each text line once, put together from its characters as ``pdf.draw_text`` lays it out.
* Per board: a copy of the base; the ``under`` sprites (the last move's end outlines) laid on white
  with the grid composited back over them, as the page draws them; the ``over`` sprites pasted at
  their pixels, in drawing order; any other shape (the last move's arrow) rendered by PDFium for
  this board alone, cropped to its box. Paths go to PDFium in a PDF written here; only a new
  character goes through ReportLab (its font embedded), a page each.
* The PNG of a grey board (:func:`palette_png`): bands of rows deflated apart, a band met
  before taken from a cache.

Positions follow the page as PDFium renders it (its effective scales across and down, from the
page size it reads), so a sprite lands where the whole page would have drawn it. The caches are
bounded (least recently used out first) by bytes: :data:`BASE_BYTES`, :data:`SPRITE_BYTES`,
:data:`BAND_BYTES`. docs/viewer.md ("PNG boards") has the design and the figures.

Over 600 lines on purpose: one fast path whose caches (the base, the sprites, the glyphs) are
keyed alike and must stay in step with how they are composed; split, a key and its use would live
apart.
"""


import ctypes
import io
import math
import struct
import warnings
import zlib
from collections import OrderedDict
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, NamedTuple

from pbmkit.render.shapes import (
    PLACED_REACH,
    Circle,
    Colour,
    Drawing,
    Placed,
    Point,
    Polygon,
    Polyline,
    Shape,
    Text,
)

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
"""Whether each placed group (by ``key``) is grey: a few hundred keys at most (the games' glyphs),
kept for the process; cleared past 4,096."""


def _keyed_grey(key: str, shapes: Sequence[Shape]) -> bool:
    got = _GREY_KEYS.get(key)
    if got is None:
        if len(_GREY_KEYS) >= 4096:
            _GREY_KEYS.clear()
        got = _GREY_KEYS[key] = all(_shape_grey(s) for s in shapes)
    return got


_GRID_GREY: dict[int, tuple[Sequence[Shape], bool]] = {}
"""Whether each grid is grey, by the grid's identity (the entry keeps the grid alive, so that its
``id`` is not another grid's); cleared past 256 grids."""


def _grid_grey(grid: Sequence[Shape]) -> bool:
    got = _GRID_GREY.get(id(grid))
    if got is None or got[0] is not grid:
        if len(_GRID_GREY) >= 256:
            _GRID_GREY.clear()
        got = _GRID_GREY[id(grid)] = (grid, all(_shape_grey(s) for s in grid))
    return got[1]


def _drawing_grey(drawing: Drawing) -> bool:
    """Whether every colour of ``drawing`` is a grey."""
    return (_grid_grey(drawing.grid)
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

    page: "PILImage.Image"
    """The white page with the grid: mode ``L`` (a grey grid) or ``RGB``."""
    grid: "PILImage.Image"
    """The grid alone on transparent (``LA`` or ``RGBA``)."""
    shapes: Sequence[Shape]
    """The grid's shapes it was drawn from."""
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
    ink: "PILImage.Image"
    alpha: "PILImage.Image"
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


def palette_png(indexes: "PILImage.Image", palette: Sequence[int], level: int) -> bytes:
    """A palette PNG of ``indexes`` (mode ``L`` or ``P``: a palette index a pixel) and
    ``palette`` (r, g, b, r, g, b ...), deflated at ``level``.

    The rows are deflated in bands of :data:`BAND_ROWS`, each on its own (a full flush between
    them), and a band met before is not deflated again: a board shares most of its rows with the
    empty board and with the boards before it (the margins, the rows without pieces, the rows
    that did not change). Costs about a tenth in size against one stream; halves the time.
    """
    from PIL import Image

    width, height = indexes.size
    rows = Image.new("L", (width + 1, height), 0)  # each row after its filter byte: 0, none
    rows.paste(indexes, (1, 0))
    raw = rows.tobytes()
    step = (width + 1) * BAND_ROWS
    adler = 1
    parts = []
    for start in range(0, len(raw), step):
        band = raw[start:start + step]
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


def _bytes(image: "PILImage.Image") -> int:
    return image.width * image.height * len(image.getbands())


def _phase(value: float, phases: int = PHASES) -> tuple[int, float]:
    """``value`` as a whole pixel and a phase (the nearest multiple of 1/phases, below 1)."""
    whole = math.floor(value)
    step = round((value - whole) * phases)
    if step == phases:
        return whole + 1, 0.0
    return whole, step / phases


_LINE_PHASES = 12
"""The phases across a text line is kept at: each of its characters is then put at its third of a
pixel as from the line's exact place, but for one in 12 or so."""
_CHAR_PHASES = 3
"""PDFium draws a character at the nearest third of a pixel across (and its baseline on the
nearest row): a character's sprite kept at those three phases is the very one it draws."""


def _new_pdf() -> tuple[io.BytesIO, "Canvas"]:
    from pbmkit.render.pdf import new_canvas
    from pbmkit.render.templates import Paper

    buffer = io.BytesIO()
    canvas = new_canvas(buffer, Paper("png", "PNG", 10.0, 10.0), title="", subject="board")
    canvas.setPageCompression(0)  # read at once by PDFium: deflating it only costs time
    return buffer, canvas


def _page_images(pdf: bytes, jobs: Sequence[tuple[int, int, float, float, float, float]]
                 ) -> list["PILImage.Image"]:
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
    # A grid key is made of the ids of the board and its art: a grid drawn for a board since
    # gone could answer for another; the base keeps its grid and is taken for an equal one only.
    if isinstance(found, _Base) and (found.shapes is drawing.grid or found.shapes == drawing.grid):
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
    base = _Base(white, clear, drawing.grid, sx, sy, pw, ph, (drawing.bbox[0], drawing.bbox[1]), grey)
    _BASES.put(key, base, _bytes(white) + _bytes(clear))
    return base


def _sprite_of(image: "PILImage.Image", ax: int, ay: int, grey: bool) -> _Sprite | None:
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


class _Group(NamedTuple):
    """The text-free part of a placed group (its shapes between two texts), clipped to +-1 about
    ``at`` as the PDF backend's form clips it."""

    key: str
    at: Point
    shapes: tuple[Shape, ...]


_Item = _Group | Text | Polygon | Polyline | Circle
_SPLITS: dict[str, tuple[tuple[str, Shape | tuple[Shape, ...]], ...]] = {}


def _items(layer: Sequence[Shape]) -> Iterator[_Item]:
    """``layer``'s shapes as the pieces drawn from the caches: a placed group's paths (up to and
    between its texts) and each of its texts, put where the group is."""
    for shape in layer:
        if not isinstance(shape, Placed):
            yield shape
            continue
        split = _SPLITS.get(shape.key)
        if split is None:
            parts: list[tuple[str, Shape | tuple[Shape, ...]]] = []
            paths: list[Shape] = []
            for inner in shape.shapes:
                if isinstance(inner, Text):
                    if paths:
                        parts.append((f"{shape.key}#{len(parts)}", tuple(paths)))
                        paths = []
                    parts.append(("", inner))
                else:
                    paths.append(inner)
            if paths:
                parts.append((f"{shape.key}#{len(parts)}", tuple(paths)))
            if len(_SPLITS) >= 4096:
                _SPLITS.clear()
            split = _SPLITS[shape.key] = tuple(parts)
        x, y = shape.at
        for key, part in split:
            if isinstance(part, Text):
                yield replace(part, x=x + part.x, y=y + part.y)
            elif isinstance(part, tuple):
                yield _Group(key, shape.at, part)


class _Glyph(NamedTuple):
    """One character of a text line laid out: its font and where its origin stands from the
    line's anchor, in drawing units."""

    char: str
    font: str
    dx: float


def _layout(text: Text) -> list[_Glyph]:
    """``text`` laid out as :func:`pbmkit.render.pdf.draw_text` draws it: shaped, in display
    order, each character in the font that has it, one after the other at their widths."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from pbmkit.render.pdf import Fonts, TextLine
    from pbmkit.render.text import display_order

    line = TextLine(text.text, text.bold, Fonts())
    chars, fonts = line.chars, line.fonts
    joined = "".join(chars)
    visual = display_order(joined)
    if visual != joined:  # reordered: each character keeps its font, found again by character
        by_char = dict(zip(chars, fonts, strict=True))
        fonts = [by_char.get(ch, line.primary) for ch in visual]
    width = line.width(text.size)
    x = -{"middle": width / 2, "end": width}.get(text.anchor, 0.0)
    out = []
    for ch, font in zip(visual, fonts, strict=True):
        out.append(_Glyph(ch, font, x))
        x += stringWidth(ch, font, text.size)
    return out


_Job = tuple[int, int, float, float, float, float]
"""A page's bitmap (width, height), the scales across and down, and the move (e, f)."""


class _Board:
    """One board being put together: what it needs drawn that no cache holds, then drawn."""

    def __init__(self, drawing: Drawing, base: _Base, width_px: int) -> None:
        self.drawing = drawing
        self.base = base
        self.width_px = width_px
        self.paths: list[tuple[float, float, str]] = []
        """Pages of paths (written here: :func:`_paths_pdf`): groups and runs."""
        self.path_jobs: list[_Job] = []
        self.path_anchors: list[tuple[int, int]] = []
        self.path_keys: list[Hashable | None] = []
        """The sprite key of each page of paths; ``None``: a run of this board."""
        self.buffer: io.BytesIO | None = None
        self.canvas: Canvas | None = None
        """The ReportLab document of the characters to draw (made when one is needed)."""
        self.char_jobs: list[_Job] = []
        self.char_anchors: list[tuple[int, int]] = []
        self.char_keys: list[Hashable] = []
        self.lines: dict[Hashable, tuple[Colour, list[tuple[Hashable, int, int]]]] = {}
        """Each text line to put together: its characters' keys and pixels from its anchor."""
        self.have: dict[Hashable, _Sprite | None] = {}
        """The cached characters of those lines (kept here: the cache may let them go)."""

    def group(self, group: _Group, fx: float, fy: float, key: Hashable) -> None:
        """Keep a page of ``group``'s paths about the page's (2, 2), to cut into its sprite."""
        base = self.base
        side = 4.0
        margin = math.ceil(PLACED_REACH * max(base.sx, base.sy)) + 2
        size = 2 * margin + 1
        reach = f"{-PLACED_REACH} {-PLACED_REACH} {2 * PLACED_REACH} {2 * PLACED_REACH}"
        content = (f"1 0 0 1 2 2 cm {reach} re W n "
                   + " ".join(_path_ops(s) for s in group.shapes))
        self.paths.append((side, side, content))
        # the page's (2, 2), display (2, side - 2), goes to the pixel (margin + fx, margin + fy)
        self.path_jobs.append((size, size, base.sx, base.sy, margin + fx - 2.0 * base.sx,
                               margin + fy - (side - 2.0) * base.sy))
        self.path_anchors.append((margin, margin))
        self.path_keys.append(key)

    def run(self, run: Sequence[Shape]) -> int | None:
        """Keep ``run`` (shapes kept for no other board: the last move's arrow) for a page of
        the board's size, rendered cropped to its box; returns its page (``None``: off the
        picture)."""
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
        self.paths.append((base.page_width, base.page_height, content))
        self.path_jobs.append((right - left, bottom - top, base.sx, base.sy, -float(left),
                               -float(top)))
        self.path_anchors.append((-left, -top))
        self.path_keys.append(None)
        return len(self.paths) - 1

    def line(self, text: Text, fx: float, key: Hashable, wanted: set[Hashable]) -> None:
        """Lay ``text`` out at the phase ``fx`` across, and keep a page for each of its
        characters that no cache holds (nor an earlier page: ``wanted``)."""
        base = self.base
        glyphs: list[tuple[Hashable, int, int]] = []
        for glyph in _layout(text):
            cx, cfx = _phase(fx + glyph.dx * base.sx, _CHAR_PHASES)
            char_key = ("C", glyph.char, glyph.font, text.size, text.fill, cfx, base.sx,
                        base.sy, base.grey)
            glyphs.append((char_key, cx, 0))
            if char_key in wanted or char_key in self.have:
                continue
            got = _SPRITES.get(char_key)
            if got is None:  # drawn at every phase at once: one ReportLab document, not three
                for step in range(_CHAR_PHASES):
                    phase = step / _CHAR_PHASES
                    other = (*char_key[:5], phase, *char_key[6:])
                    if other == char_key or (other not in wanted and _SPRITES.get(other) is None):
                        wanted.add(other)
                        self.char(glyph, text, phase, other)
            else:
                self.have[char_key] = got if isinstance(got, _Sprite) else None
        self.lines[key] = (text.fill, glyphs)

    def char(self, glyph: _Glyph, text: Text, fx: float, key: Hashable) -> None:
        """Keep a ReportLab page of one character, its origin at the page's (1.5, 1.5) em."""
        if self.canvas is None:
            self.buffer, self.canvas = _new_pdf()
        base, canvas, size = self.base, self.canvas, text.size
        side = 4.0 * size
        canvas.setPageSize((side, side))
        canvas.setFont(glyph.font, size)
        canvas.setFillColorRGB(*text.fill)
        canvas.drawString(1.5 * size, 1.5 * size, glyph.char)
        canvas.showPage()
        width, height = math.ceil(side * base.sx) + 2, math.ceil(side * base.sy) + 2
        ax, ay = math.ceil(1.5 * size * base.sx) + 1, math.ceil(2.5 * size * base.sy) + 1
        # the origin, display (1.5, 2.5) em, goes to the pixel (ax + fx, ay): PDFium puts a
        # text's baseline on a whole row (rounded), its characters at a third of a pixel across
        self.char_jobs.append((width, height, base.sx, base.sy, ax + fx - 1.5 * size * base.sx,
                               ay - 2.5 * size * base.sy))
        self.char_anchors.append((ax, ay))
        self.char_keys.append(key)

    def draw(self) -> dict[Hashable, _Sprite | None]:
        """Render every page kept; store the sprites in the cache; returns the runs' sprites by
        page, the lines put together, and every sprite drawn, by key."""
        grey = self.base.grey
        drawn: dict[Hashable, _Sprite | None] = {}
        if self.paths:
            images = _page_images(_paths_pdf(self.paths), self.path_jobs)
            for k, (image, (ax, ay), key) in enumerate(zip(
                    images, self.path_anchors, self.path_keys, strict=True)):
                sprite = _sprite_of(image, ax, ay, grey)
                drawn[k if key is None else key] = sprite
                if key is not None:
                    _store(key, sprite)
        if self.canvas is not None and self.buffer is not None:
            from pbmkit.render.pdf import finish

            with warnings.catch_warnings():  # a character no font has is left out
                warnings.simplefilter("ignore")
                pdf = finish(self.canvas, self.buffer)
            images = _page_images(pdf, self.char_jobs)
            for image, (ax, ay), key in zip(images, self.char_anchors, self.char_keys,
                                            strict=True):
                drawn[key] = sprite = _sprite_of(image, ax, ay, grey)
                _store(key, sprite)
        for key, (fill, glyphs) in self.lines.items():
            drawn[key] = sprite = _compose([(drawn[k] if k in drawn else self.have[k], x, y)
                                            for k, x, y in glyphs], fill, grey)
            _store(key, sprite)
        return drawn


def _store(key: Hashable, sprite: _Sprite | None) -> None:
    _SPRITES.put(key, sprite if sprite is not None else _NOTHING,
                 64 if sprite is None else _bytes(sprite.ink) + _bytes(sprite.alpha))


def _compose(parts: Sequence[tuple[_Sprite | None, int, int]], fill: Colour,
             grey: bool) -> _Sprite | None:
    """One sprite of the characters of a line (sprites, and where their anchors stand from the
    line's), each laid over the ones before: their coverage added up, in the line's colour."""
    from PIL import Image

    placed = [(s, x + s.dx, y + s.dy) for s, x, y in parts if s is not None]
    if not placed:
        return None
    if len(placed) == 1:
        sprite, x, y = placed[0]
        return replace(sprite, dx=x, dy=y)
    left = min(x for _, x, _ in placed)
    top = min(y for _, _, y in placed)
    size = (max(x + s.ink.width for s, x, _ in placed) - left,
            max(y + s.ink.height for s, _, y in placed) - top)
    alpha = Image.new("L", size, 0)
    for sprite, x, y in placed:  # 255 through each character's coverage: "over" for alpha
        alpha.paste(255, (x - left, y - top, x - left + sprite.ink.width,
                          y - top + sprite.ink.height), sprite.alpha)
    rgb = tuple(round(255 * v) for v in fill)
    ink = Image.new("L", size, rgb[0]) if grey else Image.new("RGB", size, rgb)
    return _Sprite(ink, alpha, left, top, grey)


_Step = tuple[Hashable, int, int]
"""A sprite's key and the pixel it is placed at; or (page, -1, -1) for a run of this board."""


def raster_image(drawing: Drawing, width_px: int) -> tuple["PILImage.Image", bool] | None:
    """``drawing`` rasterised ``width_px`` wide on white, put together from cached pieces, and
    whether it is grey (the image is then mode ``L``, else ``RGB``); ``None`` for a drawing
    without a ``grid_key`` (nothing to reuse: the whole-page path draws it)."""
    if not drawing.grid_key:
        return None
    grey = _drawing_grey(drawing)
    base = _base(drawing, width_px, grey)
    board = _Board(drawing, base, width_px)
    sx, sy = base.sx, base.sy
    found: dict[Hashable, _Sprite | None] = {}
    wanted: set[Hashable] = set()
    layers: list[list[_Step]] = []
    for layer in (drawing.under, drawing.over):
        steps: list[_Step] = []
        run: list[Shape] = []
        for item in [*_items(layer), None]:
            if run and not isinstance(item, Polygon | Polyline | Circle):
                page = board.run(run)
                if page is not None:
                    steps.append((page, -1, -1))
                run = []
            if isinstance(item, Polygon | Polyline | Circle):
                run.append(item)
                continue
            if item is None:
                continue
            if isinstance(item, _Group):
                px, py = base.at(*item.at)
                ix, fx = _phase(px)
                iy, fy = _phase(py)
                key: Hashable = ("G", item.key, sx, sy, fx, fy, grey)
            else:
                px, py = base.at(item.x, item.y)
                ix, fx = _phase(px, _LINE_PHASES)
                iy = math.floor(py + 0.5)  # PDFium puts a baseline on a whole row
                key = ("L", item.text, item.size, item.bold, item.fill, item.anchor, fx, sx, sy,
                       grey)
            steps.append((key, ix, iy))
            if key in found or key in wanted:
                continue
            got = _SPRITES.get(key)
            if got is not None:
                found[key] = got if isinstance(got, _Sprite) else None
            elif isinstance(item, _Group):
                wanted.add(key)
                board.group(item, fx, fy, key)
            else:
                wanted.add(key)
                board.line(item, fx, key, wanted)
        layers.append(steps)
    found.update(board.draw())
    out = base.page.copy()
    for k, steps in enumerate(layers):
        placed: list[tuple[_Sprite, int, int]] = []
        for what, ix, iy in steps:
            sprite = found.get(what)
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


def _lay_under(out: "PILImage.Image", base: _Base, placed: list[tuple[_Sprite, int, int]]) -> None:
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
