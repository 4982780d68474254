"""A game written here, in the test suite, plugs into pbmkit through ``pbmkit.games.register`` alone.

"Trio" (a test game, not a real one): three players, Red, Green and Blue, on a 4×4 board. Each
starts with three pieces in hand; on a turn a player lays a piece from the hand on an empty square
(a drop, written as the square alone, ``b2``, as Go players do) or steps one of theirs to an
orthogonally adjacent square, empty or holding an opponent's piece, which goes back to its owner's
hand (``b2-b3``, ``b2xb3``). Three of one's pieces in a row (orthogonally) win; a player who
cannot move loses to the one who moved last.

Nothing outside this file knows Trio: it passes the every-game tests, and records, ``check``,
``moves``, ``move``, ``show``, a Records Chart and mailers work for it (issue 10).
"""

from __future__ import annotations

import importlib.util
import inspect
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import ClassVar

import pytest
from click.testing import CliRunner, Result

from pbmkit.cli import cli
from pbmkit.games import register, unregister
from pbmkit.games.base import GameBase, HowWords, IllegalMoveError, Outcome, SetupError
from pbmkit.games.board import square_board
from pbmkit.games.drawing import Glyph, Look
from pbmkit.games.notation import MoveSpan, MoveSyntaxError
from pbmkit.records import check_text

BOARD = square_board(4, 4)
SIDES = ("red", "green", "blue")
LETTERS = "RGB"
ORTHOGONAL = [[n for n in BOARD.neighbours[sp]  # a neighbour on the same file or rank
               if BOARD.coords[sp][0] == BOARD.coords[n][0] or BOARD.coords[sp][1] == BOARD.coords[n][1]]
              for sp in range(BOARD.size)]
LINES = [tuple(BOARD.space(f"{f}{r}") for f, r in cells) for cells in
         [[(f, r + k) for k in range(3)] for f in "abcd" for r in (1, 2)]
         + [[(chr(ord(f) + k), r) for k in range(3)] for f in "ab" for r in (1, 2, 3, 4)]]


@dataclass(frozen=True, slots=True)
class Position:
    cells: tuple[int, ...]  # 0 empty, 1..3 the owner's number
    hands: tuple[int, int, int]
    turn: int  # 0..2: who moves


@dataclass(frozen=True, slots=True)
class Move:
    start: int | None  # None: laid from the hand
    end: int


class TrioNotation:
    """``b2`` (a drop), ``b2-b3`` (a step), ``b2xb3`` (a capture)."""

    example = "b2-b3"
    _RE = re.compile(r"\s*(?:([a-d][1-4])|([a-d][1-4])\s*([-x])\s*([a-d][1-4]))\s*", re.I)

    def _match(self, text: str) -> re.Match[str]:
        m = self._RE.fullmatch(text[:40])
        if m is None or len(text) > 40:
            raise MoveSyntaxError(f"{text!r} is not a Trio move (write b2, b2-b3 or b2xb3)")
        return m

    def normalize(self, text: str) -> str:
        m = self._match(text)
        return m[1].lower() if m[1] else f"{m[2].lower()}{m[3].lower()}{m[4].lower()}"

    def read(self, text: str, position: Position) -> Move:
        m = self._match(text)
        if m[1]:
            return Move(None, BOARD.space(m[1]))
        move = Move(BOARD.space(m[2]), BOARD.space(m[4]))
        if m[3].lower() == "x" and position.cells[move.end] == 0:
            raise IllegalMoveError(f"'x' marks a capture, but {m[4].lower()} is empty")
        return move

    def format(self, move: Move, position: Position) -> str:
        if move.start is None:
            return BOARD.name(move.end)
        sep = "x" if position.cells[move.end] else "-"
        return f"{BOARD.name(move.start)}{sep}{BOARD.name(move.end)}"

    def split(self, text: str) -> list[MoveSpan]:
        return [MoveSpan(m.start(), m.end()) for m in re.finditer(r"\S+", text)]


def _row(position: Position) -> int | None:
    """The owner of three in a row, if any."""
    for line in LINES:
        owner = position.cells[line[0]]
        if owner and all(position.cells[sp] == owner for sp in line):
            return owner
    return None


