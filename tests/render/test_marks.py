"""What a diagram marks: the last move's paths as the game says (``touched``), never guessed from
the type of a move; and the smallest text a drawing holds, so that a form can size it (issue 23,
issue 24 fault 1)."""

from __future__ import annotations

import math
import random
from itertools import pairwise
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from pbmkit.games import game_names, get_game
from pbmkit.games.board import square_board
from pbmkit.games.drawing import Glyph, Look
from pbmkit.render.art import art_for
from pbmkit.render.diagram import DiagramStyle, game_drawing, move_marks
from pbmkit.render.shapes import Drawing, Placed, Polyline, Text


def _some_moves(name: str, plies: int = 12) -> list[tuple[Any, Any]]:
    """(move, position after) along a seeded random game: every kind of move a game has soon."""
    game = get_game(name)
    rng = random.Random(23)
    position = game.initial_position()
    out = []
    for _ in range(plies):
        moves = list(game.legal_moves(position))
        if not moves:
            break
        for move in rng.sample(moves, min(3, len(moves))):
            out.append((move, game.apply(position, move)))
        position = game.apply(position, rng.choice(moves))
    return out


@pytest.mark.parametrize("name", game_names())
def test_the_marks_drawn_for_a_move_are_the_paths_the_game_says_it_touches(name: str) -> None:
    game = get_game(name)
    for move, after in _some_moves(name):
        drawing = game_drawing(game, after, last_moves=[move])
        assert drawing.marked == tuple(tuple(p) for p in game.touched(move)), str(move)
        assert move_marks(game, [move]) == drawing.marked


class _Cell(NamedTuple):
    """A Hex-like move: a cell and whether it swaps; a tuple of ints, and not a path."""

    cell: int
    swap: int


class _Drops:
    """The least a game gives the diagram: a board, its look, and what a move touches."""

    name = title = "drops"
    board = square_board(4, 4)

    def look(self) -> Look[dict[int, str]]:
        return Look(symbols=lambda position: position, glyphs={"R": Glyph("disc")},
                    legend=(("R", "red stone"),))

    def touched(self, move: _Cell) -> tuple[tuple[int, ...], ...]:
        return ((move.cell,),)


def test_a_move_that_is_a_tuple_of_ints_is_marked_as_the_game_says_not_as_a_path() -> None:
    game: Any = _Drops()
    move = _Cell(cell=9, swap=0)
    drawing = game_drawing(game, {9: "R"}, last_moves=[move])
    assert drawing.marked == ((9,),)  # not an arrow from a1 (space 0) to b3
    assert not [s for s in drawing.over if isinstance(s, Placed) and s.key == "dot"]
    # a path of spaces is marked only when given as one, through its own argument
    assert game_drawing(game, {9: "R"}, marks=[(0, 9)]).marked == ((0, 9),)


def test_a_drawing_tells_its_smallest_text_and_the_scale_that_keeps_it_at_6_pt() -> None:
    game = get_game("batalo")
    plain = game_drawing(game, game.initial_position())
    assert plain.smallest_text == min(
        t.size for p in plain.over if isinstance(p, Placed) for t in p.shapes if isinstance(t, Text))
    named = game_drawing(game, None, style=DiagramStyle(name_size=0.5, label_size=0.85))
    assert named.smallest_text == pytest.approx(0.5)
    assert named.smallest_scale() == pytest.approx(12.0)
    assert named.smallest_scale(7.0) == pytest.approx(14.0)
    empty = Drawing(bbox=(0.0, 0.0, 1.0, 1.0), grid=())
    assert empty.smallest_scale() == 0.0


PPU = 9.0
"""Points per board unit: about the size a Mailer or chart prints a board at."""
DPI = 150.0
MARGIN = 10.0


def _thresholded(drawing: Drawing) -> Any:
    """``drawing`` printed at :data:`PPU`, rasterised at :data:`DPI` and put through a copier's
    50 % threshold: a set of black pixels."""
    import io

    from pbmkit.render.pdf import draw_drawing, finish, new_canvas
    from pbmkit.render.templates import Paper
    from tests.support.render_helpers import page_image

    w, h = drawing.width * PPU, drawing.height * PPU
    buf = io.BytesIO()
    c = new_canvas(buf, Paper("test", "test", w + 2 * MARGIN, h + 2 * MARGIN), title="t", subject="t")
    draw_drawing(c, drawing, MARGIN, MARGIN, w, h)
    c.showPage()
    image = page_image(finish(c, buf), 0, DPI)
    px = image.load()
    return {(x, y) for x in range(image.size[0]) for y in range(image.size[1]) if px[x, y] < 128}


