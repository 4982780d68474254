"""The terminal board: the spec's layout, the rules' symbols, the last move, optional colour."""

from __future__ import annotations

import re

from render_helpers import play

from pbmkit.games import get_game
from pbmkit.games.batalo import diagram, initial_position
from pbmkit.render.terminal import board_text

GAME = get_game("batalo")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _tokens(text: str) -> list[list[str]]:
    return [line.split() for line in text.splitlines()]


def test_the_layout_is_the_spec_diagram_with_the_rules_symbols() -> None:
    ours = board_text(GAME, initial_position())
    spec = diagram(initial_position())  # the spec's drawing: W o B x after a name
    to_spec = {"O": "o", "●": "x"}
    converted = [[t[:2].upper() + "".join(to_spec.get(ch, ch) for ch in t[2:]) for t in row]
                 for row in _tokens(ours)]
    assert converted == _tokens(spec)
    assert "JQW" in ours and "DWB" in ours and "IRO" in ours and "CX●" in ours and "gt" in ours


def test_the_last_move_is_bracketed_and_flip_turns_the_board() -> None:
    (move, after), = play("IR to HS")
    text = board_text(GAME, after, last_move=move)
    assert "[HSO]" in text and "[ir]" in text
    flipped = board_text(GAME, after, last_move=move, flip=True)
    assert flipped.splitlines()[0].strip() == "mn" and text.splitlines()[0].strip() == "az"
    assert _tokens(flipped) == [list(reversed(row)) for row in reversed(_tokens(text))]


def test_colour_only_adds_styles() -> None:
    (move, after), = play("IR to HS")
    plain = board_text(GAME, after, last_move=move)
    coloured = board_text(GAME, after, last_move=move, colour=True)
    assert coloured != plain
    assert ANSI.sub("", coloured) == plain
    assert "\x1b[1m\x1b[4m[HSO]" in coloured  # a white piece bold, the last move underlined
    assert "\x1b[1m\x1b[7mDWB" in coloured  # a black piece in reverse video
