"""The Phone Chart PDF read back: every space's name, the line letters, how to speak a move."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbmkit.games import get_game
from pbmkit.games.batalo.rules import BOARD
from pbmkit.render.phone_chart import phone_chart_pdf
from tests.support.render_helpers import page_text, qpdf_check, read_pdf, text_runs

GAME = get_game("batalo")


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_space_is_named_once_on_one_page(paper: str, tmp_path: Path) -> None:
    data = phone_chart_pdf(GAME, paper_key=paper)
    qpdf_check(data, tmp_path)
    reader = read_pdf(data)
    assert len(reader.pages) == 1
    runs = [t for t, _, _ in text_runs(reader, 0)]
    for name in BOARD.names:
        assert runs.count(name) == 1, name
    # The 26 line letters round the edge.
    assert sorted(t for t in runs if len(t) == 1 and t.isalpha() and t not in "WB") == sorted(
        c for c in "ACDEFGHIJKLMNOPQRSTUVXYZ")


def test_the_chart_says_how_to_read_and_speak_a_move() -> None:
    reader = read_pdf(phone_chart_pdf(GAME))
    text = page_text(reader, 0)
    assert "BATALO PHONE CHART" in text
    assert '"IR to HS"' in text
    assert "I'm moving my stone from space IR to space HS" in text
    assert "base" in text
    meta = reader.metadata
    assert meta is not None and meta.title == "Batalo Phone Chart"


def test_the_board_is_drawn_large_and_the_bases_are_where_the_spec_puts_them() -> None:
    reader = read_pdf(phone_chart_pdf(GAME))
    pos = {t: (x, y) for t, x, y in text_runs(reader, 0) if t in {"JQ", "DW", "GT", "AT", "GZ", "AZ", "MN"}}
    assert pos["JQ"][1] < pos["GT"][1] < pos["DW"][1]  # White's base below the centre, Black's above
    assert pos["AZ"][1] - pos["MN"][1] > 6 * 72  # more than six inches tall
    assert pos["GZ"][0] - pos["AT"][0] > 5 * 72


def test_the_phone_chart_key_names_only_marks_it_draws() -> None:
    """Issue 23 ("the key explains every mark it draws"): the Phone Chart draws no move, so its
    key has no "last move" entry, while a Records Chart of a game, which marks the last move,
    names it (every registered game)."""
    from pbmkit.games import game_names
    from pbmkit.render.records_chart import records_chart_pdf

    for name in game_names():
        game = get_game(name)
        phone = read_pdf(phone_chart_pdf(game)).pages[0].extract_text()
        assert "last move" not in phone, name
        chart = read_pdf(records_chart_pdf(game)).pages[0].extract_text()
        assert "last move" in chart, name
