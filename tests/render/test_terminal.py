"""The terminal board: the spec's layout, the rules' symbols, the last move, optional colour."""

from __future__ import annotations

import re

from pbmkit.games import get_game
from pbmkit.games.batalo.setup import diagram, initial_position
from pbmkit.render.terminal import board_text
from tests.support.render_helpers import play

GAME = get_game("batalo")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _tokens(text: str) -> list[list[str]]:
    return [line.split() for line in text.splitlines()]


def test_the_layout_is_the_spec_diagram_with_the_rules_symbols() -> None:
    ours = board_text(GAME, initial_position())
    spec = diagram(initial_position())  # the spec's drawing: W o B x after a name
    to_spec = {"O": "o", "●": "x"}
    converted = [[t[:2].upper() + "".join(to_spec.get(ch, ch) for ch in t[3:]) for t in row]
                 for row in _tokens(ours)]
    assert converted == _tokens(spec)
    assert "JQ:W" in ours and "DW:B" in ours and "IR:O" in ours and "CX:●" in ours and "gt" in ours


def test_the_last_move_is_bracketed_and_flip_turns_the_board() -> None:
    (move, after), = play("IR to HS")
    text = board_text(GAME, after, last_move=move)
    assert "[HS:O]" in text and "[ir]" in text
    flipped = board_text(GAME, after, last_move=move, flip=True)
    assert flipped.splitlines()[0].strip() == "mn" and text.splitlines()[0].strip() == "az"
    assert _tokens(flipped) == [list(reversed(row)) for row in reversed(_tokens(text))]


def test_colour_only_adds_styles() -> None:
    (move, after), = play("IR to HS")
    plain = board_text(GAME, after, last_move=move)
    coloured = board_text(GAME, after, last_move=move, colour=True)
    assert coloured != plain
    assert ANSI.sub("", coloured) == plain
    assert "\x1b[1m\x1b[4m[HS:O]" in coloured  # a white piece bold, the last move underlined
    assert "\x1b[1m\x1b[7mDW:B" in coloured  # a black piece in reverse video


def test_a_piece_stands_apart_from_its_space_s_name() -> None:
    """``JQW`` read as a three-letter name; ``JQ:W`` is the space JQ holding W."""
    text = board_text(GAME, initial_position())
    names = {n.lower() for n in GAME.board.names}
    for token in text.split():
        name, _, piece = token.strip("[]").partition(":")
        assert name.lower() in names, token
        assert not piece or piece in "WOB●", token


def test_the_players_are_listed_under_the_board_their_names_made_safe() -> None:
    text = board_text(GAME, initial_position(), players=["Ann Lee", "Bob\x1b[2J Roy"])
    assert text.splitlines()[-2:] == ["White: Ann Lee", "Black: Bob\\x1b[2J Roy"]


def test_the_rank_numbers_on_the_right_line_up_whatever_the_last_file_holds() -> None:
    """Baladãna: a long symbol in file h (``[bBYY]``) pushed that rank's number out of line."""
    from pathlib import Path

    from pbmkit.records import check_text

    path = Path(__file__).parents[2] / "examples" / "baladana-01-golden-rings.txt"
    [rep] = check_text(path.read_text(encoding="utf-8"))
    last = rep.main[-1]
    rows = board_text(rep.game, rep.final, last_move=last.move).splitlines()[1:9]
    assert len({len(row) for row in rows}) == 1, rows
    assert [row.split()[-1] for row in rows] == [str(r) for r in range(8, 0, -1)]
