"""Every command block of README.md runs as written (issue 34: the event block stopped at its
last line, and no test ran the README).

The ```sh blocks are read from README.md itself, in order, and every line runs in bash in one
folder holding a copy of ``examples/`` (as a newcomer types them in a fresh clone, one block
after the other), with ``pbmkit`` on the PATH running this pbmkit (``python -m pbmkit``); each
must exit 0. What a newcomer's machine has and a test's has not is made for the run, not
written around:

* ``HOME`` is a folder of the run with ``~/Maildir`` (empty) and ``~/.config/pbmkit/mail.toml``
  naming a real SMTP server on 127.0.0.1 (aiosmtpd, tests/support/smtp_server.py), the password in
  ``PBMKIT_SMTP_PASSWORD``, as README's mail section says; ``mail send`` sends to it.
* ``$EDITOR`` is a program that makes the edit README's comment asks for: club.toml's ``[smtp]``
  pointed at that server.

Two lines are not run as written, each for its reason (:data:`NOT_AS_WRITTEN`): ``make test``
(this test is part of it) and ``make demo``, whose recipe (the Makefile's, read from it) is run
instead of the target, the install it depends on being the one running these tests. A block of
output right after a command block is what its last command prints; a record block is a
record ``pbmkit check`` finds valid.
"""

from __future__ import annotations

import email
import email.policy
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.support.smtp_server import PASSWORD, QUIET, USER, smtp_server

pytestmark = pytest.mark.filterwarnings(QUIET)

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"

NOT_AS_WRITTEN = {
    "make test": "runs the whole suite, this test among it",
    "make demo": "runs the Makefile's demo recipe (scripts/demo.sh) with this install's pbmkit: "
                 "the target's own step, the install into .venv, is the one these tests run in",
}


@dataclass
class Block:
    line: int
    """README's line number of the opening fence."""
    lang: str
    text: str

    def commands(self) -> list[str]:
        """The block's commands: continued lines joined, blank lines and comments left out."""
        joined = re.sub(r"\\\n", " ", self.text)
        return [ln for ln in joined.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]


def blocks(text: str) -> list[Block]:
    found: list[Block] = []
    lines = text.splitlines()
    k = 0
    while k < len(lines):
        m = re.fullmatch(r"```(\w*)", lines[k].strip())
        if m:
            end = next(j for j in range(k + 1, len(lines)) if lines[j].strip() == "```")
            found.append(Block(k + 1, m.group(1), "\n".join(lines[k + 1:end]) + "\n"))
            k = end
        k += 1
    return found


def output_of(text: str, block: Block) -> Block | None:
    """The plain block right after ``block`` (only blank lines between): its output."""
    after = text.splitlines()[block.line + block.text.count("\n"):]
    rest = "\n".join(after[1:]).lstrip("\n")
    if not rest.startswith("```\n"):
        return None
    return next(b for b in blocks(text) if b.line > block.line)


def _bin(tmp_path: Path) -> Path:
    """A folder for the PATH with ``pbmkit`` (this pbmkit) and ``python`` (this interpreter)."""
    folder = tmp_path / "bin"
    folder.mkdir()
    (folder / "pbmkit").write_text(f'#!/bin/sh\nexec "{sys.executable}" -m pbmkit "$@"\n', encoding="utf-8")
    (folder / "pbmkit").chmod(0o755)
    (folder / "python").symlink_to(sys.executable)
    return folder


EDITOR = """#!/bin/sh
# the edit README's referee block asks for: [smtp] pointed at the test's server
exec "{python}" - "$1" <<'EOF'
import re, sys
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
text = re.sub(r'host = "localhost"\\nport = 25', 'host = "127.0.0.1"\\nport = {port}\\nuser = "{user}"', text)
assert "port = {port}" in text, "club.toml's [smtp] is not as referee init writes it"
open(path, "w", encoding="utf-8").write(text)
EOF
"""


def _run(command: str, where: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", "-c", command], cwd=where, env=env, capture_output=True, text=True,
                          timeout=600)


def _environment(tmp_path: Path, port: int) -> dict[str, str]:
    home = tmp_path / "home"
    for sub in ("cur", "new", "tmp"):
        (home / "Maildir" / sub).mkdir(parents=True)
    config = home / ".config" / "pbmkit"
    config.mkdir(parents=True)
    (config / "mail.toml").write_text(
        f'[smtp]\nhost = "127.0.0.1"\nport = {port}\nsecurity = "none"\nuser = "{USER}"\n',
        encoding="utf-8")
    editor = tmp_path / "editor"
    editor.write_text(EDITOR.format(python=sys.executable, port=port, user=USER), encoding="utf-8")
    editor.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PBMKIT_", "XDG_"))}
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"), PBMKIT_SMTP_PASSWORD=PASSWORD,
               EDITOR=str(editor), PATH=f"{_bin(tmp_path)}{os.pathsep}{os.environ['PATH']}")
    return env


