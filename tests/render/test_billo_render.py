"""Billo on paper and on the terminal: stacked glyphs, the square board, and the three forms read back."""

from __future__ import annotations

import re
from pathlib import Path

from pbmkit.games import billo, get_game
from pbmkit.games.billo import rules, setup
from pbmkit.records import check_text
from pbmkit.render.art import art_for
from pbmkit.render.diagram import game_drawing, glyph_drawing
from pbmkit.render.from_record import chart_entries, chart_header, mailer_card
from pbmkit.render.mailer import mailer_pdf
from pbmkit.render.phone_chart import phone_chart_pdf
from pbmkit.render.records_chart import records_chart_pdf
from pbmkit.render.shapes import Circle, Placed, Polygon
from pbmkit.render.svg import board_svg
from pbmkit.render.terminal import board_text
from tests.support.render_helpers import page_text, qpdf_check, read_pdf

GAME = get_game("billo")
ART = art_for(GAME)
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ANSI = re.compile(r"\x1b\[[0-9;]*m")
EVERY_CELL = setup.from_diagram("""
    8  rs   r+s  rs+  r+s+ r    s    r+   s+
    7  .    .    .    .    .    .    .    .
    6  .    .    .    .    .    .    .    .
    5  .    .    .    .    .    .    .    .
    4  .    .    .    .    .    .    .    .
    3  .    .    .    .    .    .    .    .
    2  .    .    .    .    .    .    .    .
    1  RS   R+S  RS+  R+S+ R    S    R+   S+
""")


def _shapes(symbol: str) -> tuple[object, ...]:
    [placed] = glyph_drawing(ART.glyphs[symbol]).over
    assert isinstance(placed, Placed)
    return placed.shapes


def test_every_cell_of_the_game_has_its_own_black_and_white_glyph() -> None:
    symbols = set(setup.symbols(EVERY_CELL).values())
    assert len(symbols) == 16 and symbols <= set(ART.glyphs)
    drawn = {s: _shapes(s) for s in symbols}
    assert len(set(drawn.values())) == 16, "two cells look the same"
    for shapes in drawn.values():
        for shape in shapes:
            for colour in (shape.fill, shape.stroke):  # type: ignore[attr-defined]
                assert colour is None or colour[0] == colour[1] == colour[2], "not a grey"


def test_a_glyph_is_round_or_square_stacked_with_a_double_outline_for_a_billo() -> None:
    def count(symbol: str) -> tuple[int, int]:
        shapes = _shapes(symbol)
        squares = sum(isinstance(s, Polygon) for s in shapes)
        circles = sum(isinstance(s, Circle) and s.radius > 0.15 for s in shapes)
        return squares, circles

    assert count("R") == (0, 1) and count("S") == (1, 0) and count("RS") == (1, 1)
    # A Billo adds a second outline inside its edge (and a dot on the piece on top).
    assert count("R+") == (0, 2) and count("S+") == (2, 0)
    assert count("R+S") == (1, 2) and count("RS+") == (2, 1) and count("R+S+") == (2, 2)
    # Orange is filled dark, Yellow open.
    yellow = next(s for s in _shapes("S") if isinstance(s, Polygon))
    orange = next(s for s in _shapes("s") if isinstance(s, Polygon))
    assert yellow.fill == (1.0, 1.0, 1.0) and orange.fill is not None and orange.fill[0] < 0.3


def test_a_chained_capture_is_marked_along_its_path() -> None:
    [rep] = check_text((EXAMPLES / "billo-02-chained-capture.txt").read_text(encoding="utf-8"))
    ply = next(p for p in rep.main if p.text == "R+ d1xd2xd3xe2xe1")
    drawing = game_drawing(GAME, ply.after, last_moves=[ply.move])
    [line] = [s for s in drawing.over if type(s).__name__ == "Polyline"
              and s.stroke == (0, 0, 0)]  # type: ignore[union-attr]
    assert len(line.points) == 5  # start, d2, d3, e2, then short of e1
    svg = board_svg(GAME, ply.after, last_move=ply.move)
    assert "<svg" in svg and svg.count("<polygon") > 64  # the cells and the square pieces


