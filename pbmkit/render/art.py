"""What each game looks like on paper: its piece glyphs, its marked spaces and its legend.

The board drawing in :mod:`pbmkit.render.diagram` is generic: it takes a board, a mapping
space -> piece symbol and the glyph of each symbol. A game only adds an entry here (a function
that builds its :class:`GameArt`): Batalo's rings, discs and letters, Billo's stacked round and
square pieces.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pbmkit.games import Game

__all__ = ["GameArt", "Glyph", "art_for", "piece_symbols"]


Part = tuple[str, bool, bool]
"""One piece of a stack: (``"round"`` or ``"square"``, dark (filled) or light, Billo or basic)."""


@dataclass(frozen=True, slots=True)
class Glyph:
    """How one piece symbol is drawn: ``"ring"`` (open circle), ``"disc"`` (filled), ``"letter"``,
    or ``"stack"``: the pieces of ``parts``, bottom first (a square under a round piece)."""

    kind: str
    letter: str = ""
    parts: tuple[Part, ...] = ()


@dataclass(frozen=True, eq=False)
class GameArt:
    """The printed look of one game."""

    symbols: Callable[[Any], dict[int, str]]
    """Position -> {space: symbol} for every occupied space."""
    glyphs: Mapping[str, Glyph]
    """Symbol -> how it is drawn."""
    legend: tuple[tuple[str, str], ...]
    """(symbol, meaning) pairs in the order a key prints them, e.g. ("W", "white column")."""
    bases: Mapping[int, str] = field(default_factory=dict)
    """Specially marked spaces (Batalo's bases): space -> side name."""
    line_labels: Callable[[], list[tuple[tuple[int, int], str]]] | None = None
    """Labels of the board's lines for the Phone Chart: (virtual coordinate off the board, text)."""
    sides: tuple[str, str] = ("white", "black")
    owners: Mapping[str, str] = field(default_factory=dict)
    """Symbol -> the side it belongs to (the terminal board styles each side's pieces)."""
    how_to: tuple[str, ...] = ()
    """The Phone Chart's lines on writing a move (``{example}``, ``{start}``, ``{end}`` filled in);
    empty: the template's (Batalo's)."""
    board_note: str = ""
    """The Phone Chart's note under the key; empty: the template's."""
    diagram_labels: bool = False
    """Whether every diagram (chart, mailer), not only the Phone Chart, carries the line labels:
    Billo's files a-h and ranks 1-8 show on a hand-filled board whose side is whose."""


def _batalo_art() -> GameArt:
    from pbmkit.games import batalo

    code_symbol = {batalo.WHITE_COLUMN: "W", batalo.WHITE_STONE: "O",
                   batalo.BLACK_COLUMN: "B", batalo.BLACK_STONE: "●"}

    def symbols(position: Any) -> dict[int, str]:
        return {sp: code_symbol[p] for sp, p in enumerate(position.board) if p}

    def line_labels() -> list[tuple[tuple[int, int], str]]:
        # Each A–M line is labelled beyond its upper-right end, each N–Z line beyond its upper-left
        # end, so the two families never share a label position.
        coords = batalo.BOARD.coords
        out: list[tuple[tuple[int, int], str]] = []
        for i in range(1, 14):
            j = max(c[1] for c in coords if c[0] == i)
            out.append(((i, j + 1), "ABCDEFGHIJKLM"[i - 1]))
        for j in range(1, 14):
            i = min(c[0] for c in coords if c[1] == j)
            out.append(((i - 1, j), "NOPQRSTUVWXYZ"[j - 1]))
        return out

    return GameArt(
        symbols=symbols,
        glyphs={"W": Glyph("letter", "W"), "O": Glyph("ring"), "B": Glyph("letter", "B"),
                "●": Glyph("disc")},
        legend=(("W", "white column"), ("O", "white stone"), ("B", "black column"),
                ("●", "black stone")),
        bases={batalo.WHITE_BASE: "white", batalo.BLACK_BASE: "black"},
        line_labels=line_labels,
        owners={"W": "white", "O": "white", "B": "black", "●": "black"},
    )


def _billo_symbols() -> list[str]:
    """Every cell symbol of Billo (Yellow upper case, Orange lower case): R, S+, RS, R+S+ ..."""
    kinds = ["R", "R+", "S", "S+"] + [f"{r}{s}" for r in ("R", "R+") for s in ("S", "S+")]
    return kinds + [k.lower() for k in kinds]


def _billo_parts(symbol: str) -> tuple[Part, ...]:
    dark = symbol.islower()
    upper = symbol.upper()
    parts: list[Part] = []
    if "S" in upper:  # the square piece lies under the round one
        parts.append(("square", dark, "S+" in upper))
    if "R" in upper:
        parts.append(("round", dark, "R+" in upper))
    return tuple(parts)


def _billo_art() -> GameArt:
    from pbmkit.games import billo

    board = billo.BOARD

    def line_labels() -> list[tuple[tuple[int, int], str]]:
        # File letters under rank 1, rank numbers left of file a.
        files = [((f, -1), "abcdefgh"[f]) for f in range(8)]
        ranks = [((-1, r), str(r + 1)) for r in range(8)]
        return files + ranks

    symbols = _billo_symbols()
    glyphs = {s: Glyph("stack", s, _billo_parts(s)) for s in symbols}
    assert board.size == 64
    return GameArt(
        symbols=billo.symbols,
        glyphs=glyphs,
        legend=(("R", "round"), ("S", "square"), ("RS", "double"), ("R+", "round Billo"),
                ("S+", "square Billo"), ("R+S+", "composite Billo"), ("r", "Orange (filled)")),
        line_labels=line_labels,
        sides=("yellow", "orange"),
        owners={s: "yellow" if s.isupper() else "orange" for s in symbols},
        how_to=(
            "Name the piece, R (round) or S (square), + for a Billo, then every square it enters: "
            "\"{example}\".",
            "Write x before each captured square, - before each square passed or stepped on: "
            "\"R c2xd3-e4xf5\".",
            "Files a–h, ranks 1–8 from Yellow's side. The letter may be left out if only one piece "
            "can move so.",
        ),
        board_note="Open: Yellow; filled: Orange. Double outline: a Billo.",
        diagram_labels=True,
    )


_ART: dict[str, Callable[[], GameArt]] = {"batalo": _batalo_art, "billo": _billo_art}
"""Registry: game name -> builder of its art (built on first use, then cached)."""
_CACHE: dict[str, GameArt] = {}


def art_for(game: Game[Any, Any]) -> GameArt:
    """The art of ``game``; ``ValueError`` for a game that has no printed look yet."""
    art = _CACHE.get(game.name)
    if art is None:
        builder = _ART.get(game.name)
        if builder is None:
            raise ValueError(f"no drawings for {game.title} yet")
        art = _CACHE[game.name] = builder()
    return art


def piece_symbols(game: Game[Any, Any], position: Any) -> dict[int, str]:
    """Space -> piece symbol for every occupied space of ``position``."""
    return art_for(game).symbols(position)
