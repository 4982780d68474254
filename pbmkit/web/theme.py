"""The one look of every web page and of the HTML mail (issue 39 §3): colours, type, the boards'
paints on screen, and the contrast they are held to.

A page's style sheet is :func:`page_style`: the theme's colours as custom properties (light, and
dark under ``prefers-color-scheme``), then the shared components (``static/base.css``), then the
page's own sheet. The HTML mail, whose clients drop most style sheets, writes the same colours
inline (:data:`LIGHT`, :data:`DARK`). A change of colour or type is made here once.

On screen a game's pieces take the colours its look declares (:attr:`pbmkit.games.drawing.Look.colours`);
the board, its lines and names, and the last move's marks take the theme's. Paper stays black and
white: nothing here reaches the printed forms.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields

from pbmkit.web.page import static_text

__all__ = ["DARK", "FONT", "INKS", "LIGHT", "Theme", "contrast", "ink_for", "legible", "page_style",
           "piece_css", "theme_css"]

FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif'
"""The pages' type (the boards' own is the SVG writer's, ``SVG_FONT``)."""


@dataclass(frozen=True, slots=True)
class Theme:
    """The colours of one scheme, each ``#rrggbb``; the custom property of each is its name with
    ``_`` as ``-`` (``--board-ink``)."""

    bg: str
    fg: str
    muted: str
    line: str
    panel: str
    accent: str
    """Links, focus rings, the pressed button; the last move and the places a piece may go."""
    current: str
    current_fg: str
    board: str
    """The board's ground (never a white card in the dark scheme)."""
    board_ink: str
    """The board's outline and the letters of its marked squares."""
    board_muted: str
    """The cells' lines, the spaces' names, the labels round the board and beside it."""
    mark: str
    """The last move's dot, arrow and end outline, and the targets of a tapped piece."""


LIGHT = Theme(bg="#fdfdfb", fg="#1b1b1b", muted="#595959", line="#d4d4cf", panel="#f2f1ec",
              accent="#0b5cad", current="#ffe28a", current_fg="#1b1b1b", board="#efe9dc",
              board_ink="#2b2620", board_muted="#5c5346", mark="#0c7489")
DARK = Theme(bg="#16181b", fg="#ececec", muted="#a9a9a9", line="#3a3d42", panel="#23262b",
             accent="#8cc4ff", current="#6b5514", current_fg="#fff6d6", board="#252a31",
             board_ink="#e9ecef", board_muted="#b8c0cc", mark="#66d9e8")

INKS = ("#000000", "#ffffff")
"""What a piece's letters and outlines are written in on screen: whichever contrasts more with
the piece's colour."""


def _channel(v: int) -> float:
    c = v / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(colour: str) -> float:
    """The relative luminance of ``#rrggbb`` (WCAG 2)."""
    r, g, b = (int(colour[k:k + 2], 16) for k in (1, 3, 5))
    return 0.2126 * _channel(r) + 0.7152 * _channel(g) + 0.0722 * _channel(b)


def contrast(a: str, b: str) -> float:
    """The contrast ratio of two ``#rrggbb`` colours (WCAG 2: 1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ink_for(colour: str) -> str:
    """Black or white, whichever stands out more on ``colour``."""
    return max(INKS, key=lambda ink: contrast(ink, colour))


def legible(colour: str, ground: str, ratio: float = 3.0) -> str:
    """``colour``, or the nearest shade of it towards black or white (whichever stands out more
    on ``ground``) that contrasts ``ratio`` to 1 with ``ground``: a side's colour drawn as a line
    on the page (the evaluation plot) keeps its hue and stays visible in both schemes."""
    if contrast(colour, ground) >= ratio:
        return colour
    target = ink_for(ground)
    rgb = [int(colour[k:k + 2], 16) for k in (1, 3, 5)]
    end = [int(target[k:k + 2], 16) for k in (1, 3, 5)]
    for step in range(1, 21):
        t = step / 20
        shade = "#" + "".join(f"{round(a + (b - a) * t):02x}" for a, b in zip(rgb, end, strict=True))
        if contrast(shade, ground) >= ratio:
            return shade
    return target


def theme_css(light: Theme = LIGHT, dark: Theme = DARK) -> str:
    """The colours as custom properties: light, then dark under ``prefers-color-scheme``."""
    def block(theme: Theme) -> str:
        return ";".join(f"--{f.name.replace('_', '-')}:{getattr(theme, f.name)}"
                        for f in fields(theme))

    return (f":root{{color-scheme:light dark;--font:{FONT};{block(light)}}}\n"
            f"@media (prefers-color-scheme:dark){{:root{{{block(dark)}}}}}\n")


def piece_css(colours: Sequence[tuple[str, str]]) -> str:
    """The rules giving the pieces of tint ``k`` (class ``t{k}``) the ``k``-th pair of
    ``colours`` (light pieces, dark pieces; class ``lt`` or ``dk``), their letters and outlines
    in :func:`ink_for` of it."""
    rules = []
    for k, (light, dark) in enumerate(colours):
        rules.append(f".t{k}.lt{{--body:{light};--ink:{ink_for(light)}}}"
                     f".t{k}.dk{{--body:{dark};--ink:{ink_for(dark)}}}")
    return "".join(rules) + ("\n" if rules else "")


def page_style(*sheets: str, extra: str = "", tints: Mapping[str, tuple[str, str]] | None = None
               ) -> str:
    """A page's whole style sheet: the theme, ``static/base.css``, the package sheets
    ``sheets``, the pieces' colours ``tints`` (in the order given) and ``extra``."""
    pieces = piece_css(list(tints.values())) if tints else ""
    return theme_css() + static_text("base.css", *sheets) + "\n" + pieces + extra
