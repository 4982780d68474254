"""The referee's layout (issue 36, "one room per job"): no module reaches into another's private
names, none is over 600 lines, the commands are one registry built from a list, and
:func:`~pbmkit.referee.commands.games.play_for` calls its hooks itself: a move played without the
registry ever imported still plays the opponent's conditional reply and writes the player's
leave (before, they were appended to lists on import, and silently skipped without it)."""

from __future__ import annotations

import ast
import datetime
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from pbmkit.records import check_text
from tests.support.club_helpers import batalo_game, world
from tests.support.smtp_server import QUIET

pytestmark = pytest.mark.filterwarnings(QUIET)

ROOT = Path(__file__).resolve().parents[2]
REFEREE = ROOT / "pbmkit" / "referee"
MODULES = sorted(REFEREE.rglob("*.py"))


def test_there_are_modules_to_look_at() -> None:
    assert len(MODULES) >= 20


@pytest.mark.parametrize("path", MODULES, ids=[str(p.relative_to(REFEREE)) for p in MODULES])
def test_no_referee_module_imports_another_modules_private_names(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules: set[str] = set()  # names bound to modules of ours: "queries", "run_module"
    private = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("pbmkit"):
            private += [f"{node.module}.{a.name}" for a in node.names if a.name.startswith("_")]
            modules.update(a.asname or a.name for a in node.names)
        elif isinstance(node, ast.Import):
            modules.update(a.asname or a.name for a in node.names if a.name.startswith("pbmkit"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") \
                and not node.attr.startswith("__") and isinstance(node.value, ast.Name) \
                and node.value.id in modules:
            private.append(f"{node.value.id}.{node.attr}")
    assert private == []


@pytest.mark.parametrize("path", MODULES, ids=[str(p.relative_to(REFEREE)) for p in MODULES])
def test_no_referee_module_is_over_600_lines(path: Path) -> None:
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 600


def test_the_registry_is_the_list_of_command_modules_and_nothing_else() -> None:
    from pbmkit.referee.commands import registry

    listed = [c.name for module in registry.MODULES for c in module.COMMANDS]
    assert len(listed) == len(set(listed))  # no command defined twice
    assert sorted(registry.COMMANDS) == sorted(listed)
    assert {"help", "signup", "confirm", "secret", "challenge", "accept", "decline", "move",
            "resign", "draw", "queue", "show", "games", "history", "standings", "ratings",
            "vacation"} == set(listed)
    for path in (REFEREE / "commands").glob("*.py"):  # nothing registers itself on import:
        tree = ast.parse(path.read_text(encoding="utf-8"))  # no call at the top level, no
        calls = [n for n in tree.body if isinstance(n, ast.Expr)  # decorator
                 and isinstance(n.value, ast.Call)]
        decorated = [n.name for n in ast.walk(tree)
                     if isinstance(n, ast.FunctionDef) and n.decorator_list]
        assert (calls, decorated) == ([], []), path.name


_SCRIPT = """
import datetime, json, sys
from pathlib import Path

from pbmkit.mail.sources import read_message
from pbmkit.referee import queries
from pbmkit.referee.club import load_club
from pbmkit.referee.commands.games import play_for
from pbmkit.referee.context import Context
from pbmkit.referee.db import open_db
from pbmkit.referee.keys import load_club_key

root = Path(sys.argv[1])
club = load_club(root)
db = open_db(club.db_path)
now = datetime.datetime.fromisoformat(sys.argv[2])
bob = queries.player_by_name(db, "bob")
inc = read_message(b"From: " + bob.address.encode() + b"\\r\\nSubject: move\\r\\n\\r\\nx\\r\\n", "m")
# the vacation Bob took while the move was his: its days are leave on his move
queries.add_vacation(db, bob.id, (now.date() - datetime.timedelta(days=3)).isoformat(),
                     (now.date() - datetime.timedelta(days=1)).isoformat())
ctx = Context(db, club, load_club_key(root), inc, bob.address, bob, "move", [], [], [], now, {})
db.execute("BEGIN IMMEDIATE")
play_for(ctx, 1, ctx.replay(1), "DX to FV")
db.execute("COMMIT")
print(json.dumps({"record": ctx.records[1], "queues": db.execute(
    "SELECT count(*) FROM queues").fetchone()[0],
    "registry": "pbmkit.referee.commands.registry" in sys.modules}))
"""


def test_play_for_calls_its_hooks_without_the_registry(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, _ = batalo_game(w)
        ann.move(1, "JR to IS")
        w.run()
        game_mail = next(m for m in reversed(ann.inbox()) if "+g1." in str(m["From"]))
        ann.reply(game_mail, "queue 1 DX to FV; IS to HS")
        assert w.run().outcomes == {"done": 1}
        later = datetime.datetime.now(datetime.UTC) + datetime.timedelta(days=5)
        done = subprocess.run([sys.executable, "-c", textwrap.dedent(_SCRIPT), str(w.root),
                               later.isoformat()], capture_output=True, text=True, timeout=120,
                              cwd=ROOT)
        assert done.returncode == 0, done.stderr
        out = json.loads(done.stdout)
        assert out["registry"] is False
        (rep,) = check_text(out["record"])
        assert [p.text for p in rep.main] == ["JR to IS", "DX to FV", "IS to HS"]  # Ann's reply
        assert out["queues"] == 0
        assert "[%ccleave 2]" in out["record"]  # Bob's two days of vacation, on his move
