"""Batrakill layouts as data (issue 13): the shipped provisional ``duel`` and ``zones`` files, a
user's own layout file read the same way, and clear errors for bad layouts."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbmkit.games.base import SetupError
from pbmkit.games.batrakill.config import make_config
from pbmkit.games.batrakill.layout import layouts_folder, load_layout, parse_layout
from pbmkit.games.batrakill.rules import initial_position
from pbmkit.games.batrakill.setup import diagram


def names(layout_squares: frozenset[int] | tuple[int, ...], board: object) -> set[str]:
    return {board.name(s) for s in layout_squares}  # type: ignore[attr-defined]


def test_the_duel_layout_is_pbmkit_s_provisional_one() -> None:
    duel = load_layout("duel")
    b = duel.board
    assert duel.provisional and duel.version == "duel" and (duel.files, duel.ranks) == (9, 9)
    assert {b.name(s) for s, _ in duel.knights} == {f"{f}1" for f in "abcdefghi"} | {"b2", "d2", "f2", "h2"}
    assert all(facing == "N" for _, facing in duel.knights)
    assert names(duel.x_squares, b) == {"a9", "c9", "e9", "g9", "i9"}
    assert names(duel.camp, b) == {f"{f}{r}" for f in "abcdefghi" for r in (1, 2)}
    assert duel.towers == 5


def test_the_zones_layout_has_four_zones_facing_the_centre() -> None:
    zones = load_layout("zones")
    b = zones.board
    got = {z.letter: (z.faction, z.facing, b.name(z.tower), names(z.knights, b)) for z in zones.zones}
    assert got == {
        "S": ("purple", "N", "e2", {"c2", "d2", "f2", "g2", "e1"}),
        "N": ("blue", "S", "e8", {"c8", "d8", "f8", "g8", "e9"}),
        "W": ("green", "E", "b5", {"b3", "b4", "b6", "b7", "a5"}),
        "E": ("yellow", "W", "h5", {"h3", "h4", "h6", "h7", "i5"}),
    }
    assert zones.provisional


def test_the_start_of_the_duel_as_a_diagram() -> None:
    start = initial_position(make_config({}))
    assert diagram(start).split("\n")[-2:] == [
        "  .   ^   .   ^   .   ^   .   ^   .",
        "  ^   ^   ^   ^   ^   ^   ^   ^   ^",
    ]


USER = """
name = "small"
version = "duel"
files = 5
ranks = 6
towers = 2
x_squares = ["a6", "e6"]
camp = ["a1", "b1", "c1", "d1", "e1"]
[[knights]]
facing = "N"
squares = ["a1", "c1", "e1"]
"""


def test_a_user_s_own_layout_file_works_like_a_shipped_one(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "small.toml").write_text(USER)
    monkeypatch.setenv("PBMKIT_LAYOUTS", str(tmp_path))
    cfg = make_config({"Layout": "small.toml"})
    (tmp_path / "Small.TOML").write_text(USER)  # the suffix in any case
    assert load_layout(" Small.TOML ", str(tmp_path)).name == "small"
    start = initial_position(cfg)
    assert cfg.layout.name == "small" and cfg.layout.board.size == 30
    assert len(start.knights) == 3 and start.supply == 2


@pytest.mark.parametrize(("text", "message"), [
    ("name = 'x'\nversion = 'duel'\nfiles = 9\n", "'ranks' is missing"),
    ("name = 'x'\nversion = 'chess'\nfiles = 9\nranks = 9\n", "version must be 'duel' or 'zones'"),
    ("name = 'x'\nversion = 'duel'\nfiles = 99\nranks = 9\n", "files and ranks must be 3 to 20"),
    ("name = 'x'\nversion = 'duel'\nfiles = '9'\nranks = 9\n", "'files' must be int"),
    (USER.replace('"a6", "e6"', '"a7"'), "a7 is off the board"),
    (USER.replace('"a6", "e6"', '"zz"'), "'zz' is not a square"),
    (USER.replace('facing = "N"', 'facing = "up"'), "facing must be N, E, S or W"),
    (USER.replace('["a1", "c1", "e1"]', '["a1", "a1"]'), "names a square twice"),
    (USER.replace('camp = ["a1", "b1", "c1", "d1", "e1"]', 'camp = ["a6"]'), "no knight starts in the camp"),
    ("name = [", "not valid TOML"),
    ("x" * 70_000, "longer than"),
])
def test_a_bad_layout_is_refused_with_a_clear_message(text: str, message: str) -> None:
    with pytest.raises(SetupError, match=message) as err:
        parse_layout(text, "mine.toml")
    assert err.value.tag == "Layout" and "layout mine.toml" in str(err.value)


def test_a_zones_layout_needs_distinct_squares_and_factions() -> None:
    text = """
