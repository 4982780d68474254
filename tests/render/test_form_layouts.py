"""The printed forms as a print designer and a player check them (issue 9, items 18-21): the
mailer's barcode zone, cut marks and guides; the Records Chart's blank continuation, series
dividers and flipped note; Billo's labels; the Phone Chart's empty board filling the page."""

from __future__ import annotations

import itertools
import math
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from pbmkit.games import get_game
from pbmkit.records import check_text
from pbmkit.render.art import art_for
from pbmkit.render.from_record import chart_entries, chart_header, mailer_card
from pbmkit.render.mailer import card_origins, mailer_pdf
from pbmkit.render.phone_chart import phone_chart_pdf
from pbmkit.render.records_chart import records_chart_pdf
from pbmkit.render.svg import board_svg
from tests.support.render_helpers import page_image, page_text, read_pdf, text_runs

BATALO = get_game("batalo")
BILLO = get_game("billo")
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
INCH = 72.0


def _replay(name: str, index: int = 0) -> Any:
    path = EXAMPLES / name
    replay = check_text(path.read_text(encoding="utf-8"), str(path))[index]
    assert replay.valid
    return replay


def _region(image: Any, dpi: float, x0: float, y0: float, x1: float, y1: float) -> Any:
    """The part of a page image between page points (x0, y0) and (x1, y1) (y up, as in PDF)."""
    s = dpi / INCH
    return image.crop((round(x0 * s), round(image.height - y1 * s), round(x1 * s),
                       round(image.height - y0 * s)))


def _darkest(image: Any) -> int:
    return int(min(image.tobytes()))


# --- 18: mailer backs ------------------------------------------------------------------------

@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_nothing_is_printed_in_the_barcode_clear_zone_of_a_card_back(paper: str) -> None:
    """Item 18: the bottom 5/8 in of the address side, over the 4 3/4 in from the card's right
    edge (USPS), stays empty, as docs/forms.md claims."""
    cards = [mailer_card(_replay("04-archive.txt", k)) for k in range(4)]
    data = mailer_pdf(BATALO, cards, paper_key=paper)
    dpi = 100
    image = page_image(data, 1, dpi)
    box = read_pdf(data).pages[1].mediabox
    w, h = float(box.width), float(box.height)
    for x, y in card_origins(w, h, back=True):
        # A back is turned a quarter turn clockwise: the card's bottom edge is the cell's left
        # edge on the sheet, and its right edge the cell's bottom edge.
        zone = _region(image, dpi, x + 0.5, y + 0.5, x + 5 / 8 * INCH, y + 4.75 * INCH)
        assert _darkest(zone) >= 250, f"ink in the barcode zone of the card at {x:.0f}, {y:.0f}"
    # The address lines and the footer are there, above the zone.
    assert "To" in page_text(read_pdf(data), 1)
    assert "Batalo mailer · game No. " in page_text(read_pdf(data), 1)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_cut_marks_lie_inside_the_printable_margin_and_guides_survive_a_photocopy(paper: str) -> None:
    """Item 18: cut marks inside a 0.25 in printable margin; cut guides visible on a photocopy
    (a copier drops light greys: the guide must be darker than middle grey)."""
    data = mailer_pdf(BATALO, [], paper_key=paper)
    box = read_pdf(data).pages[0].mediabox
    w, h = float(box.width), float(box.height)
    dpi = 100
    for page in (0, 1):
        image = page_image(data, page, dpi)
        # (17 pt: a line drawn on the margin spreads half its width outwards)
        for strip in ((0, 0, w, 17), (0, h - 17, w, h), (0, 0, 17, h), (w - 17, 0, w, h)):
            assert _darkest(_region(image, dpi, *strip)) >= 250  # nothing outside the margin
    front = page_image(data, 0, 200)
    # The marks: where each cut line meets the margin, black.
    for mark in ((w / 2 - 2, 18, w / 2 + 2, 30), (w / 2 - 2, h - 30, w / 2 + 2, h - 18),
                 (18, h / 2 - 2, 30, h / 2 + 2), (w - 30, h / 2 - 2, w - 18, h / 2 + 2)):
        assert _darkest(_region(front, 200, *mark)) < 100
    # The guide along the vertical cut, seen at 300 dpi through a copier's 50 % threshold.
    fine = page_image(data, 0, 300)
    guide = _region(fine, 300, w / 2 - 2, 60, w / 2 + 2, h / 2 - 20)
    rows = guide.height
    dark_rows = sum(1 for r in range(rows) if min(guide.crop((0, r, guide.width, r + 1)).tobytes()) < 128)
    assert dark_rows / rows > 0.4  # a dashed line: more than 40 % of its length is ink
    # The backs carry no marks: nothing on either cut line of page 2.
    back = page_image(data, 1, dpi)
    assert _darkest(_region(back, dpi, w / 2 - 3, 18, w / 2 + 3, h - 18)) >= 250


