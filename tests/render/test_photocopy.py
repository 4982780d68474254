"""Issue 39: what a photocopy keeps. Each form is printed to PDF, rasterised at 300 dpi in grey
(poppler's ``pdftoppm``) and put through a copier's 50 % threshold; the marks that carry meaning
must still be there: Batrakill's X squares apart from its camp squares, the zones' tower-site
letters, the turn boxes' writing lines and the lines to write on beside a board. And the marks
read as what they are: the last move's end is no base's or camp's double outline, an arrow crossing
another move's end cell does not run into its edge, the tick words of a Mailer are one size, an
alternate series' divider stands clear of the rows round it."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path
from typing import Any

import pdfplumber
import pytest

from pbmkit.games import get_game
from pbmkit.records import check_text
from pbmkit.render.diagram import DiagramStyle, game_drawing, space_centres
from pbmkit.render.from_record import chart_entries, chart_header, mailer_card
from pbmkit.render.mailer import mailer_pdf
from pbmkit.render.pdf import draw_drawing, finish, new_canvas, text_width
from pbmkit.render.records_chart import chart_grid, records_chart_pdf, slot_place
from pbmkit.render.shapes import Drawing
from pbmkit.render.templates import Paper

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
DPI = 300
PX = DPI / 72.0  # pixels a point


def photocopy(pdf: bytes, tmp_path: Path, page: int = 1) -> tuple[Any, float]:
    """Page ``page`` of ``pdf`` at 300 dpi in grey, thresholded at 50 %: (black pixels as a set
    of (x, y), the page's height in points)."""
    from PIL import Image

    src = tmp_path / "form.pdf"
    src.write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", "-png", "-f", str(page), "-l", str(page),
                    "-singlefile", str(src), str(tmp_path / "page")], check=True)
    image = Image.open(tmp_path / "page.png").convert("L")
    height_pt = image.size[1] / PX
    black = image.point(lambda v: 255 if v < 128 else 0)
    return black, height_pt


def dark(image: Any, x0: float, y0: float, x1: float, y1: float) -> int:
    """Black pixels in the box of points (x0, y0)-(x1, y1), y from the page's top."""
    box = image.crop((round(x0 * PX), round(y0 * PX), round(x1 * PX), round(y1 * PX)))
    return sum(1 for v in box.getdata() if v)


def chars(pdf: bytes, page: int = 0) -> list[dict[str, Any]]:
    """Every character of a page with its box (pdfplumber: x0, x1, top, bottom from the top)."""
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        return [dict(c) for c in doc.pages[page].chars if str(c["text"]).strip()]


def _square(game: Any, name: str, height_pt: float) -> tuple[float, float, float]:
    """Where the first diagram of a blank Records Chart prints square ``name``: its centre
    (points, y from the page's top) and a cell's side."""
    place = slot_place(game, chart_grid(game), 0)
    x, y = place.point(space_centres(game.board)[game.board.space(name)])
    return x, height_pt - y, 2 * place.scale


def test_x_squares_stay_apart_from_camp_squares_on_a_photocopy(tmp_path: Path) -> None:
    """The X squares' letter was 62 % grey: on a copy an X square was a plain box like a camp
    square. Now a black cross in it, which a copy keeps, and the camp square stays plain."""
    game = get_game("batrakill")
    image, height = photocopy(records_chart_pdf(game), tmp_path)

    def centre(square: str) -> int:
        x, y, cell = _square(game, square, height)
        inside = 0.3 * cell  # within the inner outline (0.74 of the cell), clear of it
        return dark(image, x - inside, y - inside, x + inside, y + inside)

    x_square, camp, plain = centre("a9"), centre("a1"), centre("a5")
    assert camp == plain == 0
    assert x_square > 150, (x_square, camp)


def test_tower_site_letters_and_the_line_to_write_on_survive_a_photocopy(tmp_path: Path) -> None:
    """The zones master sheet: the letters N, W, E, S of the tower sites were 62 % grey and
    vanished (four identical boxes); the line under "Eaten" was 55 % grey and vanished too."""
    game = check_text((EXAMPLES / "batrakill-03-four-players.txt").read_text("utf-8"))[0].game
    pdf = records_chart_pdf(game)
    image, height = photocopy(pdf, tmp_path)
    for square in ("e2", "e8", "b5", "h5", "e5"):
        x, y, cell = _square(game, square, height)
        inside = 0.3 * cell
        assert (dark(image, x - inside, y - inside, x + inside, y + inside) > 100) == (
            square != "e5"), square
    found = chars(pdf)
    eaten = next(c for k, c in enumerate(found)  # the column's label "Eaten" of the first diagram
                 if "".join(x["text"] for x in found[k:k + 5]) == "Eaten")
    x = eaten["x0"]
    band = dark(image, x + 2, eaten["bottom"] + 1, x + 40, eaten["bottom"] + 14)
    assert band > 38 * PX, band  # a line under the label, most of its length


