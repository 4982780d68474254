"""Forms carry a field for every side of the game, not two (issue 10: "White/Black field names in
the form templates"; issue 13: Batrakill's zones game of four players).

A template names ``side:*`` (and ``days:*``) once; the forms make one field per side, labelled
with the game's side names: a row of player fields on the Records Chart, rows of two on a Mailer.
"""

from __future__ import annotations

from pathlib import Path

from pbmkit.records import check_text
from pbmkit.render.from_record import chart_entries, chart_header, mailer_card
from pbmkit.render.mailer import mailer_pdf
from pbmkit.render.records_chart import records_chart_pdf
from pbmkit.render.templates import each_side_fields, each_side_rows, load_template
from tests.support.render_helpers import page_text, read_pdf

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "batrakill-03-four-players.txt"


def _replay():  # type: ignore[no-untyped-def]
    [rep] = check_text(EXAMPLE.read_text(encoding="utf-8"))
    assert rep.valid and rep.game is not None and len(rep.game.sides) == 4
    return rep


def test_the_templates_make_a_field_for_each_side() -> None:
    rep = _replay()
    game = rep.game
    fields = each_side_fields(game, load_template("records_chart")["header"]["fields"])
    players = [f for f in fields if str(f["key"]).startswith("side:")]
    assert [f["key"] for f in players] == ["side:1", "side:2", "side:3", "side:4"]
    assert all(abs(f["width"] - players[0]["width"]) < 1e-9 for f in players)
    assert players[-1]["x"] + players[-1]["width"] <= 1.0 + 1e-9
    rows = each_side_rows(game, load_template("mailer")["front"]["rows"])
    side_rows = [r for r in rows if str(r[0]["key"]).startswith("side:")]
    assert [[f["key"] for f in r] for r in side_rows] == [
        [f"side:{k}", f"days:{k}"] for k in range(1, 5)]  # a row each: name, days used


def test_a_two_sided_game_keeps_its_two_fields_as_before() -> None:
    [rep] = check_text('[Game "Batalo"]\n[White "Ann"]\n[Black "Bob"]\n\n1. IR to HS\n')
    rows = each_side_rows(rep.game, load_template("mailer")["front"]["rows"])
    assert [[f["key"] for f in r] for r in rows if str(r[0]["key"]).startswith("side:")] == \
        [["side:1", "days:1"], ["side:2", "days:2"]]
    fields = each_side_fields(rep.game, load_template("records_chart")["header"]["fields"])
    assert [(f["x"], round(f["width"], 2)) for f in fields if str(f["key"]).startswith("side:")] == \
        [(0.0, 0.49), (0.51, 0.49)]


def test_the_records_chart_and_mailer_name_every_player() -> None:
    rep = _replay()
    game = rep.game
    header = chart_header(rep)
    names = [header[tag] for tag in game.side_tags]
    chart = " ".join(page_text(read_pdf(records_chart_pdf(game, header, chart_entries(rep))),
                               0).split())
    for side, name in zip(game.sides, names, strict=True):
        assert f"{side.capitalize()} player" in chart and name in chart
    front = " ".join(page_text(read_pdf(mailer_pdf(game, [mailer_card(rep)])), 0).split())
    for side, name in zip(game.sides, names, strict=True):
        # The card names the player, not the tag's zone (`Ann, S` is Ann, from zone S).
        assert f"{name.partition(',')[0]} moved {side.capitalize()} Days used" in front


def test_one_mailer_card_for_each_other_player_addressed_to_them(tmp_path: Path) -> None:
    """Issue 13: "one mailer card per player in the zones version": the move shown goes to every
    player but its own, each card naming its player on the address side and under its title."""
    from click.testing import CliRunner

    from pbmkit.cli import cli
    from pbmkit.render.from_record import mailer_cards

    rep = _replay()
    cards = mailer_cards(rep)
    moved = cards[0].moved
    assert moved == rep.main[-1].side
    expected = {f"{rep.record.tags[tag].partition(',')[0]} ({side.capitalize()})"
                for side, tag in zip(rep.game.sides, rep.game.side_tags, strict=True) if side != moved}
    assert {c.to for c in cards} == expected and len(cards) == len(rep.game.sides) - 1
    out = tmp_path / "m.pdf"
    result = CliRunner().invoke(cli, ["mailer", str(EXAMPLE), "-o", str(out)])
    assert result.exit_code == 0 and "3 card(s)" in result.output
    reader = read_pdf(out.read_bytes())
    fronts = " ".join(page_text(reader, 0).split())
    backs = " ".join(page_text(reader, 1).split())
    for to in expected:
        assert to in backs and f"for {to}" in fronts


def test_a_two_sided_game_mails_one_card_without_an_address() -> None:
    [two] = check_text('[Game "Batalo"]\n[White "Ann"]\n[Black "Bob"]\n\n1. IR to HS\n')
    assert [c.to for c in mailer_cards_of(two)] == [""]


def mailer_cards_of(rep):  # type: ignore[no-untyped-def]
    from pbmkit.render.from_record import mailer_cards

    return mailer_cards(rep)
