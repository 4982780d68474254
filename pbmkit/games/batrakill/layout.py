"""Batrakill layouts as data: the board size, every knight's start square and facing, the camp,
the X squares, the zones and their tower sites, read from a TOML file.

The shipped layouts are ``pbmkit/templates/batrakill-duel.toml`` and ``batrakill-zones.toml``,
both provisional (the rules' diagrams are lost; docs/batrakill.md). A record names one with
``[Layout "duel"]``; a file name ending in ``.toml`` (``[Layout "small.toml"]``) is a user's own
layout file in the layouts folder (:func:`layouts_folder`), read the same way and checked the same
way. A record comes by mail, so its tag is untrusted: only a regular file directly in that folder is
opened (never a path, a FIFO or a device), and it is read no further than
:data:`MAX_LAYOUT_BYTES`. Every error is a :class:`~pbmkit.games.base.SetupError` naming the file
and the key at fault.
"""


import os
import re
import stat
from collections.abc import Mapping
from functools import cache
from typing import NamedTuple, TypeVar

from pbmkit.games.base import SetupError
from pbmkit.games.board import Board, square_board

__all__ = ["FACINGS", "FACTIONS", "LAYOUTS_ENV", "MAX_LAYOUT_BYTES", "Layout", "Zone", "layouts_folder",
           "load_layout", "parse_layout"]

FACINGS = ("N", "E", "S", "W")
"""The four facings of a knight."""
FACTIONS = ("purple", "blue", "green", "yellow")
"""The knight factions of the 2-to-5-player version, in their standard order."""
MAX_LAYOUT_BYTES = 64_000
"""A layout file longer than this is refused (read no further)."""
LAYOUTS_ENV = "PBMKIT_LAYOUTS"
"""The environment variable naming the folder of a user's own layout files."""
_FILE_NAME = r"(?i:[A-Za-z0-9_][A-Za-z0-9_.-]{0,58}\.toml)"  # compiled on first use (re keeps it)
_NAME = re.compile(r"[a-z][a-z0-9-]{0,30}")
_SQUARE = re.compile(r"([a-z])([0-9]{1,2})")


class Zone(NamedTuple):
    """One zone of the ``zones`` version: its letter, default faction, facing, tower and knights."""

    letter: str
    faction: str
    facing: str
    tower: int
    knights: tuple[int, ...]


class Layout:
    """A checked layout: squares are numbers of :attr:`board`; compared by identity. (A plain
    class, not a dataclass: defining one costs ~0.5 ms of every command's start-up.)"""

    __slots__ = ("board", "camp", "knights", "name", "provisional", "title", "towers", "version",
                 "x_squares", "zones")

    def __init__(self, name: str, title: str, provisional: bool, version: str, board: Board,
                 towers: int, x_squares: frozenset[int], camp: frozenset[int],
                 knights: tuple[tuple[int, str], ...], zones: tuple[Zone, ...]) -> None:
        self.name = name
        self.title = title
        self.provisional = provisional
        self.version = version
        """``"duel"`` (two rounds, knights against the dragon) or ``"zones"`` (one round, factions)."""
        self.board = board
        self.towers = towers
        """Towers in supply in round 1 (duel)."""
        self.x_squares = x_squares
        self.camp = camp
        self.knights = knights
        """The duel's knights: (start square, facing), in file order."""
        self.zones = zones

    def __repr__(self) -> str:
        return f"Layout(name={self.name!r}, version={self.version!r})"

    @property
    def files(self) -> int:
        """The number of files."""
        return max(c[0] for c in self.board.coords) + 1

    @property
    def ranks(self) -> int:
        """The number of ranks."""
        return max(c[1] for c in self.board.coords) + 1

    def zone(self, letter: str) -> Zone:
        """The zone called ``letter`` (``KeyError`` if none)."""
        for z in self.zones:
            if z.letter == letter:
                return z
        raise KeyError(letter)


_T = TypeVar("_T")


def _fail(source: str, message: str) -> SetupError:
    return SetupError(f"layout {source}: {message}", tag="Layout")


def _get(data: Mapping[str, object], key: str, kind: type[_T], source: str, where: str = "") -> _T:
    if key not in data:
        raise _fail(source, f"{where}'{key}' is missing")
    value = data[key]
    if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
        raise _fail(source, f"{where}'{key}' must be {kind.__name__}, not {type(value).__name__}")
    return value