# --- 19: Records Chart -----------------------------------------------------------------------

def _chart(replay: Any, **kw: Any) -> bytes:
    return records_chart_pdf(replay.game, chart_header(replay), chart_entries(replay), **kw)


def test_an_unfinished_game_ends_with_blank_diagrams_to_go_on_by_hand() -> None:
    """Item 19: "a filled chart of an unfinished game ends with its remaining slots as blank
    boards for continuing by hand"; a finished game's chart does not."""
    going = _replay("03-unfinished-with-series.txt")
    reader = read_pdf(_chart(going))
    last = len(reader.pages) - 1
    labels = [t for t, _, _ in text_runs(reader, last)]
    assert labels.count("Turn") == 9  # every slot of the last page has a diagram and turn box
    assert "11a" in labels  # after the last turn played
    done = _replay("01-short-base-win.txt")  # 6 turns, won
    labels = [t for t, _, _ in text_runs(read_pdf(_chart(done)), 0)]
    assert labels.count("Turn") == 6


def test_a_full_last_page_of_an_unfinished_game_is_followed_by_a_page_of_blanks() -> None:
    going = _replay("03-unfinished-with-series.txt")
    entries = chart_entries(going)[:9]
    reader = read_pdf(records_chart_pdf(BATALO, chart_header(going), entries))
    assert len(reader.pages) == 2
    assert [t for t, _, _ in text_runs(reader, 1)].count("Turn") == 9
    assert "Page 2 of 2" in page_text(reader, 1)


def test_a_divider_marks_where_an_alternate_series_starts() -> None:
    """Item 19: "a divider marks where an alternate series starts": the series starts a new row
    under a ruled line that names it."""
    reader = read_pdf(_chart(_replay("03-unfinished-with-series.txt")))
    runs = {t: (x, y) for t, x, y in text_runs(reader, 1)}
    divider = runs["Alternate series a, from turn 9a"]
    assert runs["12"][1] > divider[1] > runs["9a"][1]  # between the main line's end and 9a
    assert runs["9a"][0] == pytest.approx(runs["10"][0], abs=3)  # 9a opens a row, as 10 does
    # With --series, the stretch and the main-line turn it branches from are introduced too.
    series = records_chart_pdf(BATALO, {}, chart_entries(_replay("03-unfinished-with-series.txt"), ["a"]))
    assert "Alternate series a: the main line's turn 8, then 9a" in page_text(read_pdf(series), 0)


@pytest.mark.parametrize(("game", "side"), [(BATALO, "Black"), (BILLO, "Orange")])
def test_a_flipped_chart_says_it_is_drawn_from_the_second_sides_seat(game: Any, side: str) -> None:
    """Item 19: "a flipped chart says it is drawn from Black's side"."""
    note = f"Drawn from {side}'s side"
    assert note in page_text(read_pdf(records_chart_pdf(game, {}, [], flip=True)), 0)
    assert "Drawn from" not in page_text(read_pdf(records_chart_pdf(game, {}, [])), 0)
    # So do the mailer's fronts and the Phone Chart.
    assert page_text(read_pdf(mailer_pdf(game, [], flip=True)), 0).count(note) == 4
    assert note in page_text(read_pdf(phone_chart_pdf(game, flip=True)), 0)
    assert "Drawn from" not in page_text(read_pdf(phone_chart_pdf(game)), 0)


# --- 20: Billo labels, the mailer's move label ----------------------------------------------

@pytest.mark.parametrize("form", ["chart", "mailer"])
def test_billo_diagrams_carry_file_and_rank_labels(form: str) -> None:
    """Item 20: "Billo diagrams carry file and rank labels (a-h, 1-8) so a hand-filled board
    shows whose side is whose"."""
    data = records_chart_pdf(BILLO, {}, []) if form == "chart" else mailer_pdf(BILLO, [])
    diagrams = 9 if form == "chart" else 4
    runs = [(t, x, y) for t, x, y in text_runs(read_pdf(data), 0) if len(t) == 1]
    for label in "abcdefgh12345678":
        assert sum(t == label for t, _, _ in runs) == diagrams, label
    # In a diagram's own coordinates: files left to right under rank 1, ranks bottom to top.
    first = {t: (x, y) for t, x, y in runs[:16]}
    assert first["a"][0] < first["h"][0] and first["a"][1] == pytest.approx(first["h"][1])
    assert first["1"][1] < first["8"][1] and first["a"][1] < first["1"][1]


