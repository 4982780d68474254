"""The example mailbox of the README and docs/mail.md, as `make demo` reads it (issue 15)."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from pbmkit.cli import cli

ROOT = Path(__file__).resolve().parents[2]
MAIL = ROOT / "examples" / "mail"


def test_the_demo_reads_the_example_mailbox_and_writes_nothing() -> None:
    before = {p: p.read_bytes() for p in (MAIL / "games").iterdir()}
    result = CliRunner().invoke(cli, ["mail", "read", str(MAIL / "inbox.mbox"), "--games",
                                      str(MAIL / "games"), "--dry-run"])
    assert result.exit_code == 1  # two messages are refused on purpose
    out, err = result.stdout, result.stderr
    assert "message 1: skipped: Batalo #1: in the record already (<7b.bob@example.net>)" in out
    assert "message 2: REFUSED: Batalo #1: move '7. DW to BW' is numbered 7" in err
    assert "message 3: REFUSED: Batalo #1: mallory@example.com is not the opponent recorded" in err
    assert "message 4: would apply: Batalo #1: 8. Black DW to BW from bob@example.net" in out
    assert "message 5: would apply: Billo #2: 6. Yellow R b2-c3 from carla@example.com" in out
    assert "message 6: ignored: not a move of a game here" in out
    assert "Dry run: 2 would apply, 1 skipped, 2 refused, 1 ignored (nothing written)" in out
    assert {p: p.read_bytes() for p in (MAIL / "games").iterdir()} == before


def test_applied_for_real_the_example_games_stay_valid(tmp_path: Path) -> None:
    shutil.copytree(MAIL, tmp_path / "mail")
    games = tmp_path / "mail" / "games"
    result = CliRunner().invoke(cli, ["mail", "read", str(tmp_path / "mail" / "inbox.mbox"),
                                      "--games", str(games)])
    assert result.exit_code == 1
    assert "2 applied" in result.stdout
    check = CliRunner().invoke(cli, ["check", *(str(p) for p in sorted(games.iterdir()))])
    assert check.exit_code == 0, check.stdout
    batalo = (games / "1-ann-bob.txt").read_text(encoding="utf-8").splitlines()[-1]
    assert batalo.endswith(" DW to BW {[%ccarr 2026.11.18] [%ccrcv 2026.11.15] [%ccsnt 2026.11.18] "
                           "[%ccmailrcv 8b.bob@example.net]}")
    # read again: both moves are recognised by their Message-IDs, nothing changes
    again = CliRunner().invoke(cli, ["mail", "read", str(tmp_path / "mail" / "inbox.mbox"),
                                     "--games", str(games), "--dry-run"])
    assert "3 skipped" in again.stdout


def test_the_demo_script_reads_the_mailbox_with_dry_run() -> None:
    script = (ROOT / "scripts" / "demo.sh").read_text(encoding="utf-8")
    assert "mail read examples/mail/inbox.mbox --games examples/mail/games --dry-run" in script
