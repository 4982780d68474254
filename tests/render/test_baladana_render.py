"""Baladãna on paper (issue 12, "Forms"): figures with their rings told apart in black-and-white
print (a letter per ring on a light, outlined disc for White and a dark disc for Black), free rings
as smaller thick rings, free golden rings by owner (light for White's, dark for Black's), and each
side's lost golden rings beside the board: on the Records Chart, the Mailers and the board chart,
each read back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pbmkit.games import get_game
from pbmkit.records import check_text
from pbmkit.render.art import art_for
from pbmkit.render.diagram import game_drawing, glyph_drawing
from pbmkit.render.from_record import chart_entries, chart_header, mailer_card
from pbmkit.render.mailer import mailer_pdf
from pbmkit.render.phone_chart import phone_chart_pdf
from pbmkit.render.records_chart import chart_grid, records_chart_pdf
from pbmkit.render.shapes import Circle, Placed, Polygon, Text
from tests.support.render_helpers import page_text, qpdf_check, read_pdf

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
LOOT = "baladana-02-loot-and-a-golden-ring-put-down.txt"


def _replay(name: str) -> Any:
    [rep] = check_text((EXAMPLES / name).read_text(encoding="utf-8"), name)
    assert rep.valid
    return rep


def test_a_figure_carries_a_letter_per_ring_light_for_white_and_dark_for_black() -> None:
    glyphs = art_for(get_game("baladana")).glyphs
    assert glyphs["wRGB"].letter == glyphs["bRGB"].letter == "RGB"
    assert glyphs["wYY"].letter == "YY" and glyphs["b"].letter == "-"  # a figure without rings
    assert not glyphs["wRB"].dark and glyphs["bRB"].dark
    assert glyphs["wRB"].marks == ("outline",)  # a light figure is outlined: not a bare word


def test_free_rings_are_lettered_rings_and_a_free_golden_ring_shows_its_owner() -> None:
    glyphs = art_for(get_game("baladana")).glyphs
    for ring in "RGB":
        assert glyphs[ring].kind == "ring" and glyphs[ring].letter == ring
    white, black = glyphs["Yw"], glyphs["Yb"]
    assert white.kind == black.kind == "ring" and white.letter == black.letter == "Y"
    assert not white.dark and black.dark


def test_the_key_names_a_figure_a_free_ring_and_each_owner_s_golden_ring() -> None:
    legend = dict(art_for(get_game("baladana")).legend)
    assert legend["R"] == "free red ring"
    assert legend["Yw"] == "White's free golden ring" and legend["Yb"] == "Black's free golden ring"


def test_the_loot_game_s_last_diagram_draws_every_piece_and_black_s_lost_golden_ring() -> None:
    rep = _replay(LOOT)
    art = art_for(rep.game)
    groups = dict(art.beside(rep.final))
    assert groups == {"Lost by White": (), "Lost by Black": ("Yb",)}
    drawing = game_drawing(rep.game, rep.final)
    placed = [s for s in drawing.over if isinstance(s, Placed) and s.key.startswith(("letter", "ring"))]
    # every occupied square, and Black's lost golden ring in the column
    assert len(placed) == len(art.symbols(rep.final)) + 1
    words = {t.text for t in drawing.over if isinstance(t, Text)}
    assert {"Lost by White", "Lost by Black"} <= words


def test_records_chart_mailers_and_board_chart_read_back(tmp_path: Path) -> None:
    rep = _replay(LOOT)
    game = rep.game
    chart = records_chart_pdf(game, chart_header(rep), chart_entries(rep))
    qpdf_check(chart, tmp_path)
    reader = read_pdf(chart)
    # as many diagrams a page as fit with no letter under 6 pt (chart_grid)
    grid = chart_grid(game, entries=chart_entries(rep))
    assert len(reader.pages) == -(-len(chart_entries(rep)) // (grid.columns * grid.rows))
    first = " ".join(page_text(reader, 0).split())
    for words in ("BALADÃNA RECORDS CHART", "Lia Moura", "Tom Reis", "Lost by White",
                  "free red ring", "White's free golden ring", "Page 1 of"):
        assert words in first, words
    mailers = mailer_pdf(game, [mailer_card(rep)])
    qpdf_check(mailers, tmp_path)
    front = " ".join(page_text(read_pdf(mailers), 0).split())
    assert "BALADÃNA MAILER" in front and "Lost by Black" in front
    board = phone_chart_pdf(game)
    qpdf_check(board, tmp_path)
    names = page_text(read_pdf(board), 0).split()
    assert {"a1", "h8", "d5"} <= set(names)


def test_a_free_ring_is_a_band_and_a_figure_a_body_with_one_outline_each_in_its_cell() -> None:
    """Issue 39: a free ring and a White figure differed only in line weight. A free ring is a
    band (two circles, the band between them), a figure a body with one outline: a disc (one ring
    letter), a wider rounded body (two), a rounded square with two letters over the third (three),
    each clear of its cell's edge (a square cell is 2 wide; the three-letter body was 1.98)."""
    rep = _replay(LOOT)
    art = art_for(rep.game)
    shapes = {key: glyph_drawing(art.glyphs[symbol]).over[0].shapes  # type: ignore[union-attr]
              for key, symbol in (("R", "R"), ("G", "wG"), ("RG", "wRG"))}

    def lines(key: str) -> int:
        return sum(1 for c in shapes[key] if isinstance(c, Circle) and c.stroke == (0, 0, 0)) + sum(
            1 for p in shapes[key] if isinstance(p, Polygon) and p.stroke == (0, 0, 0))

    assert lines("R") == 2 and lines("G") == 1 and lines("RG") == 1
    drawing = game_drawing(rep.game, rep.final)
    letters = {s.key.split(":")[1]: t.size for s in drawing.over if isinstance(s, Placed)
               for t in s.shapes if isinstance(t, Text)}
    assert letters["RG"] >= 0.85 and min(letters.values()) >= 0.75
    for symbol in ("wRGB", "bRGB", "wGGY", "wRB", "bYY"):
        glyph = glyph_drawing(art.glyphs[symbol]).over[0]
        assert isinstance(glyph, Placed)
        half = max(abs(x) + p.width / 2 for p in glyph.shapes if isinstance(p, Polygon)
                   for x, _ in p.points)
        assert half <= 0.9, (symbol, half)  # 0.1 clear of the cell's edge at least
        texts = [t for t in glyph.shapes if isinstance(t, Text)]
        assert min(t.size for t in texts) >= 0.75
        assert "".join(t.text for t in texts) == symbol[1:]


def test_a_long_turn_wraps_in_its_turn_box_instead_of_being_cut() -> None:
    """A Baladãna turn (ring move, capture, tax, loot) is longer than a turn box's line: it takes
    a second line, and every word of it is printed."""
    rep = _replay("baladana-01-golden-rings.txt")
    entries = chart_entries(rep)
    longest = max(entries[:9], key=lambda e: len(e.moves_text))
    assert len(longest.moves_text) > 50
    reader = read_pdf(records_chart_pdf(rep.game, chart_header(rep), entries))
    text = " ".join(page_text(reader, k) for k in range(len(reader.pages)))
    assert "…" not in text
    assert " ".join(longest.moves_text.split()) in " ".join(text.split())