@pytest.mark.parametrize("game", [BATALO, BILLO])
def test_the_mailers_move_label_is_written_in_the_games_notation(game: Any) -> None:
    """Item 20: "the mailer's move label fits each game's notation"."""
    notation = game.notation
    label = next(t for t, _, _ in text_runs(read_pdf(mailer_pdf(game, [])), 0) if t.startswith("Move"))
    example = label.removeprefix("Move (e.g. ").removesuffix(")")
    assert label == f"Move (e.g. {example})"
    assert notation.read(example, game.initial_position()) is not None  # a move of this game


# --- 21: Phone Chart -------------------------------------------------------------------------

@pytest.mark.parametrize("game", [BATALO, BILLO])
def test_the_phone_chart_prints_no_starting_pieces(game: Any) -> None:
    """Item 21: "no printed starting pieces (players put their own markers on it)": where a
    starting piece would stand, under each occupied space's name, the paper is white."""
    from pbmkit.render.diagram import space_centres
    from pbmkit.render.pdf import text_width

    data = phone_chart_pdf(game)
    dpi = 100
    image = page_image(data, 0, dpi)
    names = {t: (x, y) for t, x, y in text_runs(read_pdf(data), 0)}
    centres = space_centres(game.board)
    a, b = game.board.names[0], game.board.names[1]
    unit = math.dist(names[a], names[b]) / math.dist(centres[0], centres[1])  # points per unit
    occupied = art_for(game).symbols(game.initial_position())
    assert occupied
    for sp in occupied:
        name = game.board.names[sp]
        x, y = names[name]
        cx = x + text_width(name, 0.5 * unit) / 2  # names are centred on their space
        # A piece stands 0.5 units under the name's baseline (at least 0.3 units across).
        spot = _region(image, dpi, cx - 0.15 * unit, y - 0.65 * unit, cx + 0.15 * unit, y - 0.35 * unit)
        assert _darkest(spot) > 200, name
    assert "Pieces show the starting position" not in page_text(read_pdf(data), 0)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_phone_chart_board_fills_the_page_on_a4_as_on_letter(paper: str) -> None:
    """Item 21: the board as wide as the paper allows and the page used from top to bottom,
    on A4 as on Letter: blank paper only in the margins and between the text, the board and
    the key (the board is centred between them)."""
    data = phone_chart_pdf(BATALO, paper_key=paper)
    w = float(read_pdf(data).pages[0].mediabox.width)
    runs = {t: (x, y) for t, x, y in text_runs(read_pdf(data), 0)}
    assert runs["GZ"][0] - runs["AT"][0] > 0.7 * w  # the widest row of names
    dpi = 50
    image = page_image(data, 0, dpi)
    inked = [r for r in range(image.height) if min(image.crop((0, r, image.width, r + 1)).tobytes()) < 160]
    gaps = [b - a for a, b in itertools.pairwise(inked)]
    assert max(gaps) < 1.1 * dpi  # no empty band much over an inch tall inside the page
    assert inked[0] < 0.75 * dpi and image.height - inked[-1] < 0.75 * dpi  # margins only


def test_a_column_on_its_base_is_drawn_clear_of_the_outline_and_the_name() -> None:
    """Item 21: "a column on its base is drawn without crowding the outline" (the named board of
    the Phone Chart and of ``show --svg``)."""
    root = ET.fromstring(board_svg(BATALO, BATALO.initial_position()))
    ns = "{http://www.w3.org/2000/svg}"
    name = next(t for t in root.iter(f"{ns}text") if t.text == "JQ")
    nx, ny, size = float(name.get("x", "0")), float(name.get("y", "0")), float(name.get("font-size", "0"))
    piece = next(g for g in root.iter(f"{ns}g")
                 if g.get("transform") and any(t.text == "W" for t in g.iter(f"{ns}text")))
    px, py = (float(v) for v in piece.get("transform", "")[len("translate("):-1].split(","))
    radius = max(float(c.get("r", "0")) for c in piece.iter(f"{ns}circle"))
    inner = min((p for p in root.iter(f"{ns}polygon") if p.get("fill") == "none"
                 and _contains(p, nx, ny)), key=_area)
    points = [tuple(float(v) for v in pt.split(",")) for pt in inner.get("points", "").split()]
    clearance = min(_distance((px, py), a, b) for a, b in zip(points, points[1:] + points[:1],
                                                                strict=True)) - radius
    assert clearance >= 0.15  # at least twice the outline's width of free paper
    assert py - radius >= ny + 0.2 * size  # the piece's top stays under the name's descenders


def _area(polygon: ET.Element) -> float:
    pts = [tuple(float(v) for v in pt.split(",")) for pt in polygon.get("points", "").split()]
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True))) / 2


def _contains(polygon: ET.Element, x: float, y: float) -> bool:
    pts = [tuple(float(v) for v in pt.split(",")) for pt in polygon.get("points", "").split()]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs) < x < max(xs) and min(ys) < y < max(ys)


def _distance(p: tuple[float, float], a: tuple[float, ...], b: tuple[float, ...]) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)
