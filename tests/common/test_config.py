"""The one checker of the settings files (pbmkit/common/config.py): mail.toml's [smtp] and [read],
club.toml (its top level, [inbox], [inbox] imap, [outbox], [smtp]) and config.toml refuse an
unknown key and a wrong value alike, naming the file and the key, each with its layer's error."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbmkit.cli import cli
from pbmkit.common.config import Table, read_toml
from pbmkit.mail.files import MailError
from pbmkit.mail.smtp import load_config
from pbmkit.mail.trust import load_read_settings
from pbmkit.referee.club import ClubError, init_club, load_club
from pbmkit.referee.imap import load_imap_config


class Wrong(ValueError):
    pass


def _table(values: dict[str, object], name: str = "[t]") -> Table:
    return Table.check(values, {"a", "n", "s", "f", "c", "sub"}, where="x.toml", name=name,
                       error=Wrong)


def test_the_checker_names_the_file_the_table_and_the_key() -> None:
    with pytest.raises(Wrong, match=re.escape("x.toml: unknown key 'zz' in [t] (known: a, c, f, n, "
                                              "s, sub)")):
        _table({"a": 1, "zz": 2})
    with pytest.raises(Wrong, match=re.escape("x.toml: unknown key 'zz' (known:")):
        _table({"zz": 2}, name="")
    with pytest.raises(Wrong, match=re.escape("x.toml: [t] must be a table")):
        Table.check(3, {"a"}, where="x.toml", name="[t]", error=Wrong)
    table = _table({"a": " text ", "n": 7, "s": 2, "f": False, "c": "SSL", "sub": {"k": 1}})
    assert (table.text("a"), table.text("missing")) == ("text", None)
    assert (table.integer("n", 1, 1, 10), table.integer("missing", 3, 1, 10)) == (7, 3)
    assert (table.seconds("s", 30, 600), table.flag("f", True), table.flag("missing", True)) \
        == (2.0, False, True)
    assert table.choice("c", ("starttls", "ssl"), "starttls") == "ssl"
    sub = table.table("sub", {"k"})
    assert sub is not None and sub.integer("k", 0, 0, 5) == 1 and table.table("gone", {"k"}) is None
    with pytest.raises(Wrong, match=re.escape("x.toml: unknown key 'k' in [t] sub")):
        table.table("sub", {"other"})


@pytest.mark.parametrize(("values", "call", "message"), [
    ({"a": "two\nlines"}, lambda t: t.text("a"), "[t] a must be a non-empty text on one line"),
    ({"a": "  "}, lambda t: t.text("a"), "[t] a must be a non-empty text on one line"),
    ({"a": 3}, lambda t: t.text("a"), "[t] a must be a non-empty text on one line"),
    ({"a": "x" * 11}, lambda t: t.text("a", limit=10, what="short"), "[t] a must be short"),
    ({"a": "x y"}, lambda t: t.text("a", pattern=re.compile(r"\w+"), what="a word"),
     "[t] a must be a word"),
    ({"n": True}, lambda t: t.integer("n", 1, 1, 10), "[t] n must be a number from 1 to 10"),
    ({"n": 0}, lambda t: t.integer("n", 1, 1, 365, unit="days"),
     "[t] n must be a number of days from 1 to 365"),
    ({"n": 1.5}, lambda t: t.integer("n", 1, 1, 10), "[t] n must be a number from 1 to 10"),
    ({"s": 0}, lambda t: t.seconds("s", 30, 600), "[t] s must be seconds, more than 0 and at most 600"),
    ({"f": "yes"}, lambda t: t.flag("f", True), "[t] f must be true or false"),
    ({"c": "tls"}, lambda t: t.choice("c", ("starttls", "ssl", "none"), "ssl"),
     "[t] c must be starttls, ssl or none, not 'tls'"),
    ({"sub": 1}, lambda t: t.table("sub", {"k"}), "[t] sub must be a table"),
])
def test_each_wrong_value_is_one_line_naming_file_and_key(values: dict[str, object],
                                                          call: Callable[[Table], object],
                                                          message: str) -> None:
    with pytest.raises(Wrong) as caught:
        call(_table(values))
    assert str(caught.value) == f"x.toml: {message}"


def test_read_toml_reads_bounded_regular_files_only(tmp_path: Path) -> None:
    assert read_toml(tmp_path / "none.toml", Wrong) is None
    (tmp_path / "a.toml").write_text("a = 1\n", encoding="utf-8")
    assert read_toml(tmp_path / "a.toml", Wrong) == {"a": 1}
    (tmp_path / "big.toml").write_text("# x\n" * 20_000, encoding="utf-8")
    with pytest.raises(Wrong, match="larger than 64 KiB"):
        read_toml(tmp_path / "big.toml", Wrong)
    (tmp_path / "bad.toml").write_bytes(b"a = \xff\n")
    with pytest.raises(Wrong, match="not TOML"):
        read_toml(tmp_path / "bad.toml", Wrong)
    os.mkfifo(tmp_path / "fifo.toml")  # refused before a byte is read: no wait for a writer
    with pytest.raises(Wrong, match="is not a regular file"):
        read_toml(tmp_path / "fifo.toml", Wrong)


# --- the files -----------------------------------------------------------------------------------


def _mail_toml(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "mail.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(("text", "message"), [
    ('[smtp]\nhost = "h"\nport = "587"\n', "[smtp] port must be a number from 1 to 65535"),
    ('[smtp]\nhost = "h\\nBcc: x"\n', "[smtp] host must be a non-empty text on one line"),
    ('[smtp]\nhost = "h"\nhots = "h"\n', "unknown key 'hots' in [smtp]"),
    ('[smtp]\nhost = "h"\npassword = "x"\n', "a password is not kept in mail.toml"),
    ("[read]\nauthserv = 1\n", "unknown key 'authserv' in [read]"),
    ('[read]\nauthserv_id = "mx google"\n', '[read] authserv_id must be a server name such as'),
])
def test_mail_toml_tables(tmp_path: Path, text: str, message: str) -> None:
    path = _mail_toml(tmp_path, text)
    load = load_read_settings if "[read]" in text else load_config
    with pytest.raises(MailError) as caught:
        load(path)
    assert str(caught.value).startswith(f"{path}: ") and message in str(caught.value)


@pytest.mark.parametrize(("change", "message"), [
    (("move_days = 14", "move_days = 0"), "move_days must be a number of days from 1 to 365"),
    (("pictures = true", 'pictures = "yes"'), "pictures must be true or false"),
    (("pictures = true", "pictures = true\ncolour = 1"), "unknown key 'colour' (known:"),
    (('maildir = "maildir"', 'maildir = "maildir"\nmaildirs = "x"'),
     "unknown key 'maildirs' in [inbox] (known: imap, maildir)"),
    (('maildir = "maildir"', "maildir = 3"), "[inbox] maildir must be a folder's path"),
    (('host = "localhost"', 'host = "localhost"\nhots = "x"'), "unknown key 'hots' in [smtp]"),
    (('port = 25', 'port = 0'), "[smtp] port must be a number from 1 to 65535"),
    (("[smtp]", "[outbox]\nfolder = 'sent'\nfolders = 1\n[smtp]"),
     "unknown key 'folders' in [outbox] (known: folder)"),
    (("pictures = true", 'pictures = true\nauthserv_id = "mx google"'),
     'authserv_id must be a server name such as "mx.google.com"'),
])
def test_club_toml_tables(tmp_path: Path, change: tuple[str, str], message: str) -> None:
    root = tmp_path / "club"
    init_club(root)
    path = root / "club.toml"
    text = path.read_text(encoding="utf-8")
    assert change[0] in text
    path.write_text(text.replace(change[0], change[1], 1), encoding="utf-8")
    with pytest.raises(ClubError) as caught:
        load_club(root)
    assert str(caught.value).startswith(f"{path}: ") and message in str(caught.value)


def test_the_imap_table_speaks_as_the_smtp_table() -> None:
    with pytest.raises(MailError) as imap:
        load_imap_config({"host": "h", "user": "u", "port": 0}, "club.toml")
    assert str(imap.value) == "club.toml: [inbox] imap port must be a number from 1 to 65535"
    with pytest.raises(MailError, match=re.escape("club.toml: unknown key 'x' in [inbox] imap")):
        load_imap_config({"host": "h", "user": "u", "x": 1}, "club.toml")
    with pytest.raises(MailError, match=r"a password is not kept in club\.toml"):
        load_imap_config({"host": "h", "user": "u", "password": "x"}, "club.toml")


def test_config_toml_refuses_an_unknown_key(tmp_path: Path) -> None:
    (tmp_path / "pbmkit").mkdir()
    path = tmp_path / "pbmkit" / "config.toml"
    path.write_text('me = "Ann Lee"\nmy = "Ann"\n', encoding="utf-8")
    got = CliRunner().invoke(cli, ["status", str(tmp_path)], env={"XDG_CONFIG_HOME": str(tmp_path)})
    assert got.exit_code == 2
    assert f"{path}: unknown key 'my' (known: me)" in got.stderr
