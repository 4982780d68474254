"""The same board drawing as SVG (``pbmkit show FILE --svg``)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from pbmkit.games import get_game
from pbmkit.games.batalo.rules import BOARD
from pbmkit.games.batalo.setup import initial_position
from pbmkit.render.diagram import space_centres
from pbmkit.render.pdf import text_width
from pbmkit.render.svg import board_svg
from tests.support.render_helpers import play

NS = {"s": "http://www.w3.org/2000/svg"}
GAME = get_game("batalo")


def _texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]


def test_the_svg_is_well_formed_with_every_space_named_and_every_piece() -> None:
    root = ET.fromstring(board_svg(GAME, initial_position()))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    grid = root.find("s:g[@class='grid']", NS)
    assert grid is not None
    assert len(grid.findall("s:polygon", NS)) == BOARD.size + 2  # cells and the two bases
    texts = _texts(root)
    assert set(BOARD.names) <= set(texts)
    assert texts.count("W") == 1 and texts.count("B") == 1
    over = root.find("s:g[@class='over']", NS)
    assert over is not None
    circles = over.findall(".//s:circle", NS)
    assert len([c for c in circles if c.get("fill") == "#000000"]) == 6
    assert len([c for c in circles if c.get("fill") == "#ffffff" and c.get("stroke")]) == 6


def test_the_last_move_is_marked_and_flip_turns_the_board() -> None:
    (move, after), = play("IR to HS")
    svg = board_svg(GAME, after, last_move=move)
    root = ET.fromstring(svg)
    over = root.find("s:g[@class='over']", NS)
    assert over is not None and len([p for p in over.findall(".//s:polygon", NS)
                                     if p.get("fill") == "none"]) == 1  # the end cell's heavy edge

    def y_of(doc: str, name: str) -> float:
        for t in ET.fromstring(doc).iter("{http://www.w3.org/2000/svg}text"):
            if t.text == name:
                return float(t.get("y", "0"))
        raise AssertionError(name)

    flipped = board_svg(GAME, after, last_move=move, flip=True)
    assert y_of(svg, "JQ") > y_of(svg, "DW")  # SVG y grows downward: White's base is lower
    assert y_of(flipped, "JQ") < y_of(flipped, "DW")


def test_svg_without_names_has_no_space_names() -> None:
    root = ET.fromstring(board_svg(GAME, initial_position(), names=False))
    assert not set(BOARD.names) & set(_texts(root))


def test_players_names_are_under_the_board_as_typed_for_the_viewer_to_shape_and_order() -> None:
    """Item 15 in the SVG: a viewer joins Arabic and orders right-to-left text itself, so the
    names go in as typed (logical order, base letters), each a bidi isolate (U+2068 ... U+2069),
    and a control character in a tag cannot make the document malformed."""
    svg = board_svg(GAME, initial_position(), players=["محمد علي", "דוד לוי\x1b[31m"])
    root = ET.fromstring(svg)  # well-formed despite the escape character
    caption = [t for t in _texts(root) if t.startswith(("White", "Black"))]
    assert caption == ["White: \u2068محمد علي\u2069", "Black: \u2068דוד לוי[31m\u2069"]
    assert not any("\ufb50" <= ch <= "\ufeff" for ch in "".join(caption))  # no presentation forms
    title = root.find("s:title", NS)
    assert title is not None and "محمد علي" in (title.text or "")
    # The caption sits under the board, inside the drawing.
    view = [float(v) for v in root.get("viewBox", "").split()]
    (y,) = [float(t.get("y", "0")) for t in root.iter("{http://www.w3.org/2000/svg}text")
            if (t.text or "").startswith("White")]
    board_bottom = max(float(t.get("y", "0")) for t in root.iter("{http://www.w3.org/2000/svg}text")
                       if t.text in BOARD.names)
    assert board_bottom < y <= view[1] + view[3]


def test_a_long_name_under_the_board_is_cut_to_the_boards_width() -> None:
    root = ET.fromstring(board_svg(GAME, initial_position(), players=["A" * 10_000, "中" * 500]))
    white, black = [t for t in _texts(root) if t.startswith(("White", "Black"))]
    assert white.endswith("…\u2069") and black.endswith("…\u2069")
    view_width = float(root.get("viewBox", "").split()[2])
    size = float(next(t.get("font-size", "0") for t in root.iter("{http://www.w3.org/2000/svg}text")
                      if (t.text or "").startswith("White")))
    shown = white.replace("\u2068", "").replace("\u2069", "")
    assert 0.8 * view_width < text_width(shown, size) <= view_width  # as wide as the board
    assert len(black) < len(white) / 1.2  # wide characters: fewer of them


EXAMPLES = Path(__file__).parents[2] / "examples"


def test_show_svg_says_whose_turn_it_is_or_the_result_as_the_terminal_does(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from pbmkit.cli import cli

    out = tmp_path / "b.svg"
    for example, words in (("01-short-base-win.txt", ("Result", "Game over")),
                           ("03-unfinished-with-series.txt", ("to move",))):
        run = CliRunner().invoke(cli, ["show", str(EXAMPLES / example), "--svg", str(out), "-v"])
        assert run.exit_code == 0, run.output
        texts = _texts(ET.fromstring(out.read_text(encoding="utf-8")))
        notes = [line for line in run.output.splitlines() if line.startswith(
            ("Last move", "Result", "Game over")) or line.endswith("to move.")]
        assert notes and all(any(note in t for t in texts) for note in notes), (notes, texts)
        assert any(word in t for t in texts for word in words)


def _names_style() -> object:
    from pbmkit.render.diagram import DiagramStyle

    return DiagramStyle(grid=0.05, border=0.14, base=0.08, name_size=0.42, piece_scale=0.62,
                        base_inset=0.87)


def _final(example: str) -> tuple[object, object]:
    from pbmkit.records import check_text

    [rep] = check_text((EXAMPLES / example).read_text(encoding="utf-8"))
    return rep.game, rep.final


def test_a_piece_on_a_camp_or_base_square_is_drawn_as_large_as_anywhere() -> None:
    from pbmkit.render.art import art_for
    from pbmkit.render.diagram import game_drawing
    from pbmkit.render.shapes import Placed

    for example in ("batu-khan-04-7x7.txt", "batrakill-02-dragon-wins.txt", "01-short-base-win.txt"):
        game, final = _final(example)
        art = art_for(game)  # type: ignore[arg-type]
        drawing = game_drawing(game, final, style=_names_style())  # type: ignore[arg-type]
        board_right = max(x for x, _ in space_centres(game.board)) + 1  # type: ignore[attr-defined]
        scales = {s.key.rsplit(":", 1)[1] for s in drawing.over if isinstance(s, Placed)
                  and not s.key.startswith("dot") and s.at[0] < board_right}
        assert len(scales) == 1, (example, scales)
        on_bases = [sp for sp in art.symbols(final) if sp in art.bases]
        assert on_bases, example  # the example has a piece standing on one


def test_no_facing_wedge_nor_marked_square_letter_covers_a_square_name() -> None:
    from pbmkit.render.diagram import game_drawing
    from pbmkit.render.shapes import Placed, Polygon, Text

    game, final = _final("batrakill-03-four-players.txt")
    drawing = game_drawing(game, final, style=_names_style())  # type: ignore[arg-type]
    names = {t.text for t in drawing.grid if isinstance(t, Text) and t.size == 0.42}
    assert len(names) == game.board.size  # type: ignore[attr-defined]
    boxes = [(t.x - text_width(t.text, t.size) / 2, t.y, t.x + text_width(t.text, t.size) / 2,
              t.y + 0.73 * t.size) for t in drawing.grid if isinstance(t, Text) and t.text in names]
    ink: list[tuple[float, float]] = []
    for shape in drawing.over:
        if isinstance(shape, Placed) and not shape.key.startswith("dot"):
            ax, ay = shape.at
            ink += [(ax + x, ay + y) for p in shape.shapes if isinstance(p, Polygon)
                    for x, y in p.points]  # the wedges (and any other polygon of a piece)
    for t in drawing.grid:  # the marked squares' letters: their top
        if isinstance(t, Text) and t.text not in names and len(t.text) == 1:
            ink += [(t.x, t.y + 0.73 * t.size)]
    assert ink
    for x, y in ink:
        assert not any(x0 <= x <= x1 and y0 <= y <= y1 for x0, y0, x1, y1 in boxes), (x, y)
