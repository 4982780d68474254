"""Batu Khan on paper (issue 11, "Forms"): a square board of the record's size with the camps
marked, the four stones and the blockade told apart in black-and-white print (a letter each, a
light disc for South and a dark one for North), on the Records Chart, the Mailers and the board
chart, each read back."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pypdf
import pytest
from click.testing import CliRunner

from pbmkit.cli import cli
from pbmkit.games import get_game
from pbmkit.records import check_text
from pbmkit.render.art import art_for
from pbmkit.render.diagram import game_drawing
from pbmkit.render.from_record import chart_entries, chart_header, mailer_card
from pbmkit.render.mailer import mailer_pdf
from pbmkit.render.phone_chart import phone_chart_pdf
from pbmkit.render.records_chart import chart_grid, records_chart_pdf
from pbmkit.render.shapes import Placed, Polygon, Text
from tests.support.render_helpers import page_text, qpdf_check, read_pdf

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
        assert south.marks in (("outline",), ("double",))  # a light stone is outlined: a piece
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


SEVEN = """[Game "Batu Khan"]
[Board "7x7"]
[Number "7"]
[South "Sara Lind"]
[North "Olof Dahl"]

1. B@c1 B@a7
2. Y@g1 W@c7
3. K@b1 K@d7
4. B c1-c3 K d7-e6
"""
"""A 7 × 7 game (no example is that size): four turns, three stones laid by each side."""


def _text_replay(text: str) -> Any:
    [rep] = check_text(text)
    assert rep.valid, rep.errors
    return rep


@pytest.mark.parametrize(("text", "files", "ranks"), [
    ((EXAMPLES / "batu-khan-01-camp.txt").read_text(encoding="utf-8"), "abcde", 5),
    (SEVEN, "abcdefg", 7),
])
def test_a_5x5_and_a_7x7_record_read_back_with_their_files_ranks_and_beside_groups(
        text: str, files: str, ranks: int, tmp_path: Path) -> None:
    """The Records Chart and the Mailer of a record print its own board: every file letter and
    rank number round each diagram, and each side's stones in hand and knocked out beside it."""
    rep = _text_replay(text)
    game = rep.game
    assert game.board.size == len(files) * ranks
    chart = records_chart_pdf(game, chart_header(rep), chart_entries(rep))
    qpdf_check(chart, tmp_path)
    page = page_text(read_pdf(chart), 0)
    words = page.split()
    for label in (*files, *(str(r) for r in range(1, ranks + 1))):
        assert label in words, label
    if len(files) < 9:
        assert "abcdefghi"[len(files)] not in words  # no file beyond the board
    flat = " ".join(words)
    grid = chart_grid(game, entries=chart_entries(rep))
    for group in ("South in hand", "South knocked out", "North in hand", "North knocked out"):
        # every diagram of the page: filled, and the blank ones left to go on by hand
        assert flat.count(group) == grid.columns * grid.rows, group
    mailers = mailer_pdf(game, [mailer_card(rep)])
    qpdf_check(mailers, tmp_path)
    front = " ".join(page_text(read_pdf(mailers), 0).split())
    assert "North knocked out" in front
    for name in (rep.record.tags["South"], rep.record.tags["North"]):
        assert name in front and name in flat


def test_the_7x7_game_s_pieces_are_drawn_where_they_stand_each_with_its_letter() -> None:
    rep = _text_replay(SEVEN)
    game = rep.game
    art = art_for(game)
    pieces = art.symbols(rep.final)
    named = {game.board.name(sq): s for sq, s in pieces.items()}
    assert named == {"c3": "B", "g1": "Y", "b1": "K", "a7": "b", "c7": "w", "e6": "k"}
    drawn = [s for s in game_drawing(game, rep.final).over if isinstance(s, Placed)]
    letters = {t.text for p in drawn for t in p.shapes if isinstance(t, Text)}
    assert {"B", "Y", "K", "W", "X"} <= letters  # on the board, and in hand beside it (W, X)


def test_the_board_chart_of_a_7x7_board_comes_from_tag_board(tmp_path: Path) -> None:
    """``pbmkit phonechart --rules batukhan --tag Board=7x7``: the board chart of the record's
    size, every square named, both camps outlined."""
    out = tmp_path / "board.pdf"
    run = CliRunner().invoke(cli, ["phonechart", "--rules", "batukhan", "--tag", "Board=7x7",
                                   "-o", str(out)])
    assert run.exit_code == 0, run.output
    text = page_text(read_pdf(out.read_bytes()), 0).split()
    assert {"a1", "g7", "d4", "a7", "g1"} <= set(text) and "h1" not in text
    game = get_game("batu khan").configure({"Board": "7x7"})
    drawing = game_drawing(game, None)
    cells = [s for s in drawing.grid if isinstance(s, Polygon) and s.fill is None]
    assert len(cells) == 49 + 2 * 7


def test_a_bad_board_tag_is_one_line_and_status_2(tmp_path: Path) -> None:
    run = CliRunner().invoke(cli, ["phonechart", "--rules", "batukhan", "--tag", "Board=10x10",
                                   "-o", str(tmp_path / "x.pdf")])
    assert run.exit_code == 2 and "3 to 9" in run.output and "Traceback" not in run.output
    assert not (tmp_path / "x.pdf").exists()


RECORDS = [("batu-khan-01-camp.txt", 5, 5), ("batu-khan-04-7x7.txt", 7, 7)]
"""A 5 x 5 and a 7 x 7 example game (the second chosen by its Board tag)."""


