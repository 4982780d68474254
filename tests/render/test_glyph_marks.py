"""Drawing hints beyond Batalo's and Billo's: dark letters and marks (issue 10), for any game's pieces
in black-and-white print."""

from __future__ import annotations

from pbmkit.games.drawing import GLYPH_MARKS, Glyph
from pbmkit.render.glyphs import glyph_shapes
from pbmkit.render.shapes import BLACK, WHITE, Circle, Polygon, Text


def test_a_dark_letter_is_a_light_letter_on_a_dark_disc() -> None:
    disc, letter = glyph_shapes(Glyph("letter", "K", dark=True), 1.0)
    assert isinstance(disc, Circle) and disc.fill == BLACK
    assert isinstance(letter, Text) and letter.text == "K" and letter.fill == WHITE
    disc, letter = glyph_shapes(Glyph("letter", "K"), 1.0)
    assert isinstance(disc, Circle) and disc.fill == WHITE and isinstance(letter, Text)
    assert letter.fill == BLACK


def test_every_mark_adds_a_shape_that_contrasts_with_the_piece() -> None:
    for mark in GLYPH_MARKS:
        plain = glyph_shapes(Glyph("disc"), 1.0)
        marked = glyph_shapes(Glyph("disc", marks=(mark,)), 1.0)
        assert marked[: len(plain)] == plain and len(marked) == len(plain) + 1, mark
        extra = marked[-1]
        if mark == "dot":
            assert isinstance(extra, Circle) and extra.fill == WHITE  # white on a black disc


def test_a_facing_arrow_points_its_way_and_stands_out_of_the_piece() -> None:
    """Batrakill's facing must read in print: the arrow's tip stands out of the disc's rim."""
    for glyph in (Glyph("ring"), Glyph("letter", "K", marks=("outline",))):
        body = glyph_shapes(glyph, 1.0)[0]
        assert isinstance(body, Circle)
        tips = {}
        for mark in ("arrow-n", "arrow-e", "arrow-s", "arrow-w"):
            arrow = glyph_shapes(glyph._replace(marks=(*glyph.marks, mark)), 1.0)[-1]
            assert isinstance(arrow, Polygon)
            tips[mark] = arrow.points[0]
        out = tips["arrow-n"][1]
        assert out > body.radius + 0.25
        assert tips == {"arrow-n": (0.0, out), "arrow-e": (out, 0.0), "arrow-s": (0.0, -out),
                        "arrow-w": (-out, 0.0)}


def _letter_height(glyph: Glyph) -> float:
    [text] = [s for s in glyph_shapes(glyph, 1.0) if isinstance(s, Text)]
    return 0.73 * text.size  # DejaVu Sans Bold capitals


def test_an_outline_is_a_ring_at_the_rim_clear_of_the_letter() -> None:
    """A light lettered piece with an outline (Batu Khan's South stones, Baladãna's White figures)
    reads as a piece, not a bare letter: a black ring round the disc, the letter inside it."""
    glyph = Glyph("letter", "W", marks=("outline",))
    disc, _, ring = glyph_shapes(glyph, 1.0)
    assert isinstance(ring, Circle) and ring.fill is None and ring.stroke == BLACK
    assert isinstance(disc, Circle) and ring.radius == disc.radius
    assert _letter_height(glyph) / 2 < ring.radius - 0.15


def test_a_double_outline_is_two_rings_round_the_letter_not_across_it() -> None:
    """Batu Khan's blockade, Batrakill's tower and knight in a tower: both rings stand outside
    the letter (the old inner ring struck through it)."""
    for dark in (False, True):
        glyph = Glyph("letter", "X", dark=dark, marks=("double",))
        rings = [s for s in glyph_shapes(glyph, 1.0)[2:] if isinstance(s, Circle)]
        assert rings and all(r.fill is None for r in rings)
        assert min(r.radius for r in rings) > _letter_height(glyph) / 2 + 0.1
        assert rings[-1].stroke == (WHITE if dark else BLACK)


def test_a_lettered_ring_is_smaller_than_a_lettered_piece_and_dark_for_the_second_side() -> None:
    """Baladãna: a free ring is not taken for a figure (a smaller band: two circles, a figure one
    outline); a free golden ring is light for White's, dark for Black's, as the figures are."""
    ring = [s for s in glyph_shapes(Glyph("ring", "G"), 1.0) if isinstance(s, Circle)]
    figure = [s for s in glyph_shapes(Glyph("letter", "G", marks=("outline",)), 1.0)
              if isinstance(s, Circle) and s.stroke == BLACK]
    assert len(ring) == 2 and len(figure) == 1
    assert ring[0].radius < figure[0].radius and ring[0].radius - ring[1].radius >= 0.12
    dark = glyph_shapes(Glyph("ring", "Y", dark=True), 1.0)
    assert isinstance(dark[0], Circle) and dark[0].fill == BLACK
    [letter] = [s for s in dark if isinstance(s, Text)]
    assert letter.fill == WHITE