def _square(board: Board, text: object, source: str, where: str) -> int:
    if not isinstance(text, str) or _SQUARE.fullmatch(text.strip().lower()) is None:
        raise _fail(source, f"{where}: {text!r} is not a square like 'e5'")
    sq = board.find(text.strip())
    if sq is None:
        raise _fail(source, f"{where}: {text} is off the board")
    return sq


def _squares(board: Board, data: Mapping[str, object], key: str, source: str, where: str = "") -> list[int]:
    items = _get(data, key, list, source, where)
    out = [_square(board, s, source, f"{where}{key}") for s in items]
    if len(set(out)) != len(out):
        raise _fail(source, f"{where}{key} names a square twice")
    return out


def _facing(data: Mapping[str, object], source: str, where: str) -> str:
    facing = str(_get(data, "facing", str, source, where)).strip().upper()
    if facing not in FACINGS:
        raise _fail(source, f"{where}facing must be N, E, S or W, not {facing!r}")
    return facing


def parse_layout(text: str, source: str = "<text>") -> Layout:
    """A :class:`Layout` from TOML ``text``; :class:`SetupError` saying what is wrong and where."""
    import tomllib  # on use: the shipped layouts are read without it (:mod:`.shipped`)

    if len(text.encode()) > MAX_LAYOUT_BYTES:
        raise _fail(source, f"longer than {MAX_LAYOUT_BYTES} bytes")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise _fail(source, f"not valid TOML ({exc})") from None
    return _layout(data, source)


def _layout(data: Mapping[str, object], source: str) -> Layout:
    """A :class:`Layout` from a layout file's table, checked key by key."""
    name = _get(data, "name", str, source)
    version = _get(data, "version", str, source)
    if version not in ("duel", "zones"):
        raise _fail(source, f"version must be 'duel' or 'zones', not {version!r}")
    files, ranks = _get(data, "files", int, source), _get(data, "ranks", int, source)
    if not (3 <= files <= 20 and 3 <= ranks <= 20):
        raise _fail(source, f"a {files} x {ranks} board: files and ranks must be 3 to 20")
    board = square_board(files, ranks)
    title = str(data.get("title", name))
    provisional = bool(data.get("provisional", False))
    used: dict[int, str] = {}

    def claim(sq: int, what: str) -> None:
        if sq in used:
            raise _fail(source, f"{board.name(sq)} is both {used[sq]} and {what}")
        used[sq] = what

    knights: list[tuple[int, str]] = []
    zones: list[Zone] = []
    x_squares: list[int] = []
    camp: list[int] = []
    towers = 0
    if version == "duel":
        towers = _get(data, "towers", int, source)
        if not 0 <= towers <= files * ranks:
            raise _fail(source, f"towers must be 0 or more, not {towers}")
        x_squares = _squares(board, data, "x_squares", source)
        camp = _squares(board, data, "camp", source)
        groups = _get(data, "knights", list, source)
        for i, group in enumerate(groups, 1):
            if not isinstance(group, dict):
                raise _fail(source, f"knights group {i} must be a table ([[knights]])")
            where = f"knights group {i}: "
            facing = _facing(group, source, where)
            for sq in _squares(board, group, "squares", source, where):
                claim(sq, "a knight's start square")
                knights.append((sq, facing))
        if not knights:
            raise _fail(source, "no knights")
        if not set(camp) & {sq for sq, _ in knights}:
            raise _fail(source, "no knight starts in the camp")
        knights.sort(key=lambda k: (board.coords[k[0]][1], board.coords[k[0]][0]))
    else:
        table = _get(data, "zones", dict, source)
        factions_seen: set[str] = set()
        for letter, zone in table.items():
            where = f"zone {letter}: "
            if not isinstance(zone, dict):
                raise _fail(source, f"{where}must be a table ([zones.{letter}])")
            if not re.fullmatch(r"[A-Z]{1,2}", letter):
                raise _fail(source, f"zone name {letter!r} must be one or two capital letters")
            faction = _get(zone, "faction", str, source, where).strip().lower()
            if faction not in FACTIONS or faction in factions_seen:
                raise _fail(source, f"{where}faction must be one of {', '.join(FACTIONS)}, each once")
            factions_seen.add(faction)
            tower = _square(board, zone.get("tower"), source, f"{where}tower")
            claim(tower, f"zone {letter}'s tower")
            squares = _squares(board, zone, "knights", source, where)
            for sq in squares:
                claim(sq, f"a knight's start square in zone {letter}")
            zones.append(Zone(letter, faction, _facing(zone, source, where), tower, tuple(squares)))
        if len(zones) < 2:
            raise _fail(source, "the zones version needs at least two zones")
    if not _NAME.fullmatch(name.lower()):
        raise _fail(source, f"name {name!r} must be letters, digits and hyphens")
    return Layout(name.lower(), str(title), provisional, version, board, towers, frozenset(x_squares),
                  frozenset(camp), tuple(knights), tuple(zones))