class Trio(GameBase[Position, Move]):
    """The Trio rules as a Game."""

    name, title, board, sides = "trio", "Trio", BOARD, SIDES
    outcome_words: ClassVar = {"row": HowWords("with a row of three", "with a row of three", "row of three"),
                           "no-moves": HowWords("as the next player could not move",
                                                "as the next player cannot move", "no move left")}
    notation = TrioNotation()

    def initial_position(self) -> Position:
        return Position((0,) * 16, (3, 3, 3), 0)

    def side_to_move(self, position: Position) -> str:
        return SIDES[position.turn]

    def legal_moves(self, position: Position) -> list[Move]:
        me, cells = position.turn + 1, position.cells
        if _row(position) is not None:
            return []
        out = [Move(None, sp) for sp in range(16) if not cells[sp]] if position.hands[me - 1] else []
        for sp in (s for s in range(16) if cells[s] == me):
            out += [Move(sp, n) for n in ORTHOGONAL[sp] if cells[n] != me]
        return out

    def check_move(self, position: Position, move: Move) -> str | None:
        return None if move in self.legal_moves(position) else "Trio does not allow that move"

    def apply(self, position: Position, move: Move) -> Position:
        cells, hands, me = list(position.cells), list(position.hands), position.turn + 1
        if move.start is None:
            hands[me - 1] -= 1
        else:
            cells[move.start] = 0
            if cells[move.end]:
                hands[cells[move.end] - 1] += 1
        cells[move.end] = me
        return Position(tuple(cells), (hands[0], hands[1], hands[2]), (position.turn + 1) % 3)

    def outcome(self, position: Position) -> Outcome | None:
        owner = _row(position)
        if owner is not None:
            return Outcome(SIDES[owner - 1], "row")
        if not self.legal_moves(position):
            return Outcome(SIDES[(position.turn - 1) % 3], "no-moves")
        return None

    def parse_setup(self, text: str) -> Position:
        m = re.fullmatch(r"([rgb]) ([.rgb]{16}) ([0-3])([0-3])([0-3])", text.strip())
        if m is None:
            raise SetupError(f"a Trio Setup is like 'r ................ 333', not {text[:40]!r}")
        return Position(tuple(".rgb".index(c) for c in m[2]), (int(m[3]), int(m[4]), int(m[5])),
                        "rgb".index(m[1]))

    def format_setup(self, position: Position) -> str:
        return (f"{'rgb'[position.turn]} {''.join('.rgb'[c] for c in position.cells)} "
                f"{''.join(map(str, position.hands))}")

    def touched(self, move: Move) -> tuple[tuple[int, ...], ...]:
        return ((move.end,),) if move.start is None else ((move.start, move.end),)

    def look(self) -> Look[Position]:
        return Look(symbols=lambda p: {sp: LETTERS[c - 1] for sp, c in enumerate(p.cells) if c},
                    glyphs={"R": Glyph("letter", "R"), "G": Glyph("ring", marks=("dot",)),
                            "B": Glyph("disc")},
                    legend=(("R", "red"), ("G", "green"), ("B", "blue")), sides=SIDES,
                    owners=dict(zip(LETTERS, SIDES, strict=True)),
                    beside=lambda p: [(f"{s.capitalize()} in hand", (LETTERS[k],) * p.hands[k])
                                      for k, s in enumerate(SIDES)])


TRIO = Trio()


# --- the tests ---------------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def trio_registered() -> Iterator[None]:
    """Trio is registered for each test of this file only, by the public call."""
    register("Trio", lambda: TRIO, aliases=("three-player",))
    yield
    unregister("trio")


