"""PNG boards put together from cached pieces (render/raster.py, issue 27's load): the same picture
as the whole page rendered by PDFium, for every game and layout, at a fraction of the cost."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image, ImageChops

from pbmkit.games import game_names, get_game
from pbmkit.games.batrakill.shipped import LAYOUTS
from pbmkit.render import raster
from pbmkit.render.png import board_png, drawing_png, pdfium_image, png_size
from pbmkit.render.shapes import Circle, Drawing, Placed, Polyline, Text
from pbmkit.render.svg import board_picture


def _games() -> list[Any]:
    """Every registered game, every shipped Batrakill layout and the Batu Khan board sizes."""
    games = [get_game(name) for name in game_names()]
    games += [get_game("batrakill").configure({"Layout": name}) for name in sorted(LAYOUTS)]
    games += [get_game("batukhan").configure({"Board": size}) for size in ("6x6", "6x7", "7x7")]
    return games


def _label(game: Any) -> str:
    return f"{game.title}-{len(game.sides)}-{len(game.board.names)}"


def _positions(game: Any, seed: int, count: int = 2) -> Iterator[tuple[Any, Any]]:
    """``count`` positions reached by seeded random play, each with the move that led to it."""
    rng = random.Random(seed)
    position, move = game.initial_position(), None
    for k in range(count):
        for _ in range(rng.randint(3, 14) if k == 0 else rng.randint(1, 6)):
            if game.outcome(position) is not None:
                break
            moves = game.legal_moves(position)
            if not moves:
                break
            move = rng.choice(list(moves))
            position = game.apply(position, move)
        yield position, move


def _compare(fast: Image.Image, whole: Image.Image) -> tuple[float, float]:
    """The mean absolute difference in grey levels and the share of pixels off by more than 64."""
    assert fast.size == whole.size
    hist = ImageChops.difference(fast.convert("L"), whole.convert("L")).histogram()
    pixels = fast.width * fast.height
    return sum(k * n for k, n in enumerate(hist)) / pixels, sum(hist[65:]) / pixels


def _fast(drawing: Drawing, width: int) -> Image.Image:
    got = raster.raster_image(drawing, width)
    assert got is not None
    return got[0]


@pytest.mark.parametrize("flip", [False, True])
@pytest.mark.parametrize("game", _games(), ids=_label)
def test_the_cached_board_is_the_whole_page_board(game: Any, flip: bool) -> None:
    """Seeded random positions of every game and layout, the last move marked, the players and
    the notes under the board: the board put together from cached pieces is the page PDFium
    renders whole, to a mean of under 2 grey levels and under 0.5 % of pixels off by more than 64
    (the edges of a character PDFium puts a third of a pixel apart in a whole line)."""
    players = ["Ann Example", "Bob", "Cid", "Dee", "Eve"][:len(game.sides)]
    for k, (position, move) in enumerate(_positions(game, 27 + flip)):
        drawing, _ = board_picture(game, position, last_move=move, flip=flip, players=players,
                                   notes=[f"{k + 7}. last move", "to move"])
        for width in (600, 960):
            mean, off = _compare(_fast(drawing, width), pdfium_image(drawing, width_px=width))
            assert mean < 2.0 and off < 0.005, (_label(game), flip, k, width, mean, off)


@pytest.mark.parametrize("game", _games()[:6], ids=_label)
def test_pieces_and_the_last_move_stand_where_the_drawing_puts_them(game: Any) -> None:
    """Each piece's body is inked in its colour at its centre's side, and the last move's arrow
    is black at its middle, in the PNG (decoded) that board_png writes."""
    position, move = next(iter(_positions(game, 5, 1)))
    drawing, _ = board_picture(game, position, last_move=move)
    image = Image.open(io.BytesIO(board_png(game, position, last_move=move, width_px=960)))
    image = image.convert("L")
    x0, _y0, _x1, y1 = drawing.bbox
    scale = image.width / drawing.width
    checked = 0
    for shape in drawing.over:
        if isinstance(shape, Polyline):  # the arrow: black halfway along its first step
            (ax, ay), (bx, by) = shape.points[0], shape.points[1]
            px, py = ((ax + bx) / 2 - x0) * scale, (y1 - (ay + by) / 2) * scale
            assert image.getpixel((round(px), round(py))) < 80, (_label(game), shape)  # type: ignore[operator]
            checked += 1
        if not isinstance(shape, Placed) or not shape.shapes:
            continue
        body = shape.shapes[0]
        if (not isinstance(body, Circle) or body.fill is None or body.radius * scale < 8
                or any(isinstance(s, Text) for s in shape.shapes) or len(shape.shapes) > 2):
            continue
        px = (shape.at[0] + body.centre[0] - 0.8 * body.radius - x0) * scale
        py = (y1 - shape.at[1] - body.centre[1]) * scale
        level = image.getpixel((round(px), round(py)))
        assert abs(level - 255 * sum(body.fill) / 3) < 60, (_label(game), shape.key)  # type: ignore[operator]
        checked += 1
    assert move is None or checked >= 1


@pytest.mark.parametrize("names", [
    ["علي بن أحمد", "Zoë Ünal"],  # right to left, and accents
    ["李小龍", "鈴木 一郎"],  # CJK: a system font where there is one (fonts-noto-cjk here)
    ["Ann", "\u202eevil\u202c Bob"],  # a bidi override inside a name
])
def test_right_to_left_and_cjk_names_are_drawn_as_the_page_draws_them(names: list[str]) -> None:
    game = get_game("batalo")
    position, move = next(iter(_positions(game, 3, 1)))
    drawing, _ = board_picture(game, position, last_move=move, players=names)
    fast, whole = _fast(drawing, 960), pdfium_image(drawing, width_px=960)
    # the lines under the board: inked, and inked as the page inks them
    box = (0, round(whole.height * 0.9), whole.width, whole.height)
    band = fast.crop(box).convert("L")
    assert band.getextrema()[0] < 100
    mean, off = _compare(band, whole.crop(box))
    assert mean < 2.0 and off < 0.005, (names, mean, off)


def test_a_warm_board_opens_no_whole_page_pdf(monkeypatch: pytest.MonkeyPatch) -> None:
    """Once a game's grid and glyphs are cached, a board of the same game without a new glyph,
    name or arrow is put together without PDFium at all (the whole page cost 25-50 ms)."""
    import pypdfium2

    game = get_game("batalo")
    position = game.initial_position()
    players = ["Ann", "Bob"]
    board_png(game, position, players=players, width_px=960)
    opened: list[object] = []
    real = pypdfium2.PdfDocument

    def counting(*args: Any, **kwargs: Any) -> Any:
        opened.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(pypdfium2, "PdfDocument", counting)
    data = board_png(game, position, players=players, width_px=960)
    assert opened == []
    assert png_size(data)[0] == 960


def test_the_caches_stay_within_their_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    """With caches far smaller than a game's glyphs, boards are still right, and the caches never
    hold more than their bound (one item over at most: the one just drawn)."""
    monkeypatch.setattr(raster, "_BASES", raster._Cache(1 << 20))
    monkeypatch.setattr(raster, "_SPRITES", raster._Cache(40_000))
    game = get_game("batrakill").configure({"Layout": "zones"})
    for position, move in _positions(game, 11, 3):
        drawing, _ = board_picture(game, position, last_move=move)
        mean, off = _compare(_fast(drawing, 700), pdfium_image(drawing, width_px=700))
        assert mean < 2.0 and off < 0.005
        _bases, sprites, _bands = raster.cache_bytes()
        assert len(raster._BASES.items) == 1 and sprites <= 40_000


def test_the_least_recently_used_item_goes_first() -> None:
    cache = raster._Cache(100)
    cache.put("a", 1, 40)
    cache.put("b", 2, 40)
    assert cache.get("a") == 1  # "b" is now the oldest
    cache.put("c", 3, 40)
    assert cache.get("b") is None and cache.get("a") == 1 and cache.get("c") == 3
    assert cache.used == 80
    cache.put("big", 4, 500)  # larger than the bound: kept alone, until the next
    assert list(cache.items) == ["big"] and cache.used == 500
    raster.clear_caches()
    assert raster.cache_bytes() == (0, 0, 0)


def test_a_grey_board_is_a_palette_png_of_evenly_spaced_greys() -> None:
    from pbmkit.render.png import GREY_LEVELS

    game = get_game("batalo")
    data = board_png(game, game.initial_position(), width_px=600)
    image = Image.open(io.BytesIO(data))
    assert image.mode == "P"
    palette = image.getpalette() or []
    greys = {palette[k] for k in range(0, 3 * GREY_LEVELS, 3)}
    assert len(greys) == GREY_LEVELS and {0, 255} <= greys


def test_a_coloured_drawing_keeps_its_colours() -> None:
    """The drawing model allows any RGB colour: such a board is quantised to 64 colours, as before."""
    from pbmkit.render.shapes import Polygon

    base = board_picture(get_game("billo"), get_game("billo").initial_position())[0]
    red = Placed("red-square", (0.0, 0.0), (Polygon(((-0.8, -0.8), (0.8, -0.8), (0.8, 0.8),
                                                     (-0.8, 0.8)), fill=(0.9, 0.1, 0.1)),))
    drawing = Drawing(bbox=base.bbox, grid=base.grid, over=(red,), grid_key=base.grid_key)
    image = Image.open(io.BytesIO(drawing_png(drawing, width_px=400))).convert("RGB")
    x0, _, _, y1 = drawing.bbox
    scale = 400 / drawing.width
    r, g, b = image.getpixel((round(-x0 * scale), round(y1 * scale)))  # type: ignore[misc]
    assert r > 180 and g < 80 and b < 80


def test_a_png_written_in_cached_bands_reads_back_pixel_for_pixel(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The grey PNG is written here (bands deflated apart, a band met before not deflated again):
    Pillow reads every pixel back, the palette and size too; with the bands cached or not, and
    with a band cache too small to keep anything, the file is the same."""
    from pbmkit.render.png import GREY_LEVELS, encode_png

    monkeypatch.setattr(raster, "_BANDS", raster._Cache(raster.BAND_BYTES))
    game = get_game("batukhan").configure({"Board": "6x7"})
    boards = [board_picture(game, p, last_move=m, players=["Ann", "Bob"])[0]
              for p, m in _positions(game, 8, 3)]
    images = [_fast(d, 333) for d in boards]  # an odd width, and a last band of a few rows
    first = [encode_png(image) for image in images]
    assert raster.cache_bytes()[2] > 0
    assert [encode_png(image) for image in images] == first  # from the cached bands
    monkeypatch.setattr(raster, "_BANDS", raster._Cache(1))
    assert [encode_png(image) for image in images] == first
    step = 255 / (GREY_LEVELS - 1)
    for image, data in zip(images, first, strict=True):
        back = Image.open(io.BytesIO(data))
        back.load()
        assert back.mode == "P" and back.size == image.size
        grey = back.convert("L")
        worst = max(ImageChops.difference(grey, image.convert("L")).getextrema())
        assert worst <= step / 2 + 1


def test_a_grid_key_met_again_with_another_grid_draws_that_grid() -> None:
    """A grid key is made of the ids of the board and its art, so a key can come back for another
    board once the first is gone: the cached base is taken for an equal grid only."""
    from pbmkit.render.shapes import Polygon

    first = board_picture(get_game("batalo"), get_game("batalo").initial_position())[0]
    x0, y0, x1, y1 = first.bbox
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    bar = Polygon(((cx - 3, cy - 3), (cx + 3, cy - 3), (cx + 3, cy + 3), (cx - 3, cy + 3)),
                  fill=(0.0, 0.0, 0.0))
    second = Drawing(bbox=first.bbox, grid=(*first.grid, bar), over=first.over,
                     grid_key=first.grid_key)
    _fast(first, 500)
    fast = _fast(second, 500)
    mean, off = _compare(fast, pdfium_image(second, width_px=500))
    assert mean < 2.0 and off < 0.005
    scale = 500 / second.width
    assert fast.getpixel((round((cx - x0) * scale), round((y1 - cy) * scale))) == 0  # the bar
