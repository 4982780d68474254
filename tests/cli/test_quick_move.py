"""``pbmkit move FILE MOVE`` without click (issue 37, a mailed move's start-up; docs/performance.md).

The console script runs a ``move`` of plain arguments by :func:`pbmkit.cli.moving.quick_move`,
which never imports click; anything else goes through click, whose ``move`` runs the same
:func:`~pbmkit.cli.moving.run_move`. Both must give the same bytes on both streams, the same exit
status and the same files afterwards: each case runs as a whole process twice, on two copies of
the same folder, once as a player types it (the quick path) and once with ``--seed 1`` added (the
engine's default seed, which changes nothing without ``--robot``, and which only click takes).
"""

from __future__ import annotations

import itertools
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from pbmkit.games import game_names, get_game
from pbmkit.records.writer import moves_text
from tests.support.console import pbmkit

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"

Files = dict[str, bytes]


def _folder(base: Path, files: Files) -> Path:
    base.mkdir(parents=True)
    for name, data in files.items():
        (base / name).parent.mkdir(parents=True, exist_ok=True)
        (base / name).write_bytes(data)
    return base


def _contents(base: Path) -> Files:
    return {str(p.relative_to(base)): p.read_bytes() for p in sorted(base.rglob("*")) if p.is_file()}


_RUNS = itertools.count()


def both_ways(args: list[str], tmp_path: Path, files: Files) -> tuple[int, bytes, bytes, bool]:
    """Run ``move ARGS`` as typed and through click, each in its own copy of ``files``; assert
    the same status, bytes and files after. The typed run's (status, stdout, stderr, click
    imported)."""
    run = next(_RUNS)
    quick_dir = _folder(tmp_path / f"typed-{run}", files)
    click_dir = _folder(tmp_path / f"click-{run}", files)
    quick = pbmkit(["move", *args], quick_dir)
    slow = pbmkit(["move", "--seed", "1", *args], click_dir)
    assert slow[3], "the --seed run goes through click"
    assert quick[:3] == slow[:3], (args, quick[:3], slow[:3])
    assert _contents(quick_dir) == _contents(click_dir), args
    return quick


def quick_as_click(args: list[str], tmp_path: Path, files: Files) -> tuple[int, bytes, bytes]:
    """:func:`both_ways`, and the typed run did without click."""
    code, out, err, click_loaded = both_ways(args, tmp_path, files)
    assert not click_loaded, f"move {args} imported click"
    return code, out, err


def middle_game(name: str, plies: int = 16, seed: int = 5) -> tuple[str, str, str]:
    """A record of ``plies`` plies of a seeded random game of ``name`` (no ply ending it), a legal
    next move and an illegal one, as the game writes them."""
    game = get_game(name)
    rng = random.Random(seed)
    position, moves = game.initial_position(), []
    for _ in range(plies + 1):
        legal = [m for m in game.legal_moves(position)
                 if game.outcome(game.apply(position, m)) is None]
        move = rng.choice(legal)
        if len(moves) == plies:
            break
        moves.append(move)
        position = game.apply(position, move)
    legal_texts = {game.notation.format(m, position) for m in game.legal_moves(position)}
    illegal = next(t for m in moves if (t := game.notation.format(m, game.initial_position()))
                   not in legal_texts)
    tags = "".join(f'[{side.capitalize()} "Player {k}"]\n' for k, side in enumerate(game.sides))
    record = f'[Game "{game.title}"]\n{tags}\n{moves_text(game, moves)}'
    return record, game.notation.format(move, position), illegal


@pytest.mark.parametrize("name", game_names())
def test_every_game_s_mailed_move_reads_and_writes_as_click_s(name: str, tmp_path: Path) -> None:
    record, legal, illegal = middle_game(name)
    files = {"game.txt": record.encode("utf-8")}
    code, out, err = quick_as_click(["--dry-run", "game.txt", legal], tmp_path, files)
    assert (code, err) == (0, b"") and b"Would add" in out and b"\x1b" not in out
    code, out, _ = quick_as_click(["game.txt", legal], tmp_path, files)
    assert code == 0 and b"Added" in out
    code, out, err = quick_as_click(["game.txt", illegal], tmp_path, files)
    assert code == 1 and out == b"" and err.endswith(b"The record was not changed.\n")
    code, _, err = quick_as_click(["game.txt", "not a move at all"], tmp_path, files)
    assert code == 1 and b"Illegal move 'not a move at all'" in err


