"""PNG boards: the drawing model rasterised by PDFium (pypdfium2) and written by Pillow.

The drawing is the one the SVG board draws (:func:`pbmkit.render.svg.board_picture`), put on a
one-page PDF by the PDF backend (the same fonts, shaping and right-to-left text as the printed
forms), rendered by PDFium at the asked width and written as a palette PNG: a board has greys
and a few colours, so 64 colours keep its antialiased edges and make a 600-pixel Batalo board
about 26 KB. docs/viewer.md ("PNG boards") says why PDFium rather than resvg.
"""

from __future__ import annotations

import io
import struct
import warnings
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from pbmkit.games import AnyGame
from pbmkit.render.shapes import Drawing

if TYPE_CHECKING:
    from PIL import Image

__all__ = ["COMPRESS_LEVEL", "GREY_LEVELS", "MAX_WIDTH", "MIN_WIDTH", "board_png", "drawing_png",
           "encode_png", "pdfium_image", "png_size", "position_words"]

MIN_WIDTH = 60
"""The narrowest PNG board, in pixels."""
MAX_WIDTH = 4000
"""The widest PNG board, in pixels (a 4000-pixel Batalo board is about 0.5 MB)."""
_COLOURS = 64


def drawing_png(drawing: Drawing, *, width_px: int = 600, title: str = "") -> bytes:
    """``drawing`` as a PNG ``width_px`` pixels wide (the height follows), on white.

    Put together from pieces rasterised once and cached (:mod:`pbmkit.render.raster`: the grid,
    each glyph, each text), so a board costs a few milliseconds; a drawing without a
    ``grid_key`` is rendered whole (:func:`pdfium_image`). ``ValueError`` for a width outside
    :data:`MIN_WIDTH` .. :data:`MAX_WIDTH`.
    """
    _check_width(width_px)
    from pbmkit.render.raster import raster_image

    got = raster_image(drawing, width_px)
    if got is None:
        return encode_png(pdfium_image(drawing, width_px=width_px, title=title))
    return encode_png(got[0])


def _check_width(width_px: int) -> None:
    if not MIN_WIDTH <= width_px <= MAX_WIDTH:
        raise ValueError(f"a PNG board is {MIN_WIDTH} to {MAX_WIDTH} pixels wide, not {width_px}")


def pdfium_image(drawing: Drawing, *, width_px: int = 600, title: str = "") -> Image.Image:
    """``drawing`` rendered whole: put on a one-page PDF by the PDF backend and rendered by
    PDFium at ``width_px``, on white (mode ``RGB``). The reference the cached path is tested
    against, and the path of a drawing without a ``grid_key``."""
    _check_width(width_px)
    import pypdfium2
    from PIL import Image

    from pbmkit.render.pdf import draw_drawing, finish, new_canvas
    from pbmkit.render.templates import Paper

    buffer = io.BytesIO()
    canvas = new_canvas(buffer, Paper("png", "PNG", drawing.width, drawing.height), title=title,
                        subject="board")
    canvas.setPageCompression(0)  # read at once by PDFium: deflating it only costs time
    draw_drawing(canvas, drawing, 0.0, 0.0, drawing.width, drawing.height)
    canvas.showPage()
    with warnings.catch_warnings():  # a character no font has is left out of the picture
        warnings.simplefilter("ignore")
        pdf = finish(canvas, buffer)
    document = pypdfium2.PdfDocument(pdf)
    try:
        page = document[0]
        bitmap = page.render(scale=width_px / drawing.width)  # on white
        image: Image.Image = bitmap.to_pil().convert("RGB")
        page.close()
        if image.width != width_px:  # PDFium rounds the page up: 601 pixels for a 600.2 page
            fitted = Image.new("RGB", (width_px, image.height), (255, 255, 255))
            fitted.paste(image.crop((0, 0, min(width_px, image.width), image.height)))
            image = fitted
    finally:
        document.close()
    return image


GREY_LEVELS = 16
"""The greys of a grey board's palette, evenly spaced: 0, 17, 34 ... 255 (off by 8 levels at most;
the 64 colours an octree picked for each board before came to 16 greys too, off by up to 13).
32 greys made a Batalo board at 960 px 14 % larger (93 KB against 82) for no visible gain."""
COMPRESS_LEVEL = 3
"""zlib's level for the PNG: chosen by measurement (docs/viewer.md, "PNG boards")."""
_TO_INDEX = [round(v * (GREY_LEVELS - 1) / 255) for v in range(256)]
_GREY_PALETTE = [round(k * 255 / (GREY_LEVELS - 1)) for k in range(GREY_LEVELS) for _ in range(3)]


def encode_png(image: Image.Image) -> bytes:
    """``image`` (mode ``L`` or ``RGB``) as a palette PNG: a grey image with the fixed palette of
    :data:`GREY_LEVELS` greys, written in cached bands (:func:`pbmkit.render.raster.palette_png`),
    any other with 64 colours picked for it (an octree), written by Pillow."""
    from PIL import Image

    if image.mode == "RGB":
        r, g, b = image.split()
        if r.tobytes() == g.tobytes() == b.tobytes():
            image = r
    if image.mode == "L":
        from pbmkit.render.raster import palette_png

        return palette_png(image.point(_TO_INDEX), _GREY_PALETTE, COMPRESS_LEVEL)
    palette = image.quantize(_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    palette.save(out, "PNG", compress_level=COMPRESS_LEVEL)
    return out.getvalue()


def board_png(game: AnyGame, position: Any, *, last_move: Any = None, flip: bool = False,
              names: bool = True, last_moves: Iterable[Any] = (), players: Sequence[str] = (),
              notes: Sequence[str] = (), width_px: int = 600) -> bytes:
    """The board of :func:`pbmkit.render.svg.board_svg` as a PNG ``width_px`` pixels wide: the
    same drawing (pieces, last move, space names, what stands beside the board, the players and
    the notes: last move, whose turn or the result)."""
    from pbmkit.render.svg import board_picture

    drawing, title = board_picture(game, position, last_move=last_move, flip=flip, names=names,
                                   last_moves=last_moves, players=players, notes=notes)
    return drawing_png(drawing, width_px=width_px, title=title)


def png_size(data: bytes) -> tuple[int, int]:
    """The (width, height) of the PNG ``data``, read from its header."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise ValueError("not a PNG image")
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


def position_words(game: AnyGame, position: Any) -> str:
    """The position in words, for a picture's ``alt`` text: each kind of piece and the spaces
    it stands on (``White column: DW. White stone: IQ, JP, KP.``), then what stands beside the
    board (``South in hand: blue stone, ...``). Kinds are named by the game's legend."""
    from pbmkit.render.art import art_for

    art = art_for(game)
    legend = dict(art.legend)

    def word(symbol: str) -> str:
        meaning = legend.get(symbol.upper()) if symbol != symbol.upper() else None
        meaning = (meaning or legend.get(symbol) or symbol).split(" (")[0]
        owner = art.owners.get(symbol, "")
        if owner and not meaning.lower().startswith(owner.lower()):
            meaning = f"{owner} {meaning}"
        return meaning[:1].upper() + meaning[1:]

    groups: dict[str, list[str]] = {}
    for space, symbol in sorted(art.symbols(position).items()):
        groups.setdefault(word(symbol), []).append(game.board.names[space])
    parts = [f"{kind}: {', '.join(spaces)}" for kind, spaces in groups.items()] or ["no pieces"]
    if art.beside is not None:
        for label, symbols in art.beside(position):
            parts.append(f"{label}: {', '.join(word(s).lower() for s in symbols) or 'none'}")
    return ". ".join(parts) + "."