def test_every_command_block_of_the_readme_runs_as_written(tmp_path: Path) -> None:
    text = README.read_text(encoding="utf-8")
    work = tmp_path / "work"
    work.mkdir()
    shutil.copytree(ROOT / "examples", work / "examples")
    ran: list[str] = []
    with smtp_server() as (port, handler):
        env = _environment(tmp_path, port)
        for block in blocks(text):
            if block.lang == "" and block.text.startswith("[Game "):
                (work / "readme-record.txt").write_text(block.text, encoding="utf-8")
                done = _run("pbmkit check readme-record.txt", work, env)
                assert done.returncode == 0, f"README.md:{block.line}: the record: {done.stdout}"
            if block.lang != "sh":
                continue
            done = None
            for command in block.commands():
                if command.split("#")[0].strip() in NOT_AS_WRITTEN:
                    continue  # test_the_setup_block_runs
                done = _run(command, work, env)
                assert done.returncode == 0, (f"README.md:{block.line}: {command}\n"
                                              f"exit {done.returncode}\n{done.stdout}\n{done.stderr}")
                ran.append(command)
            shown = output_of(text, block)
            if shown is not None:
                assert done is not None, f"README.md:{block.line}: output of no command"
                assert done.stdout == shown.text, f"README.md:{shown.line}: not what {ran[-1]} prints"
        sent = list(handler.accepted)
    assert len(ran) >= 25
    # what the comments of the blocks say
    assert "#   appends: 9. IQ to IR {[%ccrcv 2026.11.20] [%ccsnt 2026.11.21]}" in text
    assert (work / "1-ann-bob.txt").read_text(encoding="utf-8").endswith(
        "\n9. IQ to IR {[%ccrcv 2026.11.20] [%ccsnt 2026.11.21]}\n")
    message = email.message_from_bytes((work / "move.eml").read_bytes(), policy=email.policy.default)
    assert f'subject "{message["Subject"]}"' in text
    assert [(frm, to) for frm, to, _ in sent] == [("ann@example.org", ["bob@example.net"])]
    assert len(list((work / "autumn" / "mail").glob("*.eml"))) == 7
    assert (work / "club" / "club.toml").read_text(encoding="utf-8").count(f"port = {port}") == 1


def test_the_setup_block_runs(tmp_path: Path) -> None:
    """README's first block: `make demo` as the Makefile's recipe (NOT_AS_WRITTEN says why), in
    a copy of the files the demo reads; `make test` is this suite."""
    text = README.read_text(encoding="utf-8")
    setup = next(b for b in blocks(text) if b.lang == "sh")
    assert [c.split("#")[0].strip() for c in setup.commands()] == ["make demo", "make test"]
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = re.search(r"^demo: .*\n((?:\t.*\n)+)", makefile, re.M)
    assert recipe is not None
    assert recipe.group(1) == "\tbash scripts/demo.sh $(BIN)/pbmkit\n"
    work = tmp_path / "work"
    for folder in ("examples", "scripts"):
        shutil.copytree(ROOT / folder, work / folder)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PBMKIT_")}
    done = _run(f"bash scripts/demo.sh {_bin(tmp_path) / 'pbmkit'}", work, env)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "== Done. The PDFs are in out/." in done.stdout
    assert len(list((work / "out").glob("*.pdf"))) >= 20
    # a game still going, to try moving by tapping on: its page carries the moves to tap
    assert 'id="pbm-play"' in (work / "out" / "html" / "your-move.html").read_text(encoding="utf-8")


def test_the_block_reader_finds_commands_outputs_and_continued_lines() -> None:
    text = ("x\n\n```sh\npbmkit a \\\n    --b   # c\n# only a comment\n\npbmkit d\n```\n\n```\nout\n```\n"
            "```python\n>>> 1\n```\n")
    found = blocks(text)
    assert [(b.line, b.lang) for b in found] == [(3, "sh"), (11, ""), (14, "python")]
    assert found[0].commands() == ["pbmkit a      --b   # c", "pbmkit d"]
    assert output_of(text, found[0]) == found[1] and output_of(text, found[1]) is None
