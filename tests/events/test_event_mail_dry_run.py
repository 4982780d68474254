"""Issue 34: `pbmkit event mail DIR --dry-run` needs no address to send from (it sends nothing).

An event without an organiser's e-mail and a machine without mail.toml (the README's event
block, run as written) used to be refused ("no address to send from", exit 2); the dry run now
writes the messages from the stand-in ``organiser@invalid`` and says so. Sending for real still
needs an address.
"""

from __future__ import annotations

import email
import email.policy
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbmkit.cli import cli

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ROOT / "examples" / "events" / "billo-7.csv"


def run(*args: str, env: dict[str, str | None]) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), env=env, catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def event(tmp_path: Path) -> tuple[Path, dict[str, str | None]]:
    """An event with no organiser, on a machine with no mail.toml."""
    env: dict[str, str | None] = {"XDG_CONFIG_HOME": str(tmp_path / "no-config")}
    where = tmp_path / "autumn"
    code, _, err = run("event", "new", str(where), "--rules", "billo", "--players", str(PLAYERS), env=env)
    assert code == 0, err
    assert "[organiser]" not in (where / "event.toml").read_text(encoding="utf-8")
    return where, env


def test_a_dry_run_without_an_address_to_send_from_writes_the_messages(
        event: tuple[Path, dict[str, str | None]]) -> None:
    where, env = event
    code, out, err = run("event", "mail", str(where), "--dry-run", env=env)
    assert (code, err) == (0, "")
    files = sorted((where / "mail").glob("*.eml"))
    assert [f.name for f in files][:2] == ["01-ann-lee.eml", "02-bob-roy.eml"] and len(files) == 7
    msg = email.message_from_bytes(files[1].read_bytes(), policy=email.policy.default)
    assert (msg["From"], msg["To"]) == ("organiser@invalid", "Bob Roy <bob@example.net>")
    assert "Dear Bob Roy," in msg.get_body().get_content()  # type: ignore[union-attr]
    assert out.splitlines() == [
        f"Dry run: wrote 7 message(s) to {where / 'mail'} (nothing sent)",
        "From: organiser@invalid, a stand-in: to send, give the organiser an e-mail in the players "
        "file (event.toml's [organiser]) or set from in mail.toml"]


def test_sending_for_real_still_needs_an_address(event: tuple[Path, dict[str, str | None]],
                                                 tmp_path: Path) -> None:
    where, _ = event
    config = tmp_path / "config" / "pbmkit"
    config.mkdir(parents=True)
    (config / "mail.toml").write_text('[smtp]\nhost = "127.0.0.1"\nport = 9\nsecurity = "none"\n',
                                      encoding="utf-8")
    code, out, err = run("event", "mail", str(where), env={"XDG_CONFIG_HOME": str(tmp_path / "config")})
    assert code == 2 and out == "" and "no address to send from" in err
    assert not (where / "mail").exists()
