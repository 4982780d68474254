"""Drawing hints: what a game tells the renderers about its pieces and its board, as plain data.

The renderers (:mod:`pbmkit.render`) know shapes, not games. A game's :meth:`look` gives a
:class:`Look`: which symbol stands on each space of a position, how each symbol is drawn in
black-and-white print (a :class:`Glyph`), the legend, the specially marked spaces (bases, camps,
X squares), the labels of the board's lines, and what is shown beside the board (pieces in hand,
pieces taken). Nothing here imports anything but the standard library.
"""


from collections.abc import Callable, Mapping
from typing import Generic, NamedTuple, TypeVar

__all__ = ["GLYPH_KINDS", "GLYPH_MARKS", "KEY_MARKS", "LAST_MOVE", "Edge", "Glyph", "Look", "Part"]

Part = tuple[str, bool, bool]
"""One piece of a stack: (``"round"`` or ``"square"``, dark (filled) or light, doubled outline)."""

GLYPH_KINDS = ("ring", "disc", "letter", "stack")
"""The drawings a renderer knows: an open circle (with a letter: a smaller, thick ring, dark when
``dark``), a filled circle, a bold letter on a light disc (a dark disc with a light letter when
``dark``), and pieces stacked bottom first."""

GLYPH_MARKS = ("dot", "outline", "double", "arrow-n", "arrow-e", "arrow-s", "arrow-w")
"""Marks added on a glyph: a centre dot, an outline at the rim (a light lettered piece then reads
as a piece, not a bare letter), a double outline, an arrow standing out of the rim showing the
piece's facing. A letter with an outline or a double outline is drawn a little smaller."""

LAST_MOVE = ("@last", "last move")
"""The key's item for the last move's marks (a dot on the start, an arrow, a thick outline on the
end), which every diagram of a filled form draws."""

KEY_MARKS = ("@last", "@base:", "@edge:", "@shaded:")
"""Legend symbols naming marks: ``@last`` the last move (:data:`LAST_MOVE`); ``@base:MARK`` a
space of :attr:`Look.bases` marked ``MARK`` (an inner outline; ``X`` also a cross in it, another
one-letter mark its letter); ``@edge:MARK`` the band along the edges of :attr:`Look.edges`
marked ``MARK``; ``@shaded:MARK`` a space :attr:`Look.shaded` marks ``MARK`` in a position (a
grey cell)."""

P = TypeVar("P")


class Glyph(NamedTuple):
    """How one piece symbol is drawn (see :data:`GLYPH_KINDS` and :data:`GLYPH_MARKS`).

    A named tuple rather than a dataclass: it is built at every command's start-up."""

    kind: str
    letter: str = ""
    parts: tuple[Part, ...] = ()
    dark: bool = False
    """Filled: the second side's pieces where letters alone tell the kinds apart."""
    marks: tuple[str, ...] = ()


class Edge(NamedTuple):
    """Edges of the board that belong to a side (Hex: Red's ranks 1 and 7): the border faces the
    coordinates ``beyond`` (off the board, as :attr:`Look.line_labels` name them), and a band
    along it is drawn ``dark`` (solid, as the side's dark pieces) or light (outlined, open)."""

    mark: str
    """The key's name of it: the legend's ``@edge:MARK``."""
    dark: bool
    beyond: frozenset[tuple[int, int]]


