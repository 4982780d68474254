"""Issue 23, the Records Chart and the Phone Chart read in print: no text under 6 pt, turn boxes
with room to write by hand, a turn's moves wrapped only between moves, averto printed.

Measured from the PDFs themselves (tests/support/print_floor.py, pdfplumber, pypdf).
"""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from click.testing import CliRunner

from pbmkit.cli.forms import chart, phonechart
from pbmkit.games import game_key, game_names, get_game
from pbmkit.records import check_text
from pbmkit.render.entries import ChartEntry
from pbmkit.render.from_record import chart_entries, chart_header
from pbmkit.render.records_chart import chart_grid, records_chart_pdf
from pbmkit.render.templates import paper as paper_size
from tests.support.print_floor import BLANK_VARIANTS, EXAMPLES, describe, example_records, small_text
from tests.support.render_helpers import page_image, page_text, read_pdf

MM = 72 / 25.4


def _run(command: Any, args: list[str]) -> None:
    result = CliRunner().invoke(command, args, catch_exceptions=False)
    assert result.exit_code == 0, f"{' '.join(args)}: {result.output}"


def played(name: str, tags: dict[str, str], seed: int, plies: int = 40) -> str:
    """A record of ``plies`` random legal moves (seeded) of the game ``name`` configured by ``tags``:
    the largest boards and the crowded zones game, which no bundled example plays."""
    game = get_game(name)
    if tags:
        game = game.configure(tags)
    rng = random.Random(seed)
    position = game.initial_position()
    moves: list[str] = []
    for _ in range(plies):
        legal = list(game.legal_moves(position))
        if game.outcome(position) is not None or not legal:
            break
        move = rng.choice(legal)
        moves.append(game.notation.format(move, position))
        position = game.apply(position, move)
    n = len(game.order)
    head = [f'[Game "{name}"]', *(f'[{k} "{v}"]' for k, v in tags.items()),
            *(f'[{t} "Player {t}"]' for t in game.side_tags)]
    body = [f"{k // n + 1}. " + " ".join(moves[k:k + n]) for k in range(0, len(moves), n)]
    return "\n".join(head) + "\n\n" + "\n".join(body) + "\n"


LARGEST = {
    "batu-khan-9x9": ("Batu Khan", {"Board": "9x9"}),
    "batu-khan-3x3": ("Batu Khan", {"Board": "3x3"}),
    "batrakill-zones-5": ("Batrakill", {"Layout": "zones"}),  # all four factions and the dragon
}


def _chart_and_phone_forms(tmp: Path) -> list[tuple[str, Path]]:
    forms: list[tuple[str, Path]] = []
    for name in game_names():
        key = game_key(name)
        for tags in ((), *BLANK_VARIANTS.get(key, ())):
            tag_args = [a for t in tags for a in ("--tag", t)]
            label = "-".join([key, *(t.split("=")[1].replace(" ", "") for t in tags)])
            for paper in ("letter", "a4"):
                for command, form, extra in ((chart, "chart", ["--blank"]), (phonechart, "phone", [])):
                    out = tmp / f"{form}-{label}-{paper}.pdf"
                    _run(command, [*extra, "--rules", name, *tag_args, "--paper", paper, "-o", str(out)])
                    forms.append((f"blank {form} of {label} on {paper}", out))
    records = list(example_records())
    for k, (label, (name, tags)) in enumerate(LARGEST.items()):
        path = tmp / f"{label}.txt"
        path.write_text(played(name, tags, seed=k + 1), encoding="utf-8")
        records.append(path)
    for record in records:
        for paper in ("letter", "a4"):
            out = tmp / f"chart-{record.stem}-{paper}.pdf"
            _run(chart, [str(record), "--paper", paper, "-o", str(out)])
            forms.append((f"chart of {record.name} on {paper}", out))
    return forms


def test_no_text_under_6_pt_on_any_records_chart_or_phone_chart(tmp_path: Path) -> None:
    """Every character of every Records Chart and Phone Chart of every game, blank and filled,
    Letter and A4, the largest boards and the five-faction zones game: none under 6 pt (piece
    letters, coordinates, the column beside the board, the key)."""
    failures = []
    for what, path in _chart_and_phone_forms(tmp_path):
        small = small_text(path)
        if small:
            failures.append(f"{what}: {describe(small, 4)}")
    assert not failures, "\n".join(failures)


def test_a_played_record_of_the_largest_boards_replays() -> None:
    for name, tags in LARGEST.values():
        [rep] = check_text(played(name, tags, seed=1))
        assert rep.valid, rep.errors


def _turn_boxes(data: bytes, page: int = 0) -> list[tuple[float, float, float, float]]:
    """The rectangles holding a "Turn" label (x0, top, x1, bottom in points from the top)."""
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        p = pdf.pages[page]
        labels = [w for w in p.extract_words() if w["text"] == "Turn"]
        boxes = []
        for w in labels:
            around = [r for r in p.rects if r["x0"] <= w["x0"] <= r["x1"]
                      and r["top"] <= w["top"] <= r["bottom"] and r["height"] < 100]
            boxes.append(min(((r["x0"], r["top"], r["x1"], r["bottom"]) for r in around),
                             key=lambda b: (b[3] - b[1]) * (b[2] - b[0])))
        return boxes


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_long_turns_game_gets_two_writing_lines_of_7_mm_in_each_turn_box(paper: str) -> None:
    """Baladãna's turns run long (ring move, capture, tax, loot: 60 characters): its turn boxes
    hold at least two 7 mm writing lines under the label; a game of short turns at least one."""
    from pbmkit.render.records_chart import writing_lines

    baladana = get_game("baladana")
    assert writing_lines(baladana, chart_grid(baladana, paper).diagram_width) >= 2
    for name, lines in (("baladana", 2), ("batalo", 1)):
        boxes = _turn_boxes(records_chart_pdf(get_game(name), paper_key=paper))
        assert boxes
        for _, top, _, bottom in boxes:
            assert bottom - top >= 8 + lines * 7 * MM - 0.5, (name, bottom - top)


