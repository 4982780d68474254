"""What every game provides: the typed protocol ``Game[P, M]`` the notation, render and cli layers
rely on, composed of small protocols, with the errors and values they share.

A game is a package ``pbmkit/games/<game>/`` whose ``GAME`` satisfies :class:`Game`, registered by
one line in :mod:`pbmkit.games`. ``P`` is the game's frozen, hashable position and ``M`` its
frozen, hashable move. The layers above never look inside either: they ask the game (whose turn,
which moves, what a move touches, how its pieces are drawn) and its notation (how a move is
written). :class:`GameBase` gives the defaults a simple two-sided game needs, so a game states only
what differs. The decisions are documented in ``docs/architecture.md``.
"""


from collections.abc import Callable, Hashable, Mapping, Sequence
from types import MappingProxyType
from typing import (
    TYPE_CHECKING,
    Any,
    ClassVar,
    Generic,
    NamedTuple,
    Protocol,
    Self,
    TypeAlias,
    TypeVar,
    cast,
    runtime_checkable,
)

from pbmkit.common.errors import PbmkitError
from pbmkit.games.board import Board, GridSetup

if TYPE_CHECKING:
    from pbmkit.games.drawing import Look
    from pbmkit.games.notation import MoveNotation

__all__ = [
    "CHOOSING_TAGS",
    "AmbiguousMoveError",
    "Announcement",
    "Announcing",
    "AnyGame",
    "Configurable",
    "Described",
    "Drawn",
    "Game",
    "GameBase",
    "HowWords",
    "IllegalMoveError",
    "Lazy",
    "M",
    "MoveError",
    "Moved",
    "NamesPlayers",
    "Outcome",
    "P",
    "PbmkitError",
    "Phased",
    "Placed",
    "Plays",
    "Rules",
    "SeatsTables",
    "SetupError",
    "Setups",
    "Shot",
    "Sides",
    "Space",
    "TagChoice",
    "Touching",
    "UnknownGameError",
    "describe_outcome",
    "end_of",
    "path_kind",
    "refuse_unread_tags",
    "side_possessive",
    "side_verb",
    "start_of",
    "starts_at",
    "with_detail",
]

Space = int
"""A space of a game's :class:`~pbmkit.games.board.Board`, ``0 .. board.size - 1``."""


# --- errors: one hierarchy, every error a ValueError ----------------------------------------




class MoveError(PbmkitError):
    """A written move that cannot be played: unreadable (:class:`~pbmkit.games.notation.
    MoveSyntaxError`) or forbidden (:class:`IllegalMoveError`); the message says why.

    ``start`` is the space the moving piece starts on, when the notation read that much, so that
    a report can list where the piece may go (``IllegalMoveError(reason, start=12)``); None
    otherwise."""

    def __init__(self, message: str, start: Space | None = None) -> None:
        super().__init__(message)
        self.start: Space | None = start


class IllegalMoveError(MoveError):
    """A well-formed move that the rules forbid; the message says why in players' words."""


class AmbiguousMoveError(IllegalMoveError):
    """A written move that more than one legal move matches; ``candidates`` are their texts."""

    def __init__(self, message: str, start: Space | None = None,
                 candidates: tuple[str, ...] = ()) -> None:
        super().__init__(message, start)
        self.candidates = candidates


class SetupError(PbmkitError):
    """A ``Setup`` string or a configuring tag (``Board``, ``Layout``, ``First``) that is
    malformed or describes an impossible game; ``tag`` names the tag at fault, if known."""

    def __init__(self, message: str, tag: str | None = None) -> None:
        super().__init__(message)
        self.tag = tag


class UnknownGameError(PbmkitError, KeyError):
    """A game name that no registered game answers to (also a ``KeyError``, as it always was)."""

    __str__ = ValueError.__str__  # KeyError would quote the message


# --- values ----------------------------------------------------------------------------------


