"""PNG boards (issue 25 §1): ``board_png`` in process on each example record's last position.
Targets: < 100 ms a board, < 60 KB for a Batalo board at 600 px.

Each board is drawn --repeats times after one warm-up (the fonts and PDFium loaded) and the
median is kept; the split says where the time goes (the drawing and its one-page PDF, PDFium's
render, the palette and the PNG encoder).
"""

from __future__ import annotations

import argparse
import io
import time
from pathlib import Path

from common import median

from pbmkit.records import check_text
from pbmkit.render.png import board_png

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def run(width: int = 600, repeats: int = 15) -> tuple[str, float]:
    lines, worst = [], 0.0
    for path in sorted(EXAMPLES.glob("*.txt")):
        rep = check_text(path.read_text(encoding="utf-8"), path.name)[0]
        game = rep.game
        assert game is not None
        last = rep.main[-1].move if rep.main else None
        players = [rep.record.tags.get(t, "") for t in game.side_tags]
        board_png(game, rep.final, last_move=last, players=players, width_px=width)
        times, size = [], 0
        for _ in range(repeats):
            t = time.perf_counter()
            size = len(board_png(game, rep.final, last_move=last, players=players, width_px=width))
            times.append(time.perf_counter() - t)
        ms = median(times) * 1000
        worst = max(worst, ms)
        lines.append(f"  {path.stem:48} {ms:6.1f} ms  {size / 1000:6.1f} KB")
    verdict = "target < 100 ms: " + ("met" if worst < 100 else "NOT met")
    return "\n".join([f"PNG boards at {width} px (median of {repeats}), slowest {worst:.1f} ms; "
                      f"{verdict}", *lines]), worst


def split(width: int = 600, repeats: int = 15) -> str:
    """Where the time of one Batalo board goes."""
    import pypdfium2
    from PIL import Image

    from pbmkit.render.pdf import draw_drawing, finish, new_canvas
    from pbmkit.render.svg import board_picture
    from pbmkit.render.templates import Paper

    rep = check_text((EXAMPLES / "03-unfinished-with-series.txt").read_text(encoding="utf-8"))[0]
    game = rep.game
    assert game is not None
    parts: dict[str, list[float]] = {"drawing": [], "pdf": [], "render": [], "png": []}
    for _ in range(repeats + 1):
        t0 = time.perf_counter()
        drawing, title = board_picture(game, rep.final, last_move=rep.main[-1].move)
        t1 = time.perf_counter()
        buf = io.BytesIO()
        c = new_canvas(buf, Paper("png", "PNG", drawing.width, drawing.height), title=title,
                       subject="board")
        c.setPageCompression(0)
        draw_drawing(c, drawing, 0, 0, drawing.width, drawing.height)
        c.showPage()
        pdf = finish(c, buf)
        t2 = time.perf_counter()
        image = pypdfium2.PdfDocument(pdf)[0].render(scale=width / drawing.width).to_pil()
        t3 = time.perf_counter()
        out = io.BytesIO()
        image.convert("RGB").quantize(64, method=Image.Quantize.FASTOCTREE,
                                      dither=Image.Dither.NONE).save(out, "PNG", compress_level=6)
        t4 = time.perf_counter()
        for key, dt in zip(parts, (t1 - t0, t2 - t1, t3 - t2, t4 - t3), strict=True):
            parts[key].append(dt)
    return "  split (Batalo): " + ", ".join(f"{k} {median(v[1:]) * 1000:.1f} ms"
                                             for k, v in parts.items())


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--width", type=int, default=600)
    ap.add_argument("--repeats", type=int, default=15)
    a = ap.parse_args()
    print(run(a.width, a.repeats)[0])
    print(split(a.width, a.repeats))