def _pixel(drawing: Drawing, point: tuple[float, float]) -> tuple[float, float]:
    x0, _, _, y1 = drawing.bbox
    k = DPI / 72.0
    return ((MARGIN + (point[0] - x0) * PPU) * k, (MARGIN + (y1 - point[1]) * PPU) * k)


def _quadrants_marked(extra: set[tuple[int, int]], centre: tuple[float, float], inner: float,
                      outer: float) -> int:
    """In how many quadrants round ``centre`` the ``extra`` black pixels reach the cell's band
    between ``inner`` and ``outer`` (pixels) from the centre."""
    cx, cy = centre
    seen = set()
    for x, y in extra:
        d = ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5
        if inner <= d <= outer:
            seen.add((x > cx, y > cy))
    return len(seen)


@pytest.mark.parametrize("name", game_names())
def test_the_last_move_survives_a_photocopiers_threshold(name: str) -> None:
    from pbmkit.render.diagram import space_centres

    game = get_game(name)
    centres = space_centres(game.board)
    cell = DPI / 72.0 * PPU  # one board unit in pixels; a cell's circumradius is 1
    kinds = {}
    for move, after in _some_moves(name, plies=30):
        for path in game.touched(move):
            kinds.setdefault(len(path) > 1, (move, after, path))
    assert kinds, name
    for move, after, path in kinds.values():
        bare = game_drawing(game, after)
        marked = game_drawing(game, after, last_moves=[move])
        extra = _thresholded(marked) - _thresholded(bare)
        end = _pixel(marked, centres[path[-1]])
        # the end cell is outlined all round (a grey shading vanished), whatever stands on it
        assert _quadrants_marked(extra, end, 0.72 * cell, 0.95 * cell) == 4, (name, str(move))
        if len(path) > 1:  # the start keeps its dot (under a piece left there: the arrow's tail)
            start = _pixel(marked, centres[path[0]])
            left = path[0] in art_for(game).symbols(after)
            reached = _quadrants_marked(extra, start, 0.0, (0.95 if left else 0.15) * cell)
            assert reached >= (1 if left else 4), (name, str(move))


def _apart(a: tuple[tuple[float, float], ...], b: tuple[tuple[float, float], ...]) -> float:
    """The least distance between the points of two polylines, sampled along them."""
    def along(line: tuple[tuple[float, float], ...]) -> list[tuple[float, float]]:
        return [(p[0] + (q[0] - p[0]) * k / 20, p[1] + (q[1] - p[1]) * k / 20)
                for p, q in pairwise(line) for k in range(21)]
    return min(((x - u) ** 2 + (y - v) ** 2) ** 0.5 for x, y in along(a) for u, v in along(b))


@pytest.mark.parametrize("paths", [((27, 28), (27, 26)), ((27, 28), (28, 27)), ((27, 28), (27, 36))],
                         ids=["opposite ways from one start", "there and back", "two ways from one start"])
def test_two_paths_of_one_turn_from_one_space_do_not_read_as_one_double_headed_line(
        paths: tuple[tuple[int, int], ...]) -> None:
    game = get_game("baladana")  # a ring move and a capture may leave one square
    drawing = game_drawing(game, None, marks=paths)
    lines = [s.points for s in drawing.over if isinstance(s, Polyline) and s.stroke == (0, 0, 0)]
    dots = [s for s in drawing.over if isinstance(s, Placed) and s.key.startswith("dot")]
    assert len(lines) == 2 and len(dots) == 2
    assert _apart(lines[0], lines[1]) >= 0.25  # two arrows apart, each from its own dot
    assert math.dist(dots[0].at, dots[1].at) >= 0.25


def test_a_baladana_ring_move_and_figure_move_from_one_square_are_drawn_apart() -> None:
    game = get_game("baladana")
    for move, after in _some_moves("baladana", plies=60):
        parts = game.touched(move)
        if len(parts) > 1 and parts[0][0] == parts[1][0]:
            drawn = after
            break
    else:
        pytest.fail("no ring move leaving the figure's square in the sample")
    drawing = game_drawing(game, drawn, last_moves=[move])
    lines = [s.points for s in drawing.over if isinstance(s, Polyline) and s.stroke == (0, 0, 0)]
    assert _apart(lines[0], lines[1]) >= 0.3


def _games_and_variants() -> list[Any]:
    """Every registered game, and the configured boards that mark more (Batrakill's zones)."""
    from pbmkit.records import check_text

    games = [get_game(name) for name in game_names()]
    text = (Path(__file__).parents[2] / "examples" / "batrakill-03-four-players.txt").read_text(
        encoding="utf-8")
    [rep] = check_text(text)
    return [*games, rep.game]


