"""The Records Chart PDF read back: pages, paper, every field, every turn label, page numbers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pbmkit.games import get_game
from pbmkit.render.records_chart import ChartEntry, records_chart_pdf
from tests.support.render_helpers import OPENING, page_text, play, qpdf_check, read_pdf, text_runs

GAME = get_game("batalo")
HEADER = {"Number": "42", "Date": "1994-03-12", "White": "Ĉiĉerono Ŝaŭmo",
          "Black": '<b>Bob & "Al"</b>', "Winner": "White (reached the base)"}


def _entries(turns: int) -> list[ChartEntry]:
    """``turns`` entries cycling through the opening (the positions only need to be real ones)."""
    plies = play(*OPENING)
    out = []
    for t in range(turns):
        k = 2 * (t % (len(plies) // 2))
        (m1, _), (m2, after) = plies[k], plies[k + 1]
        out.append(ChartEntry(str(t + 1), after, (m1, m2), f"{OPENING[k]} · {OPENING[k + 1]}"))
    return out


@pytest.mark.parametrize(("paper", "size"), [("letter", (612, 792)), ("a4", (595.276, 841.89))])
def test_the_blank_master_sheet_has_every_field_and_nine_empty_diagrams(
        paper: str, size: tuple[float, float], tmp_path: Path) -> None:
    data = records_chart_pdf(GAME, {}, [], paper_key=paper)
    qpdf_check(data, tmp_path)
    reader = read_pdf(data)
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(size, abs=0.01)
    text = page_text(reader, 0)
    for label in ("BATALO RECORDS CHART", "Game No.", "Date", "White player", "Black player", "Winner"):
        assert label in text
    assert text.count("Turn") == 9
    assert "Page ______" in text
    # The symbol key of the rules.
    for meaning in ("white column", "white stone", "black column", "black stone"):
        assert f"= {meaning}" in text


def test_a_filled_chart_has_a_diagram_per_turn_over_as_many_pages_as_needed(tmp_path: Path) -> None:
    data = records_chart_pdf(GAME, HEADER, _entries(12))
    qpdf_check(data, tmp_path)
    reader = read_pdf(data)
    assert len(reader.pages) == 2  # nine diagrams a page
    labels: list[str] = []
    for k in range(2):
        runs = [run for run, _, _ in text_runs(reader, k)]
        assert f"Page {k + 1} of 2" in runs
        for value in HEADER.values():
            assert value in runs  # the header on every page, names printed literally
        labels += [run for run in runs if re.fullmatch(r"\d+", run)]
    assert [n for n in labels if n != "42"] == [str(n) for n in range(1, 13)]
    assert "JP to HR · EW to EU" in [run for run, _, _ in text_runs(reader, 0)]


def test_turn_labels_read_left_to_right_then_down() -> None:
    reader = read_pdf(records_chart_pdf(GAME, {}, _entries(9)))
    runs = {t: (x, y) for t, x, y in text_runs(reader, 0) if t in {str(n) for n in range(1, 10)}}
    assert runs["1"][0] < runs["2"][0] < runs["3"][0]
    assert runs["1"][1] == pytest.approx(runs["3"][1])
    assert runs["4"][1] < runs["1"][1] and runs["7"][1] < runs["4"][1]


def test_series_labels_and_metadata() -> None:
    entries = [*_entries(2), ChartEntry("2a", _entries(1)[0].position)]
    reader = read_pdf(records_chart_pdf(GAME, HEADER, entries))
    assert "2a" in [t for t, _, _ in text_runs(reader, 0)]
    meta = reader.metadata
    assert meta is not None
    assert meta.title == 'Batalo Records Chart – game 42: Ĉiĉerono Ŝaŭmo – <b>Bob & "Al"</b>'
    assert meta.subject and "diagrams" in meta.subject
    assert meta.creator and meta.creator.startswith("pbmkit")


def test_only_the_bundled_fonts_are_used_and_they_are_embedded() -> None:
    reader = read_pdf(records_chart_pdf(GAME, HEADER, _entries(3)))
    fonts = reader.pages[0]["/Resources"]["/Font"]
    names = set()
    for ref in fonts.values():
        font = ref.get_object()
        names.add(str(font["/BaseFont"]).split("+")[-1])
        descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
        descriptor = descendant["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor  # TrueType program embedded
    assert names == {"DejaVuSans", "DejaVuSans-Bold"}


def test_a_long_name_is_shrunk_wrapped_or_cut_to_its_box_not_spilled() -> None:
    name = ("Wolfeschlegelsteinhausenbergerdorff " * 4).strip()
    reader = read_pdf(records_chart_pdf(GAME, {"White": name}, []))
    runs = [(t, x) for t, x, _ in text_runs(reader, 0) if t.startswith("Wolfe")]
    assert " ".join(t for t, _ in runs) == name  # whole, over two lines
    # Nothing of it reaches the Black player's box, right of the middle of the page.
    assert all(x < 612 / 2 for _, x in runs)
