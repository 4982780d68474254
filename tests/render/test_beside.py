"""What a game shows beside its board (``Look.beside``: pieces in hand, knocked out, eaten, lost
rings) is drawn in every view: the terminal (``show``), SVG, the Records Chart and the Mailers.

Issue 11: "each side's stones still in hand and knocked out shown beside the board"; the same
hint carries Baladãna's lost golden rings and Batrakill's knights eaten.
"""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from render_helpers import page_text, read_pdf

from pbmkit.cli import cli
from pbmkit.games import get_game
from pbmkit.notation import check_text
from pbmkit.render.art import art_for
from pbmkit.render.diagram import game_drawing

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
    plain = game_drawing(game, None)  # a blank diagram has no column
    assert plain.bbox[2] < boxes.pop()


def test_letters_fit_their_disc_and_free_rings_show_their_letter() -> None:
    """Issue 12's forms: a Baladãna figure carries up to three ring letters, drawn smaller so that
    they stay inside the disc; a free ring is an open circle with its colour's letter."""
    from pbmkit.games.drawing import Glyph
    from pbmkit.render.diagram import glyph_drawing
    from pbmkit.render.shapes import Placed, Text

    def text_of(glyph: Glyph) -> Text:
        [placed] = glyph_drawing(glyph).over
        assert isinstance(placed, Placed)
        [text] = [s for s in placed.shapes if isinstance(s, Text)]
        return text

    one, three = text_of(Glyph("letter", "K")), text_of(Glyph("letter", "RGB", dark=True))
    assert three.size * 3 * 0.75 <= 1.2 * 1.0 + 1e-9 < one.size * 3 * 0.75  # fits the 1.2 disc
    ring = text_of(Glyph("ring", "G"))
    assert ring.text == "G"
    art = art_for(get_game("baladana"))
    assert art.glyphs["R"].kind == "ring" and art.glyphs["R"].letter == "R"
