"""The five games' outputs on every example record, byte for byte, as they were before issue 24
slimmed the game contract: ``check``, ``moves``, ``fmt``, ``show`` and ``convert`` of each record
under ``examples/`` must not change when the games' code is reorganised.

The expected outputs are files under ``tests/fixtures/golden/`` (one per record and command). A
change meant to alter an output regenerates them on purpose, and the diff shows what changed::

    .venv/bin/python tests/test_golden_outputs.py --regenerate
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbmkit.cli import cli
from pbmkit.records import check_text

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "fixtures" / "golden"
RECORDS = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "examples").rglob("*.txt"))
COMMANDS: dict[str, tuple[str, ...]] = {
    "check": ("check",),
    "check-json": ("check", "--json"),
    "moves": ("moves",),
    "moves-json": ("moves", "--json"),
    "fmt": ("fmt", "--stdout"),
    "show": ("show",),
    "show-flip": ("show", "--flip"),
    "convert-json": ("convert", "--to", "json"),
    "convert-pbmserv": ("convert", "--to", "pbmserv"),
}
PER_GAME = ("moves", "moves-json", "show")
"""The commands asked of each game of an archive (``--game N``)."""


def _games(record: str) -> int:
    return len(check_text((ROOT / record).read_text(encoding="utf-8"), record))


CASES = [(record, command) for record in RECORDS for command in COMMANDS] \
    + [(record, f"{command}@{n}") for record in RECORDS if _games(record) > 1
       for command in PER_GAME for n in range(1, _games(record) + 1)] \
    + [(record, "moves-from") for record in RECORDS if _games(record) == 1]


def _golden(record: str, command: str) -> Path:
    return GOLDEN / f"{record.removeprefix('examples/').replace('/', '--')}.{command}"


def _run(args: list[str]) -> bytes:
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    return result.stdout_bytes + b"\n--- stderr ---\n" + result.stderr_bytes \
        + f"\n--- exit {result.exit_code} ---\n".encode()


def _output(record: str, command: str) -> bytes:
    """What the command prints for the record (standard output and error), and its exit code;
    ``moves-from``: ``moves --json --from SPACE`` for every space of the board, one after another."""
    if command == "moves-from":
        [report] = check_text((ROOT / record).read_text(encoding="utf-8"), record)
        return b"".join(f"=== {name}\n".encode() + _run(["moves", "--json", "--from", name, record])
                        for name in report.game.board.names)
    name, _, game = command.partition("@")
    return _run([*COMMANDS[name], *(["--game", game] if game else []), record])


@pytest.mark.parametrize(("record", "command"), CASES)
def test_an_example_record_gives_the_same_output_as_before(record: str, command: str,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    expected = _golden(record, command)
    assert expected.exists(), f"no golden output {expected.name}: run this file with --regenerate"
    assert _output(record, command) == expected.read_bytes()


def test_every_golden_file_belongs_to_an_example_record() -> None:
    wanted = {_golden(record, command).name for record, command in CASES}
    assert {p.name for p in GOLDEN.iterdir()} == wanted


if __name__ == "__main__" and sys.argv[1:] == ["--regenerate"]:
    import os

    os.chdir(ROOT)
    for old in GOLDEN.glob("*"):
        old.unlink()
    for record, command in CASES:
        _golden(record, command).write_bytes(_output(record, command))
    print(f"wrote {len(CASES)} golden outputs to {GOLDEN.relative_to(ROOT)}")
