"""The ruler the forms are held to (tests/support/print_floor.py) measures what a reader sees."""

from __future__ import annotations

import io

import pytest
from reportlab.pdfgen.canvas import Canvas

from tests.support.print_floor import FLOOR_PT, printed_chars, small_text


def _pdf(size: float, *, angle: float = 0.0, scale: float = 1.0) -> bytes:
    buffer = io.BytesIO()
    c = Canvas(buffer)
    c.saveState()
    c.translate(200, 400)
    c.scale(scale, scale)
    c.rotate(angle)
    c.setFont("Helvetica", size)
    c.drawString(0, 0, "Dragon")
    c.restoreState()
    c.showPage()
    c.save()
    return buffer.getvalue()


@pytest.mark.parametrize("angle", [0, 90, 180, 270, 30])
def test_text_is_measured_at_the_size_it_prints_however_it_is_turned(angle: float) -> None:
    sizes = {round(ch.size, 2) for ch in printed_chars(_pdf(9, angle=angle))}
    assert sizes == {9.0}


def test_a_drawing_scaled_down_prints_its_text_smaller() -> None:
    """A 10 pt label in a board drawn at half size is 5 pt on paper: under the floor."""
    small = small_text(_pdf(10, scale=0.5))
    assert [ch.text for ch in small] == list("Dragon")
    assert all(abs(ch.size - 5.0) < 0.01 for ch in small)
    assert small_text(_pdf(10, scale=0.6, angle=90)) == []
    assert small_text(_pdf(FLOOR_PT)) == []
    assert [ch.text for ch in small_text(_pdf(5.9, angle=90))] == list("Dragon")
