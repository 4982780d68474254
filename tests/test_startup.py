"""What every command pays before its work: the classes the record and desk layers define at import.

Defining a dataclass costs about 2.3 million instructions (its methods are generated as source and
compiled), a named tuple or a plain class a small part of that; ``pbmkit check`` of one game
spent some 40 million instructions, ~8 ms, on the sixteen dataclasses of the records, the desk and
the games' shared base before its first move (docs/performance.md, "Start-up"). These layers are
on the path of every command, a mailed move first: their classes stay plain.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

# The modules every command that reads a record imports (the games' own rules aside: their
# positions and moves are still frozen dataclasses, docs/performance.md).
ON_EVERY_PATH = (
    "pbmkit.games.base",
    "pbmkit.games.board",
    "pbmkit.records.model",
    "pbmkit.records.problems",
    "pbmkit.records.reader",
    "pbmkit.records.replay",
    "pbmkit.desk.dates",
    "pbmkit.desk.summary",
    "pbmkit.desk.moving",
    "pbmkit.desk.actions",
)

PROBE = """
import dataclasses, importlib, sys
found = []
for name in sys.argv[1:]:
    module = importlib.import_module(name)
    for attr, value in vars(module).items():
        if isinstance(value, type) and value.__module__ == name and dataclasses.is_dataclass(value):
            found.append(f"{name}.{attr}")
print("\\n".join(found))
"""


def test_the_record_and_desk_layers_define_no_dataclass() -> None:
    """A dataclass in these modules costs every command ~0.5 ms at its start: none is defined."""
    done = subprocess.run([sys.executable, "-c", PROBE, *ON_EVERY_PATH], capture_output=True,
                          text=True, check=True)
    assert done.stdout.split() == []


def test_a_record_model_class_still_compares_and_shows_its_fields() -> None:
    """What the dataclasses gave that callers use: equality by fields, a readable repr."""
    from pbmkit.desk.dates import MoveNotes, Overstep, TimeControl
    from pbmkit.records.model import Comment, Turn, WrittenMove

    assert Comment("a", "{", 1, 2) == Comment("a", "{", 1, 2) != Comment("a", ";", 1, 2)
    assert Turn("1", 1, "", [WrittenMove("IR to HS")]) == Turn("1", 1, "", [WrittenMove("IR to HS")])
    assert Turn("1", 1, "") != Turn("1", 1, "a")
    assert "text='IR to HS'" in repr(WrittenMove("IR to HS"))
    assert MoveNotes(sent=None, leave=2) == MoveNotes(leave=2) != MoveNotes(leave=3)
    assert TimeControl.parse("10/50") == TimeControl(50, 10)
    assert {TimeControl(3)} == {TimeControl(3, None)}
    placed = Overstep("white", "12", 5, 3, 0, 0).placed(4, 7)
    assert (placed.line, placed.column, placed.used) == (4, 7, 5)


IMPORTED = """
import atexit, runpy, sys
atexit.register(lambda: sys.stderr.write(" ".join(str(m in sys.modules) for m in (
    "dataclasses", "inspect", "click", "pathlib", "threading", "random"))))
sys.argv = ["pbmkit", *sys.argv[1:]]
runpy.run_module("pbmkit", run_name="__main__")
"""


def _imports(*args: str) -> tuple[str, ...]:
    """The command's exit status, and whether it imported dataclasses, inspect and click, then
    pathlib, threading and random: run as ``pbmkit`` runs (its output to a real file, as a user's
    terminal or pipe)."""
    with open(os.devnull, "w") as null:
        done = subprocess.run([sys.executable, "-c", IMPORTED, *args], stdout=null,
                              stderr=subprocess.PIPE, text=True)
    return (str(done.returncode), *done.stderr.split()[-6:])


def test_the_installed_interpreter_starts_without_an_import_hook() -> None:
    """The interpreter ``make demo`` and ``make test`` install pbmkit in finds it by a plain path
    line, not by setuptools' editable import hook: the hook imports pathlib, urllib.parse and
    ipaddress into every process, ~50M instructions that doubled ``python -c pass`` (and made
    every ratio to it look better than it is; docs/performance.md)."""
    done = subprocess.run([sys.executable, "-c", "import sys; print(sorted(type(f).__name__ for f "
                           "in sys.meta_path), 'pathlib' in sys.modules)"],
                          capture_output=True, text=True, check=True, cwd=os.path.dirname(__file__))
    finders, pathlib = done.stdout.rsplit(" ", 1)
    assert "Editable" not in finders and pathlib.strip() == "False", done.stdout


def test_checking_any_game_imports_neither_dataclasses_nor_inspect() -> None:
    """``pbmkit check`` of every example (every registered game): importing ``dataclasses`` costs
    42M instructions (it imports ``inspect``), a third of the command's start."""
    from pathlib import Path

    examples = sorted(str(p) for p in (Path(__file__).parent.parent / "examples").glob("*.txt"))
    assert len(examples) >= 8
    for path in examples:
        code, dataclasses, inspect, click, *more = _imports("check", "-q", path)
        assert (dataclasses, inspect, click) == ("False", "False", "False"), path
        assert more == ["False"] * 3, path  # pathlib, threading, random: ~2.5 ms of a check
        assert code in ("0", "1"), path


