"""Issue 23, the Mailer cards: read back from the PDFs a player mails.

No text under 6 pt on any card (blank and filled, Letter and A4, the largest boards and the
five-faction zones game); boards that use the card; the result of a finished game; "Your last
move" is the recipient's own; one name and one days-used field for a player of two factions;
averto printed in the Move box.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pbmkit.cli.forms import mailer
from pbmkit.games import game_names
from pbmkit.records import check_text
from pbmkit.render.from_record import mailer_card, mailer_cards
from pbmkit.render.mailer import mailer_pdf
from tests.support.print_floor import EXAMPLES, PrintedChar, describe, printed_chars, small_text
from tests.support.render_helpers import page_text, read_pdf

# Every registered game, then the largest, smallest and most crowded boards a player can ask for.
BLANKS = [*((name,) for name in game_names()),
          ("Batu Khan", "Board=9x9"), ("Batu Khan", "Board=3x3"), ("Batrakill", "Layout=zones"),
          ("Batrakill", "Layout=zones", "Order=Purple Blue Green Yellow Dragon")]
RECORDS = sorted(p.name for p in EXAMPLES.glob("*.txt"))
BOXED = "Batrakill"


def _run(args: list[str]) -> None:
    result = CliRunner().invoke(mailer, args, catch_exceptions=False)
    assert result.exit_code == 0, result.output


LETTER = (612.0, 792.0)


def _first_card(chars: list[PrintedChar]) -> list[tuple[PrintedChar, float, float]]:
    """The characters of the top-left front card of a Letter sheet, each with its place in the
    card's own frame (points from its lower left, read upright: the card is turned a quarter
    turn on the sheet)."""
    w, h = LETTER
    placed = [(c, h / 2 - c.top, w / 2 - c.x) for c in chars if c.page == 1]
    return [(c, x, y) for c, x, y in placed if 0 < x < h / 2 and 0 < y < w / 2]


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("rules", BLANKS, ids=lambda r: "-".join(r))
def test_no_text_under_6_pt_on_a_blank_card(tmp_path: Path, rules: tuple[str, ...], paper: str) -> None:
    out = tmp_path / "m.pdf"
    tags = [a for t in rules[1:] for a in ("--tag", t)]
    _run(["--blank", "--rules", rules[0], *tags, "--paper", paper, "-o", str(out)])
    small = small_text(out)
    assert not small, describe(small)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("name", RECORDS)
def test_no_text_under_6_pt_on_a_filled_card(tmp_path: Path, name: str, paper: str) -> None:
    out = tmp_path / "m.pdf"
    _run([str(EXAMPLES / name), "--paper", paper, "-o", str(out)])
    small = small_text(out)
    assert not small, describe(small)


def _board_width_and_band(pdf: bytes, files: str) -> tuple[float, float]:
    """The board's width (its cells, from the file letters under it) and the empty band under
    everything drawn left of the fields, in inches, on the first card of the sheet."""
    card = _first_card(printed_chars(pdf))
    # The file letters: one of each on one line (the same height on the card), in order.
    rows: dict[float, dict[str, float]] = {}
    for c, x, y in card:
        if c.text in files:
            rows.setdefault(round(y), {}).setdefault(c.text, x)
    [line] = [r for r in rows.values() if len(r) == len(files)]
    cell = (line[files[-1]] - line[files[0]]) / (len(files) - 1)
    right = line[files[-1]] + cell
    lowest = min(y for _, x, y in card if x < right)
    return len(files) * cell / 72, lowest / 72


@pytest.mark.parametrize(("record", "files", "least"), [
    ("billo-01-capture-all.txt", "abcdefgh", 2.9),
    ("baladana-01-golden-rings.txt", "abcdefgh", 2.7),
    ("batu-khan-01-camp.txt", "abcde", 2.3),
    ("batrakill-03-four-players.txt", "abcdefghi", 2.75),
])
def test_the_board_uses_the_card(record: str, files: str, least: float) -> None:
    """Billo 2.6 in, Baladãna 1.8 in, Batu Khan 1.5 in wide with 1.3 in empty beneath, before:
    what stands beside the board (in hand, taken) now goes under it."""
    [rep] = check_text((EXAMPLES / record).read_text(encoding="utf-8"))
    pdf = mailer_pdf(rep.game, [mailer_card(rep)])
    width, band = _board_width_and_band(pdf, files)
    assert width >= least
    # Under the lowest text of the board's side (file letters, the labels under the board):
    # the 0.25 in margin, and at most half an inch (a row of pieces taken, or the room the
    # fields' column leaves a square board).
    assert band <= 0.25 + 0.5


def _replay(name: str):  # type: ignore[no-untyped-def]
    [rep] = check_text((EXAMPLES / name).read_text(encoding="utf-8"))
    return rep


def test_a_finished_games_card_says_who_won_and_how() -> None:
    rep = _replay("01-short-base-win.txt")
    card = mailer_card(rep)
    assert card.values["Result"] == "White (reached the base)"
    front = " ".join(page_text(read_pdf(mailer_pdf(rep.game, [card])), 0).split())
    assert "Result (who won, how) White (reached the base)" in front
    # A card of an earlier turn, and a game still going, leave the field to fill in.
    assert "Result" not in mailer_card(rep, "3").values
    assert "Result" not in mailer_card(_replay("03-unfinished-with-series.txt")).values


def test_your_last_move_is_the_recipients_own() -> None:
    """Bob (Blue) gets the card of Purple's e1-e2: his own last move was e8-d9, not Yellow's h7-g7."""
    cards = {c.to: c for c in mailer_cards(_replay("batrakill-03-four-players.txt"))}
    assert cards["Bob (Blue)"].values["Previous"] == "e8-d9"
    assert cards["Cid (Yellow)"].values["Previous"] == "h7-g7"
    assert cards["Dee (Dragon)"].values["Previous"] == "D d4xd2"
    # Two sides: the opponent's move being answered, as before.
    assert mailer_card(_replay("01-short-base-win.txt")).values["Previous"] == "DV to CV"


TWO_FACTIONS = """[Game "Batrakill"]
[Layout "zones"]
[Order "Blue+Green Dragon"]
[Number "7"]
[Blue "Bob Roy, N"]
[Green "Bob Roy, W"]
[Dragon "Ann Lee"]