def test_the_terminal_board_is_a_grid_with_files_ranks_and_the_last_move() -> None:
    start = setup.initial_position()
    move = billo.Move("R", rules.space("e1"), (rules.space("e2"),))
    after = rules.apply(start, move)
    text = board_text(GAME, after, last_move=move)
    lines = text.splitlines()
    assert lines[0].split() == list("abcdefgh") == lines[-1].split()
    rows = [line.split() for line in lines[1:-1]]
    assert [r[0] for r in rows] == [str(n) for n in range(8, 0, -1)] == [r[-1] for r in rows]
    cells = [r[1:-1] for r in rows]
    # The same cells as the rules core's own diagram, the moved piece's squares bracketed.
    expected = [line.split()[1:] for line in setup.diagram(after).splitlines()[1:]]
    assert [[c.strip("[]") for c in row] for row in cells] == expected
    assert cells[6][4] == "[R]" and cells[7][4] == "[S]"
    flipped = board_text(GAME, after, last_move=move, flip=True).splitlines()
    assert flipped[0].split() == list("hgfedcba") and flipped[1].split()[0] == "1"
    coloured = board_text(GAME, after, last_move=move, colour=True)
    assert ANSI.sub("", coloured) == text and "\x1b[1m\x1b[7mrs" in coloured


def test_the_records_chart_of_a_billo_game_reads_back(tmp_path: Path) -> None:
    [rep] = check_text((EXAMPLES / "billo-02-chained-capture.txt").read_text(encoding="utf-8"))
    entries = chart_entries(rep)
    data = records_chart_pdf(GAME, chart_header(rep), entries)
    qpdf_check(data, tmp_path)
    reader = read_pdf(data)
    assert len(reader.pages) == 4  # 34 turns, nine a page
    first, last = page_text(reader, 0), page_text(reader, 3)
    assert "BILLO RECORDS CHART" in first and "Yellow player" in first and "Orange player" in first
    assert "Chiara Bassi" in first and "Dmitri Olenev" in first and "Orange (by concession)" in first
    assert "White" not in first and "Black" not in first
    assert "R+ d1xd2xd3xe2xe1" in last and "composite Billo" in last and "Page 4 of 4" in last
    assert reader.metadata is not None and "Billo Records Chart" in str(reader.metadata.title)


def test_billo_mailers_and_the_board_names_chart_read_back(tmp_path: Path) -> None:
    [rep] = check_text((EXAMPLES / "billo-01-capture-all.txt").read_text(encoding="utf-8"))
    card = mailer_card(rep, "51", "yellow")
    assert card.moved == "yellow" and card.values["Move"] == "R g6-g7xg8"
    data = mailer_pdf(GAME, [card])
    qpdf_check(data, tmp_path)
    reader = read_pdf(data)
    front, back = page_text(reader, 0), page_text(reader, 1)
    assert "BILLO MAILER" in front and "Yellow" in front and "Orange" in front
    assert "Ada Lindqvist" in front and "R g6-g7xg8" in front and "White" not in front
    assert "Billo mailer · game No. 1" in back and "round Billo" in back
    names = read_pdf(phone_chart_pdf(GAME))
    text = page_text(names, 0)
    assert "BILLO PHONE CHART" in text and "R c1-d2" in text and "R c2xd3-e4xf5" in text
    assert all(name in text for name in rules.BOARD.names)
    assert "IR" not in text.split() and "stone" not in text


def test_the_billo_key_never_runs_into_the_page_number_on_a4() -> None:
    from pbmkit.render.pdf import text_width
    from tests.support.render_helpers import text_runs

    [rep] = check_text((EXAMPLES / "billo-01-capture-all.txt").read_text(encoding="utf-8"))
    reader = read_pdf(records_chart_pdf(GAME, chart_header(rep), chart_entries(rep), paper_key="a4"))
    runs = text_runs(reader, 0)
    [(_, key_x, key_y)] = [r for r in runs if r[0] == "= Orange (filled)"]
    [(_, page_x, page_y)] = [r for r in runs if r[0] == "Page 1 of 7"]
    assert abs(key_y - page_y) < 1 and key_x + text_width("= Orange (filled)", 7.5) < page_x