name = "z"
version = "zones"
files = 9
ranks = 9
[zones.S]
faction = "blue"
facing = "N"
tower = "e2"
knights = ["c2"]
[zones.N]
faction = "blue"
facing = "S"
tower = "e8"
knights = ["c8"]
"""
    with pytest.raises(SetupError, match="each once"):
        parse_layout(text)
    with pytest.raises(SetupError, match="e2 is both"):
        parse_layout(text.replace('faction = "blue"\nfacing = "S"', 'faction = "green"\nfacing = "S"')
                     .replace('tower = "e8"', 'tower = "e2"'))


def test_unknown_and_unreadable_layouts_are_named(tmp_path: Path) -> None:
    with pytest.raises(SetupError, match="unknown layout 'hexes'"):
        load_layout("hexes")
    with pytest.raises(SetupError, match="unknown layout"):
        load_layout("../../etc/passwd")  # not a name, not a .toml file
    with pytest.raises(SetupError, match="cannot be read from the layouts folder"):
        load_layout("missing.toml", str(tmp_path))
    with pytest.raises(SetupError, match="unknown layout 'nope'") as err:
        make_config({"Layout": "nope"})
    assert err.value.tag == "Layout"


def test_the_layouts_folder_is_the_variable_s_else_the_config_folder_s(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBMKIT_LAYOUTS", str(tmp_path / "mine"))
    assert layouts_folder() == str(tmp_path / "mine")
    monkeypatch.delenv("PBMKIT_LAYOUTS")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    assert layouts_folder() == str(tmp_path / "config" / "pbmkit" / "layouts")


@pytest.mark.parametrize("tag", [
    "/etc/pbmkit.toml", "../small.toml", "sub/small.toml", ".hidden.toml", "C:\\small.toml",
    "~/small.toml",
])
def test_a_layout_tag_names_a_file_of_the_layouts_folder_never_a_path(
        tmp_path: Path, tag: str) -> None:
    """Issue 22: a Layout tag comes by mail; it cannot make pbmkit open any file it names."""
    (tmp_path / "small.toml").write_text(USER)
    with pytest.raises(SetupError, match="by its file name alone") as err:
        load_layout(tag, str(tmp_path / "layouts"))
    assert err.value.tag == "Layout"


def test_a_layout_file_that_is_no_regular_file_or_too_long_is_not_read(tmp_path: Path) -> None:
    """Issue 22: a FIFO is not waited on, a device or a symlink out of the folder not opened, a
    long file read no further than the bound."""
    import os

    os.mkfifo(tmp_path / "fifo.toml")
    (tmp_path / "dir.toml").mkdir()
    os.symlink("/dev/zero", tmp_path / "zero.toml")
    os.symlink("/etc/hostname", tmp_path / "host.toml")
    with open(tmp_path / "huge.toml", "wb") as fh:
        fh.truncate(100_000_000)
    (tmp_path / "latin1.toml").write_bytes(b"name = 'M\xfcller'\n")
    for name, message in [("fifo.toml", "not a regular file"), ("dir.toml", "not a regular file"),
                          ("zero.toml", "leads out of the layouts folder"),
                          ("host.toml", "leads out of the layouts folder"),
                          ("huge.toml", "longer than 64000 bytes"),
                          ("latin1.toml", "not UTF-8")]:
        with pytest.raises(SetupError, match=message):
            load_layout(name, str(tmp_path))


def test_the_shipped_layouts_copy_is_the_toml_files_as_tomllib_reads_them() -> None:
    """``shipped.LAYOUTS`` (read instead of the files, to spare start-up the TOML parser) is each
    shipped file's table, and the module is exactly what ``shipped.source()`` writes."""
    import tomllib

    from pbmkit.games.batrakill import shipped

    templates = Path(shipped.__file__).resolve().parents[2] / "templates"
    files = {p.stem.removeprefix("batrakill-"): tomllib.loads(p.read_text(encoding="utf-8"))
             for p in templates.glob("batrakill-*.toml")}
    assert files == shipped.LAYOUTS
    assert shipped.source() == Path(shipped.__file__).read_text(encoding="utf-8")
    for name in files:
        assert load_layout(name) is load_layout(name.upper())
        assert parse_layout((templates / f"batrakill-{name}.toml").read_text(encoding="utf-8")).name == name