@cache
def _shipped(name: str) -> Layout:
    # The shipped files as tomllib reads them (held equal to them by the tests): no TOML parser,
    # no file read at start-up (issue 16).
    from pbmkit.games.batrakill.shipped import LAYOUTS

    if name not in LAYOUTS:
        raise SetupError(f"unknown layout {name!r} (shipped: duel, zones; or a .toml file of your own)",
                         tag="Layout")
    return _layout(LAYOUTS[name], f"'{name}'")


def layouts_folder() -> str:
    """The folder of a user's own layout files: ``$PBMKIT_LAYOUTS``, else ``layouts`` in the
    user's pbmkit config folder (``$XDG_CONFIG_HOME/pbmkit/layouts``, by default
    ``~/.config/pbmkit/layouts``)."""
    named = os.environ.get(LAYOUTS_ENV, "").strip()
    if named:
        return os.path.expanduser(named)
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return os.path.join(base, "pbmkit", "layouts")


def load_layout(name: str, folder: str | None = None) -> Layout:
    """The layout a ``Layout`` tag names: a shipped one (``duel``, ``zones``) or, for a file name
    ending in ``.toml``, that file of ``folder`` (default :func:`layouts_folder`): a user's own
    layout; :class:`SetupError` if none fits."""
    text = name.strip()
    if text.lower().endswith(".toml"):
        return parse_layout(_read_user_layout(text, folder or layouts_folder()), text)
    if not _NAME.fullmatch(text.lower()):
        raise SetupError(f"unknown layout {name!r} (shipped: duel, zones; or a .toml file of your own)",
                         tag="Layout")
    return _shipped(text.lower())


def _read_user_layout(name: str, folder: str) -> str:
    """The text of the layout file ``name`` of ``folder``, opened only if it is a regular file
    inside the folder and read no further than :data:`MAX_LAYOUT_BYTES` (+1, to tell)."""
    shown = name if len(name) <= 60 else name[:59] + "…"
    if not re.fullmatch(_FILE_NAME, name):
        raise SetupError(f"layout {shown!r}: name a layout file by its file name alone, like "
                         f"[Layout \"small.toml\"]; it is read from the layouts folder ({folder}, "
                         f"or the folder ${LAYOUTS_ENV} names), never from another path",
                         tag="Layout")
    home = os.path.realpath(folder)
    path = os.path.realpath(os.path.join(home, name))
    if os.path.dirname(path) != home:  # a symlink that leads out of the folder
        raise _fail(name, f"leads out of the layouts folder {folder} (a symlink); put the file "
                          "itself there")
    flags = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
             | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        fd = os.open(path, flags)  # O_NONBLOCK: opening a FIFO does not wait for a writer
    except OSError as exc:
        reason = "no such file" if isinstance(exc, FileNotFoundError) else exc.strerror or str(exc)
        raise _fail(name, f"cannot be read from the layouts folder {folder} ({reason})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise _fail(name, "is not a regular file (a FIFO, a device or a folder); not read")
        if st.st_size > MAX_LAYOUT_BYTES:
            raise _fail(name, f"longer than {MAX_LAYOUT_BYTES} bytes")
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_LAYOUT_BYTES:  # the file may grow while it is read
            chunk = os.read(fd, MAX_LAYOUT_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > MAX_LAYOUT_BYTES:
            raise _fail(name, f"longer than {MAX_LAYOUT_BYTES} bytes")
        return b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError:
        raise _fail(name, "is not UTF-8 text") from None
    except OSError as exc:
        raise _fail(name, f"cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