class Outcome(NamedTuple):
    """How a game ended: ``winner`` is a side (or faction) name or ``"draw"``; ``how`` names the
    reason with the JSON value of ``check --json`` (``"base"``, ``"no-moves"``, ``"draw-claimed"``).

    A named tuple, as the other small values built while every command starts (a frozen
    dataclass costs ~0.9 ms to define, a named tuple ~0.1 ms: docs/performance.md)."""

    winner: str
    how: str

    @property
    def detail(self) -> str:
        """What the final position adds to the words (a score, ``"38–26"``): it fills the
        ``{detail}`` of the game's :class:`HowWords`; empty for most results. Not one of the
        tuple's items: an outcome is still ``(winner, how)``, equal to one without a detail."""
        return ""

    def scored(self, detail: str) -> "Outcome":
        """This outcome with ``detail`` (``Outcome("black", "discs").scored("38–26")``)."""
        return _Scored(self.winner, self.how, detail)


class _Scored(Outcome):
    """An :class:`Outcome` with its detail (kept beside the tuple's two items)."""

    def __new__(cls, winner: str, how: str, detail: str = "") -> "_Scored":
        made = super().__new__(cls, winner, how)
        made.__dict__["detail"] = detail
        return made

    @property
    def detail(self) -> str:
        detail: str = self.__dict__["detail"]
        return detail


class HowWords(NamedTuple):
    """A ``how`` in words, for each place a result is told (a side's name goes before each).

    Each may hold ``{detail}``, filled with the outcome's detail (``"{detail} on discs"``: "Black
    wins 38–26 on discs"); a result told without one (a record's Winner tag alone) drops it."""

    sentence: str
    """In a sentence: ``White has won {sentence}`` / ``the game is drawn ({sentence})``."""
    report: str
    """In ``pbmkit show`` and ``check``: ``White wins {report}`` / ``drawn {report}``."""
    form: str
    """On the printed forms: ``White ({form})``."""

    @classmethod
    def alike(cls, words: str) -> "HowWords":
        """The same words in the three places (``HowWords.alike("{detail} on discs")``)."""
        return cls(words, words, words)


class Announcement(NamedTuple):
    """Something a player says after a move (Batalo's ``averto``): the word and what it is about."""

    word: str
    """As written in records, lower case (``"averto"``)."""
    detail: str = ""
    """What it announces, in words (``"threatens the column and the base"``)."""


COMMON_HOW: Mapping[str, HowWords] = {
    "concession": HowWords("by concession", "by concession", "by concession"),
    "agreement": HowWords("by agreement", "by agreement", "by agreement"),
    "draw-claimed": HowWords("by a claim", "by a claim", "claimed"),
}
"""The ways a record ends that every game knows (``resigns``, ``draw agreed``, ``draw claimed``)."""


P = TypeVar("P", bound=Hashable)
M = TypeVar("M", bound=Hashable)
_P_in = TypeVar("_P_in", contravariant=True)
_M_in = TypeVar("_M_in", contravariant=True)


# --- the small protocols -----------------------------------------------------------------------


@runtime_checkable
class Sides(Protocol):
    """Who plays: side names, the tags naming their players, the order of a numbered turn."""

    @property
    def sides(self) -> tuple[str, ...]:
        """Lower-case side (or faction) names, any number, in the standard order of play."""
        ...

    @property
    def side_tags(self) -> tuple[str, ...]:
        """The record tag naming each side's player, parallel to :attr:`sides` (``"White"``)."""
        ...

    @property
    def order(self) -> tuple[str, ...]:
        """The sides in the order they move within one numbered turn of a record (a configured
        game: Billo's ``First`` tag may put Orange first, Batrakill's ``Order`` tag sets it)."""
        ...

    @property
    def extra_tags(self) -> tuple[str, ...]:
        """The game's own tags besides the side tags (``"First"``, ``"Board"``, ``"Layout"``)."""
        ...

    @property
    def tag_choices(self) -> Mapping[str, "TagChoice"]:
        """What each choosing tag of :attr:`extra_tags` takes, for a player's help (the
        referee's ``help GAME``); every choosing tag the game reads has one (a generic test)."""
        ...

    @property
    def plural_sides(self) -> frozenset[str]:
        """The sides named in the plural (Batrakill's ``"knights"``): "Knights win", not "wins"."""
        ...

    @property
    def new_tags(self) -> Mapping[str, str]:
        """The choosing tags a new record of the game is written with unless told otherwise
        (Hex: ``{"Board": "11x11"}``, where a record without the tag is 7 × 7): ``pbmkit new``
        and the referee's ``challenge`` write them; empty for most games."""
        ...