def test_the_turn_boxes_writing_lines_survive_a_photocopy(tmp_path: Path) -> None:
    """Baladãna's turn boxes have two writing lines: the rule between them was 60 % grey and
    vanished on a copy."""
    game = get_game("baladana")
    pdf = records_chart_pdf(game)
    image, height = photocopy(pdf, tmp_path)
    grid = chart_grid(game)
    assert grid.lines == 2
    bx, by, _, bh = slot_place(game, grid, 0).box
    top = height - (by + bh)
    rule = top + 8.5 + 19.84  # under the label row and the first writing line
    x = bx
    line = dark(image, x + 10, rule - 1.5, x + 110, rule + 1.5)
    assert line > 95 * PX, line  # a line across the box


def _drawing_pdf(drawing: Drawing, ppu: float = 8.0) -> bytes:
    w, h = drawing.width * ppu, drawing.height * ppu
    buf = io.BytesIO()
    c = new_canvas(buf, Paper("test", "test", w + 20, h + 20), title="t", subject="t")
    draw_drawing(c, drawing, 10, 10, w, h)
    c.showPage()
    return finish(c, buf)


def _runs(image: Any, drawing: Drawing, a: tuple[float, float], b: tuple[float, float],
          ppu: float = 8.0) -> list[int]:
    """The black runs (their lengths in pixels) met walking from board point ``a`` to ``b``."""
    x0, _, _, y1 = drawing.bbox
    steps = 400
    out: list[int] = []
    inside = False
    for k in range(steps + 1):
        px = a[0] + (b[0] - a[0]) * k / steps
        py = a[1] + (b[1] - a[1]) * k / steps
        x, y = (10 + (px - x0) * ppu) * PX, (10 + (y1 - py) * ppu) * PX
        black = bool(image.getpixel((round(x), round(y))))
        if black and not inside:
            out.append(0)
        if black:
            out[-1] += 1
        inside = black
    scale = steps / (((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5 * ppu * PX)
    return [round(n / scale) for n in out]


@pytest.mark.parametrize(("name", "moves", "marked"), [
    ("batalo", ["JP to HR"], "JQ"),   # a base: White's, at the bottom
    ("batu khan", ["W@c3"], "a1"),   # a camp square
])
def test_the_last_moves_end_is_one_heavy_edge_never_a_double_outline(
        name: str, moves: list[str], marked: str, tmp_path: Path) -> None:
    """Batalo: the end's thick outline stood inside the cell with a gap to the grid line, and
    looked like a base's double outline; Batu Khan: like a camp square. Now the end cell's own
    edge is drawn heavy: walking out from its centre a copy shows one black run at the edge, at
    least twice the grid line; a base or camp shows two (its inner outline, then the edge)."""
    game = get_game(name)
    position = game.initial_position()
    played = []
    for text in moves:
        move = game.notation.read(text, position)
        played.append(move)
        position = game.apply(position, move)
    style = DiagramStyle.for_scale(8.0, grid_pt=0.45, border_pt=1.1)
    drawing = game_drawing(game, position, last_moves=played, style=style)
    image, _ = photocopy(_drawing_pdf(drawing), tmp_path)
    centres = space_centres(game.board)
    end = game.touched(played[-1])[0][-1]
    base = game.board.space(marked)
    assert end != base
    (ex, ey), (bx, by) = centres[end], centres[base]
    # outwards through the middle of an edge: the end's on the far side from the move's start
    # (clear of its arrow), from beyond the piece standing there; the base's likewise
    import math

    angles = [30 + 60 * k for k in range(6)] if game.board.kind == "hex" else [0, 90, 180, 270]
    apothem = math.sqrt(3) / 2 if game.board.kind == "hex" else 1.0
    path = game.touched(played[-1])[0]
    sx, sy = centres[path[0]] if len(path) > 1 else (ex - 1.0, ey)

    def normal(a: float) -> tuple[float, float]:
        return math.cos(math.radians(a)), math.sin(math.radians(a))

    def ray(x: float, y: float, d: tuple[float, float]) -> list[int]:
        return _runs(image, drawing, (x + 0.72 * apothem * d[0], y + 0.72 * apothem * d[1]),
                     (x + 1.15 * apothem * d[0], y + 1.15 * apothem * d[1]))

    away = max((normal(a) for a in angles), key=lambda d: d[0] * (ex - sx) + d[1] * (ey - sy))
    end_runs = ray(ex, ey, away)
    # the base (camp) on the empty board: its inner outline, then its edge
    blank = game_drawing(game, None, style=style)
    image, _ = photocopy(_drawing_pdf(blank), tmp_path)
    drawing = blank
    cx = sum(x for x, _ in centres) / len(centres)
    cy = sum(y for _, y in centres) / len(centres)
    inward = max((normal(a) for a in angles), key=lambda d: d[0] * (cx - bx) + d[1] * (cy - by))
    base_runs = ray(bx, by, inward)
    grid_px = 0.45 * PX
    assert len(end_runs) == 1 and end_runs[0] >= 2.5 * grid_px, end_runs
    assert len(base_runs) == 2, base_runs


def test_an_arrow_crosses_another_moves_end_cell_with_a_gap(tmp_path: Path) -> None:
    """The zones game's turn 3: Purple's knight ends on d3, the dragon jumps over it d4xd2; the
    dragon's arrow ran into d3's end box. Now it crosses its edges with white on both sides."""
    [rep] = check_text((EXAMPLES / "batrakill-03-four-players.txt").read_text("utf-8"))
    game = rep.game
    turn = [p for p in rep.main if p.label == "3"]
    style = DiagramStyle.for_scale(8.0, labels=True, grid_pt=0.45, border_pt=1.1)
    drawing = game_drawing(game, turn[-1].after, last_moves=[p.move for p in turn], style=style)
    image, _ = photocopy(_drawing_pdf(drawing), tmp_path)
    x, y = space_centres(game.board)[game.board.space("d3")]
    top_edge = _runs(image, drawing, (x - 0.8, y + 1.0), (x + 0.8, y + 1.0))
    assert len(top_edge) == 3, top_edge  # the edge, the arrow, the edge: apart


def test_the_mailers_tick_words_are_one_size_and_clear_of_the_next_box() -> None:
    """"Offer" was printed larger than "Accept" and "Resign", and "Accept" ran into the Resign
    box."""
    from tests.support.print_floor import printed_chars

    [rep] = check_text((EXAMPLES / "01-short-base-win.txt").read_text("utf-8"))
    pdf = mailer_pdf(rep.game, [mailer_card(rep)])
    found = printed_chars(pdf)
    sizes = {}
    for word in ("Offer", "Accept", "Resign"):
        first = [k for k in range(len(found)) if "".join(c.text for c in found[k:k + len(word)])
                 == word]
        assert first, word
        sizes[word] = [round(found[k].size, 2) for k in range(first[0], first[0] + len(word))]
    assert len({s for v in sizes.values() for s in v}) == 1, sizes
    size = sizes["Offer"][0]
    accept = next(k for k in range(len(found)) if found[k].text == "A" and found[k + 1].text == "c")
    resign = next(k for k in range(len(found)) if found[k].text == "R" and found[k + 1].text == "e"
                  and found[k + 2].text == "s")
    # the card is turned: the words run down the page; the gap holds the box (8 pt) and more
    gap = abs(found[resign].top - found[accept].top) - text_width("Accept", size)
    assert gap >= 8.0 + 2.5 + 4.0, gap


def test_an_alternate_series_divider_stands_clear_of_the_turn_boxes_above_it() -> None:
    [rep] = check_text((EXAMPLES / "03-unfinished-with-series.txt").read_text("utf-8"))
    entries = chart_entries(rep)
    pdf = records_chart_pdf(rep.game, chart_header(rep), entries)
    grid = chart_grid(rep.game, entries=entries)
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        page = next(p for p in doc.pages if "Alternate series a" in (p.extract_text() or ""))
        found = [dict(c) for c in page.chars if str(c["text"]).strip()]
    words = "".join(c["text"] for c in found)
    at = words.index("Alternate")
    divider = found[at:at + len("Alternate series a")]
    top, bottom = min(c["top"] for c in divider), max(c["bottom"] for c in divider)
    labels = [c for k, c in enumerate(found) if c["text"] == "T" and k + 3 < len(found)
              and "".join(x["text"] for x in found[k:k + 4]) == "Turn"]
    above = max((c for c in labels if c["top"] < top), key=lambda c: c["top"])
    box_bottom = above["bottom"] - 7.5 + grid.box_height  # "Turn" stands 7.5 under the box's top
    assert top - box_bottom >= 3.0, (top, box_bottom)
    under = min((c["top"] for c in found if c["top"] > bottom), default=bottom + 99)
    assert under - bottom >= 3.0, (bottom, under)