def _load(relative: str) -> ModuleType:
    """A test module of the suite, loaded from its file (the tests are not a package)."""
    path = Path(__file__).parent / relative
    spec = importlib.util.spec_from_file_location(f"_plugged_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


EVERY_GAME = ["games/test_every_game.py", "games/test_game_design.py", "games/test_game_protocol.py",
              "records/test_every_game_notation.py", "games/test_every_game_wording.py",
              "games/test_every_game_hints_and_tags.py"]


@pytest.mark.parametrize("relative", EVERY_GAME)
def test_trio_passes_every_every_game_test(relative: str) -> None:
    module = _load(relative)
    ran = []
    for name, test in vars(module).items():
        if name.startswith("test_") and callable(test) \
                and list(inspect.signature(test).parameters) == ["name"]:
            test("trio")
            ran.append(name)
    assert ran, f"no every-game test in {relative}"


RECORD = """[Game "Trio"]
[Number "7"]
[Red "Ann"]
[Green "Bo"]
[Blue "Cy"]

1. a1 b2 c3
2. a2 b2-b3 d4
"""


def _run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_a_trio_record_checks_valid_with_three_moves_a_turn(tmp_path: Path) -> None:
    [rep] = check_text(RECORD, "trio.txt")
    assert rep.valid, [p.message for p in rep.errors]
    assert [p.side for p in rep.main] == ["red", "green", "blue", "red", "green", "blue"]
    assert rep.next_turn() == ("3", "red")
    won = RECORD + "3. a3\n"
    [rep] = check_text(won, "trio.txt")
    assert (rep.winner, rep.how) == ("red", "row")
    path = tmp_path / "trio.txt"
    path.write_text(won, encoding="utf-8")
    result = _run("check", "--json", str(path))
    assert result.exit_code == 0
    assert json.loads(result.output)[0]["winner"] == "red" and json.loads(result.output)[0]["how"] == "row"
    result = _run("check", str(path))
    assert "Red wins with a row of three" in result.output


def test_a_trio_error_names_the_side_and_the_legal_destinations(tmp_path: Path) -> None:
    [rep] = check_text(RECORD + "3. b3-d3\n", "trio.txt")
    assert not rep.valid and rep.errors[0].side == "red"
    [rep] = check_text(RECORD + "3. a2-b2\n", "trio.txt")
    assert rep.valid
    [rep] = check_text(RECORD.replace("c3", "c3 d1"), "trio.txt")
    assert "a turn holds one move of each side" in rep.errors[0].message


def test_trio_moves_move_and_show_through_the_cli(tmp_path: Path) -> None:
    path = tmp_path / "trio.txt"
    path.write_text(RECORD, encoding="utf-8")
    listed = json.loads(_run("moves", "--json", str(path)).output)
    position = check_text(RECORD)[0].final
    assert listed == {"side": "red", "moves": sorted(TRIO.notation.format(m, position)
                                                     for m in TRIO.legal_moves(position))}
    assert "a1-b1" in listed["moves"] and "a3" in listed["moves"]
    only = json.loads(_run("moves", "--json", "--from", "a1", str(path)).output)["moves"]
    assert only == ["a1-b1"]
    before = path.read_bytes()
    refused = _run("move", str(path), "a1-c1")
    assert refused.exit_code != 0 and path.read_bytes() == before
    added = _run("move", str(path), "A3")
    assert added.exit_code == 0, added.output
    assert path.read_text(encoding="utf-8").endswith("3. a3\n")
    assert "Red wins with a row of three" in added.output
    shown = _run("show", str(path))
    assert shown.exit_code == 0 and "Red wins" in shown.output
    assert "3  [R] G   B   .  3" in shown.output  # the drop on a3 is marked


def test_trio_prints_a_records_chart_and_mailers(tmp_path: Path) -> None:
    path = tmp_path / "trio.txt"
    path.write_text(RECORD, encoding="utf-8")
    chart, mailer = tmp_path / "chart.pdf", tmp_path / "mailer.pdf"
    assert _run("chart", str(path), "-o", str(chart)).exit_code == 0
    assert _run("mailer", str(path), "-o", str(mailer)).exit_code == 0
    for pdf in (chart, mailer):
        assert pdf.read_bytes().startswith(b"%PDF")
    text = chart.read_bytes()
    assert b"Trio" in text


def test_new_starts_a_trio_record_naming_each_of_the_three_players(tmp_path: Path) -> None:
    path = tmp_path / "new.txt"
    missing = _run("new", "--rules", "trio", "--player", "red=Ann", "--player", "green=Bo", str(path))
    assert missing.exit_code == 2 and "--player blue=NAME" in missing.output and not path.exists()
    wrong = _run("new", "--rules", "trio", "--player", "purple=Di", str(path))
    assert wrong.exit_code == 2 and "red, green, blue" in wrong.output
    made = _run("new", "--rules", "three-player", "--white", "Ann", "--player", "green=Bo",
                "--player", "Blue=Cy", "--date", "2026-11-23", str(path))
    assert made.exit_code == 0, made.output
    assert "Trio, Ann v Bo v Cy" in made.output
    text = path.read_text(encoding="utf-8")
    assert '[Red "Ann"]\n[Green "Bo"]\n[Blue "Cy"]' in text
    [rep] = check_text(text + "\n1. a1 b1 c1\n", str(path))
    assert rep.valid and rep.next_turn() == ("2", "red")


def test_a_trio_move_is_mailed_to_each_other_player_once(tmp_path: Path) -> None:
    """A move goes to every other player, one card each, a player of two sides getting one."""
    from pbmkit.render.from_record import mailer_cards

    [rep] = check_text(RECORD, "trio.txt")  # Blue moved last
    assert sorted(c.to for c in mailer_cards(rep)) == ["Ann (Red)", "Bo (Green)"]
    [rep] = check_text(RECORD.replace('[Green "Bo"]', '[Green "Ann"]'), "trio.txt")
    assert [c.to for c in mailer_cards(rep)] == ["Ann (Red, Green)"]
    [rep] = check_text(RECORD.replace('[Red "Ann"]', '[Red "Cy"]'), "trio.txt")
    assert [c.to for c in mailer_cards(rep)] == ["Bo (Green)"]  # Cy plays Blue, who moved
