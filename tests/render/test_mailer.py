"""The Mailers PDF read back: four postcards a sheet, fronts then backs lined up for duplex."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbmkit.games import get_game
from pbmkit.render.mailer import MailerCard, card_origins, mailer_pdf
from tests.support.render_helpers import POINTS_PER_INCH, page_text, play, qpdf_check, read_pdf, text_runs

GAME = get_game("batalo")
FIELDS = ("Game No.", "Turn", "moved", "Move (e.g. IR to HS)", "Your last move", "White", "Black",
          "Days used", "Received", "Sent", "Result (who won, how)")


def _card(number: str, white: str, black: str) -> MailerCard:
    _, (m2, after) = play("IR to HS", "EV to FU")
    return MailerCard({"Number": number, "Turn": "1", "Move": "EV to FU", "Previous": "IR to HS",
                       "White": white, "Black": black, "Sent": "1994-06-02"}, after, "black", (m2,))


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_blank_sheet_is_four_cards_front_and_back(paper: str, tmp_path: Path) -> None:
    data = mailer_pdf(GAME, [], paper_key=paper)
    qpdf_check(data, tmp_path)
    reader = read_pdf(data)
    assert len(reader.pages) == 2
    front, back = page_text(reader, 0), page_text(reader, 1)
    assert front.count("BATALO MAILER") == 4
    for label in FIELDS:
        assert front.count(label) >= 4
    assert back.count("Place") == 4 and back.count("stamp") == 4
    assert back.count("From (return address)") == 4
    assert back.count("To") >= 4


@pytest.mark.parametrize(("paper", "card_in"), [("letter", (4.25, 5.5)), ("a4", (105 / 25.4, 148.5 / 25.4))])
def test_each_card_is_a_quarter_of_the_page_a_postcard_size(paper: str, card_in: tuple[float, float]) -> None:
    reader = read_pdf(mailer_pdf(GAME, [], paper_key=paper))
    box = reader.pages[0].mediabox
    w, h = float(box.width), float(box.height)
    cells = card_origins(w, h, back=False)
    assert len(cells) == 4
    assert (w / 2 / POINTS_PER_INCH, h / 2 / POINTS_PER_INCH) == pytest.approx(card_in, abs=0.02)
    # The four cells tile the page.
    assert sorted(cells) == sorted([(0, 0), (w / 2, 0), (0, h / 2), (w / 2, h / 2)])


def test_filled_cards_show_their_fields_and_each_back_lies_behind_its_front(tmp_path: Path) -> None:
    cards = [_card("1", "Ada Brook", "Ben Carter"), None, _card("3", "Łódź", '<b>Bob & "Al"</b>'),
             _card("4", "Ĉiĉerono Ŝaŭmo", "Zoë")]
    data = mailer_pdf(GAME, cards)
    qpdf_check(data, tmp_path)
    reader = read_pdf(data)
    front = " ".join(page_text(reader, 0).split())  # a long name may wrap in its box
    for value in ("Ada Brook", "Ben Carter", "Łódź", '<b>Bob & "Al"</b>', "Ĉiĉerono Ŝaŭmo", "Zoë",
                  "EV to FU", "IR to HS", "1994-06-02"):
        assert value in front
    w = float(reader.pages[0].mediabox.width)
    h = float(reader.pages[0].mediabox.height)

    def quadrant(x: float, y: float) -> tuple[int, int]:
        return (int(x > w / 2), int(y > h / 2))

    fronts = {t: quadrant(x, y) for t, x, y in text_runs(reader, 0) if t in {"Ada Brook", "Łódź", "Zoë"}}
    footer = "Batalo mailer · game No. "
    backs = {t[-1]: quadrant(x, y) for t, x, y in text_runs(reader, 1)
             if t.startswith(footer) and t[-1] in "134"}
    assert fronts == {"Ada Brook": (0, 1), "Łódź": (0, 0), "Zoë": (1, 0)}
    # A long-edge flip mirrors left and right: each back is in the other column, same row.
    assert backs == {"1": (1, 1), "3": (1, 0), "4": (0, 0)}


def test_more_than_four_games_take_more_sheets_and_metadata_names_them() -> None:
    cards = [_card(str(n), "A", "B") for n in range(1, 6)]
    reader = read_pdf(mailer_pdf(GAME, cards))
    assert len(reader.pages) == 4
    assert page_text(reader, 2).count("BATALO MAILER") == 4
    meta = reader.metadata
    assert meta is not None and meta.title == "Batalo Mailer – games 1, 2, 3, 4, 5"
    assert meta.creator and meta.creator.startswith("pbmkit")