@runtime_checkable
class Setups(Protocol[P]):
    """Starting positions: the standard one (data) and ``Setup`` tag strings."""

    def initial_position(self) -> P:
        """The standard starting position of this (configured) game."""
        ...

    def parse_setup(self, text: str) -> P:
        """A position from a ``Setup`` tag value; raises :class:`SetupError` with the reason."""
        ...

    def format_setup(self, position: P) -> str:
        """The ``Setup`` tag value of ``position``."""
        ...


@runtime_checkable
class Rules(Protocol[P, M]):
    """The rules: whose turn, the legal moves, checking and applying one, the end."""

    def side_to_move(self, position: P) -> str:
        """The side (or faction) whose turn it is in ``position``."""
        ...

    def legal_moves(self, position: P) -> Sequence[M]:
        """Every legal move of the side to move, each once (a drop, a move in parts: one ``M``)."""
        ...

    def check_move(self, position: P, move: M) -> str | None:
        """``None`` if ``move`` is legal, else why not, in players' words."""
        ...

    def apply(self, position: P, move: M) -> P:
        """The position after a legal ``move`` (not checked: call :meth:`check_move` first)."""
        ...

    def outcome(self, position: P) -> Outcome | None:
        """The result if the game is over in ``position``, else ``None``."""
        ...

    def claim_draw(self, position: P) -> Outcome:
        """The draw the side to move may claim; :class:`IllegalMoveError` with the reason if none."""
        ...

    @property
    def positions_repeat(self) -> bool:
        """Whether a position can come back within one game (``False`` only where the rules make
        it impossible: the replayer then keeps no table of the positions seen)."""
        ...


@runtime_checkable
class Touching(Protocol[_M_in]):
    """What a move touches on the board, for arrows and shading (no start/end assumed)."""

    def touched(self, move: _M_in) -> tuple[tuple[Space, ...], ...]:
        """The paths of the move's parts, each in the order the piece (or ring) visits them.

        A path may say its kind: :class:`Moved` (a piece moved along it: an arrow, and where the
        move starts and ends), :class:`Shot` (something shot: Amazons' arrow, a dashed arrow) or
        :class:`Placed` (a piece laid: its outline). A plain tuple is a piece laid for one space,
        a piece moved for more. A move in several parts (Baladãna's ring move then figure move,
        Amazons' queen move then arrow) has one path per part. A pass touches nothing: ``()``
        (no mark is drawn, and the move starts and ends nowhere).
        """
        ...


@runtime_checkable
class Phased(Protocol[_P_in]):
    """Rounds (Batrakill's duel has two; the record starts the second with a ``round 2`` line)."""

    @property
    def rounds(self) -> int:
        """How many rounds a game has (1 for most games)."""
        ...

    def round_of(self, position: _P_in) -> int:
        """The round (1-based) the next move of ``position`` belongs to."""
        ...


@runtime_checkable
class Announcing(Protocol[_P_in]):
    """Words said after a move (Batalo's ``averto``): the record may write them, the game judges."""

    @property
    def announcement_words(self) -> Mapping[str, str]:
        """Each word a record may write after a move, to the reason it is wrong when written
        though nothing calls for it (``"after this move there is no threat to ..."``)."""
        ...

    def announce(self, position: _P_in) -> tuple[Announcement, ...]:
        """What the side that just moved (into ``position``) must announce: empty for nothing."""
        ...


@runtime_checkable
class Described(Protocol):
    """Outcomes in words."""

    @property
    def outcome_words(self) -> Mapping[str, HowWords]:
        """Every ``how`` of :class:`Outcome` this game gives, in words (the common ones included)."""
        ...


@runtime_checkable
class Drawn(Protocol[P]):
    """How the game looks on paper and on a terminal."""

    @property
    def board(self) -> Board:
        """The board (its ``kind`` chooses the drawing: hex cells or squares)."""
        ...

    def look(self) -> "Look[P]":
        """The drawing hints of the pieces and marked spaces (:mod:`pbmkit.games.drawing`)."""
        ...


@runtime_checkable
class Configurable(Protocol[P, M]):
    """Games configured by a record's tags (a board size, a layout, who moves first)."""

    def configure(self, tags: Mapping[str, str]) -> "Game[P, M]":
        """This game as a record's tags choose it (the same game when they choose nothing).

        Raises :class:`SetupError`, with ``tag`` set, for a tag value the game cannot take.
        """
        ...