def _without_last_move(example: str, last: str) -> bytes:
    """An example record before its winning move ``last`` (its line dropped, Winner ``*``)."""
    text = (EXAMPLES / example).read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if not line.startswith(last)]
    assert len(lines) == len(text.splitlines()) - 1
    return ("\n".join(lines) + "\n").replace('[Winner "White"]', '[Winner "*"]') \
        .replace('[Winner "Red"]', '[Winner "*"]').encode("utf-8")


def test_announcements_results_numbers_and_the_end_of_a_game(tmp_path: Path) -> None:
    batalo = _without_last_move("01-short-base-win.txt", "6. EV to DW")
    hex_ = _without_last_move("hex-01-swap.txt", "9. c7")
    files = {"batalo.txt": batalo, "hex.txt": hex_,
             "averto.txt": b'[Game "Batalo"]\n\n1. JR to IS DX to FV\n2. IS to HS DW to FU\n',
             "over.txt": (EXAMPLES / "01-short-base-win.txt").read_bytes()}
    code, out, _ = quick_as_click(["batalo.txt", "EV to DW"], tmp_path, files)
    assert code == 0 and b"Game over: " in out and b"Winner tag set." in out
    code, out, _ = quick_as_click(["--dry-run", "hex.txt", "9. c7"], tmp_path, files)
    assert code == 0 and b"Game over: " in out
    code, out, _ = quick_as_click(["averto.txt", "3. HS to GT"], tmp_path, files)
    assert code == 0 and b"Warn your opponent: averto!" in out
    code, _, err = quick_as_click(["averto.txt", "5. HS to GT"], tmp_path, files)
    assert code == 1 and b"is numbered 5" in err
    code, out, err = quick_as_click(["over.txt", "DV to CV"], tmp_path, files)
    assert (code, out) == (1, b"") and err.startswith(b"Error: the game is over: ")


DATED = (EXAMPLES / "desk" / "1-ann-bob.txt").read_bytes()
"""Ann (White) to answer Bob's 8th move, which arrived on 2026-11-15 (sent 2026-11-18)."""


@pytest.mark.parametrize("args", [
    ["--received", "2026-11-20", "--sent", "2026-11-21", "game.txt", "JS to JT"],
    ["game.txt", "JS to JT", "--received=2026-11-20", "--sent=2026.11.22", "--leave", "2"],
    ["--sent", "2026-12-30", "--dry-run", "game.txt", "JS to JT"],  # oversteps: a warning
    ["--offer-draw", "--sent", "2026-11-25", "game.txt", "JS to JT"],
    ["--no-dates", "--offer-draw", "game.txt", "JS to JT"],
    ["--sent", "2026-11-01", "--sent", "2026-11-24", "game.txt", "JS to JT", "--leave=0"],
    ["--received", "2026-11-02", "--sent", "2026-11-21", "game.txt", "JS to JT"],  # refused
    ["--sent", "2026-11-10", "game.txt", "JS to JT"],  # before the last move arrived: refused
    ["--sent", "2026-11-21", "game.txt", "JS to XX"],  # illegal: the dates never read
])
def test_a_dated_record_s_move_and_its_dates_as_click_s(args: list[str], tmp_path: Path) -> None:
    code, out, err = quick_as_click(args, tmp_path, {"game.txt": DATED})
    assert code in (0, 1)
    if code == 0:
        assert (b"Noted: " in out) != ("--no-dates" in args and "--offer-draw" not in args)
        assert (b"Warning: " in err) == ("2026-12-30" in args)
    else:
        assert b"not changed" in err


def test_dates_click_must_refuse_go_to_click_and_read_as_before(tmp_path: Path) -> None:
    """A wrong date, or dates with ``--no-dates``, is click's usage error (after the move is
    found legal): the typed run hands it to click, which prints it with the usage line."""
    files = {"game.txt": DATED}
    for args in (["--sent", "2026-02-30", "game.txt", "JS to JT"],
                 ["--received", "soon", "game.txt", "JS to JT"],
                 ["--no-dates", "--sent", "2026-11-21", "game.txt", "JS to JT"]):
        code, _, err, click_loaded = both_ways(args, tmp_path, files)
        assert click_loaded and code == 2 and err.startswith(b"Usage: pbmkit move"), (args, err)
    code, _, err = quick_as_click(["--sent", "2026-02-30", "game.txt", "JS to XX"], tmp_path,
                                  files)
    assert code == 1 and b"Illegal move" in err