def _words(data: bytes, page: int) -> str:
    return " ".join(page_text(read_pdf(data), page).split())


def _beside_words(game: Any, position: Any) -> str:
    """What the column beside the board reads, as a text extractor finds it: each label, then its
    pieces' letters (a dash for none)."""
    art = art_for(game)
    return " ".join(f"{label} {' '.join(art.glyphs[s].letter for s in pieces) or '–'}"
                    for label, pieces in art.beside(position))


_QUAD = re.compile(r"(-?[\d.]+) (-?[\d.]+) m((?: -?[\d.]+ -?[\d.]+ l){3}) h")


def _squares(data: bytes) -> list[Counter[tuple[float, float]]]:
    """For each form XObject of the first page: its closed four-sided paths as
    Counter((side, centre y)), in board units. The board's grid is one such form: a cell has side
    2, a camp's inner outline is smaller."""
    page = read_pdf(data).pages[0]
    found = []
    for ref in page["/Resources"]["/XObject"].values():
        form = ref.get_object()
        if not isinstance(form, pypdf.generic.StreamObject):
            continue
        quads: Counter[tuple[float, float]] = Counter()
        for m in _QUAD.finditer(form.get_data().decode("latin-1")):
            xs = [float(m.group(1)), *map(float, m.group(3).split()[0::3])]
            ys = [float(m.group(2)), *map(float, m.group(3).split()[1::3])]
            quads[(round(max(xs) - min(xs), 2), round((max(ys) + min(ys)) / 2, 2))] += 1
        found.append(quads)
    return found


@pytest.mark.parametrize(("name", "files", "ranks"), RECORDS)
def test_the_printed_grid_has_the_records_size_and_a_camp_outline_on_its_first_and_last_rank(
        name: str, files: int, ranks: int) -> None:
    """Read back from the PDF itself: the board's grid (drawn once, reused by every diagram) has
    files x ranks cells of side 2 and, inside each square of ranks 1 and N, a camp's outline."""
    rep = _replay(name)
    chart = records_chart_pdf(rep.game, chart_header(rep), chart_entries(rep))
    grid = next(q for q in _squares(chart)
                if sum(n for (side, _), n in q.items() if side == 2.0) == files * ranks)
    camps = {key: n for key, n in grid.items() if key[0] < 2.0}
    assert sorted(y for _, y in camps) == [0.0, 2.0 * (ranks - 1)]
    assert set(camps.values()) == {files}


@pytest.mark.parametrize(("name", "files", "ranks"), RECORDS)
def test_the_last_diagram_and_the_mailer_show_the_stones_in_hand_and_knocked_out(
        tmp_path: Path, name: str, files: int, ranks: int) -> None:
    rep = _replay(name)
    game = rep.game
    entries = chart_entries(rep)
    chart = records_chart_pdf(game, chart_header(rep), entries)
    qpdf_check(chart, tmp_path)
    beside = _beside_words(game, entries[-1].position)
    assert beside in _words(chart, len(read_pdf(chart).pages) - 1)
    mailers = mailer_pdf(game, [mailer_card(rep)])
    qpdf_check(mailers, tmp_path)
    front = _words(mailers, 0)
    assert front.startswith(f"BATU KHAN MAILER {' '.join('abcdefghi'[:files])}")
    assert _beside_words(game, rep.final) in front
    if files == 7:  # South kept its white stone and lost its black one; North kept its yellow
        assert _beside_words(game, rep.final) == (
            "South in hand W South knocked out K North in hand Y North knocked out X")
    else:  # the camp game: all laid, each side lost its blockade, South its yellow stone too
        assert _beside_words(game, rep.final) == (
            "South in hand – South knocked out Y X North in hand – North knocked out B X")


def test_a_low_diagram_gets_more_rows_a_page_a_high_one_keeps_three() -> None:
    """A 5 x 5 board with its column is wider than tall: more rows than three fit a page, at a
    size where its letters are 6 pt; Batalo's board keeps three rows of three."""
    for paper in ("letter", "a4"):
        grid = chart_grid(get_game("batu khan"), paper)
        assert grid.rows > 3 and grid.scale >= grid.floor_scale
        batu = records_chart_pdf(get_game("batu khan"), paper_key=paper)
        assert _words(batu, 0).count("South in hand") == grid.columns * grid.rows
    assert _words(records_chart_pdf(get_game("batalo")), 0).count("Turn") == 9
    rep = _replay(RECORDS[0][0])
    chart = read_pdf(records_chart_pdf(rep.game, chart_header(rep), chart_entries(rep)))
    grid = chart_grid(rep.game, entries=chart_entries(rep))
    assert len(chart.pages) == -(-16 // (grid.columns * grid.rows))
    assert f"Page 2 of {len(chart.pages)}" in page_text(chart, 1)


def test_show_draws_the_camps_of_the_records_board() -> None:
    """In the terminal an empty camp square is ``_``: South's rank 1 and North's rank 7."""
    out = CliRunner().invoke(cli, ["show", str(EXAMPLES / RECORDS[1][0])]).output
    lines = out.splitlines()
    assert lines[0].split() == list("abcdefg")
    rank = {line.split()[0]: line.split()[1:-1] for line in lines[1:8]}
    assert rank["1"] == list("_______")
    assert rank["7"] == ["_", "_", "Y", "_", "_", "[B]", "_"]  # two South stones, the last move
    assert rank["4"] == [".", ".", ".", "X", ".", ".", "."]  # South's blockade
    for line in ("South in hand: W", "South knocked out: K", "North in hand: y",
                 "North knocked out: x"):
        assert line in lines
