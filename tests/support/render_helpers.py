"""Shared helpers of the render tests: reading PDFs back, and games played from move lists."""

from __future__ import annotations

import io
import shutil
import subprocess
from typing import Any

import pypdf

from pbmkit.games.batalo import Move, Position, check, rules, setup
from pbmkit.games.batalo.rules import space

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
    position = start or setup.initial_position()
    out = []
    for text in moves:
        a, b = (s.strip() for s in text.split(" to "))
        move = Move(space(a), space(b))
        reason = check.check_move(position, move)
        assert reason is None, f"{text}: {reason}"
        position = rules.apply(position, move)
        out.append((move, position))
    return out


OPENING = ["JP to HR", "EW to EU", "IR to HS", "EV to FU", "KP to IR", "CX to GT",
           "KQ to IS", "CW to EW", "JR to HT", "EU to GU"]
"""Five turns of the example game 03 (main line)."""


def page_image(data: bytes, index: int = 0, dpi: float = 100.0) -> Any:
    """Page ``index`` of the PDF rasterised at ``dpi`` as a greyscale PIL image (PDFium)."""
    import pypdfium2

    pdf = pypdfium2.PdfDocument(data)
    try:
        bitmap = pdf[index].render(scale=dpi / POINTS_PER_INCH, grayscale=True)
        return bitmap.to_pil().convert("L")
    finally:
        pdf.close()


def ink_box(image: Any, threshold: int = 160) -> tuple[int, int, int, int] | None:
    """The bounding box (left, top, right, bottom) of the pixels darker than ``threshold``."""
    return image.point(lambda v: 255 if v < threshold else 0).getbbox()  # type: ignore[no-any-return]


def components(image: Any, threshold: int = 160) -> int:
    """The number of 8-connected groups of pixels darker than ``threshold`` (pieces of ink)."""
    w, h = image.size
    px = image.load()
    seen: set[tuple[int, int]] = set()
    count = 0
    for y0 in range(h):
        for x0 in range(w):
            if px[x0, y0] >= threshold or (x0, y0) in seen:
                continue
            count += 1
            stack = [(x0, y0)]
            seen.add((x0, y0))
            while stack:
                x, y = stack.pop()
                for nx in (x - 1, x, x + 1):
                    for ny in (y - 1, y, y + 1):
                        if 0 <= nx < w and 0 <= ny < h and (nx, ny) not in seen and px[nx, ny] < threshold:
                            seen.add((nx, ny))
                            stack.append((nx, ny))
    return count


def placed_chars(data: bytes, index: int = 0) -> list[tuple[str, float, float]]:
    """Every character PDFium finds on the page with where it is drawn: (char, left x, bottom y).

    Unlike a text extractor's string, positions say in which order glyphs stand on the paper.
    """
    import pypdfium2

    pdf = pypdfium2.PdfDocument(data)
    try:
        text = pdf[index].get_textpage()
        out = []
        for k in range(text.count_chars()):
            ch = text.get_text_range(k, 1)
            if ch.strip():
                left, bottom, _, _ = text.get_charbox(k)
                out.append((ch, left, bottom))
        return out
    finally:
        pdf.close()


def right_to_left(chars: list[tuple[str, float, float]], y: float, tolerance: float = 4.0) -> str:
    """The characters standing on the line at ``y``, read from the right edge to the left."""
    return "".join(ch for ch, _, _ in sorted((c for c in chars if abs(c[2] - y) <= tolerance),
                                             key=lambda c: -c[1]))