class Look(Generic[P]):
    """The printed look of one game (on one board: a configured game has its own look).

    A plain class with slots rather than a dataclass, for start-up time; build it with keywords.
    """

    __slots__ = ("bases", "beside", "beside_blank", "board_note", "cell", "colours",
                 "diagram_labels", "edges", "form_note", "glyphs", "how_to", "legend",
                 "line_labels", "owners", "shaded", "sides", "symbols", "tints")

    def __init__(self, *, symbols: Callable[[P], dict[int, str]], glyphs: Mapping[str, Glyph],
                 legend: tuple[tuple[str, str], ...], bases: Mapping[int, str] | None = None,
                 line_labels: Callable[[], list[tuple[tuple[int, int], str]]] | None = None,
                 sides: tuple[str, ...] = (), owners: Mapping[str, str] | None = None,
                 how_to: tuple[str, ...] = (), board_note: str = "", diagram_labels: bool = False,
                 beside: Callable[[P], list[tuple[str, tuple[str, ...]]]] | None = None,
                 beside_blank: tuple[str, ...] = (), form_note: str = "", cell: str = "square",
                 colours: Mapping[str, tuple[str, str]] | None = None,
                 tints: Mapping[str, str] | None = None,
                 edges: tuple[Edge, ...] = (),
                 shaded: Callable[[P], Mapping[int, str]] | None = None) -> None:
        self.symbols = symbols
        """Position -> {space: symbol} for every occupied space."""
        self.glyphs = glyphs
        """Symbol -> how it is drawn."""
        self.legend = legend
        """(symbol, meaning) pairs in the order a key prints them, e.g. ("W", "white column"). A
        symbol starting with ``@`` names a mark the diagram draws rather than a piece (see
        :data:`KEY_MARKS`): ``("@last", "last move")``, ``("@base:camp", "camp")``; the key draws
        each as on the board, so that it explains every mark."""
        self.bases: Mapping[int, str] = bases or {}
        """Specially marked spaces (bases, camps): space -> the side (or mark) it belongs to, drawn
        as a thin inner outline; the mark ``"X"`` (Batrakill's X squares) also as a cross in it,
        another mark of one character (a zone's tower site ``"N"``) as its letter, dark, on the
        empty square."""
        self.edges = edges
        """The edges of the board that belong to a side, each drawn as a band outside the board
        (Hex: Red's ranks, Blue's files)."""
        self.form_note = form_note
        """A line every filled form prints (Records Chart footer, Mailer back): e.g. that the
        board's layout is provisional."""
        self.line_labels = line_labels
        """Labels of the board's lines: (virtual coordinate off the board, text)."""
        self.cell = cell
        """The shape of the board's cells, ``"square"`` or ``"hex"``: the key draws its marks in it."""
        self.sides = sides
        """The sides whose pieces are drawn; empty (the default): the game's own ``sides``."""
        self.owners: Mapping[str, str] = owners or {}
        """Symbol -> the side it belongs to (the terminal board styles each side's pieces)."""
        self.colours: Mapping[str, tuple[str, str]] = colours or {}
        """The pieces' colours on screen (never on paper, which stays black and white): a side's
        (or a faction's) name -> (``"#rrggbb"`` of its light pieces, of its dark pieces), light
        and dark as the glyphs draw them on paper (Batrakill's knight carrying a tower is the dark
        one of its faction). The web pages write the letters and outlines on a piece in black or
        white, whichever stands out more, and tests/web/test_screen_colours.py holds every pair
        to the contrasts the screen asks for."""
        self.tints: Mapping[str, str] = tints or self.owners
        """Symbol -> its name in :attr:`colours`; by default :attr:`owners` (Batrakill's
        factions, where one player may play two)."""
        self.how_to = how_to
        """The Phone Chart's lines on writing a move (``{example}``, the notation's example, and
        ``{sides}`` filled in); empty: the template's neutral line, built from the game's example
        move."""
        self.board_note = board_note
        """The Phone Chart's note under the key; empty: the template's neutral note, built from the
        game's sides."""
        self.diagram_labels = diagram_labels
        """Whether every diagram (chart, mailer), not only the Phone Chart, carries the labels."""
        self.beside = beside
        """Position -> labelled groups of symbols shown beside the board (``("South in hand",
        ("B", "Y"))``, pieces knocked out or eaten); ``None``: nothing beside the board."""
        self.shaded = shaded
        """Position -> {space: mark} for the spaces a position marks (Amazons' burned squares,
        a square claimed): each drawn as a grey cell under any piece (``#`` on the terminal), the
        key's ``@shaded:MARK`` explaining it; ``None``: no space is marked by the position."""
        self.beside_blank = beside_blank
        """The column's labels on a blank diagram (a Records Chart or Mailer to fill in by hand),
        each with a line under it to write on: ``("South in hand", ...)``."""
