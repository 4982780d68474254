"""Batrakill on paper (issue 13, "Forms"): knights by faction with their facing, towers, the
dragon, the camp and the X squares marked, what was eaten beside the board, and the layout said to
be provisional on every form."""

from __future__ import annotations

from pathlib import Path

from pbmkit.games import get_game
from pbmkit.records import check_text
from pbmkit.render.art import art_for
from pbmkit.render.diagram import game_drawing
from pbmkit.render.from_record import chart_entries, chart_header, mailer_card
from pbmkit.render.mailer import mailer_pdf
from pbmkit.render.records_chart import records_chart_pdf
from pbmkit.render.shapes import Polyline, Text
from tests.support.render_helpers import page_text, read_pdf

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_the_x_squares_carry_a_cross_and_the_camp_its_outline() -> None:
    """Issue 39: the X squares' light grey letter vanished on a photocopy (a plain box, like the
    camp's): an X square is its inner outline and a black cross from corner to corner of it."""
    game = get_game("batrakill")
    art = art_for(game)
    x_squares = {sp for sp, mark in art.bases.items() if mark == "X"}
    camp = {sp for sp, mark in art.bases.items() if mark == "camp"}
    assert x_squares and camp and not x_squares & camp
    grid = game_drawing(game, None).grid
    crosses = [s for s in grid if isinstance(s, Polyline) and len(s.points) == 2
               and s.points[0][0] != s.points[1][0] and s.points[0][1] != s.points[1][1]]
    assert len(crosses) == 2 * len(x_squares) and all(s.stroke == (0, 0, 0) for s in crosses)


def test_knights_show_faction_and_facing_and_the_key_says_so() -> None:
    art = art_for(get_game("batrakill"))
    knights = {s: g for s, g in art.glyphs.items() if g.kind == "letter" and g.letter == "K"}
    facings = {m for g in knights.values() for m in g.marks if m.startswith("arrow-")}
    assert facings == {"arrow-n", "arrow-e", "arrow-s", "arrow-w"}
    words = " ".join(text for _, text in art.legend)
    assert "knights knight" not in words and "knight (arrow: facing)" in words


def test_every_form_says_the_layout_is_provisional() -> None:
    [rep] = check_text((EXAMPLES / "batrakill-02-dragon-wins.txt").read_text(encoding="utf-8"))
    game = rep.game
    assert "provisional" in art_for(game).form_note
    chart = records_chart_pdf(game, chart_header(rep), chart_entries(rep))
    assert "provisional" in " ".join(page_text(read_pdf(chart), 0).split())
    mailers = read_pdf(mailer_pdf(game, [mailer_card(rep)]))
    assert "provisional" in " ".join(page_text(mailers, 1).split())  # the back, above the key
    assert "eaten" in " ".join(page_text(read_pdf(chart), 0).split()).lower()


def test_the_zones_version_marks_each_zone_s_tower_site_with_its_letter() -> None:
    [rep] = check_text((EXAMPLES / "batrakill-03-four-players.txt").read_text(encoding="utf-8"))
    game = rep.game
    art = art_for(game)
    marks = {game.board.name(sp): mark for sp, mark in art.bases.items()}
    assert {marks.get(sq) for sq in ("e2", "e8", "b5", "h5")} == {"S", "N", "W", "E"}
    letters = {s.text: s for s in game_drawing(game, None).under if isinstance(s, Text)}
    assert {"S", "N", "W", "E"} <= set(letters)
    assert all(max(letters[m].fill) <= 0.35 for m in "SNWE")  # dark: it survives a photocopy
    # a tower (or a knight in it) standing on a site hides its letter whole: none peeks out
    for ply in rep.main:
        pieces = art.symbols(ply.after)
        drawn = {s.text for s in game_drawing(game, ply.after).under if isinstance(s, Text)}
        assert drawn == {mark for sp, mark in art.bases.items() if sp not in pieces}
    assert "tower site" in art.form_note and "provisional" in art.form_note


def test_the_towers_still_in_supply_stand_beside_the_board_in_round_1() -> None:
    [rep] = check_text((EXAMPLES / "batrakill-01-knights-win.txt").read_text(encoding="utf-8"))
    game = rep.game
    beside = art_for(game).beside
    assert beside is not None
    start = dict(beside(game.initial_position()))
    assert start["Towers in supply: 5"] == ("T",) * 5 and "Dragon to place" in start
    assert not any(label.startswith("Towers") for label, _ in beside(rep.final))  # round 2


def test_a_knight_is_outlined_and_in_a_tower_double_outlined_carrying_dark() -> None:
    glyphs = art_for(get_game("batrakill")).glyphs
    assert set(glyphs["K^"].marks) == {"arrow-n", "outline"}
    assert set(glyphs["tK^"].marks) == {"arrow-n", "double"}
    assert glyphs["cKv"].dark and glyphs["cKv"].marks == ("arrow-s",)


def test_a_blank_zones_chart_has_a_player_field_for_each_side_of_the_layout(tmp_path: Path) -> None:
    """``pbmkit chart --blank --rules batrakill --tag Layout=zones``: four factions and the dragon,
    a field each, and the layout said to be provisional."""
    from click.testing import CliRunner

    from pbmkit.cli import cli

    out = tmp_path / "zones.pdf"
    run = CliRunner().invoke(cli, ["chart", "--blank", "--rules", "batrakill", "--tag",
                                   "Layout=zones", "-o", str(out)])
    assert run.exit_code == 0, run.output
    words = " ".join(page_text(read_pdf(out.read_bytes()), 0).split())
    for side in ("Purple", "Blue", "Green", "Yellow", "Dragon"):
        assert f"{side} player" in words
    assert "provisional" in words and "Eaten" in words  # the blank column's label