@pytest.mark.parametrize("game", _games_and_variants(), ids=lambda g: getattr(g, "title", "?"))
def test_the_key_names_every_mark_a_diagram_draws(game: Any) -> None:
    from pbmkit.render.diagram import key_drawing

    art = art_for(game)
    symbols = [s for s, _ in art.legend]
    words = " ".join(m for _, m in art.legend)
    assert "@last" in symbols  # the last move's dot, arrow and outline
    marked = [s.removeprefix("@base:") for s in symbols if s.startswith("@base:")]
    for mark in set(art.bases.values()):
        if len(mark) == 1:  # a lettered square: its own item, or named in one
            assert mark in marked or f"{mark}," in words or f"{mark})" in words, mark
        else:  # an outlined base or camp
            assert any(len(m) > 1 for m in marked), mark
    glyph_marks = {m for g in art.glyphs.values() for m in g.marks}
    if any(m.startswith("arrow") for m in glyph_marks):
        assert "arrow" in words  # the wedge standing out of a piece: its facing
    for symbol in symbols:  # and the key can draw each
        assert key_drawing(art, symbol).width > 0


EXAMPLES = Path(__file__).parents[2] / "examples"


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("*.txt")))
def test_no_text_in_a_diagram_is_much_smaller_than_the_board_s_line_labels(example: str) -> None:
    """Every text a diagram holds (piece letters, a figure's three ring letters, free rings, the
    column beside the board, the line labels) is at least 0.7 board units (a square cell is 2),
    so that a form printing its board at 8.6 pt a unit (a 9x9 board about 2.4 in wide) prints
    none under 6 pt. It was 0.36 (Baladãna's free rings beside the board), 0.55 (Batrakill's "T",
    Batu Khan's "X")."""
    from pbmkit.records import check_text

    rep = check_text((EXAMPLES / example).read_text(encoding="utf-8"))[0]
    art = art_for(rep.game)
    style = DiagramStyle.for_scale(10.0, labels=art.diagram_labels)
    drawings = [game_drawing(rep.game, None, style=style, blank_column=True)]
    drawings += [game_drawing(rep.game, ply.after, last_moves=[ply.move], style=style)
                 for ply in rep.main]
    smallest = min(d.smallest_text for d in drawings)
    assert smallest >= 0.7, smallest
    assert min(d.smallest_scale() for d in drawings) <= 6.0 / 0.7


def test_batalo_s_chart_and_mailer_diagrams_carry_the_line_letters_round_the_rim() -> None:
    """As the Phone Chart does (and every other game's diagrams): A–M and N–Z round the board,
    so a space can be named from a mailed diagram alone."""
    import io
    import string

    import pypdf

    from pbmkit.records import check_text
    from pbmkit.render.from_record import chart_entries, chart_header, mailer_card
    from pbmkit.render.mailer import mailer_pdf
    from pbmkit.render.records_chart import records_chart_pdf

    rep = check_text((EXAMPLES / "03-unfinished-with-series.txt").read_text(encoding="utf-8"))[0]
    assert art_for(rep.game).diagram_labels
    for pdf in (records_chart_pdf(rep.game, chart_header(rep), chart_entries(rep)),
                mailer_pdf(rep.game, [mailer_card(rep)])):
        words = set(pypdf.PdfReader(io.BytesIO(pdf)).pages[0].extract_text().split())
        assert set(string.ascii_uppercase) <= words, sorted(set(string.ascii_uppercase) - words)


def test_batrakill_s_eaten_knights_keep_their_faction_and_round_1_s_are_shown() -> None:
    from pbmkit.records import check_text

    duel = check_text((EXAMPLES / "batrakill-02-dragon-wins.txt").read_text(encoding="utf-8"))[0]
    art = art_for(duel.game)
    groups = dict(art.beside(duel.final))
    assert groups["Round 1: 5 lost"] == ("xK",) * 5  # not a bare "–"
    assert groups["Round 2: 5 eaten"] == ("xK",) * 5
    assert "xK" in dict(art.legend)
    zones = check_text((EXAMPLES / "batrakill-03-four-players.txt").read_text(encoding="utf-8"))[0]
    art = art_for(zones.game)
    [(label, eaten)] = [g for g in art.beside(zones.final) if g[0].startswith("Eaten")]
    knights = {k.home: k.faction for k in zones.game.initial_position().knights}
    gone = [f for home, f in knights.items() if home not in {k.home for k in zones.final.knights}]
    assert label == "Eaten 1" and eaten == tuple("x" + f[0].upper() for f in gone) == ("xP",)
    assert any(s.startswith("x") for s, _ in art.legend)
    assert art.owners["xP"] != art.owners.get("xB")