@runtime_checkable
class NamesPlayers(Protocol):
    """Optional: the player's name in the value of a side tag, where the game writes more than the
    name there (Batrakill's zones tag ``"Ann, S"``: Ann, playing from zone S). The forms print the
    name (:func:`~pbmkit.render.from_record.player_name`); a game without it has the tag's value,
    stripped, as the name. Asked with ``isinstance(game, NamesPlayers)``."""

    def player_name(self, value: str) -> str:
        """The player's name in the side tag's ``value``."""
        ...


@runtime_checkable
class SeatsTables(Protocol):
    """Optional (issue 26): a game of more than two sides that an event seats at tables of several
    players (Batrakill's zones version: 3 to 5 players, one of them the dragon). The event splits
    its section into tables of those sizes, and at each table the side played alone rotates so that
    every player plays it once (docs/events.md, "Pairing"). A game without it (or whose
    ``table_sizes`` is empty in the configuration the tags chose) is paired two by two by the
    round-robin tables. Asked with ``isinstance(game, SeatsTables)``."""

    @property
    def table_sizes(self) -> tuple[int, ...]:
        """The numbers of players one game of this configuration can seat (``(3, 4, 5)``), or
        ``()`` when it is a game of two players (Batrakill's duel)."""
        ...

    def seating(self, players: int) -> tuple[tuple[str, ...], str]:
        """The side tags of a game of ``players`` players, in their order of play, and the tag of
        the side played alone (``(("Purple", "Blue", "Green", "Dragon"), "Dragon")``); written into
        a record, those tags choose that game (``configure``)."""
        ...


@runtime_checkable
class Plays(Protocol[P]):
    """Optional (issue 22): a written move read, checked and applied by one call, where a whole
    archive is checked (``pbmkit check``'s lean path, :mod:`pbmkit.desk.summary`).

    ``play(position, text)`` is the position after the move ``text`` (one move as the game's
    ``split`` cut it from a turn) when the game sees at once that it is legal there, that is
    ``apply(position, read(text, position))`` when ``check_move`` of that move is ``None``. It is
    ``None`` whenever the game does not answer at once (an illegal move, a text it has not read
    yet, a rarer kind of move): the caller then reads, checks and applies the move the long way,
    which answers and explains. It never raises for a text or a position of the game, and never
    answers for an illegal move. Asked with ``isinstance(game, Plays)`` (a game without it loses
    nothing but time); ``tests/games/test_play.py`` holds every game's ``play`` to that definition.
    """

    @property
    def play(self) -> Callable[[P, str], P | None]:
        """The function ``play(position, text)`` (a property, so that a game may import it on
        first use)."""
        ...


@runtime_checkable
class Game(Rules[P, M], Setups[P], Sides, Touching[M], Phased[P], Announcing[P], Described,
           Drawn[P], Configurable[P, M], Protocol[P, M]):
    """A game: everything the layers above ask of it. See the composed protocols for each part."""

    @property
    def name(self) -> str:
        """The lower-case registry name (``"batalo"``)."""
        ...

    @property
    def title(self) -> str:
        """The name as printed (``"Batalo"``)."""
        ...

    @property
    def notation(self) -> "MoveNotation[P, M]":
        """How moves are written (:class:`~pbmkit.games.notation.MoveNotation`)."""
        ...


AnyGame: TypeAlias = Game[Any, Any]
"""A game whose position and move are opaque: what the registry hands out, and all the layers
above ever hold (they never look inside a position or a move). The one place ``Any`` stands for
a game's types."""


# --- defaults ------------------------------------------------------------------------------------


class _Turned(Protocol):
    """A position that says whose turn it is by its side's index (most games' ``turn``)."""

    @property
    def turn(self) -> int: ...


class _Gridded(_Turned, Protocol):
    """A position of a grid's spaces (``cells``) and whose turn it is."""

    @property
    def cells(self) -> tuple[int, ...]: ...


