"""The board drawing model: geometry from the board, glyphs from the game, marks from the moves."""

from __future__ import annotations

import math

import pytest

from pbmkit.games import get_game
from pbmkit.games.batalo import Move, check, rules
from pbmkit.games.batalo.rules import BLACK_BASE, BOARD, WHITE_BASE, space
from pbmkit.games.batalo.setup import initial_position
from pbmkit.games.board import square_board
from pbmkit.render.art import GameArt, Glyph, art_for, piece_symbols
from pbmkit.render.diagram import DiagramStyle, board_drawing, game_drawing, space_centres
from pbmkit.render.shapes import Circle, Placed, Polygon, Polyline, Text
from tests.support.render_helpers import play

GAME = get_game("batalo")


def _placed(drawing: object) -> list[Placed]:
    """The piece glyphs placed on a drawing (not the dots that start the move arrows, nor the end
    cells' heavy edges)."""
    return [s for s in drawing.over  # type: ignore[attr-defined]
            if isinstance(s, Placed) and not s.key.startswith(("dot", "end:"))]


def _black_lines(drawing: object) -> list[Polyline]:
    """The black lines of a drawing's marks (the arrows; not their white casings)."""
    return [s for s in drawing.over  # type: ignore[attr-defined]
            if isinstance(s, Polyline) and s.stroke == (0, 0, 0)]


def test_neighbouring_spaces_are_drawn_one_cell_apart_and_others_further() -> None:
    centres = space_centres(BOARD)
    for sp in range(BOARD.size):
        for n in BOARD.neighbours[sp]:
            assert math.dist(centres[sp], centres[n]) == pytest.approx(math.sqrt(3))
    dists = [math.dist(a, b) for k, a in enumerate(centres) for b in centres[k + 1:]]
    assert min(dists) == pytest.approx(math.sqrt(3))


def test_batalo_is_drawn_from_whites_seat_and_flip_turns_it_round() -> None:
    c = space_centres(BOARD)
    assert c[WHITE_BASE][1] < c[space("GT")][1] < c[BLACK_BASE][1]
    assert c[space("AZ")][1] == max(y for _, y in c)  # AZ at the top, as in the spec's diagram
    assert c[space("AT")][0] < c[space("GZ")][0]  # AT on the left, GZ on the right
    f = space_centres(BOARD, flip=True)
    assert f[WHITE_BASE][1] > f[BLACK_BASE][1]
    assert f[space("AT")][0] > f[space("GZ")][0]


def test_the_grid_has_a_cell_per_space_the_outline_and_both_bases() -> None:
    d = game_drawing(GAME, None)
    cells = [s for s in d.grid if isinstance(s, Polygon)]
    assert len(cells) == BOARD.size + 2  # 127 cells and the inner outline of each base
    border = [s for s in d.grid if isinstance(s, Polyline)]
    # The outline of a hexagon of hexagons with 7 cells a side: the 6 corner cells show 3 edges
    # each, the 5 other cells along each side 2 edges each.
    assert len(border) == 6 * 3 + 6 * 5 * 2
    assert not d.over and not d.under


def test_the_starting_position_shows_the_rules_symbols() -> None:
    symbols = piece_symbols(GAME, initial_position())
    assert sorted(symbols.values()) == sorted("W" + "O" * 6 + "B" + "●" * 6)
    assert symbols[WHITE_BASE] == "W" and symbols[BLACK_BASE] == "B"
    d = game_drawing(GAME, initial_position())
    placed = _placed(d)
    assert len(placed) == 14
    letters = sorted(t.text for p in placed for t in p.shapes if isinstance(t, Text))
    assert letters == ["B", "W"]
    discs = [p for p in placed if any(isinstance(s, Circle) and s.fill == (0, 0, 0) for s in p.shapes)]
    rings = [p for p in placed if any(isinstance(s, Circle) and s.fill == (1, 1, 1) and s.stroke
                                      for s in p.shapes)]
    assert len(discs) == 6 and len(rings) == 6


def test_the_last_moves_end_is_outlined_and_joined_to_a_dot_on_its_start() -> None:
    (m1, _), (m2, after) = play("IR to HS", "EV to FU")
    d = game_drawing(GAME, after, last_moves=[m1, m2])
    centres = space_centres(BOARD)
    outlined = [s for s in d.over if isinstance(s, Placed) and s.key.startswith("end:")]
    assert len(outlined) == 2
    assert all(isinstance(p, Polygon) and p.fill is None and p.stroke == (0, 0, 0)
               for s in outlined for p in s.shapes)
    assert sorted(s.at for s in outlined) == sorted(centres[sp] for sp in (m1.end, m2.end))
    dots = [s for s in d.over if isinstance(s, Placed) and s.key.startswith("dot")]
    assert sorted(s.at for s in dots) == sorted(centres[sp] for sp in (m1.start, m2.start))
    arrows = _black_lines(d)
    assert len(arrows) == 2
    # Pieces are drawn after the arrows, so an arrow never hides a piece.
    assert d.over.index(arrows[-1]) < d.over.index(_placed(d)[0])


def test_names_are_drawn_only_when_asked() -> None:
    plain = game_drawing(GAME, None)
    named = game_drawing(GAME, None, style=DiagramStyle(name_size=0.5))
    names = {t.text for t in named.grid if isinstance(t, Text)}
    assert names == set(BOARD.names)
    assert not [t for t in plain.grid if isinstance(t, Text)]


def test_a_square_board_game_only_adds_its_glyphs() -> None:
    board = square_board(8, 8)
    art = GameArt(symbols=lambda position: position, glyphs={"x": Glyph("disc"), "K": Glyph("letter", "K")},
                  legend=(("x", "man"), ("K", "king")))
    d = board_drawing(board, art, {0: "x", 63: "K"}, marks=[(0, 9)])
    cells = [s for s in d.grid if isinstance(s, Polygon)]
    assert len(cells) == 64 and all(len(c.points) == 4 for c in cells)
    assert len([s for s in d.grid if isinstance(s, Polyline)]) == 32
    assert len(_placed(d)) == 2
    x0, y0, x1, y1 = d.bbox
    assert x1 - x0 == pytest.approx(y1 - y0)


def test_a_game_without_drawings_is_refused_plainly() -> None:
    class Other:
        name, title = "other", "Other"

    with pytest.raises(ValueError, match="no drawings for Other"):
        art_for(Other())  # type: ignore[arg-type]


def test_a_hop_series_written_with_its_landings_is_marked_along_them() -> None:
    position = play("JP to HR", "EW to EU", "IR to HS", "EV to FU", "KP to IR", "CX to GT",
                    "KQ to IS", "CW to EW", "JR to HT")[-1][1]
    move = Move(space("EU"), space("GS"), path=(space("GU"), space("GS")))
    assert check.check_move(position, move) is None
    d = game_drawing(GAME, rules.apply(position, move), last_moves=[move])
    line, = _black_lines(d)
    centres = space_centres(BOARD)
    assert len(line.points) == 3
    assert line.points[1] == centres[space("GU")]  # through the landing, not straight across
    assert [s.at for s in d.over if isinstance(s, Placed) and s.key.startswith("end:")] == [
        centres[space("GS")]]
    assert [s.at for s in d.over if isinstance(s, Placed) and s.key.startswith("dot")] == [
        centres[space("EU")]]