1. d8-e8 D@d5
2. b3-c3 D d5-d4
"""


def test_a_player_of_two_factions_gets_one_name_and_one_days_field() -> None:
    [rep] = check_text(TWO_FACTIONS)
    [card] = mailer_cards(rep)
    assert card.to == "Bob Roy (Blue+Green)" and card.values["Previous"] == "b3-c3"
    front = " ".join(page_text(read_pdf(mailer_pdf(rep.game, [card])), 0).split())
    assert "for Bob Roy (Blue+Green)" in front and "…" not in front
    # Two rows of players (name, "moved", days used), then the dates.
    assert "Bob Roy moved Blue+Green Days used Ann Lee moved Dragon Days used Received" in front


def test_box_labels_stay_inside_their_boxes_with_five_players(tmp_path: Path) -> None:
    """No label runs out of its box: each player's row is as wide as the fields' column."""
    out = tmp_path / "m.pdf"
    _run(["--blank", "--rules", BOXED, "--tag", "Layout=zones", "--tag",
          "Order=Purple Blue Green Yellow Dragon", "-o", str(out)])
    card = _first_card(printed_chars(out))
    right = max(x for _, x, _ in card)
    assert right <= 396 - 18  # inside the margin: nothing runs out of the last box
    text = " ".join(page_text(read_pdf(out.read_bytes()), 0).split())
    for side in ("Purple", "Blue", "Green", "Yellow", "Dragon"):
        assert f"moved {side} Days used" in text


def test_averto_is_printed_in_the_move_box() -> None:
    rep = _replay("03-unfinished-with-series.txt")
    card = mailer_card(rep, "11", "white")
    assert card.values["Move"] == "JU to JQ averto"
    assert mailer_card(rep, "11", "black").values["Previous"] == "JU to JQ averto"
    front = " ".join(page_text(read_pdf(mailer_pdf(rep.game, [card])), 0).split())
    assert "JU to JQ averto" in front


@pytest.mark.parametrize("rules", BLANKS, ids=lambda r: "-".join(r))
def test_no_line_of_a_back_runs_through_its_text(tmp_path: Path, rules: tuple[str, ...]) -> None:
    """The notes' lines give way to a long key and its note (Batrakill's zones) instead of
    printing through them."""
    import pdfplumber

    out = tmp_path / "m.pdf"
    tags = [a for t in rules[1:] for a in ("--tag", t)]
    _run(["--blank", "--rules", rules[0], *tags, "-o", str(out)])
    with pdfplumber.open(out) as doc:
        back = doc.pages[1]  # the backs are turned on the sheet: the card's lines run either way
        crossed = [(ch["text"], round(ch["x0"]), round(ch["top"])) for ch in back.chars
                   for ln in back.lines if ch["text"].strip() and _crosses(ln, ch)]
    assert not crossed, crossed[:5]


def _crosses(line: dict[str, float], ch: dict[str, float], reach: float = 2.0) -> bool:
    """Whether a straight line (horizontal or vertical) passes through a character's box or
    within ``reach`` of it (its descender: a line on the baseline strikes the text through)."""
    x0, x1 = sorted((float(line["x0"]), float(line["x1"])))
    top, bottom = float(line["top"]), float(line["bottom"])
    cx0, cx1 = float(ch["x0"]) - reach, float(ch["x1"]) + reach
    ctop, cbottom = float(ch["top"]) - reach, float(ch["bottom"]) + reach
    if x1 - x0 < 0.1:  # vertical
        return cx0 < x0 < cx1 and top < float(ch["bottom"]) and bottom > float(ch["top"])
    return ctop < top < cbottom and x0 < float(ch["x1"]) and x1 > float(ch["x0"])


def test_a_flipped_card_of_a_many_player_game_says_both_whom_and_from_which_side() -> None:
    rep = _replay("batrakill-03-four-players.txt")
    cards = mailer_cards(rep)
    front = " ".join(page_text(read_pdf(mailer_pdf(rep.game, cards, flip=True)), 0).split())
    for card in cards:
        assert f"from Blue's side for {card.to}" in front
    assert "…" not in front
    two = _replay("batu-khan-04-7x7.txt")
    assert "Drawn from North's side" in page_text(read_pdf(mailer_pdf(two.game, [mailer_card(two)],
                                                                     flip=True)), 0)