class GameBase(Generic[P, M]):
    """Defaults for the optional parts of :class:`Game`: one round, no announcements, no draws to
    claim, the common outcome words, side tags from side names, no configuring tags.

    A game subclasses it, sets ``name``, ``title``, ``sides`` (and ``outcome_words`` for its own
    ``how`` values) and writes the rules; it overrides a default only where its rules differ.

    Each method is defined once. Where the rules are a module's functions, the class binds them
    (``rules=(legal_moves, check_move, apply, ...)`` in its class statement, see
    :meth:`__init_subclass__`) instead of writing a method that forwards to them: the speed trick
    the hot paths need, and the only one. The replayer and the lean path of ``pbmkit check`` call
    ``check_move`` and ``apply`` for every ply of every record, and a bound function spares a
    method frame each (about 3% of checking an archive, docs/performance.md). A method is written
    only where it needs the game itself (a configured board, the first side).
    """

    name: str = ""
    title: str = ""
    sides: tuple[str, ...] = ()
    outcome_words: ClassVar[Mapping[str, HowWords]] = COMMON_HOW
    """Every ``how`` of the game in words. A game sets its own ``how`` values here; they are merged
    over :data:`COMMON_HOW` when its class is defined (:meth:`__init_subclass__`)."""
    rounds: int = 1
    announcement_words: ClassVar[Mapping[str, str]] = {}
    extra_tags: tuple[str, ...] = ()
    tag_choices: ClassVar[Mapping[str, "TagChoice"]] = {}
    new_tags: ClassVar[Mapping[str, str]] = {}
    plural_sides: frozenset[str] = frozenset()
    positions_repeat: bool = True
    """Whether a position can come back within one game. ``False`` only where the rules make it
    impossible (Billo: every move captures, promotes or counts one more quiet move, and the count
    is part of the position); the replayer then keeps no table of the positions seen, whose note
    ("this position was seen before") could never be written."""

    @property
    def side_tags(self) -> tuple[str, ...]:
        """Each side's name capitalised (``"White"``)."""
        return tuple(s.capitalize() for s in self.sides)

    @property
    def order(self) -> tuple[str, ...]:
        """The sides in their standard order."""
        return self.sides

    legal_moves: Callable[[P], Sequence[M]]
    check_move: Callable[[P, M], str | None]
    apply: Callable[[P, M], P]
    outcome: Callable[[P], Outcome | None]
    grid: GridSetup | None = None
    """A Setup written as a grid of letters (:class:`~pbmkit.games.board.GridSetup`, its ``make``
    the game's position of ``cells`` and ``turn``): :meth:`parse_setup` and :meth:`format_setup`
    are then the grid's."""

    def parse_setup(self, text: str) -> P:
        """The position of a grid Setup (:attr:`grid`); a game that writes its Setup otherwise
        writes its own."""
        grid = self.grid
        if grid is None or grid.make is None:
            raise SetupError(f"{self.title} reads no Setup")
        turn, cells = grid.parse(text)
        return cast(P, grid.make(cells, turn))

    def format_setup(self, position: P) -> str:
        """The grid Setup (:attr:`grid`) of a position of ``cells`` and ``turn``."""
        assert self.grid is not None, "a game without a grid writes its own format_setup"
        gridded = cast(_Gridded, position)
        return self.grid.format(gridded.turn, gridded.cells)

    def __init_subclass__(cls, rules: Sequence[Callable[..., object]] = (), **kwargs: object) -> None:
        """Merge the class's own :attr:`outcome_words` over the common ones (a plain string
        stands for the same words in the three places: ``{"row": "with a row of three"}``), and
        bind the rules functions given as ``rules`` (``class Batalo(GameBase[Position, Move],
        rules=(legal_moves, check_move, ...))``): each becomes the method of its name, unless the
        class writes one."""
        super().__init_subclass__(**kwargs)
        own: Mapping[str, HowWords | str] | None = cls.__dict__.get("outcome_words")
        if own is not None:
            cls.outcome_words = {**COMMON_HOW, **{how: HowWords(w, w, w) if isinstance(w, str) else w
                                                  for how, w in own.items()}}
        for function in rules:
            if function.__name__ not in cls.__dict__:
                setattr(cls, function.__name__, staticmethod(function))

    def side_to_move(self, position: P) -> str:
        """The side whose turn it is, where the position says it by its ``turn``, the side's
        index in :attr:`sides` (a game whose position says it otherwise writes its own)."""
        return self.sides[position.turn]  # type: ignore[attr-defined]  # (no cast: every ply)

    def round_of(self, position: P) -> int:
        """Always round 1."""
        return 1

    def announce(self, position: P) -> tuple[Announcement, ...]:
        """Nothing to announce."""
        return ()

    def claim_draw(self, position: P) -> Outcome:
        """No draw can be claimed (a draw is agreed)."""
        raise IllegalMoveError(f"{self.title} has no claimed draws: write 'draw agreed' for a draw "
                               "by agreement")

    def configure(self, tags: Mapping[str, str]) -> Self:
        """This game, once :func:`refuse_unread_tags` has found no choosing tag it does not read;
        a game that reads tags overrides this and calls that function first."""
        refuse_unread_tags(self, tags)
        return self


