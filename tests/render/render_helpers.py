"""Shared helpers of the render tests: reading PDFs back, and games played from move lists."""

from __future__ import annotations

import io
import shutil
import subprocess
from typing import Any

import pypdf

from pbmkit.games import batalo
from pbmkit.games.batalo import Move, Position, space

POINTS_PER_INCH = 72.0


def read_pdf(data: bytes) -> pypdf.PdfReader:
    """The PDF in ``data``, read strictly (a malformed file raises)."""
    return pypdf.PdfReader(io.BytesIO(data), strict=True)


def page_text(reader: pypdf.PdfReader, index: int) -> str:
    """The text of one page, as a PDF reader extracts it."""
    return reader.pages[index].extract_text()


def text_runs(reader: pypdf.PdfReader, index: int) -> list[tuple[str, float, float]]:
    """Every text run of a page with its position on the page (x, y in points)."""
    runs: list[tuple[str, float, float]] = []

    def visit(text: str, cm: Any, tm: Any, font: Any, size: Any) -> None:
        if text.strip():
            # Device position = text matrix origin transformed by the current matrix.
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            runs.append((text.strip(), x, y))

    reader.pages[index].extract_text(visitor_text=visit)
    return runs


def qpdf_check(data: bytes, tmp_path: Any) -> None:
    """``qpdf --check`` the file where qpdf is installed; a strict full parse with pypdf always."""
    reader = read_pdf(data)
    for page in reader.pages:
        page.extract_text()
    if shutil.which("qpdf"):
        path = tmp_path / "check.pdf"
        path.write_bytes(data)
        run = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
        assert run.returncode == 0, run.stdout + run.stderr
        assert "No syntax or stream encoding errors" in run.stdout


def play(*moves: str, start: Position | None = None) -> list[tuple[Move, Position]]:
    """Play ``"IR to HS"`` style moves from the start; each (move, position after) in order."""
    position = start or batalo.initial_position()
    out = []
    for text in moves:
        a, b = (s.strip() for s in text.split(" to "))
        move = Move(space(a), space(b))
        reason = batalo.check_move(position, move)
        assert reason is None, f"{text}: {reason}"
        position = batalo.apply(position, move)
        out.append((move, position))
    return out


OPENING = ["JP to HR", "EW to EU", "IR to HS", "EV to FU", "KP to IR", "CX to GT",
           "KQ to IS", "CW to EW", "JR to HT", "EU to GU"]
"""Five turns of the example game 03 (main line)."""
