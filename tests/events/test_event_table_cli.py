"""Issue 26: `pbmkit event table`, `event letters` and `event mail` on an event folder made by
`pbmkit event new` (docs/events.md, "Crosstable and tie-breaks", "Letters and the event's mail")."""

from __future__ import annotations

import email
import email.policy
import json
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner

from pbmkit.cli import cli
from tests.support.smtp_server import PASSWORD, QUIET, USER, free_port, smtp_server

PLAYERS = """name,email,address
Ann Lee,ann@example.org,"12 High Street
Oxford OX1 4AA"
Bob Roy,bob@example.net,3 Mill Lane
Cy <b>Dee</b>,cy@example.com,
Dee Fox,dee@example.org,"8 Quay Road
Hull"
"""


def run(*args: str, env: dict[str, str | None] | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), env=env, catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A single round robin of four Billo players: three games finished (one by forfeit), three
    running."""
    players = tmp_path / "players.csv"
    players.write_text(PLAYERS, encoding="utf-8")
    where = tmp_path / "club"
    code, _, err = run("event", "new", str(where), "--rules", "billo", "--players", str(players),
                         "--tag", "TimeControl=10/30", "--organiser", "Tess Director",
                         "--organiser-email", "td@club.example", "--organiser-address",
                         "1 Club Road; Chesstown")
    assert code == 0, err
    event = (where / "event.toml").read_text(encoding="utf-8")
    assert event.count("[[games]]") == 6
    for game, words in (("1", ["1-0"]), ("2", ["draw"]), ("3", ["forfeit", "Orange"])):
        code, _out, err = run("event", "result", str(where), game, *words)
        assert code == 0, err
    return where


def test_table_prints_the_crosstable_with_marks_sides_and_running_games(folder: Path) -> None:
    code, out, err = run("event", "table", str(folder))
    assert code == 0, err
    lines = out.splitlines()
    header = next(line for line in lines if line.startswith("No"))
    # points, then the default tie-breaks (ICCF's: wins, SB; the direct encounter is the grid),
    # games, %, games running while games run; Place, as two players share one
    assert header.split() == ["No", "Player", "1", "2", "3", "4", "Pts", "W", "SB", "G", "%", "Run",
                              "Place"]
    rows = lines[lines.index(header) + 1:lines.index(header) + 5]
    assert [row.split()[-1] for row in rows] == ["1", "2", "3-4", "3-4"]
    assert "3 of 6 games finished" in out
    assert "+" in out and "*" in out and "y Yellow, o Orange" in out


def test_table_json_is_the_documented_shape(folder: Path) -> None:
    code, out, err = run("event", "table", str(folder), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["games"] == {"total": 6, "finished": 3, "running": 3}
    assert sum(p["points"] for p in data["players"]) == 3.0
    assert {p["name"] for p in data["players"]} == {"Ann Lee", "Bob Roy", "Cy <b>Dee</b>", "Dee Fox"}
    kinds = {r["result"] for p in data["players"] for r in p["results"]}
    assert kinds == {"played", "unplayed", "running"}  # game 3's forfeit: no move was made


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_table_pdf_on_letter_and_a4(folder: Path, tmp_path: Path, paper: str) -> None:
    out = tmp_path / "table.pdf"
    code, said, err = run("event", "table", str(folder), "-o", str(out), "--paper", paper)
    assert code == 0, err
    assert said == f"Wrote the crosstable of 4 players to {out}\n"
    with pdfplumber.open(out) as doc:
        text = doc.pages[0].extract_text() or ""
        width = float(doc.pages[0].width)
    assert "Cy <b>Dee</b>" in text and "Sonneborn" in text
    assert width == pytest.approx(612 if paper == "letter" else 595.28, abs=0.5)


def test_table_html_links_finished_games_to_their_pbmkit_html_pages(folder: Path, tmp_path: Path) -> None:
    records = sorted(folder.glob("*.txt"))
    for record in records[:4]:  # pages for games 1-4: three finished, one running
        code, _, err = run("html", str(record), "-o", str(record.with_suffix(".html")))
        assert code == 0, err
    site = tmp_path / "site"
    site.mkdir()
    out = site / "table.html"
    code, _, err = run("event", "table", str(folder), "-o", str(out))
    assert code == 0, err
    page = out.read_text(encoding="utf-8")
    assert "Cy &lt;b&gt;Dee&lt;/b&gt;" in page and "<b>Dee" not in page
    for record in records[:3]:
        assert f'href="../club/{record.stem}.html"' in page
    assert records[3].stem + ".html" not in page  # running: not linked yet
    assert records[4].stem not in page


def test_bad_output_and_folders_are_one_line_and_change_nothing(folder: Path, tmp_path: Path) -> None:
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    code, _, err = run("event", "table", str(folder), "-o", str(tmp_path / "t.png"))
    assert code == 2 and "write a .pdf, .html or .json file" in err and "Traceback" not in err
    code, _, err = run("event", "table", str(tmp_path / "nowhere"))
    assert code == 2 and len(err.strip().splitlines()) == 1 and "not an event folder" in err
    code, _out, err = run("event", "letters", str(folder), "-o", str(tmp_path / "x.html"))
    assert code == 2
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    assert not (tmp_path / "t.png").exists()


def test_letters_pdf_one_page_per_player_and_text_without_o(folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "letters.pdf"
    code, said, err = run("event", "letters", str(folder), "-o", str(out))
    assert code == 0, err
    with pdfplumber.open(out) as doc:
        texts = [p.extract_text() or "" for p in doc.pages]
    assert len(texts) == 4
    assert "Dear Ann Lee," in texts[0] and "10/30" in texts[0] and "Chesstown" in texts[0]
    assert "bob@example.net" in texts[0] and "Oxford OX1 4AA" not in texts[0].split("Dear")[1]
    code, said, err = run("event", "letters", str(folder))
    assert code == 0 and said.count("Dear ") == 4 and "\f" in said


def test_mail_dry_run_writes_one_eml_per_player(folder: Path, tmp_path: Path) -> None:
    code, _said, err = run("event", "mail", str(folder), "--dry-run",
                          env={"XDG_CONFIG_HOME": str(tmp_path / "none")})
    assert code == 0, err
    files = sorted((folder / "mail").glob("*.eml"))
    assert [f.name for f in files] == ["01-ann-lee.eml", "02-bob-roy.eml", "03-cy-b-dee-b.eml",
                                       "04-dee-fox.eml"]
    msg = email.message_from_bytes(files[1].read_bytes(), policy=email.policy.default)
    assert msg["To"] == "Bob Roy <bob@example.net>"
    assert msg["From"] == "Tess Director <td@club.example>"
    body = msg.get_body().get_content()  # type: ignore[union-attr]
    assert "Dear Bob Roy," in body and "ann@example.org" in body and "Oxford OX1 4AA" in body


def _config(tmp_path: Path, port: int) -> dict[str, str | None]:
    folder = tmp_path / "config" / "pbmkit"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "mail.toml").write_text(
        f'[smtp]\nhost = "127.0.0.1"\nport = {port}\nsecurity = "none"\nuser = "{USER}"\n'
        'password_env = "PBMKIT_TEST_PASSWORD"\ntimeout = 10\n', encoding="utf-8")
    return {"XDG_CONFIG_HOME": str(tmp_path / "config"), "PBMKIT_TEST_PASSWORD": PASSWORD,
            "PBMKIT_SMTP_PASSWORD": None}


@pytest.mark.filterwarnings(QUIET)
def test_mail_sends_each_player_their_letter_over_smtp(folder: Path, tmp_path: Path) -> None:
    with smtp_server() as (port, handler):
        code, said, err = run("event", "mail", str(folder), env=_config(tmp_path, port))
    assert code == 0, err
    assert [(m, r) for m, r, _ in handler.accepted] == [
        ("td@club.example", [a]) for a in ("ann@example.org", "bob@example.net", "cy@example.com",
                                           "dee@example.org")]
    first = email.message_from_bytes(handler.accepted[0][2], policy=email.policy.default)
    assert first["Subject"].endswith(": your games")
    assert said.splitlines()[-1] == "Sent 4 letter(s)"


@pytest.mark.filterwarnings(QUIET)
def test_mail_stops_at_a_refusal_and_lists_who_was_not_reached(folder: Path, tmp_path: Path) -> None:
    with smtp_server("refuse-rcpt") as (port, handler):
        code, _, err = run("event", "mail", str(folder), "--player", "Bob Roy", "--player", "Dee Fox",
                              env=_config(tmp_path, port))
    assert code == 1
    assert handler.accepted == []
    assert "Bob Roy: not sent:" in err and "not tried: Dee Fox" in err and "Traceback" not in err
    code, _said, err = run("event", "mail", str(folder), env=_config(tmp_path, free_port()))
    assert code == 1 and "Ann Lee: not sent: cannot reach" in err


def test_mail_to_someone_not_in_the_event_is_refused(folder: Path, tmp_path: Path) -> None:
    code, _said, err = run("event", "mail", str(folder), "--dry-run", "--player", "Zed")
    assert code == 2 and "'Zed' is not a player" in err
    assert not (folder / "mail").exists()


def test_a_withdrawn_players_annulled_games_are_shown_as_such(folder: Path) -> None:
    """Ann Lee withdraws with one of her three games finished: all of them annulled (the rule of
    docs/events.md), shown × and counted for nobody; her row says she withdrew."""
    code, _said, err = run("event", "withdraw", str(folder), "Ann Lee")
    assert code == 0, err
    code, out, err = run("event", "table", str(folder), "--json")
    data = json.loads(out)
    ann = next(p for p in data["players"] if p["name"] == "Ann Lee")
    assert ann["withdrawn"] and ann["games"] == 0 and ann["points"] == 0 and ann["running"] == 0
    assert [r["mark"] for r in ann["results"]] == ["×", "×", "×"]
    assert {r["note"] for r in ann["results"]} == {"withdrawal of Ann Lee"}
    dee = next(p for p in data["players"] if p["name"] == "Dee Fox")
    assert dee["games"] == 1  # the game Ann won counts for neither
    code, out, err = run("event", "table", str(folder))
    assert "Ann Lee (withdrawn)" in out and "game 1: withdrawal of Ann Lee" in out


def test_the_table_help_names_the_events_own_tie_breaks_not_a_fixed_order() -> None:
    """The order is the event's setting (issue 38 §1), so the help may not promise pbmkit's old one."""
    code, out, _ = run("event", "table", "--help")
    words = " ".join(out.split())
    assert code == 0
    assert "tie_breaks" in words and "event.toml" in words
    assert "Sonneborn-Berger, wins, direct encounter" not in words
