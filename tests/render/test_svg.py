"""The same board drawing as SVG (``pbmkit show FILE --svg``)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from render_helpers import play

from pbmkit.games import get_game
from pbmkit.games.batalo import BOARD, initial_position
from pbmkit.render.svg import board_svg

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
    under = root.find("s:g[@class='under']", NS)
    assert under is not None and len(under.findall(".//s:polygon", NS)) == 2

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
