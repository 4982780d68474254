"""The Phone Chart PDF: the board drawn large with every space's name, for play by phone or mail."""

from __future__ import annotations

import io
from dataclasses import replace

from pbmkit.games import AnyGame
from pbmkit.games.drawing import LAST_MOVE
from pbmkit.render.art import art_for
from pbmkit.render.diagram import DiagramStyle, board_bbox, game_drawing
from pbmkit.render.legend import draw_legend, legend_height, legend_rows, legend_width
from pbmkit.render.pdf import FONT_BOLD, draw_drawing, finish, fit_text, new_canvas
from pbmkit.render.templates import load_template, paper

__all__ = ["phone_chart_pdf"]


def phone_chart_pdf(game: AnyGame, *, paper_key: str = "letter", flip: bool = False,
                    font_file: str | None = None) -> bytes:
    """The Phone Chart as PDF bytes: the empty board with every space's name, the bases and the
    line letters (no pieces: players put their own markers on it), and how to write a move."""
    t = load_template("phone_chart")
    page = paper(paper_key)
    art = art_for(game)
    buf = io.BytesIO()
    title = f"{game.title} {t['title']}"
    c = new_canvas(buf, page, title=title, subject=t["subject"],
                   keywords=f"{game.title}, phone chart, space names", font_file=font_file)
    margin = float(t["margin"])
    inner = page.width - 2 * margin
    y = page.height - margin - float(t["title_size"])
    c.setFont(FONT_BOLD, float(t["title_size"]))
    c.drawString(margin, y, title.upper())
    if flip:  # say why the bases are the other way up
        fit_text(c, f"Drawn from {game.sides[1].capitalize()}'s side", page.width - margin, y,
                 inner / 2, size=float(t["title_size"]) * 0.6, anchor="end")
    words = {"example": game.notation.example, "sides": _and(game.sides)}
    size = float(t["text_size"])
    y -= 8
    for line in art.how_to or t["how_to"]:
        y -= size * 1.45
        fit_text(c, str(line).format(**words), margin, y, inner, size=size)
    legend_size = float(t["legend_size"])
    note = art.board_note or str(t["base_note"]).format(**words)
    # The key (in rows, never shrunk under 6 pt) and the note stand on the bottom margin; the
    # board takes the width between the board margins and is centred in the height between the
    # text and the key, so that it fills the page on A4 (taller, narrower) as on Letter.
    # The chart draws no move, so its key does not name the last move's marks.
    shown = tuple(item for item in art.legend if item[0] != LAST_MOVE[0])
    rows = legend_rows(art, legend_size, inner, shown)
    heights = [legend_height(art, legend_size, items) for items in rows]
    key_y = margin + legend_size * 1.6
    bottom = key_y + sum(heights) + legend_size * 0.2
    box_top = y - 8
    board_margin = float(t["board_margin"])
    board_w = page.width - 2 * board_margin
    x0, y0, x1, y1 = board_bbox(game.board, flip, labels=True, art=art)
    scale = min(board_w / (x1 - x0), (box_top - bottom) / (y1 - y0))
    style = DiagramStyle.for_scale(scale, names=True, labels=True, grid_pt=0.7, border_pt=2.0)
    # No pieces: players put their own markers on it. Drawn once: inline rather than as a
    # reusable form, so every name sits in the page's text.
    drawing = replace(game_drawing(game, None, flip=flip, style=style), grid_key="")
    draw_drawing(c, drawing, board_margin, bottom, board_w, box_top - bottom, valign="middle")
    y = key_y
    for items, h in zip(reversed(rows), reversed(heights), strict=True):
        lx = margin + (inner - legend_width(art, legend_size, items)) / 2
        draw_legend(c, art, lx, y + (h - legend_size * 1.6) / 2, legend_size, items)
        y += h
    c.setFillColorRGB(0.2, 0.2, 0.2)
    fit_text(c, note, page.width / 2, margin, inner, size=legend_size, anchor="middle")
    c.showPage()
    return finish(c, buf)


def _and(sides: tuple[str, ...]) -> str:
    """``"White and Black"``, ``"Red, Green and Blue"``."""
    names = [s.capitalize() for s in sides]
    return " and ".join(names) if len(names) < 3 else f"{', '.join(names[:-1])} and {names[-1]}"