def _new_records(tmp_path: object) -> list[tuple[str, str, str]]:
    """For every registered game: its name, a new record started by ``pbmkit new`` in
    ``tmp_path``, and a legal first move as its notation writes it (a move a player mails)."""
    from pathlib import Path

    from pbmkit.games import game_names, get_game

    made = []
    for name in game_names():
        game = get_game(name)
        start = game.initial_position()
        move = game.notation.format(game.legal_moves(start)[0], start)
        record = Path(str(tmp_path), f"{name}.txt")
        players = [f"--player={side}=Player {k}" for k, side in enumerate(game.sides)]
        subprocess.run([sys.executable, "-m", "pbmkit", "new", "--rules", name, *players,
                        str(record)], capture_output=True, check=True)
        made.append((name, str(record), move))
    return made


def test_a_mailed_move_imports_neither_dataclasses_nor_inspect(tmp_path: object) -> None:
    """``pbmkit move --dry-run`` of a first move on a new record of every registered game, as a
    player mails one: no click, no dataclasses, no inspect."""
    for name, record, move in _new_records(tmp_path):
        code, *imported = _imports("move", "--dry-run", record, move)
        assert code == "0", (name, move)
        assert imported == ["False"] * 6, name  # nor pathlib, threading, random


def test_the_status_of_the_examples_imports_neither_click_nor_dataclasses(
        tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """``pbmkit status`` of the examples (every registered game, and the desk's dated games), as a
    player runs it on a folder of games: no click, no dataclasses, no inspect; nor without
    ``--me``, where the player's name comes from the config file (its reader's tables are plain
    classes: ``dataclasses`` cost that status ~7 ms)."""
    from pathlib import Path

    examples = Path(__file__).parent.parent / "examples"
    for folder in (examples, examples / "desk"):
        for args in (["--me", "Ann Lee"], ["--json", "--me=Ann Lee", "--today", "2026-11-23"]):
            code, dataclasses, inspect, click, *_ = _imports("status", str(folder), *args)
            assert code == "0", (folder, args)
            assert (dataclasses, inspect, click) == ("False", "False", "False"), (folder, args)
    config = Path(str(tmp_path), "pbmkit", "config.toml")
    config.parent.mkdir()
    config.write_text('me = "Ann Lee"\n', encoding="utf-8")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))  # the child reads this config file
    code, dataclasses, inspect, click, *_ = _imports("status", str(examples / "desk"))
    assert (code, dataclasses, inspect, click) == ("0", "False", "False", "False")


def test_checking_a_record_without_dates_imports_no_datetime(tmp_path: object) -> None:
    """A record without the desk's dates (no comment, no TimeControl tag) is checked without the
    desk's clocks: ``datetime`` (~0.6 ms) is not imported for it."""
    from pathlib import Path

    record = Path(str(tmp_path), "plain.txt")
    record.write_text('[Game "Billo"]\n\n1. S b1-b2 R g8-h7\n2. R b1-b2 S c8-c7\n',
                      encoding="utf-8")
    probe = IMPORTED.replace('"dataclasses", "inspect", "click", "pathlib", "threading", "random"',
                             '"datetime",')
    done = subprocess.run([sys.executable, "-c", probe, "check", "-q", str(record)],
                          capture_output=True, text=True)
    assert (done.returncode, done.stderr.strip()) == (0, "False"), done.stderr


COMPILED = """
import atexit, runpy, sys, typing
compiled = []
init = typing.ForwardRef.__init__
def counting(self, arg, *args, **kwargs):
    compiled.append(arg)
    init(self, arg, *args, **kwargs)
typing.ForwardRef.__init__ = counting
atexit.register(lambda: sys.stderr.write(f"\\ncompiled: {len(compiled)} {compiled[:5]}"))
sys.argv = ["pbmkit", *sys.argv[1:]]
runpy.run_module("pbmkit", run_name="__main__")
"""


def _annotations_compiled(*args: str) -> tuple[int, str]:
    """The command's exit status, and the annotation strings ``typing`` compiled while it ran."""
    with open(os.devnull, "w") as null:
        done = subprocess.run([sys.executable, "-c", COMPILED, *args], stdout=null,
                              stderr=subprocess.PIPE, text=True)
    return done.returncode, done.stderr.rsplit("compiled: ", 1)[-1]


def test_a_mailed_move_and_a_check_compile_no_annotation(tmp_path: object) -> None:
    """A named tuple's fields go through ``typing``'s type check: a field annotated with a string
    (any annotation, in a module with postponed annotations) is compiled as Python source, ~200,000
    instructions a field. A mailed Batrakill move compiled 86 of them, 8% of its start
    (docs/performance.md); a mailed move and a check of every registered game now compile none."""
    for name, record, move in _new_records(tmp_path):
        assert _annotations_compiled("move", "--dry-run", record, move) == (0, "0 []"), name
        assert _annotations_compiled("check", "-q", record) == (0, "0 []"), name


def test_a_module_defining_a_named_tuple_does_not_postpone_its_annotations() -> None:
    """The rule behind the test above, for every module (the engine's, the web's, the events'):
    a module that defines a ``NamedTuple`` has no ``from __future__ import annotations``, so its
    fields' annotations are types, not strings to compile; a name not yet bound where the
    annotation stands is quoted on its own (``-> "Move"``)."""
    import ast
    from pathlib import Path

    root = Path(__file__).parent.parent / "pbmkit"
    postponing = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        defines = any(isinstance(node, ast.ClassDef) and any(
            isinstance(base, ast.Name) and base.id == "NamedTuple" for base in node.bases)
            for node in ast.walk(tree))
        future = any(isinstance(node, ast.ImportFrom) and node.module == "__future__"
                     and any(alias.name == "annotations" for alias in node.names)
                     for node in tree.body)
        if defines and future:
            postponing.append(str(path.relative_to(root)))
    assert postponing == []