class TagChoice(NamedTuple):
    """What a choosing tag (:data:`CHOOSING_TAGS`) of a game takes, in a player's words: the
    referee's ``help GAME`` shows it. A game's :attr:`Sides.tag_choices` has one a choosing tag it
    reads; the generic game tests configure the game with each example and refuse a wrong one."""

    values: str
    """The values in words: ``"files x ranks, each 3 to 9 (5x5 without the tag)"``."""
    examples: tuple[str, ...]
    """Values the game takes, as a record writes them (``"7x7"``): each is tested."""
    needs: Mapping[str, str] = MappingProxyType({})
    """Other tags the examples need (Batrakill's ``Order``: ``{"Layout": "zones"}``)."""


CHOOSING_TAGS = ("First", "Board", "Layout", "Order")
"""The tags that choose a game (who moves first, the board, the layout, the order of play): a
game reads those of its :attr:`Sides.extra_tags`, and refuses a record or ``pbmkit new --tag``
that writes another (:func:`refuse_unread_tags`) rather than keep a tag that means nothing."""


def refuse_unread_tags(game: Sides, tags: Mapping[str, str]) -> None:
    """:class:`SetupError` for a choosing tag (:data:`CHOOSING_TAGS`) that ``game`` does not read,
    naming the tags it reads. A ``First`` tag naming the side that moves first anyway is kept (it
    says what the rules say)."""
    for tag in CHOOSING_TAGS:
        value = tags.get(tag)
        if value is None or tag in game.extra_tags:
            continue
        first = game.sides[0]
        title = getattr(game, "title", "this game")
        if tag == "First":
            if value.strip().lower() == first:
                continue
            raise SetupError(f"{title} has no First tag: {first.capitalize()} always moves first",
                             tag="First")
        reads = ", ".join((*game.side_tags, *game.extra_tags, "Setup"))
        raise SetupError(f"{title} has no {tag} tag (the tags it reads: {reads})", tag=tag)


_T = TypeVar("_T")


class Lazy(Generic[_T]):
    """A game's attribute imported on first use, by ``"module:NAME"``: the notation, the look, the
    play function of a game whose modules are large (start-up pays only what a command uses).
    ``notation: Lazy[MoveNotation[P, M]] = Lazy("pbmkit.games.batalo.notation:NOTATION")``; a
    ``look`` given this way is the module's function ``look()`` itself."""

    __slots__ = ("_ref", "_value")
    _value: _T

    def __init__(self, ref: str) -> None:
        self._ref = ref

    def __get__(self, game: object, owner: type | None = None) -> _T:
        try:
            return self._value
        except AttributeError:
            from importlib import import_module

            module, _, name = self._ref.partition(":")
            self._value = getattr(import_module(module), name)
            return self._value


class Moved(tuple[Space, ...]):
    """A path of :meth:`Touching.touched` that a piece (or ring) moves along, start first: drawn
    as an arrow; where a move starts and ends (:func:`start_of`, :func:`end_of`)."""

    __slots__ = ()
    kind = "moved"


class Shot(tuple[Space, ...]):
    """A path of :meth:`Touching.touched` that something shot travels (Amazons' arrow, from the
    queen's landing square to the square it burns): drawn as a dashed arrow; never where the
    move's piece starts or ends."""

    __slots__ = ()
    kind = "shot"


class Placed(tuple[Space, ...]):
    """A path of :meth:`Touching.touched` of one space where a piece is laid (a drop, loot put
    down): its outline drawn, no arrow; where a drop ends, and what ``--from`` that space lists."""

    __slots__ = ()
    kind = "placed"


