"""Reading a printed form back as a reader would: the size of every character on its pages.

docs/forms.md sets the floor: no text on any form under 6 pt. ``small_text(pdf)`` lists every
character under it, measured from the PDF itself (pdfplumber), so a test fails on any form that
prints smaller, whatever code drew it. ``every_form(tmp)`` writes every form of every registered
game (blank and filled, Letter and A4, the largest boards, the five-faction zones game) through the
commands a player uses.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import pdfplumber
from click.testing import CliRunner

from pbmkit.cli.forms import chart, mailer, phonechart
from pbmkit.games import game_key, game_names

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
FLOOR_PT = 6.0
PAPERS = ("letter", "a4")
# Blank forms beyond each game's default: the tags that choose the largest, the smallest and the
# most crowded boards a player can ask for.
BLANK_VARIANTS: dict[str, tuple[tuple[str, ...], ...]] = {
    "batukhan": (("Board=9x9",), ("Board=3x3",), ("Board=6x7",)),
    "batrakill": (("Layout=zones",), ("Layout=zones", "Order=Purple Blue Green Yellow Dragon")),
}


@dataclass(frozen=True)
class PrintedChar:
    """One character as printed: its page (from 1), text, size in points and place on the page."""

    page: int
    text: str
    size: float
    x: float
    top: float

    def __str__(self) -> str:
        return f"p{self.page} {self.text!r} {self.size:.2f} pt at ({self.x:.0f}, {self.top:.0f})"


def _printed_size(char: dict[str, object]) -> float:
    """The height a character is printed at, whatever the text and graphics matrices do to it.

    pdfplumber reports the axis-aligned box of the transformed glyph box (``adv`` wide, the font
    size tall, before the matrix); for upright text its height is the size. For turned text the
    font size is recovered from the box and the matrix: with M = (a, b, c, d), the box is
    |a|·adv + |c|·fs wide and |b|·adv + |d|·fs tall; the printed size is fs·|(c, d)|.
    """
    a, b, c, d, _, _ = (float(v) for v in char["matrix"])  # type: ignore[attr-defined]
    adv = float(char["adv"])  # type: ignore[arg-type]
    width, height = float(char["width"]), float(char["height"])  # type: ignore[arg-type]
    if abs(d) > 1e-6:
        fs = (height - abs(b) * adv) / abs(d)
    elif abs(c) > 1e-6:
        fs = (width - abs(a) * adv) / abs(c)
    else:
        return min(width, height)
    return fs * math.hypot(c, d)


def printed_chars(pdf: Path | bytes) -> list[PrintedChar]:
    """Every visible character of the PDF with its printed size."""
    source = pdf if isinstance(pdf, Path) else io.BytesIO(pdf)
    out: list[PrintedChar] = []
    with pdfplumber.open(source) as doc:
        for number, page in enumerate(doc.pages, 1):
            for ch in page.chars:
                text = str(ch["text"])
                if not text.strip():
                    continue
                out.append(PrintedChar(number, text, _printed_size(ch), float(ch["x0"]), float(ch["top"])))
    return out


def small_text(pdf: Path | bytes, floor: float = FLOOR_PT) -> list[PrintedChar]:
    """The characters printed under ``floor`` points (0.01 pt of rounding allowed)."""
    return [ch for ch in printed_chars(pdf) if ch.size < floor - 0.01]


def describe(chars: Sequence[PrintedChar], limit: int = 12) -> str:
    """A short account of small characters for an assertion message: runs of one size together."""
    words: list[str] = []
    for ch in chars[:limit]:
        words.append(str(ch))
    more = len(chars) - limit
    return "; ".join(words) + (f"; and {more} more" if more > 0 else "")


def _run(command: object, args: list[str]) -> None:
    result = CliRunner().invoke(command, args, catch_exceptions=False)  # type: ignore[arg-type]
    assert result.exit_code == 0, f"{' '.join(args)}: {result.output}"


def blank_forms(tmp: Path, papers: Sequence[str] = PAPERS) -> Iterator[tuple[str, Path]]:
    """Every blank form of every registered game and variant: (what it is, the PDF written)."""
    for name in game_names():
        key = game_key(name)
        for tags in ((), *BLANK_VARIANTS.get(key, ())):
            tag_args = [a for t in tags for a in ("--tag", t)]
            label = "-".join([key, *(t.split("=")[1].replace(" ", "") for t in tags)])
            for paper in papers:
                for command, form, extra in ((chart, "chart", ["--blank"]), (mailer, "mailer", ["--blank"]),
                                             (phonechart, "phonechart", [])):
                    out = tmp / f"{form}-{label}-{paper}.pdf"
                    _run(command, [*extra, "--rules", name, *tag_args, "--paper", paper, "-o", str(out)])
                    yield f"blank {form} of {label} on {paper}", out


def example_records() -> list[Path]:
    """The bundled single-game example records (the archive is read game by game by its tests)."""
    return sorted(p for p in EXAMPLES.glob("*.txt") if "archive" not in p.name)


def filled_forms(tmp: Path, papers: Sequence[str] = PAPERS) -> Iterator[tuple[str, Path]]:
    """The Records Chart and the Mailers of every example record, on each paper."""
    for record in example_records():
        for paper in papers:
            for command, form in ((chart, "chart"), (mailer, "mailer")):
                out = tmp / f"{form}-{record.stem}-{paper}.pdf"
                _run(command, [str(record), "--paper", paper, "-o", str(out)])
                yield f"{form} of {record.name} on {paper}", out


def every_form(tmp: Path) -> Iterator[tuple[str, Path]]:
    """Every form of every game, blank and filled, on Letter and A4."""
    yield from blank_forms(tmp)
    yield from filled_forms(tmp)
