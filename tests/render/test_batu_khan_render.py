"""Batu Khan on paper (issue 11, "Forms"): a square board of the record's size with the camps
marked, the four stones and the blockade told apart in black-and-white print (a letter each, a
light disc for South and a dark one for North), on the Records Chart, the Mailers and the board
chart, each read back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from render_helpers import page_text, qpdf_check, read_pdf

from pbmkit.games import get_game
from pbmkit.notation import check_text
from pbmkit.render.art import art_for
from pbmkit.render.diagram import game_drawing
from pbmkit.render.from_record import chart_entries, chart_header, mailer_card
from pbmkit.render.mailer import mailer_pdf
from pbmkit.render.phone_chart import phone_chart_pdf
from pbmkit.render.records_chart import records_chart_pdf
from pbmkit.render.shapes import Placed, Polygon

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _replay(name: str) -> Any:
    [rep] = check_text((EXAMPLES / name).read_text(encoding="utf-8"), name)
    assert rep.valid
    return rep


def test_the_stones_are_letters_light_for_south_and_dark_for_north() -> None:
    art = art_for(get_game("batu khan"))
    for letter in "BYKWX":
        south, north = art.glyphs[letter], art.glyphs[letter.lower()]
        assert south.letter == north.letter == letter
        assert not south.dark and north.dark  # whose: the disc's tone
    assert art.glyphs["X"].marks == ("double",)  # a blockade has a double outline
    assert {art.owners["B"], art.owners["b"]} == {"south", "north"}


@pytest.mark.parametrize(("name", "size"), [("batu-khan-01-camp.txt", (5, 5)),
                                            ("batu-khan-03-no-moves-6x7.txt", (6, 7))])
def test_the_diagram_has_the_records_size_and_its_two_camps(name: str, size: tuple[int, int]) -> None:
    rep = _replay(name)
    game = rep.game
    files, ranks = size
    assert game.board.size == files * ranks
    drawing = game_drawing(game, None)
    cells = [s for s in drawing.grid if isinstance(s, Polygon) and s.fill is None]
    # every cell, plus an inner outline on each camp square (the first and last ranks)
    assert len(cells) == files * ranks + 2 * files
    pieces = game_drawing(game, rep.final).over
    assert sum(isinstance(s, Placed) for s in pieces) >= len(art_for(game).symbols(rep.final))


def test_records_chart_and_mailers_read_back_with_the_players_and_the_key(tmp_path: Path) -> None:
    rep = _replay("batu-khan-02-blockades-6x6.txt")
    game = rep.game
    chart = records_chart_pdf(game, chart_header(rep), chart_entries(rep))
    qpdf_check(chart, tmp_path)
    first = " ".join(page_text(read_pdf(chart), 0).split())
    for words in ("BATU KHAN RECORDS CHART", "Astrid Berg", "Nils Holm", "blue stone",
                  "blockade", "South in hand"):
        assert words in first, words
    mailers = mailer_pdf(game, [mailer_card(rep)])
    qpdf_check(mailers, tmp_path)
    front = " ".join(page_text(read_pdf(mailers), 0).split())
    assert "BATU KHAN MAILER" in front and "South" in front and "North" in front


def test_the_board_chart_names_every_square_of_the_board(tmp_path: Path) -> None:
    game = get_game("batu khan")
    data = phone_chart_pdf(game)
    qpdf_check(data, tmp_path)
    text = page_text(read_pdf(data), 0)
    for name in ("a1", "e5", "c3"):
        assert name in text