def test_a_turn_is_wrapped_between_its_moves_never_inside_a_move() -> None:
    """A long turn of the zones game (five moves, a dragon's chain of jumps) wraps only at the
    " · " between moves: "D e1xe3xg3xg5" is never cut after its "D"."""
    game = get_game("batrakill").configure({"Layout": "zones"})
    chain = "D e1xe3xg3xg5xi5xi7xg7xe7xc7xa7xa5xa3xc3"
    text = " · ".join(["c2-c3", "e8-e7", chain, "b3-b2", "i5-h5", chain, "g2-g3", "d8-d7", chain])
    chart_pdf = records_chart_pdf(game, {}, [ChartEntry("1", game.initial_position(),
                                                        moves_text=text)], finished=True)
    with pdfplumber.open(io.BytesIO(chart_pdf)) as pdf:
        lines = [ln["text"] for ln in pdf.pages[0].extract_text_lines()]
    start = lines.index("Turn") + 1
    end = next(k for k, ln in enumerate(lines) if ln.startswith("Layout"))
    printed = [ln.removeprefix("1 ") for ln in lines[start:end] if ln != "1"]
    assert len(printed) >= 2  # it takes more than one line
    moves = [m.strip() for ln in printed for m in ln.split("·")]
    assert moves == [m.strip() for m in text.split("·")]  # no move split over two lines
    assert not any(ln.rstrip().endswith(("D", "·")) or ln.startswith("·") for ln in printed)


def test_averto_is_printed_where_the_record_has_it() -> None:
    """Turns 10, 11 and 10a of example 03 write averto: the chart prints it after the move."""
    [rep] = check_text((EXAMPLES / "03-unfinished-with-series.txt").read_text(encoding="utf-8"))
    reader = read_pdf(records_chart_pdf(rep.game, chart_header(rep), chart_entries(rep)))
    text = " ".join(" ".join(page_text(reader, k) for k in range(len(reader.pages))).split())
    for moves in ("DW to DQ averto", "JU to JQ averto · DQ to DW",
                  "JT to GW averto · EV to DW averto", "DW to JW averto"):
        assert moves in text, moves
    assert text.count("averto") == 5


def _longest_empty_band(data: bytes, top: float, bottom: float) -> float:
    """The tallest band of page 1 (in points) with no ink, between ``top`` and ``bottom`` (points
    from the page's foot): blank paper between rows of diagrams."""
    image = page_image(data, 0, dpi=72)  # a pixel a point
    px = image.load()
    run = best = 0
    for y in range(int(image.height - top) + 2, int(image.height - bottom) - 2):
        run = 0 if any(px[x, y] < 200 for x in range(image.width)) else run + 1
        best = max(best, run)
    return float(best)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_diagrams_use_the_page(paper: str) -> None:
    """Issue 23: no wide empty bands between rows (the Batrakill duel left 0.75 in above each row,
    3 x 3 Batu Khan wide bands), and the diagrams take most of the page's width: measured on the
    blank chart of every game and variant."""
    for name in game_names():
        for tags in ({}, *({t.split("=")[0]: t.split("=")[1] for t in v}
                           for v in BLANK_VARIANTS.get(game_key(name), ()))):
            game = get_game(name).configure(tags) if tags else get_game(name)
            grid = chart_grid(game, paper)
            data = records_chart_pdf(game, paper_key=paper)
            bottom = grid.top - grid.rows * grid.cell_height - (grid.rows - 1) * grid.row_gap
            band = _longest_empty_band(data, grid.top, bottom)
            assert band < 0.5 * 72, (name, tags, band)
            used = grid.columns * grid.diagram_width + (grid.columns - 1) * grid.column_gap
            assert used >= 0.6 * (paper_size(paper).width - 2 * 27.0), (name, tags, used)
            assert grid.scale >= grid.floor_scale


@pytest.mark.parametrize("name", ["batrakill-01-knights-win.txt", "baladana-01-golden-rings.txt"])
def test_a_filled_chart_keeps_the_blank_charts_grid(name: str) -> None:
    """Issue 23 ("Letter pages use the page"): nothing inside a filled diagram (a Baladãna figure's
    three ring letters, Batrakill's eaten knights) needs a larger scale than the blank diagram, so
    a filled chart has as many diagrams a page as the blank one: six on Letter and A4 (the 102-turn
    duel took 26 Letter pages at four a page when ring letters were 0.72 board units)."""
    [rep] = check_text((EXAMPLES / name).read_text(encoding="utf-8"))
    for paper in ("letter", "a4"):
        blank = chart_grid(rep.game, paper)
        grid = chart_grid(rep.game, paper, entries=chart_entries(rep))
        assert grid.floor_scale <= blank.floor_scale + 1e-9, (paper, grid.floor_scale, blank.floor_scale)
        assert grid.columns * grid.rows >= blank.columns * blank.rows >= 6, (paper, grid, blank)