def test_files_that_cannot_be_used_say_so_as_click_does(tmp_path: Path) -> None:
    record, legal, _ = middle_game("batalo")
    two = (record + "\n" + record).encode("utf-8")
    files = {"two.txt": two, "empty.txt": b"", "latin.txt": '[White "Müller"]\n'.encode("latin-1"),
             "broken.txt": b'[Game "Batalo"]\n\n1. IR to HS EV to FU\n2. HS to HS\n',
             "unknown.txt": b'[Game "Chess"]\n\n1. e4 e5\n',
             "bom.txt": b"\xef\xbb\xbf" + record.encode("utf-8"),
             "crlf.txt": record.replace("\n", "\r\n").encode("utf-8"),
             "red \x1b[31mname.txt": record.replace("Player 0", "\x1b[31mRed").encode("utf-8"),
             "read-only.txt": record.encode("utf-8")}
    for name, code, said in (("missing.txt", 2, b"cannot read missing.txt"),
                             ("missing \x1b[31m.txt", 2, b"cannot read missing .txt"),
                             ("no-folder/game.txt", 2, b"cannot open the folder of"),
                             ("two.txt", 2, b"holds 2 games"), ("empty.txt", 1, b"no game"),
                             ("latin.txt", 2, b"not UTF-8"), ("broken.txt", 1, b"has errors"),
                             ("unknown.txt", 1, b"has errors")):
        got = quick_as_click([name, legal], tmp_path, files)
        assert (got[0], got[1]) == (code, b"") and said in got[2], (name, got)
        assert b"\x1b" not in got[2]
    for name in ("bom.txt", "crlf.txt", "red \x1b[31mname.txt"):
        code, out, err = quick_as_click([name, legal], tmp_path, files)
        assert (code, err) == (0, b"") and b"\x1b" not in out, name
    # A read-only file (refused even for root) and a file with a second hard link.
    run = next(_RUNS)
    dirs = [_folder(tmp_path / f"{way}-{run}", files) for way in ("typed", "click")]
    for base in dirs:
        (base / "read-only.txt").chmod(0o444)
        os.link(base / "bom.txt", base / "linked.txt")
    for name, said in (("read-only.txt", b"is read-only"), ("linked.txt", b"2 hard links")):
        quick = pbmkit(["move", name, legal], dirs[0])
        slow = pbmkit(["move", "--seed", "1", name, legal], dirs[1])
        assert quick[:3] == slow[:3] and not quick[3] and slow[3]
        assert quick[0] == 2 and said in quick[2] and b"not changed" in quick[2]
    assert _contents(dirs[0]) == _contents(dirs[1])
    assert _contents(dirs[0])["bom.txt"] == files["bom.txt"]


def test_how_arguments_are_written_is_read_as_click_reads_it(tmp_path: Path) -> None:
    record, legal, _ = middle_game("billo")
    files = {"game.txt": record.encode("utf-8"), "-x.txt": record.encode("utf-8")}
    for args in (["--", "game.txt", legal], ["--dry-run", "game.txt", "--", legal],
                 ["--dry-run", "--", "-x.txt", legal], ["game.txt", legal, "--dry-run", "--"],
                 ["--dry-run", "--dry-run", "game.txt", legal], ["--leave=000", "game.txt", legal],
                 ["--leave", "999", "--sent", "2026-11-21", "--dry-run", "game.txt", legal],
                 ["game.txt", legal, "--", "--"]):
        code, _, _, click_loaded = both_ways(args, tmp_path, files)
        assert not click_loaded or args[-2:] == ["--", "--"], args
        assert code == (2 if args[-2:] == ["--", "--"] else 0), args


def test_what_click_alone_decides_still_goes_through_click(tmp_path: Path) -> None:
    record, legal, _ = middle_game("batalo")
    (tmp_path / "game.txt").write_text(record, encoding="utf-8")
    (tmp_path / "folder").mkdir()
    cases = {("game.txt",): 2, ("game.txt", legal, "extra"): 2, ("-", legal): 2,
             ("--help",): 0, ("-h",): 0, ("folder", legal): 2,
             ("--leave", "1000", "game.txt", legal): 2, ("--leave", "-1", "game.txt", legal): 2,
             ("--leave", "+1", "--dry-run", "game.txt", legal): 0,
             ("--leave", "٣", "--dry-run", "game.txt", legal): 0,
             ("--sent", "--dry-run", "game.txt", legal): 2,
             ("--dry-run=yes", "game.txt", legal): 2, ("--dry", "game.txt", legal): 2,
             ("--received",): 2, ("game.txt", legal, "--robot", "--playouts", "20"): 2,
             ("--robot", "--playouts", "20", "--dry-run", "game.txt"): 0}
    for args, status in cases.items():
        code, _, err, click_loaded = pbmkit(["move", *args], tmp_path)
        assert click_loaded and code == status, (args, code, err)
    assert (tmp_path / "game.txt").read_text(encoding="utf-8") == record


