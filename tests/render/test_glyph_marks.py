"""Drawing hints beyond Batalo's and Billo's: dark letters and marks (issue 10), for any game's pieces
in black-and-white print."""

from __future__ import annotations

from pbmkit.games.drawing import GLYPH_MARKS, Glyph
from pbmkit.render.diagram import _glyph_shapes
from pbmkit.render.shapes import BLACK, WHITE, Circle, Polygon, Text


def test_a_dark_letter_is_a_light_letter_on_a_dark_disc() -> None:
    disc, letter = _glyph_shapes(Glyph("letter", "K", dark=True), 1.0)
    assert isinstance(disc, Circle) and disc.fill == BLACK
    assert isinstance(letter, Text) and letter.text == "K" and letter.fill == WHITE
    disc, letter = _glyph_shapes(Glyph("letter", "K"), 1.0)
    assert isinstance(disc, Circle) and disc.fill == WHITE and isinstance(letter, Text)
    assert letter.fill == BLACK


def test_every_mark_adds_a_shape_that_contrasts_with_the_piece() -> None:
    for mark in GLYPH_MARKS:
        plain = _glyph_shapes(Glyph("disc"), 1.0)
        marked = _glyph_shapes(Glyph("disc", marks=(mark,)), 1.0)
        assert marked[: len(plain)] == plain and len(marked) == len(plain) + 1, mark
        extra = marked[-1]
        if mark == "dot":
            assert isinstance(extra, Circle) and extra.fill == WHITE  # white on a black disc


def test_a_facing_arrow_points_its_way() -> None:
    tips = {}
    for mark in ("arrow-n", "arrow-e", "arrow-s", "arrow-w"):
        arrow = _glyph_shapes(Glyph("ring", marks=(mark,)), 1.0)[-1]
        assert isinstance(arrow, Polygon)
        tips[mark] = arrow.points[0]
    assert tips == {"arrow-n": (0.0, 0.8), "arrow-e": (0.8, 0.0), "arrow-s": (0.0, -0.8),
                    "arrow-w": (-0.8, 0.0)}
