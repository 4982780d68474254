"""What a game shows beside its board (``Look.beside``: pieces in hand, knocked out, eaten, lost
rings) is drawn in every view: the terminal (``show``), SVG, the Records Chart and the Mailers.

Issue 11: "each side's stones still in hand and knocked out shown beside the board"; the same
hint carries Baladãna's lost golden rings and Batrakill's knights eaten.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from click.testing import CliRunner

from pbmkit.cli import cli
from pbmkit.games import get_game
from pbmkit.records import check_text
from pbmkit.render.art import art_for
from pbmkit.render.diagram import game_drawing
from pbmkit.render.shapes import Polygon, Text
from tests.support.render_helpers import page_text, read_pdf

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "batu-khan-02-blockades-6x6.txt"


def _final() -> tuple[object, object]:
    [rep] = check_text(EXAMPLE.read_text(encoding="utf-8"))
    assert rep.game is not None
    return rep.game, rep.final


def test_show_lists_each_side_s_stones_in_hand_and_knocked_out() -> None:
    game, final = _final()
    groups = art_for(game).beside(final)  # type: ignore[arg-type, misc]
    assert [label for label, _ in groups] == ["South in hand", "South knocked out",
                                              "North in hand", "North knocked out"]
    out = CliRunner().invoke(cli, ["show", str(EXAMPLE)]).output
    for label, pieces in groups:
        assert f"\n{label}: {' '.join(pieces) if pieces else '-'}\n" in out


def test_the_svg_and_the_forms_carry_the_column_beside_the_board(tmp_path: Path) -> None:
    runner = CliRunner()
    svg = tmp_path / "b.svg"
    assert runner.invoke(cli, ["show", "--svg", str(svg), str(EXAMPLE)]).exit_code == 0
    text = svg.read_text(encoding="utf-8")
    assert "South in hand" in text and "North knocked out" in text
    for command in ("chart", "mailer"):
        pdf = tmp_path / f"{command}.pdf"
        assert runner.invoke(cli, [command, str(EXAMPLE), "-o", str(pdf)]).exit_code == 0
        words = " ".join(page_text(read_pdf(pdf.read_bytes()), 0).split())
        assert "South in hand" in words and "North knocked out" in words, command


def test_every_diagram_of_a_game_has_the_same_box_whatever_is_beside_it() -> None:
    """The column is as wide for an empty hand as for a full one: a Records Chart's diagrams line
    up, and the PDF backend reuses one grid."""
    [rep] = check_text(EXAMPLE.read_text(encoding="utf-8"))
    game = rep.game  # configured for the record's 6x6 board
    assert game is not None and game.name == get_game("batu khan").name
    start = game.initial_position()
    boxes = {game_drawing(game, p).bbox[2] for p in (start, rep.final)}
    assert len(boxes) == 1
    plain = game_drawing(game, None)  # an empty board alone (the Phone Chart's) has no column
    assert plain.bbox[2] < boxes.pop()


def test_letters_fit_their_disc_and_free_rings_show_their_letter() -> None:
    """Issue 12's forms: a Baladãna figure carries up to three ring letters, two on a body wider
    than a disc (1.68 of a cell's 2), three two over one on a rounded square (1.52), so that they
    stay large and inside it (issues 23, 39); a free ring is a band with its colour's letter."""
    from pbmkit.games.drawing import Glyph
    from pbmkit.render.diagram import glyph_drawing
    from pbmkit.render.shapes import Placed, Text

    def text_of(glyph: Glyph) -> Text:
        [placed] = glyph_drawing(glyph).over
        assert isinstance(placed, Placed)
        return next(s for s in placed.shapes if isinstance(s, Text))

    from pbmkit.render.pdf import text_width

    one, three = text_of(Glyph("letter", "K")), text_of(Glyph("letter", "RGB", dark=True))
    assert three.text == "RG" and text_width("GG", three.size, bold=True) <= 1.52 - 0.2
    assert three.size >= 0.75 and one.size > three.size  # was 0.47 on a disc: 3.0 pt on a chart
    ring = text_of(Glyph("ring", "G"))
    assert ring.text == "G"
    art = art_for(get_game("baladana"))
    assert art.glyphs["R"].kind == "ring" and art.glyphs["R"].letter == "R"


def _every_example_replay() -> list[Any]:
    out = []
    for path in sorted((EXAMPLE.parent).glob("*.txt")):
        for rep in check_text(path.read_text(encoding="utf-8")):
            if rep.valid and rep.game is not None:
                out.append(rep)
    return out


def test_every_label_beside_the_board_fits_its_column() -> None:
    """A label runs no wider than the column (it would print over the next diagram of the row):
    every position of every example game, and every blank column's label."""
    from pbmkit.render.diagram import BESIDE_TEXT, BESIDE_WIDTH
    from pbmkit.render.pdf import text_width

    seen = 0
    for rep in _every_example_replay():
        art = art_for(rep.game)
        if art.beside is None:
            continue
        labels = {label for p in (rep.game.initial_position(), rep.final)
                  for label, _ in art.beside(p)} | set(art.beside_blank)
        for label in labels:
            seen += 1
            assert text_width(label, BESIDE_TEXT, bold=True) <= BESIDE_WIDTH, label
    assert seen >= 10


def test_a_blank_diagram_of_a_form_has_the_column_with_its_labels_and_the_same_box() -> None:
    """A chart going on by hand, or a blank Mailer, keeps the column (labels and a line to write
    on), so that its diagrams are as large as the filled ones and line up with them."""
    [rep] = check_text(EXAMPLE.read_text(encoding="utf-8"))
    game = rep.game
    blank = game_drawing(game, None, blank_column=True)
    filled = game_drawing(game, rep.final)
    assert blank.bbox == filled.bbox
    words = [s.text for s in blank.over if isinstance(s, Text)]
    assert words == list(art_for(game).beside_blank)


def test_a_diagram_s_lines_are_as_thick_as_asked_at_the_size_it_is_printed() -> None:
    """The column makes the diagram smaller than its board alone: its line widths are chosen for
    the scale it is printed at (0.45 pt grid lines stay 0.45 pt, for a photocopy)."""
    from pbmkit.render.diagram import DiagramStyle, fitted_drawing

    [rep] = check_text(EXAMPLE.read_text(encoding="utf-8"))
    drawing, scale = fitted_drawing(
        rep.game, rep.final, 160.0, 150.0,
        style_for=lambda k: DiagramStyle.for_scale(k, grid_pt=0.45, border_pt=1.1))
    assert abs(scale - min(160.0 / drawing.width, 150.0 / drawing.height)) < 1e-9
    grid = [s for s in drawing.grid if isinstance(s, Polygon) and s.fill is None]
    assert abs(grid[0].width * scale - 0.45) < 1e-9


def test_the_records_chart_s_form_note_stands_below_every_turn_box(tmp_path: Path) -> None:
    """Batrakill's note (its layout is provisional) has a line of its own above the key; it used
    to print over the last row's turn boxes."""
    from pbmkit.render.from_record import chart_entries, chart_header
    from pbmkit.render.records_chart import chart_grid, records_chart_pdf
    from tests.support.render_helpers import text_runs

    path = EXAMPLE.parent / "batrakill-02-dragon-wins.txt"
    [rep] = check_text(path.read_text(encoding="utf-8"))
    runs = text_runs(read_pdf(records_chart_pdf(rep.game, chart_header(rep),
                                                chart_entries(rep))), 0)
    [note_y] = [y for text, _, y in runs if "provisional" in text]
    turn_ys = [y for text, _, y in runs if text == "Turn"]
    grid = chart_grid(rep.game, entries=chart_entries(rep))
    assert len(turn_ys) == grid.columns * grid.rows
    assert note_y < min(turn_ys) - 10  # below the lowest turn box (22 pt tall, label at its top)