TTY_PROBE = """\
import atexit, os, sys
atexit.register(lambda: open(os.environ["CLICK_MARK"], "w").write(str("click" in sys.modules)))
from pbmkit.cli import main
sys.argv = ["pbmkit", *sys.argv[1:]]
main()
"""


def on_a_terminal(args: list[str], cwd: Path) -> tuple[int, bytes, bool]:
    """Exit status, what was written to the terminal (both streams) and whether click was
    imported, of ``main`` run on ``args`` with a terminal for standard output and error."""
    main, other = os.openpty()
    try:
        env = {**os.environ, "CLICK_MARK": str(cwd / "click-mark")}
        proc = subprocess.Popen([sys.executable, "-c", TTY_PROBE, *args], cwd=cwd, env=env,
                                stdin=subprocess.DEVNULL, stdout=other, stderr=other)
        os.close(other)
        chunks = []
        while True:  # read as it comes: a full terminal buffer would block the writer
            try:
                chunk = os.read(main, 65536)
            except OSError:  # the terminal's other end closed: all was read
                break
            if not chunk:
                break
            chunks.append(chunk)
        proc.wait(timeout=300)
    finally:
        os.close(main)
    mark = (cwd / "click-mark").read_text(encoding="utf-8")
    (cwd / "click-mark").unlink()
    return proc.returncode, b"".join(chunks), mark == "True"


def test_on_a_terminal_as_click_writes_to_one(tmp_path: Path) -> None:
    """click keeps ANSI codes on a terminal (in a pipe it drops them): so does the typed run, on
    the board and in an error naming a file whose name holds one."""
    record, legal, _ = middle_game("batalo")
    (tmp_path / "game.txt").write_text(record, encoding="utf-8")
    for args in (["--dry-run", "game.txt", legal], ["red \x1b[31mgame.txt", legal]):
        quick = on_a_terminal(["move", *args], tmp_path)
        slow = on_a_terminal(["move", "--seed", "1", *args], tmp_path)
        assert quick[:2] == slow[:2] and not quick[2] and slow[2]
        assert quick[0] == (0 if "--dry-run" in args else 2)
    assert b"Error: cannot read red \x1b[31mgame.txt" in quick[1]
    assert (tmp_path / "game.txt").read_text(encoding="utf-8") == record


MODULES_PROBE = """\
import atexit, sys
atexit.register(lambda: sys.__stderr__.write("\\n<modules %s>" % " ".join(sorted(sys.modules))))
from pbmkit.cli import main
sys.argv = ["pbmkit", *sys.argv[1:]]
main()
"""

NOT_FOR_A_PLAIN_MOVE = ("click", "json", "pbmkit.cli.common", "pbmkit.cli.engine",
                        "pbmkit.cli.dates", "pbmkit.desk.summary", "pbmkit.desk.export",
                        "pbmkit.desk.actions", "pbmkit.desk.dates", "datetime")
"""What a mailed move on a record without dates does without (docs/performance.md, issue 37):
click, the engine's options and their json, the desk's lean check, export and dates."""


@pytest.mark.parametrize("name", ["batalo", "batrakill"])
def test_a_mailed_move_imports_only_what_it_uses(name: str, tmp_path: Path) -> None:
    record, legal, _ = middle_game(name)
    (tmp_path / "game.txt").write_text(record, encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", MODULES_PROBE, "move", "game.txt", legal],
                          cwd=tmp_path, capture_output=True, stdin=subprocess.DEVNULL, timeout=300)
    assert done.returncode == 0 and b"Added" in done.stdout, done.stderr[-2000:]
    modules = set(done.stderr.rpartition(b"\n<modules ")[2].rstrip(b">").decode().split())
    assert "pbmkit.desk.moving" in modules
    assert not {m for m in modules if m.partition(".")[0] in NOT_FOR_A_PLAIN_MOVE
                or m in NOT_FOR_A_PLAIN_MOVE}
    assert b"[%cc" not in (tmp_path / "game.txt").read_bytes()