def path_kind(path: tuple[Space, ...]) -> str:
    """``"moved"``, ``"shot"`` or ``"placed"``: the kind a path of ``touched`` says it is
    (:class:`Moved`, :class:`Shot`, :class:`Placed`); a plain tuple is ``"placed"`` for one
    space, ``"moved"`` for more."""
    if isinstance(path, (Moved, Shot, Placed)):
        return path.kind
    return "placed" if len(path) == 1 else "moved"


def start_of(game: Touching[M], move: M) -> Space | None:
    """Where the moving piece of ``move`` starts: the first space of its path, the last of the
    paths of :meth:`Touching.touched` that is moved along (Baladãna's figure after its ring move;
    spaces placed after it, loot put down, and arrows shot are not); ``None`` for a move that
    moves no piece on the board (a drop, a pass). The one way to ask where a move starts."""
    path = _piece_path(game.touched(move))
    return path[0] if path is not None and path_kind(path) == "moved" else None


def end_of(game: Touching[M], move: M) -> Space | None:
    """Where the moving piece of ``move`` ends (the space a drop fills); ``None`` if the move
    touches no space of the board (a pass)."""
    path = _piece_path(game.touched(move))
    return path[-1] if path is not None else None


def starts_at(game: Touching[M], move: M, space: Space) -> bool:
    """Whether ``move`` is one that ``--from space`` lists: its piece starts on ``space``, or it
    moves no piece and lays one there (a drop on c3 is a move from c3)."""
    start = start_of(game, move)
    return start == space if start is not None else end_of(game, move) == space


def _piece_path(paths: tuple[tuple[Space, ...], ...]) -> tuple[Space, ...] | None:
    for path in reversed(paths):
        if path_kind(path) == "moved":
            return path
    for path in reversed(paths):
        if path_kind(path) == "placed":
            return path
    return None


def with_detail(words: str, detail: str) -> str:
    """``words`` with its ``{detail}`` filled (``"{detail} on discs"``, ``"38–26"``: ``"38–26 on
    discs"``), or dropped with the blank beside it when there is none."""
    if "{detail}" not in words:
        return words
    return words.replace("{detail}", detail) if detail else \
        " ".join(words.replace("{detail}", "").split())


def describe_outcome(game: AnyGame, outcome: Outcome) -> str:
    """``"White has won by reaching the opponent's base"``, ``"the game is drawn (...)"``."""
    words = game.outcome_words.get(outcome.how)
    sentence = with_detail(words.sentence, outcome.detail) if words else ""
    if outcome.winner == "draw":
        return f"the game is drawn ({sentence})" if words else "the game is drawn"
    has = side_verb(game, outcome.winner, "has", "have")
    return f"{outcome.winner.capitalize()} {has} won {sentence if words else f'({outcome.how})'}"


def result_words(game: AnyGame | None, winner: str | None, how: str | None,
                 detail: str = "") -> str:
    """A result in its game's words, as a report says it: ``"White wins on the base"``,
    ``"drawn by agreement"``, ``"game still going"`` (``winner`` None); a game of unknown rules
    (``game`` None) says who won and not how. The one phrasing of a result for reports (the
    forms' field is :func:`pbmkit.render.from_record.winner_text`, a sentence
    :func:`describe_outcome`)."""
    if winner is None:
        return "game still going"
    words = game.outcome_words.get(how or "") if game is not None else None
    report = with_detail(words.report, detail) if words is not None else ""
    if winner == "draw":
        return f"drawn {report}".strip()
    return f"{winner.capitalize()} {side_verb(game, winner, 'wins', 'win')} {report}".strip()


def place_title(place: str) -> str:
    """A side or a place of the turn order as a message names it: ``White``, ``Blue+Green`` (a
    player of two factions)."""
    return "+".join(p.capitalize() for p in place.split("+"))


def side_verb(game: Sides | None, side: str, one: str, many: str) -> str:
    """``one`` ("wins") for a side named in the singular, ``many`` ("win") for one in the plural
    (the game's :attr:`Sides.plural_sides`; no game, as for a record of an unknown game: one)."""
    return many if game is not None and side in game.plural_sides else one


def side_possessive(game: Sides | None, side: str) -> str:
    """``"White's"``, ``"Knights'"``: the side's name, capitalised, with the possessive its
    number takes (the game's :attr:`Sides.plural_sides`)."""
    name = side.capitalize()
    return f"{name}'" if game is not None and side in game.plural_sides else f"{name}'s"
