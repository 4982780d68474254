"""Mailers carry the desk's dates (issue 14, docs/desk.md): received, sent, days used by both
players as `2/28`, the opponent's last move, draw and resign boxes; a sheet may mix games."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from pbmkit.cli.forms import mailer
from pbmkit.records import check_text
from pbmkit.render.from_record import mailer_card
from tests.support.render_helpers import page_text, read_pdf, text_runs

DESK = Path(__file__).resolve().parents[2] / "examples" / "desk"


def _replay(name: str):  # type: ignore[no-untyped-def]
    path = DESK / name
    (rep,) = check_text(path.read_text(encoding="utf-8"), str(path))
    return rep


def test_a_filled_card_shows_received_sent_and_days_used_by_both_players() -> None:
    """Days as 'this move / total' for each side, as of the card's move."""
    card = mailer_card(_replay("1-ann-bob.txt"))
    v = card.values
    assert (v["Turn"], v["Move"], v["Previous"]) == ("8", "DW to BW", "JQ to JS")
    assert (v["Received"], v["Sent"]) == ("2026-11-15", "2026-11-18")
    assert (v["days:1"], v["days:2"]) == ("2/20", "3/21")
    early = mailer_card(_replay("1-ann-bob.txt"), "1", "white")
    assert (early.values["Sent"], early.values["days:1"]) == ("2026-09-04", "3/3")
    assert "Received" not in early.values and "days:2" not in early.values


def test_a_draw_offer_ticks_its_box(tmp_path: Path) -> None:
    path = tmp_path / "g.txt"
    path.write_text((DESK / "4-eve-ann.txt").read_text(encoding="utf-8").replace(
        "[%ccsnt 2026.11.17]", "[%ccsnt 2026.11.17] [%ccdraw offer]"), encoding="utf-8")
    (rep,) = check_text(path.read_text(encoding="utf-8"), str(path))
    assert mailer_card(rep).ticks == frozenset({"DrawOffer"})
    assert mailer_card(_replay("4-eve-ann.txt")).ticks == frozenset()


def test_a_sheet_mixes_games_of_different_rules_with_dates_and_boxes(tmp_path: Path) -> None:
    out = tmp_path / "desk.pdf"
    files = sorted(str(p) for p in DESK.glob("*.txt"))
    result = CliRunner().invoke(mailer, [*files, "-o", str(out)])
    assert result.exit_code == 0, result.output
    reader = read_pdf(out.read_bytes())
    front = page_text(reader, 0)
    assert front.count("BATALO MAILER") == 3 and front.count("BILLO MAILER") == 1
    runs = {t for t, _, _ in text_runs(reader, 0)}
    assert {"2026-11-15", "2026-11-18", "2/20", "3/21", "Offer", "Accept", "Resign",
            "Yellow", "Orange", "White", "Days used"} <= runs
    assert reader.metadata is not None and reader.metadata.title.startswith("Batalo, Billo Mailer")


def test_the_blank_card_keeps_its_date_and_draw_fields() -> None:
    from pbmkit.games import get_game
    from pbmkit.render.mailer import mailer_pdf

    reader = read_pdf(mailer_pdf(get_game("batalo")))
    runs = {t for t, _, _ in text_runs(reader, 0)}
    assert {"Received", "Sent", "White", "Black", "Days used", "Resign"} <= runs


def test_the_records_chart_carries_each_move_sent_date() -> None:
    """Charts carry the dates: each move with its sent date (MM-DD; the Date field has the year)."""
    from pbmkit.render.from_record import chart_entries

    entries = chart_entries(_replay("1-ann-bob.txt"))
    assert entries[0].moves_text == "KP to KR (09-04) · EW to FW (09-09)"
    assert entries[-1].moves_text == "JQ to JS (11-13) · DW to BW (11-18)"
    examples = DESK.parent
    path = examples / "01-short-base-win.txt"
    (rep,) = check_text(path.read_text(encoding="utf-8"), str(path))
    assert chart_entries(rep)[0].moves_text == "JR to IS · DX to FV"
